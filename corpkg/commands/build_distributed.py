"""``corpkg build-distributed``: ``corpkg build`` on a Dask cluster (logic in ``corpkg.distributed``)."""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

import click

__all__ = ["command", "run", "parse_cluster", "from_build_options"]


def parse_cluster(value: str) -> int:
    """``local:N`` → N worker processes."""
    m = re.fullmatch(r"local:(\d+)", value.strip())
    if not m or not 1 <= int(m.group(1)) <= 256:
        raise click.BadParameter(f"expected local:N (N worker processes, 1-256), got {value!r}")
    return int(m.group(1))


def run(paths: list[str], output: str | None, store_dir: str | None, *, scheduler: str | None, local_workers: int | None,
        shard_dir: str | None, max_bytes: int, retries: int = 2, resume: bool = False, progress: bool | None = None,
        verbose: bool = False) -> int:
    """The distributed build; returns the exit status (0 all built, 1 some failed, 3 none built, 4 store error)."""
    import pyoxigraph as ox
    from tqdm import tqdm

    from corpkg.commands.build import collect_inputs
    from corpkg.distributed import build_on_cluster, load_shards, open_client
    from corpkg.errors import GraphError
    from corpkg.graph.store import export, format_for, open_store, serialize_quads

    files, problems = collect_inputs(paths)
    for path, problem in problems:
        click.echo(f"corpkg: error: {path}: {problem}", err=True)
    if not files:
        click.echo("corpkg: error: no filings to build", err=True)
        return 3
    if scheduler and shard_dir is None:
        click.echo("corpkg: error: --shards DIR is needed with --scheduler (a folder every worker can write)", err=True)
        return 2
    temporary = shard_dir is None
    shards = Path(shard_dir) if shard_dir else Path(tempfile.mkdtemp(prefix="corpkg-shards-"))
    show = progress if progress is not None else (len(files) >= 20 and sys.stderr.isatty())
    try:
        try:
            client = open_client(scheduler, local_workers)
        except (OSError, TimeoutError) as exc:
            click.echo(f"corpkg: error: cannot reach the Dask scheduler {scheduler}: {exc}", err=True)
            return 4
        try:
            results = []
            failed = len(problems)
            for r in build_on_cluster(client, files, shards, max_bytes=max_bytes, retries=retries, resume=resume,
                                      progress=show):
                if r.error is not None:
                    failed += 1
                    tqdm.write(f"corpkg: error: {r.path}: {r.error}", file=sys.stderr)
                    continue
                results.append(r)
                if verbose:
                    for w in r.warnings:
                        tqdm.write(f"corpkg: warning: {r.path}: {w}", file=sys.stderr)
        finally:
            client.close()

        triples = sum(r.triples for r in results)
        if store_dir or output:
            try:
                store = open_store(store_dir) if store_dir else open_store(None)
                load_shards(store, results)
                if output:
                    if store_dir:  # only this run's graphs
                        graphs = [ox.NamedNode(r.graph) for r in results if r.graph]
                        quads = [q for g in graphs for q in store.quads_for_pattern(None, None, None, g)]
                        data = serialize_quads(quads, format_for(output))
                        tmp = Path(output).with_name(Path(output).name + ".part")
                        Path(output).parent.mkdir(parents=True, exist_ok=True)
                        tmp.write_bytes(data)
                        tmp.replace(output)
                    else:
                        export(store, output)
                if store_dir:
                    store.flush()
            except (GraphError, OSError, SyntaxError, ValueError) as exc:
                click.echo(f"corpkg: error: {exc}", err=True)
                return 4
    finally:
        if temporary:
            shutil.rmtree(shards, ignore_errors=True)

    msg = f"corpkg: built {len(results)} filing(s), {triples} triples on {scheduler or f'local:{local_workers}'}"
    if failed:
        msg += f"; {failed} failed"
    if output and results:
        msg += f"; wrote {output}"
    if store_dir:
        msg += f"; store {store_dir}"
    if not temporary:
        msg += f"; shards {shards}"
    click.echo(msg, err=True)
    if not results:
        return 3
    return 1 if failed else 0


def from_build_options(paths: list[str], output: str | None, store_dir: str | None, *, scheduler: str | None,
                       cluster: str | None, shard_dir: str | None, max_bytes: int, progress: bool | None,
                       verbose: bool, accept_truncated: bool = False) -> int:
    """``corpkg build … --scheduler ADDR | --cluster local:N``: check those options, then ``run``."""
    if scheduler and cluster:
        raise click.UsageError("give at most one of --scheduler tcp://HOST:8786 and --cluster local:N")
    if accept_truncated:
        raise click.UsageError("--accept-truncated is not available with --scheduler/--cluster")
    try:
        local_workers = parse_cluster(cluster) if cluster else None
    except click.BadParameter as exc:
        raise click.UsageError(str(exc.message)) from None
    return run(paths, output, store_dir, scheduler=scheduler, local_workers=local_workers, shard_dir=shard_dir,
               max_bytes=max_bytes, progress=progress, verbose=verbose)


@click.command("build-distributed")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--scheduler", help="Address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786.")
@click.option("--cluster", "cluster", help="Start a LocalCluster of N worker processes: local:N.")
@click.option("--shards", "shard_dir", type=click.Path(file_okay=False),
              help="Folder for the per-filing N-Quads shards, reachable by every worker (required with --scheduler; "
                   "default: a temporary folder, removed afterwards).")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False),
              help="Write the graph here (.trig, .nq, .ttl, .nt, .jsonld).")
@click.option("--store", "store_dir", type=click.Path(file_okay=False),
              help="Bulk-load the shards into this Oxigraph store (a rebuilt filing's graph is replaced).")
@click.option("--retries", type=click.IntRange(0, 10), default=2, show_default=True,
              help="Resubmit a task lost on the cluster (worker died, task error) this many times.")
@click.option("--resume", is_flag=True, help="Skip filings whose shard is already in --shards (after an interrupted run).")
@click.option("--max-size", "max_size", default="50MB", show_default=True,
              help="Refuse filings larger than this (bytes, or with K/M/G suffix; 0 = no limit).")
@click.option("--progress/--no-progress", default=None, help="Show a progress bar (default: 20+ files on a terminal).")
@click.option("-v", "--verbose", is_flag=True, help="Also list the statements dropped while mapping to RDF.")
def command(paths: tuple[str, ...], scheduler: str | None, cluster: str | None, shard_dir: str | None,
            output: str | None, store_dir: str | None, retries: int, resume: bool, max_size: str,
            progress: bool | None, verbose: bool) -> None:
    """Build filings on a Dask cluster: workers write per-filing N-Quads shards, then they are bulk-loaded.

    Give exactly one of --scheduler (an existing cluster; filings and --shards must be at the same paths
    on every worker) or --cluster local:N. The quads are the same as `corpkg build -j 1`. Failed files
    are reported as "corpkg: error: FILE: problem"; exit status as for `corpkg build`.

    \b
    Example:
      corpkg build-distributed filings/ --cluster local:2 --store kg
      corpkg build-distributed /shared/filings --scheduler tcp://10.0.0.5:8786 --shards /shared/shards --store kg
    """
    from corpkg.commands.text import parse_size
    from corpkg.graph.store import format_for

    if bool(scheduler) == bool(cluster):
        raise click.UsageError("give exactly one of --scheduler tcp://HOST:8786 or --cluster local:N")
    try:
        local_workers = parse_cluster(cluster) if cluster else None
        max_bytes = parse_size(max_size)
    except click.BadParameter as exc:
        raise click.UsageError(str(exc.message)) from None
    if not output and not store_dir and not shard_dir:
        raise click.UsageError("say where the graph goes: -o FILE, --store DIR and/or --shards DIR")
    if output:
        from corpkg.errors import GraphError

        try:
            format_for(output)
        except GraphError as exc:
            raise click.UsageError(exc.message) from None
    sys.exit(run(list(paths), output, store_dir, scheduler=scheduler, local_workers=local_workers,
                 shard_dir=shard_dir, max_bytes=max_bytes, retries=retries, resume=resume, progress=progress,
                 verbose=verbose))

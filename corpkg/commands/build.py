"""``corpkg build PATH... -o OUT``: read filings, extract, write the graph and/or fill a store."""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import click

from corpkg.children import die_with_parent
from corpkg.commands.text import Size
from corpkg.errors import CorpkgError, GraphError, error_line, warning_line

if TYPE_CHECKING:
    from corpkg.graph.rdf import FilingGraph

__all__ = ["command", "collect_inputs", "build_paths", "build_one", "BuildResult", "FILING_SUFFIXES"]

# files a folder contributes (files named explicitly are always read)
FILING_SUFFIXES = {".txt", ".htm", ".html", ".xml", ".sgml", ".nc"}
DEFAULT_MAX_BYTES = 50_000_000


def collect_inputs(paths: list[str]) -> tuple[list[Path], list[tuple[str, str]]]:
    """Files to build (folders recursed, sorted, hidden files skipped) and (path, problem) pairs."""
    files: list[Path] = []
    problems: list[tuple[str, str]] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(
                f for f in p.rglob("*")
                if f.is_file() and f.suffix.lower() in FILING_SUFFIXES
                and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
            if not found:
                problems.append((raw, f"folder holds no filings ({', '.join(sorted(FILING_SUFFIXES))})"))
            files.extend(found)
        elif p.is_file():
            files.append(p)
        elif p.exists():
            problems.append((raw, "not a regular file or folder"))
        else:
            problems.append((raw, "no such file or folder"))
    seen: set[Path] = set()
    unique = []
    for f in files:
        r = f.resolve()
        if r not in seen:
            seen.add(r)
            unique.append(f)
    return unique, problems


@dataclass
class BuildResult:
    path: str
    graph: FilingGraph | None = None
    error: str | None = None
    notes: list[str] = field(default_factory=list)  # reader notes shown without -v (encoding repairs, truncation)
    partial: bool = False  # read with --accept-truncated from a submission that was cut short


def build_one(path: str, max_bytes: int = DEFAULT_MAX_BYTES, model: str | None = None,
              accept_truncated: bool = False) -> BuildResult:
    """Read, extract and map one filing; errors become a message, never an exception."""
    from corpkg.extract.pipeline import extract_filing
    from corpkg.extract.reader import is_partial, notes, read_filing
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.store import mark_partial

    try:
        doc = read_filing(path, max_bytes=max_bytes, accept_truncated=accept_truncated)
        extraction = extract_filing(doc, model=model)
        fg = build_filing_graph(extraction)
        partial = is_partial(doc)
        if partial:
            mark_partial(fg)
        return BuildResult(path, fg, notes=notes(doc), partial=partial)
    except CorpkgError as exc:
        return BuildResult(path, error=exc.message)
    except MemoryError:
        return BuildResult(path, error="out of memory while building this filing")
    except Exception as exc:  # a bug in one extractor must not stop the whole build
        return BuildResult(path, error=f"internal error ({type(exc).__name__}: {exc}); please report it")


def _build_star(args: tuple[str, int, str | None, bool]) -> BuildResult:
    return build_one(*args)


def build_paths(files: list[Path], *, max_bytes: int = DEFAULT_MAX_BYTES, jobs: int = 1,
                model: str | None = None, progress: bool = False, accept_truncated: bool = False
                ) -> Iterator[BuildResult]:
    """Yield a BuildResult per file (in order), using ``jobs`` processes (which die with this one)."""
    from tqdm import tqdm

    args = [(str(f), max_bytes, model, accept_truncated) for f in files]
    bar = tqdm(total=len(args), unit="filing", disable=not progress, file=sys.stderr, leave=False)
    try:
        if jobs > 1 and len(args) > 1:
            # fresh interpreters, not forks: a fork of a process whose other threads hold locks (DuckDB's,
            # after a resolution in the same process) can deadlock or crash in the child
            ctx = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=die_with_parent,
                                     initargs=(os.getpid(),)) as pool:
                for r in pool.map(_build_star, args, chunksize=1):
                    bar.update()
                    yield r
        else:
            for a in args:
                r = _build_star(a)
                bar.update()
                yield r
    finally:
        bar.close()


@click.command("build")
@click.argument("paths", nargs=-1, required=True, type=click.Path(readable=False))
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False),
              help="Write the graph here; the extension picks the format: .trig, .nq, .ttl, .nt or .jsonld "
                   "(.ttl/.nt hold the union of all filing graphs).")
@click.option("--store", "store_dir", type=click.Path(file_okay=False),
              help="Add the filings to this Oxigraph store directory (created if missing); a filing built "
                   "again replaces its own named graph and nothing else.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Build this many filings in parallel (processes; they end when the build ends or is killed).")
@click.option("--max-size", "max_bytes", type=Size(), default="50MB", show_default=True,
              help="Refuse filings larger than this (bytes, or with K/M/G suffix; 0 = no limit).")
@click.option("--accept-truncated", is_flag=True,
              help="Build submissions that were cut short (a <DOCUMENT> or <TEXT> never closed) from what was "
                   "read, into a graph marked ckg:partial that never replaces a complete graph of the filing "
                   "(default: refuse them, exit status 3).")
@click.option("--scheduler", help="Build on the Dask cluster at this address (tcp://HOST:8786; needs --shards). "
                                  "See docs/scale.md.")
@click.option("--cluster", help="Build on a new LocalCluster of N Dask worker processes: local:N.")
@click.option("--shards", "shard_dir", type=click.Path(file_okay=False),
              help="With --scheduler/--cluster: folder for the per-filing N-Quads shards (every worker writes there).")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar (default: when building 20 or more files on a terminal).")
@click.option("-v", "--verbose", is_flag=True, help="Also list the statements dropped while mapping to RDF, and why.")
def command(paths: tuple[str, ...], output: str | None, store_dir: str | None, jobs: int, max_bytes: int,
            accept_truncated: bool, scheduler: str | None, cluster: str | None, shard_dir: str | None,
            progress: bool | None, verbose: bool) -> None:
    """Read filings (files or folders, recursed) and build their knowledge graph.

    Each filing becomes one named graph (described with PROV-O). Give -o to write a graph file,
    --store to fill a persistent store, or both. A file that cannot be built (missing, unreadable,
    empty, binary, too large, truncated) is reported on stderr as "corpkg: error: FILE: problem"
    and skipped; the others are still built, and the store keeps what it held for that file.
    Exit status: 0 when every file was built, 1 when some failed, 2 on a usage error, 3 when none
    could be built, 4 when the store or the output cannot be written.

    \b
    Example:
      corpkg build examples/ -o auxer.trig
      corpkg build filings/ --store kg-store -j 2
      corpkg build filings/ --store kg-store --cluster local:2
    """
    from corpkg.graph.store import format_for

    if not output and not store_dir:
        raise click.UsageError("say where the graph goes: -o FILE (.trig, .nq, .ttl, .nt, .jsonld) and/or --store DIR")
    if output:
        try:
            format_for(output)
        except GraphError as exc:
            raise click.UsageError(exc.message) from None
    if scheduler or cluster:  # Dask: corpkg.commands.build_distributed
        from corpkg.commands.build_distributed import from_build_options

        sys.exit(from_build_options(list(paths), output, store_dir, scheduler=scheduler, cluster=cluster,
                                    shard_dir=shard_dir, max_bytes=max_bytes, progress=progress, verbose=verbose,
                                    accept_truncated=accept_truncated))

    sys.exit(_run(list(paths), output, store_dir, jobs, max_bytes, progress, verbose, accept_truncated))


def _run(paths: list[str], output: str | None, store_dir: str | None, jobs: int, max_bytes: int,
         progress: bool | None, verbose: bool, accept_truncated: bool = False) -> int:
    """The build; returns the exit status (the store is closed when this returns)."""
    from tqdm import tqdm

    from corpkg.graph.store import export, format_for, open_store, replace_filing, serialize_quads

    def say(line: str) -> None:
        tqdm.write(line, file=sys.stderr)

    logging.getLogger("corpkg.graph.rdf").setLevel(logging.WARNING if verbose else logging.ERROR)
    files, problems = collect_inputs(paths)
    for path, problem in problems:
        click.echo(error_line(problem, path), err=True)
    if not files:
        click.echo(error_line("no filings to build"), err=True)
        return 3

    try:
        store = open_store(store_dir) if store_dir else open_store(None)
    except GraphError as exc:
        click.echo(error_line(exc), err=True)
        return exc.exit_code

    show = progress if progress is not None else (len(files) >= 20 and sys.stderr.isatty())
    built: list[str] = []
    failed = len(problems)
    partial = 0
    triples = 0
    dropped = 0

    for result in build_paths(files, max_bytes=max_bytes, jobs=jobs, progress=show, accept_truncated=accept_truncated):
        for note in result.notes:
            say(warning_line(note, result.path))
        fg = result.graph
        if result.error is not None or fg is None:
            failed += 1
            say(error_line(result.error, result.path))
            continue
        try:
            triples += replace_filing(store, fg)
        except GraphError as exc:
            failed += 1
            say(error_line(exc.message, result.path))
            continue
        built.append(str(fg.graph))
        partial += result.partial
        dropped += len(fg.warnings)
        if verbose:
            for w in fg.warnings:
                say(warning_line(w, result.path))

    if built and output:
        try:
            if store_dir:  # only this run's graphs
                import pyoxigraph as ox

                quads = [q for g in built for q in store.quads_for_pattern(None, None, None, ox.NamedNode(g))]
                data = serialize_quads(quads, format_for(output))
                Path(output).parent.mkdir(parents=True, exist_ok=True)
                tmp = Path(output).with_name(Path(output).name + ".part")
                tmp.write_bytes(data)
                os.replace(tmp, output)
            else:
                export(store, output)
        except (GraphError, OSError) as exc:
            click.echo(error_line(exc), err=True)
            return 4
    if store_dir:
        store.flush()

    msg = f"corpkg: built {len(built)} filing(s), {triples} triples"
    if partial:
        msg += f" ({partial} partial, from truncated files)"
    if failed:
        msg += f"; {failed} failed"
    if dropped:
        msg += f"; {dropped} statement(s) dropped while mapping{'' if verbose else ' (-v lists them)'}"
    if output and built:
        msg += f"; wrote {output}"
    if store_dir:
        msg += f"; store {store_dir}"
    click.echo(msg, err=True)
    if not built:
        return 3
    return 1 if failed else 0

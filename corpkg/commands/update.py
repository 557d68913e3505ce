"""``corpkg update``: fetch what EDGAR filed since the store's last filing and build only what it lacks."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import click

from corpkg.commands.fetch import check_options, edgar_options, make_query

if TYPE_CHECKING:
    from corpkg.fetch import FilingQuery

__all__ = ["command"]


@click.command("update")
@edgar_options
@click.option("--store", "store_dir", type=click.Path(file_okay=False), required=True,
              help="The Oxigraph store to bring up to date (created if missing).")
@click.option("--downloads", type=click.IntRange(1, 16), default=4, show_default=True,
              help="Parallel downloads (all within --rate).")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Build this many filings in parallel (processes).")
@click.option("--cluster", help="Build on a LocalCluster of N Dask workers instead: local:N.")
@click.option("--scheduler", help="Build on the Dask cluster at this address instead (needs --shards).")
@click.option("--shards", "shard_dir", type=click.Path(file_okay=False), help="Shard folder for --cluster/--scheduler.")
@click.option("--progress/--no-progress", default=None, help="Show progress bars (default: on a terminal).")
def command(ciks: tuple[int, ...], tickers: tuple[str, ...], forms: tuple[str, ...], since: date | None,
            until: date | None, cache_dir: str, user_agent: str | None, base_url: str, data_url: str | None,
            index_kind: str, rate: int, retries: int, store_dir: str, downloads: int, jobs: int,
            cluster: str | None, scheduler: str | None, shard_dir: str | None, progress: bool | None) -> None:
    """Bring a store up to date with EDGAR: fetch new filings, build only those the store lacks.

    Without a company (--cik/--ticker) and without --since, EDGAR's indexes are read from the date of
    the latest filing in the store; filings whose named graph the store already holds are neither
    downloaded nor built. Run it daily (cron) for the daily increment. Exit status: 0 up to date,
    1 some filings failed (fetch or build), 2 usage error, 3 the listing could not be read, 4 store error.

    \b
    Example:
      corpkg update --store kg --form '8-K*' --form '10-K*' -o filings --since 2024-01-01
      corpkg update --store kg --form '8-K*' --form '10-K*' -o filings     # the next day
    """
    from corpkg.commands.build_distributed import parse_cluster

    check_options(user_agent, since, until)
    if cluster and scheduler:
        raise click.UsageError("give at most one of --cluster local:N and --scheduler ADDRESS")
    try:
        local_workers = parse_cluster(cluster) if cluster else None
    except click.BadParameter as exc:
        raise click.UsageError(str(exc.message)) from None
    query = make_query(ciks, tickers, forms, since, until, index_kind)
    sys.exit(_run(query, Path(cache_dir), user_agent, base_url, data_url, rate, retries, store_dir, downloads, jobs,
                  local_workers, scheduler, shard_dir, progress))


def _run(query: FilingQuery, cache: Path, user_agent: str | None, base_url: str, data_url: str | None, rate: int,
         retries: int, store_dir: str, downloads: int, jobs: int, local_workers: int | None, scheduler: str | None,
         shard_dir: str | None, progress: bool | None) -> int:
    """The update; returns the exit status (the store is closed when this returns)."""
    from corpkg.commands.build import build_paths
    from corpkg.commands.build_distributed import run
    from corpkg.errors import GraphError
    from corpkg.fetch import EdgarClient, FetchError
    from corpkg.graph.store import open_store, replace_filing
    from corpkg.update import plan_update

    show = progress if progress is not None else sys.stderr.isatty()
    try:
        store = open_store(store_dir)
    except GraphError as exc:
        click.echo(f"corpkg: error: {exc}", err=True)
        return exc.exit_code
    try:
        with EdgarClient(user_agent, base_url=base_url, data_url=data_url, rate=rate, retries=retries,
                         http_cache=cache / ".http" / "edgar-http.sqlite") as client:
            plan = plan_update(client, store, query, cache, workers=downloads, progress=show)
    except FetchError as exc:
        click.echo(f"corpkg: error: {exc}", err=True)
        return exc.exit_code
    for note in plan.notes:
        click.echo(f"corpkg: warning: {note}", err=True)
    for r in plan.fetch.results:
        if r.status == "failed":
            click.echo(f"corpkg: error: {r.filing.accession}: {r.error}", err=True)
    failed = plan.fetch.failed
    built = 0
    if plan.to_build and (local_workers or scheduler):
        store.flush()
        del store  # the distributed build opens the store itself
        status = run([str(p) for p in plan.to_build], None, store_dir, scheduler=scheduler, local_workers=local_workers,
                     shard_dir=shard_dir, max_bytes=50_000_000, progress=show)
        if status not in (0, 1):
            return status
        failed += status  # 1 when some failed; the command printed them
        built = len(plan.to_build)
    elif plan.to_build:
        for result in build_paths(plan.to_build, jobs=jobs, progress=show):
            if result.error is not None or result.graph is None:
                failed += 1
                click.echo(f"corpkg: error: {result.path}: {result.error}", err=True)
                continue
            try:
                replace_filing(store, result.graph)
                built += 1
            except GraphError as exc:
                failed += 1
                click.echo(f"corpkg: error: {result.path}: {exc.message}", err=True)
        store.flush()
    since_text = f" since {plan.query.since}" if plan.query.since else ""
    click.echo(f"corpkg: {plan.found} filing(s) listed{since_text}; {plan.already} already in the store; "
               f"fetched {plan.fetch.fetched}, built {built}" + (f"; {failed} failed" if failed else "")
               + f"; store {store_dir}", err=True)
    return 1 if failed else 0

"""``corpkg fetch``: download filings from SEC EDGAR into a local cache (logic in ``corpkg.fetch``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from corpkg.fetch import FilingQuery

__all__ = ["command", "edgar_options", "make_query", "check_options"]


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"expected a date YYYY-MM-DD, got {value!r}") from None


def _cik(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[int, ...]:
    out = []
    for v in value:
        digits = v.strip().upper().removeprefix("CIK")
        if not digits.isdigit():
            raise click.BadParameter(f"a CIK is a number such as 320193 or 0000320193, got {v!r}")
        out.append(int(digits))
    return tuple(out)


def edgar_options(f: Callable[..., None]) -> Callable[..., None]:
    """The options `corpkg fetch` and `corpkg update` share: which filings, the cache, how EDGAR is asked."""
    for option in reversed(_EDGAR_OPTIONS):
        f = option(f)
    return f


_EDGAR_OPTIONS = [
    click.option("--cik", "ciks", multiple=True, callback=_cik, help="A company's CIK (repeatable)."),
    click.option("--ticker", "tickers", multiple=True, help="A company's ticker, looked up in EDGAR's company_tickers.json (repeatable)."),
    click.option("--form", "forms", multiple=True,
                  help="A form type (repeatable); shell patterns allowed: '8-K*' also takes 8-K/A. Default: every form."),
    click.option("--since", callback=_date, help="First filing date, YYYY-MM-DD (inclusive)."),
    click.option("--until", callback=_date, help="Last filing date, YYYY-MM-DD (inclusive; default: today)."),
    click.option("-o", "--cache", "cache_dir", type=click.Path(file_okay=False), default="filings", show_default=True,
                  envvar="CORPKG_CACHE", help="Cache folder: filings land in CACHE/CIK/ACCESSION.txt ($CORPKG_CACHE)."),
    click.option("--user-agent", envvar="CORPKG_USER_AGENT",
                  help="Who is asking, with a contact e-mail, as SEC fair access requires ($CORPKG_USER_AGENT); required."),
    click.option("--base-url", default="https://www.sec.gov", show_default=True,
                  help="EDGAR or a mirror of it (Archives/, files/; also submissions/ unless --data-url is given)."),
    click.option("--data-url", default=None, help="Where submissions/ JSON lives (default: data.sec.gov for EDGAR, else --base-url)."),
    click.option("--index", "index_kind", type=click.Choice(["master", "form"]), default="master", show_default=True,
                  help="Which EDGAR index files to read when no company is given."),
    click.option("--rate", type=click.IntRange(1, 10), default=10, show_default=True,
                  help="At most this many requests per second (SEC fair access allows 10)."),
    click.option("--retries", type=click.IntRange(0, 20), default=6, show_default=True,
                  help="Retries of a request answered 429/5xx or cut off (backoff; Retry-After honoured)."),
]


def check_options(user_agent: str | None, since: date | None, until: date | None) -> None:
    """Usage errors common to fetch and update: no User-Agent, an empty range."""
    from corpkg.fetch import FetchError, check_user_agent

    try:
        check_user_agent(user_agent)
    except FetchError as exc:
        raise click.UsageError(exc.message) from None
    if since and until and since > until:
        raise click.UsageError(f"--since {since} is after --until {until}")


def make_query(ciks: tuple[int, ...], tickers: tuple[str, ...], forms: tuple[str, ...], since: date | None,
               until: date | None, index_kind: str) -> FilingQuery:
    from corpkg.fetch import FilingQuery

    return FilingQuery(ciks=ciks, tickers=tuple(tickers), forms=tuple(forms), since=since, until=until,
                       index="form" if index_kind == "form" else "master")


@click.command("fetch")
@edgar_options
@click.option("-j", "--workers", type=click.IntRange(1, 16), default=4, show_default=True,
              help="Parallel downloads (all within --rate).")
@click.option("--list", "list_only", is_flag=True, help="Only list the filings found (tab-separated), download nothing.")
@click.option("--progress/--no-progress", default=None, help="Show a progress bar (default: on a terminal).")
def command(ciks: tuple[int, ...], tickers: tuple[str, ...], forms: tuple[str, ...], since: date | None,
            until: date | None, cache_dir: str, user_agent: str | None, base_url: str, data_url: str | None,
            index_kind: str, rate: int, retries: int, workers: int, list_only: bool, progress: bool | None) -> None:
    """Download filings from SEC EDGAR as full submission .txt files into a local cache.

    Filings are chosen by company (--cik, --ticker: from EDGAR's submissions JSON) or, without a
    company, by date range from EDGAR's daily and quarterly indexes; --form and --since/--until narrow
    either. Files already in the cache are skipped and an interrupted download resumes, so running the
    same command again fetches only what is missing. Requests stay within SEC fair access: a declared
    User-Agent, at most --rate per second, backoff on 429/5xx. Exit status: 0 all fetched or present,
    1 some failed, 2 usage error (e.g. no User-Agent), 3 the listing could not be read.

    \b
    Example:
      export CORPKG_USER_AGENT="Jane Doe jane@example.com"
      corpkg fetch --ticker AAPL --form 8-K --since 2024-01-01 -o filings
      corpkg fetch --form '10-K*' --since 2024-03-01 --until 2024-03-08 -o filings
      corpkg build filings/ --store kg -j 2
    """
    from corpkg.fetch import EdgarClient, FetchError, fetch_filings, list_filings

    check_options(user_agent, since, until)
    if not ciks and not tickers and since is None:
        raise click.UsageError("say which filings: --cik/--ticker, or a date range (--since) to read EDGAR's indexes")
    query = make_query(ciks, tickers, forms, since, until, index_kind)
    cache = Path(cache_dir)
    show = progress if progress is not None else sys.stderr.isatty()
    try:
        with EdgarClient(user_agent, base_url=base_url, data_url=data_url, rate=rate, retries=retries,
                         http_cache=cache / ".http" / "edgar-http.sqlite") as client:
            listing = list_filings(client, query)
            for note in listing.notes:
                click.echo(f"corpkg: warning: {note}", err=True)
            if list_only:
                click.echo("cik\taccession\tform\tfiled\tcompany\turl")
                for f in listing.filings:
                    click.echo(f"{f.cik}\t{f.accession}\t{f.form}\t{f.filed}\t{f.company}\t{client.url(f.url_path)}")
                sys.exit(0)
            summary = fetch_filings(client, listing.filings, cache, workers=workers, progress=show)
            requests = client.requests
    except FetchError as exc:
        click.echo(f"corpkg: error: {exc}", err=True)
        sys.exit(exc.exit_code)

    for r in summary.results:
        if r.status == "failed":
            click.echo(f"corpkg: error: {r.filing.accession}: {r.error}", err=True)
    msg = (f"corpkg: {len(listing.filings)} filing(s) found; fetched {summary.fetched} ({summary.bytes / 1e6:.1f} MB) "
           f"in {summary.seconds:.1f} s with {requests} request(s); {summary.present} already present")
    if summary.failed:
        msg += f"; {summary.failed} failed"
    click.echo(msg + f"; cache {cache}", err=True)
    sys.exit(1 if summary.failed else 0)

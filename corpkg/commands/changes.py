"""``corpkg changes STORE --since DATE``: what changed for an organization and its subsidiaries."""

from __future__ import annotations

import re
import sys

import click

from corpkg.errors import CorpkgError, error_line

__all__ = ["command", "VARIABLES"]

VARIABLES = ["date", "kind", "sourceLabel", "title", "targetLabel", "how", "evidence", "filing", "source", "target"]


@click.command("changes")
@click.argument("source", type=click.Path(exists=True))
@click.option("--since", required=True, metavar="DATE", help="List changes dated on or after DATE (YYYY-MM-DD, YYYY-MM or YYYY).")
@click.option("--until", metavar="DATE", help="... and on or before DATE.")
@click.option("--org", metavar="IRI", help="Only this organization and its subsidiaries (after identity resolution).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
def command(source: str, since: str, until: str | None, org: str | None, fmt: str) -> None:
    """List what changed since DATE: officers and directors in and out, new and lost subsidiaries,
    new lenders and ended facilities, new and closed cases, acquisitions and changes of control —
    each with its date, how it is known (a stated date, or the filing that first reports it) and the
    quote that says so. Entities follow the identities `corpkg resolve` decided. Exit status 0; 2 for
    a bad date; 4 when SOURCE cannot be read.

    \b
    Example:
      corpkg changes auxer.trig --since 2003-01-01
      corpkg changes kg --since 2002 --org https://w3id.org/corpkg/id/ein/223537927 --format csv
    """
    from corpkg.commands.query import format_rows
    from corpkg.graph.changes import change_rows
    from corpkg.graph.store import open_store

    for value in (since, until):
        if value and not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", value):
            raise click.UsageError(f"dates are YYYY-MM-DD, YYYY-MM or YYYY, not {value!r}")
    try:
        store = open_store(source, read_only=True)
        rows = change_rows(store, since, until=until, org=org)
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        sys.exit(exc.exit_code)
    click.echo(format_rows(VARIABLES, rows, fmt), nl=False)

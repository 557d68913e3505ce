"""``corpkg export STORE --format ftm``: the graph in other ecosystems' formats."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from corpkg.errors import CorpkgError, error_line

__all__ = ["command"]


@click.command("export")
@click.argument("source", type=click.Path(exists=True))
@click.option("--format", "fmt", type=click.Choice(["ftm"]), default="ftm", show_default=True,
              help="ftm: FollowTheMoney entities as JSON lines (Aleph, OpenSanctions, nomenklatura).")
@click.option("-o", "--output", "out", default="-", show_default=True, help="Output file ('-' for stdout).")
def command(source: str, fmt: str, out: str) -> None:
    """Export SOURCE (a graph file or a store directory) as FollowTheMoney entities: Company and
    Person (resolved identities merged under their canonical id, with names, aliases, CIK, EIN, file
    number, addresses), Directorship, Ownership (subsidiaries; acquisitions), Debt (credit
    agreements), CourtCase and CourtCaseParty, each with start and end dates from the timeline, the
    filings as Document entities in ``proof`` and the quotes in ``description``. Every entity is
    validated with the followthemoney library before it is written. Exit status 0; 4 when SOURCE
    cannot be read or an entity does not validate.

    \b
    Example:
      corpkg export auxer.trig --format ftm -o auxer.ftm.json
      corpkg export kg --format ftm | ftm validate   # followthemoney's own CLI
    """
    from corpkg.graph.ftm import InvalidData, write_ftm
    from corpkg.graph.store import open_store

    try:
        store = open_store(source, read_only=True)
        if out == "-":
            n = write_ftm(store, sys.stdout)
        else:
            tmp = Path(out + ".part")
            with tmp.open("w", encoding="utf-8") as fh:
                n = write_ftm(store, fh)
            tmp.replace(out)
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        sys.exit(exc.exit_code)
    except InvalidData as exc:
        click.echo(error_line(f"an entity does not validate as FtM: {exc} {getattr(exc, 'errors', '')}", source), err=True)
        sys.exit(4)
    click.echo(f"corpkg: wrote {n} FtM entities ({fmt})", err=True)

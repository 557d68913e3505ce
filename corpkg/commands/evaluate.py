"""``corpkg eval GOLD_DIR``: score extraction against gold answers."""

from __future__ import annotations

import sys
from pathlib import Path

import click

__all__ = ["command"]


@click.command("eval")
@click.argument("gold_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--filings", "filings_dir", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="Directory holding the filings the gold files name (default: the gold directory's sibling "
                   "seeds/ and corpus/ directories, $CORPKG_SHARED, examples/).")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True,
              help="table: scores per filing with false positives/negatives, then totals; json: the same as data.")
@click.option("--errors/--no-errors", default=True, show_default=True,
              help="List false positives and false negatives under each filing (table format).")
@click.option("--only", multiple=True, metavar="NAME",
              help="Score only this gold file (stem or the filing's name); repeatable.")
@click.option("--model", default=None, metavar="NAME",
              help="Also use an installed spaCy pipeline's NER (package name or path); none by default.")
@click.option("--min-f1", type=float, default=None, metavar="F",
              help="Exit with status 1 when the total entity F1 is below F (for CI).")
def command(gold_dir: Path, filings_dir: Path | None, fmt: str, errors: bool, only: tuple[str, ...],
            model: str | None, min_f1: float | None) -> None:
    """Run extraction on the filings named in GOLD_DIR/*.json and score it.

    Precision, recall and F1 per entity type (Organization, Person) and per role (issuer,
    subsidiaries, officers, lenders, litigants, acquirers). Names match after normalisation
    (case, punctuation, a leading "The", honorifics and legal suffixes ignored); any alias stands
    for its entity; optional entities and facts are neither required nor counted wrong.

    \b
    Example:
      corpkg eval ../shared/gold
      corpkg eval tests/gold --filings ../shared/corpus --format json > scores.json
    """
    from corpkg.errors import CorpkgError
    from corpkg.extract.evaluate import evaluate

    if not any(gold_dir.glob("*.json")):
        click.echo(f"corpkg: error: {gold_dir}: no gold files (*.json) here", err=True)
        sys.exit(2)
    try:
        report = evaluate(gold_dir, filings_dir, model=model, only=only)
    except CorpkgError as exc:
        click.echo(f"corpkg: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    if fmt == "json":
        click.echo(report.to_json())
    else:
        click.echo(report.to_table(errors=errors))
    failed = [f for f in report.filings if f.failure]
    for f in failed:
        click.echo(f"corpkg: warning: {f.filing}: {f.failure}", err=True)
    total = report.totals.get("entity:all")
    if min_f1 is not None and (total is None or total.f1 < min_f1):
        click.echo(f"corpkg: entity F1 {total.f1 if total else 0:.3f} is below {min_f1}", err=True)
        sys.exit(1)

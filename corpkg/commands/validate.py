"""``corpkg validate GRAPH_FILE``: check a written graph against ontology/shapes.ttl (SHACL)."""

from __future__ import annotations

import sys

import click

from corpkg.errors import CorpkgError

__all__ = ["command"]


@click.command("validate")
@click.argument("graph_file", type=click.Path(exists=True, dir_okay=False))
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; only the exit status tells.")
def command(graph_file: str, quiet: bool) -> None:
    """Check GRAPH_FILE (.trig, .nq, .ttl, .jsonld) against corpkg's SHACL shapes.

    Each filing's named graph is checked on its own. Exit status 0 exactly when the graph
    conforms; 1 when it has violations (the report says which node, which shape, and why);
    4 when the file cannot be read as RDF.

    \b
    Example:
      corpkg build examples/ -o auxer.trig && corpkg validate auxer.trig
    """
    from corpkg.graph.validate import validate_file

    try:
        report = validate_file(graph_file)
    except CorpkgError as exc:
        click.echo(f"corpkg: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    if not quiet:
        click.echo(report.text, nl=not report.text.endswith("\n"))
    sys.exit(0 if report.conforms else 1)

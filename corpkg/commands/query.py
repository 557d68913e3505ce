"""``corpkg query SOURCE ...``: run SPARQL (inline, from a file, or a named query) over a graph."""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import TextIO

import click

from corpkg.errors import CorpkgError, error_line

__all__ = ["command", "format_rows"]


def _short(value: str, prefixes: dict[str, str]) -> str:
    for prefix, ns in prefixes.items():
        if value.startswith(ns) and len(value) > len(ns):
            return f"{prefix}:{value[len(ns):]}"
    return value


def format_rows(variables: list[str], rows: list[dict[str, str]], fmt: str) -> str:
    """Rows as an aligned text table, CSV or JSON."""
    if fmt == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=variables, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({v: r.get(v, "") for v in variables})
        return buf.getvalue()
    from corpkg.graph.rdf import PREFIXES

    width = 60
    cells = [[_short(r.get(v, ""), PREFIXES).replace("\n", " ") for v in variables] for r in rows]
    cells = [[c if len(c) <= width else c[: width - 1] + "…" for c in row] for row in cells]
    widths = [max([len(v), *(len(row[i]) for row in cells)]) for i, v in enumerate(variables)]
    lines = ["  ".join(v.ljust(w) for v, w in zip(variables, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    lines.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(lines) + "\n"


def _params(values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for item in values:
        if "=" not in item:
            raise click.UsageError(f"--param expects NAME=VALUE, got {item!r}")
        k, v = item.split("=", 1)
        k = k.strip().lstrip("?$")
        if not k.isidentifier():
            raise click.UsageError(f"--param name must be a SPARQL variable name, got {k!r}")
        out[k] = v
    return out


@click.command("query")
@click.argument("source", type=click.Path(exists=True))
@click.argument("query", required=False)
@click.option("-f", "--file", "query_file", type=click.File("r", encoding="utf-8"),
              help="Read the SPARQL query from this file ('-' for stdin).")
@click.option("-n", "--name", "name", help="Run a named query shipped with corpkg (see --list).")
@click.option("-p", "--param", "params", multiple=True, metavar="NAME=VALUE",
              help="Bind the query variable ?NAME to VALUE (an IRI when VALUE is an absolute IRI, else a string). Repeatable.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--list", "list_queries", is_flag=True, help="List the named queries and their parameters, then exit.")
@click.option("--as-of", "as_of", metavar="DATE",
              help="Instead of a query: who held which position / owned / lent / sued whom on DATE, with supporting and "
                   "conflicting statements (--param role=position, entity=IRI, ended=true, known_at=DATE).")
@click.option("--allow-service", is_flag=True,
              help="Let SERVICE clauses (federated queries) send requests to the endpoints they name (refused by default).")
def command(source: str, query: str | None, query_file: TextIO | None, name: str | None, params: tuple[str, ...], fmt: str,
            list_queries: bool, allow_service: bool, as_of: str | None = None) -> None:
    """Run a SPARQL query over SOURCE, a graph file (.trig, .nq, .ttl, .jsonld) or a store directory.

    The default graph is the union of all filing graphs. Parameters are bound as RDF terms, never
    pasted into the query text. A query with SERVICE (federation) is refused unless --allow-service
    is given. Exit status: 0 on success, 2 for a bad query, name or parameter, 4 when SOURCE cannot
    be read or the query fails while it runs.

    \b
    Example:
      corpkg query auxer.trig --name issuer_profile
      corpkg query kg-store --name subsidiaries --param parent=https://w3id.org/corpkg/id/cik/0000104938 --format csv
      corpkg query auxer.trig "SELECT ?f ?form WHERE { ?f a ckg:Filing ; ckg:formType ?form }"
    """
    from corpkg.graph.federation import refuse_service
    from corpkg.graph.query import list_named, named_query, select
    from corpkg.graph.rdf import PREFIXES
    from corpkg.graph.store import open_store

    if list_queries:
        for n in list_named():
            nq = named_query(n)
            ps = ", ".join(f"{k} ({d})" for k, d in nq.params.items()) or "none"
            click.echo(f"{n}: {nq.description}\n    parameters: {ps}")
        return
    if as_of:
        from corpkg.commands.asof import as_of_rows

        try:
            variables, rows = as_of_rows(source, as_of, _params(params))
        except CorpkgError as exc:
            click.echo(error_line(exc), err=True)
            sys.exit(exc.exit_code)
        click.echo(format_rows(variables, rows, fmt), nl=False)
        return
    given = [x for x in (query, query_file, name) if x]
    if len(given) != 1:
        raise click.UsageError("give exactly one of QUERY, --file F.rq or --name NAME (see --list)")
    bindings = _params(params)
    try:
        if name:
            text = named_query(name).text
        elif query_file:
            text = query_file.read()
        else:
            text = query or ""
        if not allow_service:
            refuse_service(text, prefixes=PREFIXES, how_to_allow="give --allow-service to run it anyway")
        variables, rows = select(open_store(source, read_only=True), text, bindings)
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        sys.exit(exc.exit_code)
    click.echo(format_rows(variables, rows, fmt), nl=False)

"""``corpkg viz``: write the interactive page for a written graph or a store."""

from __future__ import annotations

import re
from pathlib import Path

import click

from corpkg.errors import CorpkgError, error_line
from corpkg.ontology.registry import edge_roles

BIG_PAGE = 3000  # entities above which a page loads slowly in a browser (docs/viz.md)
ROLE_NAMES: tuple[str, ...] = tuple(spec.name for spec in edge_roles())
"""The roles ``--roles`` accepts: those whose relations are drawn as edges (ontology/roles/*.ttl)."""


def _roles(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> list[str] | None:
    roles = [r.strip() for v in value for r in v.split(",") if r.strip()]
    unknown = sorted(set(roles) - set(ROLE_NAMES))
    if unknown:
        raise click.BadParameter(f"unknown role(s) {', '.join(unknown)}; choose from {', '.join(ROLE_NAMES)}")
    return roles or None


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", value):
        raise click.BadParameter(f"{value!r} is not an ISO date (YYYY-MM-DD, YYYY-MM or YYYY)")
    return value


@click.command(name="viz")
@click.argument("graph_file", required=False, type=click.Path(exists=True, dir_okay=True, path_type=Path))
@click.option("--store", "store_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Read a persistent store directory instead of a graph file.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The HTML page to write (self-contained, works offline).")
@click.option("--focus", metavar="NAME", help="Draw only the neighbourhood of this entity (label, alternative label or IRI).")
@click.option("--hops", type=click.IntRange(0, 10), default=2, show_default=True,
              help="With --focus: how many relations away from the entity to draw.")
@click.option("--roles", multiple=True, callback=_roles, metavar="ROLE[,ROLE]",
              help=f"Relations to draw: {', '.join(ROLE_NAMES)} (repeat or comma-separate; default all).")
@click.option("--since", callback=_date, metavar="DATE",
              help="Only relations in force or stated on or after DATE (start, end, as-of or filing date).")
@click.option("--isolates/--no-isolates", default=False, show_default=True,
              help="Also draw entities that take part in no relation.")
@click.option("--title", help="Title shown at the top of the page.")
@click.option("--changes-since", callback=_date, metavar="DATE",
              help="Add the change feed since DATE (of the --focus organization and its subsidiaries) below the graph.")
def command(graph_file: Path | None, store_dir: Path | None, output: Path, focus: str | None, hops: int,
            roles: list[str] | None, since: str | None, isolates: bool, title: str | None,
            changes_since: str | None = None) -> None:
    """Write an interactive page (pyvis/vis-network) of a graph: entities coloured by type and
    role, labelled relations, tooltips quoting the evidence with filing, section and date, a
    search box and role filters.

    \b
    Example:
      corpkg viz auxer.trig -o auxer.html
      corpkg viz --store kg/ -o scott.html --focus "Robert J. Scott" --hops 2 --roles position,subsidiary
      corpkg viz auxer.trig -o auxer.html --focus "The Auxer Group, Inc." --changes-since 2002-01-01
    """
    if (graph_file is None) == (store_dir is None):
        raise click.UsageError("give either GRAPH_FILE or --store DIR (exactly one)")
    from corpkg.graph.viz import page_for

    source = graph_file if graph_file is not None else store_dir
    try:
        path, drawn = page_for(source, output, focus=focus, hops=hops, roles=roles, since=since, title=title,
                               keep_isolates=isolates)
        from corpkg.graph.timeline_page import append_sections, page_sections

        append_sections(path, page_sections(source, drawn.nodes, since=changes_since, org=drawn.graph.get("focus")))
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        raise SystemExit(exc.exit_code) from exc
    click.echo(f"{path}  ({drawn.number_of_nodes()} entities, {drawn.number_of_edges()} relations)")
    if drawn.number_of_nodes() > BIG_PAGE and focus is None:
        click.echo(f"corpkg viz: note: {drawn.number_of_nodes()} entities make a slow page; "
                   "try --focus NAME --hops 2 or --roles to draw a readable part", err=True)

"""``corpkg analyze``: networkx analytics of a written graph or a store."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from corpkg.errors import CorpkgError, error_line

if TYPE_CHECKING:
    import networkx as nx


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", value):
        raise click.BadParameter(f"{value!r} is not an ISO date (YYYY-MM-DD, YYYY-MM or YYYY)")
    return value


def _fmt_dates(row: dict[str, Any]) -> str:
    parts = []
    if row.get("start"):
        parts.append(f"from {row['start']}")
    if row.get("end"):
        parts.append(f"until {row['end']}")
    if row.get("as_of"):
        parts.append(f"as of {row['as_of']}")
    return ", ".join(parts)


def analysis(graph: nx.MultiDiGraph[str], *, entity: str | None, between: tuple[str, str] | None, top: int,
             as_of: str | None) -> dict[str, Any]:
    """Everything ``corpkg analyze`` prints, as plain data."""
    from corpkg.graph import analytics as A


    def label(n: str) -> str:
        return str(graph.nodes[n].get("label", n)) if n in graph else n

    result: dict[str, Any] = {"summary": A.summary(graph)}
    result["centrality"] = [
        {**r, "pagerank": round(r["pagerank"], 6), "betweenness": round(r["betweenness"], 6)}
        for r in A.centrality(graph, top=top)
    ]
    result["interlocks"] = [
        {"person": i["label"], "organizations": [
            {"organization": o["label"], "titles": o["titles"], "current": o["current"]} for o in i["organizations"]]}
        for i in A.interlocks(graph)[:top]
    ]
    if entity is not None:
        node = A.resolve_entity(graph, entity)
        result["entity"] = {
            "iri": node,
            "label": label(node),
            "kind": graph.nodes[node].get("kind"),
            "alt_labels": graph.nodes[node].get("alt_labels", []),
            "identifiers": graph.nodes[node].get("identifiers", {}),
            "ultimate_parents": [label(n) for n in A.ultimate_parents(graph, node, as_of=as_of)],
            "ownership_chains": [[label(n) for n in c] for c in A.ownership_chains(graph, node, as_of=as_of)],
            "controlled_by": [
                {"controller": label(p), "via": sorted({r.get("caption") for r in rels})}
                for p, rels in A.controllers(graph, node, as_of=as_of)
            ],
            "subsidiaries": [{"entity": label(n), "depth": d} for n, d in A.subsidiaries(graph, node, as_of=as_of)],
            "relations": A.relations_of(graph, node),
        }
    if between is not None:
        result["paths"] = [
            [{"from": label(s["from"]), "to": label(s["to"]), "caption": s["caption"], "forward": s["forward"]}
             for s in path]
            for path in A.paths_between(graph, between[0], between[1])
        ]
    return result


def _print_text(result: dict[str, Any]) -> None:
    echo = click.echo
    s = result["summary"]
    echo(f"Graph: {s['filings']} filings, {s['organizations']} organizations, {s['persons']} persons, "
         f"{s['components']} connected components")
    if s["relations_by_role"]:
        echo("Relations: " + ", ".join(f"{r} {n}" for r, n in s["relations_by_role"].items()))
    if "entity" in result:
        e = result["entity"]
        echo("")
        echo(f"== {e['label']} ({e['kind']})  <{e['iri']}>")
        if e["alt_labels"]:
            echo("   also: " + "; ".join(e["alt_labels"]))
        for k, v in e["identifiers"].items():
            echo(f"   {k}: {v}")
        echo("Ultimate parent(s): " + "; ".join(e["ultimate_parents"]))
        for chain in e["ownership_chains"]:
            if len(chain) > 1:
                echo("   chain: " + " → ".join(chain))
        if e["controlled_by"]:
            echo("Controlled by (ownership or acquisition of control):")
            for c in e["controlled_by"]:
                echo(f"   {c['controller']}  [{'; '.join(c['via'])}]")
        if e["subsidiaries"]:
            echo(f"Subsidiaries ({len(e['subsidiaries'])}, transitive):")
            for sub in e["subsidiaries"]:
                echo("   " + "  " * (sub["depth"] - 1) + f"{sub['entity']}  (level {sub['depth']})")
        if e["relations"]:
            echo(f"Relations ({len(e['relations'])}):")
            for r in e["relations"]:
                source = " ".join(x for x in (r["form_type"], r["filing_date"]) if x)
                dates = _fmt_dates(r)
                echo(f"   [{r['role']}] {r['statement']}" + (f"  ({dates})" if dates else "")
                     + (f"  — {source}" if source else ""))
                if r["quote"]:
                    quote = " ".join(r["quote"].split())
                    echo(f"        “{quote[:160]}{'…' if len(quote) > 160 else ''}”"
                         + (f"  [{r['section']}]" if r["section"] else ""))
    if "paths" in result:
        echo("")
        if not result["paths"]:
            echo("No path between the two entities.")
        for i, path in enumerate(result["paths"], 1):
            text = path[0]["from"] if path else "(same entity)"
            for step in path:
                text += (f" —{step['caption']}→ " if step["forward"] else f" ←{step['caption']}— ") + step["to"]
            echo(f"Path {i} ({len(path)} hops): {text}")
    echo("")
    echo("Most central entities (PageRank; betweenness):")
    for r in result["centrality"]:
        echo(f"   {r['pagerank']:.4f}  {r['betweenness']:.4f}  deg {r['degree']:>3}  {r['label']} ({r['kind']})")
    echo("")
    if result["interlocks"]:
        echo("Interlocks (people holding positions at several organizations):")
        for i in result["interlocks"]:
            orgs = "; ".join(f"{o['organization']} ({', '.join(o['titles']) or 'position'})" for o in i["organizations"])
            echo(f"   {i['person']}: {orgs}")
    else:
        echo("Interlocks: none (no person holds positions at two or more organizations)")


@click.command(name="analyze")
@click.argument("graph_file", required=False, type=click.Path(exists=True, dir_okay=True, path_type=Path))
@click.option("--store", "store_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Read a persistent store directory instead of a graph file.")
@click.option("--entity", metavar="NAME", help="Also report this entity: ultimate parents, ownership chains, "
              "subsidiaries (transitively) and every relation with its evidence.")
@click.option("--between", nargs=2, metavar="NAME NAME", help="Also print the shortest connections between two entities.")
@click.option("--top", type=click.IntRange(1, 10_000), default=15, show_default=True, help="Rows of centrality and interlocks.")
@click.option("--as-of", "as_of", callback=_date, metavar="DATE",
              help="Ownership in force on DATE (default: relations without an end date).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def command(graph_file: Path | None, store_dir: Path | None, entity: str | None, between: tuple[str, str] | None,
            top: int, as_of: str | None, fmt: str) -> None:
    """Analyse a graph with networkx: control and ownership chains, subsidiaries, paths between
    entities, interlocking officers and directors, and centrality (PageRank, betweenness).

    \b
    Example:
      corpkg analyze auxer.trig --entity "The Auxer Group, Inc."
      corpkg analyze --store kg/ --between "Robert J. Scott" "Viva Airlines" --format json
    """
    if (graph_file is None) == (store_dir is None):
        raise click.UsageError("give either GRAPH_FILE or --store DIR (exactly one)")
    from corpkg.graph.projection import project

    try:
        graph = project(graph_file if graph_file is not None else store_dir)
        result = analysis(graph, entity=entity, between=between or None, top=top, as_of=as_of)
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        raise SystemExit(exc.exit_code) from exc
    if fmt == "json":
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        _print_text(result)

"""networkx analytics on the projection: control chains, subsidiaries, paths, interlocks, centrality.

Every function takes the ``MultiDiGraph`` made by :func:`corpkg.graph.projection.project`
(entities as nodes, relations as labelled edges that keep their dates and evidence) and returns
plain Python data, so that the CLI, notebooks and tests print or tabulate it as they like.

Edge directions follow the projection: subsidiary → parent, officer → organization,
lender → borrower, plaintiff → defendant, acquirer → target.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import networkx as nx

from corpkg.graph.projection import project, resolve_entity

__all__ = [
    "load",
    "in_force",
    "control_graph",
    "ultimate_parents",
    "ownership_chains",
    "subsidiaries",
    "controllers",
    "paths_between",
    "interlocks",
    "pagerank",
    "centrality",
    "relations_of",
    "summary",
    "resolve_entity",
]

# acquisitions of these kinds give the acquirer control of the target (assets purchases do not)
CONTROL_KINDS = frozenset({"company", "control", "merger"})


def load(source: Any) -> nx.MultiDiGraph[Any]:
    """The projection of a graph file, store directory, pyoxigraph Store or rdflib graph."""
    return project(source)


def _label(graph: nx.MultiDiGraph[Any], node: str) -> str:
    return graph.nodes[node].get("label", node) if node in graph else node


def in_force(data: dict[str, Any], as_of: str | None = None) -> bool:
    """Whether a relation holds: with no ``as_of``, when it has no end date and is not marked former;
    with an ISO ``as_of``, when it started on or before and had not ended by that date."""
    end = data.get("end")
    start = data.get("start")
    if as_of is None:
        return not end and data.get("status") != "former"
    if start and start[: len(as_of)] > as_of[: len(start)]:
        return False
    if end and end[: len(as_of)] <= as_of[: len(end)]:
        return False
    if data.get("status") == "former" and not end and (data.get("as_of") or "") <= as_of:
        return False
    return True


def control_graph(graph: nx.MultiDiGraph[Any], *, acquisitions: bool = False, include_ended: bool = False,
                  as_of: str | None = None) -> nx.DiGraph[Any]:
    """A ``DiGraph`` with an edge controlled → controller for each subsidiary relation in force
    (and, with ``acquisitions``, each acquisition of a company, of control, or merger). Each edge
    keeps the projection's edge data under ``relations``."""
    out: nx.DiGraph[Any] = nx.DiGraph()
    for u, v, data in graph.edges(data=True):
        if not include_ended and not in_force(data, as_of):
            continue
        if data["role"] == "subsidiary" and data.get("source_slot") == "owned":
            child, parent = u, v
        elif acquisitions and data["role"] == "acquisition" and data.get("source_slot") == "acquirer":
            kinds = set(data.get("attributes", {}).get("kind", []))
            if kinds and not kinds & CONTROL_KINDS:
                continue
            child, parent = v, u
        else:
            continue
        if out.has_edge(child, parent):
            out[child][parent]["relations"].append(data)
        else:
            out.add_edge(child, parent, relations=[data])
    return out


def _resolve(graph: nx.MultiDiGraph[Any], entity: str) -> str:
    return resolve_entity(graph, entity)


def ultimate_parents(graph: nx.MultiDiGraph[Any], entity: str, *, acquisitions: bool = False,
                     include_ended: bool = False, as_of: str | None = None) -> list[str]:
    """The top of every ownership chain above ``entity``: controllers that no one is stated to
    control. In a cycle (A owns B owns A) every member of the top cycle is returned. An entity with
    no parent is its own ultimate parent."""
    node = _resolve(graph, entity)
    control = control_graph(graph, acquisitions=acquisitions, include_ended=include_ended, as_of=as_of)
    if node not in control:
        return [node]
    above = nx.descendants(control, node) | {node}
    sub = control.subgraph(above)
    condensed = nx.condensation(sub)
    tops = [c for c in condensed.nodes if condensed.out_degree(c) == 0]
    result = sorted({m for c in tops for m in condensed.nodes[c]["members"]}, key=lambda n: _label(graph, n))
    return result


def ownership_chains(graph: nx.MultiDiGraph[Any], entity: str, *, acquisitions: bool = False,
                     include_ended: bool = False, as_of: str | None = None, limit: int = 20) -> list[list[str]]:
    """Chains from ``entity`` up to each ultimate parent (simple paths, shortest first, at most
    ``limit``)."""
    node = _resolve(graph, entity)
    control = control_graph(graph, acquisitions=acquisitions, include_ended=include_ended, as_of=as_of)
    tops = ultimate_parents(graph, node, acquisitions=acquisitions, include_ended=include_ended, as_of=as_of)
    if node not in control:
        return [[node]]
    chains: list[list[str]] = []
    for top in tops:
        if top == node:
            continue
        for path in nx.all_simple_paths(control, node, top, cutoff=25):
            chains.append(path)
            if len(chains) >= limit * 4:
                break
    chains.sort(key=lambda p: (len(p), [_label(graph, n) for n in p]))
    return chains[:limit] or [[node]]


def subsidiaries(graph: nx.MultiDiGraph[Any], entity: str, *, transitive: bool = True, acquisitions: bool = False,
                 include_ended: bool = False, as_of: str | None = None) -> list[tuple[str, int]]:
    """Entities controlled by ``entity`` with their depth (1 = direct subsidiary), nearest first."""
    node = _resolve(graph, entity)
    control = control_graph(graph, acquisitions=acquisitions, include_ended=include_ended, as_of=as_of)
    if node not in control:
        return []
    depths = nx.single_source_shortest_path_length(control.reverse(copy=False), node,
                                                   cutoff=None if transitive else 1)
    return sorted(((n, d) for n, d in depths.items() if n != node), key=lambda nd: (nd[1], _label(graph, nd[0])))


def controllers(graph: nx.MultiDiGraph[Any], entity: str, *, include_ended: bool = False,
                as_of: str | None = None) -> list[tuple[str, list[dict[str, Any]]]]:
    """Who is stated to own or to have acquired (control of) ``entity`` directly, with the relations."""
    node = _resolve(graph, entity)
    control = control_graph(graph, acquisitions=True, include_ended=include_ended, as_of=as_of)
    if node not in control:
        return []
    return sorted(((p, control[node][p]["relations"]) for p in control.successors(node)), key=lambda x: _label(graph, x[0]))


def paths_between(graph: nx.MultiDiGraph[Any], source: str, target: str, *, limit: int = 10,
                  roles: Iterable[str] | None = None) -> list[list[dict[str, Any]]]:
    """Shortest connections between two entities, edges followed in either direction.

    Each path is a list of hops ``{"from", "to", "caption", "role", "forward", "evidence"}``,
    where ``forward`` says whether the relation points along the path."""
    a = _resolve(graph, source)
    b = _resolve(graph, target)
    wanted = set(roles) if roles else None
    simple: nx.Graph[Any] = nx.Graph()
    simple.add_nodes_from(graph.nodes)
    hops: dict[frozenset[str], list[tuple[str, str, dict[str, Any]]]] = defaultdict(list)
    for u, v, data in graph.edges(data=True):
        if wanted is not None and data["role"] not in wanted:
            continue
        simple.add_edge(u, v)
        hops[frozenset((u, v))].append((u, v, data))
    if a == b:
        return [[]]
    try:
        found = nx.all_shortest_paths(simple, a, b)
        paths = []
        for path in found:
            paths.append(path)
            if len(paths) >= limit:
                break
    except nx.NetworkXNoPath:
        return []
    out = []
    for path in paths:
        steps = []
        for x, y in zip(path, path[1:], strict=False):
            u, v, data = sorted(hops[frozenset((x, y))], key=lambda h: (h[2]["role"], h[2].get("caption", "")))[0]
            steps.append({
                "from": x,
                "to": y,
                "caption": data.get("caption"),
                "role": data["role"],
                "forward": u == x,
                "relations": len(hops[frozenset((x, y))]),
                "evidence": data.get("evidence", []),
            })
        out.append(steps)
    return out


def interlocks(graph: nx.MultiDiGraph[Any], *, min_organizations: int = 2, roles: Iterable[str] = ("position",),
               include_ended: bool = True) -> list[dict[str, Any]]:
    """People linked to several organizations (by default through positions: officers and
    directors shared between companies), most connected first.

    Each item: ``{"person", "label", "organizations": [{"organization", "label", "titles", "roles",
    "current"}]}``."""
    wanted = set(roles)
    links: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for u, v, data in graph.edges(data=True):
        if data["role"] not in wanted:
            continue
        for person, org in ((u, v), (v, u)):
            if graph.nodes[person].get("kind") != "Person" or graph.nodes[org].get("kind") != "Organization":
                continue
            if not include_ended and not in_force(data):
                continue
            item = links[person].setdefault(org, {"organization": org, "label": _label(graph, org), "titles": [],
                                                  "roles": [], "current": False})
            for title in data.get("titles", []):
                if title not in item["titles"]:
                    item["titles"].append(title)
            if data["role"] not in item["roles"]:
                item["roles"].append(data["role"])
            item["current"] = item["current"] or in_force(data)
    out: list[dict[str, Any]] = []
    for person, orgs in links.items():
        if len(orgs) >= min_organizations:
            out.append({"person": person, "label": _label(graph, person),
                        "organizations": sorted(orgs.values(), key=lambda o: o["label"])})
    out.sort(key=lambda x: (-len(x["organizations"]), x["label"]))
    return out


def pagerank(graph: nx.Graph[Any], *, alpha: float = 0.85, tol: float = 1.0e-10, max_iter: int = 200) -> dict[Any, float]:
    """PageRank by power iteration over the edge list (parallel edges add weight; dangling nodes
    spread their rank evenly). Same result as ``networkx.pagerank``, without needing SciPy."""
    import numpy as np

    nodes = list(graph.nodes)
    n = len(nodes)
    if n == 0:
        return {}
    index = {node: i for i, node in enumerate(nodes)}
    weights: dict[tuple[int, int], float] = defaultdict(float)
    for u, v, data in graph.edges(data=True):
        weights[(index[u], index[v])] += float(data.get("weight", 1.0)) if isinstance(data, dict) else 1.0
    if weights:
        src = np.fromiter((k[0] for k in weights), dtype=np.int64, count=len(weights))
        dst = np.fromiter((k[1] for k in weights), dtype=np.int64, count=len(weights))
        w = np.fromiter(weights.values(), dtype=float, count=len(weights))
    else:
        src = dst = np.zeros(0, dtype=np.int64)
        w = np.zeros(0)
    out_weight = np.bincount(src, weights=w, minlength=n)
    dangling = out_weight == 0
    share = np.where(dangling, 0.0, 1.0 / np.where(dangling, 1.0, out_weight))
    rank = np.full(n, 1.0 / n)
    for _ in range(max_iter):
        previous = rank
        flow = np.bincount(dst, weights=rank[src] * w * share[src], minlength=n)
        rank = alpha * (flow + previous[dangling].sum() / n) + (1.0 - alpha) / n
        if np.abs(rank - previous).sum() < n * tol:
            break
    rank /= rank.sum()
    return {node: float(rank[i]) for node, i in index.items()}


def centrality(graph: nx.MultiDiGraph[Any], *, top: int | None = 20, k: int | None = None, seed: int = 7,
               kinds: Iterable[str] = ("Organization", "Person")) -> list[dict[str, Any]]:
    """Entities ranked by PageRank (relations as directed links) with betweenness centrality on
    the undirected graph; betweenness is sampled with ``k`` pivots (default: exact up to 1,000
    nodes, 500 pivots above) because exact betweenness is cubic."""
    wanted = set(kinds)
    directed: nx.DiGraph[Any] = nx.DiGraph()
    directed.add_nodes_from(graph.nodes)
    for u, v in graph.edges():
        if u == v:
            continue
        if directed.has_edge(u, v):
            directed[u][v]["weight"] += 1.0
        else:
            directed.add_edge(u, v, weight=1.0)
    ranks = pagerank(directed)
    undirected = directed.to_undirected(as_view=False)
    n = undirected.number_of_nodes()
    pivots = k if k is not None else (None if n <= 1000 else 500)
    if pivots is not None and pivots >= n:
        pivots = None
    between = nx.betweenness_centrality(undirected, k=pivots, seed=seed if pivots else None, normalized=True)
    rows = []
    for node, data in graph.nodes(data=True):
        if data.get("kind") not in wanted:
            continue
        rows.append({
            "entity": node,
            "label": data.get("label", node),
            "kind": data.get("kind"),
            "pagerank": ranks.get(node, 0.0),
            "betweenness": between.get(node, 0.0),
            "degree": graph.degree(node),
        })
    rows.sort(key=lambda r: (-r["pagerank"], -r["betweenness"], r["label"]))
    return rows[:top] if top else rows


def relations_of(graph: nx.MultiDiGraph[Any], entity: str, *, roles: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Every relation of ``entity`` as a row: role, direction, caption, the other party, dates,
    filing and the first quote."""
    node = _resolve(graph, entity)
    wanted = set(roles) if roles else None
    rows = []
    for u, v, data in list(graph.out_edges(node, data=True)) + list(graph.in_edges(node, data=True)):
        if wanted is not None and data["role"] not in wanted:
            continue
        outgoing = u == node
        other = v if outgoing else u
        filing = data.get("filing_info", [{}])[0] if data.get("filing_info") else {}
        evidence = data.get("evidence", [])
        rows.append({
            "role": data["role"],
            "statement": (f"{_label(graph, u)} — {data.get('caption')} → {_label(graph, v)}"),
            "other": _label(graph, other),
            "direction": "out" if outgoing else "in",
            "start": data.get("start"),
            "end": data.get("end"),
            "as_of": data.get("as_of"),
            "form_type": filing.get("form_type"),
            "filed_on": filing.get("filed_on"),
            "filing_date": filing.get("when"),
            "quote": evidence[0]["quote"] if evidence else None,
            "section": evidence[0].get("section") if evidence else None,
        })
    rows.sort(key=lambda r: (r["role"], r["direction"], r["other"], r["as_of"] or ""))
    return rows


def summary(graph: nx.MultiDiGraph[Any]) -> dict[str, Any]:
    """Counts: filings, organizations, persons, relations by role, connected components."""
    kinds: dict[str, int] = defaultdict(int)
    for _n, data in graph.nodes(data=True):
        kinds[data.get("kind", "?")] += 1
    roles: dict[str, int] = defaultdict(int)
    relations: dict[str, set[str | None]] = defaultdict(set)
    for _u, _v, data in graph.edges(data=True):
        roles[data["role"]] += 1
        relations[data["role"]].add(data.get("relation"))
    components = nx.number_weakly_connected_components(graph) if graph.number_of_nodes() else 0
    return {
        "filings": len(graph.graph.get("filings", {})),
        "organizations": kinds.get("Organization", 0),
        "persons": kinds.get("Person", 0),
        "edges_by_role": dict(sorted(roles.items())),
        "relations_by_role": {r: len(s) for r, s in sorted(relations.items())},
        "components": components,
    }

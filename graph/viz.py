"""The interactive page: a self-contained pyvis/vis-network HTML file drawn from a projection.

Speed and safety choices (DESIGN.md, "Store, query, look"):

* node and edge lists are filled directly from the projection (``Network.add_node`` scans for
  duplicates and is quadratic);
* the layout is computed here with networkx and shipped as positions, physics off
  (``improvedLayout`` and smooth edges off), so a 1,000-node page draws in well under a second;
* vis-network's JS and CSS are inlined from pyvis's bundled copy and nothing is fetched from a CDN
  (pyvis's own template links bootstrap even with ``cdn_resources="in_line"``; ours does not);
* every string that comes from a filing reaches the page only as JSON inside ``<script>`` (with
  ``<``, ``>``, ``&`` and ``'`` escaped by Jinja's ``tojson``) or as Jinja-autoescaped text, and the
  page script builds tooltips and the details panel with ``textContent`` — never ``innerHTML``.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import networkx as nx

from corpkg.graph.projection import ROLES, filter_projection, project, project_neighbourhood, sort_titles
from corpkg.ontology.registry import categories, edge_roles

__all__ = [
    "NODE_STYLES",
    "EDGE_STYLES",
    "compute_layout",
    "build_network",
    "render_page",
    "write_page",
    "page_for",
    "merge_identities",
]

STATIC_DIR = Path(__file__).resolve().parent / "static"

# the categories no role declares: entities in no role category, and relations drawn as nodes
# (category → legend text, tooltip text, vis shape, colour)
_GENERIC_STYLES: dict[str, tuple[str, str, str, str]] = {
    "organization": ("Other organization", "organization", "dot", "#9d9d9d"),
    "person": ("Other person", "person", "triangle", "#c9a0dc"),
    "relation": ("Relation, one side unknown", "relation with one side unknown", "diamond", "#bab0ac"),
}


def _node_styles() -> dict[str, tuple[str, str, str, str]]:
    """Every node category: the roles' (ontology/roles/*.ttl, ckg:category), organizations' first
    by priority, then other organizations, the persons' categories, other persons, relations."""
    cats = categories()
    styles = {c.name: (c.label, c.short_label, c.shape, c.colour) for c in cats if c.kind == "Organization"}
    styles["organization"] = _GENERIC_STYLES["organization"]
    styles.update({c.name: (c.label, c.short_label, c.shape, c.colour) for c in cats if c.kind == "Person"})
    styles["person"] = _GENERIC_STYLES["person"]
    styles["relation"] = _GENERIC_STYLES["relation"]
    return styles


NODE_STYLES: dict[str, tuple[str, str, str]] = {k: (legend, shape, colour)
                                               for k, (legend, _short_text, shape, colour) in _node_styles().items()}
"""node category → (legend text, vis shape, colour); order = legend order."""

CATEGORY_TEXT: dict[str, str] = {k: short for k, (_legend, short, _shape, _colour) in _node_styles().items()}
"""node category → the words tooltips use for it (embedded in the page's data)."""

EDGE_STYLES: dict[str, tuple[str, str]] = {spec.name: (spec.legend, spec.colour) for spec in edge_roles()}
"""edge role → (legend text, colour), from the role files."""


MAX_LABEL = 42
CROWDED = 8  # entities with more drawn edges than this get edge labels on hover/selection only


def node_category(data: dict[str, Any]) -> str:
    """The legend category of a projection node (issuer, subsidiary, lender, ..., officer, person)."""
    if data.get("relation_node"):
        return "relation"
    roles = set(data.get("roles", ()))
    kind = "Person" if data.get("kind") == "Person" else "Organization"
    for category in categories():  # by priority
        if category.kind == kind and roles & category.participant_roles:
            return category.name
    return "person" if kind == "Person" else "organization"


def _short(text: str, limit: int = MAX_LABEL) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# --------------------------------------------------------------------------- layout


def force_layout(graph: nx.Graph[Any], *, seed: int = 7, iterations: int = 60, block: int = 256) -> dict[Any, tuple[float, float]]:
    """Fruchterman-Reingold positions in [-1, 1]² for a connected graph, in numpy.

    Repulsion is computed in blocks of rows, so memory stays O(block · n) (networkx's own
    ``spring_layout`` needs SciPy from 500 nodes on, or O(n²) memory without it)."""
    import numpy as np

    nodes = list(graph.nodes)
    n = len(nodes)
    if n == 1:
        return {nodes[0]: (0.0, 0.0)}
    index = {node: i for i, node in enumerate(nodes)}
    pairs = np.array([(index[u], index[v]) for u, v in graph.edges() if u != v], dtype=np.int64).reshape(-1, 2)
    rng = np.random.default_rng(seed)
    pos = rng.random((n, 2))
    k = 1.4 / math.sqrt(n)
    temperature = 0.1
    cooling = temperature / (iterations + 1)
    for _ in range(iterations):
        disp = np.zeros((n, 2))
        for start in range(0, n, block):
            delta = pos[start : start + block, None, :] - pos[None, :, :]
            dist2 = np.maximum((delta * delta).sum(axis=-1), 1e-6)
            disp[start : start + block] += (delta * (k * k / dist2)[:, :, None]).sum(axis=1)
        if len(pairs):
            delta = pos[pairs[:, 0]] - pos[pairs[:, 1]]
            dist = np.sqrt(np.maximum((delta * delta).sum(axis=-1), 1e-12))
            force = delta * (dist / k)[:, None]
            np.subtract.at(disp, pairs[:, 0], force)
            np.add.at(disp, pairs[:, 1], force)
        length = np.maximum(np.sqrt((disp * disp).sum(axis=-1)), 1e-9)
        pos += disp * (np.minimum(length, temperature) / length)[:, None]
        temperature -= cooling
    pos -= pos.mean(axis=0)
    scale = float(np.abs(pos).max()) or 1.0
    pos /= scale
    return {node: (float(x), float(y)) for node, (x, y) in zip(nodes, pos, strict=True)}


def compute_layout(graph: nx.Graph[Any], *, seed: int = 7, spacing: float = 150.0) -> dict[Any, tuple[float, float]]:
    """Positions (pixels) for every node: each connected component laid out with a seeded
    force-directed layout, components packed in rows by size, isolated nodes in a grid below.
    Deterministic for the same graph."""
    simple: nx.Graph[Any] = nx.Graph()
    simple.add_nodes_from(sorted(graph.nodes, key=str))
    simple.add_edges_from(sorted(((u, v) for u, v in graph.edges() if u != v), key=str))
    components = sorted((sorted(c, key=str) for c in nx.connected_components(simple)), key=lambda c: (-len(c), str(c[0])))
    positions: dict[Any, tuple[float, float]] = {}
    boxes: list[tuple[dict[Any, tuple[float, float]], float]] = []
    isolates: list[Any] = []
    for comp in components:
        if len(comp) == 1:
            isolates.append(comp[0])
            continue
        n = len(comp)
        if n == 2:
            raw = {comp[0]: (-1.0, 0.0), comp[1]: (1.0, 0.0)}
            radius = spacing * 0.6
        else:
            iterations = 150 if n <= 300 else 50 if n <= 2000 else 25
            raw = force_layout(simple.subgraph(comp), seed=seed, iterations=iterations)
            radius = spacing * (0.5 + 0.55 * math.sqrt(n))
        pos = {node: (x * radius, y * radius) for node, (x, y) in raw.items()}
        boxes.append((pos, radius))

    # shelf packing: rows of components, about 1.6 times wider than high overall (a screen's shape),
    # never narrower than the largest component
    gap = spacing * 0.6
    widest = max((2 * r for _, r in boxes), default=0.0)
    area = sum((2 * r + gap) ** 2 for _, r in boxes) + len(isolates) * (spacing * 1.8) * (spacing * 0.6)
    row_limit = max(widest, spacing * 10, 1.3 * math.sqrt(area))
    x = y = 0.0
    row_height = 0.0
    for pos, radius in boxes:
        size = 2 * radius
        if x > 0 and x + size > row_limit:
            x = 0.0
            y += row_height + gap
            row_height = 0.0
        for node, (px, py) in pos.items():
            positions[node] = (px + x + radius, py + y + radius)
        x += size + gap
        row_height = max(row_height, size)
    y += row_height + (gap if boxes else 0.0)
    cell = spacing * 1.8  # isolated nodes: room for a full label each
    per_row = max(1, int(row_limit // cell))
    for i, node in enumerate(isolates):
        positions[node] = ((i % per_row) * cell + cell / 2, y + (i // per_row) * spacing * 0.6)
    return {n: (round(px, 1), round(py, 1)) for n, (px, py) in positions.items()}


# --------------------------------------------------------------------------- vis data


def _node_record(node: str, data: dict[str, Any], graph: nx.MultiDiGraph[Any], degree: int, pos: tuple[float, float]) -> dict[str, Any]:
    category = node_category(data)
    _legend, shape, colour = NODE_STYLES[category]
    size = 10 + 4 * math.log2(1 + degree)
    if category == "issuer":
        size += 8
    elif category == "relation":
        size = 8
    focus = graph.graph.get("focus") == node
    record = {
        "id": node,
        "label": _short(data.get("label", node)),
        "x": pos[0],
        "y": pos[1],
        "shape": shape,
        "size": round(size, 1),
        "color": {"background": colour, "border": "#222222" if focus else colour,
                  "highlight": {"background": colour, "border": "#111111"}},
        "borderWidth": 4 if focus else 1,
        "font": {"size": 14 if category == "issuer" or focus else 12, "color": "#1b1b1b",
                 "strokeWidth": 3, "strokeColor": "#ffffff"},
        # page data (not vis options): used by tooltips, the details panel, search and filters
        "kind": data.get("kind"),
        "category": category,
        "fullLabel": data.get("label", node),
        "altLabels": list(data.get("alt_labels", [])),
        "identifiers": dict(data.get("identifiers", {})),
        "roles": sorted(data.get("roles", ())),
        "filings": sorted((_filing_record(f, graph) for f in data.get("filings", [])),
                          key=lambda f: (f.get("date") or "", f.get("iri") or "")),
        "focus": focus,
        # a resolved identity drawn as one node: the minted nodes it stands for (corpkg resolve)
        "members": [dict(m) for m in data.get("members", [])],
    }
    return record


def _edgar_url(info: dict[str, Any], graph: nx.MultiDiGraph[Any]) -> str | None:
    """The EDGAR index page of a filing, when its accession number and an issuer's CIK are known."""
    accession = info.get("accession") or ""
    if not re.fullmatch(r"\d{10}-\d{2}-\d{6}", accession):
        return None
    for issuer in info.get("issuers", []):
        cik = graph.nodes[issuer].get("identifiers", {}).get("cik") if issuer in graph else None
        if cik and cik.isdigit():
            return f"https://www.sec.gov/Archives/edgar/data/{int(cik)}/{accession.replace('-', '')}/{accession}-index.htm"
    return None


def _filing_record(iri: str | None, graph: nx.MultiDiGraph[Any]) -> dict[str, Any]:
    info = graph.graph.get("filings", {}).get(iri or "", {"iri": iri})
    record = {k: info.get(k) for k in ("iri", "form_type", "when", "date", "accession", "file")}
    record["url"] = _edgar_url(info, graph)
    return record


def _edge_item(data: dict[str, Any], graph: nx.MultiDiGraph[Any]) -> dict[str, Any]:
    """One relation behind a drawn edge, for tooltips and the details panel."""
    attrs = {k: v for k, v in data.get("attributes", {}).items() if k not in {"asOf"}}
    if "title" in attrs:
        attrs["title"] = sort_titles(list(attrs["title"]))
    return {
        "caption": data.get("caption"),
        "relation": data.get("relation"),
        "relationType": data.get("relation_type"),
        "start": data.get("start"),
        "end": data.get("end"),
        "asOf": data.get("as_of"),
        "attributes": attrs,
        "parties": {slot: [graph.nodes[m].get("label", m) if m in graph else m for m in members]
                    for slot, members in sorted(data.get("parties", {}).items())},
        "filings": [_filing_record(f, graph) for f in data.get("filings", [])],
        "evidence": [
            {
                "quote": e.get("quote"),
                "start": e.get("start"),
                "end": e.get("end"),
                "section": e.get("section"),
                "documentType": e.get("document_type"),
                "filing": e.get("filing"),
                "formType": e.get("form_type"),
                "when": e.get("when"),
                "accession": e.get("accession"),
                "file": e.get("file"),
            }
            for e in data.get("evidence", [])
        ],
    }


def _edge_label(data: dict[str, Any]) -> str:
    if data.get("label_values"):  # a role whose edges its attribute values label (ckg:labelFrom: titles)
        base = ", ".join(sort_titles(list(data["label_values"])))
        caption = data.get("caption") or ""
        extra = caption[len(data.get("label", "")):] if caption.startswith(data.get("label", "")) else ""
        return base + extra
    return data.get("caption") or data.get("label") or ""


def _edge_records(graph: nx.MultiDiGraph[Any]) -> list[dict[str, Any]]:
    # relations saying the same thing about the same pair (the same subsidiary in two filings) are
    # drawn as one edge listing every relation and its evidence
    groups: dict[tuple[str, str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for u, v, data in graph.edges(data=True):
        groups[(u, v, data["role"], _edge_label(data))].append(data)
    pair_count: dict[frozenset[str], int] = defaultdict(int)
    for u, v, _role, _label in groups:
        pair_count[frozenset((u, v))] += 1
    drawn_degree: dict[str, int] = defaultdict(int)
    for u, v, _role, _label in groups:
        drawn_degree[u] += 1
        drawn_degree[v] += 1
    pair_seen: dict[frozenset[str], int] = defaultdict(int)
    records: list[dict[str, Any]] = []
    for (u, v, role, label), items in sorted(groups.items()):
        items = sorted(items, key=lambda d: (d.get("as_of") or "", d.get("relation") or ""))
        _legend, colour = EDGE_STYLES.get(role, (role, "#888888"))
        ended = all(d.get("end") or d.get("status") == "former" for d in items)
        pair = frozenset((u, v))
        record: dict[str, Any] = {
            "id": f"e{len(records)}",
            "from": u,
            "to": v,
            "label": _short(label, 48),
            "arrows": "to",
            "color": {"color": colour, "highlight": colour, "opacity": 0.85},
            "dashes": ended,
            "width": 1.5 + min(len(items) - 1, 4) * 0.75,
            "font": {"size": 10, "align": "middle", "color": "#333333", "strokeWidth": 3, "strokeColor": "#ffffff"},
            # page data
            "role": role,
            "caption": label,
            "ended": ended,
            "items": [_edge_item(d, graph) for d in items],
        }
        if max(drawn_degree[u], drawn_degree[v]) > CROWDED:
            # a hub (an issuer with its board, a lawsuit with many parties): labels would overlap;
            # the page shows this one on hover and when either end is selected
            record["hoverLabel"] = record["label"]
            record["label"] = ""
        if pair_count[pair] > 1:  # several different edges between the same two nodes: bend them apart
            index = pair_seen[pair]
            pair_seen[pair] += 1
            record["smooth"] = {"enabled": True, "type": "curvedCW" if index % 2 == 0 else "curvedCCW",
                                "roundness": 0.12 + 0.1 * (index // 2)}
        records.append(record)
    return records


def _options(physics_seconds: float) -> dict[str, Any]:
    return {
        "layout": {"improvedLayout": False},
        "physics": {
            "enabled": False,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {"gravitationalConstant": -60, "springLength": 120, "avoidOverlap": 0.4},
            "stabilization": {"enabled": False},
        },
        "edges": {"smooth": False, "selectionWidth": 2, "hoverWidth": 1.5},
        "nodes": {"borderWidthSelected": 3},
        "interaction": {"hover": True, "tooltipDelay": 150, "navigationButtons": False,
                        "keyboard": {"enabled": True, "bindToWindow": False}, "multiselect": False,
                        "hideEdgesOnDrag": False},
        "corpkg": {"physicsSeconds": physics_seconds},
    }


def build_network(graph: nx.MultiDiGraph[Any], *, physics_seconds: float = 0.0, height: str = "100%") -> Any:
    """A ``pyvis.network.Network`` whose node and edge lists are filled from ``graph`` (a projection,
    possibly filtered), with positions laid out in Python and physics off."""
    from pyvis.network import Network

    positions = compute_layout(graph)
    degrees = dict(graph.degree())
    net = Network(height=height, width="100%", directed=True, cdn_resources="in_line")
    net.nodes = [
        _node_record(n, d, graph, degrees.get(n, 0), positions[n])
        for n, d in sorted(graph.nodes(data=True), key=lambda nd: str(nd[0]))
    ]
    net.edges = _edge_records(graph)
    net.options = _options(physics_seconds)
    return net


# --------------------------------------------------------------------------- page


def _environment() -> Any:
    import pyvis
    from jinja2 import ChoiceLoader, Environment, FileSystemLoader, select_autoescape

    pyvis_templates = Path(pyvis.__file__).resolve().parent / "templates"
    return Environment(
        loader=ChoiceLoader([FileSystemLoader(str(STATIC_DIR)), FileSystemLoader(str(pyvis_templates))]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        keep_trailing_newline=True,
    )


def _asset(name: str) -> str:
    import pyvis

    text = (Path(pyvis.__file__).resolve().parent / "templates" / "lib" / "vis-9.1.2" / name).read_text(encoding="utf-8")
    # never let an inlined library close its own <script>/<style> element early
    return text.replace("</script", "<\\/script").replace("</style", "<\\/style")


def _csp_hash(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def render_page(net: Any, *, title: str = "corpkg graph", subtitle: str = "", roles: tuple[str, ...] = ROLES) -> str:
    """The self-contained HTML page for a network made by :func:`build_network`.

    The page loads nothing from the network, and its Content-Security-Policy allows exactly its
    three inline scripts (by SHA-256), so markup smuggled into a label could not run even if it
    escaped the escaping.
    """
    from jinja2.utils import htmlsafe_json_dumps
    from markupsafe import Markup

    env = _environment()
    template = env.get_template("page.html.j2")
    categories = sorted({n["category"] for n in net.nodes}, key=list(NODE_STYLES).index)
    present_roles = {e["role"] for e in net.edges}
    vis_js = _asset("vis-network.min.js")
    legend = {"categories": CATEGORY_TEXT,
              "roles": {r: {"label": EDGE_STYLES[r][0], "colour": EDGE_STYLES[r][1]} for r in roles if r in EDGE_STYLES}}
    data_js = (
        "window.CORPKG = {nodes: " + htmlsafe_json_dumps(net.nodes)
        + ", edges: " + htmlsafe_json_dumps(net.edges)
        + ", options: " + htmlsafe_json_dumps(net.options)
        + ", legend: " + htmlsafe_json_dumps(legend) + "};"
    )
    page_js = (STATIC_DIR / "page.js").read_text(encoding="utf-8").replace("</script", "<\\/script")
    scripts = [vis_js, str(data_js), page_js]
    html: str = template.render(
        title=title,
        subtitle=subtitle,
        node_styles=[(c, *NODE_STYLES[c]) for c in categories],
        edge_styles=[(r, *EDGE_STYLES.get(r, (r, "#888888"))) for r in roles if r in present_roles],
        arrows=[spec.arrow_text for spec in edge_roles() if spec.name in roles and spec.arrow_text],
        vis_js=Markup(vis_js),
        data_js=Markup(data_js),
        page_js=Markup(page_js),
        vis_css=Markup(_asset("vis-network.css")),
        page_css=Markup((STATIC_DIR / "page.css").read_text(encoding="utf-8").replace("</style", "<\\/style")),
        script_hashes=Markup(" ".join(_csp_hash(s) for s in scripts)),
        stats={"nodes": len(net.nodes), "edges": len(net.edges)},
    )
    return html


def write_page(graph: nx.MultiDiGraph[Any], path: str | Path, *, title: str = "corpkg graph", subtitle: str = "",
               physics_seconds: float = 0.0) -> Path:
    """Write the page for ``graph`` (a projection) to ``path``; returns the path."""
    net = build_network(graph, physics_seconds=physics_seconds)
    html = render_page(net, title=title, subtitle=subtitle)
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    return out


def merge_identities(graph: nx.MultiDiGraph[Any], canonical: dict[str, str]) -> nx.MultiDiGraph[Any]:
    """A copy of a projection in which every resolved identity (``canonical``: member → canonical
    entity, from the resolution graph) is one node, keyed by its canonical IRI: its label the
    canonical node's (else the first member's), the other members' labels among its aliases, its
    identifiers, filings and roles the union of theirs, ``members`` the minted nodes it stands for
    (IRI and label) so the page can show where each name came from.  Edges move with their ends;
    an edge between two members of one identity becomes a loop and is kept."""
    if not canonical:
        return graph
    to = {n: canonical.get(n, n) for n in graph}
    out: nx.MultiDiGraph[Any] = nx.MultiDiGraph()
    out.graph.update(graph.graph)
    groups: dict[str, list[str]] = defaultdict(list)
    for n in graph:
        groups[to[n]].append(n)
    for target, members in groups.items():
        members.sort(key=lambda m: (m != target, m))
        data = dict(graph.nodes[members[0]])
        if len(members) > 1:
            labels = [graph.nodes[m].get("label", m) for m in members]
            alts = {a for m in members for a in graph.nodes[m].get("alt_labels", [])} | set(labels[1:])
            data["alt_labels"] = sorted(alts - {data.get("label", "")})
            ids: dict[str, Any] = {}
            for m in members:
                for k, v in graph.nodes[m].get("identifiers", {}).items():
                    ids.setdefault(k, v)
            data["identifiers"] = ids
            data["filings"] = sorted({f for m in members for f in graph.nodes[m].get("filings", [])})
            data["roles"] = set().union(*(set(graph.nodes[m].get("roles", ())) for m in members))
            data["members"] = [{"iri": m, "label": graph.nodes[m].get("label", m)} for m in members]
        out.add_node(target, **data)
    for u, v, k, data in graph.edges(keys=True, data=True):
        moved = dict(data)
        if "parties" in moved:
            moved["parties"] = {slot: sorted({canonical.get(e, e) for e in ents}) for slot, ents in moved["parties"].items()}
        out.add_edge(to[u], to[v], key=k, **moved)
    if "filings" in graph.graph:
        out.graph["filings"] = {iri: {**info, "issuers": sorted({canonical.get(i, i) for i in info.get("issuers", [])})}
                                for iri, info in graph.graph["filings"].items()}
    if graph.graph.get("focus"):
        out.graph["focus"] = to.get(graph.graph["focus"], graph.graph["focus"])
    return out


def _canonical_links(source: Any) -> dict[str, str]:
    from corpkg.graph.asof import canonical_links
    from corpkg.graph.projection import open_source

    return canonical_links(open_source(source))


def page_for(source: Any, path: str | Path, *, focus: str | None = None, hops: int = 2,
             roles: list[str] | None = None, since: str | None = None, title: str | None = None,
             keep_isolates: bool = False) -> tuple[Path, nx.MultiDiGraph[Any]]:
    """Project ``source`` (graph file, store directory, pyoxigraph Store or rdflib graph), filter it
    and write the page. Returns the page's path and the drawn projection."""
    canonical = _canonical_links(source)
    if focus is not None:  # fetch the neighbourhood only, never the whole graph
        graph = project_neighbourhood(source, focus, hops=hops, roles=roles, since=since)
        # the focus stands for its whole resolved identity: the neighbourhoods of its other members too
        centre = graph.graph["focus"]
        root = canonical.get(centre, centre)
        for member in sorted(m for m, c in canonical.items() if c == root and m != centre) + ([root] if root != centre else []):
            more = project_neighbourhood(source, member, hops=hops, roles=roles, since=since)
            graph.graph["filings"] = {**more.graph.get("filings", {}), **graph.graph.get("filings", {})}
            for node, data in more.nodes(data=True):
                if node not in graph:
                    graph.add_node(node, **data)
            for u, v, k, data in more.edges(keys=True, data=True):
                if not graph.has_edge(u, v, key=k):
                    graph.add_edge(u, v, key=k, **data)
        graph = merge_identities(graph, canonical)
    else:
        graph = merge_identities(filter_projection(project(source, roles=roles), roles=roles, since=since,
                                                   keep_isolates=keep_isolates), canonical)
    parts = []
    if focus is not None:
        centre = graph.graph["focus"]
        parts.append(f"around {graph.nodes[centre]['label']} ({hops} hop{'s' if hops != 1 else ''})")
    if roles:
        parts.append("roles: " + ", ".join(roles))
    if since:
        parts.append(f"since {since}")
    filings = graph.graph.get("filings", {})
    parts.append(f"{len(filings)} filing{'s' if len(filings) != 1 else ''}")
    page_title = title or (f"{graph.nodes[graph.graph['focus']]['label']}" if focus is not None else "corpkg graph")
    return write_page(graph, path, title=page_title, subtitle=" · ".join(parts)), graph


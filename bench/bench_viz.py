"""Benchmark the page and the analytics on synthetic projections of 500 and 1,000 entities.

Measures, per size: projection → pyvis network (layout included), page rendering, page size,
analytics (PageRank + betweenness, interlocks), and — when Debian's chromium is installed — the time
headless Chromium takes to load and draw the page (navigation start → first vis-network drawing).

    .venv/bin/python bench/bench_viz.py [--sizes 500,1000] [--out bench/results]
    .venv/bin/python bench/bench_viz.py --store-triples 1000000 [--store DIR] [--sizes 0]

``--store-triples N`` also times the projection's SPARQL on a store of about N triples made by
``bench/bench_store.py``'s generator (imported, not copied): each ``projection_*`` query, the whole
projection, and ``project_neighbourhood`` (``--focus``, 1 and 2 hops, all roles and positions only)
around the issuer with the most filings. ``--store DIR`` keeps (or reuses) that store.

Measured on 1,000,278 quads (shared 2-core machine; before = union-default-graph queries and
project-then-filter, after = GRAPH ?g queries and the neighbourhood fetched by IRI; docs/viz.md):
focus 1 hop on the busiest issuer 50 s → 0.14 s, positions only 79 s → 0.05 s, 2 hops → 0.95 s;
projection_participants 10.3 s → 3.5–7.9 s, projection_entities 4.1 s → 1.3–3.1 s; whole projection
45 s → 27–49 s (unchanged within noise: assembly in Python dominates).

The synthetic graph mimics a multi-filing build: issuers with subsidiary trees, officers and
directors (some sitting on several boards), shared lenders, lawsuits and acquisitions, every edge
with a quote and a filing. Figures go to docs/viz.md by hand.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
ID = "https://w3id.org/corpkg/id/"


def synthetic_projection(n_nodes: int, seed: int = 1) -> nx.MultiDiGraph:
    """A projection-shaped MultiDiGraph with about ``n_nodes`` entities."""
    from corpkg.graph.projection import _ROLE_OF_SLOT as ROLE_OF_SLOT

    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    g.graph["filings"] = {}
    n_issuers = max(2, n_nodes // 25)
    n_banks = max(2, n_nodes // 60)
    counter = {"rel": 0}

    def node(kind: str, label: str) -> str:
        iri = f"{ID}{'person' if kind == 'Person' else 'org'}/{len(g)}"
        g.add_node(iri, kind=kind, label=label, alt_labels=[], identifiers={}, filings=[], roles=set(),
                   relation_node=False)
        return iri

    def filing(issuer: str) -> dict:
        i = len(g.graph["filings"])
        iri = f"{ID}filing/{i:010d}-0{i % 10}-{i:06d}"
        filed_on = f"20{rng.randint(0, 24):02d}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}"
        info = {"iri": iri, "form_type": rng.choice(["10-K", "10-Q", "8-K"]), "filed_on": filed_on,
                "period": None, "date_of_report": None, "accession": None, "file": f"f{i}.txt", "issuers": [issuer],
                "properties": {}}
        info["date"] = info["filed_on"]
        info["when"] = "filed " + info["filed_on"]
        g.graph["filings"][iri] = info
        g.nodes[issuer]["filings"].append(iri)
        g.nodes[issuer]["roles"].add("issuer")
        return info

    def edge(u: str, v: str, role: str, label: str, src: str, dst: str, info: dict, **attrs) -> None:
        counter["rel"] += 1
        quote = f"{g.nodes[u]['label']} … {label} … {g.nodes[v]['label']}"
        g.add_edge(u, v, key=f"r{counter['rel']}", role=role, label=label, caption=label,
                   relation=f"{ID}rel/{counter['rel']}", relation_type=role, source_slot=src, target_slot=dst,
                   attributes={k: [v_] for k, v_ in attrs.items()}, titles=attrs.get("titles", []),
                   start=None, end=None, as_of=info["filed_on"], status=None, filing=info["iri"], filings=[info["iri"]],
                   filing_info=[info], parties={},
                   evidence=[{"quote": quote, "start": 100, "end": 100 + len(quote), "section": "Item 1. Business",
                              "document_type": info["form_type"], "filing": info["iri"], "form_type": info["form_type"],
                              "filed_on": info["filed_on"], "date": info["date"], "when": info["when"],
                              "accession": None, "file": info["file"]}])
        g.nodes[u]["roles"].add(ROLE_OF_SLOT[src])
        g.nodes[v]["roles"].add(ROLE_OF_SLOT[dst])

    issuers = [node("Organization", f"Issuer {i} Holdings, Inc.") for i in range(n_issuers)]
    banks = [node("Organization", f"Bank {i}, N.A.") for i in range(n_banks)]
    people: list[str] = []
    infos = {iss: filing(iss) for iss in issuers}
    while len(g) < n_nodes:
        iss = rng.choice(issuers)
        info = infos[iss]
        r = rng.random()
        if r < 0.45:  # subsidiary, sometimes of a subsidiary
            parents = [iss] + [u for u, v, d in g.in_edges(iss, data=True) if d["role"] == "subsidiary"]
            sub = node("Organization", f"Subsidiary {len(g)} LLC")
            edge(sub, rng.choice(parents), "subsidiary", "subsidiary of", "owned", "owner", info)
        elif r < 0.8:  # officer or director; a third of them sit elsewhere too
            if people and rng.random() < 0.3:
                person = rng.choice(people)
            else:
                person = node("Person", f"Person {len(g)}")
                people.append(person)
            title = rng.choice(["Director", "President", "Chief Financial Officer", "Secretary"])
            edge(person, iss, "position", title, "holder", "organization", info, titles=[title])
        elif r < 0.9:
            other = node("Organization", f"Litigant {len(g)} Corp.")
            edge(other, iss, "proceeding", "sued", "plaintiff", "defendant", info)
        else:
            target = node("Organization", f"Target {len(g)} Inc.")
            edge(iss, target, "acquisition", "acquired", "acquirer", "target", info)
    for iss in issuers:
        for bank in rng.sample(banks, k=min(2, len(banks))):
            edge(bank, iss, "credit", "lender to", "lender", "borrower", infos[iss])
    return g


def measure_page(path: Path, executable: str) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1500, "height": 900})
        start = time.perf_counter()
        page.goto(path.as_uri())
        page.wait_for_function("window.corpkg && window.corpkg.drawn === true", timeout=300_000)
        wall = time.perf_counter() - start
        drawn_at = page.evaluate("window.corpkg.drawnAt") / 1000.0
        page.screenshot(path=str(path.with_suffix(".png")))
        browser.close()
    return {"load_draw_s": round(drawn_at, 3), "wall_s": round(wall, 3)}


def _bench_store_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_store", ROOT / "bench" / "bench_store.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure_store(n_triples: int, directory: Path | None) -> list[dict]:
    """Projection query times on a bench_store-generated store of about ``n_triples`` triples."""
    import tempfile

    import pyoxigraph as ox

    from corpkg.graph import projection as P

    tmp = None
    if directory is None:
        tmp = tempfile.TemporaryDirectory(prefix="corpkg-bench-viz-")
        directory = Path(tmp.name) / "store"
    if not (directory / "CURRENT").exists():
        t = time.perf_counter()
        writer = ox.Store(str(directory))
        writer.bulk_extend(q for g in _bench_store_module().generate(n_triples) for q in g.quads())
        writer.flush()
        print(json.dumps({"store_quads": len(writer), "generate_and_load_s": round(time.perf_counter() - t, 1)}), flush=True)
        del writer
    store = ox.Store.read_only(str(directory))
    rows = []

    def timed(what: str, run) -> None:
        t = time.perf_counter()
        result = run()
        row = {"what": what, "s": round(time.perf_counter() - t, 3), **result}
        rows.append(row)
        print(json.dumps(row), flush=True)

    for name in ("entities", "participants", "edges", "attributes", "evidence", "filings", "names"):
        query = P._query_text("projection_" + name)
        timed(f"projection_{name}", lambda q=query: {"rows": sum(1 for _ in P.select(store, q))})
    [busiest] = P.select(store, "PREFIX ckg: <https://w3id.org/corpkg/ontology#> SELECT ?o (COUNT(*) AS ?n) "
                                "WHERE { GRAPH ?g { ?f ckg:issuer ?o } } GROUP BY ?o ORDER BY DESC(?n) ?o LIMIT 1")
    focus = busiest["o"]
    for hops in (1, 2):
        for roles in (None, ["position"]):
            def run(h=hops, r=roles):
                g = P.project_neighbourhood(store, focus, hops=h, roles=r)
                return {"entities": g.number_of_nodes(), "relations": g.number_of_edges()}
            timed(f"focus {hops} hop(s), roles {','.join(roles) if roles else 'all'}", run)

    def whole():
        g = P.project(store)
        return {"entities": g.number_of_nodes(), "relations": g.number_of_edges()}
    timed("whole projection", whole)
    store = None  # release the read-only store before the temporary folder goes
    if tmp is not None:
        tmp.cleanup()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="500,1000")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    parser.add_argument("--store-triples", type=int, default=0,
                        help="also time the projection queries on a bench_store store of about this many triples")
    parser.add_argument("--store", type=Path, default=None, help="keep (or reuse) that store in this directory")
    args, _unknown = parser.parse_known_args()
    if args.store_triples:
        store_rows = measure_store(args.store_triples, args.store)
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "bench_viz_store.json").write_text(json.dumps(store_rows, indent=2), encoding="utf-8")
    from corpkg.graph import analytics
    from corpkg.graph.viz import build_network, render_page

    args.out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium")
    rows = []
    for size in [int(s) for s in args.sizes.split(",") if int(s) > 0]:
        graph = synthetic_projection(size)
        t0 = time.perf_counter()
        net = build_network(graph)
        t1 = time.perf_counter()
        html = render_page(net, title=f"synthetic {size}")
        t2 = time.perf_counter()
        path = args.out / f"viz_{size}.html"
        path.write_text(html, encoding="utf-8")
        t3 = time.perf_counter()
        analytics.centrality(graph, top=10)
        analytics.interlocks(graph)
        t4 = time.perf_counter()
        row = {
            "entities": graph.number_of_nodes(),
            "relations": graph.number_of_edges(),
            "network_and_layout_s": round(t1 - t0, 3),
            "render_s": round(t2 - t1, 3),
            "write_s": round(t3 - t2, 3),
            "page_mb": round(len(html.encode("utf-8")) / 1e6, 2),
            "analytics_s": round(t4 - t3, 3),
        }
        if chromium:
            row.update(measure_page(path, chromium))
        else:
            row["load_draw_s"] = None
        rows.append(row)
        print(json.dumps(row), flush=True)
    (args.out / "bench_viz.json").write_text(json.dumps(rows, indent=2), encoding="utf-8")
    if not chromium:
        print("chromium not found: page load/draw times not measured", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The page as a file: offline, escaped, locked down by its CSP, carrying the projection's data.
(What a browser draws is checked in test_viz_browser.py.)"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import html as lxml_html

from corpkg.graph.projection import project
from corpkg.graph.viz import build_network, compute_layout, render_page, write_page

FIXTURE = Path(__file__).parent / "fixtures" / "viz_small.trig"
ID = "https://w3id.org/corpkg/id/"
HOSTILE = '<script>window.__corpkgPwned=1;alert(1)</script> "Acme" & Sons, Inc.'


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> str:
    path = write_page(project(FIXTURE), tmp_path_factory.mktemp("page") / "page.html", title='Auxer <b>"&"</b>')
    return path.read_text(encoding="utf-8")


def scripts(page: str) -> list[str]:
    return re.findall(r"<script>(.*?)</script>", page, flags=re.S)


def page_data(page: str) -> dict:
    [data_js] = [s for s in scripts(page) if s.startswith("window.CORPKG = ")]
    text = data_js[len("window.CORPKG = "):-1]
    nodes, rest = text[len("{nodes: "):].split(", edges: ", 1)
    edges, rest = rest.rsplit(", options: ", 1)
    options, legend = rest.rsplit(", legend: ", 1)
    return {"nodes": json.loads(nodes), "edges": json.loads(edges), "options": json.loads(options),
            "legend": json.loads(legend[:-1])}


def test_page_is_offline(page):
    tree = lxml_html.fromstring(page)
    assert not tree.xpath("//script[@src] | //link[@href] | //img[@src] | //iframe")
    assert "cdn.jsdelivr" not in page and "cdnjs" not in page and "bootstrap" not in page
    assert "vis.Network" in page  # vis-network itself is inlined


def test_hostile_strings_never_appear_as_markup(page):
    assert "<script>window.__corpkgPwned" not in page
    assert "<img src=x" not in page
    assert "</textarea>" not in page
    # vis-network, the data, the page script (and nothing else an HTML parser would run)
    assert len(lxml_html.fromstring(page).xpath("//script")) == 3
    # the heading is autoescaped
    assert 'Auxer &lt;b&gt;&#34;&amp;&#34;&lt;/b&gt;' in page
    # and the strings survive as data
    data = page_data(page)
    acme = next(n for n in data["nodes"] if n["id"] == ID + "org/acme-sons")
    assert acme["fullLabel"] == HOSTILE
    assert acme["altLabels"] == ['<img src=x onerror="window.__corpkgPwned=2">']


def test_csp_allows_exactly_the_page_scripts(page):
    [csp] = re.findall(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    allowed = set(re.findall(r"'(sha256-[^']+)'", csp))
    actual = {"sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode() for s in scripts(page)}
    assert allowed == actual
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "connect-src 'none'" in csp


def test_page_data_has_styles_positions_and_evidence(page):
    data = page_data(page)
    assert data["options"]["physics"]["enabled"] is False
    assert data["options"]["layout"]["improvedLayout"] is False
    assert data["options"]["edges"]["smooth"] is False
    nodes = {n["id"]: n for n in data["nodes"]}
    auxer = nodes[ID + "cik/0001084475"]
    assert auxer["category"] == "issuer" and auxer["shape"] == "star"
    assert nodes[ID + "person/robert-j-scott"]["shape"] == "triangle"
    assert all(isinstance(n["x"], float) and isinstance(n["y"], float) for n in data["nodes"])
    [edge] = [e for e in data["edges"] if e["from"] == ID + "org/viva-airlines" and e["role"] == "subsidiary"]
    # The Auxer Group has more than CROWDED drawn edges: its edges are labelled on hover/selection only
    assert edge["label"] == "" and edge["hoverLabel"] == "subsidiary of (100%)"
    quiet = [e for e in data["edges"] if ID + "cik/0001084475" not in (e["from"], e["to"])]
    assert quiet and all(e["label"] and "hoverLabel" not in e for e in quiet)
    [item] = edge["items"]
    assert item["evidence"][0]["quote"].startswith("As a result, Viva Airlines")
    assert item["evidence"][0]["section"] == "Item 2. Acquisition or Disposition of Assets"
    assert item["filings"][0]["url"] == (
        "https://www.sec.gov/Archives/edgar/data/1084475/000108447503000003/0001084475-03-000003-index.htm")
    suit = next(e for e in data["edges"] if e["role"] == "proceeding")
    assert suit["items"][0]["parties"]["plaintiff"] == [
        "The Auxer Group, Inc.", "Auxer Telecom, Inc.", "CT Industries, Inc."]
    ended = [e for e in data["edges"] if e["from"] == ID + "org/auxer-telecom" and e["role"] == "subsidiary"]
    assert ended[0]["dashes"] is True


def test_parallel_relations_are_drawn_once_with_all_evidence(tmp_path):
    import pyoxigraph as ox

    store = ox.Store()
    store.load(path=str(FIXTURE), format=ox.RdfFormat.TRIG)
    store.load(
        b"""@prefix ckg: <https://w3id.org/corpkg/ontology#> . @prefix id: <https://w3id.org/corpkg/id/> .
        id:rel\\/own-viva-again a ckg:Ownership ; ckg:owner id:cik\\/0001084475 ; ckg:owned id:org\\/viva-airlines ;
            ckg:percentage 100 ; ckg:asOf "2003-03-31" ; ckg:evidence id:ev\\/again .
        id:ev\\/again ckg:quote "Viva Airlines, Inc., our wholly owned subsidiary" ; ckg:start 10 ; ckg:end 58 .""",
        format=ox.RdfFormat.TURTLE,
    )
    net = build_network(project(store))
    viva = [e for e in net.edges if e["from"] == ID + "org/viva-airlines" and e["role"] == "subsidiary"]
    assert len(viva) == 1
    assert [i["asOf"] for i in viva[0]["items"]] == ["2003-01-28", "2003-03-31"]


def test_layout_is_deterministic_and_spreads_nodes():
    graph = project(FIXTURE)
    first = compute_layout(graph)
    assert first == compute_layout(graph)
    points = list(first.values())
    closest = min(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for i, a in enumerate(points) for b in points[i + 1:])
    assert closest > 20  # no two nodes drawn on top of each other


def test_viz_command_writes_focused_page(tmp_path):
    from corpkg.commands.viz import command

    out = tmp_path / "scott.html"
    result = CliRunner().invoke(command, [str(FIXTURE), "-o", str(out), "--focus", "Robert J. Scott", "--hops", "1"])
    assert result.exit_code == 0, result.output
    assert "3 entities" in result.output
    data = page_data(out.read_text(encoding="utf-8"))
    assert {n["fullLabel"] for n in data["nodes"]} == {
        "Robert J. Scott", "The Auxer Group, Inc.", "Old Mission Assessment Corporation"}
    assert [n["fullLabel"] for n in data["nodes"] if n["focus"]] == ["Robert J. Scott"]


def test_viz_command_roles_since_and_errors(tmp_path):
    from corpkg.commands.viz import command

    runner = CliRunner()
    out = tmp_path / "p.html"
    result = runner.invoke(command, [str(FIXTURE), "-o", str(out), "--roles", "subsidiary,credit", "--since", "2002-01-01"])
    assert result.exit_code == 0, result.output
    data = page_data(out.read_text(encoding="utf-8"))
    assert {e["role"] for e in data["edges"]} == {"subsidiary", "credit"}
    assert runner.invoke(command, [str(FIXTURE), "-o", str(out), "--roles", "cousin"]).exit_code == 2
    assert runner.invoke(command, [str(FIXTURE), "-o", str(out), "--since", "May 2002"]).exit_code == 2
    assert runner.invoke(command, ["-o", str(out)]).exit_code == 2
    missing = runner.invoke(command, [str(FIXTURE), "-o", str(out), "--focus", "Nobody Ltd"])
    assert missing.exit_code == 1 and "no entity named" in missing.output


def test_render_page_accepts_a_hand_built_network():
    net = build_network(project(FIXTURE))
    net.nodes = net.nodes[:1]
    net.edges = []
    page = render_page(net, title="one")
    assert page_data(page)["nodes"][0]["id"] == net.nodes[0]["id"]


def test_viz_and_analyze_read_a_store_directory(tmp_path):
    import pyoxigraph as ox

    from corpkg.commands.analyze import command as analyze
    from corpkg.commands.viz import command as viz

    store = ox.Store(str(tmp_path / "kg"))
    store.load(path=str(FIXTURE), format=ox.RdfFormat.TRIG)
    store.flush()
    del store
    runner = CliRunner()
    result = runner.invoke(viz, ["--store", str(tmp_path / "kg"), "-o", str(tmp_path / "kg.html")])
    assert result.exit_code == 0, result.output
    assert len(page_data((tmp_path / "kg.html").read_text(encoding="utf-8"))["nodes"]) == 13
    result = runner.invoke(analyze, ["--store", str(tmp_path / "kg"), "--entity", "Viva Airlines"])
    assert result.exit_code == 0, result.output
    assert "Ultimate parent(s): The Auxer Group, Inc." in result.output
    both = runner.invoke(viz, [str(FIXTURE), "--store", str(tmp_path / "kg"), "-o", str(tmp_path / "x.html")])
    assert both.exit_code == 2


def test_demo_ends_with_the_page(tmp_path, seed_paths):
    from corpkg.commands.demo import command as demo

    result = CliRunner().invoke(demo, [str(seed_paths[0].parent), "--out-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = tmp_path / "graph.html"
    assert "interactive page" in result.output and str(page.resolve()) in result.output
    data = page_data(page.read_text(encoding="utf-8"))
    issuers = [n["fullLabel"] for n in data["nodes"] if n["category"] == "issuer"]
    assert issuers  # the example filings' issuer is drawn

"""The page in headless Chromium: it draws the expected nodes and edges, tooltips and the details
panel quote the evidence, filters and search work, and hostile labels never run.

Needs Debian's chromium (``apt-get install chromium``) and the playwright Python package; skipped
locally when either is missing, failed in CI (CI=true)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from corpkg.graph.projection import project
from corpkg.graph.viz import write_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = Path(__file__).parent / "fixtures" / "viz_small.trig"
ARTIFACTS = ROOT / "test-artifacts"
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ID = "https://w3id.org/corpkg/id/"
AUXER = ID + "cik/0001084475"
HOSTILE = '<script>window.__corpkgPwned=1;alert(1)</script> "Acme" & Sons, Inc.'


def chromium_path() -> str:
    path = os.environ.get("CORPKG_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        msg = "headless Chromium is missing: apt-get install -y chromium (or set CORPKG_CHROMIUM)"
        if IN_CI:
            pytest.fail(msg)
        pytest.skip(msg)
    return path


@pytest.fixture(scope="module")
def browser():
    executable = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - playwright is a test dependency
        if IN_CI:
            pytest.fail("the playwright Python package is missing")
        pytest.skip("the playwright Python package is missing")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    return write_page(project(FIXTURE), tmp_path_factory.mktemp("browser") / "auxer.html", title="Auxer fixture")


@pytest.fixture()
def page(browser, page_file):
    context = browser.new_context(viewport={"width": 1500, "height": 900})
    pg = context.new_page()
    events: dict[str, list[str]] = {"dialogs": [], "errors": [], "requests": []}

    def on_dialog(dialog):
        events["dialogs"].append(dialog.message)
        dialog.dismiss()

    pg.on("dialog", on_dialog)
    pg.on("pageerror", lambda exc: events["errors"].append(str(exc)))
    pg.on("request", lambda req: events["requests"].append(req.url))
    pg.goto(page_file.as_uri())
    pg.wait_for_function("window.corpkg && window.corpkg.drawn === true", timeout=60_000)
    pg.events = events
    yield pg
    context.close()


def node_point(pg, node_id: str) -> tuple[float, float]:
    """Where a node is drawn, in page coordinates."""
    return tuple(pg.evaluate(
        """(id) => {
            const net = window.corpkg.network;
            const dom = net.canvasToDOM(net.getPosition(id));
            const box = document.getElementById('network').getBoundingClientRect();
            return [box.left + dom.x, box.top + dom.y];
        }""",
        node_id,
    ))


def test_expected_nodes_and_edges_are_drawn(page):
    counts = page.evaluate("[window.corpkg.nodes.length, window.corpkg.edges.length]")
    assert counts == [13, 22]
    labels = page.evaluate("window.corpkg.nodes.get().map(n => n.fullLabel)")
    assert {"The Auxer Group, Inc.", "Viva Airlines, Inc.", "Robert J. Scott", HOSTILE} <= set(labels)
    edge = page.evaluate(
        """() => window.corpkg.edges.get({filter: e => e.from.endsWith('viva-airlines') && e.role === 'subsidiary'})
                 .map(e => [e.id, e.label, e.hoverLabel])"""
    )
    [[edge_id, label, hover_label]] = edge
    assert (label, hover_label) == ("", "subsidiary of (100%)")  # a hub's edge: no label drawn ...
    page.evaluate("id => window.corpkg.network.emit('hoverEdge', {edge: id})", edge_id)
    assert page.evaluate("id => window.corpkg.edges.get(id).label", edge_id) == "subsidiary of (100%)"  # ... until hovered
    page.evaluate("() => window.corpkg.network.emit('blurEdge', {})")
    assert page.evaluate("id => window.corpkg.edges.get(id).label", edge_id) == ""
    # the network really drew them: every node has a position inside the canvas' coordinate system
    positions = page.evaluate("Object.keys(window.corpkg.network.getPositions()).length")
    assert positions == 13
    assert page.events["errors"] == []
    assert all(url.startswith("file:") for url in page.events["requests"])  # offline: nothing fetched


def test_clicking_a_node_and_an_edge_shows_evidence(page):
    x, y = node_point(page, ID + "person/robert-j-scott")
    page.mouse.click(x, y)
    details = page.inner_text("#details-body")
    assert "Robert J. Scott" in details
    assert "President, Director → The Auxer Group, Inc." in details
    # follow the relation to its evidence
    page.get_by_text("President, Director → The Auxer Group, Inc.").click()
    details = page.inner_text("#details-body")
    assert "Robert J. Scott became the Company's sole Director and President." in details
    assert "8-K/A filed 2003-01-28" in details
    assert "Item 1. Changes in Control of Registrant" in details
    assert "chars 1633–1698" in details


def test_hovering_a_node_shows_its_tooltip(page):
    x, y = node_point(page, AUXER)
    page.mouse.move(x - 30, y - 30)
    page.mouse.move(x, y)
    tooltip = page.wait_for_selector("div.vis-tooltip", state="visible", timeout=10_000)
    text = tooltip.inner_text()
    assert "The Auxer Group, Inc." in text
    assert "cik 0001084475" in text


def test_hostile_label_is_shown_as_text_and_never_runs(page):
    page.fill("#search", "Acme")
    page.click("#search-form button[type=submit]")
    heading = page.inner_text("#details-body h3")
    assert heading == HOSTILE
    alt = page.inner_text("#details-body dl")
    assert '<img src=x onerror="window.__corpkgPwned=2">' in alt
    # the evidence quote with a <script> inside is text too
    page.get_by_text("subsidiary of (100%) → The Harvey Westbury Corp.").click()
    assert "<script>window.__corpkgPwned=3</script>" in page.inner_text("#details-body blockquote")
    x, y = node_point(page, ID + "org/acme-sons")
    page.mouse.move(x, y)
    page.wait_for_selector("div.vis-tooltip", state="visible", timeout=10_000)
    assert page.evaluate("window.__corpkgPwned") is None
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.events["dialogs"] == []


def test_role_filter_hides_edges_and_search_focuses(page):
    page.uncheck("#role-filters input[value=proceeding]")
    hidden = page.evaluate("window.corpkg.edges.get({filter: e => e.hidden}).map(e => e.role)")
    assert hidden and set(hidden) == {"proceeding"}
    assert len(hidden) == 9
    # Husni Hassan is only a defendant: hidden with the proceedings
    assert page.evaluate(f"window.corpkg.nodes.get('{ID}person/husni-hassan').hidden") is True
    page.check("#role-filters input[value=proceeding]")
    assert page.evaluate("window.corpkg.edges.get({filter: e => e.hidden}).length") == 0
    page.fill("#search", "mechanics depot")
    page.click("#search-form button[type=submit]")
    assert page.evaluate("window.corpkg.network.getSelectedNodes()") == [ID + "org/hardyston-distributors"]


def test_screenshot(page):
    ARTIFACTS.mkdir(exist_ok=True)
    x, y = node_point(page, ID + "org/viva-airlines")
    page.mouse.click(x, y)
    path = ARTIFACTS / "viz_fixture.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000

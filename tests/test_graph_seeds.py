"""The seed filings: golden TriG (by graph isomorphism), one issuer node for both, issuer queries."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest
from rdflib import Dataset, Graph, compare

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing
from corpkg.graph.query import load_named, run_query
from corpkg.graph.rdf import build_filing_graph
from corpkg.graph.store import open_store, replace_filing
from corpkg.graph.validate import validate_dataset

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
AUXER = "https://w3id.org/corpkg/id/ein/223537927"


def _load_maker():
    spec = importlib.util.spec_from_file_location("make_graph_golden", GOLDEN / "make_graph_golden.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _graphs(trig: bytes) -> dict[str, Graph]:
    ds = Dataset()
    ds.parse(data=trig.decode("utf-8"), format="trig")
    out = {}
    for g in ds.graphs():
        if len(g):
            plain = Graph()
            for t in g:
                plain.add(t)
            out[str(g.identifier)] = plain
    return out


def _readable_diff(expected: Graph, got: Graph) -> str:
    _both, only_expected, only_got = compare.graph_diff(compare.to_isomorphic(expected), compare.to_isomorphic(got))
    lines = [f"- {' '.join(t.n3() for t in tr)}" for tr in sorted(only_expected)]
    lines += [f"+ {' '.join(t.n3() for t in tr)}" for tr in sorted(only_got)]
    return "\n".join(lines[:80])


def _assert_matches_golden(golden: bytes, built: bytes, regenerate: str) -> None:
    """Same named graphs, each isomorphic to the golden one; otherwise a readable diff."""
    want, got = _graphs(golden), _graphs(built)
    hint = f"\nIf the change is intended, regenerate: .venv/bin/python tests/golden/make_graph_golden.py{regenerate}"
    assert sorted(want) == sorted(got), "named graphs differ:\n" + "\n".join(
        difflib.unified_diff(sorted(want), sorted(got), lineterm="")) + hint
    for name in want:
        if not compare.isomorphic(want[name], got[name]):
            pytest.fail(f"graph <{name}> differs from the golden file (- golden, + built):\n"
                        f"{_readable_diff(want[name], got[name])}{hint}")


def test_seeds_match_the_golden_trig():
    _assert_matches_golden((GOLDEN / "seeds_issuer.trig").read_bytes(), _load_maker().build(["issuer"]), "")


def test_seeds_full_pipeline_match_the_golden_trig():
    """The whole pipeline (issuer, entities, roles) on the seeds, compared by isomorphism."""
    _assert_matches_golden((GOLDEN / "seeds_full.trig").read_bytes(), _load_maker().build(None), " --all-stages")


@pytest.fixture(scope="module")
def seed_store():
    st = open_store()
    for path in sorted(EXAMPLES.glob("*.txt")):
        replace_filing(st, build_filing_graph(extract_filing(read_filing(path))))
    return st


def test_two_seeds_give_one_issuer_node_with_both_filings(seed_store):
    q = """SELECT DISTINCT ?org ?f ?form WHERE { ?f a ckg:Filing ; ckg:issuer ?org ; ckg:formType ?form }"""
    rows = run_query(seed_store, q)
    assert {r["org"] for r in rows} == {AUXER}
    assert sorted(r["form"] for r in rows) == ["10-QSB", "8-K/A"]


def test_issuer_profile_on_the_seeds(seed_store):
    rows = run_query(seed_store, load_named("issuer_profile"))
    assert len(rows) == 1
    r = rows[0]
    assert (r["org"], r["label"], r["ein"], r["commissionFileNumber"], r["stateOfIncorporation"], r["filings"]) == (
        AUXER, "The Auxer Group, Inc.", "22-3537927", "0-30440", "Delaware", "2")
    assert r["address"] == "12 Andrews Drive, West Paterson, New Jersey 07424"
    # as of the day each filing states its facts: the 10-QSB (quarter ended 2002-03-31) was signed
    # on 2002-05-20, the 8-K/A on 2003-01-28
    assert (r["firstAsOf"], r["lastAsOf"]) == ("2002-05-20", "2003-01-28")
    assert run_query(seed_store, load_named("issuer_profile"), {"org": AUXER})[0]["filings"] == "2"


def test_provenance_of_the_issuer_points_into_the_cover(seed_store):
    rows = run_query(seed_store, load_named("provenance"), {"subject": AUXER})
    issuer_rows = [r for r in rows if r["type"].endswith("#FilingRole")]
    assert len(issuer_rows) == 2
    for r in issuer_rows:
        assert r["quote"] == "THE AUXER GROUP, INC." and r["section"] == "Cover page"


def test_seed_graphs_conform(seed_store):
    ds = Dataset()
    from corpkg.graph.rdf import from_ox

    for q in seed_store:
        ds.graph(from_ox(q.graph_name)).add((from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)))
    report = validate_dataset(ds)
    assert report.conforms, report.text

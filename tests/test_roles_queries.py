"""The role queries (ontology/queries/officers_over_time.rq, control_of.rq) on the graph of the
two seed filings."""

from __future__ import annotations

import pytest

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing
from corpkg.graph.query import load_named, run_query
from corpkg.graph.store import add_extraction, open_store


@pytest.fixture(scope="module")
def seed_store(seed_paths):
    store = open_store()
    for p in seed_paths:
        add_extraction(store, extract_filing(read_filing(p)))
    return store


def test_presidents_over_time(seed_store):
    rows = run_query(seed_store, load_named("officers_over_time"), {"title": "President"})
    auxer = [r for r in rows if r["orgLabel"] == "The Auxer Group, Inc."]
    assert [r["personLabel"] for r in auxer] == ["Eugene Chiaramonte, Jr.", "Robert J. Scott"]
    first, second = auxer
    assert first["asOf"].startswith("2002-0") and first["status"] == "current"
    assert second["startDate"].startswith("2003-01")


def test_former_officer_is_listed_with_its_end(seed_store):
    rows = run_query(seed_store, load_named("officers_over_time"), {"title": "Executive Vice President"})
    assert [(r["personLabel"], r["status"], r["endDate"]) for r in rows] == [("Shaver", "former", "2002-01-03")]


def test_who_controls_the_auxer_group_and_its_subsidiaries(seed_store):
    rows = run_query(seed_store, load_named("control_of"))
    auxer = {(r["controllerLabel"], r["basis"]) for r in rows if r["orgLabel"] == "The Auxer Group, Inc."}
    assert {c for c, _ in auxer} == {"Old Mission Assessment Corporation", "Robert J. Scott", "Joan Jolitz",
                                     "Enterprises D and D", "Lazaro Canto", "Bash, LLC"}
    assert {b for _, b in auxer} == {"acquisition (control)"}
    viva = [r for r in rows if r["orgLabel"] == "Viva Airlines, Inc."]
    assert viva and all(r["controllerLabel"] == "The Auxer Group, Inc." and r.get("since") == "2003-01-08" for r in viva)
    ended = [r for r in rows if r.get("until")]
    assert [(r["orgLabel"], r["until"]) for r in ended] and all(r["until"] == "2002-03-18" for r in ended)
    assert all(r.get("quote") for r in rows)

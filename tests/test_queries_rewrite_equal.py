"""The named queries rewritten for speed at scale (LATERAL, the bound organization first) give the
same answers as their earlier texts (tests/data/queries_before/*.rq) on the store of examples/,
unbound and bound to every organization and person it holds.

Rows are compared as multisets; GROUP_CONCAT values as sets of their parts (SPARQL leaves their
order open); a SAMPLE column (any one value of its group, SPARQL says: "President" or "Director and President"
when a position prints both) is left out of the comparison.  So only a different answer fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing
from corpkg.graph.query import load_named, run_query
from corpkg.graph.store import add_extraction, open_store

BEFORE = Path(__file__).parent / "data" / "queries_before"
NAMES = sorted(p.stem for p in BEFORE.glob("*.rq"))
# the parameter(s) of each query that take an organization, a person or a relation node
PARAMS = {"provenance": ["subject"], "officers": ["org", "person"], "officers_over_time": ["org"],
          "lenders": ["borrower", "lender"], "litigation": ["party"], "subsidiaries": ["parent", "subsidiary"],
          "control_of": ["org", "controller"], "resolution_links": ["entity"],
          "resolution_mentions": ["entity"], "resolved_entities": ["canonical"], "issuer_profile": ["org"],
          "acquisitions": ["target", "acquirer"]}
CKG = "https://w3id.org/corpkg/ontology#"


@pytest.fixture(scope="module")
def store(seed_paths):
    st = open_store()
    for p in seed_paths:
        add_extraction(st, extract_filing(read_filing(p)))
    # a few identity links (as `corpkg resolve` writes them) for resolved_entities to follow
    people = [r["x"] for r in run_query(st, f"SELECT DISTINCT ?x WHERE {{ ?x a <{CKG}Person> }} ORDER BY ?x")]
    links = " ".join(f"<{a}> <{CKG}canonical> <{people[0]}> ." for a in people[1:4])
    st.update(f"INSERT DATA {{ GRAPH <urn:test:resolution> {{ {links} }} }}")
    return st


@pytest.fixture(scope="module")
def nodes(store):
    q = f"""SELECT DISTINCT ?x WHERE {{ {{ ?x a <{CKG}Organization> }} UNION {{ ?x a <{CKG}Person> }}
            UNION {{ ?x a <{CKG}Relation> }} }}"""
    return sorted(r["x"] for r in run_query(store, q))


def _sampled(text: str) -> set[str]:
    return set(re.findall(r"SAMPLE\(\?\w+\)\s+AS\s+\?(\w+)", text))


def _norm(rows: list[dict[str, str]], skip: set[str] = frozenset()) -> list[tuple]:
    return sorted(tuple(sorted((k, "|".join(sorted(re.split(r" \| |, | ", v)))) for k, v in r.items() if k not in skip))
                  for r in rows)


def _same(old: list[dict[str, str]], new: list[dict[str, str]], sampled: set[str]) -> bool:
    return _norm(new, sampled) == _norm(old, sampled)


def test_every_rewritten_query_has_its_before_text():
    assert NAMES and set(NAMES) <= set(PARAMS)


@pytest.mark.parametrize("name", NAMES)
def test_rewritten_query_same_answers(store, nodes, name):
    before = (BEFORE / f"{name}.rq").read_text(encoding="utf-8")
    after = load_named(name)
    assert before != after
    old = run_query(store, before)
    assert old, f"{name}: no rows on the examples store: the comparison would prove nothing"
    sampled = _sampled(before) | _sampled(after)
    assert _same(old, run_query(store, after), sampled)
    hits = 0
    for param in PARAMS[name]:
        for node in nodes:
            old = run_query(store, before, {param: node})
            hits += bool(old)
            assert _same(old, run_query(store, after, {param: node}), sampled), (name, param, node)
    assert hits, f"{name}: no bound parameter gave rows"

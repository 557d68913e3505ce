"""The named queries rewritten for speed at scale (LATERAL, the bound organization first) give the
same answers as their earlier texts (tests/data/queries_before/*.rq) on the store of examples/,
unbound and bound to every organization and person it holds (plus a small graph of duplicates, so that
identity_candidates and interlocks have something to answer).

Rows are compared as multisets; GROUP_CONCAT values as sets of their parts (SPARQL leaves their
order open); a SAMPLE column (any one value of its group, SPARQL says: "President" or "Director and President"
when a position prints both) is left out of the comparison.  So only a different answer fails."""

from __future__ import annotations

import re
from pathlib import Path

import pyoxigraph as ox
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
          "acquisitions": ["target", "acquirer"], "identity_candidates": ["entity"], "interlocks": ["person"]}
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
    _add_duplicates(st, people[0])
    return st


def _add_duplicates(st, canonical: str) -> None:
    """One more filing graph for identity_candidates and interlocks to answer something: a second node
    of an organization (same identifier and label), and a second node of a person (its alias is the
    person's label) holding a position at that node and owning another organization, judged the same
    as ``canonical``."""
    org, prop, value, org_label = next(
        (r["x"], r["p"], r["v"], r["l"]) for r in run_query(st, f"""SELECT ?x ?p ?v ?l WHERE {{ GRAPH ?g {{
            ?x a <{CKG}Organization> ; <http://www.w3.org/2000/01/rdf-schema#label> ?l ; ?p ?v .
            VALUES ?p {{ <{CKG}ein> <{CKG}cik> <{CKG}commissionFileNumber> }} }} }} ORDER BY ?x ?p LIMIT 1"""))
    person, person_label = next((r["x"], r["l"]) for r in run_query(st, f"""SELECT ?x ?l WHERE {{ GRAPH ?g {{
        ?x a <{CKG}Person> ; <http://www.w3.org/2000/01/rdf-schema#label> ?l }} }} ORDER BY ?x LIMIT 1"""))
    g, idn, label, alt = (ox.NamedNode("urn:test:more"), "https://w3id.org/corpkg/id/test/",
                          "http://www.w3.org/2000/01/rdf-schema#label", "http://www.w3.org/2004/02/skos/core#altLabel")
    dup_org, other, dup_person = (ox.NamedNode(idn + x) for x in ("org-2", "other-org", "person-2"))
    pos, own = ox.NamedNode(idn + "position"), ox.NamedNode(idn + "ownership")
    a = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")

    def t(s: ox.NamedNode, p: str, o: ox.NamedNode | ox.Literal) -> ox.Quad:
        return ox.Quad(s, a if p == "a" else ox.NamedNode(p), o, g)

    st.extend([
        t(dup_org, "a", ox.NamedNode(CKG + "Organization")), t(dup_org, label, ox.Literal(org_label)),
        t(dup_org, prop, ox.Literal(value)),
        t(other, "a", ox.NamedNode(CKG + "Organization")), t(other, label, ox.Literal("Other Holdings LLC")),
        t(dup_person, "a", ox.NamedNode(CKG + "Person")), t(dup_person, label, ox.Literal(person_label + " Jr.")),
        t(dup_person, alt, ox.Literal(person_label)),
        t(pos, "a", ox.NamedNode(CKG + "Position")), t(pos, CKG + "holder", dup_person),
        t(pos, CKG + "organization", dup_org), t(pos, CKG + "title", ox.Literal("Director")),
        t(own, "a", ox.NamedNode(CKG + "Ownership")), t(own, CKG + "owner", dup_person), t(own, CKG + "owned", other),
        ox.Quad(dup_person, ox.NamedNode(CKG + "canonical"), ox.NamedNode(canonical), ox.NamedNode("urn:test:resolution")),
    ])


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

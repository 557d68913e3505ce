"""The ontology as data: every term the code, rules, shapes and queries use is declared in core.ttl."""

from __future__ import annotations

import re
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import Graph

from corpkg.graph.query import list_named, load_named, named_query
from corpkg.graph.rdf import rules
from corpkg.graph.terms import CKG, CKG_IRI, ontology
from corpkg.ontology import ONTOLOGY_DIR

# BRIEF.md's shared vocabulary: role -> slots, attributes
VOCABULARY = {
    "issuer": (["issuer", "filer", "subjectCompany", "filedBy", "reportingOwner"], []),
    "subsidiary": (["owner", "owned"], ["percentage", "jurisdiction", "startDate", "endDate", "endReason"]),
    "position": (["holder", "organization"], ["title", "printedTitle", "startDate", "endDate", "status"]),
    "credit": (["lender", "borrower", "guarantor", "agent"],
               ["amount", "currency", "interestRate", "facilityType", "startDate", "maturityDate", "endDate"]),
    "proceeding": (["plaintiff", "defendant", "counterclaimant"],
                   ["court", "caseNumber", "filedOn", "amountClaimed", "currency", "status", "counterclaimFiledOn"]),
    "acquisition": (["acquirer", "target", "seller"],
                    ["date", "kind", "consideration", "considerationAmount", "currency", "shares", "survivor"]),
}


@pytest.mark.parametrize("name", ["core.ttl", "alignments.ttl", "shapes.ttl"])
def test_ontology_files_parse(name):
    g = Graph().parse(Path(ONTOLOGY_DIR, name), format="turtle")
    assert len(g) > 20


@pytest.mark.parametrize("role", sorted(VOCABULARY))
def test_every_shared_vocabulary_name_is_a_property(role):
    onto = ontology()
    assert onto.role_class(role) in set(CKG)
    slots, attrs = VOCABULARY[role]
    for slot in slots:
        assert onto.prop(slot).is_object, f"slot {slot} must be an object property"
    for attr in attrs:
        info = onto.prop(attr)
        assert info.range is not None or info.is_object, f"{attr} needs an rdfs:range"


def test_identifier_extraction_keys():
    onto = ontology()
    assert onto.prop("fileNumber").name == "commissionFileNumber"
    for name in ("cik", "ein", "lei", "sic", "asOf", "quote", "start", "end", "section", "document", "extractor",
                 "confidence", "subsidiaryOf", "officerOf", "directorOf", "lenderTo", "sued", "litigantIn", "acquired",
                 "formerName", "businessAddress"):
        onto.prop(name)


def test_misspelt_term_raises_with_a_suggestion():
    assert str(CKG.Ownership) == CKG_IRI + "Ownership"
    with pytest.raises(AttributeError, match="did you mean Ownership"):
        _ = CKG.Ownreship
    with pytest.raises(KeyError):
        CKG["subsidiaryof"]


def _ckg_terms(text: str) -> set[str]:
    return set(re.findall(r"\bckg:([A-Za-z][A-Za-z0-9_]*)", text))


def test_rules_shapes_and_queries_use_declared_terms_only():
    declared = {str(t)[len(CKG_IRI):] for t in CKG}
    files = [*Path(ONTOLOGY_DIR, "queries").glob("*.rq"), *Path(ONTOLOGY_DIR, "rules").glob("*.rq"),
             Path(ONTOLOGY_DIR, "shapes.ttl"), Path(ONTOLOGY_DIR, "alignments.ttl")]
    for f in files:
        unknown = _ckg_terms(f.read_text(encoding="utf-8")) - declared
        assert not unknown, f"{f.name} uses undeclared terms {sorted(unknown)}"


@pytest.mark.parametrize("name", list_named())
def test_named_queries_parse_and_run_on_an_empty_store(name):
    store = ox.Store()
    result = store.query(load_named(name), use_default_graph_as_union=True)
    assert list(result) == []


def test_named_query_parameters_are_projected():
    for name in list_named():
        nq = named_query(name)
        for p in nq.params:
            head = nq.text.split("WHERE", 1)[0]
            assert f"?{p}" in head, f"{name}: parameter ?{p} must be projected for substitution"


def test_named_query_values_slots_name_declared_parameters():
    for name in list_named():
        nq = named_query(name)
        for line in re.findall(r"#\s*@values\s+(.*)", nq.text):
            names = [n.strip() for n in line.split(",")]
            assert names and set(names) <= set(nq.params), f"{name}: '# @values {line}' names undeclared parameters"


def test_rules_are_construct_queries():
    assert len(rules()) >= 6
    store = ox.Store()
    for name, q in rules():
        assert "CONSTRUCT" in q, name
        assert list(store.query(q)) == []

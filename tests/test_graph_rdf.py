"""Extraction → RDF: the generic mapping, the contract's patterns, SHACL, and what gets dropped."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from rdflib import RDF, RDFS, XSD, Graph, Literal, URIRef

from corpkg.extract.model import Evidence, Fact
from corpkg.graph.rdf import build_filing_graph, extraction_to_dataset, extraction_to_quads, literal_for
from corpkg.graph.terms import CKG, PROV, SKOS
from corpkg.graph.validate import validate_dataset, validate_graph

sys.path.insert(0, str(Path(__file__).parent))
import graph_fixtures as gf


@pytest.fixture(scope="module")
def fg():
    return build_filing_graph(gf.extraction())


@pytest.fixture(scope="module")
def g(fg) -> Graph:
    return fg.to_graph()


def one(g: Graph, s=None, p=None, o=None):
    found = list(g.triples((s, p, o)))
    assert len(found) == 1, found
    return found[0]


def test_hand_made_extraction_conforms_to_the_shapes(fg):
    assert fg.warnings == []
    report = validate_dataset(fg.to_dataset())
    assert report.conforms, report.text
    assert report.graphs == 1


def test_entities_have_both_contract_types_and_one_label(g):
    orgs = set(g.subjects(RDF.type, CKG.Organization))
    persons = set(g.subjects(RDF.type, CKG.Person))
    assert len(orgs) == 6 and len(persons) == 2
    for e in orgs | persons:
        assert len(list(g.objects(e, RDFS.label))) == 1
    acme = next(iter(g.subjects(RDFS.label, Literal("Acme Holdings, Inc."))))
    assert set(g.objects(acme, SKOS.altLabel)) == {Literal("Acme"), Literal("ACME HOLDINGS, INC.")}
    assert (acme, CKG.commissionFileNumber, Literal("0-12345")) in g
    assert (acme, CKG.stateOfIncorporation, Literal("Delaware")) in g


def test_contract_patterns_hold(g):
    q = """
    PREFIX ckg: <https://w3id.org/corpkg/ontology#>
    PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
    ASK {
      ?f a ckg:Filing ; ckg:issuer ?acme ; ckg:formType "10-K" ; ckg:periodOfReport ?por ; ckg:commissionFileNumber "0-12345" .
      ?acme rdfs:label "Acme Holdings, Inc." .
      ?widget ckg:subsidiaryOf ?acme . ?widget rdfs:label "Widget Corp." .
      ?o a ckg:Ownership ; ckg:owner ?acme ; ckg:owned ?widget ; ckg:percentage ?pct . FILTER (?pct = 100)
      ?p a ckg:Position ; ckg:holder ?john ; ckg:organization ?acme ; ckg:title "President", "Director" ;
         ckg:startDate "2002-03-01"^^<http://www.w3.org/2001/XMLSchema#date> .
      ?john ckg:officerOf ?acme ; ckg:directorOf ?acme .
      ?c a ckg:CreditAgreement ; ckg:lender ?bank ; ckg:borrower ?acme ; ckg:amount ?amount . FILTER (?amount = 500000)
      ?bank ckg:lenderTo ?acme .
      ?lp a ckg:LegalProceeding ; ckg:plaintiff ?acme ; ckg:defendant ?rival ; ckg:caseNumber "L-1120-02" .
      ?acme ckg:sued ?rival . ?rival ckg:litigantIn ?lp .
      ?a a ckg:Acquisition ; ckg:acquirer ?buyer ; ckg:target ?acme ; ckg:kind "control" .
      ?buyer ckg:acquired ?acme ; ckg:acquiredControlOf ?acme .
    }"""
    assert g.query(q).askAnswer


def test_director_only_position_is_not_an_officer(g):
    john = URIRef("https://w3id.org/corpkg/id/person/file-number-0-12345/john-q-public")
    widget = URIRef("https://w3id.org/corpkg/id/org/widget-corp")
    assert (john, CKG.directorOf, widget) in g
    assert (john, CKG.officerOf, widget) not in g


def test_every_relation_node_has_provenance_and_evidence(fg, g):
    relations = set(g.subjects(RDF.type, CKG.Relation))
    assert len(relations) == len(gf.facts())
    text = gf.TEXT
    for r in relations:
        assert (r, PROV.wasDerivedFrom, fg.filing) in g
        assert (r, CKG.asOf, Literal("2002-12-31", datatype=XSD.date)) in g
        evs = list(g.objects(r, CKG.evidence))
        assert evs
        for ev in evs:
            start = int(g.value(ev, CKG.start))
            end = int(g.value(ev, CKG.end))
            assert text[start:end] == str(g.value(ev, CKG.quote))
            assert g.value(ev, CKG.start).datatype == XSD.integer
            assert (ev, CKG.document, fg.filing) in g


def test_filing_graph_is_described_with_prov(fg, g):
    assert (fg.graph, RDF.type, CKG.FilingGraph) in g
    assert (fg.graph, PROV.wasDerivedFrom, fg.filing) in g
    activity = g.value(fg.graph, PROV.wasGeneratedBy)
    assert (activity, RDF.type, CKG.ExtractionActivity) in g
    extractor = g.value(activity, PROV.wasAssociatedWith)
    assert g.value(extractor, CKG.extractorVersion) == Literal("corpkg@test")


@pytest.mark.parametrize(
    "range_,value,expected",
    [
        (XSD.date, "2002-03-18", Literal("2002-03-18", datatype=XSD.date)),
        (XSD.date, "2002-03", Literal("2002-03", datatype=XSD.gYearMonth)),
        (XSD.date, "2002", Literal("2002", datatype=XSD.gYear)),
        (XSD.date, "2002-02-30", None),
        (XSD.date, "March 2002", None),
        (XSD.decimal, "$1,250,000", Literal("1250000", datatype=XSD.decimal)),
        (XSD.decimal, "4.50", Literal("4.5", datatype=XSD.decimal)),
        (XSD.decimal, "about five", None),
        (XSD.string, "  President  ", Literal("President")),
        (XSD.string, "   ", None),
    ],
)
def test_literal_datatypes_come_from_the_range(range_, value, expected):
    assert literal_for(range_, value) == expected


def _undeclared_fact(role, participants, evidence):
    """A Fact whose role no role file declares: Fact() refuses to make one, but the graph mapping
    must still drop such a fact with a warning rather than fail (defence in depth)."""
    fact = object.__new__(Fact)
    for name, value in (("role", role), ("participants", participants), ("attributes", ()), ("evidence", evidence)):
        object.__setattr__(fact, name, value)
    return fact


def test_values_that_do_not_fit_are_dropped_with_a_warning():
    bad = (
        Fact("subsidiary", (("owner", "acme"), ("owned", "widget")), (("percentage", "most"), ("startDate", "soon")),
             (gf.span("Widget Corp."),)),
        Fact("position", (("holder", "ghost"), ("organization", "acme")), (("title", "President"),),
             (gf.span("President"),)),
        Fact("credit", (("lender", "first-bank"), ("borrower", "acme")), (), ()),
        Fact("credit", (("lender", "first-bank"), ("borrower", "acme")), (),
             (Evidence("not in the text", 0, 15),)),
        Fact("acquisition", (("buyer", "acme"), ("target", "widget")), (), (gf.span("Widget Corp."),)),
        _undeclared_fact("merger", (("acquirer", "acme"),), (gf.span("Widget Corp."),)),
        Fact("subsidiary", (("owner", "acme"), ("owned", "jane-roe")), (), (gf.span("Jane Roe"),)),
        Fact("position", (("holder", "rival"), ("organization", "acme")), (("title", "Director"),),
             (gf.span("Rival Co."),)),
    )
    fg = build_filing_graph(gf.extraction(facts=bad))
    text = "\n".join(fg.warnings)
    assert "'most' is not a valid ckg:percentage" in text
    assert "'soon' is not a valid ckg:startDate" in text
    assert "'ghost'" in text and "not among the entities" in text
    assert "no evidence" in text
    assert "does not match the document text" in text
    assert "unknown slot 'buyer'" in text
    assert "'merger'" in text
    assert "ckg:owned takes a ckg:Organization, but 'jane-roe' is a ckg:Person" in text
    assert "ckg:holder takes a ckg:Person, but 'rival' is a ckg:Organization" in text
    g = fg.to_graph()
    assert len(set(g.subjects(RDF.type, CKG.Relation))) == 1  # only the ownership survives, without bad values
    assert not list(g.triples((None, CKG.percentage, None)))
    assert validate_graph(g).conforms


def test_entities_on_one_iri_are_merged_under_the_fullest_label():
    ents = (*gf.entities(), gf.org("widget2", "WIDGET CORPORATION"))
    g = build_filing_graph(gf.extraction(entities=ents)).to_graph()
    widget = URIRef("https://w3id.org/corpkg/id/org/widget-corp")
    assert list(g.objects(widget, RDFS.label)) == [Literal("WIDGET CORPORATION")] or \
        list(g.objects(widget, RDFS.label)) == [Literal("Widget Corp.")]
    assert len(list(g.objects(widget, RDFS.label))) == 1
    assert len(list(g.objects(widget, SKOS.altLabel))) == 1


def test_mapping_is_deterministic():
    a = extraction_to_quads(gf.extraction())
    b = extraction_to_quads(gf.extraction())
    assert a == b
    assert len(extraction_to_dataset(gf.extraction())) == len(a)


# --------------------------------------------------------------------------- the shapes can fail


def _broken(g: Graph, drop=(), add=()) -> Graph:
    h = Graph()
    for t in g:
        if not any(all(x is None or x == y for x, y in zip(d, t, strict=False)) for d in drop):
            h.add(t)
    for t in add:
        h.add(t)
    return h


def test_shapes_catch_a_second_label(g):
    acme = next(iter(g.subjects(RDFS.label, Literal("Acme Holdings, Inc."))))
    r = validate_graph(_broken(g, add=[(acme, RDFS.label, Literal("Acme"))]))
    assert not r.conforms and "exactly one rdfs:label" in r.text


def test_shapes_catch_missing_evidence_and_provenance(g):
    r = validate_graph(_broken(g, drop=[(None, CKG.evidence, None)]))
    assert not r.conforms and "ckg:evidence" in r.text
    r = validate_graph(_broken(g, drop=[(None, PROV.wasDerivedFrom, None)]))
    assert not r.conforms


def test_shapes_catch_bad_offsets_and_empty_quotes(g):
    ev = next(iter(g.subjects(RDF.type, CKG.Evidence)))
    start = g.value(ev, CKG.start)
    r = validate_graph(_broken(g, drop=[(ev, CKG.start, None)], add=[(ev, CKG.start, Literal(str(start)))]))
    assert not r.conforms  # a string offset
    r = validate_graph(_broken(g, drop=[(ev, CKG.start, None)], add=[(ev, CKG.start, Literal(int(start) + 1))]))
    assert not r.conforms and "end - start" in r.text
    r = validate_graph(_broken(g, drop=[(ev, CKG.quote, None)], add=[(ev, CKG.quote, Literal(""))]))
    assert not r.conforms


def test_shapes_catch_untyped_participants_and_a_subsidiary_edge_without_ownership(g):
    rival = URIRef("https://w3id.org/corpkg/id/org/rival-co")
    r = validate_graph(_broken(g, drop=[(rival, RDF.type, None)]))
    assert not r.conforms
    ghost = URIRef("https://w3id.org/corpkg/id/org/ghost")
    acme = next(iter(g.subjects(RDFS.label, Literal("Acme Holdings, Inc."))))
    r = validate_graph(_broken(g, add=[(ghost, CKG.subsidiaryOf, acme)]))
    assert not r.conforms and "without a ckg:Ownership" in r.text


def test_shapes_catch_a_relation_typed_only_by_its_subclass(g):
    r = validate_graph(_broken(g, drop=[(None, RDF.type, CKG.Relation)]))
    assert not r.conforms


def test_dataclass_roundtrip_is_frozen():
    # the hand-over objects stay immutable: the mapping never edits them
    ex = gf.extraction()
    with pytest.raises(dataclasses.FrozenInstanceError):
        ex.as_of = "2003-01-01"  # type: ignore[misc]

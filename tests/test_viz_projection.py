"""The projection: RDF relation nodes → labelled, dated, evidenced edges of a MultiDiGraph."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.graph.projection import (
    EntityLookupError,
    filter_projection,
    find_entities,
    project,
    resolve_entity,
)

FIXTURE = Path(__file__).parent / "fixtures" / "viz_small.trig"
ID = "https://w3id.org/corpkg/id/"
AUXER = ID + "cik/0001084475"
HOSTILE = '<script>window.__corpkgPwned=1;alert(1)</script> "Acme" & Sons, Inc.'


@pytest.fixture(scope="module")
def graph():
    return project(FIXTURE)


def edges_between(graph, u, v):
    return [d for _a, b, d in graph.out_edges(u, data=True) if b == v]


def test_entities_become_nodes_with_type_label_and_alt_labels(graph):
    auxer = graph.nodes[AUXER]
    assert auxer["kind"] == "Organization"
    assert auxer["label"] == "The Auxer Group, Inc."
    # alt labels are merged over both filings' named graphs
    assert {"Auxer", "the Company", "the Registrant"} <= set(auxer["alt_labels"])
    assert auxer["identifiers"]["cik"] == "0001084475"
    assert graph.nodes[ID + "person/robert-j-scott"]["kind"] == "Person"
    assert graph.nodes[ID + "org/acme-sons"]["label"] == HOSTILE
    # filings are not entities; relation nodes with both ends known are edges, not nodes
    assert not any("filing/" in n or "/rel/" in n for n in graph.nodes)


def test_issuer_comes_from_the_filings(graph):
    assert sorted(graph.nodes[AUXER]["filings"]) == [ID + "filing/0001084475-02-000010", ID + "filing/0001084475-03-000003"]
    assert "issuer" in graph.nodes[AUXER]["roles"]
    assert graph.graph["filings"][ID + "filing/0001084475-03-000003"]["form_type"] == "8-K/A"


def test_ownership_becomes_subsidiary_of_edge_with_evidence_and_filing(graph):
    [edge] = edges_between(graph, ID + "org/viva-airlines", AUXER)
    assert edge["role"] == "subsidiary"
    assert edge["label"] == "subsidiary of"
    assert edge["caption"] == "subsidiary of (100%)"
    assert edge["start"] == "2003-01-08"
    assert edge["as_of"] == "2003-01-28"
    assert edge["filing_info"][0]["form_type"] == "8-K/A"
    [evidence] = edge["evidence"]
    assert evidence["quote"] == "As a result, Viva Airlines, Inc., became a wholly owned subsidiary of the Company."
    assert (evidence["start"], evidence["end"]) == (954, 1036)
    assert evidence["section"] == "Item 2. Acquisition or Disposition of Assets"
    assert evidence["filed_on"] == "2003-01-28"


def test_ended_ownership_keeps_its_end_date(graph):
    [edge] = edges_between(graph, ID + "org/auxer-telecom", AUXER)
    assert edge["end"] == "2002-03-18"
    assert edge["caption"] == "subsidiary of (ended 2002-03-18)"


def test_position_edge_carries_titles_in_seniority_order(graph):
    [edge] = edges_between(graph, ID + "person/eugene-chiaramonte-jr", AUXER)
    assert edge["role"] == "position"
    assert edge["titles"] == ["Chief Executive Officer", "President", "Director"]
    assert edge["label"] == "Chief Executive Officer, President, Director"


def test_credit_proceeding_and_acquisition_edges(graph):
    [lend] = edges_between(graph, ID + "org/quantum-corporate-funding", ID + "org/harvey-westbury")
    assert (lend["label"], lend["caption"]) == ("lender to", "lender to ($500,000)")
    [guarantee] = edges_between(graph, AUXER, ID + "org/harvey-westbury")
    assert guarantee["label"] == "guarantor for"
    # three plaintiffs x two defendants, plus the counterclaim against each plaintiff
    suits = [d for _u, _v, d in graph.edges(data=True) if d["role"] == "proceeding"]
    assert sum(d["label"] == "sued" for d in suits) == 6
    assert sum(d["label"] == "counterclaimed against" for d in suits) == 3
    assert {d["relation"] for d in suits} == {ID + "rel/suit-clifton"}
    [control] = edges_between(graph, ID + "org/old-mission-assessment", AUXER)
    assert control["label"] == "acquired control of"
    [acq] = edges_between(graph, AUXER, ID + "org/viva-airlines")
    assert acq["label"] == "acquired"
    assert acq["attributes"]["shares"] == ["246000000"]


def test_relation_with_one_side_only_is_kept_as_a_relation_node():
    import pyoxigraph as ox

    store = ox.Store()
    store.load(
        b"""@prefix ckg: <https://w3id.org/corpkg/ontology#> .
        @prefix id: <https://w3id.org/corpkg/id/> .
        @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
        id:org\\/a a ckg:Organization ; rdfs:label "A Corp." .
        id:rel\\/p a ckg:LegalProceeding ; ckg:defendant id:org\\/a ; ckg:caseNumber "99-1" .
        """,
        format=ox.RdfFormat.TURTLE,
    )
    graph = project(store)
    assert graph.nodes[ID + "rel/p"]["kind"] == "LegalProceeding"
    assert graph.nodes[ID + "rel/p"]["label"] == "legal proceeding 99-1"
    [(u, v, data)] = graph.edges(data=True)
    assert (u, v, data["label"], data["role"]) == (ID + "org/a", ID + "rel/p", "defendant", "proceeding")


def test_rdflib_dataset_is_accepted():
    import rdflib

    ds = rdflib.Dataset()
    ds.parse(FIXTURE, format="trig")
    graph = project(ds)
    assert graph.number_of_nodes() == project(FIXTURE).number_of_nodes()


def test_find_and_resolve_entities(graph):
    assert resolve_entity(graph, "the auxer group inc") == AUXER
    assert resolve_entity(graph, "Mechanics Depot") == ID + "org/hardyston-distributors"
    assert resolve_entity(graph, AUXER) == AUXER
    # an exact alternative label wins over names that merely contain it
    assert find_entities(graph, "auxer") == [AUXER]
    # the identity key of graph/iris.py (no leading "the", legal form unified) as a second tier
    assert find_entities(graph, "Auxer Group Incorporated") == [AUXER]
    assert find_entities(graph, "Harvey Westbury Corporation") == [ID + "org/harvey-westbury"]
    assert len(find_entities(graph, "inc")) >= 5
    with pytest.raises(EntityLookupError, match="matches"):
        resolve_entity(graph, "inc")
    with pytest.raises(EntityLookupError, match="no entity"):
        resolve_entity(graph, "Nonexistent Holdings")


def test_filter_by_role_since_and_focus(graph):
    subs = filter_projection(graph, roles=["subsidiary"])
    assert {d["role"] for _u, _v, d in subs.edges(data=True)} == {"subsidiary"}
    assert ID + "person/husni-hassan" not in subs  # isolated after filtering
    assert AUXER in subs
    late = filter_projection(graph, since="2003-01")
    assert all(d["as_of"] >= "2003" for _u, _v, d in late.edges(data=True))
    assert late.number_of_edges() == 5
    ego = filter_projection(graph, focus="Robert J. Scott", hops=1)
    assert set(ego.nodes) == {ID + "person/robert-j-scott", AUXER, ID + "org/old-mission-assessment"}
    assert ego.graph["focus"] == ID + "person/robert-j-scott"
    with pytest.raises(ValueError, match="unknown role"):
        filter_projection(graph, roles=["director"])


def test_label_prefers_mixed_case_and_keeps_the_others_as_alt_labels():
    import pyoxigraph as ox

    store = ox.Store()
    store.load(
        b"""@prefix ckg: <https://w3id.org/corpkg/ontology#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
        <urn:g1> { <urn:x> a ckg:Organization ; rdfs:label "THE AUXER GROUP, INC." . }
        <urn:g2> { <urn:x> a ckg:Organization ; rdfs:label "The Auxer Group, Inc." . }
        <urn:g3> { <urn:x> a ckg:Organization ; rdfs:label "Auxer Group" . }""",
        format=ox.RdfFormat.TRIG,
    )
    node = project(store).nodes["urn:x"]
    assert node["label"] == "The Auxer Group, Inc."
    assert node["alt_labels"] == ["Auxer Group", "THE AUXER GROUP, INC."]


@pytest.mark.parametrize("focus,hops,roles,since", [
    ("Robert J. Scott", 1, None, None),
    ("Robert J. Scott", 2, None, None),
    ("The Auxer Group, Inc.", 1, ["subsidiary", "credit"], None),
    ("The Auxer Group, Inc.", 2, None, "2002-01-01"),
])
def test_neighbourhood_fetched_by_iri_equals_the_filtered_whole_projection(graph, focus, hops, roles, since):
    from corpkg.graph.projection import project_neighbourhood

    whole = filter_projection(graph, focus=focus, hops=hops, roles=roles, since=since)
    part = project_neighbourhood(FIXTURE, focus, hops=hops, roles=roles, since=since)
    def sig(g):
        return (sorted((n, d["label"], tuple(d["alt_labels"]), tuple(sorted(d["roles"])), tuple(d["filings"]))
                       for n, d in g.nodes(data=True)),
                sorted((u, v, k, d["caption"], str(d["evidence"]), str(d["filing_info"]))
                       for u, v, k, d in g.edges(keys=True, data=True)))
    assert part.graph["focus"] == whole.graph["focus"]
    assert sig(part) == sig(whole)
    assert part.number_of_edges() > 0


def test_restricted_queries_reject_anything_but_iris():
    from corpkg.graph.projection import _query_text

    assert "VALUES ?relation { <https://w3id.org/corpkg/id/x> }" in _query_text("projection_evidence", relation=[ID + "x"])
    with pytest.raises(ValueError):
        _query_text("projection_evidence", relation=["x> } ; DROP ALL ; #"])

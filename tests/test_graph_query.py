"""Named queries return the expected rows; parameters are bound as terms (injection-safe)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from corpkg.errors import QueryError
from corpkg.graph.query import list_named, load_named, run_query, select, to_term, with_values
from corpkg.graph.rdf import build_filing_graph
from corpkg.graph.store import dumps, open_store, replace_filing

sys.path.insert(0, str(Path(__file__).parent))
import graph_fixtures as gf

ID = "https://w3id.org/corpkg/id/"
ACME = ID + "file-number/0-12345"
WIDGET = ID + "org/widget-corp"
GADGET = ID + "org/gadget-llc"
JOHN = ID + "person/file-number-0-12345/john-q-public"  # persons are named within their issuer


@pytest.fixture(scope="module")
def store():
    st = open_store()
    replace_filing(st, build_filing_graph(gf.extraction()))
    return st


def named(store, name, **params):
    return run_query(store, load_named(name), params)


def test_subsidiaries_are_transitive(store):
    rows = named(store, "subsidiaries", parent=ACME)
    got = {(r["subsidiaryLabel"], r["relation"]) for r in rows}
    assert got == {("Widget Corp.", "direct"), ("Gadget LLC", "indirect")}
    direct = next(r for r in rows if r["relation"] == "direct")
    assert direct["percentage"] == "100" and direct["jurisdiction"] == "Delaware"
    up = named(store, "subsidiaries", subsidiary=GADGET)
    assert {r["parentLabel"] for r in up} == {"Widget Corp.", "Acme Holdings, Inc."}


def test_officers_with_titles_and_dates(store):
    rows = named(store, "officers", org=ACME)
    assert len(rows) == 1
    r = rows[0]
    assert r["personLabel"] == "John Q. Public"
    assert set(r["titles"].split(", ")) == {"President", "Director"}
    assert r["startDate"] == "2002-03-01" and r["status"] == "current" and r["asOf"] == "2002-12-31"
    assert len(named(store, "officers")) == 3
    assert {r["orgLabel"] for r in named(store, "officers", person=JOHN)} == {"Acme Holdings, Inc.", "Widget Corp."}


def test_lenders_with_terms(store):
    rows = named(store, "lenders", borrower=ACME)
    assert len(rows) == 1
    r = rows[0]
    assert (r["lenderLabel"], r["amount"], r["currency"], r["guarantors"]) == ("First Bank, N.A.", "500000", "USD", "Widget Corp.")
    assert r["interestRate"] == "4.5% over prime"


def test_litigation(store):
    rows = named(store, "litigation", party=ACME)
    assert len(rows) == 1
    r = rows[0]
    assert (r["role"], r["defendants"], r["court"], r["caseNumber"], r["amountClaimed"]) == (
        "plaintiff", "Rival Co.", "Superior Court of New Jersey", "L-1120-02", "1250000")


def test_acquisitions_and_control(store):
    rows = named(store, "acquisitions", target=ACME)
    assert [(r["acquirerLabel"], r["kind"], r["control"], r["shares"], r["date"]) for r in rows] == [
        ("Big Buyer Corp.", "control", "yes", "246000000", "2003-01-08")]


def test_interlocks(store):
    rows = named(store, "interlocks")
    assert [r["personLabel"] for r in rows] == ["John Q. Public"]
    assert rows[0]["organizations"] == "3"
    assert named(store, "interlocks", person=ID + "person/file-number-0-12345/jane-roe") == []


def test_provenance_of_an_entity_and_of_a_relation(store):
    rows = named(store, "provenance", subject=WIDGET)
    types = {r["type"].rsplit("#", 1)[1] for r in rows}
    assert types == {"Ownership", "Position", "CreditAgreement"}
    for r in rows:
        assert gf.TEXT[int(r["start"]):int(r["end"])] == r["quote"]
        assert r["extractorVersion"] == "corpkg@test"
    rel = rows[0]["relation"]
    again = named(store, "provenance", subject=rel)
    assert {r["relation"] for r in again} == {rel}


def test_issuer_profile(store):
    rows = named(store, "issuer_profile")
    assert len(rows) == 1
    assert rows[0]["label"] == "Acme Holdings, Inc." and rows[0]["filings"] == "1"
    assert rows[0]["commissionFileNumber"] == "0-12345"


@pytest.mark.parametrize("name", list_named())
def test_every_named_query_runs(store, name):
    variables, rows = select(store, load_named(name))
    assert variables


@pytest.mark.parametrize(
    "evil",
    [
        'Acme" } ; DROP ALL ; #',
        "x> } UNION { ?s ?p ?o } #",
        "<https://w3id.org/corpkg/id/org/widget-corp> . ?x ?y ?z",
        "\\u0022 ) } DELETE WHERE { ?s ?p ?o } #",
    ],
)
def test_parameter_binding_is_injection_safe(store, evil):
    before = dumps(store)
    rows = named(store, "subsidiaries", parent=evil)
    assert rows == []  # a literal that names nothing: no rows, no syntax error
    assert dumps(store) == before
    q = "SELECT ?label WHERE { ?org <http://www.w3.org/2000/01/rdf-schema#label> ?label }"
    assert run_query(store, q, {"label": evil}) == []


@pytest.mark.parametrize(
    "evil",
    [
        'Acme" } ; DROP ALL ; #',
        "x> } UNION { ?s ?p ?o } #",
        "<https://w3id.org/corpkg/id/org/widget-corp> . ?x ?y ?z",
        "\\u0022 ) } DELETE WHERE { ?s ?p ?o } #",
        'a"\n} } ; CLEAR ALL ; SELECT * { #',
    ],
)
@pytest.mark.parametrize(("name", "param"), [("officers", "person"), ("officers", "org"), ("lenders", "lender"),
                                             ("acquisitions", "acquirer"), ("control_of", "controller")])
def test_values_slots_are_injection_safe(store, name, param, evil):
    # a parameter named on a '# @values' line is written into the query text: only as pyoxigraph serialises it
    before = dumps(store)
    assert named(store, name, **{param: evil}) == []
    assert dumps(store) == before
    text = with_values(load_named(name), {param: evil})
    assert f"VALUES ?{param} {{ {to_term(evil)} }}" in text
    assert len(select(store, text)[1]) == 0  # the written VALUES alone is just as empty


def test_values_slots_follow_the_bound_parameters():
    q = "SELECT ?a ?b WHERE {\n    # @values a, b\n    ?a <urn:x:p> ?b\n}"
    assert with_values(q, {}) == q
    assert with_values(q, {"c": "urn:x:c"}) == q
    assert with_values(q, {"a": "urn:x:a"}) == q.replace("# @values a, b", "# @values a, b\n    VALUES ?a { <urn:x:a> }")
    both = with_values(q, {"?b": 'say "hi"', "a": "urn:x:a"})
    assert 'VALUES ?a { <urn:x:a> }\n    VALUES ?b { "say \\"hi\\"" }' in both
    with pytest.raises(QueryError, match="@values"):
        with_values("# @values a b\nSELECT * {}", {"a": "urn:x:a"})


@pytest.mark.parametrize("value", ['a"b', "back\\slash", "new\nline", "\\u0022 ) } #", "\\U0001F600", "uni é ☃", "x'''"])
def test_values_slots_keep_literals_exactly(value):
    text = with_values("SELECT ?x WHERE {\n    # @values x\n}", {"x": value})
    assert "VALUES ?x" in text
    assert select(open_store(), text)[1] == [{"x": value}]


def test_values_slots_do_not_change_answers(store):
    for name, params in [("officers", {"person": JOHN}), ("officers", {"org": ACME}), ("lenders", {"borrower": ACME})]:
        text = load_named(name)
        assert "# @values" in text
        assert select(store, text, params) == select(store, text.replace("# @values", "# (no values)"), params)
        assert select(store, text, params)[1]


def test_literal_parameters_match_exactly(store):
    q = "SELECT ?org ?label WHERE { ?org <http://www.w3.org/2000/01/rdf-schema#label> ?label }"
    rows = run_query(store, q, {"label": "Widget Corp."})
    assert [r["org"] for r in rows] == [WIDGET]


def test_term_conversion():
    assert to_term("https://w3id.org/corpkg/id/org/x").__class__.__name__ == "NamedNode"
    assert to_term("<urn:x:y>").__class__.__name__ == "NamedNode"
    assert to_term("Acme, Inc.").__class__.__name__ == "Literal"
    with pytest.raises(QueryError):
        to_term("<not an iri>")


def test_unknown_parameter_and_bad_queries_raise_query_errors(store):
    with pytest.raises(QueryError, match="must be variables the query projects"):
        named(store, "officers", nonsense="x")
    with pytest.raises(QueryError, match="syntax"):
        run_query(store, "SELECT WHERE {")
    with pytest.raises(QueryError, match="did you mean"):
        load_named("officer")
    with pytest.raises(QueryError):
        load_named("../core")


def test_rdflib_graphs_are_queried_with_init_bindings():
    ds = build_filing_graph(gf.extraction()).to_dataset()
    g = ds.graph(next(c.identifier for c in ds.graphs() if len(c)))
    q = "SELECT ?org ?label WHERE { ?org <http://www.w3.org/2000/01/rdf-schema#label> ?label }"
    rows = run_query(g, q, {"label": "Widget Corp."})
    assert [r["org"] for r in rows] == [WIDGET]


def test_identity_candidates_link_nodes_that_share_an_identifier():
    # filing 1 knows the issuer by file number only; filing 2 also states its CIK: two nodes, one candidate pair
    a = gf.extraction()
    ents = list(gf.entities())
    ents[0] = gf.org("acme", "Acme Holdings, Inc.", identifiers=(("fileNumber", "0-12345"), ("cik", "777")),
                     is_issuer=True)
    b = gf.extraction(document=gf.document(gf.TEXT + " ", "acme-2.txt"), entities=tuple(ents))
    st = open_store()
    replace_filing(st, build_filing_graph(a))
    replace_filing(st, build_filing_graph(b))
    rows = named(st, "identity_candidates", entity=ID + "cik/0000000777")
    # GROUP_CONCAT's order is not defined by SPARQL: compare the shared keys as a set
    assert [(r["candidate"], set(r["shared"].split(" | "))) for r in rows] == [
        (ACME, {"commissionFileNumber 0-12345", 'name "Acme Holdings, Inc."'})]
    # nothing is merged: both nodes keep their own statements
    assert {r["org"] for r in named(st, "issuer_profile")} == {ACME, ID + "cik/0000000777"}

"""Commitments per lender (issue 11): commitment schedules in plain-text columns and HTML tables,
amounts printed beside or under a lender's signature block, their RDF (ckg:Commitment), SHACL shape and
the ``lenders`` query's column.  All filings here are made up."""

from __future__ import annotations

from functools import cache

import pytest
from rdflib import RDF, Literal, URIRef

from corpkg.extract.model import Document, Extraction
from corpkg.extract.reader import read_text
from corpkg.extract.roles.agreements import Commitment, read_commitments
from corpkg.graph.terms import CKG

PREAMBLE = """Exhibit 10.1

CREDIT AGREEMENT

This Credit Agreement dated as of March 3, 2021, is among Quillfeather Outdoor Goods, Inc., a Delaware corporation (the "Borrower"), the Lenders party hereto and Ashgrove National Bank, N.A., as Administrative Agent.

Section 1.01 Definitions. "Commitment" means, as to each Lender, the amount set forth opposite its name on Schedule 2.01.

IN WITNESS WHEREOF, the parties hereto have caused this Agreement to be duly executed.

QUILLFEATHER OUTDOOR GOODS, INC.

By: /s/ Mara Venn
Name: Mara Venn
Title: Chief Financial Officer

ASHGROVE NATIONAL BANK, N.A., as Administrative Agent and as a Lender

By: /s/ Paul Okoro
Name: Paul Okoro
Title: Managing Director

"""

TEXT_SCHEDULE = PREAMBLE + """
                                 SCHEDULE 2.01

                                  COMMITMENTS

Lender                                    Commitment          Applicable Percentage

Ashgrove National Bank, N.A.              $60,000,000.00          60.000000000%

Pellmoor Savings Bank                     $25,000,000.00          25.000000000%

Tollbridge Capital LLC                    $15,000,000.00          15.000000000%

TOTAL                                    $100,000,000.00         100.000000000%

                                 SCHEDULE 3.12

Guarantor                                 Principal Amount
Quillfeather Trading LLC                  $5,000,000
"""

HTML_SCHEDULE = """<html><body>
<p>Exhibit 10.1</p>
<p>TERM LOAN CREDIT AGREEMENT</p>
<p>This Term Loan Credit Agreement dated as of June 1, 2022, is among Vantor Rail Holdings plc, a public limited company (the &#8220;Borrower&#8221;), the Lenders party hereto and Merrow Bank AG, as Administrative Agent.</p>
<p>SCHEDULE 2.01</p>
<p>Commitments</p>
<table>
<tr><td>Lender</td><td>Commitment</td></tr>
<tr><td>Merrow Bank AG</td><td>&#8364;300,000,000</td></tr>
<tr><td>Halden Credit Union Bank</td><td>&#8364;200,000,000</td></tr>
<tr><td>TOTAL</td><td>&#8364;500,000,000</td></tr>
</table>
<table>
<tr><td>Lender Name</td><td></td><td>Commitment</td></tr>
<tr><td>Orrin Park Capital, LLC</td><td>$</td><td>12,500,000</td></tr>
</table>
</body></html>
"""

SIGNATURES = PREAMBLE.replace("""ASHGROVE NATIONAL BANK, N.A., as Administrative Agent and as a Lender

By: /s/ Paul Okoro
Name: Paul Okoro
Title: Managing Director
""", """ASHGROVE NATIONAL BANK, N.A., as Administrative Agent and as a Lender

By: /s/ Paul Okoro
Name: Paul Okoro
Title: Managing Director

Revolving Credit Commitment:  $40,000,000

$35,000,000                  PELLMOOR SAVINGS BANK

                             By: /s/ Ines Barra
                             Name: Ines Barra
                             Title: Vice President
""")


def _doc(text: str, name: str = "ex10.txt") -> Document:
    return read_text(text.encode("utf-8"), name)


def _commitments(doc: Document) -> list[Commitment]:
    assert doc.agreements, "the made-up agreement is read as an agreement"
    return [c for ag in doc.agreements for c in read_commitments(doc, ag)]


def _rows(cs: list[Commitment]) -> set[tuple[str, str, str, str | None]]:
    return {(c.lender, c.amount, c.currency, c.percentage) for c in cs}


# ----------------------------------------------------------------------------- schedules


def test_plain_text_schedule_rows_with_applicable_percentage() -> None:
    doc = _doc(TEXT_SCHEDULE)
    cs = _commitments(doc)
    assert _rows(cs) == {
        ("Ashgrove National Bank, N.A.", "60000000", "USD", "60"),
        ("Pellmoor Savings Bank", "25000000", "USD", "25"),
        ("Tollbridge Capital LLC", "15000000", "USD", "15"),
    }  # not the TOTAL row, not the guarantor schedule
    for c in cs:  # the evidence is the row as printed
        row = doc.text[c.start:c.end]
        assert row.startswith(c.lender) and row.rstrip() == row and "\n" not in row


def test_html_schedule_rows_currency_from_the_cell_or_its_neighbour() -> None:
    doc = _doc(HTML_SCHEDULE, "ex10.html")
    assert _rows(_commitments(doc)) == {
        ("Merrow Bank AG", "300000000", "EUR", None),
        ("Halden Credit Union Bank", "200000000", "EUR", None),
        ("Orrin Park Capital, LLC", "12500000", "USD", None),  # "$" in a cell of its own
    }


def test_signature_page_amounts_beside_and_under_the_block() -> None:
    doc = _doc(SIGNATURES)
    assert _rows(_commitments(doc)) == {
        ("ASHGROVE NATIONAL BANK, N.A.", "40000000", "USD", None),  # "Revolving Credit Commitment:" under it
        ("PELLMOOR SAVINGS BANK", "35000000", "USD", None),  # "$35,000,000   NAME" over its By line
    }


def test_no_schedule_no_commitment() -> None:
    assert _commitments(_doc(PREAMBLE)) == []


# ----------------------------------------------------------------------------- fact, RDF, SHACL, query


@cache
def _extraction(text: str, name: str) -> Extraction:
    from corpkg.extract.pipeline import extract_filing

    return extract_filing(_doc(text, name))


def test_credit_fact_carries_commitments_and_schedule_lenders_lend() -> None:
    ex = _extraction(TEXT_SCHEDULE, "ex10.txt")
    credit = [f for f in ex.facts if f.role == "credit" and f.attribute("commitment")]
    assert len(credit) == 1
    labels = {ex.entity(k).label for k in credit[0].participant("lender")}
    assert {"Pellmoor Savings Bank", "Tollbridge Capital LLC"} <= labels
    assert len(credit[0].attribute("commitment")) == 3


def _graph(text: str, name: str):  # type: ignore[no-untyped-def]  # a FilingGraph
    from corpkg.graph.rdf import build_filing_graph

    return build_filing_graph(_extraction(text, name))


def test_commitment_nodes_in_rdf() -> None:
    fg = _graph(TEXT_SCHEDULE, "ex10.txt")
    g = fg.to_graph()
    nodes = set(g.subjects(RDF.type, CKG.Commitment))
    assert len(nodes) == 3
    text = _extraction(TEXT_SCHEDULE, "ex10.txt").document.text
    amounts = {}
    for n in nodes:
        (agreement,) = set(g.subjects(CKG.commitment, n))
        assert (agreement, RDF.type, CKG.CreditAgreement) in g
        (lender,) = set(g.objects(n, CKG.committedBy))
        assert (agreement, CKG.lender, lender) in g
        (ev,) = set(g.objects(n, CKG.evidence))
        s, e = int(g.value(ev, CKG.start)), int(g.value(ev, CKG.end))  # type: ignore[arg-type]
        assert text[s:e] == str(g.value(ev, CKG.quote))
        assert g.value(n, CKG.currency) == Literal("USD")
        amounts[str(g.value(lender, URIRef("http://www.w3.org/2000/01/rdf-schema#label")))] = (
            g.value(n, CKG.committedAmount).toPython(), g.value(n, CKG.commitmentShare).toPython())  # type: ignore[union-attr]
    assert {k: (str(a), str(p)) for k, (a, p) in amounts.items()}["Tollbridge Capital LLC"] == ("15000000", "15")
    assert not [w for w in fg.warnings if "commitment" in w]


def test_commitments_conform_to_shacl_and_a_bad_share_does_not() -> None:
    from rdflib import XSD

    from corpkg.graph.validate import validate_dataset

    fg = _graph(TEXT_SCHEDULE, "ex10.txt")
    assert validate_dataset(fg.to_dataset()).conforms
    node = next(s for s, p, o in fg.triples if p == RDF.type and o == CKG.Commitment)
    fg.triples = {t for t in fg.triples if not (t[0] == node and t[1] == CKG.commitmentShare)}
    fg.triples.add((node, CKG.commitmentShare, Literal("250", datatype=XSD.decimal)))
    assert not validate_dataset(fg.to_dataset()).conforms
    fg.triples = {t for t in fg.triples if not (t[0] == node and t[1] == CKG.committedBy)}
    assert not validate_dataset(fg.to_dataset()).conforms


def test_malformed_commitment_record_is_dropped_with_a_warning() -> None:
    from dataclasses import replace

    from corpkg.graph.rdf import build_filing_graph

    ex = _extraction(TEXT_SCHEDULE, "ex10.txt")
    facts = tuple(replace(f, attributes=(*f.attributes, ("commitment", "not json")))
                  if f.role == "credit" and f.attribute("commitment") else f for f in ex.facts)
    fg = build_filing_graph(replace(ex, facts=facts))
    assert any("not a commitment record" in w for w in fg.warnings)
    assert len({s for s, p, o in fg.triples if p == RDF.type and o == CKG.Commitment}) == 3


@pytest.mark.parametrize("lender, expected", [
    ("Pellmoor Savings Bank", "25000000 USD (25%)"),
    ("Ashgrove National Bank, N.A.", "60000000 USD (60%)"),
])
def test_lenders_query_commitment_column(lender: str, expected: str) -> None:
    from corpkg.graph.query import load_named, run_query
    from corpkg.graph.store import open_store, replace_filing

    store = open_store(None)
    replace_filing(store, _graph(TEXT_SCHEDULE, "ex10.txt"))
    rows = [r for r in run_query(store, load_named("lenders")) if r["lenderLabel"] == lender and r.get("commitment")]
    assert len(rows) == 1 and rows[0]["commitment"] == expected
    assert rows[0]["commitmentEvidence"].startswith(lender)


WRAPPED = PREAMBLE + """
                               ANNEX J - Commitments

          ------------------------------------------------------------------
                                                    Percentage
          Bank                                      of Total          Dollar Commitment
          ------------------------------------------------------------------
          Kestrel Discount Bank    $30,000,000.00
          of Boston
          ------------------------------------------------------------------
          Lowther Trust and        $10,000,000.00
          Savings Bank
          ------------------------------------------------------------------
          Marlow Bank of Ohio,
             National Association            40%          $40,000,000
          ------------------------------------------------------------------
          Total                    $80,000,000.00
"""


def test_plain_text_rows_whose_names_wrap_and_rules_between_rows() -> None:
    cs = _commitments(_doc(WRAPPED))
    assert _rows(cs) == {
        ("Kestrel Discount Bank of Boston", "30000000", "USD", None),  # the name goes on below the amount
        ("Lowther Trust and Savings Bank", "10000000", "USD", None),
        ("Marlow Bank of Ohio, National Association", "40000000", "USD", "40"),  # begun above; share before amount
    }


def test_seal_mark_is_no_part_of_a_signing_lenders_name() -> None:
    text = SIGNATURES.replace("$35,000,000                  PELLMOOR SAVINGS BANK",
                              "$35,000,000                  PELLMOOR SAVINGS BANK          (SEAL)")
    doc = _doc(text)
    assert ("PELLMOOR SAVINGS BANK", "35000000", "USD", None) in _rows(_commitments(doc))
    assert not [p for ag in doc.agreements for p in ag.parties if "SEAL" in p.name]


def test_a_bare_amendment_number_line_is_the_title() -> None:
    text = """Exhibit 10.3

AMENDMENT NO. 2
May 4, 2023
THIS AMENDMENT NO. 2 (this "Amendment") is entered into among Quillfeather Outdoor Goods, Inc. (the "Borrower") and Ashgrove National Bank, N.A., as administrative agent (the "Administrative Agent").

SCHEDULE 2.01

Lender\tTotal Commitment
Ashgrove National Bank, N.A.\t$75,000,000
TOTAL\t$75,000,000
"""
    doc = _doc(text)
    assert [(a.kind, a.title) for a in doc.agreements] == [("amendment", "AMENDMENT NO. 2")]
    assert _rows(_commitments(doc)) == {("Ashgrove National Bank, N.A.", "75000000", "USD", None)}


# ----------------------------------------------------------------------------- unnamed lenders, named agent

EIGHT_K = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K

Item 1.01 Entry into a Material Definitive Agreement.

On May 12, 2021, Quillfeather Outdoor Goods, Inc. (the "Company") entered into a Term Loan Agreement (the "Term Loan Agreement") with {lenders} and Harwick Senior Funding, Inc., as administrative agent. The Term Loan Agreement provides for total term loan commitments in an aggregate principal amount of $900 million.
"""


@pytest.mark.parametrize("lenders", ["the lenders party thereto", "the several banks and other financial institutions from time to time parties thereto", "a syndicate of banks"])
def test_unnamed_lenders_named_agent_gives_an_agent_and_borrower_fact(lenders: str) -> None:
    ex = _extraction(EIGHT_K.format(lenders=lenders), "8k.txt")
    lab = {e.key: e.label for e in ex.entities}
    credit = [f for f in ex.facts if f.role == "credit"]
    assert len(credit) == 1
    f = credit[0]
    assert not f.participant("lender")  # the agent is not said to lend
    assert [lab[k] for k in f.participant("agent")] == ["Harwick Senior Funding, Inc."]
    assert [lab[k] for k in f.participant("borrower")] == ["Quillfeather Outdoor Goods, Inc."]
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.validate import validate_dataset

    assert validate_dataset(build_filing_graph(ex).to_dataset()).conforms  # an agent stands in for the lenders


def test_named_lender_still_lends_and_no_agent_no_fact() -> None:
    ex = _extraction(EIGHT_K.format(lenders="Pellmoor Savings Bank, as lender,"), "8k.txt")
    lab = {e.key: e.label for e in ex.entities}
    (f,) = [f for f in ex.facts if f.role == "credit"]
    assert "Pellmoor Savings Bank" in {lab[k] for k in f.participant("lender")}
    text = EIGHT_K.format(lenders="the lenders party thereto").replace(" and Harwick Senior Funding, Inc., as administrative agent", "")
    assert not [f for f in _extraction(text, "8k.txt").facts if f.role == "credit"]


def test_a_credit_node_without_lender_nor_agent_violates_the_shape() -> None:
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.validate import validate_dataset

    fg = build_filing_graph(_extraction(EIGHT_K.format(lenders="the lenders party thereto"), "8k.txt"))
    fg.triples = {t for t in fg.triples if t[1] != CKG.agent}
    assert not validate_dataset(fg.to_dataset()).conforms

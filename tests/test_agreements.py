"""Agreements read as documents (corpkg.extract.agreements): kind, title, date, exhibit type, preamble
parties with capacity, signature blocks, and the party a header-less exhibit is about."""

from __future__ import annotations

from corpkg.extract.reader import issuer_name, read_text

CREDIT = """Exhibit 10.1

EXTENSION AGREEMENT

This Extension Agreement (this “Extension Agreement”) dated as of December 30, 2022, is among Widget Therapeutics Inc., a Delaware corporation (“Borrower”), Harbor Lending, LLC, not individually, but solely in its capacity as administrative and collateral agent for the Lenders (the “Agent”) and the Lenders party hereto.

WHEREAS, the Borrower, the Lenders and the Agent are party to that certain Credit Agreement.

IN WITNESS WHEREOF, the parties hereto have caused this Extension Agreement to be duly executed.

Borrower:

Widget Therapeutics Inc.

By_/s/ Jane Roe____________________

Name: Jane Roe

Title: Chief Executive Officer

AGENT AND LENDER:

Harbor Lending, LLC

By_/s/ John Doe_____________________

Name: John Doe

Title: Authorized Signatory
"""

COVER = """EXHIBIT 10(q)

CREDIT AGREEMENT
dated as of
June 30, 1995
among
Acme Capital Corporation
The Banks Listed Herein
and
First Example Bank of New York,
as Agent

TABLE OF CONTENTS
"""


def test_standalone_credit_agreement_is_a_document_about_its_borrower() -> None:
    doc = read_text(CREDIT.encode(), "ex10.txt")
    assert issuer_name(doc) == "Widget Therapeutics Inc."
    assert doc.form_type == "EX-10.1"
    (ag,) = doc.agreements
    assert (ag.kind, ag.title, ag.date, ag.exhibit_type) == ("amendment", "EXTENSION AGREEMENT", "2022-12-30", "EX-10.1")
    parties = {(p.name, p.capacity) for p in ag.parties}
    assert ("Widget Therapeutics Inc.", "borrower") in parties
    assert ("Harbor Lending, LLC", "administrative and collateral agent") in parties
    for p in ag.parties:
        assert doc.text[p.start : p.end] == p.name
    sigs = {(s.person, s.title, s.org, s.capacity) for s in ag.signatories}
    assert ("Jane Roe", "Chief Executive Officer", "Widget Therapeutics Inc.", "borrower") in sigs
    assert ("John Doe", "Authorized Signatory", "Harbor Lending, LLC", "agent and lender") in sigs


def test_cover_page_party_list() -> None:
    doc = read_text(COVER.encode(), "ex10q.txt")
    (ag,) = doc.agreements
    assert (ag.kind, ag.date, ag.exhibit_type) == ("credit agreement", "1995-06-30", "EX-10")
    assert [(p.name, p.capacity) for p in ag.parties] == [
        ("Acme Capital Corporation", ""), ("First Example Bank of New York", "agent")]
    assert issuer_name(doc) == "Acme Capital Corporation"


WRAPPED = """Exhibit 10.2

CREDIT AGREEMENT

This CREDIT AGREEMENT is dated as of March 1, 1996 among Lakeside Realty Company (the "Company"); the banks listed on the signature pages hereto (the "Lenders"); and Granite Bank, N.A., as agent for the Lenders (the "Agent").

IN WITNESS WHEREOF, the parties hereto have caused this Agreement to be duly executed.

                              LAKESIDE REALTY COMPANY

                              By: /s/ Paul Example
                                Name:   Paul Example
                                Title:  Treasurer

                              GRANITE BANK, N.A., as Agent,
                                Lender and Issuing Bank

                              By: /s/ Ann Sample
                                Name:   Ann Sample
                                Title:  Vice President

                              MEADOW NATIONAL BANK, as
                                Lender

                              By: /s/ Carl Instance
                                Name:   Carl Instance
                                Title:  Senior Vice President
"""


def test_names_ending_in_a_capacity_word_and_wrapped_signature_capacities() -> None:
    doc = read_text(WRAPPED.encode(), "ex10-2.txt")
    (ag,) = doc.agreements
    # "Company" and "Bank" end these names; they are no capacity phrases
    assert issuer_name(doc) == "Lakeside Realty Company"
    sigs = {(s.org, s.capacity, s.person) for s in ag.signatories}
    assert ("GRANITE BANK, N.A.", "agent, lender and issuing bank", "Ann Sample") in sigs
    assert ("MEADOW NATIONAL BANK", "lender", "Carl Instance") in sigs
    assert ("LAKESIDE REALTY COMPANY", "", "Paul Example") in sigs


PARENT = """Exhibit 10.3

AMENDMENT NO. 2

This Amendment No. 2 dated as of May 5, 1997 ("Agreement") is among Northwind Drilling Inc., Northwind
Offshore Inc. and  Northwind Marine Company (collectively, the "Borrowers"), Northwind Holdings Inc. ("Guarantor")
and  Banque Exemple, New
York Branch ("Bank").
"""


def test_parent_guarantor_of_several_borrowers_and_wrapped_branch_names() -> None:
    doc = read_text(PARENT.encode(), "ex10-3.txt")
    (ag,) = doc.agreements
    parties = {(" ".join(p.name.split()), p.capacity) for p in ag.parties}
    assert {("Northwind Drilling Inc.", "borrower"), ("Northwind Offshore Inc.", "borrower"),
            ("Northwind Marine Company", "borrower"), ("Northwind Holdings Inc.", "guarantor"),
            ("Banque Exemple, New York Branch", "lender")} <= parties
    # several borrowers and one guarantor of them all: the exhibit is about the parent
    assert issuer_name(doc) == "Northwind Holdings Inc."


RULED = """Exhibit 10.4

CREDIT AGREEMENT

This CREDIT AGREEMENT is dated as of June 1, 1996 among Brookfield Homes Corp. (the "Company") and the banks listed on the signature pages hereto (the "Lenders").

                              ALDER BANK PLC, as Lender

                              By: /s/ Jane Sample
                                 -------------------------------
                                Name:   Jane Sample
                                 -------------------------------
                                Title:  Vice President

                              By: /s/ Omar Example
                                 -------------------------------
                                Name:   Omar Example
                                 -------------------------------
                                Title:  General Manager

BROOKFIELD HOMES CORP.        OAKVALE LLC

By:      s/ Lee Person                 By:      s/ Kim Other
Name:    Lee Person                    Name:    Kim Other
Title:   Treasurer                     Title:   Manager
"""


def test_ruled_second_and_side_by_side_signature_blocks() -> None:
    doc = read_text(RULED.encode(), "ex10-4.txt")
    (ag,) = doc.agreements
    sigs = {(s.person, s.title, s.org, s.capacity) for s in ag.signatories}
    assert ("Jane Sample", "Vice President", "ALDER BANK PLC", "lender") in sigs  # rule lines skipped
    assert ("Omar Example", "General Manager", "ALDER BANK PLC", "lender") in sigs  # a second signer, same bank
    assert ("Lee Person", "Treasurer", "BROOKFIELD HOMES CORP.", "") in sigs  # the By line's own column


COMMITMENTS = """Exhibit 10.5

CREDIT AGREEMENT

This CREDIT AGREEMENT is dated as of July 1, 1995 among Harbor Leasing Corporation (the "Borrower"), the BANKS listed on the signature pages hereof and Cedar Trust Company of Boston, as Agent.

                            HARBOR LEASING CORPORATION

                            By ___________________________________
                               Title:

Commitments

$120,000,000                   CEDAR TRUST COMPANY
                                  OF BOSTON

                             By ___________________________________
                                Title:

$71,250,000                  MAPLE BANK PLC

                             By ___________________________________
                                Title:

     Revolving Credit Commitment   ASPEN FINANCIAL
       $40,000,000                 CORPORATION

                             By ___________________________________
                                Title:
"""


def test_commitments_over_unsigned_signature_blocks_are_lenders() -> None:
    doc = read_text(COMMITMENTS.encode(), "ex10-5.txt")
    (ag,) = doc.agreements
    lenders = {" ".join(p.name.split()) for p in ag.parties if p.capacity == "lender"}
    assert lenders == {"CEDAR TRUST COMPANY OF BOSTON", "MAPLE BANK PLC", "ASPEN FINANCIAL CORPORATION"}
    assert ("Cedar Trust Company of Boston", "agent") in {(p.name, p.capacity) for p in ag.parties}
    assert issuer_name(doc) == "Harbor Leasing Corporation"


AMENDMENT = """Exhibit 10.1

SECOND AMENDMENT TO CREDIT AGREEMENT

This SECOND AMENDMENT TO CREDIT AGREEMENT (this "Amendment"), dated as of December 29, 2022, is entered
into by and among KESTREL TOOLS, INC., a Delaware corporation (the "Borrower"), the lenders party hereto
(the "Lenders") and HERON BANK, N.A., as administrative agent (the "Agent").

WHEREAS, pursuant to that certain Credit Agreement, dated as of April 30, 2018 (as amended prior to the
date hereof, the "Credit Agreement"), the Lenders have made loans to the Borrower;

NOW, THEREFORE, the parties agree as follows.
"""


def test_an_amendment_names_the_agreement_it_amends_and_its_date() -> None:
    (ag,) = read_text(AMENDMENT.encode(), "ex10-amend.txt").agreements
    assert ag.kind == "amendment" and ag.date == "2022-12-29"
    # the amendment's own "dated as of" is not the amended agreement's date
    assert (ag.amends, ag.amends_date) == ("Credit Agreement", "2018-04-30")
    # with no reference in the text, the title still says what is amended (no date)
    bare = AMENDMENT.split("WHEREAS")[0].replace("SECOND AMENDMENT TO CREDIT AGREEMENT (this", "this Amendment (this")
    (ag,) = read_text(bare.encode(), "ex10-amend2.txt").agreements
    assert (ag.amends, ag.amends_date) == ("Credit Agreement", None)
    # an agreement that is not an amendment amends nothing
    (ag,) = read_text(AMENDMENT.replace("SECOND AMENDMENT TO ", "").encode(), "ex10-credit.txt").agreements
    assert ag.kind == "credit agreement" and ag.amends is None


def test_the_credit_fact_of_an_amendment_carries_what_it_amends() -> None:
    from corpkg.extract.pipeline import extract_filing
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.validate import validate_graph

    signed = AMENDMENT + ("\nIN WITNESS WHEREOF, the parties have executed this Amendment.\n\nKESTREL TOOLS, INC., as Borrower\n"
                          "By: /s/ Ada Quill\nName: Ada Quill\nTitle: Chief Executive Officer\n\n"
                          "HERON BANK, N.A., as Agent and as a Lender\nBy: /s/ Bo Reed\nName: Bo Reed\nTitle: Director\n")
    ex = extract_filing(read_text(signed.encode(), "ex10-amend.txt"))
    (credit,) = [f for f in ex.facts if f.role == "credit" and f.attribute("amendsAgreement")]
    assert credit.attribute("amendsAgreement") == ["Credit Agreement"]
    assert credit.attribute("amendedAgreementDate") == ["2018-04-30"]
    assert credit.attribute("agreementTitle") == ["SECOND AMENDMENT TO CREDIT AGREEMENT"]
    fg = build_filing_graph(ex)
    assert not [w for w in fg.warnings if "amend" in w.lower() or "agreementTitle" in w]
    assert validate_graph(fg.to_graph()).conforms

"""A lender whose borrower one sentence names lends to that borrower when a later sentence (a press release
retelling the financing) names none: the filer does not stand in for it. Agreement parties signing
"individually as a Lender" or "executing as a Lender" keep their names whole, and a debt table's
"Holder / Lender" column is its lenders' column."""

from __future__ import annotations

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_text

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
CURRENT REPORT
ALDERMOOR HOSPITALITY TRUST, INC.
(Exact name of registrant as specified in its charter)

Item 2.03. Creation of a Direct Financial Obligation

"""

RETOLD = HEAD + """On March 12, 2026, Aldermoor Savannah Owner LLC (the "Savannah Borrower"), an indirect wholly owned subsidiary of Aldermoor Hospitality Trust, Inc. (the "Company"), obtained a $48.5 million mortgage loan from Crescent Mutual Life Insurance Company.

Exhibit 99.1

The loan from Crescent Mutual Life Insurance Company bears interest at 6.12% and matures in 2031.
"""


def pairs(text: str) -> set[tuple[str, str]]:
    ex = extract_filing(read_text(text.encode(), "8-K_aldermoor.txt"))
    label = {e.key: e.label for e in ex.entities}
    return {(label[lk], label[bk]) for f in ex.facts if f.role == "credit"
            for lk in f.participant("lender") for bk in f.participant("borrower")}


def test_a_retold_loan_keeps_the_borrower_named_before():
    found = pairs(RETOLD)
    assert ("Crescent Mutual Life Insurance Company", "Aldermoor Savannah Owner LLC") in found
    assert ("Crescent Mutual Life Insurance Company", "Aldermoor Hospitality Trust, Inc.") not in found


def test_the_filer_still_borrows_when_no_sentence_names_another_borrower():
    text = HEAD + """The loan from Crescent Mutual Life Insurance Company bears interest at 6.12% and matures in 2031.
"""
    assert ("Crescent Mutual Life Insurance Company", "Aldermoor Hospitality Trust, Inc.") in pairs(text)


AGREEMENT = """CREDIT AGREEMENT

THIS CREDIT AGREEMENT dated as of May 1, 2025 is among HALVERSON MARINE SYSTEMS, INC., a Delaware corporation (the "Borrower"), the lenders party hereto and FIRST HORIZON BANK, as Administrative Agent.

[Signature pages follow]

HALVERSON MARINE SYSTEMS, INC., as Borrower

By: /s/ Dana L. Whitcomb
Name: Dana L. Whitcomb
Title: Chief Financial Officer

JPMORGAN CHASE BANK, N.A., individually as a Lender

By: /s/ Owen P. Duquesne
Name: Owen P. Duquesne
Title: Executive Director

FIRST HORIZON BANK, executing as a Lender

By: /s/ Maria T. Okafor
Name: Maria T. Okafor
Title: Senior Vice President
"""


def test_signing_lenders_keep_their_names_whole():
    doc = read_text(AGREEMENT.encode(), "EX-10_halverson-credit-agreement.txt")
    names = {s.org for a in doc.agreements for s in a.signatories if s.org}
    assert "JPMORGAN CHASE BANK, N.A." in names
    assert "FIRST HORIZON BANK" in names
    assert not any("individually" in n or "executing" in n for n in names)


def test_a_holder_lender_column_names_the_lenders_and_the_obligor_column_the_borrowers():
    text = HEAD.replace("Item 2.03. Creation of a Direct Financial Obligation", "Note 7. Notes Payable") + """The notes payable of the Company and its subsidiaries at December 31, 2025 were:

     Obligor                         Holder / Lender                       Description       Balance
     ----------------------------    ---------------------------------     --------------    ----------
     Aldermoor Savannah Owner LLC    Farmington Equipment Credit Corp.     Equipment loan      $812,000
     Aldermoor Savannah Owner LLC    Commonwealth Cooperative Bank         Mortgage loan     $1,940,000
"""
    found = pairs(text)
    assert ("Commonwealth Cooperative Bank", "Aldermoor Savannah Owner LLC") in found
    assert not any(lender.startswith("Aldermoor") for lender, _ in found)

"""Signature pages of credit documents printed in capitals: a bank named with no legal form
("SYNOVUS BANK, as a Lender") heading its block is a party — its signer holds a seat there and it
lends — and a caption with one space before the bank ("LENDERS: BANK OF AMERICA, N.A.") still lets
the bank head the block. A capitalised phrase followed by "as the Administrative Agent" inside a
sentence is no party."""

from __future__ import annotations

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_text
from corpkg.extract.roles.testing import filing_pairs

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
KESTREL BROOK INDUSTRIES, INC.
(Exact name of registrant as specified in its charter)

Exhibit 10.1

FIRST AMENDMENT TO CREDIT AGREEMENT

IN WITNESS WHEREOF, the parties have caused this Amendment to be executed.

BORROWER: KESTREL BROOK INDUSTRIES, INC.

By: /s/ Howard J. Penrose
Name: Howard J. Penrose
Title: Chief Financial Officer

LENDERS: BANK OF AMERICA, N.A., as a Lender

By: /s/ Sandra Kowalczyk
Name: Sandra Kowalczyk
Title: Senior Vice President

SYNOVUS BANK, as a Lender

By: /s/ Malcolm Reedy
Name: Malcolm Reedy
Title: Director

At any time, the Agent may inspect Borrowing Base Properties as the Administrative Agent determines.
"""


def _extract():
    ex = extract_filing(read_text(HEAD.encode(), "8-K_kestrel.txt"))
    seats = filing_pairs(HEAD, "8-K_kestrel.txt", "position", "holder", "organization")
    lenders = {lender for lender, _ in filing_pairs(HEAD, "8-K_kestrel.txt", "credit", "lender", "borrower")}
    return seats, lenders, {e.label for e in ex.entities}


def test_a_capitalised_bank_heading_its_block_is_a_party():
    seats, lenders, _ = _extract()
    assert ("Malcolm Reedy", "SYNOVUS BANK") in seats
    assert "SYNOVUS BANK" in lenders


def test_a_one_space_caption_lets_the_bank_head_its_block():
    seats, _, _ = _extract()
    assert ("Sandra Kowalczyk", "BANK OF AMERICA, N.A.") in seats
    assert ("Sandra Kowalczyk", "Kestrel Brook Industries, Inc.") not in seats


def test_as_the_agent_inside_a_sentence_makes_no_party():
    _, lenders, names = _extract()
    assert "Borrowing Base Properties" not in names | lenders


WRAPPED = HEAD.split("LENDERS:")[0].replace("FIRST AMENDMENT TO CREDIT AGREEMENT", "JOINDER AGREEMENT") + """LENDERS:                           BANK OF AMERICA, N.A.,
                                   as a Lender, Swing Line Lender and
                                   L/C Issuer

                                   By: /s/ Colin J. Marsh
                                       ----------------------------------
                                   Name:  Colin J. Marsh
                                   Title: Senior Vice President
"""


def test_a_capacity_wrapped_over_lines_keeps_the_bank_heading_the_block():
    seats = filing_pairs(WRAPPED, "8-K_kestrel.txt", "position", "holder", "organization")
    assert ("Colin J. Marsh", "BANK OF AMERICA, N.A.") in seats
    assert ("Colin J. Marsh", "Kestrel Brook Industries, Inc.") not in seats

"""Eighth session: faults found by reading the output on filings nobody annotated (the shared
corpus's unannotated 8-Ks and the loan agreements of the FIN benchmark), written as hand-made
text about invented companies and people: a postal address begun inside a preamble piece, lettered
paragraphs read as initials, an academic chair read as an honorific and its discipline as an
organization, degrees read as "Ms.", and the mortgage agencies' short names."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.extract.mentions import find_mentions
from corpkg.extract.pipeline import extract_filing, load_pipeline
from corpkg.extract.reader import read_filing, read_text

PREAMBLE = """Exhibit 10.1

LOAN AND SECURITY AGREEMENT

THIS LOAN AND SECURITY AGREEMENT (this "Agreement") dated as of March 3, 2009 among NORTHGATE COMMERCE BANK, a Utah corporation and with a loan production office located at 410 Harbor Street, 12th Floor, Boston, Massachusetts 02110 (the "Agent"), the Lenders listed on Schedule 1 hereto, and QUILLFIELD SYSTEMS, INC., a Delaware corporation ("Borrower"), provides the terms on which Lenders shall lend to Borrower.

The parties agree as follows:
"""

MAILING = """Exhibit 10.1

LOAN AGREEMENT

The undersigned, Tamsworth Holdings, Inc., a Georgia corporation (the “Borrower”), with its mailing address located at the address set forth on the signature pages hereof, has requested that Larkspur Bank, National Association (the “Lender”) extend a loan (the “Loan”) to Borrower to be evidenced by Borrower’s promissory note dated of even date herewith, in the maximum stated principal sum of $9,000,000.00, payable to the order of Lender. In consideration of Lender making the Loan, Borrower agrees with Lender as follows:

1. Definitions. Capitalized terms used in this Loan Agreement have the meanings given in the Note.
"""


def test_an_address_begun_inside_a_piece_is_no_party_and_its_term_is_the_banks() -> None:
    doc = read_text(PREAMBLE.encode(), "ex10.txt")
    (ag,) = doc.agreements
    parties = {(p.name, p.capacity) for p in ag.parties}
    assert ("NORTHGATE COMMERCE BANK", "agent") in parties
    assert ("QUILLFIELD SYSTEMS, INC.", "borrower") in parties
    names = {p.name for p in ag.parties}
    assert not names & {"12th Floor", "Boston", "Massachusetts 02110", "410 Harbor Street"}


def test_an_address_that_is_no_street_leaves_the_next_party_alone(tmp_path: Path) -> None:
    path = tmp_path / "ex10.txt"
    path.write_text(MAILING)
    ex = extract_filing(read_filing(path), nlp=load_pipeline())
    lab = {e.key: e.label for e in ex.entities}
    pairs = {(lab[f.participant("lender")[0]], lab[f.participant("borrower")[0]])
             for f in ex.facts if f.role == "credit" and f.participant("lender") and f.participant("borrower")}
    assert ("Larkspur Bank, National Association", "Tamsworth Holdings, Inc.") in pairs


LETTERED = """A. General terms apply to the premises.

  D. The Tenant shall keep no dogs in or about the premises.

  E. Tenant covenants and agrees as follows:

D. Fees:

   B. Except as otherwise provided, the tenant pays the fees.
   C. Pursuant to Section 7.05 of the Plan, the holders vote.
"""


def test_lettered_paragraphs_are_no_initials() -> None:
    found = {(c.text, c.kind) for c in find_mentions(LETTERED).accepted}
    assert not {t for t, _ in found if t[:2] in {"B.", "C.", "D.", "E."}}
    assert not found


def test_an_initial_before_a_name_stays_among_lettered_paragraphs() -> None:
    text = LETTERED + "A. George Battlebury signed for the landlord.\n"
    found = {(c.text, c.kind) for c in find_mentions(text).accepted}
    assert ("A. George Battlebury", "Person") in found


@pytest.mark.parametrize("sentence, no_entity, entity", [
    ("Dr. Simon Weng is a Professor of Electrical Engineering at Stanford University.",
     "Electrical Engineering", ("Simon Weng", "Person")),
    ("Mr. Cedarholm earned B.S. and M.S. degrees in Computer Science from Purdue University.",
     "M.S.", ("Cedarholm", "Person")),
    ("Ms. Ranfield holds an M.A. in Economics.", "M.A.", ("Ranfield", "Person")),
])
def test_a_chair_and_a_degree_are_no_names(sentence: str, no_entity: str, entity: tuple[str, str]) -> None:
    found = {(c.text, c.kind) for c in find_mentions(sentence).accepted}
    assert entity in found
    assert no_entity not in {t for t, _ in found}


def test_a_chief_officer_of_a_company_still_names_the_company() -> None:
    found = {(c.text, c.kind) for c in find_mentions("She was Chief Executive Officer of Brantley Marine "
                                                      "and a Professor of Finance at the Kellerman School.").accepted}
    assert ("Brantley Marine", "Organization") in found
    assert "Finance" not in {t for t, _ in found}


def test_the_mortgage_agencies_short_names_are_organizations() -> None:
    found = {(c.text, c.kind) for c in find_mentions("Loans are sold to Fannie Mae and Freddie Mac, and pools "
                                                      "are guaranteed by Ginnie Mae.").accepted}
    assert {("Fannie Mae", "Organization"), ("Freddie Mac", "Organization"), ("Ginnie Mae", "Organization")} <= found

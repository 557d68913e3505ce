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


@pytest.mark.parametrize("text, wanted, unwanted", [
    ("The holding company for Northwestern Washington-based Larchmont Bank expects to report results.",
     "Larchmont Bank", "Northwestern Washington-based Larchmont Bank"),
    ("Said Ria Halvorsen, Larchmont’s CEO. Growth is slowing.", None, "Larchmont’s CEO"),
    ("This Lease is made by and between 88 Quarry Lane LLC, a New Jersey LLC, having an address in Newark.",
     "88 Quarry Lane LLC", "New Jersey LLC"),
    ("Opinion of Abernethy Quell & Dunmore, Professional Corporation.",
     "Abernethy Quell & Dunmore, Professional Corporation", "Professional Corporation"),
    ("The Audit Committee of the Company’s Board of Directors has discussed the matters.",
     None, "The Audit Committee of the Company"),
    ("99.2 Tollard Enterprises Investor Presentation posted by Tollard Industries, Inc.",
     "Tollard Industries, Inc.", "Tollard Enterprises Investor Presentation"),
])
def test_descriptions_titles_and_documents_around_names(text: str, wanted: str | None, unwanted: str) -> None:
    found = {c.text for c in find_mentions(text).accepted}
    if wanted:
        assert wanted in found
    assert unwanted not in found


def test_a_possessive_firm_name_ending_a_sentence_stays_whole() -> None:
    found = {c.text for c in find_mentions("The notes were rated Aa3 by Moody’s Investors Service. Bexley expects "
                                           "to keep the rating.").candidates}
    assert "Moody’s Investors Service" in found


def test_the_insurers_name_of_a_place_before_a_possessive() -> None:
    found = {c.text for c in find_mentions("The Prudential Insurance Company of America’s Board approved it.").accepted}
    assert "The Prudential Insurance Company of America" in found


SIGNED = """Exhibit 10.3

REGISTRATION RIGHTS AGREEMENT

This Registration Rights Agreement is entered into by and between Quillfield Systems, Inc. (the "Company") and the holders named below.

IN WITNESS WHEREOF, the parties have executed this Agreement.

                       QUILLFIELD SYSTEMS, INC.

                       By: /s/ Jane Roe
                       Name: Jane Roe
                       Title: Chief Executive Officer

                       HOLDERS:

                       MARBLEHEAD VALUE PARTNERS, L.P.
                       c/o Marblehead Funds
                       767 Ninth Avenue
                       New York, NY 10019-2023

                       By: /s/ Walter P. Ossing
                       Name: Walter P. Ossing
                       Title: President
"""


def test_a_notice_address_in_a_signature_block_is_not_the_signing_entity() -> None:
    doc = read_text(SIGNED.encode(), "ex10.txt")
    (ag,) = doc.agreements
    sigs = {(s.person, s.org) for s in ag.signatories}
    assert ("Walter P. Ossing", "MARBLEHEAD VALUE PARTNERS, L.P.") in sigs
    assert not any(s.org and "10019" in s.org for s in ag.signatories)


INCLUDING = ("This Credit Agreement is entered into among Fenwick Tools Inc., as Borrower, the Lenders party hereto, "
             "including Harbor Bank, N.A., Quayside Capital LLC and Pell Finance LP, and Harbor Bank, N.A., as "
             "Administrative Agent.")


def test_names_after_including_take_the_groups_capacity_and_a_last_capacity_stays_its_own() -> None:
    from corpkg.extract.agreements import _parties

    a = INCLUDING.find("among")
    parties = [(p.name, p.capacity) for p in _parties(INCLUDING, a, len(INCLUDING))]
    assert ("Quayside Capital LLC", "lender") in parties
    assert ("Pell Finance LP", "lender") in parties
    assert ("Harbor Bank, N.A.", "administrative agent") in parties
    assert not any(name.startswith("Administrative") for name, _ in parties)


def test_a_capacity_ending_the_sentence() -> None:
    from corpkg.extract.agreements import _parties

    text = "This Agreement is made among Fenwick Tools Inc., as Borrower, and Harbor Bank, N.A., as Administrative Agent."
    assert [(p.name, p.capacity) for p in _parties(text, text.find("among"), len(text))] == [
        ("Fenwick Tools Inc.", "borrower"), ("Harbor Bank, N.A.", "administrative agent")]


PERSON_LOAN = """Exhibit 10.4

LOAN AGREEMENT

This Loan Agreement (this “Agreement”) is made and entered into as of October 19, 2004 by and between Quillfield Systems, Inc. (the “Lender”), a Delaware corporation, and Martin Ashby (the “Borrower”), an individual residing in Denver, Colorado.

WHEREAS, the Lender intends to provide the Borrower with a loan to be used under this Agreement.
"""


def test_a_companys_loan_to_a_person_is_about_the_company() -> None:
    doc = read_text(PERSON_LOAN.encode(), "ex10.txt")
    (ag,) = doc.agreements
    assert ag.issuer is not None and ag.issuer.name == "Quillfield Systems, Inc."
    assert [(p.name, p.capacity) for p in ag.parties] == [("Quillfield Systems, Inc.", "lender"),
                                                          ("Martin Ashby", "borrower")]


@pytest.mark.parametrize("sentence, name", [
    ("She serves on the board of the Halloran Institute for Cancer Research in Boston.",
     "Halloran Institute for Cancer Research"),
    ("The Brindle Foundation for Rural Education awarded the grant.", "The Brindle Foundation for Rural Education"),
    ("Rules of the Organisation for Economic Co-operation and Development apply.",
     "Organisation for Economic Co-operation and Development"),
])
def test_an_institution_continued_by_for_is_one_name(sentence: str, name: str) -> None:
    names = {(c.text, c.kind) for c in find_mentions(sentence).accepted}
    assert (name, "Organization") in names


def test_for_after_a_company_name_is_no_join() -> None:
    sentence = "Quillfield Systems, Inc. for Harbor Bank signed the note."
    names = [c.text for c in find_mentions(sentence).accepted]
    assert not any(" for " in n for n in names)

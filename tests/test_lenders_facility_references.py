"""Lenders told apart from the sentence that tells their facility, and the entity rules they lean on:
an opening "The loan was made by X" and a back-reference ("joined the facility", "the lenders thereunder
are now") lend to the borrower of the facility told just before; a debt table's "Lender(s)" cell may list
several lenders and its "Borrower" cell may hold a defined short name; a table announced by a lone sentence
lends to the borrower of the passage before it; a relative clause after a subject holds no borrower.
Entities: a one-word alias inside a place name is no mention of its entity, "Pte. Ltd." ends no sentence,
and a defined term made of the name's own words ("Newbuild 7") is an alias."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.testing import filing_pairs

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 10-K
BRAMBLEWOOD INDUSTRIES, INC.
(Exact name of registrant as specified in its charter)

ITEM 7. LIQUIDITY AND CAPITAL RESOURCES

"""

ISSUER = "Bramblewood Industries, Inc."


def pairs(text: str) -> set[tuple[str, str]]:
    return filing_pairs(text, "10-K_bramblewood.txt", "credit", "lender", "borrower")


def test_the_loan_was_made_by_lends_to_the_facility_told_before():
    text = HEAD + ("In March 2024 Bramblewood Farm Supply, LLC, a wholly owned subsidiary of the Company, entered "
                   "into a $14.0 million term loan maturing in 2031. The loan was made by Greenstone Farm Credit "
                   "Services, ACA and is secured by the Ardmore grain terminal.\n")
    found = pairs(text)
    assert ("Greenstone Farm Credit Services, ACA", "Bramblewood Farm Supply, LLC") in found
    assert ("Greenstone Farm Credit Services, ACA", ISSUER) not in found


def test_a_lender_joining_the_facility_lends_to_its_borrower():
    text = HEAD + ("Bramblewood Metals Corp., our wholly owned subsidiary, amended its revolving credit facility "
                   "in June 2025 to raise the commitments to $60.0 million. In connection with the amendment, "
                   "Old Second National Bank joined the facility as a lender.\n")
    found = pairs(text)
    assert ("Old Second National Bank", "Bramblewood Metals Corp.") in found
    assert ("Old Second National Bank", ISSUER) not in found


DEBT_TABLE = HEAD + """Bramblewood Logistics Company (“BLC”) and Bramblewood Realty LLC, subsidiaries of the Company, had the following notes outstanding at December 31, 2025:

    Borrower        Lender(s)                                       Rate       Balance
    BLC             First Mid Bank & Trust, N.A. and Busey Bank     6.25%      $8,400,000
    Bramblewood Realty LLC    Heartland Bank and Trust Company      5.90%      $3,150,000

"""


def test_a_lender_cell_lists_several_lenders_of_a_borrower_cell_given_by_its_short_name():
    found = pairs(DEBT_TABLE)
    assert ("First Mid Bank & Trust, N.A.", "Bramblewood Logistics Company") in found
    assert ("Busey Bank", "Bramblewood Logistics Company") in found
    assert ("Heartland Bank and Trust Company", "Bramblewood Realty LLC") in found
    assert not any(b == ISSUER for _, b in found)


def test_a_relative_clause_after_the_subject_holds_no_borrower():
    text = HEAD + ("Cedar Point Terminal LLC (the “JV”), which is owned 60% by the Company and 40% by Harbor "
                   "Marine Holdings, LLC, entered into a $22.0 million construction loan with Midland States "
                   "Bank in April 2025.\n")
    found = pairs(text)
    assert ("Midland States Bank", "Cedar Point Terminal LLC") in found
    assert ("Midland States Bank", "Harbor Marine Holdings, LLC") not in found


LONE_ANNOUNCEMENT = HEAD + """In August 2025 Bramblewood Canada ULC, our Ontario subsidiary, entered into a C$40.0 million revolving credit agreement maturing in August 2030.

The lenders and their commitments are:

    Lender                                   Commitment
    The Toronto-Dominion Bank                C$25,000,000
    Canadian Western Bank                    C$15,000,000

The Company has no borrowings of its own.
"""


def test_a_table_announced_by_a_lone_sentence_lends_to_the_borrower_told_before():
    found = pairs(LONE_ANNOUNCEMENT)
    assert ("The Toronto-Dominion Bank", "Bramblewood Canada ULC") in found
    assert ("Canadian Western Bank", "Bramblewood Canada ULC") in found
    assert not any(b == ISSUER for _, b in found)


def test_a_name_after_by_is_no_borrower_subject():
    text = HEAD + ("In 2024 Bramblewood Operating LLC, controlled by the Bramblewood "
                   "Foundation Trust, entered into a $9.0 million equipment loan with Bank of the Ozarks.\n")
    found = pairs(text)
    assert ("Bank of the Ozarks", "Bramblewood Operating LLC") in found
    assert not any(b == "Bramblewood Foundation Trust" for _, b in found)


def entities(text: str, name: str = "10-K_bramblewood.txt"):
    from corpkg.extract.pipeline import extract_filing
    from corpkg.extract.reader import read_text

    return extract_filing(read_text(text.encode(), name)).entities


def test_a_short_name_inside_a_place_name_is_no_mention():
    text = HEAD + ("Columbia Forest Products Corp. (“Columbia”) supplies the Company. Our sawmill in British "
                   "Columbia runs two shifts.\n")
    ents = {e.label: e for e in entities(text)}
    quotes = [m.quote for m in ents["Columbia Forest Products Corp."].mentions]
    assert quotes.count("Columbia") == 1  # the defined term, not "British Columbia"


def test_pte_ltd_ends_no_sentence_and_its_lender_is_found():
    text = HEAD + ("Bramblewood Asia Pte. Ltd., our Singapore subsidiary, borrowed S$5.0 million from "
                   "Oversea-Chinese Banking Corporation Limited under a revolving facility in 2025.\n")
    assert ("Oversea-Chinese Banking Corporation Limited", "Bramblewood Asia Pte. Ltd.") in pairs(text)


def test_a_defined_term_of_the_names_own_words_is_an_alias():
    text = HEAD + ("Bramblewood Newbuild 7 Ltd. (“Newbuild 7”), a subsidiary of the Company, entered into a "
                   "$31.0 million term loan with DNB Bank ASA in May 2025. Newbuild 7 drew the full amount on "
                   "delivery of the vessel.\n")
    ents = {e.label: e for e in entities(text)}
    assert "Newbuild 7" in ents["Bramblewood Newbuild 7 Ltd."].aliases
    assert ("DNB Bank ASA", "Bramblewood Newbuild 7 Ltd.") in pairs(text)


def test_an_address_between_a_party_and_its_defined_term_keeps_the_term_on_the_party():
    text = ("LOAN AGREEMENT\n\nThis Loan Agreement is made on 3 March 2025 between Mekong Delta Aquafarms Joint "
            "Stock Company, a joint stock company organised under the laws of Vietnam, whose head office is at "
            "Lot 14, Tra Noc Industrial Park, Binh Thuy District, Can Tho City, Vietnam (the “Borrower”), and "
            "Saigon Thuong Tin Commercial Joint Stock Bank (the “Lender”).\n\n"
            "1. The Lender agrees to make a term loan of VND 120,000,000,000 to the Borrower.\n")
    found = filing_pairs(text, "EX-10_mekong.txt", "credit", "lender", "borrower")
    assert ("Saigon Thuong Tin Commercial Joint Stock Bank",
            "Mekong Delta Aquafarms Joint Stock Company") in found
    assert not any("Can Tho" in b for _, b in found)
    aliases = {e.label: e.aliases for e in entities(text, "EX-10_mekong.txt")}
    assert "Borrower" in aliases["Mekong Delta Aquafarms Joint Stock Company"]


def test_a_tranche_letter_ends_its_sentence():
    text = HEAD + ("Bramblewood Operating LLC is the borrower under a credit agreement providing a $300 million "
                   "Term Loan A and a $200 million Term Loan B. Citizens Bank, N.A. is administrative agent, and "
                   "the lenders thereunder are Citizens Bank, N.A. and Fifth Third Bank, National Association.\n")
    lenders = {lk for lk, _ in pairs(text)}
    assert "Citizens Bank, N.A." in lenders
    assert not any(lk.startswith("Term Loan") for lk in lenders)


@pytest.mark.parametrize("definition", [
    # "references to … refer to X": the term names the party after the cue
    "References to the “Operating Partnership” refer to Bramblewood Realty OP, L.P., of which the Company is the "
    "general partner.",
    # a defined term repeating a possessive apposition names the party before the apposition
    "Bramblewood Realty OP, L.P., the Company’s operating partnership (the “Operating Partnership”), owns the "
    "Company’s properties.",
])
def test_the_operating_partnership_term_names_its_party_and_borrows(definition):
    text = HEAD + definition + ("\n\nThe Operating Partnership borrowed $45.0 million from Regions Bank under a "
                                "term loan in 2025.\n")
    aliases = {e.label: e.aliases for e in entities(text)}
    assert "Operating Partnership" in aliases["Bramblewood Realty OP, L.P."]
    assert ("Regions Bank", "Bramblewood Realty OP, L.P.") in pairs(text)


def test_the_us_borrower_borrows_where_a_sentence_names_no_borrower():
    text = HEAD + ("On May 1, 2025, the Company, its subsidiary Bramblewood Freight LLC (the “U.S. Borrower”) and "
                   "Bramblewood Canada ULC (the “Canadian Borrower”) entered into a credit agreement with Truist "
                   "Bank, as administrative agent. The Company is a guarantor only.\n\n"
                   "Old National Bank became a lender under the credit agreement in September 2025.\n")
    found = pairs(text)
    assert ("Old National Bank", "Bramblewood Freight LLC") in found
    assert ("Old National Bank", ISSUER) not in found


def test_an_amount_in_pounds_reads_as_one_in_dollars():
    text = HEAD + "Bramblewood UK Limited borrowed £10.0 million from Lloyds Bank plc.\n"
    assert ("Lloyds Bank plc", "Bramblewood UK Limited") in pairs(text)


def test_a_bank_named_with_common_words_is_a_name_but_a_capacity_bank_is_not():
    text = HEAD + ("The lenders under the facility are First Union National Bank, City National Bank and "
                   "Associated Bank. Each Reference Bank quotes its rate to the agent.\n")
    lenders = {lk for lk, _ in pairs(text)}
    assert {"First Union National Bank", "City National Bank", "Associated Bank"} <= lenders
    assert not any("Reference" in lk for lk in lenders)


def test_lenders_named_after_a_facility_told_with_its_agent_lend_to_its_borrower():
    text = HEAD + ("On March 3, 2025, Bramblewood Realty LLC entered into a $150 million revolving line of credit "
                   "with a group of banks for which Regions Bank acts as administrative agent. The lenders "
                   "thereunder are Regions Bank, Trustmark National Bank and Renasant Bank.\n")
    found = pairs(text)
    for bank in ("Regions Bank", "Trustmark National Bank", "Renasant Bank"):
        assert (bank, "Bramblewood Realty LLC") in found
    assert not any(b == ISSUER for _, b in found)

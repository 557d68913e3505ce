"""Bank names the rules had cut or dropped, and a table of lenders announced by the sentence before it:
a plural possessive inside a bankers' bank ("Commonwealth Bankers’ Bank") stays one name, a public
body seated in a county ("Development Authority of Richmond County") is an organization, one word
ending in a bank's head ("Rabobank") is an organization but a person or place that ends so
("Curtis J. Maybank", "Burbank") is not, and rows after "the lenders listed below" lend to the
borrower that sentence names, not to the filer."""

from __future__ import annotations

from corpkg.extract.names import classify_name, has_org_head_ending
from corpkg.extract.roles.testing import filing_pairs

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 10-K
HOLLOWAY GRAIN PARTNERS, INC.
(Exact name of registrant as specified in its charter)

ITEM 7. LIQUIDITY AND CAPITAL RESOURCES

"""


def pairs(text: str) -> set[tuple[str, str]]:
    return filing_pairs(text, "10-K_holloway.txt", "credit", "lender", "borrower")


def test_a_bankers_bank_keeps_its_possessive():
    text = HEAD + ("On May 3, 2025, the Company entered into a $6.0 million revolving line of credit with "
                   "Commonwealth Bankers’ Bank. The line bears interest at the prime rate.\n")
    lenders = {lk for lk, _ in pairs(text)}
    assert "Commonwealth Bankers’ Bank" in lenders
    assert "Bank" not in lenders


def test_a_public_body_seated_in_a_county_lends():
    text = HEAD + ("In 2024 the Company borrowed $2.5 million from the Development Authority of Richmond County "
                   "under a loan agreement secured by the Augusta elevator.\n")
    assert ("Development Authority of Richmond County", "Holloway Grain Partners, Inc.") in pairs(text)


def test_one_word_bank_names_are_organizations_but_names_that_end_so_are_not():
    assert classify_name("Rabobank")[0] == "Organization"
    assert classify_name("Norddeutsche Landesbank Girozentrale")[0] == "Organization"
    assert classify_name("Curtis J. Maybank")[0] == "Person"
    assert not has_org_head_ending("Burbank")
    assert not has_org_head_ending("Interbank")
    assert not has_org_head_ending("bank")


TABLE = HEAD + """Holloway Storage Co. (“HSC”), a subsidiary of the Company, maintains a Revolving Credit Agreement with Tidewater National Bank, as administrative agent, and the lenders listed below, which hold the following commitments:

    Lender                             Commitment
    Tidewater National Bank            $20,000,000
    Granite Plains Bank, N.A.          $15,000,000
    Rabobank, N.A.                     $10,000,000

The Company itself has no borrowings outstanding.
"""


def test_rows_of_an_announced_table_lend_to_the_borrower_the_sentence_names():
    found = pairs(TABLE)
    assert ("Granite Plains Bank, N.A.", "Holloway Storage Co.") in found
    assert ("Rabobank, N.A.", "Holloway Storage Co.") in found
    assert not any(b == "Holloway Grain Partners, Inc." for _, b in found)

"""Subsidiaries the rules had missed in shapes common to real filings: a possessive written with a
straight apostrophe ("the Company's wholly owned subsidiaries, A and B", "Harwick's subsidiary X"), a
subsidiaries list filed on its own with no exhibit type, and a list printed inside the main document
after its title. An exhibit index row ("21  Subsidiaries of the Registrant") and a wrapped sentence
line opening with "Subsidiaries of" start no list, and hyphenated first names make persons."""

from __future__ import annotations

from corpkg.extract.names import classify_name
from corpkg.extract.roles.testing import filing_pairs

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 10-K
KESTREL BROOK INDUSTRIES, INC.
(Exact name of registrant as specified in its charter)

Kestrel Brook Industries, Inc. (the "Company") makes valves.

ITEM 7. LIQUIDITY

"""


def subsidiaries(text: str, name: str = "10-K_kestrel.txt") -> set[tuple[str, str]]:
    return filing_pairs(text, name, "subsidiary", "owner", "owned")


def test_a_straight_apostrophe_possessive_names_the_owner():
    text = HEAD + ("The notes are guaranteed by the Company's wholly owned subsidiaries, Vantor Field Services, LLC and "
                   "Vantor Grid Canada ULC.\n\nWe sell to Harwick Steel Corporation and to Harwick Steel Corporation's "
                   "subsidiary Harwick Tubular LLC.\n")
    found = subsidiaries(text)
    assert ("Kestrel Brook Industries, Inc.", "Vantor Field Services, LLC") in found
    assert ("Kestrel Brook Industries, Inc.", "Vantor Grid Canada ULC") in found
    assert ("Harwick Steel Corporation", "Harwick Tubular LLC") in found


LIST = """<html><body>
<p align="center"><b>SUBSIDIARIES OF BRAZOS RIDGE HOMES, INC.</b></p>
<table>
<tr><td><b>Name</b></td><td><b>Jurisdiction</b></td><td><b>Ownership</b></td></tr>
<tr><td>BRH GP, LLC</td><td>Texas</td><td>100%</td></tr>
<tr><td>Brazos Ridge Land I, L.P.</td><td>Texas</td><td>100%</td></tr>
<tr><td>Brazos Ridge Mortgage, LLC</td><td>Texas</td><td>51%</td></tr>
<tr><td>Cedar Park Lots JV, LLC</td><td>Texas</td><td>50%</td></tr>
</table></body></html>
"""


def test_a_subsidiaries_list_filed_on_its_own_is_read():
    found = subsidiaries(LIST, "subsidiaries-list.htm")
    assert ("Brazos Ridge Homes, Inc.", "BRH GP, LLC") in found
    assert ("Brazos Ridge Homes, Inc.", "Brazos Ridge Mortgage, LLC") in found
    assert not any(owned == "Cedar Park Lots JV, LLC" for _, owned in found)  # 50%: not a subsidiary


def test_a_list_inside_the_main_document_runs_from_its_title_and_an_index_row_starts_none():
    text = HEAD + """The Company has a loan from Texas Capital Bank, N.A.

ITEM 15. EXHIBITS

10.7\tLoan Agreement dated March 2, 2009 between the Company and Texas Capital Bank, N.A.
21\tSubsidiaries of the Registrant
23\tConsent of Ridley Gaines & Co., LLP

SIGNATURES

/s/ Ann Marsh, President

SUBSIDIARIES OF KESTREL BROOK INDUSTRIES, INC.

Kestrel Valve Company\tTexas\t100%
Kestrel Brook Canada ULC\tAlberta\t100%

EXHIBIT 23

Consent of Ridley Gaines & Co., LLP
"""
    found = subsidiaries(text)
    assert ("Kestrel Brook Industries, Inc.", "Kestrel Valve Company") in found
    assert ("Kestrel Brook Industries, Inc.", "Kestrel Brook Canada ULC") in found
    assert not any(owned.startswith(("Texas Capital", "Ridley")) for _, owned in found)


def test_a_wrapped_sentence_line_opening_with_subsidiaries_of_starts_no_list():
    text = HEAD + """Information may be disclosed to directors and employees of Affiliates or
Subsidiaries of Agent or such Lender, but only on a

Monthly Report\tQuarter\t30
Fiscal Quarter\tEnding\t45
"""
    assert not any(owned in ("Monthly Report", "Fiscal Quarter") for _, owned in subsidiaries(text))


def test_hyphenated_first_names_make_persons_but_places_do_not():
    assert classify_name("Marie-Josee Kravis") == ("Person", 0.75)
    assert classify_name("Jean-Pierre Garnier")[0] == "Person"
    assert classify_name("Denver-Julesburg Basin")[1] < 0.75

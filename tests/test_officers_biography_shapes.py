"""Biography seats at other organizations told in shapes the rules had missed: a pronoun after
"Before that" or "Previously" with no comma, "an associate at" a law firm, "a partner in the Cleveland
office of" a firm, and law or accounting firms whose names read like a person or a common word
("Jones Day", "Arthur Andersen"). "An associate of Mr. X" names no seat."""

from __future__ import annotations

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_text

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 10-K
KESTREL BROOK INDUSTRIES, INC.
(Exact name of registrant as specified in its charter)

ITEM 10. DIRECTORS AND EXECUTIVE OFFICERS

"""

BIOS = HEAD + """Judith A. Mercer has been Corporate Controller since 1998. Before that she was an audit manager with Deloitte & Touche LLP.

Anne Jones has been Treasurer since 2016. Ms. Jones was an associate at Sullivan & Cromwell LLP from 2008 to 2015.

Alan Smithers has been General Counsel since 2012. Mr. Smithers was a partner in the Cleveland office of Jones Day.

Walter Pike has been Chief Financial Officer since 2004. Previously he was a senior manager with Arthur Andersen LLP.

Hank Hill is a director. He was an associate of Mr. Smithers before 2010.
"""


def seats(text: str) -> set[tuple[str, str, str]]:
    ex = extract_filing(read_text(text.encode(), "10-K_kestrel.txt"))
    label = {e.key: e.label for e in ex.entities}
    return {(label[f.participant("holder")[0]], label[f.participant("organization")[0]], t)
            for f in ex.facts if f.role == "position" for t in f.attribute("title")}


def test_pronoun_after_before_that_without_a_comma_is_the_biographys_person():
    assert ("Judith A. Mercer", "Deloitte & Touche LLP", "Manager") in seats(BIOS)
    assert ("Walter Pike", "Arthur Andersen LLP", "Manager") in seats(BIOS)


def test_an_associate_at_a_firm_holds_a_seat_there():
    assert ("Anne Jones", "Sullivan & Cromwell LLP", "Associate") in seats(BIOS)


def test_a_partner_in_a_firms_city_office_is_a_partner_of_the_firm():
    assert ("Alan Smithers", "Jones Day", "Partner") in seats(BIOS)


def test_an_associate_of_a_person_is_no_seat():
    found = seats(BIOS)
    assert not any(p == "Hank Hill" and t == "Associate" for p, _, t in found)
    assert ("Hank Hill", "Kestrel Brook Industries, Inc.", "Director") in found

"""Members of a committee of the issuer's board are its directors ("The Committee has four members:
A, B (Chair), C and D", "The members of the Audit Committee are …"); the chair's mark makes no
Chairman of the board; an adviser's investment committee gives no seat. And the name shapes these
lists hold: a listed first name written with an inner capital ("CeCelia G. Morken"), a first name and
a middle initial before a surname that is also a word ("Mark A. Chancy")."""

from __future__ import annotations

import pytest

from corpkg.extract.names import classify_name
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_text

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 10-K
BRIGHTWATER SYSTEMS, INC.
(Exact name of registrant as specified in its charter)

Item 10. Directors, Executive Officers and Corporate Governance

"""
ISSUER = "Brightwater Systems, Inc."


def seats(body: str) -> set[tuple[str, str, str]]:
    ex = extract_filing(read_text((HEAD + body + "\n").encode(), "10-K_brightwater.txt"))
    label = {e.key: e.label for e in ex.entities}
    return {(label[f.participant("holder")[0]], label[f.participant("organization")[0]], t)
            for f in ex.facts if f.role == "position" for k, t in f.attributes if k == "title"}


@pytest.mark.parametrize("body", [
    "The Audit Committee is a standing committee of the Board of Directors. The Committee has four members: "
    "Laura M. Pennington, Theodore F. Craver, Jr. (Chair), Gregory T. Halvorsen, and Dana K. Whitfield.",
    "The members of the Audit Committee are Laura M. Pennington, Theodore F. Craver, Jr., Gregory T. Halvorsen "
    "and Dana K. Whitfield.",
])
def test_committee_members_are_directors(body: str) -> None:
    found = seats(body)
    for person in ("Laura M. Pennington", "Theodore F. Craver, Jr.", "Gregory T. Halvorsen", "Dana K. Whitfield"):
        assert (person, ISSUER, "Director") in found
    assert not {s for s in found if s[2] == "Chairman"}


def test_an_advisers_investment_committee_gives_no_seat():
    assert seats("The Investment Committee of the Adviser consists of Laura M. Pennington and Gregory T. Halvorsen.") == set()


@pytest.mark.parametrize("name", ["Mark A. Chancy", "CeCelia G. Morken", "LaToya B. Whitaker"])
def test_person_shapes(name: str) -> None:
    assert classify_name(name)[0] == "Person"


@pytest.mark.parametrize("name", ["Rose M. Bank", "Mark A. Group", "Wade A. Partners"])
def test_organization_shapes_stay(name: str) -> None:
    assert classify_name(name)[0] == "Organization"

"""Seventeenth session, from the officers-synthetic dev documents: careers told in biographies
(employees' titles at the organization named with them, "where she was", "was with X", "spent eleven
years at X, most recently as"), "He"/"She" in a passage about several people, and the officers of a
partnership or fund that has none of its own — all on hand-made text about invented companies."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from corpkg.extract.model import Extraction
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing

sys.path.insert(0, str(Path(__file__).parent))
from role_helpers import extract_body


def seats(ex: Extraction) -> dict[tuple[str, str], dict[str, list[str]]]:
    """(holder, organization) labels → the position's attributes (name → values)."""
    lab = {e.key: e.label for e in ex.entities}
    out: dict[tuple[str, str], dict[str, list[str]]] = {}
    for f in ex.facts:
        if f.role != "position":
            continue
        for h in f.participant("holder"):
            for o in f.participant("organization"):
                attrs = out.setdefault((lab[h], lab[o]), {})
                for k, v in f.attributes:
                    attrs.setdefault(k, []).append(v)
    return out


APPOINTED = ("On November 3, 2025, the Board of Directors of Halverson Optics Corporation (the \"Company\") elected "
             "Rania K. Haddad as a director of the Company.\n\n")


@pytest.mark.parametrize(("sentence", "org", "title"), [
    ("Ms. Haddad spent eleven years at Kinsale & Drury LLP, where she was an audit partner from 2010 to 2015.",
     "Kinsale & Drury LLP", "Partner"),
    ("From 2003 to 2009 she was a senior economist at the Federal Reserve Bank of Chicago.",
     "Federal Reserve Bank of Chicago", "Economist"),
    ("She was a senior manager in the audit practice of Lindqvist Thorne LLP from 1990 to 1996.",
     "Lindqvist Thorne LLP", "Manager"),
    ("From 1996 to 2001 she was with Granite Trust Bank, National Association, where she last served as Senior Vice President.",
     "Granite Trust Bank, National Association", "Senior Vice President"),
    ("Before joining the Company, she spent eleven years at Tamsin Hydraulics Corporation, from 2008 to 2019, most recently as "
     "Vice President and General Manager of its Instrumentation Products Division.",
     "Tamsin Hydraulics Corporation", "Vice President"),
    ("She has been Professor of Finance at the Marlowe School of Business since 2009.", "Marlowe School of Business", "Professor"),
])
def test_a_career_in_a_biography_is_a_seat_at_the_organization_named(nlp, tmp_path: Path, sentence: str, org: str,
                                                                       title: str) -> None:
    got = seats(extract_body(nlp, tmp_path, APPOINTED + "Ms. Haddad, 58, is a certified public accountant. " + sentence + "\n"))
    assert ("Rania K. Haddad", org) in got, got
    assert title in got[("Rania K. Haddad", org)]["title"]


def test_a_closed_period_makes_the_seat_former_with_its_dates(nlp, tmp_path: Path) -> None:
    got = seats(extract_body(nlp, tmp_path, APPOINTED + "Ms. Haddad spent eleven years at Kinsale & Drury LLP, where she was an "
                             "audit partner from 2010 to 2015.\n"))
    attrs = got[("Rania K. Haddad", "Kinsale & Drury LLP")]
    assert attrs["status"] == ["former"] and attrs["startDate"] == ["2010"] and attrs["endDate"] == ["2015"]


@pytest.mark.parametrize("sentence", [
    "Ms. Haddad is a limited partner of Osprey Capital Partners, L.P.",
    "Ms. Haddad holds a degree from the Marlowe School of Business, where she was an analyst of markets.",
])
def test_an_investor_or_a_degree_is_no_seat(nlp, tmp_path: Path, sentence: str) -> None:
    got = seats(extract_body(nlp, tmp_path, APPOINTED + sentence + "\n"))
    assert not [k for k in got if k[0] == "Rania K. Haddad" and k[1] != "Halverson Optics Corporation"], got


def test_she_is_the_woman_who_opens_an_earlier_sentence_of_the_passage(nlp, tmp_path: Path) -> None:
    body = ("On November 3, 2025, the Board of Directors of Halverson Optics Corporation (the \"Company\") appointed Dana L. "
            "Whitfield as Chief Financial Officer. Ms. Whitfield succeeds Peter J. Amsel, who will remain a consultant to the "
            "Company. Mr. Amsel thanked the Board. She previously served as Treasurer of Ingersoll Widget Inc. from 2015 to 2019.\n")
    got = seats(extract_body(nlp, tmp_path, body))
    assert ("Dana L. Whitfield", "Ingersoll Widget Inc.") in got, got
    assert ("Peter J. Amsel", "Ingersoll Widget Inc.") not in got


LP_10K = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 10-K
ANNUAL REPORT

HARROWGATE TERMINAL PARTNERS, L.P.
(Exact name of registrant as specified in its charter)

Item 1. Business

Harrowgate Terminal Partners, L.P. (the "Partnership") is a publicly traded Delaware limited partnership. Our general
partner is Harrowgate Terminal Management, Inc., a Delaware corporation (the "General Partner"). The Partnership has no
officers or employees; the officers of the General Partner manage our business.

Item 10. Directors, Executive Officers and Corporate Governance

W. Thaddeus Kerrigan has served as President and Chief Executive Officer since 2019 and as a director since 2016.

Louise T. Farraday has served as Vice President and Chief Financial Officer since 2017.
"""


def test_the_officers_of_a_partnership_without_officers_are_its_general_partners(nlp, tmp_path: Path) -> None:
    path = tmp_path / "lp.txt"
    path.write_text(LP_10K)
    got = seats(extract_filing(read_filing(path), nlp=nlp))
    gp, lp = "Harrowgate Terminal Management, Inc.", "Harrowgate Terminal Partners, L.P."
    assert ("W. Thaddeus Kerrigan", gp) in got and ("Louise T. Farraday", gp) in got, got
    assert ("W. Thaddeus Kerrigan", lp) not in got and ("Louise T. Farraday", lp) not in got


def test_a_company_keeps_its_officers(nlp, tmp_path: Path) -> None:
    body = ("Kerrigan Holdings LLC (the \"Manager\") provides consulting services to the Company.\n\n"
            "W. Thaddeus Kerrigan has served as President and Chief Executive Officer of the Company since 2019.\n")
    got = seats(extract_body(nlp, tmp_path, body))
    assert ("W. Thaddeus Kerrigan", "Halverson Optics Corporation") in got, got


@pytest.mark.parametrize(("sentence", "org", "title"), [
    ("Ms. Haddad retired in 2019 as Executive Vice President of Tamsin Hydraulics Corporation.", "Tamsin Hydraulics Corporation",
     "Executive Vice President"),
    ("From 2012 to 2019 she was a relationship manager at Fiserv, Inc.", "Fiserv, Inc.", "Manager"),
    ("She is a trustee of the University of Dayton.", "University of Dayton", "Trustee"),
    ("She is also a member of the board of trustees of Case Western Reserve University.", "Case Western Reserve University",
     "Trustee"),
])
def test_more_careers(nlp, tmp_path: Path, sentence: str, org: str, title: str) -> None:
    got = seats(extract_body(nlp, tmp_path, APPOINTED + "Ms. Haddad, 58, is a certified public accountant. " + sentence + "\n"))
    assert ("Rania K. Haddad", org) in got, got
    assert title in got[("Rania K. Haddad", org)]["title"]


def test_each_director_of_the_company_is_a_director_of_the_bank_it_says(nlp, tmp_path: Path) -> None:
    body = ("Halverson Optics Corporation (the \"Company\") is the holding company of Kessling River Bank (the \"Bank\").\n\n"
            "Each director of the Company also serves as a director of the Bank.\n\n"
            "Gerald P. Fenwick has been a director of the Company since 2008.\n")
    got = seats(extract_body(nlp, tmp_path, body))
    assert ("Gerald P. Fenwick", "Kessling River Bank") in got, got
    assert "Director" in got[("Gerald P. Fenwick", "Kessling River Bank")]["title"]


def test_without_the_statement_a_director_of_the_company_is_not_the_banks(nlp, tmp_path: Path) -> None:
    body = ("Halverson Optics Corporation (the \"Company\") is the holding company of Kessling River Bank (the \"Bank\").\n\n"
            "Gerald P. Fenwick has been a director of the Company since 2008.\n")
    got = seats(extract_body(nlp, tmp_path, body))
    assert ("Gerald P. Fenwick", "Kessling River Bank") not in got, got


@pytest.mark.parametrize(("sentence", "org", "titles"), [
    ("Her principal occupation is President of Vollmer Hardware & Supply Co., a building materials retailer.",
     "Vollmer Hardware & Supply Co.", {"President"}),
    ("Ms. Haddad is the owner and President of Haddad Dairy Farms, Inc.", "Haddad Dairy Farms, Inc.", {"Owner", "President"}),
    ("Ms. Haddad, a director since 1994, is President and principal owner of Haddad Tool & Die Co.", "Haddad Tool & Die Co.",
     {"Owner", "President"}),
])
def test_occupations_and_owners(nlp, tmp_path: Path, sentence: str, org: str, titles: set[str]) -> None:
    got = seats(extract_body(nlp, tmp_path, APPOINTED + "Ms. Haddad, 58, is a certified public accountant. " + sentence + "\n"))
    assert ("Rania K. Haddad", org) in got, got
    assert titles <= set(got[("Rania K. Haddad", org)]["title"])


def test_an_owner_of_shares_holds_no_seat(nlp, tmp_path: Path) -> None:
    got = seats(extract_body(nlp, tmp_path, APPOINTED + "Ms. Haddad is the beneficial owner of 5.2% of the Company's common stock.\n"))
    assert not [t for k, a in got.items() if k[0] == "Rania K. Haddad" for t in a.get("title", []) if t == "Owner"], got

"""Ninth session: organizations of biographies and debt passages (a university and its campus, schools
and museums, credit rating agencies by their short names), on hand-made sentences about invented or
public bodies."""

from __future__ import annotations

import pytest

from corpkg.extract.mentions import find_mentions


def names(text: str) -> list[str]:
    return [c.text for c in find_mentions(text).candidates if c.accepted and c.kind == "Organization"]


@pytest.mark.parametrize(("text", "expected"), [
    ("He received a B.S. from the University of California, Berkeley, and an M.B.A. from Harvard Business School.",
     ["University of California, Berkeley", "Harvard Business School"]),
    ("She holds a degree from the University of California, San Diego.", ["University of California, San Diego"]),
    ("He studied at the University of Michigan, Ann Arbor and the University of Texas at Austin.",
     ["University of Michigan, Ann Arbor", "University of Texas at Austin"]),
    ("He holds a J.D. from Yale Law School and an M.B.A. from the Kellogg School of Management.",
     ["Yale Law School", "Kellogg School of Management"]),
    ("She serves on the board of the Halvorsen Museum of Art.", ["Halvorsen Museum of Art"]),
])
def test_institutions_of_biographies(text: str, expected: list[str]) -> None:
    assert names(text) == expected


def test_a_place_that_is_no_campus_ends_the_university() -> None:
    found = names("He taught at the University of Chicago, Harvard and Yale.")
    assert "University of Chicago" in found and not any("Chicago, Harvard" in n for n in found)


def test_a_campus_is_no_person() -> None:
    kinds = {c.text: c.kind for c in find_mentions("He studied at the University of Michigan, Ann Arbor.").candidates
             if c.accepted}
    assert "Ann Arbor" not in kinds


def test_rating_agencies_by_their_short_names(nlp, tmp_path) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from role_helpers import extract_body

    ex = extract_body(nlp, tmp_path, "Item 8.01 Other Events.\n\nThe notes are rated Baa2 by Moody’s, BBB by S&P and "
                      "BBB by Fitch. The notes were issued under the Company's revolving credit facility with Dunmore "
                      "Bank, N.A.\n")
    orgs = {e.label for e in ex.entities if e.kind == "Organization"}
    assert {"Moody’s", "S&P", "Fitch"} <= orgs
    lab = {e.key: e.label for e in ex.entities}
    lenders = {lab[k] for f in ex.facts if f.role == "credit" for k in f.participant("lender")}
    assert lenders == {"Dunmore Bank, N.A."}  # a rating agency never lends


def test_an_index_named_after_an_agency_is_no_agency() -> None:
    assert "S&P" not in names("Our return exceeded the S&P 500 Index.")
    assert names("Abercrombie & Fitch Co. is a retailer.") == ["Abercrombie & Fitch Co."]


def test_known_companies_by_their_short_names() -> None:
    assert names("Our competitors include Google, Amazon and Microsoft.") == ["Google", "Amazon", "Microsoft"]
    assert names("He worked at Morgan Stanley and Goldman Sachs.") == ["Morgan Stanley", "Goldman Sachs"]


def test_a_known_company_is_never_cut_out_of_a_longer_name() -> None:
    assert names("Morgan Stanley Senior Funding, Inc., as agent, and BNP Paribas Securities Corp., as lender.") == [
        "Morgan Stanley Senior Funding, Inc.", "BNP Paribas Securities Corp."]
    assert names("Goldman Sachs Credit Partners L.P. lends.") == ["Goldman Sachs Credit Partners L.P."]


def test_unions_named_in_labour_news() -> None:
    assert names("Members of the United Steelworkers ratified the contract.") == ["United Steelworkers"]
    assert names("The strike by the UAW ended.") == ["UAW"]
    assert names("Hourly Workers received a raise.") == []

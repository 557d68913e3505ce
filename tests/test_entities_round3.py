"""Round-3 precision rules of the recogniser: a city before ", STATE" (dateline, address) is a
place; a single plural of an ordinary word ("Supervisors") is no name; "A and B Head of …" stays
one name when A is ordinary words that are no name by themselves."""

from __future__ import annotations

from corpkg.extract.mentions import find_mentions


def accepted(text: str) -> set[str]:
    return {c.text for c in find_mentions(text).accepted}


def test_city_in_a_dateline_or_address_is_a_place():
    got = accepted("ENGLEWOOD CLIFFS, N.J., March 7 /PRNewswire-FirstCall/ -- Asta Funding, Inc., reported results.")
    assert got == {"Asta Funding, Inc."}
    got = accepted("Orion Widgets, Inc. moved to 1 Main Street, Englewood Cliffs, NJ 07632.")
    assert got == {"Orion Widgets, Inc."}
    got = accepted("BOSTON, Massachusetts, May 3, 2004 -- Keller Tool Corporation said today")
    assert got == {"Keller Tool Corporation"}


def test_a_company_before_a_state_name_is_kept_when_it_has_a_suffix():
    assert "Keller Tool Corporation" in accepted("Keller Tool Corporation, Texas, is a supplier of pumps.")


def test_single_plural_word_is_not_an_organization():
    got = accepted("Chairman of the Board of Supervisors\tChairman of the Board of Supervisors of CIC")
    assert "Supervisors" not in got and "CIC" in got


def test_surname_plurals_are_not_taken_for_plural_words():
    cands = {c.text: c for c in find_mentions("Competitors include Staples, Walgreens and Sears.").candidates}
    assert cands["Staples"].rejected is None and cands["Sears"].rejected is None


def test_ordinary_words_and_a_headed_name_are_one_body():
    got = accepted("He is Vice Chairman of the National Development and Reform Commission of the People’s Republic of China.")
    assert "National Development and Reform Commission of the People’s Republic of China" in got


def test_two_names_around_and_stay_apart():
    assert accepted("Sales were made to General Electric and Mellon Bank.") >= {"General Electric", "Mellon Bank"}
    assert accepted("Cards of American Express and Discover Financial Services are accepted.") >= {
        "American Express", "Discover Financial Services"}


def test_statute_head_cut_at_a_comma_is_no_organization():
    got = accepted("for purposes of Section 914 of the Financial Institutions Reform, Recovery and Enforcement Act of 1989.")
    assert not got


def test_ordinary_words_after_a_year_inside_a_name_are_a_cut_off_tail():
    got = accepted("held by KIVC 1, LLC, for the benefit of the Kemper Isely 2012 Irrevocable Family Trust; 6,716 shares")
    assert "Irrevocable Family Trust" not in got and "KIVC 1, LLC" in got
    assert "Apex Holdings Trust" in accepted("In 2012 Apex Holdings Trust was formed.")

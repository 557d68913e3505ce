"""Officers, round 7 (issue 12): biographies outside proxy statements — seats named after an
employment verb, board memberships far from the name, seats listed after "including as",
departures and departments between commas. Every sentence is made up."""

from __future__ import annotations

import pytest

from tests.test_roles_officers_narrative import ISS, O_ACME, O_BETA, P_JANE, P_KEN, pairs, run, status, titles

O_GAMMA = ("Gamma Foundation", "ORG", "gamma")
O_DELTA = ("Delta Hospital", "ORG", "delta")


@pytest.mark.parametrize("text", [
    "From 2004 until 2009, Jane Roe worked at Acme Widgets, Inc., as Vice President of Sales.",
    "Jane Roe was employed by Acme Widgets, Inc. from 2004 to 2009 as its Controller.",
    "Before that, Jane Roe worked for Acme Widgets, Inc. as Treasurer.",
])
def test_employment_verb_then_organization_then_title(text):
    assert pairs(run(text, [P_JANE, O_ACME])) == {("jane", "acme")}


def test_worked_at_is_past():
    facts = run("From 2004 until 2009, Jane Roe worked at Acme Widgets, Inc., as Treasurer.", [P_JANE, O_ACME])
    assert status(facts) == {("jane", "acme"): "former"}


def test_worked_at_without_title_gives_nothing():
    assert pairs(run("Jane Roe worked at Acme Widgets, Inc. as an engineer for ten years.", [P_JANE, O_ACME])) == set()


def test_remain_employed_and_serve_as():
    text = ("The amendment extends the period during which Ken Poe would remain employed with Beta Tools Corp. and serve as "
            "Chief Executive Officer from May 1, 2020 to June 30, 2023.")
    facts = run(text, [P_KEN, O_BETA])
    assert status(facts) == {("ken", "beta"): "current"}


@pytest.mark.parametrize("text", [
    "Jane Roe holds a degree from State College and serves on the boards of Gamma Foundation and Delta Hospital.",
    "Jane Roe, a former banker who lives in Ohio, also serves on the board of directors of Gamma Foundation and Delta Hospital.",
])
def test_serves_on_boards_of_far_from_the_name(text):
    facts = run(text, [P_JANE, O_GAMMA, O_DELTA])
    assert pairs(facts) == {("jane", "gamma"), ("jane", "delta")}
    assert titles(facts) == {"Director"}


def test_boards_of_with_two_people_gives_nothing():
    text = "Jane Roe met Ken Poe, who serves on the boards of Gamma Foundation and Delta Hospital, in 2010."
    assert ("jane", "gamma") not in pairs(run(text, [P_JANE, P_KEN, O_GAMMA, O_DELTA]))


def test_seats_listed_after_including_as():
    text = ("Mr. Poe has held various roles at Beta Tools Corp. since 2005, including as President of Acme Widgets, Inc. "
            "from 2013 to 2016, Chief Financial Officer of Gamma Foundation from 2008 to 2012, and Treasurer of "
            "Delta Hospital from 2005 to 2008.")
    facts = run(text, [("Mr. Poe", "PERSON", "ken"), O_BETA, O_ACME, O_GAMMA, O_DELTA])
    assert {("ken", "acme"), ("ken", "gamma"), ("ken", "delta")} <= pairs(facts)
    assert ("ken", ISS) not in pairs(facts)


def test_plain_comma_between_seats_needs_dates():
    # "President of Acme, Beta" is an enumeration of companies (read as such), not a second seat
    text = "Jane Roe is President of Acme Widgets, Inc., Chief Financial Officer."
    assert ("jane", ISS) not in pairs(run(text, [P_JANE, O_ACME]))


@pytest.mark.parametrize("text", [
    "The Company announced that Ken Poe would relinquish the duties of Chief Financial Officer of the Company, effective March 1, 2020.",
    "The Company announced that Ken Poe will relinquish and transition the duties of Treasurer, effective March 1, 2020.",
])
def test_relinquish_ends_the_seat(text):
    facts = run(text, [P_KEN])
    assert status(facts) == {("ken", ISS): "former"}


def test_department_between_commas_before_of_the_company():
    facts = run("Jane Roe, Executive Vice President, Worldwide Sales, of the Company, signed the letter.", [P_JANE])
    assert pairs(facts) == {("jane", ISS)}
    assert "Executive Vice President" in titles(facts)


def test_staff_vice_president():
    facts = run("Jane Roe, Staff Vice President and Corporate Controller of Acme Widgets, Inc., said.", [P_JANE, O_ACME])
    assert pairs(facts) == {("jane", "acme")}
    assert "Vice President" in titles(facts)


def test_manager_in_a_group_of_a_firm():
    facts = run("Before that, Jane Roe was a Manager in the Tax & Advisory Services group of Beta Tools Corp. in Ohio.", [P_JANE, O_BETA])
    assert pairs(facts) == {("jane", "beta")}


def test_manager_in_a_committee_is_no_seat():
    assert pairs(run("Jane Roe was a Manager in the Audit Committee group of Beta Tools Corp.", [P_JANE, O_BETA])) == set()


def test_served_on_board_until_is_past():
    facts = run("Jane Roe holds a law degree and served on the board of Gamma Foundation until 2015.", [P_JANE, O_GAMMA])
    assert status(facts) == {("jane", "gamma"): "former"}


def test_seats_from_to_after_including_are_past():
    text = ("Mr. Poe has served in various other roles at Beta Tools Corp. since 2005, including as President of "
            "Acme Widgets, Inc. from 2013 to 2016.")
    facts = run(text, [("Mr. Poe", "PERSON", "ken"), O_BETA, O_ACME])
    assert status(facts).get(("ken", "acme")) == "former"


def test_division_for_its_company():
    facts = run("Previously, Jane Roe was Senior Vice President, Finance of Gamma Foundation for Beta Tools Corp. from 2002 to 2004.",
                [P_JANE, O_GAMMA, O_BETA])
    assert pairs(facts) == {("jane", "beta")}


def test_vote_rows_with_list_marks_and_percentages():
    from tests.test_roles_officers_narrative import run_filing
    text = ("Proposal 1. Election of Directors\n\nNominee\tFor\tWithheld\n"
            "(a) Ada Quill\t1,671,132,524 (98.1%)\t9,255,285 (1.9%)\n"
            "(b) Bo Reed\t1,600,132,524 (94.0%)\t99,255,285 (6.0%)\n\n"
            "Proposal 2. Ratification of auditors\n\nFor\tAgainst\nCy Dunn\t1,000,000\t2,000,000\n")
    names = {"Ada Quill": ("aq", "PERSON"), "Bo Reed": ("br", "PERSON"), "Cy Dunn": ("cd", "PERSON")}
    assert pairs(run_filing(text, names)) == {("aq", ISS), ("br", ISS)}


@pytest.mark.parametrize("text", [
    "On May 3, 2020, Ken Poe notified the Company of his decision to resign as Chief Financial Officer, effective June 1, 2020.",
    "On May 3, 2020, Ken Poe informed the Board that he will retire as Chief Executive Officer of the Company.",
    "On May 3, 2020, Ken Poe advised the Board of Directors of his intention to step down from his position as President.",
])
def test_notice_of_departure_ends_the_seat(text):
    assert status(run(text, [P_KEN])) == {("ken", ISS): "former"}


def test_notice_about_someone_else_gives_no_seat():
    text = "Ken Poe informed the Board that Jane Roe will retire as Chief Executive Officer."
    assert ("ken", ISS) not in pairs(run(text, [P_KEN, P_JANE]))


@pytest.mark.parametrize("text", [
    "Ken Poe will succeed Jane Roe as Chief Financial Officer, effective May 1, 2020.",
    "Ken Poe, 52, replaces Jane Roe, who is retiring, as the Company’s Chief Financial Officer.",
])
def test_successor_and_predecessor(text):
    assert status(run(text, [P_KEN, P_JANE])) == {("ken", ISS): "current", ("jane", ISS): "former"}

"""Officers, round 8 (issue 12): department-qualified titles ("Director of Finance", "Head of
Public Affairs") are seats at an organization named with them; "Director of the Company" stays a
board seat. Every sentence is made up."""

from __future__ import annotations

import pytest

from tests.test_roles_officers_narrative import ISS, O_ACME, O_BETA, P_JANE, P_KEN, pairs, run, titles


@pytest.mark.parametrize("text", [
    "From 2001 until 2005, Jane Roe worked at Acme Widgets, Inc., as Director of Finance.",
    "Jane Roe previously served as Senior Director of Financial Reporting at Acme Widgets, Inc.",
    "Earlier, Jane Roe was Head of Corporate Affairs at Acme Widgets, Inc. from 2010 to 2014.",
    "Jane Roe was Director of Sales and Marketing of Acme Widgets, Inc. until 2012.",
])
def test_department_title_at_a_named_organization(text):
    facts = run(text, [P_JANE, O_ACME])
    assert ("jane", "acme") in pairs(facts)
    assert not titles(facts) & {"Director"}


def test_department_title_keeps_its_department():
    facts = run("Jane Roe worked at Acme Widgets, Inc., as Director of Finance.", [P_JANE, O_ACME])
    assert titles(facts) == {"Director of Finance"}


def test_vice_president_and_department_director():
    facts = run("Jane Roe served as Vice President and Director of Marketing at Beta Tools Corp. from 2003 to 2008.",
                [P_JANE, O_BETA])
    assert pairs(facts) == {("jane", "beta")}
    assert titles(facts) == {"Vice President", "Director of Marketing"}


@pytest.mark.parametrize("text", [
    "Jane Roe has been Director of Finance since 2015.",
    "Ken Poe said that Jane Roe, our Head of Investor Relations, will present the results.",
])
def test_department_title_without_an_organization_gives_nothing(text):
    assert pairs(run(text, [P_JANE, P_KEN])) == set()


def test_director_of_the_company_is_still_a_board_seat():
    facts = run("Jane Roe has been a Director of the Company since 2011.", [P_JANE])
    assert pairs(facts) == {("jane", ISS)}
    assert titles(facts) == {"Director"}


def test_head_of_an_organization_is_not_a_department_title():
    assert pairs(run("Jane Roe was named Head of Acme Widgets, Inc. in 2010.", [P_JANE, O_ACME])) == set()


O_GAMMA = ("Gamma Bank", "ORG", "gamma")


@pytest.mark.parametrize("text", [
    "Jane Roe held finance roles at Beta Tools Corp. and was Treasurer of Acme Widgets, Inc.",
    "Jane Roe held accounting roles at Beta Tools Corp. and was a Manager in the Audit Services group of Acme Widgets, Inc.",
    "Jane Roe joined Beta Tools Corp. in 2001 and later served as Chief Financial Officer of Acme Widgets, Inc.",
])
def test_second_predicate_after_an_organization(text):
    assert pairs(run(text, [P_JANE, O_ACME, O_BETA])) == {("jane", "acme")}


@pytest.mark.parametrize("text", [
    "Jane Roe joined Beta Tools Corp. and became its Treasurer.",
    "Jane Roe met Ken Poe at Beta Tools Corp. and was Treasurer of Acme Widgets, Inc.",
    "Jane Roe is a customer of Beta Tools Corp. and the Chief Financial Officer of Acme Widgets, Inc. said so.",
])
def test_second_predicate_needs_one_person_and_its_own_organization(text):
    assert ("jane", "acme") not in pairs(run(text, [P_JANE, P_KEN, O_ACME, O_BETA]))


def test_second_predicate_past_tense_is_former():
    facts = run("Jane Roe held finance roles at Beta Tools Corp. and was Treasurer of Acme Widgets, Inc.", [P_JANE, O_ACME, O_BETA])
    assert {f.attribute("status")[0] for f in facts} == {"former"}

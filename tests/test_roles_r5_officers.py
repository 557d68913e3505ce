"""Officers, recall round 5 (issue 12): biographies outside proxy statements, 8-K Item 5.02
prose, press-release quotes and contacts. Every sentence is made up."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.officers import OfficerExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"


def run(text, ents, **ctx):
    return run_component(OfficerExtractor, text, ents, context=RoleContext(issuer_key=ISS, **ctx), passage_start=20)


def pairs(facts):
    return facts_as_tuples(facts, ("holder", "organization"))


def titles(facts):
    return {t for f in facts for t in f.attribute("title")}


P_JANE = ("Jane Roe", "PERSON", "jane")
P_KEN = ("Ken Poe", "PERSON", "ken")
O_ACME = ("Acme Widgets", "ORG", "acme")


@pytest.mark.parametrize("text", [
    "Jane Roe, the Company’s Executive Vice President, will retire at the end of the year.",
    "Jane Roe, who previously served as the Company’s Treasurer, will lead the new division.",
    "Jane Roe, the Registrant’s Chief Financial Officer, signed the certification.",
])
def test_curly_possessive_between_person_and_title(text):
    assert pairs(run(text, [P_JANE])) == {("jane", ISS)}


def test_birth_year_between_person_and_title():
    facts = run("Jane Roe, born in 1971, is Co-Founder & CEO of Acme Widgets, a software company.", [P_JANE, O_ACME])
    assert pairs(facts) == {("jane", "acme")}
    assert "Chief Executive Officer" in titles(facts)


def test_transitioned_from_role():
    facts = run("Ken Poe transitioned from the role of Chief Financial Officer to Vice Chairman.", [P_KEN])
    assert pairs(facts) == {("ken", ISS)}


def test_birth_place_is_no_filler():
    # "born in Ohio" is not a year: the title after it is not read as Jane's
    assert pairs(run("Jane Roe, born in Ohio, admired the President of the club.", [P_JANE])) == set()

"""Officers, recall round 5 (issue 12): biographies outside proxy statements, 8-K Item 5.02
prose, press-release quotes and contacts. Every sentence is made up."""

from __future__ import annotations

import pytest

from tests.test_roles_officers_narrative import ISS, pairs, run, run_filing, titles

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


O_HAL = ("Halcyon", "ORG", "hal")


def test_enumeration_after_apposition_with_of():
    text = ("Jane Roe is Chief Compliance Officer of Halcyon, a Vega Group company, and of Halcyon Trust "
            "and Halcyon Trust II.")
    ents = [P_JANE, O_HAL, ("Vega Group", "ORG", "vega"), ("Halcyon Trust", "ORG", "ht"), ("Halcyon Trust II", "ORG", "ht2")]
    assert pairs(run(text, ents)) == {("jane", "hal"), ("jane", "ht"), ("jane", "ht2")}


def test_cofounder_and_currently_serves_as():
    facts = run("Jane Roe is a co-founder and currently serves as the CFO of Halcyon, a fund manager.", [P_JANE, O_HAL])
    assert pairs(facts) == {("jane", "hal")}
    assert {"Founder", "Chief Financial Officer"} <= titles(facts)


def test_further_seat_and_is_the():
    text = ("Jane Roe is the Chief Growth Officer of Halcyon, a fund sponsor, and is the Chairman and an "
            "Interested Trustee of Vega Trust.")
    facts = run(text, [P_JANE, O_HAL, ("Vega Trust", "ORG", "vega")])
    assert pairs(facts) == {("jane", "hal"), ("jane", "vega")}
    assert {"Chief Growth Officer", "Chairman", "Trustee"} <= titles(facts)


@pytest.mark.parametrize("text,expected", [
    ("The five managers of Halcyon are: Jane Roe, Ken Poe, and Ann Lee.", "Manager"),
    ("The trustees of Halcyon include Jane Roe, Ken Poe and Ann Lee.", "Trustee"),
])
def test_members_of_a_body_are(text, expected):
    ents = [O_HAL, P_JANE, P_KEN, ("Ann Lee", "PERSON", "ann")]
    facts = run(text, ents)
    assert pairs(facts) == {("jane", "hal"), ("ken", "hal"), ("ann", "hal")}
    assert titles(facts) == {expected}


def test_former_members_are_no_seat():
    assert pairs(run("The former managers of Halcyon include Jane Roe and Ken Poe.", [O_HAL, P_JANE, P_KEN])) == set()


def test_wrapped_party_heading_is_not_the_issuer():
    text = ("ACME RENTAL, LLC\nBy:\t/s/ Joe Blow\nName:\tJoe Blow\nTitle:\tTreasurer\n\n\n"
            "        GREAT NORTHERN BANK, N.A., as Co-Agent\n          and Lender\n\n\n"
            "        By: /s/ Paul Arno\n        Name:   Paul Arno\n        Title:  Vice President\n")
    names = {"ACME RENTAL, LLC": ("acme", "ORG"), "Joe Blow": ("joe", "PERSON"), "Paul Arno": ("paul", "PERSON")}
    assert pairs(run_filing(text, names, issuer="acme")) == {("joe", "acme")}


def test_party_heading_wrapped_after_as():
    text = ("ACME RENTAL, LLC\nBy:\t/s/ Joe Blow\nName:\tJoe Blow\nTitle:\tTreasurer\n\n\n"
            "        NORTHERN MERCHANT LIMITED, as\n          Lender\n\n\n"
            "        By:  /s/ PAUL ARNO\n        Name:  Paul Arno\n        Title: Director\n")
    names = {"ACME RENTAL, LLC": ("acme", "ORG"), "Joe Blow": ("joe", "PERSON"), "Paul Arno": ("paul", "PERSON"),
             "PAUL ARNO": ("paul", "PERSON")}
    assert pairs(run_filing(text, names, issuer="acme")) == {("joe", "acme")}


def test_signature_title_below_a_rule_and_blank_line():
    text = ("                ACME RENTAL, INC.,\n                a Delaware corporation\n\n\n"
            "                By: /s/ Joe Blow\n                    ----------------------\n\n"
            "                     Its: CEO & President\n                          ----------------\n")
    names = {"ACME RENTAL, INC.": ("acme", "ORG"), "Joe Blow": ("joe", "PERSON")}
    facts = run_filing(text, names, issuer="acme")
    assert pairs(facts) == {("joe", "acme")}
    assert titles(facts) == {"Chief Executive Officer", "President"}


def test_blank_line_still_ends_prose():
    assert pairs(run("Jane Roe spoke at length.\n\nPresident of the club, he said.", [P_JANE])) == set()


def test_signature_list_one_company_per_paragraph():
    text = ("IN WITNESS WHEREOF, the parties have signed this Agreement.\n\n"
            "BORROWERS:\tACME HOLDINGS CORP.\n\nACME PARTS, LLC\n\nACME TOOLS, INC.\n\n"
            "By:\t/s/ Joe Blow\nName:\tJoe Blow\nTitle:\tCFO\n\n"
            "AGENT:\nNORTHERN TRUST FUNDING\nBy:\t/s/ Paul Arno\nName:\tPaul Arno\nTitle:\tVice President\n")
    names = {"ACME HOLDINGS CORP.": ("acme", "ORG"), "ACME PARTS, LLC": ("parts", "ORG"),
             "ACME TOOLS, INC.": ("tools", "ORG"), "NORTHERN TRUST FUNDING": ("ntf", "ORG"),
             "Joe Blow": ("joe", "PERSON"), "Paul Arno": ("paul", "PERSON")}
    facts = run_filing(text, names, issuer="acme")
    assert pairs(facts) == {("joe", "acme"), ("joe", "parts"), ("joe", "tools"), ("paul", "ntf")}


def test_signature_list_stops_at_a_blank_line_when_lines_are_packed():
    text = ("OTHER CO LLC\n\nACME PARTS, LLC\nACME TOOLS, INC.\nBy:\t/s/ Joe Blow\nName:\tJoe Blow\nTitle:\tCFO\n")
    names = {"OTHER CO LLC": ("other", "ORG"), "ACME PARTS, LLC": ("parts", "ORG"),
             "ACME TOOLS, INC.": ("tools", "ORG"), "Joe Blow": ("joe", "PERSON")}
    assert pairs(run_filing(text, names, issuer="acme")) == {("joe", "parts"), ("joe", "tools")}


@pytest.mark.parametrize("text", [
    "The Company announced that Jane Roe, Senior Director of Corporate Accounting and Principal Accounting "
    "Officer, will leave in June.",
    "Jane Roe, the Company’s Director of Technical Accounting, will become Senior Director of Corporate "
    "Accounting and assume the role of Principal Accounting Officer.",
])
def test_finance_staff_function_before_an_office(text):
    facts = run(text, [P_JANE])
    assert pairs(facts) == {("jane", ISS)}
    assert titles(facts) == {"Principal Accounting Officer"}


def test_director_of_a_function_alone_is_no_seat():
    assert pairs(run("Jane Roe, Director of Corporate Accounting, presented the budget.", [P_JANE])) == set()


def test_unrecognised_heading_is_not_the_previous_company():
    text = ("LAKE BANK, N.A.\nBy:\t/s/ Paul Arno\nTitle:\tVice President\n"
            "UNION BANK OF OREGON\nBy:\t/s/ Gil Yap\nTitle:\tVice President\n")
    names = {"LAKE BANK, N.A.": ("lake", "ORG"), "Paul Arno": ("paul", "PERSON"), "Gil Yap": ("gil", "PERSON")}
    assert pairs(run_filing(text, names, issuer="acme")) == {("paul", "lake")}

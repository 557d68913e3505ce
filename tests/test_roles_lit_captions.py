"""Litigation rules added in the role-recall round: passive filings, In re captions, holders
who are not the company, defined-term plaintiffs, voluntary petitions."""

from __future__ import annotations

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.litigation import LitigationExtractor
from corpkg.extract.roles.testing import run_component

ISS = "iss"


def run(text, ents):  # evidence quotes are checked against the text
    return run_component(LitigationExtractor, text, ents, context=RoleContext(issuer_key=ISS))


def sides(facts):
    return {(s, k) for f in facts for s, k in f.participants}


def test_suits_filed_by_stockholders_against_the_company():
    text = ("In connection with the Company’s acquisition of Liberty Expedia, three lawsuits were filed by Expedia "
            "Group stockholders in the Delaware Court of Chancery against the Company and all then-current members "
            "of the Board. The action is captioned In re Expedia Group Stockholders Litigation, Consolidated Case No. "
            "2019-0494-JTL.")
    facts = run(text, [("Expedia Group", "ORG", ISS), ("Liberty Expedia", "ORG", "le")])
    assert sides(facts) == {("defendant", ISS)}
    attrs = dict(facts[0].attributes)
    assert attrs["court"] == "Delaware Court of Chancery"
    assert attrs["caseNumber"] == "2019-0494-JTL"


def test_in_re_caption_of_a_holder_suit_names_the_defendant():
    text = ("The court consolidated the derivative actions, styled In re Riot Blockchain, Inc. Shareholder Derivative "
            "Litigation, Case No. A-18-774890-B.")
    facts = run(text, [("Riot Blockchain, Inc.", "ORG", "riot")])
    assert sides(facts) == {("defendant", "riot")}
    assert run("We refer to In re Acme Corp. Litigation for background.", [("Acme Corp.", "ORG", "acme")]) == []


def test_defined_term_after_the_plaintiffs():
    text = ("On April 5, 2023, SBI Crypto Co., Ltd. (“SBI”) filed a complaint against Whinstone alleging breach of "
            "contract.")
    facts = run(text, [("SBI Crypto Co., Ltd.", "ORG", "sbi"), ("SBI", "ORG", "sbi"), ("Whinstone", "ORG", "wh")])
    assert sides(facts) == {("plaintiff", "sbi"), ("defendant", "wh")}
    assert dict(facts[0].attributes)["filedOn"] == "2023-04-05"


def test_voluntary_petitions_are_not_lawsuits():
    text = ("On July 14, 2000, Innovative Clinical Solutions, Ltd. filed a voluntary petition for relief under "
            "chapter 11 in the United States Bankruptcy Court for the District of Delaware.")
    assert run(text, [("Innovative Clinical Solutions, Ltd.", "ORG", "ics")]) == []
    text = "On May 2, 2023, Whinstone filed a petition against Rhodium JV, LLC for breach of contract."
    facts = run(text, [("Whinstone", "ORG", "wh"), ("Rhodium JV, LLC", "ORG", "rh")])
    assert sides(facts) == {("plaintiff", "wh"), ("defendant", "rh")}

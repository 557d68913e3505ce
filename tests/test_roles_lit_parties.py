"""Litigation parties of 10-K Item 3 / 10-Q Part II Item 1 narratives (issue 12): courts with
abbreviations between the suit and its defendants, defendants described in a list, passive
service, the subject of class actions, agencies with co-plaintiffs, complaints naming respondents."""

from __future__ import annotations

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.litigation import LitigationExtractor
from corpkg.extract.roles.testing import run_component

ISS = "iss"


def run(text, ents):
    return run_component(LitigationExtractor, text, ents, context=RoleContext(issuer_key=ISS))


def sides(facts):
    return {(s, k) for f in facts for s, k in f.participants}


def test_court_with_abbreviations_between_the_suit_and_against():
    text = ("On May 4, 2021, Harlow Robotics, Inc. filed a lawsuit in the U.S. District Court for the N.D. of Ohio "
            "(the “Ohio Court”) against Quillon Corp. alleging patent infringement.")
    facts = run(text, [("Harlow Robotics, Inc.", "ORG", "harlow"), ("Quillon Corp.", "ORG", "quillon")])
    assert sides(facts) == {("plaintiff", "harlow"), ("defendant", "quillon")}


def test_defendants_listed_with_their_descriptions():
    text = ("On June 2, 2022, Ada Finch, a purported stockholder, filed a putative class action complaint against "
            "Quillon Corp., its Chief Executive Officer, Mr. Paul Ostrow, and current or former directors Rita Vance "
            "and Tom Beale.")
    ents = [("Ada Finch", "PERSON", "finch"), ("Quillon Corp.", "ORG", "quillon"), ("Paul Ostrow", "PERSON", "ostrow"),
            ("Rita Vance", "PERSON", "vance"), ("Tom Beale", "PERSON", "beale")]
    assert sides(run(text, ents)) == {("plaintiff", "finch"), ("defendant", "quillon"), ("defendant", "ostrow"),
                                      ("defendant", "vance"), ("defendant", "beale")}


def test_a_description_without_a_title_ends_the_list():
    text = ("Ada Finch filed a complaint against Quillon Corp. and its subsidiaries alleging breach of contract by "
            "Harlow Robotics, Inc.")
    ents = [("Ada Finch", "PERSON", "finch"), ("Quillon Corp.", "ORG", "quillon"), ("Harlow Robotics, Inc.", "ORG", "harlow")]
    assert sides(run(text, ents)) == {("plaintiff", "finch"), ("defendant", "quillon")}


def test_served_with_a_complaint_and_also_a_defendant():
    text = "In March 2020, Quillon Corp. was served with a purported class action complaint in state court in Texas."
    assert sides(run(text, [("Quillon Corp.", "ORG", "quillon")])) == {("defendant", "quillon")}
    text = "Harlow Robotics, Inc. is also a defendant in some of these actions."
    assert sides(run(text, [("Harlow Robotics, Inc.", "ORG", "harlow")])) == {("defendant", "harlow")}


def test_the_subject_of_class_actions():
    text = "Quillon Corp. is the subject of two securities class actions filed in federal court in 2021."
    assert sides(run(text, [("Quillon Corp.", "ORG", "quillon")])) == {("defendant", "quillon")}


def test_agency_with_unnamed_co_plaintiffs():
    text = ("On March 1, 2024, the Federal Trade Commission and a number of state attorneys general filed a civil "
            "antitrust lawsuit against Quillon Corp.")
    facts = run(text, [("Federal Trade Commission", "ORG", "ftc"), ("Quillon Corp.", "ORG", "quillon")])
    assert sides(facts) == {("plaintiff", "ftc"), ("defendant", "quillon")}


def test_pending_complaint_filed_by_an_agency():
    text = ("A civil complaint pending in the U.S. District Court for the District of Maine has been filed by the "
            "Department of Labor against Quillon Corp., in which it alleges wage violations.")
    facts = run(text, [("Department of Labor", "ORG", "dol"), ("Quillon Corp.", "ORG", "quillon")])
    assert sides(facts) == {("plaintiff", "dol"), ("defendant", "quillon")}


def test_complaint_naming_respondents():
    text = ("On May 3, 2019, the Nasdaq Enforcement Division filed a complaint naming Harlow Securities LLC and "
            "its owner, Rita Vance, as respondents.")
    ents = [("Nasdaq Enforcement Division", "ORG", "ned"), ("Harlow Securities LLC", "ORG", "hs"), ("Rita Vance", "PERSON", "vance")]
    assert sides(run(text, ents)) == {("plaintiff", "ned"), ("defendant", "hs"), ("defendant", "vance")}


def test_the_fund_whose_investors_sued_is_no_party():
    text = ("On November 10, 2020, certain investors (the “Claimants”) from Harlow Income Fund II filed a complaint "
            "with the arbitrator naming Quillon Corp.")
    facts = run(text, [("Harlow Income Fund II", "ORG", "fund"), ("Quillon Corp.", "ORG", "quillon")])
    assert ("plaintiff", "fund") not in sides(facts)
    assert ("defendant", "quillon") in sides(facts)


def test_a_defendant_in_various_actions_is_no_described_proceeding():
    text = "Quillon Corp. is a defendant in various actions incidental to its business."
    assert run(text, [("Quillon Corp.", "ORG", "quillon")]) == []


def test_regulators_findings_and_fines():
    ents = [("Nasdaq Clearing", "ORG", "nc"), ("Harlow Securities LLC", "ORG", "hs"), ("Quillon Corp.", "ORG", "quillon")]
    text = ("On March 1, 2023, the Risk Committee at Nasdaq Clearing found that Harlow Securities LLC violated its "
            "margin rules.")
    assert sides(run(text, ents)) == {("plaintiff", "nc"), ("defendant", "hs")}
    assert sides(run("In a related matter, Nasdaq Clearing had previously fined Quillon Corp. for late reports.", ents)) == \
        {("plaintiff", "nc"), ("defendant", "quillon")}
    # a finding about no violation, or about someone's plans, is no proceeding
    assert run("Nasdaq Clearing found that Quillon Corp. expanded its business.", ents) == []


def test_an_agency_unit_before_its_verb_and_an_order_against():
    ents = [("Federal Trade Commission", "ORG", "ftc"), ("Quillon Corp.", "ORG", "quillon")]
    text = "On May 3, 2019, the Federal Trade Commission Bureau of Competition filed a complaint against Quillon Corp."
    assert sides(run(text, ents)) == {("plaintiff", "ftc"), ("defendant", "quillon")}
    text = "On May 3, 2019, the Federal Trade Commission issued an order settling charges against Quillon Corp."
    assert sides(run(text, ents)) == {("plaintiff", "ftc"), ("defendant", "quillon")}


def test_joined_by_is_not_sued_by():
    text = "Ms. Rita Vance and Mr. Tom Beale were joined by Quillon Corp.'s chief executive for a meeting."
    ents = [("Rita Vance", "PERSON", "vance"), ("Tom Beale", "PERSON", "beale"), ("Quillon Corp.", "ORG", "quillon")]
    assert run(text, ents) == []


def test_lawsuits_against_with_no_plaintiff_named():
    ents = [("Quillon Corp.", "ORG", "quillon"), ("Harlow Robotics, Inc.", "ORG", "harlow")]
    text = "The defect has led to a number of personal injury and class action lawsuits against Quillon Corp. and Harlow Robotics, Inc."
    assert sides(run(text, ents)) == {("defendant", "quillon"), ("defendant", "harlow")}
    # hypothetical suits are no proceeding
    assert run("We may face future lawsuits against Quillon Corp. over the defect.", ents) == []


def test_including_a_named_officer_alleging_that_and_challenging():
    ents = [("Quillon Corp.", "ORG", "quillon"), ("Rita Vance", "PERSON", "vance"), ("Federal Trade Commission", "ORG", "ftc"),
            ("Internal Revenue Service", "ORG", "irs")]
    text = ("On May 1, 2023, a putative class action was filed in the U.S. District Court for the S.D.N.Y. against "
            "Quillon Corp. and certain of its officers, including Rita Vance, its Chief Executive Officer.")
    assert sides(run(text, ents)) == {("defendant", "quillon"), ("defendant", "vance")}
    text = ("On May 1, 2023, the Federal Trade Commission filed a complaint in federal court alleging that Quillon "
            "Corp. engaged in deceptive practices.")
    assert sides(run(text, ents)) == {("plaintiff", "ftc"), ("defendant", "quillon")}
    text = "Quillon Corp. filed a petition in the United States Tax Court challenging the Internal Revenue Service's notice."
    assert sides(run(text, ents)) == {("plaintiff", "quillon"), ("defendant", "irs")}


def test_sides_defined_after_the_parties():
    ents = [("Harlow Robotics, Inc.", "ORG", "harlow"), ("Quillon Corp.", "ORG", "quillon"), ("Rita Vance", "PERSON", "vance")]
    text = ("Harlow Robotics, Inc. (the “Claimants”) and the Company settled the arbitration with Quillon Corp. and "
            "Rita Vance (collectively, the “Respondents”).")
    assert sides(run(text, ents)) == {("plaintiff", "harlow"), ("defendant", "quillon"), ("defendant", "vance")}


def test_the_suit_brought_by_a_plaintiff_settled_by_the_defendant():
    ents = [("Quillon Corp.", "ORG", "quillon"), ("Harlow Mills", "ORG", "harlow")]
    text = "In April 2008, Quillon Corp. settled the lawsuit brought by Harlow Mills for claims associated with the derailment."
    assert sides(run(text, ents)) == {("plaintiff", "harlow"), ("defendant", "quillon")}


def test_underlined_heading_rows_between_a_plaintiff_and_its_verb():
    ents = [("Quillon Credit", "ORG", "qc"), ("Rita Vance", "PERSON", "vance")]
    text = "In the Vance case, Quillon Credit ------------------ commenced an action for deficiency against Rita Vance, a lessee, in state court."
    assert sides(run(text, ents)) == {("plaintiff", "qc"), ("defendant", "vance")}

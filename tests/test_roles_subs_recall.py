"""Subsidiary patterns added for recall: parent-of parentheses, share counts with the
percentage after the name, "X, which owns A and B", partner interests, one step of indirect
ownership — and the near misses that must stay silent."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.run import finalize_facts
from corpkg.extract.roles.subsidiaries import SubsidiaryExtractor
from corpkg.extract.roles.testing import blank, facts_as_tuples, make_doc, run_component

ISS = "iss"


def run(text, ents):  # evidence quotes are checked against the text (offsets shifted by 7)
    return run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)


def pairs(facts):
    return facts_as_tuples(facts, ("owner", "owned"))


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        # biography list: "Holdco, LLC (parent of Brand)"
        ("He serves on the boards of Sherwood Holdings I, Inc. (parent of Shutterfly), PlayAGS, Inc., Inception TopCo, "
         "Inc,. (Parent of Rackspace) and Mood Media Corporation.",
         [("Sherwood Holdings I, Inc.", "ORG", "sh"), ("Shutterfly", "ORG", "sf"), ("PlayAGS, Inc.", "ORG", "pa"),
          ("Inception TopCo, Inc", "ORG", "it"), ("Rackspace", "ORG", "rs"), ("Mood Media Corporation", "ORG", "mm")],
         {("sh", "sf"), ("it", "rs")}),
        ("Based in Minneapolis, Alpha Group, Inc. is the parent company of Beta Holdings, Inc. which owns Gamma "
         "Securities, Incorporated, a full-service brokerage and Delta.com, Inc., an online trading company.",
         [("Alpha Group, Inc.", "ORG", "a"), ("Beta Holdings, Inc.", "ORG", "b"),
          ("Gamma Securities, Incorporated", "ORG", "g"), ("Delta.com, Inc.", "ORG", "d")],
         {("a", "b"), ("b", "g"), ("b", "d")}),
        ("Zeta Corp. owns all of the outstanding capital stock of Eta Inc.", [("Zeta Corp.", "ORG", "z"), ("Eta Inc.", "ORG", "e")],
         {("z", "e")}),
        ("Holdings L.P. is a Delaware limited partnership. Parent L.P. owns a 99% limited partner interest in Holdings L.P.",
         [("Holdings L.P.", "ORG", "h"), ("Parent L.P.", "ORG", "p")], {("p", "h")}),
        ("The Bank, a wholly owned subsidiary of the Company, operates nine branches.", [("The Bank", "ORG", "bank")],
         {(ISS, "bank")}),
    ],
)
def test_recall_patterns(text, ents, expected):
    assert pairs(run(text, ents)) == expected


def test_share_count_with_percentage_after_the_name():
    text = ("On August 30, 2005, Pericom Semiconductor Corporation, a California corporation (the \u201cCompany\u201d), acquired "
            "39,773,792 shares of the common stock of eCERA ComTek Corporation (\u201ceCERA\u201d) representing 99.93% of the "
            "shares issued and outstanding of eCERA.")
    (f,) = run(text, [("Pericom Semiconductor Corporation", "ORG", ISS), ("eCERA ComTek Corporation", "ORG", "ec")])
    assert pairs([f]) == {(ISS, "ec")}
    assert dict(f.attributes) == {"percentage": "99.93", "startDate": "2005-08-30"}


@pytest.mark.parametrize(
    "text, ents",
    [
        # a minority stake after the name
        ("Acme Corp. purchased 1,000,000 shares of Beta Inc. representing 9.8% of the outstanding shares.",
         [("Acme Corp.", "ORG", "a"), ("Beta Inc.", "ORG", "b")]),
        # owning a company's shares is not owning the company
        ("Acme Corp. owns Beta Inc. shares worth $3 million.", [("Acme Corp.", "ORG", "a"), ("Beta Inc.", "ORG", "b")]),
        # a percentage of something else
        ("Acme Corp. acquired the assets of Beta Inc., representing 60% of its revenue.",
         [("Acme Corp.", "ORG", "a"), ("Beta Inc.", "ORG", "b")]),
        # "parent" that is not a relation
        ("Acme Parent, LLC and Beta Inc. signed a lease.", [("Acme Parent, LLC", "ORG", "a"), ("Beta Inc.", "ORG", "b")]),
    ],
)
def test_near_misses_give_no_subsidiary(text, ents):
    assert pairs(run(text, ents)) == set()


def test_one_step_of_indirect_ownership_from_text():
    facts = run("Alpha Group, Inc. is the parent company of Beta Holdings, Inc., which in turn owns "
                "Gamma Securities, Inc.",
                [("Alpha Group, Inc.", "ORG", "a"), ("Beta Holdings, Inc.", "ORG", "b"), ("Gamma Securities, Inc.", "ORG", "g")])
    done = finalize_facts(facts)
    assert pairs(done) == {("a", "b"), ("b", "g"), ("a", "g")}
    (ind,) = [f for f in done if f.participants == (("owner", "a"), ("owned", "g"))]
    assert len(ind.evidence) == 1 and not ind.attributes
    # links told in different sentences are not chained
    apart = run("Alpha Group, Inc. is the parent company of Beta Holdings, Inc. In addition, Beta Holdings, Inc. owns "
                "Gamma Securities, Inc.",
                [("Alpha Group, Inc.", "ORG", "a"), ("Beta Holdings, Inc.", "ORG", "b"), ("Gamma Securities, Inc.", "ORG", "g")])
    assert pairs(finalize_facts(apart)) == {("a", "b"), ("b", "g")}


COVER = ("CUSIP No. 12662P108\n1\tNAME OF REPORTING PERSON\n{name}\n2\tCHECK THE APPROPRIATE BOX IF A MEMBER OF A GROUP\t(a) \n"
         "6\tCITIZENSHIP OR PLACE OF ORGANIZATION\nDelaware\n11\tAGGREGATE AMOUNT BENEFICIALLY OWNED BY EACH REPORTING PERSON\n"
         "67,570,593\n13\tPERCENT OF CLASS REPRESENTED BY AMOUNT IN ROW (11)\n{pct}%\n14\tTYPE OF REPORTING PERSON\n{kind}")


@pytest.mark.parametrize(
    "name, label, pct, kind, form, expected",
    [
        ("Holdings L.P.", "ORG", "67.2", "PN", "SC TO-T/A", {("h", ISS)}),
        ("Holdings L.P.", "ORG", "67.2", "PN", "10-K", set()),  # only schedule cover pages
        ("Holdings L.P.", "ORG", "12.5", "PN", "SC 13D", set()),  # a minority holder
        ("Carl C. Icahn", "PERSON", "67.2", "IN", "SC 13D", set()),  # a person is no parent company
    ],
)
def test_schedule_cover_majority_holder(name, label, pct, kind, form, expected):
    comp = SubsidiaryExtractor(blank(), "test")
    text = COVER.format(name=name, pct=pct, kind=kind)
    doc = comp(make_doc(text, [(name, label, "h")], context=RoleContext(issuer_key=ISS, form_type=form)))
    facts = doc._.get(comp.attr)
    assert pairs(facts) == expected
    assert all(dict(f.attributes)["percentage"] == pct for f in facts)

"""Subsidiaries named in agreements and narrative enumerations: guarantors listed under a
signature caption when the agreement defines them as subsidiaries, and "A, B and certain other
subsidiaries of Y" — with the near misses that must stay silent."""

from __future__ import annotations

import pytest

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_text
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.subsidiaries import SubsidiaryExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"

AGREEMENT = """CREDIT AGREEMENT

This CREDIT AGREEMENT is made among Maple Homes Corporation, a Delaware corporation (the "Borrower"), and Lakeside Bank (the "Lender").

"Guarantor" means, individually and collectively, each Subsidiary of the Borrower that has executed a Guaranty.

{definitions}

BORROWER:

MAPLE HOMES CORPORATION, a Delaware corporation
By: /s/ Ann Doe

{caption}

MAPLE HOMES WEST LLC, a Delaware limited liability company
PINE RIDGE ESTATES, LLC, an Arizona limited liability company
By: /s/ Ann Doe

LENDER:

LAKESIDE BANK
By: /s/ Bob Roe
"""

LIST = ("MAPLE HOMES WEST LLC, a Delaware limited liability company\n"
        "PINE RIDGE ESTATES, LLC, an Arizona limited liability company\n"
        "By: /s/ Ann Doe")
NAMES = [("MAPLE HOMES WEST LLC", "ORG", "west"), ("PINE RIDGE ESTATES, LLC", "ORG", "pine")]


def run_list(caption: str, definitions: str = "", *, define: bool = True):
    text = AGREEMENT.format(caption=caption, definitions=definitions)
    if not define:
        text = text.replace("each Subsidiary of the Borrower", "each Person")
    doc = read_text(text.encode(), "agreement.txt")
    start = doc.text.index(LIST)
    ctx = RoleContext(issuer_key=ISS, document=doc)
    return facts_as_tuples(run_component(SubsidiaryExtractor, LIST, NAMES, context=ctx, passage_start=start),
                           ("owner", "owned"))


def test_guarantors_defined_as_subsidiaries_under_a_caption():
    assert run_list("GUARANTORS:") == {(ISS, "west"), (ISS, "pine")}
    assert run_list("GUARANTORS (CONTINUED):") == {(ISS, "west"), (ISS, "pine")}


def test_subsidiary_guarantors_caption_needs_no_definition():
    assert run_list("SUBSIDIARY GUARANTORS:", define=False) == {(ISS, "west"), (ISS, "pine")}


def test_guarantors_not_defined_as_subsidiaries_stay_silent():
    assert run_list("GUARANTORS:", define=False) == set()
    assert run_list("LENDERS:") == set()


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        ("The notes are guaranteed by Birch Canada Corp. and certain other subsidiaries of the Company.",
         [("Birch Canada Corp.", "ORG", "bc")], {(ISS, "bc")}),
        ("This Guaranty is executed by each of Alder One, Inc., a Utah corporation (\u201cOne\u201d), Alder Two, Inc., "
         "a Florida corporation, and Alder Three, Inc., a Texas corporation, together with the Subsidiaries of Alder "
         "Holdings, Inc. that may become a party hereto.",
         [("Alder One, Inc.", "ORG", "a1"), ("Alder Two, Inc.", "ORG", "a2"), ("Alder Three, Inc.", "ORG", "a3"),
          ("Alder Holdings, Inc.", "ORG", "ah")],
         {("ah", "a1"), ("ah", "a2"), ("ah", "a3")}),
        ("Cedar Securities, LLC, Cedar Clearing, LLC and our other subsidiaries are parties to the support agreement.",
         [("Cedar Securities, LLC", "ORG", "cs"), ("Cedar Clearing, LLC", "ORG", "cc")], {(ISS, "cs"), (ISS, "cc")}),
        # near misses: no "other", or "together with its subsidiaries" (the named one is the parent)
        ("Spruce Corp. and the subsidiaries of Fir Inc. signed the agreement.",
         [("Spruce Corp.", "ORG", "sp"), ("Fir Inc.", "ORG", "fir")], set()),
        ("Spruce Corp., together with its subsidiaries, employs 400 people.", [("Spruce Corp.", "ORG", "sp")], set()),
    ],
)
def test_named_ones_and_other_subsidiaries(text, ents, expected):
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == expected


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        # "wholly owned by" after a description
        ("On May 2, 2021, Oak Funding LLC, a bankruptcy remote limited liability company wholly owned by the Company, "
         "issued bonds.", [("Oak Funding LLC", "ORG", "of")], {(ISS, "of")}),
        ("Elm Trust (the \u201cSPV\u201d), a special purpose entity wholly owned by Elm Power Corporation, was formed.",
         [("Elm Trust", "ORG", "et"), ("Elm Power Corporation", "ORG", "ep")], {("ep", "et")}),
        ("Hazel Ltd., which is 80% owned by Hazel Group plc, sells tea.",
         [("Hazel Ltd.", "ORG", "hl"), ("Hazel Group plc", "ORG", "hg")], {("hg", "hl")}),
        # a minority stake, or a building owned by someone, is no subsidiary
        ("Hazel Ltd., which is 30% owned by Hazel Group plc, sells tea.",
         [("Hazel Ltd.", "ORG", "hl"), ("Hazel Group plc", "ORG", "hg")], set()),
        # the issuer, subject of the sentence, with a coordinated predicate
        ("We were incorporated in Ohio in 1910 and are a subsidiary of Willow Energy Corporation.",
         [("Willow Energy Corporation", "ORG", "we")], {("we", ISS)}),
        ("The Company is an indirect wholly owned subsidiary of Willow Energy Corporation.",
         [("Willow Energy Corporation", "ORG", "we")], {("we", ISS)}),
        # another subject in between: silent
        ("We believe that Poplar Inc. is a subsidiary of Willow Energy Corporation.",
         [("Poplar Inc.", "ORG", "pi"), ("Willow Energy Corporation", "ORG", "we")], {("we", "pi")}),
        # "in turn" chains and "an X company and subsidiary of"
        ("The General Partner is a wholly owned subsidiary of Birch of Delaware, Inc., which is in turn a wholly-owned "
         "subsidiary of Birch Capital Corp.",
         [("Birch of Delaware, Inc.", "ORG", "bd"), ("Birch Capital Corp.", "ORG", "bcc")], {("bcc", "bd")}),
        ("Rowan Holdings, LLC, an intermediate holding company and subsidiary of Rowan Financial Corp., holds the bank.",
         [("Rowan Holdings, LLC", "ORG", "rh"), ("Rowan Financial Corp.", "ORG", "rf")], {("rf", "rh")}),
        # "our subsidiaries, A, a Mississippi corporation, B, a California corporation, and C"
        ("The statements include the accounts of the Company and its subsidiaries, Ash Properties LLC, a Mississippi "
         "corporation, Ash Automotive, Inc., a California corporation, and Ash Motors Inc., a Delaware corporation.",
         [("Ash Properties LLC", "ORG", "ap"), ("Ash Automotive, Inc.", "ORG", "aa"), ("Ash Motors Inc.", "ORG", "am")],
         {(ISS, "ap"), (ISS, "aa"), (ISS, "am")}),
    ],
)
def test_owned_by_issuer_subject_and_described_lists(text, ents, expected):
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == expected


def test_merger_sub_with_defined_term_before_and_a_subsidiary_of():
    text = ("The tender offer is made by Larch Acquisition Corp., a Delaware corporation (\u201cPurchaser\u201d) and a direct "
            "wholly-owned subsidiary of Larch Labs Inc., a Delaware corporation (\u201cParent\u201d).")
    facts = run_component(SubsidiaryExtractor, text, [("Larch Acquisition Corp.", "ORG", "la"), ("Larch Labs Inc.", "ORG", "ll")],
                          context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == {("ll", "la")}
    assert dict(facts[0].attributes)["percentage"] == "100"


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        ("The device was developed by Tamarack Surgical, a Juniper & Johnson company, in 2019.",
         [("Tamarack Surgical", "ORG", "ts"), ("Juniper & Johnson", "ORG", "jj")], {("jj", "ts")}),
        ("He was a Project Lead at Zed (formerly Gizmo [z]), an Alphabet Inc. company, since 2016.",
         [("Zed", "ORG", "z"), ("Alphabet Inc.", "ORG", "al")], {("al", "z")}),
        ("Tamarack Surgical, a Juniper & Johnson company's supplier, ships parts.",
         [("Tamarack Surgical", "ORG", "ts"), ("Juniper & Johnson", "ORG", "jj")], set()),
        ("Tamarack Surgical, a Juniper & Johnson customer, ships parts.",
         [("Tamarack Surgical", "ORG", "ts"), ("Juniper & Johnson", "ORG", "jj")], set()),
        ("During the quarter the Company's majority-owned Quokka subsidiary raised capital.",
         [("Quokka", "ORG", "qk")], {(ISS, "qk")}),
        ("We sold shares of our wholly-owned Wombat Pay subsidiary.", [("Wombat Pay", "ORG", "wp")], {(ISS, "wp")}),
        # "our Canadian subsidiary" names no company; "a subsidiary of Quokka" makes Quokka the owner, not owned
        ("We sold our Canadian subsidiary.", [("Canadian", "ORG", "ca")], set()),
    ],
)
def test_group_company_and_named_subsidiary(text, ents, expected):
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == expected


def test_definition_list_with_jurisdictions_and_each_other_subsidiary_of():
    text = ("\u201cForeign Subsidiary\u201d means (a)(i) Kestrel EU Limited (United Kingdom); (a)(ii) Kestrel AUS PTY LTD "
            "(Australia); and (a)(iii) Kestrel GmbH (Germany), and (b) each other direct and indirect Subsidiary of "
            "Kestrel Corp. formed after the Closing Date.")
    ents = [("Kestrel EU Limited", "ORG", "eu"), ("Kestrel AUS PTY LTD", "ORG", "au"), ("Kestrel GmbH", "ORG", "de"),
            ("Kestrel Corp.", "ORG", "kc")]
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == {("kc", "eu"), ("kc", "au"), ("kc", "de")}


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        ("\u201cChange of Control\u201d means (a) Heron Holdings shall cease to directly own all of the capital stock of "
         "Heron Rental, LLC, free and clear of any Liens.", [("Heron Holdings", "ORG", "hh"), ("Heron Rental, LLC", "ORG", "hr")],
         {("hh", "hr")}),
        ("(iii) the failure of Egret Holdings to own directly or indirectly, beneficially and of record, 100% of the "
         "issued and outstanding Equity Interests of Egret Building LLC;", [("Egret Holdings", "ORG", "eh"),
                                                                           ("Egret Building LLC", "ORG", "eb")],
         {("eh", "eb")}),
        # a minority or an unstated share is no subsidiary
        ("(v) the failure of Egret Holdings to directly own a portion of the ownership interest in Egret Building LLC.",
         [("Egret Holdings", "ORG", "eh"), ("Egret Building LLC", "ORG", "eb")], set()),
    ],
)
def test_change_of_control_clause_states_the_ownership(text, ents, expected):
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == expected


def test_change_of_control_clauses_make_no_indirect_chain():
    from corpkg.extract.roles.run import finalize_facts

    text = ("\u201cChange in Control\u201d means (a) Ibis Holdco ceases to own, directly, 100% of the equity interests of "
            "Ibis Opco; (b) Ibis Parent ceases to own, directly or indirectly, 100% of the equity interests of Ibis Holdco.")
    ents = [("Ibis Holdco", "ORG", "hc"), ("Ibis Opco", "ORG", "oc"), ("Ibis Parent", "ORG", "pa")]
    facts = finalize_facts(run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS)))
    assert facts_as_tuples(facts, ("owner", "owned")) == {("hc", "oc"), ("pa", "hc")}
    assert all(dict(f.attributes) == {"percentage": "100"} for f in facts)


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        ("Revenues of Osprey Freight Services Company (Osprey), NS\u2019 subsidiary, grew.",
         [("Osprey Freight Services Company", "ORG", "of"), ("NS", "ORG", "ns")], {("ns", "of")}),
        ("Plover Ltd., Acme's wholly owned subsidiary, was sold.", [("Plover Ltd.", "ORG", "pl"), ("Acme", "ORG", "ac")],
         {("ac", "pl")}),
        # "Acme's subsidiary of choice", "Acme's customers": no ownership stated of the name before
        ("Plover Ltd., Acme's customer, was sold.", [("Plover Ltd.", "ORG", "pl"), ("Acme", "ORG", "ac")], set()),
    ],
)
def test_possessor_apposition(text, ents, expected):
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == expected


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        # the owner heads the party list: only the name the apposition follows is owned
        ("The Merger Agreement is by and among Grebe, Teal Acquisition Corporation, a Delaware corporation and a wholly "
         "owned subsidiary of Grebe (\u201cMerger Sub\u201d), and Coot, Inc.",
         [("Grebe", "ORG", "gr"), ("Teal Acquisition Corporation", "ORG", "ta"), ("Coot, Inc.", "ORG", "co")],
         {("gr", "ta")}),
        ("Merger Sub merged with and into Coot, Inc., with Coot, Inc. surviving the Merger as a wholly owned subsidiary "
         "of Grebe.", [("Grebe", "ORG", "gr"), ("Coot, Inc.", "ORG", "co")], {("gr", "co")}),
    ],
)
def test_merger_parties(text, ents, expected):
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == expected


def test_owner_heading_the_list_under_another_name_says_nothing():
    ents = [("Egret", "ORG", "eg"), ("New Egret", "ORG", "eg"), ("Egret Merger Sub II, Inc.", "ORG", "ms")]
    text = ("The agreement is among Egret, Egret Merger Sub II, Inc., a Delaware corporation and wholly owned subsidiary "
            "of {owner}, and Coot, Inc.")
    for owner, expected in (("Egret", {("eg", "ms")}), ("New Egret", set())):
        facts = run_component(SubsidiaryExtractor, text.format(owner=owner), ents, context=RoleContext(issuer_key=ISS),
                              passage_start=7)
        assert facts_as_tuples(facts, ("owner", "owned")) == expected


@pytest.mark.parametrize("stake", ["more than 99%", "at least 80%", "in excess of 90%"])
def test_majority_stake_with_a_lower_bound(stake):
    text = f"Following the reorganization, Wren Realty Corporation owns {stake} of the outstanding units of Wren Realty OP, LLC."
    ents = [("Wren Realty Corporation", "ORG", "wr"), ("Wren Realty OP, LLC", "ORG", "op")]
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == {("wr", "op")}


def test_index_of_defined_terms_is_no_apposition():
    text = "UCC, 19\nUnmatured Default, 19\nWren Bank, 19\nWholly-Owned Subsidiary, 19\nWorking Capital Loans, 19"
    facts = run_component(SubsidiaryExtractor, text, [("Wren Bank", "ORG", "wb")], context=RoleContext(issuer_key=ISS))
    assert facts == []
    text = "The Company and its 2 wholly owned subsidiaries, Wren Bank and Wren Trust, merged."
    facts = run_component(SubsidiaryExtractor, text, [("Wren Bank", "ORG", "wb"), ("Wren Trust", "ORG", "wt")],
                          context=RoleContext(issuer_key=ISS))
    assert facts_as_tuples(facts, ("owner", "owned")) == {(ISS, "wb"), (ISS, "wt")}


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        ("On May 1, 1998, a wholly-owned subsidiary of the Registrant, Larkspur Corporation, a California corporation, "
         "acquired the assets of Finch Inc.", [("Larkspur Corporation", "ORG", "lk"), ("Finch Inc.", "ORG", "fi")],
         {(ISS, "lk")}),
        ("The plan is by and among Finch Inc., Heron Holdco Corp., a Delaware corporation and a wholly owned subsidiary "
         "of Finch Inc., Larkspur Corporation, a Delaware corporation and a wholly owned subsidiary of Heron Holdco Corp.",
         [("Larkspur Corporation", "ORG", "lk"), ("Finch Inc.", "ORG", "fi"), ("Heron Holdco Corp.", "ORG", "hh")],
         {("fi", "hh"), ("hh", "lk")}),
        ("He was president of a subsidiary of Finch Inc., Larkspur Corporation and Aster LLC.",
         [("Larkspur Corporation", "ORG", "lk"), ("Finch Inc.", "ORG", "fi"), ("Aster LLC", "ORG", "a")], set()),
        ("The Company conducts its operations through Wren Operating Partnership, L.P. (the \u201cOperating "
         "Partnership\u201d), of which the Company is the sole general partner.",
         [("Wren Operating Partnership, L.P.", "ORG", "op")], {(ISS, "op")}),
        ("Substantially all of our assets are held by our operating partnership, Wren Properties, L.P.",
         [("Wren Properties, L.P.", "ORG", "op")], {(ISS, "op")}),
        # a partnership whose general partner is someone else
        ("Wren Properties, L.P., of which Heron GP LLC is the general partner, owns the mall.",
         [("Wren Properties, L.P.", "ORG", "op"), ("Heron GP LLC", "ORG", "gp")], set()),
    ],
)
def test_owner_named_first_and_operating_partnerships(text, ents, expected):
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=7)
    assert facts_as_tuples(facts, ("owner", "owned")) == expected



GUARANTY = """                                   GUARANTY

     THIS GUARANTY is dated as of December 27, 1995 executed and delivered
by each of AMIREIT (Frye), Inc., a North Carolina corporation, AHE of
California, Inc., a California corporation, AHP of Colorado,
Inc., a Colorado corporation, AHP of Fayetteville, Inc., an Arkansas
corporation, AHP of Illinois, Inc., an Illinois corporation, and AHP of
Utah, Inc., a Utah corporation{gap} together with the Subsidiaries of the Company
that may from time to time become a party hereto (each a "Guarantor", and,
collectively, the "Guarantors") in favor of Wells Fargo Bank, N.A., in its
capacity as agent (the "Agent") for the Banks party to the Credit Agreement
with American Health Properties, Inc., a Delaware corporation (the "Company").
"""
LISTED = ("AMIREIT (Frye), Inc.", "AHE of California, Inc.", "AHP of Colorado, Inc.", "AHP of Illinois, Inc.", "AHP of Utah, Inc.")


def _owned(text: str) -> set[tuple[str, str]]:
    ex = extract_filing(read_text(text.encode(), "EX-10_guaranty.txt"))
    label = {e.key: e.label for e in ex.entities}
    return {(label[dict(f.participants)["owner"]], label[dict(f.participants)["owned"]]) for f in ex.facts
            if f.role == "subsidiary"}


def test_a_guaranty_list_closed_by_together_with_the_subsidiaries_of_the_company():
    owned = _owned(GUARANTY.format(gap=","))
    assert {("American Health Properties, Inc.", n) for n in LISTED} <= owned
    assert {owner for owner, _ in owned} == {"American Health Properties, Inc."}


def test_a_sentence_between_the_list_and_together_with_keeps_it_silent():
    assert not {owned for _, owned in _owned(GUARANTY.format(gap=".  The Guarantors, and"))} & set(LISTED[:3])

"""Round 9, litigants: "a complaint filed by X (in a forum) against Y" and "a complaint filed by X
naming the Company as a respondent" (X plaintiff, Y defendant); "The Company and its subsidiary, X,
were named as defendants" (the issuer too); "In a lawsuit brought by X, the Company is alleged …"
(a comma alone makes no party list); "no lawsuit has been filed against" (nothing); petitions for
inter partes review of an owner's patent (petitioner plaintiff, owner defendant) — with the near
misses that must stay silent. Hand-made sentences only."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.litigation import LitigationExtractor
from corpkg.extract.roles.testing import run_component

ISS = "orrin"
ENTS = [("Orrin Holdings, Inc.", "ORG", "orrin"), ("Kestrel Labs, Inc.", "ORG", "kestrel"),
        ("Wren Corp.", "ORG", "wren"), ("Pell Partners LLC", "ORG", "pell"),
        ("Jane Roe", "PERSON", "roe"), ("John Doe", "PERSON", "doe"),
        ("Harbor Bank, N.A.", "ORG", "harbor"), ("Tamsin Group plc", "ORG", "tamsin")]


def sides(text: str) -> set[tuple[str, str]]:
    facts = run_component(LitigationExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))
    return {(side, key) for f in facts for side, key in f.participants}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A complaint filed by Kestrel Labs, Inc. against Wren Corp. alleges that the pump design was copied.",
         {("plaintiff", "kestrel"), ("defendant", "wren")}),
        ("The petition filed by Pell Partners LLC in the Superior Court of Arizona against Jane Roe and John Doe "
         "seeks rescission.", {("plaintiff", "pell"), ("defendant", "roe"), ("defendant", "doe")}),
        ("The agency opened an investigation based on a complaint filed by Tamsin Group plc naming the Company as "
         "a respondent.", {("plaintiff", "tamsin"), ("defendant", "orrin")}),
        # "naming" without a side after the names is no proceeding's party list
        ("The lawsuit brought by Kestrel Labs, Inc. naming Wren Corp. in its caption was later amended.",
         {("plaintiff", "kestrel")}),
    ],
)
def test_filed_by_then_against(text, expected):
    assert sides(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Company and its subsidiary, Wren Corp., were named as defendants in a lawsuit pending in Ohio.",
         {("defendant", "orrin"), ("defendant", "wren")}),
        ("In a lawsuit brought by Kestrel Labs, Inc., the Company is alleged to have breached a supply contract.",
         {("plaintiff", "kestrel")}),
        # a real list keeps every member
        ("A suit brought by Kestrel Labs, Inc., Wren Corp. and Jane Roe is pending.",
         {("plaintiff", "kestrel"), ("plaintiff", "wren"), ("plaintiff", "roe")}),
        # negated or hypothetical suits give nothing
        ("Harbor Bank, N.A. is our lender; no lawsuit has been filed against the Company.", set()),
        ("If any action were brought against Wren Corp., the Company could be harmed.", set()),
    ],
)
def test_party_lists(text, expected):
    assert sides(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("In 2021, Kestrel Labs, Inc. filed petitions for inter partes review of the Company's U.S. Patent "
         "No. 9,876,543 with the Patent Trial and Appeal Board.", {("plaintiff", "kestrel"), ("defendant", "orrin")}),
        ("Wren Corp. filed a petition with the Patent Trial and Appeal Board requesting inter partes review of "
         "Tamsin Group plc's patents.", {("plaintiff", "wren"), ("defendant", "tamsin")}),
        # a review of patents with no owner, or one that is only possible, is no proceeding
        ("The Company filed a petition for inter partes review of two patents on pump seals.", set()),
        ("Competitors such as Kestrel Labs, Inc. may file petitions for inter partes review of our patents.", set()),
    ],
)
def test_review_petitions(text, expected):
    assert sides(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("In June the Company filed a motion to dismiss the complaint filed by Kestrel Labs, Inc.",
         {("plaintiff", "kestrel"), ("defendant", "orrin")}),
        ("Wren Corp. moved to dismiss the amended complaint brought by Jane Roe.",
         {("plaintiff", "roe"), ("defendant", "wren")}),
        # a motion to dismiss with no claimant named, or a motion about something else, gives nothing
        ("The Company filed a motion to dismiss the complaint in March.", set()),
        ("Wren Corp. filed a motion to compel arbitration of the claim filed by Jane Roe.", {("plaintiff", "roe")}),
    ],
)
def test_motion_to_dismiss_makes_the_mover_the_defendant(text, expected):
    assert sides(text) == expected

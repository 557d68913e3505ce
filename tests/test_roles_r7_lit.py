"""Round 7, litigants in narrative: settlements with a regulator ("entered into a settlement
agreement with the Department of Justice", "agreed to pay $N to settle charges brought by the SEC"),
awards "in favor of X and against Y", "the arbitration case filed against X by Y", "X received a
demand for arbitration from Y", and "against the Company’s subsidiary X" (only X is sued) — with the
near misses that must stay silent. Hand-made sentences only."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.litigation import LitigationExtractor
from corpkg.extract.roles.testing import run_component

ISS = "orrin"
ENTS = [("Orrin Holdings, Inc.", "ORG", "orrin"), ("Kestrel Labs, Inc.", "ORG", "kestrel"),
        ("Wren Corp.", "ORG", "wren"), ("Pell Partners LLC", "ORG", "pell"),
        ("Department of Justice", "ORG", "doj"), ("Federal Trade Commission", "ORG", "ftc"),
        ("SEC", "ORG", "sec"), ("Ohio Department of Natural Resources", "ORG", "odnr"),
        ("Jane Roe", "PERSON", "roe"), ("Harbor Bank, N.A.", "ORG", "harbor")]


def sides(text: str) -> set[tuple[str, str]]:
    facts = run_component(LitigationExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))
    return {(side, key) for f in facts for side, key in f.participants}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("In March 2022 the Company entered into a settlement agreement with the Department of Justice to resolve "
         "the investigation of its billing practices.", {("plaintiff", "doj"), ("defendant", "orrin")}),
        ("Kestrel Labs, Inc. reached a consent decree with the Federal Trade Commission.",
         {("plaintiff", "ftc"), ("defendant", "kestrel")}),
        ("Wren Corp. settled with the Ohio Department of Natural Resources for $40,000.",
         {("plaintiff", "odnr"), ("defendant", "wren")}),
        ("Jane Roe agreed to pay $2 million to settle charges brought by the SEC.",
         {("plaintiff", "sec"), ("defendant", "roe")}),
        ("Orrin Holdings, Inc. settled the claims filed by Pell Partners LLC in 2019.",
         {("plaintiff", "pell"), ("defendant", "orrin")}),
        # a private settlement with a business counterparty is no proceeding
        ("The Company entered into a settlement agreement with Kestrel Labs, Inc. regarding the supply contract.",
         set()),
        ("We reached a settlement with Harbor Bank, N.A. on the terms of the lease.", set()),
        # a settlement that no one has reached yet
        ("The Company is negotiating with the Department of Justice.", set()),
    ],
)
def test_settlements_with_regulators(text, expected):
    assert sides(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The arbitrator issued an award of $3.1 million in favor of Pell Partners LLC and against Wren Corp. and "
         "Jane Roe.", {("plaintiff", "pell"), ("defendant", "wren"), ("defendant", "roe")}),
        ("In June the jury returned a verdict in favor of the Company and against Kestrel Labs, Inc.",
         {("plaintiff", "orrin"), ("defendant", "kestrel")}),
        # a vote is no ruling
        ("Holders voted in favor of Jane Roe and against the proposal of Wren Corp.", set()),
        # "in favor of" without a loser names no sides
        ("The court ruled in favor of Kestrel Labs, Inc. on the motion.", set()),
    ],
)
def test_awards_in_favor_and_against(text, expected):
    assert sides(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Company settled the arbitration case filed against Wren Corp. by Kestrel Labs, Inc.",
         {("plaintiff", "kestrel"), ("defendant", "wren")}),
        ("Orrin Holdings, Inc. received a demand for arbitration from Pell Partners LLC seeking $2 million.",
         {("plaintiff", "pell"), ("defendant", "orrin")}),
        ("Wren Corp. was served with a complaint filed by Jane Roe.", {("plaintiff", "roe"), ("defendant", "wren")}),
        # a letter or an invoice received is no suit
        ("Orrin Holdings, Inc. received a letter from Pell Partners LLC about the invoice.", set()),
        ("In 2020, Jane Roe filed a complaint against the Company\u2019s subsidiary Kestrel Labs, Inc. alleging "
         "breach of contract.", {("plaintiff", "roe"), ("defendant", "kestrel")}),
        ("In 2020, Jane Roe filed a complaint against the Company's wholly owned subsidiary, Kestrel Labs, Inc.",
         {("plaintiff", "roe"), ("defendant", "kestrel")}),
        # the parent is sued with its subsidiary when both are named as parties
        ("Jane Roe filed a complaint against Orrin Holdings, Inc. and its subsidiary Kestrel Labs, Inc.",
         {("plaintiff", "roe"), ("defendant", "orrin"), ("defendant", "kestrel")}),
    ],
)
def test_suits_told_from_the_defendant_side(text, expected):
    assert sides(text) == expected


ENTS2 = [*ENTS, ("John Doe", "PERSON", "doe"), ("Mary Major", "PERSON", "major"),
         ("Lakeview Pension Fund", "ORG", "lakeview")]


def sides2(text: str) -> set[tuple[str, str]]:
    facts = run_component(LitigationExtractor, text, ENTS2, context=RoleContext(issuer_key=ISS))
    return {(side, key) for f in facts for side, key in f.participants}


@pytest.mark.parametrize(
    "text, expected",
    [
        # officers named with an apposition after each name: every one is a defendant
        ("Lakeview Pension Fund filed a putative class action against the Company, Jane Roe, our Chief Executive "
         "Officer, and John Doe, our Chief Financial Officer.",
         {("plaintiff", "lakeview"), ("defendant", "orrin"), ("defendant", "roe"), ("defendant", "doe")}),
        # a possessive only describes the party: the Company is not sued here
        ("In April 2020, the SEC commenced a civil action against Jane Roe, the Company\u2019s former Chief "
         "Executive Officer.", {("plaintiff", "sec"), ("defendant", "roe")}),
        # the company of an apposition ("each a director of X") is no party
        ("Jane Roe, John Doe and Mary Major, each a director of the Company, were named as defendants.",
         {("defendant", "roe"), ("defendant", "doe"), ("defendant", "major")}),
        ("The complaint names the Company and Jane Roe as defendants.", {("defendant", "orrin"), ("defendant", "roe")}),
        # "names … as" something else names no defendant
        ("The board names Jane Roe as Chief Executive Officer.", set()),
        ("Kestrel Labs, Inc. is the plaintiff in a lawsuit against Wren Corp.",
         {("plaintiff", "kestrel"), ("defendant", "wren")}),
        ("Jane Roe was indicted by the Department of Justice on charges of wire fraud.",
         {("plaintiff", "doj"), ("defendant", "roe")}),
        ("The Department of Justice indicted John Doe in 2019.", {("plaintiff", "doj"), ("defendant", "doe")}),
        # named as a director is no defendant
        ("Jane Roe was named as a director of the Company.", set()),
    ],
)
def test_party_lists_and_sides_in_narrative(text, expected):
    assert sides2(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The SEC charged Jane Roe with securities fraud.", {("plaintiff", "sec"), ("defendant", "roe")}),
        ("In 2019 the Department of Justice charged Kestrel Labs, Inc. and John Doe with wire fraud.",
         {("plaintiff", "doj"), ("defendant", "kestrel"), ("defendant", "doe")}),
        ("The Federal Trade Commission accused Wren Corp. of deceptive advertising.",
         {("plaintiff", "ftc"), ("defendant", "wren")}),
        # a business's accusation or a fee charged is no proceeding
        ("Pell Partners LLC accused the Company of infringing its patents.", set()),
        ("The Company charged Wren Corp. a fee of $5,000.", set()),
        # an agency "charged with" a duty charges nobody
        ("The Department of Justice, the agency charged with enforcing the statute, approved the merger of "
         "Kestrel Labs, Inc. and Wren Corp.", set()),
    ],
)
def test_charges_by_regulators(text, expected):
    assert sides2(text) == expected

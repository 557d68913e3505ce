"""Round 6, acquirers and litigants: an additional stake that completes a holding ("an additional 50
percent interest in our equity-method investment X … and now own 100 percent of X"); parties that sue or
are sued together as kin ("A and its parent B (collectively “B”) filed a complaint against C") — and the
near misses that stay silent. Hand-made sentences only."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.acquisitions import AcquisitionExtractor
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.litigation import LitigationExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "orrin"
ENTS = [("Orrin Holdings, Inc.", "ORG", "orrin"), ("the Company", "ORG", "orrin"),
        ("Kestrel Labs, Inc.", "ORG", "kestrel"), ("Kestrel", "ORG", "kestrel"),
        ("Pell Partners LLC", "ORG", "pell"), ("Wren Corp.", "ORG", "wren"),
        ("Larch Capital Corp.", "ORG", "larch"), ("Larch", "ORG", "larch")]


def acquisitions(text):
    facts = run_component(AcquisitionExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))
    return facts_as_tuples(facts, ("acquirer", "target"))


def sides(text):
    facts = run_component(LitigationExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))
    return {(side, key) for f in facts for side, key in f.participants}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("We also purchased an additional 50 percent interest in our equity-method investment Kestrel Labs, Inc. "
         "(\u201cKestrel\u201d) for $300 million and now own 100 percent of Kestrel.", {("orrin", "kestrel")}),
        ("In May 2019 Orrin Holdings, Inc. acquired an additional 20% interest in Kestrel Labs, Inc., bringing its "
         "ownership to 65%.", {("orrin", "kestrel")}),
        ("Orrin Holdings, Inc. acquired a further 30% stake in its joint venture Kestrel Labs, Inc. and now holds "
         "80% of it.", {("orrin", "kestrel")}),
        # a minority top-up that stays a minority: no acquisition
        ("Orrin Holdings, Inc. acquired an additional 20% interest in Kestrel Labs, Inc., bringing its ownership "
         "to 45%.", set()),
        # an additional stake with no resulting holding stated: silent, as before
        ("We acquired an additional 40% interest in Kestrel Labs, Inc. for $20 million.", set()),
        # a first minority stake is no "additional" one, whatever the sentence says later
        ("Orrin Holdings, Inc. acquired a 30% interest in Kestrel Labs, Inc. and now owns 100% of Pell Partners LLC.",
         set()),
    ],
)
def test_additional_stake_completing_a_holding(text, expected):
    assert acquisitions(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("On June 2, 2021, Pell Partners LLC and its parent Larch Capital Corp. (collectively, \u201cLarch\u201d), "
         "filed a complaint against Kestrel Labs, Inc. alleging breach of contract.",
         {("plaintiff", "pell"), ("plaintiff", "larch"), ("defendant", "kestrel")}),
        ("In 2020, Pell Partners LLC and its wholly owned subsidiary, Wren Corp., sued Kestrel Labs, Inc. for "
         "patent infringement.", {("plaintiff", "pell"), ("plaintiff", "wren"), ("defendant", "kestrel")}),
        ("In 2020, Kestrel Labs, Inc. filed suit against Pell Partners LLC and its parent Larch Capital Corp. in "
         "federal court.", {("plaintiff", "kestrel"), ("defendant", "pell"), ("defendant", "larch")}),
        ("Pell Partners LLC and its parent Larch Capital Corp. v. Kestrel Labs, Inc., Case No. 1:20-cv-100, is "
         "pending.", {("plaintiff", "pell"), ("plaintiff", "larch"), ("defendant", "kestrel")}),
        ("In 1998 Pell Partners LLC and its subsidiary, Wren Corp., were named as defendants in a lawsuit brought "
         "by Kestrel Labs, Inc.", {("plaintiff", "kestrel"), ("defendant", "pell"), ("defendant", "wren")}),
        # a defined term for one party alone: that party only
        ("On June 2, 2021, Larch Capital Corp. (\u201cLarch\u201d) filed a complaint against Kestrel Labs, Inc.",
         {("plaintiff", "larch"), ("defendant", "kestrel")}),
        # the kin is not named: nobody is added
        ("In 2020, Kestrel Labs, Inc. filed suit against Pell Partners LLC and its parent in federal court.",
         {("plaintiff", "kestrel"), ("defendant", "pell")}),
        # "on behalf of A and its affiliates, B filed": B acts for them, A is not named as a party
        ("On behalf of Pell Partners LLC and its affiliates, Larch Capital Corp. filed a complaint against "
         "Kestrel Labs, Inc.", {("plaintiff", "larch"), ("defendant", "kestrel")}),
    ],
)
def test_parties_acting_with_their_kin(text, expected):
    assert sides(text) == expected

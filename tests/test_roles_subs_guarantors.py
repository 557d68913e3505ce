"""Subsidiaries named in agreements and narrative enumerations: guarantors listed under a
signature caption when the agreement defines them as subsidiaries, and "A, B and certain other
subsidiaries of Y" — with the near misses that must stay silent."""

from __future__ import annotations

import pytest

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

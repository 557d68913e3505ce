"""Round 7, subsidiaries and acquirers (issue 12): merger subsidiaries listed among a merger
agreement's parties belong to the acquirer the sentence names; "X (ABC), a subsidiary of Y"; an
additional stake that brings the holding to 100 % makes a subsidiary; "T has agreed to be acquired
by A"; "entered into a definitive merger agreement to acquire T" — and the near misses that stay
silent. Hand-made sentences only."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.acquisitions import AcquisitionExtractor
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.run import finalize_facts
from corpkg.extract.roles.subsidiaries import SubsidiaryExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"
ENTS = [("Orrin Holdings, Inc.", "ORG", "orrin"), ("Orrin", "ORG", "orrin"),
        ("Kestrel Labs, Inc.", "ORG", "kestrel"), ("Kestrel", "ORG", "kestrel"),
        ("Pell Partners LLC", "ORG", "pell"), ("Larch Capital Corp.", "ORG", "larch"),
        ("Wren Acquisition Corporation", "ORG", "wren1"), ("Wren Acquisition LLC", "ORG", "wren2"),
        ("Bold Escrow Bank, N.A.", "ORG", "bold")]


def subs(text: str) -> set[tuple[str, ...]]:
    facts = run_component(SubsidiaryExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))
    return facts_as_tuples(facts, ("owner", "owned"))


def acq_then_subs(text: str) -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    facts = run_component(AcquisitionExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))
    out = finalize_facts(facts)
    return (facts_as_tuples([f for f in out if f.role == "acquisition"], ("acquirer", "target")),
            facts_as_tuples([f for f in out if f.role == "subsidiary"], ("owner", "owned")))


def acq_status(text: str) -> dict[tuple[str, str], list[str]]:
    facts = run_component(AcquisitionExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))
    return {(f.participant("acquirer")[0], f.participant("target")[0]): f.attribute("status") for f in facts}


@pytest.mark.parametrize(
    "text, expected",
    [
        # the acquirer of the sentence owns the merger subsidiaries listed among the agreement's parties
        ("On May 2, 2010, Orrin Holdings, Inc. acquired all of the outstanding capital stock of Kestrel Labs, Inc. "
         "(\u201cKestrel\u201d) pursuant to an Agreement and Plan of Merger by and among Orrin, Wren Acquisition "
         "Corporation (\u201cSub I\u201d), Wren Acquisition LLC (\u201cSub II\u201d), Kestrel and Bold Escrow Bank, N.A., "
         "as escrow agent.",
         {("orrin", "wren1"), ("orrin", "wren2")}),
        ("Orrin Holdings, Inc. agreed to acquire Kestrel Labs, Inc. under a merger agreement among Orrin, "
         "Wren Acquisition Corporation and Kestrel.", {("orrin", "wren1")}),
        # no deal stated in the sentence: the list alone does not tell whose subsidiary it is
        ("The Agreement and Plan of Merger by and among Orrin, Wren Acquisition Corporation and Kestrel was filed "
         "as Exhibit 2.1.", set()),
        # a parent of its own named in apposition wins (the apposition rule gives it)
        ("Orrin Holdings, Inc. agreed to acquire Kestrel Labs, Inc. under a merger agreement with Wren Acquisition "
         "Corporation, a Delaware corporation and a wholly owned subsidiary of Larch Capital Corp.",
         {("larch", "wren1")}),
        # a party that is no merger subsidiary by its name is no subsidiary
        ("Orrin Holdings, Inc. agreed to acquire Kestrel Labs, Inc. under a merger agreement among Orrin, "
         "Pell Partners LLC and Kestrel.", set()),
    ],
)
def test_merger_subsidiaries_listed_as_parties(text: str, expected: set[tuple[str, ...]]) -> None:
    found = subs(text)
    assert {x for x in found if x[1] in ("wren1", "wren2", "pell")} == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The trustee sold all of the stock of Kestrel Labs, Inc. (KLI), a subsidiary of Pell Partners LLC, to a buyer.",
         {("pell", "kestrel")}),
        ("Kestrel Labs, Inc. (Kestrel), a subsidiary of Pell Partners LLC, makes widgets.", {("pell", "kestrel")}),
        # a parenthetical that is no short name, or no apposition: nothing
        ("Kestrel Labs, Inc. (see Note 4), a subsidiary of Pell Partners LLC, makes widgets.", set()),
        ("Kestrel Labs, Inc. (KLI) and a subsidiary of Pell Partners LLC signed the lease.", set()),
    ],
)
def test_apposition_after_a_short_name_in_parentheses(text: str, expected: set[tuple[str, ...]]) -> None:
    assert subs(text) == expected


@pytest.mark.parametrize(
    "text, expected_subs",
    [
        ("We purchased an additional 50 percent interest in our equity-method investment Pell Partners LLC for "
         "$70 million and now own 100 percent of Pell Partners LLC.", {(ISS, "pell")}),
        # still a minority or majority short of the whole: no subsidiary from the purchase
        ("Orrin Holdings, Inc. acquired an additional 20% interest in Pell Partners LLC, bringing its ownership to 65%.",
         set()),
        # pending: not yet a subsidiary
        ("Orrin Holdings, Inc. will acquire an additional 50% interest in Pell Partners LLC, bringing its ownership "
         "to 100%.", set()),
    ],
)
def test_additional_stake_to_the_whole_makes_a_subsidiary(text: str, expected_subs: set[tuple[str, ...]]) -> None:
    acquisitions, subsidiaries = acq_then_subs(text)
    assert acquisitions
    assert subsidiaries == expected_subs


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Kestrel Labs, Inc. announced today that it has agreed to be acquired by Orrin Holdings, Inc. for $12 per share.",
         {("orrin", "kestrel"): ["pending"]}),
        ("Kestrel Labs, Inc. has entered into a definitive agreement to be acquired by Orrin Holdings, Inc.",
         {("orrin", "kestrel"): ["pending"]}),
        ("Orrin Holdings, Inc. today announced that it has entered into a definitive merger agreement to acquire "
         "Kestrel Labs, Inc.", {("orrin", "kestrel"): ["pending"]}),
        # other passives and agreements are no acquisition
        ("Kestrel Labs, Inc. has agreed to be represented by Orrin Holdings, Inc.", {}),
        ("Kestrel Labs, Inc. has entered into a definitive agreement to be supplied by Orrin Holdings, Inc.", {}),
    ],
)
def test_agreed_deals_told_as_news(text: str, expected: dict[tuple[str, str], list[str]]) -> None:
    assert acq_status(text) == expected


RUN_TOGETHER = [("Orrin Holdings, Inc.", "ORG", "orrin"), ("Wren Acquisition Corporation", "ORG", "wren1"),
                ("Orrin and Kestrel Labs, Inc.", "ORG", "kestrel"), ("Smith and Wesson Holding Corp.", "ORG", "sw")]
KNOWN = {"Orrin": "orrin", "Smith": "pell", "Kestrel Labs, Inc.": "kestrel"}


@pytest.mark.parametrize(
    "text, expected",
    [
        # the entity stage ran the parent and the target together: the parent's own known name owns
        ("Orrin Holdings, Inc. entered into a merger agreement with Wren Acquisition Corporation, a Delaware "
         "corporation and a wholly owned subsidiary of Orrin and Kestrel Labs, Inc., a Delaware corporation.",
         {("orrin", "wren1")}),
        # a real name with "and" whose second part is no name of its own: left alone
        ("Wren Acquisition Corporation is a wholly owned subsidiary of Smith and Wesson Holding Corp.",
         {("sw", "wren1")}),
    ],
)
def test_run_together_owner_name(text: str, expected: set[tuple[str, ...]]) -> None:
    facts = run_component(SubsidiaryExtractor, text, RUN_TOGETHER,
                          context=RoleContext(issuer_key=ISS, defined_terms=dict(KNOWN)))
    assert facts_as_tuples(facts, ("owner", "owned")) == expected


ROLE_TERMS = ENTS + [("Surviving Corporation", "ORG", "surv"), ("Wren Merger LLC", "ORG", "wrenm")]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a merger role used as a name is no party of an acquisition
        ("Immediately after the first merger, the Surviving Corporation will be merged with and into Wren Merger LLC, "
         "with Wren Merger LLC surviving.", set()),
        # a named company in the same place still is
        ("Immediately after the first merger, Kestrel Labs, Inc. will be merged with and into Orrin Holdings, Inc., "
         "with Orrin Holdings, Inc. surviving.", {("orrin", "kestrel")}),
    ],
)
def test_merger_role_term_is_no_party(text: str, expected: set[tuple[str, ...]]) -> None:
    facts = run_component(AcquisitionExtractor, text, ROLE_TERMS, context=RoleContext(issuer_key=ISS))
    assert facts_as_tuples(facts, ("acquirer", "target")) == expected

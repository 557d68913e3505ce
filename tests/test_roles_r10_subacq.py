"""Round 10, subsidiaries and acquirers (issue 12): one sentence with two predicates sharing the
passive subject of a deal ("T was acquired by A and became a wholly owned subsidiary of A") gives the
subsidiary fact as well as the acquisition — and the near misses that stay silent (a pending deal,
a second predicate whose subject is the acquirer or another company). Hand-made sentences only."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.acquisitions import AcquisitionExtractor
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.run import finalize_facts
from corpkg.extract.roles.subsidiaries import SubsidiaryExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component
from tests.test_roles_r9_subacq import ENTS, ISS, facts  # the same made-up companies and clean-up


@pytest.mark.parametrize(
    "text",
    [
        "In 2018, Kestrel Labs, Inc. was acquired by Orrin Holdings, Inc. and became a wholly-owned subsidiary of Orrin.",
        "Kestrel Labs, Inc. was acquired by Orrin Holdings, Inc. and became its wholly owned subsidiary.",
        "Kestrel Labs, Inc. (“Kestrel”) was acquired by Orrin Holdings, Inc. in May 2019 for $40 million and "
        "thereby became a subsidiary of Orrin.",
        "Kestrel Labs, Inc. was subsequently acquired by Orrin Holdings, Inc. and is now an indirect subsidiary.",
    ],
)
def test_acquired_and_became_a_subsidiary(text: str) -> None:
    acq, subs = facts(text)
    assert ("orrin", "kestrel") in acq
    assert ("orrin", "kestrel") in subs


def test_acquired_and_became_a_subsidiary_of_another() -> None:
    # the owner named after "of" is the one recorded
    _acq, subs = facts("Kestrel Labs, Inc. was acquired by Orrin Holdings, Inc. in 2018 and became a wholly owned "
                       "subsidiary of Pell Partners LLC.")
    assert ("pell", "kestrel") in subs
    assert ("orrin", "kestrel") not in subs


@pytest.mark.parametrize(
    "text",
    [
        # pending: "will become" says nothing yet
        "Kestrel Labs, Inc. will be acquired by Orrin Holdings, Inc. and will become its wholly owned subsidiary.",
        # the second predicate is no subsidiary
        "Kestrel Labs, Inc. was acquired by Orrin Holdings, Inc. and became a supplier of Pell Partners LLC.",
        # another subject for the second predicate
        "Kestrel Labs, Inc. was acquired by Orrin Holdings, Inc. and Tamsin Software Ltd. became a customer.",
    ],
)
def test_acquired_and_became_near_misses(text: str) -> None:
    _acq, subs = facts(text)
    assert ("orrin", "kestrel") not in subs
    assert ("pell", "kestrel") not in subs


def test_active_acquirer_becoming_a_subsidiary_owns_nothing_it_bought() -> None:
    # the acquirer, not the target, is the subject of "became": the target is no subsidiary of Pell
    _acq, subs = facts("Orrin Holdings, Inc. acquired Kestrel Labs, Inc. in 2018 and became a subsidiary of "
                       "Pell Partners LLC in 2019.")
    assert ("pell", "kestrel") not in subs


@pytest.mark.parametrize(
    "text",
    [
        "Kestrel Labs, Inc. (“Kestrel”) was acquired by Orrin Holdings, Inc. in May 2019.",
        "In 2019, Kestrel Labs, Inc. (\"Kestrel\") was acquired by Orrin Holdings, Inc.",
    ],
)
def test_passive_deal_after_a_defined_term(text: str) -> None:
    acq, _subs = facts(text)
    assert ("orrin", "kestrel") in acq


def test_passive_deal_after_other_parentheses_stays_silent() -> None:
    # only a quoted defined term may stand between the target and "was acquired by"
    acq, _subs = facts("Kestrel Labs, Inc. (see Note 4) was acquired by Orrin Holdings, Inc.")
    assert ("orrin", "kestrel") not in acq


@pytest.mark.parametrize(
    "text",
    [
        # an 8-K's party list with defined roles, "Parent" linked to its name upstream
        "On May 1, 2020, Orrin Holdings, Inc. (“Parent”) entered into an Agreement and Plan of Merger by and among "
        "Parent, Pell Merger Sub LLC, a wholly owned subsidiary of Parent (“Merger Sub”), and Kestrel Labs, Inc. "
        "(the “Company”).",
        # a merger agreement's preamble
        "This Agreement and Plan of Merger, dated as of May 1, 2020, is by and among Orrin Holdings, Inc., a Delaware "
        "corporation (“Parent”), Pell Merger Sub LLC, a Delaware limited liability company and a wholly owned "
        "subsidiary of Parent (“Merger Sub”), and Kestrel Labs, Inc., a Delaware corporation (the “Company”).",
    ],
)
def test_merger_agreement_party_list_with_defined_roles(text: str) -> None:
    ents = [*ENTS, ("Pell Merger Sub LLC", "ORG", "pellsub"), ("Parent", "ORG", "orrin")]
    ctx = RoleContext(issuer_key=ISS, form_type="8-K")
    found = run_component(AcquisitionExtractor, text, ents, context=ctx)
    found += run_component(SubsidiaryExtractor, text, ents, context=ctx)
    out = finalize_facts(found)
    assert facts_as_tuples([f for f in out if f.role == "acquisition"], ("acquirer", "target")) == {("orrin", "kestrel")}
    # Merger Sub is Parent's; the target is no subsidiary yet (the deal is pending)
    assert facts_as_tuples([f for f in out if f.role == "subsidiary"], ("owner", "owned")) == {("orrin", "pellsub")}

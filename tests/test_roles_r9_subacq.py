"""Round 9, subsidiaries and acquirers (issue 12): the issuer that "became a wholly owned subsidiary
of Y" anywhere in a sentence; several companies bought in one sentence ("acquired A, Inc. and
B LLC", "completed the acquisitions of A, B and C"); a clause after the target naming its acquirer
("T, which we acquired in 2016", "T, acquired by A in 2016") — and the near misses that stay
silent; "Our principal operating subsidiaries are A and B". Hand-made sentences only."""

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
        ("Pell Partners LLC", "ORG", "pell"), ("Tamsin Software Ltd.", "ORG", "tamsin"),
        ("Brightwave", "ORG", "bright")]


def facts(text: str, form: str = "10-K") -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    """(acquirer, target) and (owner, owned) pairs after the filing-level clean-up."""
    ctx = RoleContext(issuer_key=ISS, form_type=form)
    found = run_component(AcquisitionExtractor, text, ENTS, context=ctx)
    found += run_component(SubsidiaryExtractor, text, ENTS, context=ctx)
    out = finalize_facts(found)
    return (facts_as_tuples([f for f in out if f.role == "acquisition"], ("acquirer", "target")),
            facts_as_tuples([f for f in out if f.role == "subsidiary"], ("owner", "owned")))


@pytest.mark.parametrize(
    "text",
    [
        "Upon completion of the merger, the Company became a wholly owned subsidiary of Orrin Holdings, Inc.",
        "On March 1, 2016, the Company became a wholly-owned subsidiary of Orrin Holdings, Inc.",
        "Following the merger, we became an indirect wholly owned subsidiary of Orrin Holdings, Inc.",
        "The Company thereby became a wholly owned subsidiary of Orrin on March 1, 2016.",
    ],
)
def test_issuer_became_a_subsidiary(text: str) -> None:
    acq, subs = facts(text)
    assert ("orrin", ISS) in subs
    assert ("orrin", ISS) in acq


@pytest.mark.parametrize(
    "text",
    [
        # pending: "will become" says nothing yet
        "Upon completion of the merger, the Company will become a wholly owned subsidiary of Orrin Holdings, Inc.",
        # the issuer is no subject here
        "Shares of the Company became subject to the rules of Orrin Holdings, Inc.",
        "Each subsidiary of the Company became a wholly owned subsidiary of Orrin Holdings, Inc.",
        "Kestrel Labs, Inc. and the Company became wholly owned subsidiaries of Orrin Holdings, Inc.",
    ],
)
def test_issuer_became_near_misses(text: str) -> None:
    acq, subs = facts(text)
    assert ("orrin", ISS) not in subs
    assert ("orrin", ISS) not in acq


@pytest.mark.parametrize(
    "text, expected",
    [
        ("In 2016 we acquired Kestrel Labs, Inc. and Pell Partners LLC.", {(ISS, "kestrel"), (ISS, "pell")}),
        ("In 2016 the Company acquired Kestrel Labs, Inc., Pell Partners LLC and Tamsin Software Ltd.",
         {(ISS, "kestrel"), (ISS, "pell"), (ISS, "tamsin")}),
        ("During 2016, we completed the acquisitions of Kestrel Labs, Inc., Pell Partners LLC and Tamsin Software Ltd.",
         {(ISS, "kestrel"), (ISS, "pell"), (ISS, "tamsin")}),
        ("Orrin Holdings, Inc. completed the acquisition of Kestrel Labs, Inc. and Pell Partners LLC in May.",
         {("orrin", "kestrel"), ("orrin", "pell")}),
        # a list with a bare brand name is no list of companies: only the first target
        ("In 2016 we acquired Kestrel Labs, Inc. and Brightwave.", {(ISS, "kestrel")}),
        # a stake is bought of the first name only
        ("In 2016 we acquired 30% of the shares of Kestrel Labs, Inc. and Pell Partners LLC.", set()),
    ],
)
def test_several_companies_bought_in_one_sentence(text: str, expected: set[tuple[str, ...]]) -> None:
    acq, subs = facts(text)
    assert acq == expected
    assert subs == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Kestrel Labs, Inc., which we acquired in 2016, makes sensors.", {(ISS, "kestrel")}),
        ("The results of Kestrel Labs, Inc., which the Company acquired in March 2016, are included.",
         {(ISS, "kestrel")}),
        ("Kestrel Labs, Inc. (\u201cKestrel\u201d), which Orrin Holdings, Inc. acquired from Pell Partners LLC in 2016, "
         "makes sensors.", {("orrin", "kestrel")}),
        ("Kestrel Labs, Inc., acquired by Orrin Holdings, Inc. in 2016, makes sensors.", {("orrin", "kestrel")}),
        # a short description between the target and its clause
        ("Kestrel Labs, Inc., a maker of sensors, which was acquired by Orrin Holdings, Inc. in March 1999, grew.",
         {("orrin", "kestrel")}),
        ("Kestrel Labs, Inc. (\u201cKestrel\u201d), our retail business in France, which we acquired in 2008, grew.",
         {(ISS, "kestrel")}),
        ("Kestrel Labs, Inc., a maker of sensors, which sells to Orrin Holdings, Inc., grew.", set()),
        # near misses: another object of the verb, a modal, the target acquiring, a part of the company
        ("Kestrel Labs, Inc., which we purchased products from, makes sensors.", set()),
        ("Kestrel Labs, Inc., which we may acquire, makes sensors.", set()),
        ("Kestrel Labs, Inc., which we acquired a 20% interest in, makes sensors.", set()),
        ("Products of Kestrel Labs, Inc., which Orrin acquired, sell well.", set()),
    ],
)
def test_clause_after_the_target_names_its_acquirer(text: str, expected: set[tuple[str, ...]]) -> None:
    acq, _ = facts(text)
    assert acq == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Our principal operating subsidiaries are Kestrel Labs, Inc. and Pell Partners LLC.",
         {(ISS, "kestrel"), (ISS, "pell")}),
        ("The Company's operating subsidiary is Kestrel Labs, Inc.", {(ISS, "kestrel")}),
        ("The Company's wholly owned subsidiaries include Kestrel Labs, Inc., Pell Partners LLC and Tamsin Software Ltd.",
         {(ISS, "kestrel"), (ISS, "pell"), (ISS, "tamsin")}),
        # near misses: no name right after the verb, a possessive or a hyphenated word, another owner
        ("Our subsidiary is Orrin's largest customer.", set()),
        ("Our subsidiaries are Kestrel-branded suppliers.", set()),
        ("Our subsidiaries are party to agreements with Kestrel Labs, Inc.", set()),
        ("Our subsidiaries include companies in Canada, such as Kestrel Labs, Inc.", set()),
    ],
)
def test_issuer_subsidiaries_named_after_the_verb(text: str, expected: set[tuple[str, ...]]) -> None:
    _, subs = facts(text)
    assert subs == expected

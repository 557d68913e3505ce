"""Round 5, subsidiaries and acquirers (issue 12): a completed purchase of a company named with its
legal form makes it a subsidiary; "X, a Pennsylvania corporation which is an indirect wholly owned
subsidiary of Y"; "Y (Y), whose primary subsidiary is X" — and the near misses that stay silent.
Hand-made sentences only."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.acquisitions import AcquisitionExtractor
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.run import finalize_facts
from corpkg.extract.roles.subsidiaries import SubsidiaryExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"
ENTS = [("Orrin Holdings, Inc.", "ORG", "orrin"), ("the Company", "ORG", "orrin"),
        ("Kestrel Labs, Inc.", "ORG", "kestrel"), ("Kestrel", "ORG", "kestrel"),
        ("Tamsin Trust Company", "ORG", "tamsin"), ("Pell Partners LLC", "ORG", "pell"),
        ("Quay", "ORG", "quay"), ("Wren Corp.", "ORG", "wren"), ("Larch Capital Corp.", "ORG", "larch")]


def subs(text, ents=ENTS):
    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key=ISS))
    return facts_as_tuples(facts, ("owner", "owned"))


def acq_then_subs(text, ents=ENTS):
    facts = run_component(AcquisitionExtractor, text, ents, context=RoleContext(issuer_key=ISS))
    out = finalize_facts(facts)
    return (facts_as_tuples([f for f in out if f.role == "acquisition"], ("acquirer", "target")),
            facts_as_tuples([f for f in out if f.role == "subsidiary"], ("owner", "owned")))


@pytest.mark.parametrize(
    "text, expected_subs",
    [
        ("On March 3, 2021, Orrin Holdings, Inc. completed the acquisition of Kestrel Labs, Inc. for $1.2 billion.",
         {("orrin", "kestrel")}),
        ("In 2019 Orrin Holdings, Inc. acquired Pell Partners LLC for cash.", {("orrin", "pell")}),
        # a brand-like name without a legal form: an acquisition, no subsidiary claimed
        ("On May 1, 2020, Orrin Holdings, Inc. completed the acquisition of Quay.", set()),
        # pending: no subsidiary yet
        ("Orrin Holdings, Inc. agreed to acquire Kestrel Labs, Inc. for $400 million.", set()),
        # assets: no subsidiary
        ("Orrin Holdings, Inc. acquired substantially all of the assets of Kestrel Labs, Inc.", set()),
    ],
)
def test_completed_company_purchase_makes_a_subsidiary(text, expected_subs):
    acquisitions, subsidiaries = acq_then_subs(text)
    assert acquisitions, "the acquisition itself is still found"
    assert subsidiaries == expected_subs


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Trustee is Tamsin Trust Company (the \u201cTrustee\u201d), a Delaware corporation which is an indirect "
         "wholly owned subsidiary of Larch Capital Corp. (\u201cLarch\u201d).", {("larch", "tamsin")}),
        ("The sponsor is owned by Wren Corp., a Nevada corporation, which is in turn a wholly-owned subsidiary of "
         "Larch Capital Corp.", {("larch", "wren")}),
        ("Through a joint venture, the Company and a partner own Wren Corp. (Wren), whose primary subsidiary is "
         "Pell Partners LLC (PPL).", {("wren", "pell")}),
        # near misses: a description that is no subsidiary phrase, and "whose ... customer is"
        ("Tamsin Trust Company, a Delaware corporation which is a lender to Larch Capital Corp., signed.", set()),
        ("Wren Corp., whose largest customer is Pell Partners LLC, grew.", set()),
    ],
)
def test_subsidiary_descriptions(text, expected):
    assert subs(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("\u201cForeign Subsidiary\u201d means (a)(i) Pell Partners LLC (Ireland); (a)(ii) Wren Corp. (Chile); and (b) "
         "each other direct or indirect Subsidiary of Larch Capital Corp. organized outside the United States.",
         {("larch", "pell"), ("larch", "wren")}),
        ("\u201cExcluded Subsidiary\u201d means any Subsidiary of Larch Capital Corp. with assets below $1,000,000 "
         "(it being agreed that the Borrower has designated Pell Partners LLC and Wren Corp. as Excluded "
         "Subsidiaries).", {("larch", "pell"), ("larch", "wren")}),
        # no owner named: the issuer's
        ("\u201cMaterial Subsidiary\u201d means Tamsin Trust Company.", {("iss", "tamsin")}),
        # near misses: a definition naming no organization, "designated ... as Agent", a term not about subsidiaries
        ("\u201cExcluded Subsidiary\u201d means any Subsidiary of Larch Capital Corp. that is dormant.", set()),
        ("The Lenders have designated Pell Partners LLC as Administrative Agent under this Agreement.", set()),
        ("\u201cLender Affiliate\u201d means Pell Partners LLC and Wren Corp.", set()),
    ],
)
def test_defined_subsidiary_terms(text, expected):
    assert subs(text) == expected


def acq(text, ents=ENTS):
    facts = run_component(AcquisitionExtractor, text, ents, context=RoleContext(issuer_key=ISS))
    return facts_as_tuples(facts, ("acquirer", "target")), {dict(f.attributes).get("kind") for f in facts}


@pytest.mark.parametrize(
    "text, expected, kinds",
    [
        ("On March 1, 2020, Orrin Holdings, Inc. acquired 100% of the equity interests in Pell Partners LLC for cash.",
         {("orrin", "pell")}, {"company"}),
        ("Orrin Holdings, Inc. purchased all of the membership interests in Pell Partners LLC.", {("orrin", "pell")},
         {"company"}),
        ("In 1985 Orrin Holdings, Inc. acquired control of two regional carriers, Wren Corp. (Wren) and Tamsin Trust "
         "Company (Tamsin), under a plan of reorganization.", {("orrin", "wren"), ("orrin", "tamsin")}, {"control"}),
        ("Orrin Holdings, Inc. acquired control of Wren Corp. in 1999.", {("orrin", "wren")}, {"control"}),
        # a small stake "in" a company is no acquisition of it
        ("Orrin Holdings, Inc. acquired 10% of the equity interests in Pell Partners LLC.", set(), set()),
    ],
)
def test_stakes_in_and_control_of(text, expected, kinds):
    got, got_kinds = acq(text)
    assert got == expected
    assert got_kinds == kinds


def test_whole_stake_in_makes_a_subsidiary():
    _, subsidiaries = acq_then_subs("Orrin Holdings, Inc. acquired 100% of the equity interests in Pell Partners LLC.")
    assert subsidiaries == {("orrin", "pell")}


def test_merger_into_an_unnamed_subsidiary_is_a_pending_acquisition():
    text = ("Orrin Holdings, Inc. and Kestrel Labs, Inc. have entered into an Agreement and Plan of Merger pursuant to "
            "which Kestrel will merge with and into a newly formed wholly owned subsidiary of Orrin Holdings, Inc.")
    facts = run_component(AcquisitionExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))
    assert facts_as_tuples(facts, ("acquirer", "target")) == {("orrin", "kestrel")}
    assert {dict(f.attributes).get("status") for f in facts} == {"pending"}
    # "merged into Y" with Y named stays the merger rule's (no parent phrase): nothing new here
    text = "Kestrel Labs, Inc. merged with and into a subsidiary of its former lender."
    assert run_component(AcquisitionExtractor, text, ENTS, context=RoleContext(issuer_key=ISS)) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Orrin Holdings, Inc. acquired a 60% stake in Pell Partners LLC, giving it control of the company.",
         {("orrin", "pell")}),
        ("Orrin Holdings, Inc. acquired a 20% stake in Pell Partners LLC.", set()),
    ],
)
def test_stake_in(text, expected):
    assert acq(text)[0] == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Larch Capital Corp. conducts its business through Pell Partners LLC (the Operating Partnership), of which "
         "it is the sole general partner.", {("larch", "pell")}),
        ("We own our properties through Pell Partners LLC, of which the Company is the sole general partner.",
         {("iss", "pell")}),
        # "it" with no organization before: nobody to name
        ("Through Pell Partners LLC, of which it is the sole general partner, the fund invests.", set()),
    ],
)
def test_operating_partnership_general_partner(text, expected):
    assert subs(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # an object after a name is no apposition
        ("The Borrower shall report to Larch Capital Corp. all new Subsidiaries formed during the quarter.", set()),
        # while a comma or a copula still makes one
        ("Pell Partners LLC and Wren Corp., each a wholly owned subsidiary of Larch Capital Corp., signed.",
         {("larch", "pell"), ("larch", "wren")}),
        ("Pell Partners LLC and Wren Corp. are both subsidiaries of Larch Capital Corp.",
         {("larch", "pell"), ("larch", "wren")}),
    ],
)
def test_apposition_needs_a_comma_or_copula(text, expected):
    assert subs(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("On November 9, 2022, the Company formed Pell Partners LLC, a limited liability company in the State of "
         "Delaware, to hold the acquired real property.", {("orrin", "pell")}),
        ("In 2021 Larch Capital Corp. also established Wren Corp., a Nevada corporation, to run the stores.",
         {("larch", "wren")}),
        # near misses: a joint venture, a passive, no entity description
        ("Larch Capital Corp. formed Pell Partners LLC, a Delaware limited liability company, as a joint venture "
         "with Wren Corp.", set()),
        ("Pell Partners LLC was formed in 2019 by Larch Capital Corp. as a holding company.", set()),
        ("Larch Capital Corp. formed Wren Corp. with three partners.", set()),
    ],
)
def test_formed_entity(text, expected):
    ents = ENTS + [("the Company", "ORG", "orrin")]
    assert subs(text, ents) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("\u201cParent\u201d: each of Larch Capital Corp., Wren Corp. and any other direct or indirect parent of Pell "
         "Partners LLC and the Borrower.", {("larch", "pell"), ("wren", "pell")}),
        ("\u201cParent Entities\u201d means Larch Capital Corp. and each other parent company of Pell Partners LLC.",
         {("larch", "pell")}),
        # no "parent of": nothing
        ("\u201cParent\u201d means Larch Capital Corp., a Delaware corporation.", set()),
    ],
)
def test_defined_parent_terms(text, expected):
    assert subs(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("As of December 31, 2008, all the common stock of Pell Partners LLC was owned directly by Larch Capital Corp.",
         {("larch", "pell")}),
        ("Approximately 80% of the outstanding shares of Wren Corp. are held by Larch Capital Corp.", {("larch", "wren")}),
        # a minority, and stock of one company held by the public
        ("About 30% of the shares of Wren Corp. are held by Larch Capital Corp.", set()),
        ("All of the common stock of Wren Corp. was owned by its employees.", set()),
    ],
)
def test_stock_owned_by(text, expected):
    assert subs(text) == expected

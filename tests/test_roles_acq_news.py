"""Acquisitions told as news and in merger communications (issue 12): merger agreements whose
parties include a merger subsidiary (its parent acquires the other party), tender offers by a
merger subsidiary, a named company's possessive before "acquisition(s) of", stakes "in" a
company, divisions bought from a named seller, "to buy"."""

from __future__ import annotations

from corpkg.extract.roles.acquisitions import AcquisitionExtractor
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"

ENTS = [("Orrin Holdings, Inc.", "ORG", "orrin"), ("Orrin", "ORG", "orrin"), ("Parent", "ORG", "orrin"),
        ("Kestrel Labs Corp.", "ORG", "kestrel"), ("Kestrel", "ORG", "kestrel"),
        ("Larch Merger Sub, Inc.", "ORG", "sub"), ("Merger Sub", "ORG", "sub"),
        ("Tamsin Trust Company", "ORG", "tamsin"), ("Pell Partners LLC", "ORG", "pell"),
        ("Wren Acquisition Corp.", "ORG", "wren"), ("Quay Software Ltd.", "ORG", "quay")]


def run(text, ents=ENTS, issuer=ISS):
    return run_component(AcquisitionExtractor, text, ents, context=RoleContext(issuer_key=issuer))


def pairs(facts):
    return facts_as_tuples(facts, ("acquirer", "target"))


def kind(facts):
    return {dict(f.attributes).get("kind") for f in facts}


def test_agreement_among_parent_merger_sub_and_target():
    text = ("On March 2, 2024, Orrin Holdings, Inc. entered into an Agreement and Plan of Merger (the “Merger "
            "Agreement”) by and among Orrin, Larch Merger Sub, Inc., a Delaware corporation and a wholly owned "
            "subsidiary of Orrin, Kestrel Labs Corp., and Tamsin Trust Company, as escrow agent.")
    facts = run(text)
    assert pairs(facts) == {("orrin", "kestrel")}
    assert dict(facts[0].attributes)["status"] == "pending"


def test_parent_and_merger_sub_enter_into_an_agreement_with_the_target():
    text = ("Orrin Holdings, Inc. and Larch Merger Sub, Inc., a wholly owned subsidiary of Orrin, entered into a "
            "Merger Agreement with Kestrel Labs Corp.")
    assert pairs(run(text)) == {("orrin", "kestrel")}


def test_parties_before_among_are_not_parties_of_the_merger():
    text = ("This letter is delivered by Pell Partners LLC (the “Sponsor”) to Orrin Holdings, Inc. (“Parent”) under "
            "the Agreement and Plan of Merger dated today by and among Parent, Kestrel Labs Corp. and Larch Merger "
            "Sub, Inc., a Delaware corporation and wholly-owned subsidiary of Parent.")
    assert pairs(run(text)) == {("orrin", "kestrel")}


def test_an_acquisition_company_that_is_no_merger_subsidiary_is_a_party():
    # "Wren Acquisition Corp." is named like a merger subsidiary but nobody's subsidiary: no parent, no fact
    text = "The Merger Agreement, dated May 1, 2023, among Wren Acquisition Corp., Kestrel Labs Corp. and Pell Partners LLC."
    assert run(text) == []


def test_merger_with_a_defined_term_before_of():
    text = ("The waiting period expired for the proposed merger (the “Merger”) of Larch Merger Sub, Inc. (“Merger "
            "Sub”), a Delaware corporation and wholly owned subsidiary of Orrin Holdings, Inc. (“Parent”), with and "
            "into Kestrel Labs Corp., with Kestrel Labs Corp. surviving the Merger.")
    assert pairs(run(text)) == {("orrin", "kestrel")}


def test_tender_offer_by_a_merger_subsidiary_names_its_parent():
    text = ("Larch Merger Sub, Inc., a wholly owned subsidiary of Orrin Holdings, Inc., commenced a cash tender offer "
            "to purchase all outstanding shares of common stock of Kestrel Labs Corp.")
    assert pairs(run(text)) == {("orrin", "kestrel")}


def test_possessive_before_acquisitions_of_a_list():
    text = ("The proceeds will fund Orrin’s previously announced acquisitions of Kestrel Labs Corp. and Quay "
            "Software Ltd.")
    assert pairs(run(text)) == {("orrin", "kestrel"), ("orrin", "quay")}


def test_a_stake_in_a_company_and_a_division_of_a_seller():
    facts = run("Orrin Holdings, Inc. acquired a 65% interest in Kestrel Labs Corp. in 2019.")
    assert pairs(facts) == {("orrin", "kestrel")} and kind(facts) == {"control"}
    facts = run("Orrin Holdings, Inc. agreed to purchase the marine sensors division of Kestrel Labs Corp. for $40 million.")
    assert pairs(facts) == {("orrin", "kestrel")} and kind(facts) == {"assets"}


def test_agreed_to_buy():
    text = "Orrin Holdings, Inc. today announced that it agreed to buy Kestrel Labs Corp. for $400 million in cash."
    assert pairs(run(text)) == {("orrin", "kestrel")}


def test_agents_representatives_and_defined_terms_are_no_parties():
    text = ("Orrin Holdings, Inc. entered into an Agreement and Plan of Merger by and among Orrin, Larch Merger Sub, "
            "Inc., a wholly owned subsidiary of Orrin, Kestrel Labs Corp., with Kestrel Labs Corp. continuing as the "
            "surviving corporation (the “Quay Software Ltd.”), and Pell Partners LLC, serving as the representative "
            "of the Kestrel stockholders.")
    assert pairs(run(text)) == {("orrin", "kestrel")}


def run_form(text, form, ents=ENTS):
    return run_component(AcquisitionExtractor, text, ents, context=RoleContext(issuer_key="orrin", form_type=form))


def test_acquired_in_parentheses_in_the_issuers_report():
    text = ("We have included the results of Kestrel Labs Corp. (acquired March 2, 2019), Quay Software Ltd. and "
            "Pell Partners LLC (collectively acquired June 29, 2020) from their acquisition dates.")
    assert pairs(run_form(text, "10-K")) == {("orrin", "kestrel"), ("orrin", "quay"), ("orrin", "pell")}
    # a registration of someone else's agreement (an exhibit) says nothing of the issuer's deals
    assert run_form(text, "EX-10.1") == []


def test_a_named_acquisition_and_a_background_acquisition_in_the_issuers_report():
    assert pairs(run_form("Goodwill from the Kestrel Labs Corp. acquisition was tested for impairment.", "10-Q")) == \
        {("orrin", "kestrel")}
    text = "Charges include integration costs related to the acquisition of Quay Software Ltd. in 2021."
    assert pairs(run_form(text, "10-Q")) == {("orrin", "quay")}
    # no background cue: whose acquisition is not said
    assert run_form("The acquisition of Quay Software Ltd. was discussed by analysts.", "10-Q") == []
    # another owner's possessive before the name
    assert run_form("Pell Partners LLC’s Kestrel Labs Corp. acquisition closed.", "10-Q") == []


def test_assets_bought_from_a_named_seller():
    text = ("On December 2, 2023, Orrin Holdings, Inc. entered into an agreement to acquire a portfolio of natural gas "
            "storage assets from Pell Partners LLC for $1.9 billion.")
    facts = run(text)
    assert pairs(facts) == {("orrin", "pell")} and kind(facts) == {"assets"}


def test_a_stake_written_in_percent():
    facts = run("Orrin Holdings, Inc. purchased 80 percent of the outstanding shares of Kestrel Labs Corp.")
    assert pairs(facts) == {("orrin", "kestrel")} and kind(facts) == {"control"}


def test_a_capitalised_defined_acquisition_names_no_acquirer():
    assert run_form("Each additional pound offered for the Kestrel Labs Corp. Acquisition costs $1.5 billion.", "8-K") == []


def test_the_planned_acquisition_in_the_issuers_report_and_acquired_by_in_parentheses():
    text = "In anticipation of the planned acquisition of Kestrel Labs Corp., the Company replaced its credit facility."
    assert pairs(run_form(text, "8-K")) == {("orrin", "kestrel")}
    assert pairs(run("Its customers included Kestrel Labs Corp. (acquired by Pell Partners LLC) and others.")) == {("pell", "kestrel")}


def test_news_of_an_agreed_deal():
    text = ("Orrin Holdings, Inc. announced today that it has signed a definitive agreement to acquire Kestrel Labs "
            "Corp., a maker of sensors, in a transaction valued at approximately $400 million.")
    assert pairs(run(text)) == {("orrin", "kestrel")}
    text = "Upon completion of the transaction, Kestrel Labs Corp. will become a wholly owned subsidiary of Orrin Holdings, Inc."
    assert pairs(run(text)) == {("orrin", "kestrel")}
    text = "Orrin Holdings, Inc. will acquire all of the outstanding equity interests of Kestrel Labs Corp. from Pell Partners LLC."
    assert pairs(run(text)) == {("orrin", "kestrel")}


def test_the_counterparty_of_an_agreement_is_not_the_acquirer():
    text = "Orrin Holdings, Inc. entered into a Stock Purchase Agreement with Pell Partners LLC to acquire Kestrel Labs Corp."
    assert pairs(run(text)) == {("orrin", "kestrel")}


def test_merger_sub_merged_into_the_target_surviving_as_a_subsidiary_of_the_parent():
    text = ("Pursuant to the Merger Agreement, Larch Merger Sub, Inc. merged with and into Kestrel Labs Corp., with "
            "Kestrel Labs Corp. surviving as a wholly owned subsidiary of Orrin Holdings, Inc.")
    assert pairs(run(text)) == {("orrin", "kestrel")}

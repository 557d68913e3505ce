"""Acquisition rules of round 3: merger direction (survivor acquires; a subsidiary named after the
survivor's possessive; merger agreements "with X" tell no direction), sales of a business or of
assets (the seller company is the target), acquisitions made through a wholly owned subsidiary."""

from __future__ import annotations

from corpkg.extract.roles.acquisitions import AcquisitionExtractor
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"


def run(text, ents, ctx=None):  # evidence quotes are checked against the text
    return run_component(AcquisitionExtractor, text, ents, context=ctx or RoleContext(issuer_key=ISS))


def pairs(facts):
    return facts_as_tuples(facts, ("acquirer", "target"))


def attrs(facts, acquirer, target):
    for f in facts:
        if acquirer in f.participant("acquirer") and target in f.participant("target"):
            return dict(f.attributes)
    raise AssertionError(f"no fact {acquirer} -> {target}")


BANKS = [("Alpha Financial Corp.", "ORG", "alpha"), ("Alpha", "ORG", "alpha"), ("Beta Bancorp, Inc.", "ORG", "beta"),
         ("Beta", "ORG", "beta"), ("Alpha Bank, Inc.", "ORG", "alpha-bank"), ("Gamma Trust Company", "ORG", "gamma"),
         ("Beta Bank", "ORG", "beta-bank")]


def test_merger_agreement_with_a_partner_tells_no_direction_the_merge_clause_does():
    text = ("On March 29, 2021, Alpha Financial Corp. (“Alpha”) announced that it has entered into an Agreement and "
            "Plan of Merger (“Merger Agreement”) with Beta Bancorp, Inc. (“Beta”). The Merger Agreement calls for "
            "Alpha to merge into Beta and for Alpha’s wholly owned subsidiaries, Alpha Bank, Inc., and Gamma Trust "
            "Company, which combined operate 48 branches in Kentucky, Ohio and Virginia, to merge into Beta’s wholly "
            "owned subsidiary, Beta Bank.")
    facts = run(text, BANKS)
    assert pairs(facts) == {("beta", "alpha"), ("beta-bank", "alpha-bank"), ("beta-bank", "gamma")}
    assert attrs(facts, "beta", "alpha")["survivor"] == "beta"
    assert attrs(facts, "beta-bank", "gamma")["kind"] == "merger"
    assert attrs(facts, "beta-bank", "gamma")["survivor"] == "beta-bank"


def test_directionless_merger_agreement_alone_gives_no_fact():
    text = "On June 6, 2000, the registrant announced that it had entered into a definitive merger agreement with Beta Bank."
    assert run(text, [("Beta Bank", "ORG", "beta-bank")]) == []


def test_merger_into_the_parents_merger_subsidiary_the_parent_acquires():
    text = ("Kappa merged with and into the registrant's wholly-owned subsidiary, SW Acquisition, Inc., with SW "
            "Acquisition, Inc. being the surviving entity.")
    facts = run(text, [("Kappa", "ORG", "kappa"), ("SW Acquisition, Inc.", "ORG", "swa")])
    assert pairs(facts) == {(ISS, "kappa")}
    assert attrs(facts, ISS, "kappa")["survivor"] == "swa"


def test_subsidiaries_selling_assets_the_parent_company_is_the_target():
    text = ('On September 13, 1999, certain wholly-owned subsidiaries of Delta Health, Ltd. (collectively, the '
            '"Delta Group") sold certain assets involved in their diagnostic imaging line of business, including '
            'equipment and contract rights but excluding cash (the "Diagnostic Assets"), to Omega Imaging, L.C., and '
            'certain of its affiliates, for an aggregate purchase price of approximately $27,348,450 in cash.')
    facts = run(text, [("Delta Health, Ltd.", "ORG", "delta"), ("Delta Group", "ORG", "delta-group"),
                       ("Omega Imaging, L.C.", "ORG", "omega")])
    assert pairs(facts) == {("omega", "delta")}
    a = attrs(facts, "omega", "delta")
    assert a["kind"] == "assets" and a["date"] == "1999-09-13" and a["considerationAmount"] == "27348450"


def test_sale_of_the_issuers_division_to_a_buyer():
    text = ("On February 1, 2019, the Company issued a press release announcing the completion of the sale of its "
            "Document Imaging division to Kofax, Inc.")
    facts = run(text, [("Kofax, Inc.", "ORG", "kofax")])
    assert pairs(facts) == {("kofax", ISS)}
    assert attrs(facts, "kofax", ISS)["kind"] == "assets"


def test_assets_sold_to_customers_are_no_acquisition():
    text = "The Company sold certain assets related to its products to customers and paid Sigma Corp. a fee."
    assert run(text, [("Sigma Corp.", "ORG", "sigma")]) == []


def test_sold_its_subsidiary_to_a_buyer():
    text = "In 2004, Rho Holdings sold its wholly owned subsidiary, Tau Software, Inc., to Upsilon Corp."
    facts = run(text, [("Rho Holdings", "ORG", "rho"), ("Tau Software, Inc.", "ORG", "tau"), ("Upsilon Corp.", "ORG", "ups")])
    assert pairs(facts) == {("ups", "tau")}
    assert attrs(facts, "ups", "tau")["kind"] == "company"
    assert "rho" in next(iter(facts)).participant("seller")


def test_acquisition_by_a_wholly_owned_subsidiary_of_the_parent():
    text = ("Zeta Funding, Inc., a consumer receivable company, today reported the acquisition of Option Card, LLC by "
            "a wholly owned subsidiary of Zeta Funding, Inc.")
    facts = run(text, [("Zeta Funding, Inc.", "ORG", "zeta"), ("Option Card, LLC", "ORG", "oc")])
    assert pairs(facts) == {("zeta", "oc")}


def test_acquisition_by_one_of_its_subsidiaries_of_a_target():
    text = ("On March 8, 2005, Zeta Funding, Inc. issued a press release regarding the acquisition by one of its "
            "wholly owned subsidiaries of Option Card, LLC, a Denver-based debt buyer.")
    facts = run(text, [("Zeta Funding, Inc.", "ORG", "zeta"), ("Option Card, LLC", "ORG", "oc")])
    assert pairs(facts) == {("zeta", "oc")}


def test_a_wholly_owned_subsidiary_of_the_company_acquired():
    text = "On May 2, 2006, a wholly owned subsidiary of the Company acquired Psi Labs, Inc. for $4.0 million."
    facts = run(text, [("Psi Labs, Inc.", "ORG", "psi")])
    assert pairs(facts) == {(ISS, "psi")}


def test_acting_through_its_subsidiary_the_parent_acquires():
    text = ("On October 1, 2003, Chi Semiconductor Corporation, acting through its wholly-owned subsidiary Chi Sub, "
            "Inc., completed the acquisition of substantially all of the assets of Phi, LLC.")
    facts = run(text, [("Chi Semiconductor Corporation", "ORG", "chi"), ("Chi Sub, Inc.", "ORG", "chisub"),
                       ("Phi, LLC", "ORG", "phi")])
    assert pairs(facts) == {("chi", "phi")}
    assert attrs(facts, "chi", "phi")["kind"] == "assets"


def test_a_named_subsidiary_acquiring_stays_the_acquirer():
    text = "Chi Sub, Inc., a wholly owned subsidiary of the Company, acquired Phi, LLC on June 1, 2004."
    facts = run(text, [("Chi Sub, Inc.", "ORG", "chisub"), ("Phi, LLC", "ORG", "phi")])
    assert pairs(facts) == {("chisub", "phi")}

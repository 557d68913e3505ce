"""Narrative party lists of credit agreements (issue 11): a capacity printed after a group of
names holds for each name of the group ("B and C, as Lenders and Syndication Agents"), a
defined term names a group ("(collectively, the “Commitment Parties”)", "“Swingline Lender”
means A"), clauses joined by semicolons are one list, and an agent or arranger lends only when
its capacity says so.  Sentences are made up, not copied from filings."""

from __future__ import annotations

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.lenders import LenderExtractor
from corpkg.extract.roles.testing import run_component

ISS = "iss"


def run(text, ents):
    return run_component(LenderExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=3)


def slots(facts, slot):
    return {k for f in facts for k in f.participant(slot)}


SYNDICATE = (
    "The Amended Credit Agreement was entered into among Harlow Mills Corp., as a Borrower; Ridge Bank, National "
    "Association, as a Lender, the Swingline Lender and Administrative Agent; Oakmont Bank, N.A. and Pell Trust "
    "Company, as Lenders and Syndication Agents; Dunmore Bank and Fairview Savings Bank, as Lenders; and Quarry "
    "Bank, as Documentation Agent."
)
SYNDICATE_ENTS = [("Harlow Mills Corp.", "ORG", "hm"), ("Ridge Bank, National Association", "ORG", "ridge"),
                  ("Oakmont Bank, N.A.", "ORG", "oak"), ("Pell Trust Company", "ORG", "pell"),
                  ("Dunmore Bank", "ORG", "dun"), ("Fairview Savings Bank", "ORG", "fair"), ("Quarry Bank", "ORG", "q")]


def test_semicolon_party_list_gives_each_group_its_capacity():
    facts = run(SYNDICATE, SYNDICATE_ENTS)
    assert slots(facts, "lender") == {"ridge", "oak", "pell", "dun", "fair"}
    assert slots(facts, "borrower") == {"hm"}  # a subsidiary borrower named "as a Borrower", not the issuer
    assert slots(facts, "agent") == {"ridge", "oak", "pell", "q"}  # Quarry Bank is only an agent


def test_commitment_parties_lend():
    text = ("In connection with the merger, the Company entered into a commitment letter, dated as of May 2, 2019, with "
            "Alder Bank, N.A., Birch Securities LLC and its lending affiliate, Birch Capital Inc., and Cedar Bank plc "
            "(collectively, the “Commitment Parties”), pursuant to which the Commitment Parties committed to provide a "
            "$2 billion bridge loan facility.")
    ents = [("Alder Bank, N.A.", "ORG", "alder"), ("Birch Securities LLC", "ORG", "bs"),
            ("Birch Capital Inc.", "ORG", "bc"), ("Cedar Bank plc", "ORG", "cedar")]
    (f,) = run(text, ents)
    assert set(f.participant("lender")) == {"alder", "bs", "bc", "cedar"} and f.participant("borrower") == [ISS]


def test_arrangers_have_their_own_slot_and_banks_lend():
    text = ("The Company received a commitment letter from Elm Capital Markets Inc. and Fir Securities LLC as arrangers, "
            "and from Elm Bank, N.A. and Fir Lending Corp., as banks, for a $300 million term loan.")
    ents = [("Elm Capital Markets Inc.", "ORG", "ecm"), ("Fir Securities LLC", "ORG", "fs"),
            ("Elm Bank, N.A.", "ORG", "eb"), ("Fir Lending Corp.", "ORG", "fl")]
    facts = run(text, ents)
    assert slots(facts, "lender") == {"eb", "fl"}
    assert slots(facts, "arranger") == {"ecm", "fs"} and not slots(facts, "agent")


def test_equity_commitment_letter_is_no_loan():
    text = "Parent delivered an equity commitment letter from Spruce Partners Fund IV, L.P. to fund the merger."
    assert run(text, [("Spruce Partners Fund IV, L.P.", "ORG", "sp")]) == []


def test_defined_lender_term_names_its_lenders():
    text = "“Existing Lenders” means Maple Bank, National Association and Cherry Savings Bank, together with their assigns."
    facts = run(text, [("Maple Bank, National Association", "ORG", "mb"), ("Cherry Savings Bank", "ORG", "cs")])
    assert slots(facts, "lender") == {"mb", "cs"}


def test_defined_agent_term_is_no_lender():
    text = "“Administrative Agent” means Maple Bank, National Association, in its capacity as administrative agent."
    assert run(text, [("Maple Bank, National Association", "ORG", "mb")]) == []


def test_rights_agent_is_no_credit_agent():
    text = ("10.1 Credit Agreement between the Company and Linden Bank, N.A. 4.1 Rights Agreement between the Company and "
            "Aspen Stock Transfer Company, as Rights Agent")
    facts = run(text, [("Linden Bank, N.A.", "ORG", "lb"), ("Aspen Stock Transfer Company", "ORG", "ast")])
    assert slots(facts, "lender") == {"lb"} and "ast" not in slots(facts, "agent")


def test_agent_for_the_lenders_is_no_lender():
    text = ("The Credit Agreement is among the Company, the banks listed therein and Birchwood Bank, N.A., as agent for "
            "the Lenders, providing a $90 million revolving credit facility.")
    facts = run(text, [("Birchwood Bank, N.A.", "ORG", "bb")])
    assert slots(facts, "lender") == set()


def test_a_list_begun_by_an_unrecognised_name_still_lends():
    text = ("On May 2, 2008, the Company received a commitment letter from Hollis, Tamarack Investment Bank and "
            "Juniper Credit AG for a $90 million term loan.")
    facts = run(text, [("Tamarack Investment Bank", "ORG", "tib"), ("Juniper Credit AG", "ORG", "jc")])
    assert slots(facts, "lender") == {"tib", "jc"}


def test_a_customer_list_is_no_lender_list():
    text = "We sell to Hollis, Tamarack Stores and Juniper Foods under a credit agreement with Birch Bank."
    facts = run(text, [("Tamarack Stores", "ORG", "ts"), ("Juniper Foods", "ORG", "jf"), ("Birch Bank", "ORG", "bb")])
    assert slots(facts, "lender") == {"bb"}


def test_a_capacity_misread_as_a_name_still_gives_the_group_its_capacity():
    # a recogniser that takes "Departing Lender" for an organization must not break the group
    text = ("The Credit Agreement was entered into among the Company, as Borrower; Alder Bank, as a Lender; and Birch "
            "Bank, N.A. and Cedar Bank, each as a Departing Lender.")
    ents = [("Alder Bank", "ORG", "alder"), ("Birch Bank, N.A.", "ORG", "birch"), ("Cedar Bank", "ORG", "cedar"),
            ("Departing Lender", "ORG", "dl")]
    assert slots(run(text, ents), "lender") == {"alder", "birch", "cedar"}


def test_unnamed_lenders_after_a_guarantor_do_not_make_it_lend():
    text = ("LOAN AND SECURITY AGREEMENT by and among ELM OPCO, LLC, as Borrower, ELM HOLDCO, LLC, as Holdco Guarantor, "
            "THE PERSONS FROM TIME TO TIME PARTY HERETO, as Lenders, and SPRUCE FINANCIAL TRUST, as Administrative Agent")
    ents = [("ELM OPCO, LLC", "ORG", "opco"), ("ELM HOLDCO, LLC", "ORG", "holdco"), ("Holdco Guarantor", "ORG", "hg"),
            ("SPRUCE FINANCIAL TRUST", "ORG", "spruce")]
    assert "holdco" not in slots(run(text, ents), "lender")

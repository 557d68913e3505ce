"""Ninth session: agreement styles found by writing loan agreements and 8-K lending items the way they
are commonly drafted, about invented parties (a numbered party list whose first party has an address, a
lender who is an individual "residing in" a place, an acronym of a lender in the party list, a loan
"in the amount of $X from" a bank)."""

from __future__ import annotations

import sys
from pathlib import Path

from corpkg.extract.model import Extraction
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing

sys.path.insert(0, str(Path(__file__).parent))
from role_helpers import HOC, extract_body


def _credit(ex: Extraction) -> list[tuple[frozenset[str], frozenset[str], frozenset[str]]]:
    lab = {e.key: e.label for e in ex.entities}
    return [(frozenset(lab[k] for k in f.participant("lender")), frozenset(lab[k] for k in f.participant("borrower")),
             frozenset(lab[k] for k in f.participant("agent"))) for f in ex.facts if f.role == "credit"]


def _standalone(nlp, tmp_path: Path, text: str) -> Extraction:
    path = tmp_path / "ex10.txt"
    path.write_text(text)
    return extract_filing(read_filing(path), nlp=nlp)


NUMBERED = """Loan Agreement

This Loan Agreement (this “Agreement”) is made and entered into by and between the parties listed below as of the 12th day of March, 2011 in Shanghai:

(1) Harborline Network Technology Co., Ltd. (“Lender”), a wholly foreign-owned enterprise duly organized and existing under the laws of the People’s Republic of China (“PRC”) with its address at 88 Century Avenue, Pudong, Shanghai;

(2) Wen Qiao (“Borrower”), a citizen of China with Chinese identification No.: 310108196508312355.

Each of Lender and Borrower shall be hereinafter referred to as a “Party”.

1.1 Lender agrees to provide a loan in the amount of RMB5,000,000 (the “Loan”) to Borrower.
"""


def test_numbered_parties_after_an_address_and_a_country_defined_in_passing(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, NUMBERED)
    issuer = [e.label for e in ex.entities if e.is_issuer]
    assert issuer == ["Harborline Network Technology Co., Ltd."]  # the company lending to a person files it
    assert (frozenset({"Harborline Network Technology Co., Ltd."}), frozenset({"Wen Qiao"}), frozenset()) in _credit(ex)
    assert not any("Republic" in e.label for e in ex.entities if e.is_issuer)


INDIVIDUAL_LENDER = """LOAN AGREEMENT

THIS LOAN AGREEMENT (this "Agreement") is made as of June 15, 2019, by and between Redwater Biologics, Inc., a Delaware corporation (the "Borrower"), and Helen Marsh, an individual residing in Austin, Texas (the "Lender").

WHEREAS, the Borrower desires to borrow from the Lender the sum of $1,000,000.
"""


def test_an_individual_residing_in_a_place_takes_the_term_after_the_place(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, INDIVIDUAL_LENDER)
    assert (frozenset({"Helen Marsh"}), frozenset({"Redwater Biologics, Inc."}), frozenset()) in _credit(ex)


ACRONYM = """LOAN AND SECURITY AGREEMENT

THIS LOAN AND SECURITY AGREEMENT (this "Agreement") dated as of May 4, 2012 among NORTHGATE VALLEY BANK, a California corporation (the "Agent"), the Lenders listed on Schedule 1.1 hereto, including without limitation NVB and ORCHARD VENTURE LENDING 05, L.P. ("Orchard"), and TALLIS SYSTEMS, INC., a Delaware corporation ("Borrower"), provides the terms on which Lenders shall lend to Borrower.

1. LOAN. Lenders agree to lend to Borrower term loans of up to $10,000,000.
"""


def test_an_acronym_in_the_party_list_is_the_organization_it_spells(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, ACRONYM)
    assert not any(e.label == "NVB" for e in ex.entities)
    facts = _credit(ex)
    assert len(facts) == 1
    lenders, borrowers, agents = facts[0]
    assert "NORTHGATE VALLEY BANK" in {x.upper() for x in lenders} and "NORTHGATE VALLEY BANK" in {x.upper() for x in agents}
    assert {x.upper() for x in borrowers} == {"TALLIS SYSTEMS, INC."}


def test_an_acronym_two_organizations_spell_stays_unresolved(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, ACRONYM.replace("TALLIS SYSTEMS, INC.", "NORTHERN VENTURE BUILDERS, INC."))
    labels = {e.label.upper() for e in ex.entities}
    assert "NVB" in labels  # neither of the two it spells takes it


def test_a_loan_in_the_amount_of_money_from_a_bank(nlp, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, "Item 2.03 Creation of a Direct Financial Obligation.\n\nOn April 20, 2020, the "
                      "Company received a loan in the amount of $221,500 from Cross Harbor Bank under the Paycheck "
                      "Protection Program administered by the U.S. Small Business Administration.\n")
    assert (frozenset({"Cross Harbor Bank"}), frozenset({HOC}), frozenset()) in _credit(ex)


def test_other_words_before_from_make_no_lender(nlp, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, "Item 8.01 Other Events.\n\nNo Credit Party will use confidential information "
                      "obtained from Marlow Analytics Inc. in connection with the transactions.\n")
    assert _credit(ex) == []


def _body(nlp, tmp_path: Path, *sentences: str) -> Extraction:
    return extract_body(nlp, tmp_path, "Item 8.01 Other Events.\n\n" + "\n\n".join(sentences) + "\n")


def test_an_agent_beside_a_syndicate_of_lenders_is_no_lender(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path, "On August 2, 2017, the Company entered into a credit agreement with Keystone Bank, as "
               "administrative agent, and a syndicate of lenders, which provides for a $200 million revolving credit "
               "facility.")
    assert (frozenset(), frozenset({HOC}), frozenset({"Keystone Bank"})) in _credit(ex)
    ex = _body(nlp, tmp_path, "On August 3, 2017, the Company entered into a credit agreement with Keystar Bank, as "
               "administrative agent, and a group of banks.")
    assert (frozenset(), frozenset({HOC}), frozenset({"Keystar Bank"})) in _credit(ex)


def test_an_agent_that_says_it_lends_beside_a_syndicate_still_lends(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path, "On August 4, 2017, the Company entered into a credit agreement with Keyport Bank, as "
               "administrative agent and a lender, and a syndicate of other lenders.")
    assert (frozenset({"Keyport Bank"}), frozenset({HOC}), frozenset({"Keyport Bank"})) in _credit(ex)


def test_facilities_named_without_a_credit_word(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path,
               "Our subsidiary, Quarry Mining LLC, has a $5 million equipment financing facility with Caterpillar "
               "Financial Services Corporation.",
               "The Company maintains a CAD 10 million operating line with the Royal Bank of Canada.",
               "Our dealerships finance new vehicle inventory under a floor plan facility with Ally Bank.")
    facts = {(lenders, borrowers) for lenders, borrowers, _ in _credit(ex)}
    assert (frozenset({"Caterpillar Financial Services Corporation"}), frozenset({"Quarry Mining LLC"})) in facts
    assert (frozenset({"Royal Bank of Canada"}), frozenset({HOC})) in facts
    assert (frozenset({"Ally Bank"}), frozenset({HOC})) in facts


def test_notes_and_loans_payable_to_a_lender(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path,
               "Note payable to First Interstate Bank, due in monthly installments of $5,000 including interest at "
               "6%, secured by equipment.",
               "Mortgage note payable to Northwestern Mutual Life Insurance Company, 5.5%, due 2030, secured by real "
               "estate.",
               "The Company has loans payable to Hanmi Bank of $2.3 million.")
    facts = {(lenders, borrowers) for lenders, borrowers, _ in _credit(ex)}
    for lender in ("First Interstate Bank", "Northwestern Mutual Life Insurance Company", "Hanmi Bank"):
        assert (frozenset({lender}), frozenset({HOC})) in facts
    amounts = {dict(f.attributes).get("amount") for f in ex.facts if f.role == "credit"}
    assert "5000" not in amounts  # an installment is no facility amount
    assert "2300000" in amounts


def test_amounts_payable_to_others_are_no_loans(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path, "Accounts payable to Marlow Analytics Inc. were $40,000 at year end.",
               "Royalties payable to Dunmore Pharma Ltd. increased.")
    assert _credit(ex) == []


def _sides(ex: Extraction) -> set[tuple[str, str]]:
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[k], side) for f in ex.facts if f.role == "proceeding" for side in ("plaintiff", "defendant")
            for k in f.participant(side)}


def test_parties_set_off_by_commas_after_their_side_word(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path, "The plaintiffs, Joan Doe and Peter Roe, allege that the Company violated federal "
               "securities laws.", "The defendants, Acme Supply Co. and Rivet Works LLC, moved to dismiss the "
               "complaint.")
    assert {("Joan Doe", "plaintiff"), ("Peter Roe", "plaintiff"), ("Acme Supply Co.", "defendant"),
            ("Rivet Works LLC", "defendant")} <= _sides(ex)


def test_a_suit_filed_by_a_holder_against_unnamed_insiders(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path, "On July 9, 2021, a shareholder derivative complaint was filed by Alan Moss on behalf "
               "of the Company against each of the members of its Board of Directors.")
    assert ("Alan Moss", "plaintiff") in _sides(ex)


def test_an_indemnity_against_claims_brought_by_a_party_is_no_suit(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path, "The Company shall indemnify each Lender against any claim brought by Marlow "
               "Analytics Inc. against any Indemnitee.")
    assert _sides(ex) == set()


def test_a_bank_named_by_two_ordinals(nlp, tmp_path: Path) -> None:
    ex = _body(nlp, tmp_path, "The Company’s $100 million senior secured credit facility is provided by a group of "
               "banks led by Fifth Third Bank.")
    assert (frozenset({"Fifth Third Bank"}), frozenset({HOC}), frozenset()) in _credit(ex)

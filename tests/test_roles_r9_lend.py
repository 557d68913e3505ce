"""Borrowers of a credit facility, fifth session (issue 11): co-borrowers of a narrative party list,
a short name inside the list, and a subsidiary's defined term printed after its parent.  Hand-made
sentences, each with a near miss."""

from __future__ import annotations

from corpkg.extract.model import Fact
from corpkg.extract.reader import read_text
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.lenders import LenderExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "tamsin-corp"
ENTS = [
    ("Tamsin Corp.", "ORG", ISS),
    ("Tamsin Finance LLC", "ORG"),
    ("Tamsin Realty LLC", "ORG"),
    ("Tamsin Holdings LLC", "ORG"),
    ("Larkspur Bank, N.A.", "ORG"),
    ("Oakhurst Bank", "ORG"),
    ("Brindle Capital Inc.", "ORG"),
]


def _facts(text: str) -> list[Fact]:
    return run_component(LenderExtractor, text, ENTS, context=RoleContext(issuer_key=ISS))


def _borrowers(text: str) -> set[str]:
    return {k for f in _facts(text) for k in f.participant("borrower")}


def test_every_borrower_of_a_party_list_borrows() -> None:
    text = ("On June 2, 2025, the Company and Tamsin Finance LLC, as borrowers, entered into a Loan Agreement "
            "with Larkspur Bank, N.A., as lender.")
    assert facts_as_tuples(_facts(text), ("lender", "borrower")) == {
        ("larkspur-bank-n-a", ISS), ("larkspur-bank-n-a", "tamsin-finance-llc")}


def test_a_co_borrower_with_unnamed_lenders_joins_the_agent_fact() -> None:
    text = ("On June 2, 2025, the Company entered into a Credit Agreement among the Company, as borrower, "
            "Tamsin Finance LLC, as co-borrower, the lenders party thereto and Larkspur Bank, N.A., as "
            "administrative agent.")
    (f,) = _facts(text)
    assert set(f.participant("borrower")) == {ISS, "tamsin-finance-llc"}
    assert list(f.participant("agent")) == ["larkspur-bank-n-a"]
    assert not f.participant("lender")


def test_a_guarantor_of_the_list_is_no_co_borrower() -> None:
    text = ("On June 2, 2025, the Company entered into a Loan Agreement among the Company, as borrower, "
            "Tamsin Finance LLC, as guarantor, and Larkspur Bank, N.A., as lender.")
    assert _borrowers(text) == {ISS}


def test_a_short_name_defined_inside_the_list_keeps_the_group() -> None:
    text = ("The Loan Agreement is among Tamsin Corp. (the “Company”), Tamsin Finance LLC and Tamsin Realty "
            "LLC, as borrowers, and Larkspur Bank, N.A. and Oakhurst Bank, as lenders.")
    assert _borrowers(text) == {ISS, "tamsin-finance-llc", "tamsin-realty-llc"}
    lenders = {k for f in _facts(text) for k in f.participant("lender")}
    assert lenders == {"larkspur-bank-n-a", "oakhurst-bank"}


def test_a_defined_capacity_still_closes_the_group() -> None:
    # "(the “Borrower”)" is a capacity: only the name before it borrows, not the names listed after it
    text = ("The Loan Agreement is among Tamsin Finance LLC (the “Borrower”), Tamsin Realty LLC and "
            "Tamsin Holdings LLC, as guarantors, and Larkspur Bank, N.A., as lender.")
    assert _borrowers(text) == {"tamsin-finance-llc"}


def test_the_term_after_a_subsidiary_apposition_belongs_to_the_subsidiary() -> None:
    text = ("On June 2, 2025, Tamsin Holdings LLC, a wholly-owned subsidiary of the Company (the “Borrower”), "
            "entered into a term loan agreement with Oakhurst Bank.")
    assert facts_as_tuples(_facts(text), ("lender", "borrower")) == {("oakhurst-bank", "tamsin-holdings-llc")}


def test_the_term_after_a_parent_that_is_no_apposition_stays_with_the_parent() -> None:
    # "a customer of", not "a subsidiary of": the term is the issuer's own
    text = ("On June 2, 2025, Tamsin Holdings LLC, a customer of the Company (the “Borrower”), was named in a "
            "term loan agreement with Oakhurst Bank.")
    pairs = facts_as_tuples(_facts(text), ("lender", "borrower"))
    assert ("oakhurst-bank", ISS) in pairs
    assert ("oakhurst-bank", "tamsin-holdings-llc") not in pairs


def test_the_issuer_referred_to_as_we_borrows_from_its_bank() -> None:
    text = "We have a revolving credit facility with Larkspur Bank, N.A. that matures in 2028."
    assert facts_as_tuples(_facts(text), ("lender", "borrower")) == {("larkspur-bank-n-a", ISS)}


PREAMBLE = """Exhibit 10.1

LOAN AGREEMENT

This LOAN AGREEMENT, dated as of April 7, 2025 (the “Agreement”), is by and among WILLOWMERE SOLAR LLC, a Delaware limited liability company, having its principal place of business at 410 North Harbor Plaza, Suite 200, Tulsa, Oklahoma 74103 (the “Borrower”), and GRANITE POINT BANK, N.A., a national banking association, as lender (the “Lender”).

1. Loans. The Lender agrees to make loans to the Borrower.
"""


def _parties(text: str) -> list[tuple[str, str]]:
    (ag,) = read_text(text.encode(), "ex10-1.txt").agreements
    return [(p.name, p.capacity) for p in ag.parties]


def test_an_address_in_a_preamble_is_no_party() -> None:
    parties = _parties(PREAMBLE)
    assert ("WILLOWMERE SOLAR LLC", "borrower") in parties
    assert ("GRANITE POINT BANK, N.A.", "lender") in parties
    names = [n for n, _ in parties]
    assert not any("74103" in n or n.startswith("Suite") or "Harbor Plaza" in n for n in names), names


def test_a_name_with_a_number_is_still_a_party() -> None:
    text = PREAMBLE.replace("GRANITE POINT BANK, N.A., a national banking association",
                            "GRANITE POINT FUND 2025-1, LLC, a Delaware limited liability company")
    assert ("GRANITE POINT FUND 2025-1, LLC", "lender") in _parties(text)


def test_a_name_after_a_preposition_does_not_borrow_the_subject_does() -> None:
    text = ("To fund the acquisition of Brindle Capital Inc., we entered into a term loan agreement with "
            "Oakhurst Bank.")
    assert facts_as_tuples(_facts(text), ("lender", "borrower")) == {("oakhurst-bank", ISS)}


def test_a_named_subject_borrows_even_with_an_issuer_possessive_in_its_apposition() -> None:
    # "our" here qualifies "customer", not the facility: the customer borrows
    text = "Brindle Capital Inc., our largest customer, has a revolving credit facility with Oakhurst Bank."
    assert facts_as_tuples(_facts(text), ("lender", "borrower")) == {("oakhurst-bank", "brindle-capital-inc")}


def test_a_subsidiary_before_its_parent_reference_still_borrows() -> None:
    text = ("Tamsin Realty LLC, a subsidiary of the Company, entered into a line of credit with Oakhurst "
            "Bank.")
    assert facts_as_tuples(_facts(text), ("lender", "borrower")) == {("oakhurst-bank", "tamsin-realty-llc")}


AGENT_ENTS = [*ENTS, ("Larkspur", "ORG", "larkspur-bank-n-a"), ("Quarry Securities LLC", "ORG")]


def _agent_facts(text: str) -> list[Fact]:
    return run_component(LenderExtractor, text, AGENT_ENTS, context=RoleContext(issuer_key=ISS))


def test_a_capacity_after_a_short_name_is_the_name_s() -> None:
    text = ("On May 9, 2025, the Company entered into a credit agreement with the lenders party thereto and "
            "Larkspur Bank, N.A. (“Larkspur”), as administrative agent.")
    (f,) = _agent_facts(text)
    assert list(f.participant("agent")) == ["larkspur-bank-n-a"]
    assert list(f.participant("borrower")) == [ISS]


def test_a_group_capacity_after_a_short_name() -> None:
    text = ("On May 9, 2025, the Company entered into a revolving credit agreement with Larkspur Bank, N.A. "
            "(“Larkspur”), as administrative agent, Larkspur and Quarry Securities LLC, as joint lead "
            "arrangers, and the lenders party thereto.")
    (f,) = _agent_facts(text)
    assert list(f.participant("agent")) == ["larkspur-bank-n-a"]
    assert set(f.participant("arranger")) == {"larkspur-bank-n-a", "quarry-securities-llc"}


def test_a_short_name_that_is_a_capacity_stays_the_term() -> None:
    text = ("On May 9, 2025, the Company entered into a credit agreement with the lenders party thereto and "
            "Larkspur Bank, N.A. (the “Administrative Agent”).")
    (f,) = _agent_facts(text)
    assert list(f.participant("agent")) == ["larkspur-bank-n-a"]

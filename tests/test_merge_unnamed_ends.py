"""merge_facts: a fact with an end of its primary edge unnamed (a facility "with the lenders party
thereto") is one fact with another only when all their parties are the same; facts with both ends
named still merge by those ends alone.  Keys and quotes are made up."""

from __future__ import annotations

from corpkg.extract.model import Evidence, Fact
from corpkg.extract.roles.common import merge_facts


def credit(*parts: tuple[str, str], quote: str) -> Fact:
    return Fact(role="credit", participants=parts, attributes=(), evidence=(Evidence(quote, 0, len(quote)),))


def test_two_agents_facilities_of_one_borrower_stay_apart():
    term = credit(("borrower", "acme"), ("agent", "bank-a"), quote="a term loan with Bank A, as agent")
    revolver = credit(("borrower", "acme"), ("agent", "bank-b"), quote="a revolver with Bank B, as agent")
    merged = merge_facts([term, revolver])
    assert len(merged) == 2
    assert {tuple(f.participant("agent")) for f in merged} == {("bank-a",), ("bank-b",)}


def test_the_same_unnamed_lender_facility_told_twice_is_one_fact():
    first = credit(("borrower", "acme"), ("agent", "bank-a"), quote="the Credit Agreement with Bank A, as agent")
    again = credit(("borrower", "acme"), ("agent", "bank-a"), quote="Exhibit 10.1 Credit Agreement among Acme and Bank A")
    merged = merge_facts([first, again])
    assert len(merged) == 1 and len(merged[0].evidence) == 2


def test_named_lender_and_borrower_still_merge_whatever_else_is_named():
    a = credit(("lender", "bank-a"), ("borrower", "acme"), quote="Bank A lent to Acme")
    b = credit(("lender", "bank-a"), ("borrower", "acme"), ("agent", "bank-c"), quote="Bank A, with Bank C as agent")
    merged = merge_facts([a, b])
    assert len(merged) == 1 and list(merged[0].participant("agent")) == ["bank-c"]

"""A credit document's parent company owns its borrowers: the party defined as "Holdings" or
"Parent", or, without one, the filer that guarantees and does not borrow; subsidiary guarantors
belong to that parent. Near misses stay silent: a guarantor that is not the filer, or a filer that
borrows beside a guarantor (the guarantor may be its parent, not its subsidiary)."""

from __future__ import annotations

from corpkg.extract.names import name_key
from corpkg.extract.reader import read_text
from corpkg.extract.roles.agreements import agreement_facts

HOLDINGS = """CREDIT AGREEMENT

This CREDIT AGREEMENT, dated as of March 3, 2021, is entered into among Harbor Tools Holdings, Inc., a Delaware corporation ("Holdings"), Harbor Tools Operating LLC, a Delaware limited liability company (the "Borrower"), the Lenders party hereto and First Lakeshore Bank, N.A., as Administrative Agent.
"""

GUARANTOR = """LOAN AGREEMENT

This LOAN AGREEMENT, dated as of May 1, 2022, is made among Cedar Foundry, Inc., a Delaware corporation, as Borrower, Cedar Technologies, Inc., a Delaware corporation, as Guarantor, and Westbrook Capital LLC, as Lender.
"""

SUBSIDIARY_GUARANTORS = """CREDIT AGREEMENT

This CREDIT AGREEMENT, dated as of June 9, 2020, is made among Birch Drilling Inc., a Delaware corporation, as Borrower, Birch Drilling North Sea Inc., a Delaware corporation, as Subsidiary Guarantor, and Old Harbor Bank, as Lender.
"""


def owned(text: str, filer: str | None) -> set[tuple[str, str]]:
    doc = read_text(text.encode(), "ex10.txt")
    facts = [f for ag in doc.agreements
             for f in agreement_facts(doc, ag, lambda name, kind, ev: name_key(name), filer and name_key(filer))]
    return {(dict(f.participants)["owner"], dict(f.participants)["owned"]) for f in facts if f.role == "subsidiary"}


def test_holdings_owns_the_borrower_whoever_files():
    pair = (name_key("Harbor Tools Holdings, Inc."), name_key("Harbor Tools Operating LLC"))
    assert owned(HOLDINGS, None) == {pair}
    assert owned(HOLDINGS, "Harbor Tools Operating LLC") == {pair}


def test_a_filer_that_guarantees_owns_the_borrower():
    assert owned(GUARANTOR, "Cedar Technologies, Inc.") == {(name_key("Cedar Technologies, Inc."), name_key("Cedar Foundry, Inc."))}


def test_a_guarantor_that_does_not_file_or_a_filer_that_borrows_owns_nothing():
    assert owned(GUARANTOR, None) == set()
    assert owned(GUARANTOR, "Cedar Foundry, Inc.") == set()
    assert owned(GUARANTOR, "Westbrook Capital LLC") == set()


def test_subsidiary_guarantors_belong_to_the_filer_that_borrows():
    assert owned(SUBSIDIARY_GUARANTORS, "Birch Drilling Inc.") == {
        (name_key("Birch Drilling Inc."), name_key("Birch Drilling North Sea Inc."))}
    assert owned(SUBSIDIARY_GUARANTORS, None) == set()

"""Party lists of agreements (issue 11), fourteenth session: a cover page's names joined by an 'and' alone
on its line share a plural capacity of the obligors' side ('as Borrowers') but not a singular one ('as
Agent'); a postal address after a party ('whose address is 1801 …', or a bare '600 East Hopkins Avenue,
Aspen, Colorado 81611') is no party, and the defined term after its ZIP code is the party's. Made up,
not copied from filings."""

from __future__ import annotations

from corpkg.extract.agreements import _parties


def parties(text: str) -> dict[str, str]:
    return {p.name: p.capacity for p in _parties(text, 0, len(text))}


COVER_BORROWERS = """
                  HARLOW VALVE & FITTING COMPANY

                                  and

                        HVF MANUFACTURING, INC.,
                             as Borrowers,

                     THE LENDERS NAMED HEREIN,
"""

COVER_AGENT = """
                  THE LENDERS FROM TIME TO TIME PARTY HERETO

                                  and

                        MARROW BANK, N.A.,
                             as Administrative Agent
"""


def test_an_and_alone_on_its_line_joins_names_that_share_a_plural_capacity():
    got = parties(COVER_BORROWERS)
    assert got["HARLOW VALVE & FITTING COMPANY"] == "borrower" and got["HVF MANUFACTURING, INC."] == "borrower"


def test_a_singular_capacity_after_an_and_alone_is_the_last_names_only():
    got = parties(COVER_AGENT)
    assert got == {"MARROW BANK, N.A.": "administrative agent"}  # no "TIME TO TIME PARTY HERETO" party


def test_addresses_are_no_parties_and_the_term_after_the_zip_code_is_the_partys():
    text = ("KESWICK LODGING GROUP, INC., a Colorado corporation whose address is 1801 Wynkoop Street, Suite 410, "
            "Denver, Colorado 80202 (“Borrower”); and ALDER BANK, a Colorado banking corporation, 600 East Hopkins "
            "Avenue, Aspen, Colorado 81611 (“Lender”).")
    got = parties(text)
    assert got == {"KESWICK LODGING GROUP, INC.": "borrower", "ALDER BANK": "lender"}


def test_a_public_lender_is_an_organization_by_its_full_name():
    from corpkg.extract.nlp import COMPONENT, build_pipeline

    comp = build_pipeline().get_pipe(COMPONENT)
    found = {c.text for c in comp.analyse("Keswick Canada obtained a term loan from Business Development Bank of "
                                          "Canada and a guarantee from Export Development Canada.").candidates if c.accepted}
    assert {"Business Development Bank of Canada", "Export Development Canada"} <= found

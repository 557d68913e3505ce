"""A standalone agreement whose borrower is described with a foreign address before its defined term
("…, whose head office is at Lot 27, Tra Noc 2 Industrial Park, O Mon District, Can Tho City, Vietnam
(the “Borrower”)"): the address is no party and the term is the company's, so the borrower — and the
exhibit's issuer — is the company, not the city."""

from __future__ import annotations

from corpkg.extract.reader import read_text

AGREEMENT = """<html><body>
<p>Exhibit 10.1</p>
<p>US$22,000,000 TERM LOAN FACILITY AGREEMENT</p>
<p>THIS AGREEMENT is dated 18 June 2026 and made between:</p>
<p>(1) MEKONG DELTA AQUAFARMS JOINT STOCK COMPANY, a joint stock company established under the laws of Vietnam with enterprise code 1801556237, whose head office is at Lot 27, Tra Noc 2 Industrial Park, O Mon District, Can Tho City, Vietnam (the “Borrower”);</p>
<p>(2) SAIGON HARVEST SEAFOOD CORP., a Nevada corporation (the “Parent Guarantor”);</p>
<p>(3) THE FINANCIAL INSTITUTIONS listed in Schedule 1 as original lenders (the “Original Lenders”); and</p>
<p>(4) SHINHAN BANK VIETNAM LIMITED as agent of the other Finance Parties (the “Agent”).</p>
<p>IT IS AGREED as follows:</p>
</body></html>
"""


def test_a_foreign_address_ends_at_its_country_and_the_term_is_the_companys():
    doc = read_text(AGREEMENT.encode(), "ex10-1.htm")
    ag = doc.agreements[0]
    names = [p.name for p in ag.parties]
    assert "Can Tho City" not in names and "Lot 27" not in names
    borrower = next(p for p in ag.parties if p.term == "Borrower")
    assert borrower.name == "MEKONG DELTA AQUAFARMS JOINT STOCK COMPANY"
    assert doc.cover is not None and doc.cover.registrant_name == "MEKONG DELTA AQUAFARMS JOINT STOCK COMPANY"

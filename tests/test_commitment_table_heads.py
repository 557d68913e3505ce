"""Commitment schedules whose head row the rules had not read: a qualified lender column ("Name of
Original Lender<TAB>Commitment (US$)<TAB>Share") in a facility agreement, and a narrative table whose
"Commitment" heading stands on the row above "Lender   (in millions)"."""

from __future__ import annotations

from corpkg.extract.roles.testing import filing_pairs

AGREEMENT = """<html><body>
<p>Exhibit 10.1</p>
<p>US$22,000,000 TERM LOAN FACILITY AGREEMENT</p>
<p>THIS AGREEMENT is dated 18 June 2026 and made between:</p>
<p>(1) MEKONG DELTA AQUAFARMS JOINT STOCK COMPANY, a joint stock company established under the laws of Vietnam (the “Borrower”);</p>
<p>(2) THE FINANCIAL INSTITUTIONS listed in Schedule 1 as original lenders (the “Original Lenders”); and</p>
<p>(3) HANOI UNION BANK LIMITED as agent of the other Finance Parties (the “Agent”).</p>
<p>SCHEDULE 1</p>
<table>
<tr><td>Name of Original Lender</td><td>Commitment (US$)</td><td>Share</td></tr>
<tr><td>Hanoi Union Bank Limited</td><td>12,000,000</td><td>54.55%</td></tr>
<tr><td>Delta Commercial Joint Stock Bank</td><td>10,000,000</td><td>45.45%</td></tr>
<tr><td>Total Commitments</td><td>22,000,000</td><td>100.00%</td></tr>
</table>
</body></html>
"""

NARRATIVE = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
KESTREL BROOK PARTNERS LP
(Exact name of registrant as specified in its charter)

ITEM 1.01.  ENTRY INTO A MATERIAL DEFINITIVE AGREEMENT.

     Following the amendment, the commitments under the Partnership Credit Agreement are held as follows:

                                                           Commitment
     Lender                                              (in millions)
     ---------------------------------------------      -------------
     Granite Plains Bank, National Association              $ 140.0
     Harbor Crest Bank, N.A.                                  125.0
"""


def _lenders(text: str, name: str) -> set[str]:
    return {lender for lender, _ in filing_pairs(text, name, "credit", "lender", "borrower")}


def test_a_qualified_lender_column_heads_the_schedule():
    found = _lenders(AGREEMENT, "ex10-1.htm")
    assert {"Hanoi Union Bank Limited", "Delta Commercial Joint Stock Bank"} <= found


def test_a_lender_column_under_a_commitment_heading_on_the_row_above():
    found = _lenders(NARRATIVE, "8-K_kestrel.txt")
    assert {"Granite Plains Bank, National Association", "Harbor Crest Bank, N.A."} <= found

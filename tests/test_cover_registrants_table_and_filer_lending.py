"""A cover whose registrants are a table ("Commission File Number | Exact name of registrant as
specified in its charter, state of incorporation, address … | I.R.S. Employer Identification No.", the
layout of holding companies filing with their utilities) names the registrant in that column, so the
signers of the 10-K sit at the filer; and the filer lends when a party list says so ("between X, as
borrower, and the Company, as lender"), but not when it guarantees."""

from __future__ import annotations

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_text

COVER = """<html><body>
<p>UNITED STATES<br>SECURITIES AND EXCHANGE COMMISSION</p>
<p>FORM 10-K</p>
<table>
<tr><td>Commission File Number</td><td>Exact name of registrant as specified in its charter, state of incorporation, address of principal executive offices and telephone number</td><td>I.R.S. Employer Identification No.</td></tr>
<tr><td>001-31877</td><td><b>ALDER RIVER ENERGY HOLDINGS, INC.</b><br>(A Virginia Corporation)<br>2400 Riverside Parkway<br>Richmond, Virginia 23219<br>(804) 555-0133</td><td>54-2087731</td></tr>
</table>
<p>ITEM 15. EXHIBITS</p>
<table>
<tr><td>10.8</td><td>Member Loan Agreement, dated as of February 9, 2024, between Tidewater Pipeline Company, LLC, as borrower, and Alder River Energy Holdings, Inc., as lender.</td></tr>
<tr><td>10.9</td><td>Credit Agreement, dated as of October 4, 2023, among Alder Field Services, LLC, as borrower, Alder River Energy Holdings, Inc., as guarantor, the lenders party thereto and Fifth Third Bank, National Association, as administrative agent.</td></tr>
</table>
<p>SIGNATURES</p>
<table>
<tr><td>Signature</td><td>Title</td></tr>
<tr><td>/s/ Vanessa R. Holcomb<br>Vanessa R. Holcomb</td><td>President and Chief Executive Officer (Principal Executive Officer)</td></tr>
<tr><td>*<br>Susan E. Kavanagh</td><td>Director</td></tr>
</table>
</body></html>
"""


def _extract():
    doc = read_text(COVER.encode(), "alder-10k.htm")
    ex = extract_filing(doc)
    label = {e.key: e.label for e in ex.entities}
    seats = {(label[f.participant("holder")[0]], label[f.participant("organization")[0]]) for f in ex.facts
             if f.role == "position"}
    pairs = {(label[lk], label[bk]) for f in ex.facts if f.role == "credit"
             for lk in f.participant("lender") for bk in f.participant("borrower")}
    return doc, ex, seats, pairs


def test_the_registrants_table_names_the_issuer_and_its_signers_sit_there():
    doc, ex, seats, _ = _extract()
    assert doc.cover is not None and doc.cover.registrant_name == "ALDER RIVER ENERGY HOLDINGS, INC."
    issuer = next(e.label for e in ex.entities if e.is_issuer)
    assert ("Susan E. Kavanagh", issuer) in seats


def test_the_filer_lends_when_the_party_list_says_so_but_not_as_guarantor():
    _, ex, _, pairs = _extract()
    issuer = next(e.label for e in ex.entities if e.is_issuer)
    assert (issuer, "Tidewater Pipeline Company, LLC") in pairs
    assert (issuer, "Alder Field Services, LLC") not in pairs

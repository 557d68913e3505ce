"""Lenders named by the commitment they hold or change ("Compass Bank, in addition to serving as
administrative agent, holds a commitment of $70.0 million"; "Royal Bank of Canada increased its existing
commitment by $25.0 million"), and an agent whose facility's borrower an earlier sentence named lends to
that borrower when the later sentence names none."""

from __future__ import annotations

from corpkg.extract.roles.testing import filing_pairs

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
KESTREL BROOK PARTNERS LP
(Exact name of registrant as specified in its charter)

ITEM 1.01.  ENTRY INTO A MATERIAL DEFINITIVE AGREEMENT.

"""


def pairs(text: str) -> set[tuple[str, str]]:
    return filing_pairs(text, "8-K_kestrel.txt", "credit", "lender", "borrower")


def test_holding_or_increasing_a_commitment_makes_a_lender():
    text = HEAD + ("Under the amendment, Branch Banking and Trust Company became a lender under the Credit Agreement with a "
                   "new commitment of $50.0 million, and Royal Bank of Canada increased its existing commitment by $25.0 million.\n")
    assert ("Royal Bank of Canada", "Kestrel Brook Partners L.P.") in pairs(text)


def test_an_agent_holding_a_commitment_lends_to_its_facilitys_borrower():
    text = HEAD + ("On August 3, 2016, Red Mesa Gathering Company, LLC (\"Red Mesa\"), a joint venture, entered into a Credit "
                   "Agreement with Compass Bank, as administrative agent, and the other lenders party thereto.\n\n"
                   "The lending group consists of three banks. Compass Bank, in addition to serving as administrative agent, "
                   "holds a commitment of $70.0 million.\n")
    found = pairs(text)
    assert ("Compass Bank", "Red Mesa Gathering Company, LLC") in found
    assert ("Compass Bank", "Kestrel Brook Partners L.P.") not in found

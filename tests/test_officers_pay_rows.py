"""Rows of an executives' pay table in a current report (Item 5.02(e)): each person is an executive
officer of the issuer — named executive officer when the text says so; a directors' pay table, or a
table the text above does not say is about pay, gives no seat."""

from __future__ import annotations

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_text

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
CURRENT REPORT
BRIGHTWATER SYSTEMS, INC.
(Exact name of registrant as specified in its charter)

Item 5.02. Departure of Directors or Certain Officers; Compensatory Arrangements of Certain Officers

"""

NEO = HEAD + """On November 24, 2021, the Compensation Committee of the Board of Directors of Brightwater Systems, Inc. (the "Company") approved the following bonuses for the Company's named executive officers under the Fiscal 2021 Bonus Program:

Name\tTarget Bonus\tAchievement Level\tBonus Paid
Laura M. Pennington\t$900,000\t80%\t$720,000
Gregory T. Halvorsen\t$ 350,000\t80%\t$280,000
"""

DIRECTORS = HEAD + """On November 24, 2021, the Board approved the following annual retainers for non-employee directors:

Name\tAnnual Retainer\tCommittee Fees
Laura M. Pennington\t$90,000\t$10,000
Gregory T. Halvorsen\t$ 90,000\t$15,000
"""

HOLDINGS = HEAD + """The following table shows the shares held at the record date by each person who filed a Schedule 13D:

Name\tShares Held\tValue
Laura M. Pennington\t1,200,000\t$9,000,000
Gregory T. Halvorsen\t350,000\t$2,625,000
"""


def seats(text: str) -> set[tuple[str, str, str]]:
    ex = extract_filing(read_text(text.encode(), "8-K_brightwater.txt"))
    label = {e.key: e.label for e in ex.entities}
    return {(label[f.participant("holder")[0]], label[f.participant("organization")[0]], dict(f.attributes)["title"])
            for f in ex.facts if f.role == "position"}


def test_a_bonus_table_of_named_executive_officers_gives_their_seats():
    found = seats(NEO)
    for person in ("Laura M. Pennington", "Gregory T. Halvorsen"):
        assert (person, "Brightwater Systems, Inc.", "Named Executive Officer") in found


def test_a_directors_pay_table_or_a_holdings_table_gives_no_executive_seat():
    for text in (DIRECTORS, HOLDINGS):
        assert not {s for s in seats(text) if s[2] in ("Named Executive Officer", "Executive Officer")}

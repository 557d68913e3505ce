"""Note purchase agreements (issue 11): a securities purchase agreement whose preamble defines the notes
it sells is read as a note purchase agreement, whose buyers lend to the company — the buyer named with a
capacity, the buyers signing after it without one, and a schedule of purchasers that prints each one's
address and payment instructions under its name. A stock purchase agreement stays a purchase agreement.
The agreements are made up, not copied from filings."""

from __future__ import annotations

from functools import cache

from corpkg.extract.model import Document, Extraction
from corpkg.extract.reader import read_text

SPA = """Exhibit 10.1

SECURITIES PURCHASE AGREEMENT

This SECURITIES PURCHASE AGREEMENT (this "Agreement") is dated as of March 3, 2025, by and among ORRELL \
BIOSCIENCES, INC., a Delaware corporation (the "Company"), and each of the investors listed on the Schedule of \
Buyers attached hereto (individually, a "Buyer" and collectively, the "Buyers").

RECITALS

A. The Company has authorized a new series of senior secured convertible notes in the aggregate original \
principal amount of $2,000,000 (the "Notes").

B. Each Buyer wishes to purchase, and the Company wishes to sell, the Notes set forth opposite such Buyer's \
name on the Schedule of Buyers.

IN WITNESS WHEREOF, the parties have executed this Agreement.

COMPANY:
ORRELL BIOSCIENCES, INC.
By: /s/ Dana Whit
Name: Dana Whit
Title: Chief Executive Officer

BUYERS:
TARNWELL CAPITAL FUND, L.P., as a Buyer
By: /s/ Piers Lando
Name: Piers Lando
Title: Managing Member

HESKETH ROAD PARTNERS LLC
By: /s/ Mina Corr
Name: Mina Corr
Title: Manager
"""

NOTE_AGREEMENT = """                          VELLACOTT CORPORATION

                                NOTE AGREEMENT

                    7.10% Senior Notes Due May 1, 2006

                                                 Dated as of May 1, 1996

To the Purchaser named in Schedule I hereto

Ladies and Gentlemen:

     VELLACOTT CORPORATION, an Ohio corporation (the "Company"), agrees with you as follows:

     1.  AUTHORIZATION OF NOTES.  The Company will authorize the issue of its senior notes in the aggregate
principal amount of $30,000,000 (the "Notes").

     2.  PURCHASE AND SALE OF NOTES.  The Company agrees to sell to you the Notes set forth opposite your name
on Schedule I hereto.

                                  SCHEDULE I

                           NAMES AND ADDRESSES OF PURCHASERS

                                                          Principal Amount
                                                           of Notes to be
Name and Address of Purchaser                                 Purchased
-----------------------------                             ----------------

HARTWELL MUTUAL LIFE INSURANCE COMPANY                       $20,000,000
100 Harbor Street
Hartford, Connecticut  06103
Attention:  Securities Department

Payments: By bank wire transfer of Federal funds to account no.
2-11-88 at Fleet Bank, Hartford, Connecticut.


ASHCOMBE LIFE ASSURANCE COMPANY                              $10,000,000
44 Elm Street
Des Moines, Iowa  50309

                                  SCHEDULE II

                                 EXISTING LIENS

Quarry Savings Bank                                          $5,000,000
"""

STOCK_PURCHASE = """STOCK PURCHASE AGREEMENT

This STOCK PURCHASE AGREEMENT (this "Agreement") is dated as of June 1, 2025, by and between KESTON HOLDINGS, \
INC., a Delaware corporation (the "Buyer"), and MARGRAVE PARTNERS LLC (the "Seller"). At the closing the Buyer \
shall deliver to the Seller a promissory note in the principal amount of $1,000,000 (the "Seller Note").

IN WITNESS WHEREOF, the parties have executed this Agreement.
"""


@cache
def _extraction(text: str, name: str) -> Extraction:
    from corpkg.extract.pipeline import extract_filing

    return extract_filing(read_text(text.encode("utf-8"), name))


def _doc(text: str, name: str) -> Document:
    return read_text(text.encode("utf-8"), name)


def _lenders(ex: Extraction) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in ex.facts:
        if f.role == "credit":
            for k in f.participant("lender"):
                out.setdefault(ex.entity(k).label.lower(), set()).update(ex.entity(b).label for b in f.participant("borrower"))
    return out


def test_securities_purchase_agreement_selling_notes_is_a_note_purchase_agreement() -> None:
    (ag,) = _doc(SPA, "ex10.txt").agreements
    assert ag.kind == "note purchase agreement"
    lenders = _lenders(_extraction(SPA, "ex10.txt"))
    assert set(lenders) == {"tarnwell capital fund, l.p.", "hesketh road partners llc"}
    assert all(b == {"Orrell Biosciences, Inc."} or b == {"ORRELL BIOSCIENCES, INC."} for b in lenders.values())


def test_purchasers_schedule_with_addresses_between_rows() -> None:
    lenders = _lenders(_extraction(NOTE_AGREEMENT, "ex4.txt"))
    assert {"hartwell mutual life insurance company", "ashcombe life assurance company"} <= set(lenders)
    assert "fleet bank" not in lenders  # a bank payments are wired to
    assert "quarry savings bank" not in lenders  # the next schedule's heading ends the first


def test_stock_purchase_agreement_buyer_does_not_lend() -> None:
    (ag,) = _doc(STOCK_PURCHASE, "ex2.txt").agreements
    assert ag.kind == "purchase agreement"
    assert not _lenders(_extraction(STOCK_PURCHASE, "ex2.txt"))

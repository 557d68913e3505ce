"""Eleventh session: lending styles of the synthetic lending dev set (writers A, B, D, E), tried here on
hand-made sentences about other invented parties: a lender's standing told after its name ("which had
been a lender under …", "which held a … commitment"), a passive or amount-first "made by", a relative
clause ("the loan that X had made to Y"), the Company's loan "made" by a bank, seller financing by
former owners, a short name defined between two lenders of an enumeration."""

from __future__ import annotations

import sys
from pathlib import Path

from corpkg.extract.model import Extraction

sys.path.insert(0, str(Path(__file__).parent))
from role_helpers import HOC, credit_pairs, extract_body


def _lenders(ex: Extraction) -> set[str]:
    return {lender for lender, _ in credit_pairs(ex)}


STANDING = """In connection with the Second Amendment, Quillfeather Savings Bank, which had been a lender under the Credit Agreement since March 2021, assigned its entire $15.0 million commitment and outstanding loans to Marrowby National Bank and ceased to be a party to the Credit Agreement.

In connection with the Third Amendment, Thistlecombe Bank USA, which held a $20.0 million elected commitment, assigned its commitment and outstanding loans to Orrin Falls Bank and Perrigan State Bank and is no longer a lender under the Credit Agreement.
"""


def test_a_lenders_standing_after_its_name_makes_it_a_lender(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, STANDING))
    assert ("Quillfeather Savings Bank", HOC) in pairs
    assert ("Thistlecombe Bank USA", HOC) in pairs


def test_an_assignee_is_no_borrower_and_the_subjects_standing_is_not_the_last_names(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, STANDING))
    assert not any(b in {"Marrowby National Bank", "Orrin Falls Bank", "Perrigan State Bank"} for _, b in pairs)
    # "… to A and B and is no longer a lender": the standing is the subject's, not B's
    assert not any(lender == "Perrigan State Bank" for lender, _ in pairs)


MADE_BY = """SBA loan. An Economic Injury Disaster Loan of $0.8 million made by the U.S. Small Business Administration to Fennick Valve Company, a wholly owned subsidiary of the Company, bears interest at 3.75% per annum.

Its $41.0 million mortgage loan was originated in June 2018 by Harwell Mortgage Capital LLC and was later included in a commercial mortgage-backed securities transaction.

The balance of the proceeds was used to repay in full the $3,000,000 unsecured bridge loan advanced to the Company in May 2025 by Tessaly Marine Investments Inc., an entity controlled by our Chairman.
"""


def test_made_or_advanced_by_after_a_loan_names_its_lender(nlp, tmp_path: Path) -> None:
    lenders = _lenders(extract_body(nlp, tmp_path, MADE_BY))
    assert {"U.S. Small Business Administration", "Harwell Mortgage Capital LLC", "Tessaly Marine Investments Inc."} <= lenders
    assert ("U.S. Small Business Administration", "Fennick Valve Company") in credit_pairs(extract_body(nlp, tmp_path, MADE_BY))


RELATIVE = """In August 2025, we repaid at maturity the $18.2 million mortgage loan that Ashgrove Life Insurance Company had made to HOC Birchfield LLC, the wholly-owned subsidiary that owns Birchfield Plaza. The property is now unencumbered.

Pellam Community Bank also made the Company's Paycheck Protection Program loan of $180,000 in 2020, which was forgiven in full in 2021.
"""


def test_a_loan_that_a_lender_had_made_to_a_borrower(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, RELATIVE))
    assert ("Ashgrove Life Insurance Company", "HOC Birchfield LLC") in pairs
    assert ("Pellam Community Bank", HOC) in pairs


SELLER_NOTES = """Notes payable to former owners. Ansel J. Trumbo, the former sole shareholder of Greystone Septic Services, Inc., financed $600,000 of the purchase price of that company in March 2000 by accepting the Company's promissory note, bearing interest at 8%.

In connection with the May 2001 acquisition, Corwin T. Hallett and Maren E. Hallett, the former partners of Redfield Hauling Partners, L.P., financed $900,000 of the purchase price through a subordinated promissory note of the Company bearing interest at 9%.
"""


def test_former_owners_who_financed_the_price_lend_and_their_company_does_not(nlp, tmp_path: Path) -> None:
    lenders = _lenders(extract_body(nlp, tmp_path, SELLER_NOTES))
    assert {"Ansel J. Trumbo", "Corwin T. Hallett", "Maren E. Hallett"} <= lenders
    assert not lenders & {"Greystone Septic Services, Inc.", "Redfield Hauling Partners, L.P."}


SHORT_NAME_BETWEEN = """8. Long-Term Debt

On March 3, 2025, the Company entered into a Loan and Security Agreement with Corbel Venture Finance LLC ("Corbel"), as collateral agent and a lender, and Ludlow Technology Bank, as a lender. The agreement provides for term loans of up to $40.0 million.
"""


def test_a_short_name_defined_between_two_lenders_keeps_the_enumeration(nlp, tmp_path: Path) -> None:
    lenders = _lenders(extract_body(nlp, tmp_path, SHORT_NAME_BETWEEN))
    assert {"Corbel Venture Finance LLC", "Ludlow Technology Bank"} <= lenders


NAMED_LENDERS = """Credit Agreement. On March 2, 2026, we entered into a Credit Agreement with Larchmont Bank, as administrative agent, providing for a $600.0 million senior secured revolving credit facility. The lenders thereunder are Larchmont Bank, Ruskin National Bank, Ostrava Savings Bank and Pelling Trust Company.

The 2026 Credit Agreement provides $1.5 billion of unsecured revolving commitments. The banks with the largest commitments are Quenby Bank, N.A., Hartwell Bank, National Association ("Hartwell"), Dunmore Bank, Ltd. and Sefton Bank National Association, each of which committed between $150.0 million and $200.0 million.

The increase was provided by the existing lenders, Marbury Bank, N.A., Ashcombe Bank and Trent Valley Bank, each of which increased its commitment ratably.

Our principal banks are Ellery Bank and Wexcombe Bank, where our operating cash is held.
"""


def test_names_said_to_be_the_lenders_lend(nlp, tmp_path: Path) -> None:
    lenders = _lenders(extract_body(nlp, tmp_path, NAMED_LENDERS))
    assert {"Ruskin National Bank", "Ostrava Savings Bank", "Pelling Trust Company"} <= lenders
    # a short name defined inside the list ("Hartwell") does not end it
    assert {"Quenby Bank, N.A.", "Hartwell Bank, National Association", "Dunmore Bank, Ltd.",
            "Sefton Bank National Association"} <= lenders
    assert {"Marbury Bank, N.A.", "Ashcombe Bank", "Trent Valley Bank"} <= lenders
    # "Our principal banks are …" names no lender: no lending word in the cue, no facility in the sentence
    assert not lenders & {"Ellery Bank", "Wexcombe Bank"}


COMMITMENT_TABLE = """On the Closing Date the Company entered into a Credit Agreement with Fallow Bank, N.A., as administrative agent.

                                                 Revolving      Term Loan A
   Lender                                       Commitment      Commitment
   ------------------------------------------  ------------    ------------
   Fallow Bank, N.A.                           $ 60,000,000    $ 20,000,000
   Cressingham Bank, National Association        45,000,000      15,000,000
   Ivel Valley Bank                              25,000,000              --
                                               ------------    ------------
        Total                                  $130,000,000    $ 35,000,000

   Second Lien Lender                                            Term Loans
   Brantwood Credit Fund II, L.P.                                $40,000,000

   Brantwood Credit Fund II-A, L.P.                              $10,000,000
   Loddon Capital Partners, LLC                                  $ 5,000,000
"""


def test_the_rows_of_a_commitment_table_lend(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, COMMITMENT_TABLE))
    for bank in ("Cressingham Bank, National Association", "Ivel Valley Bank", "Brantwood Credit Fund II, L.P.",
                 "Brantwood Credit Fund II-A, L.P.", "Loddon Capital Partners, LLC"):
        assert (bank, HOC) in pairs


EXHIBIT_INDEX = """Item 15. Exhibits

Exhibit Number    Description
10.4      Loan Agreement dated April 1, 2024 between Halverson Optics Corporation and Corrib Savings Bank
10.5      Placement Agency Agreement dated August 4, 2025 between the Company and Dunleary Capital Markets LLC
10.6      Credit Agreement, dated November 3, 2021, by and among Halverson Optics Corporation, the lenders and issuers from time to time party thereto and Moyne Bank, National Association, as Administrative Agent
"""


def test_each_exhibit_item_is_a_sentence_of_its_own(nlp, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, EXHIBIT_INDEX)
    lenders = _lenders(ex)
    assert "Corrib Savings Bank" in lenders
    assert "Dunleary Capital Markets LLC" not in lenders  # a placement agent, under the next item's loan
    lab = {e.key: e.label for e in ex.entities}
    agents = {lab[k] for f in ex.facts if f.role == "credit" for k in f.participant("agent")}
    assert "Moyne Bank, National Association" in agents  # "the lenders and issuers … party thereto": unnamed


OTHERS_BORROW = """Independent dealers generally finance their purchases of the Company's boats under floor plan arrangements with third-party lenders, including Kinsale Floorplan Finance, LLC.

RICHMOND, Va., Oct. 20, 2025 — Halverson Optics Corporation (Nasdaq: HLVO) today announced that it entered into a forbearance agreement with Shannon Valley Bank, the administrative agent under its credit facility.

This Assignment and Assumption is entered into by and between BALLINA BANK (the "Assignor") and CLOYNE SENIOR LOAN FUND II, L.P. (the "Assignee") under the Credit Agreement.
"""


def test_unnamed_others_an_exchange_or_an_assignor_do_not_borrow(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, OTHERS_BORROW))
    assert not any(lender == "Kinsale Floorplan Finance, LLC" for lender, _ in pairs)  # the dealers borrow
    assert not any("Nasdaq" in borrower for _, borrower in pairs)
    assert not any(borrower.lower() == "ballina bank" for _, borrower in pairs)


TARGET_DEBT = """Pinewood had been financed principally by a senior secured credit facility under a Credit Agreement, dated as of March 1, 2021, among Pinewood Sensor Systems, Inc., Tralee Bank, as administrative agent, and Kenmare Bank, as a lender.

On June 28, 2025, Halverson Optics Corporation entered into a loan agreement with Ardee Packaging Co., Ltd. ("Ardee Packaging"), our carton supplier, under which the Company lent RMB 1,500,000 ($208,333) to Ardee Packaging at an annual interest rate of 6.0%.

On June 12, 2026, Halverson Optics Corporation entered into a facility agreement with Bantry R&D Finance Pty Ltd, under which it may draw advances against its expected tax incentive refund.
"""


def test_a_party_list_opens_with_its_borrower_and_a_loan_to_a_supplier_is_the_companys(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, TARGET_DEBT))
    assert ("Kenmare Bank", "Pinewood Sensor Systems, Inc.") in pairs
    assert not any(lender == "Pinewood Sensor Systems, Inc." for lender, _ in pairs)
    assert not any(lender == "Ardee Packaging Co., Ltd." for lender, _ in pairs)  # the Company lent to it
    assert ("Bantry R&D Finance Pty Ltd", HOC) in pairs  # a facility agreement is a facility


CLAUSES = """In 2025 Halverson Optics Corporation obtained a one-year working capital loan of $1,400,000 from Carlow Agricultural Bank, Fermoy Orchard Co., Ltd. borrowed $700,000 from Bank of Leitrim Co., Ltd., and Youghal Cold Chain Co., Ltd. drew $550,000 under its facility with Clonmel Postal Savings Bank.
"""


def test_each_clause_of_a_sentence_has_its_own_borrower(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, CLAUSES))
    assert ("Carlow Agricultural Bank", HOC) in pairs
    assert ("Bank of Leitrim Co., Ltd.", "Fermoy Orchard Co., Ltd.") in pairs
    assert ("Clonmel Postal Savings Bank", "Youghal Cold Chain Co., Ltd.") in pairs
    assert not any(lender == "Youghal Cold Chain Co., Ltd." for lender, _ in pairs)  # it borrows, it opens a clause


LOANS_MADE = """During the quarter, Halverson Optics Corporation made a $12.0 million first-lien term loan to Ormond Dental Partners, LLC, maturing in 2031.

On June 28, 2025, Halverson Optics Corporation lent RMB 1,500,000 ($208,333) to Ardmore Packaging Co., Ltd. at an annual interest rate of 6.0%.

Halverson Freight Terminal, LLC, a wholly owned subsidiary of the Company, has advanced $600,000 to Orange Grain Terminal, LLC, a shipper on its line, under a promissory note.
"""


def test_the_subject_of_a_loan_made_to_another_lends(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, LOANS_MADE))
    assert (HOC, "Ormond Dental Partners, LLC") in pairs
    assert (HOC, "Ardmore Packaging Co., Ltd.") in pairs
    assert ("Halverson Freight Terminal, LLC", "Orange Grain Terminal, LLC") in pairs
    assert not any(borrower == HOC for _, borrower in pairs)


DEBT_TABLES = """Mortgage notes payable. Each mortgage note is an obligation of the subsidiary that owns the encumbered community:

Community\tLender\tRate\tMaturity\tSeptember 30, 2026
Halverson at Mueller\tAthenry Life Insurance Company\t3.61%\t08/2029\t$96,500
The Vireo (1)\tBallyhaunis Mortgage Corporation\t4.18%\t11/2030\t118,240

Notes payable consisted of the following at December 31:

                                                      2025          2024
Mortgage note - Tuam Community Bank               $ 2,812,406   $ 2,889,915
Rural credit – Banco Kilkee S.A. (Halverson Forestry Ltda.)      640,000       700,000
                                                  -----------   -----------

                    Branch            Lock Box
Bank                Address           Address        Lock Box        Division

Castlebar Bank                                                      Scott Division
"""


def test_the_lenders_of_a_debt_table(nlp, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, DEBT_TABLES)
    pairs = credit_pairs(ex)
    for lender in ("Athenry Life Insurance Company", "Ballyhaunis Mortgage Corporation", "Tuam Community Bank"):
        assert (lender, HOC) in pairs
    assert ("Banco Kilkee S.A.", "Halverson Forestry Ltda.") in pairs  # the row names its borrower
    assert "Castlebar Bank" not in _lenders(ex)  # a lock-box schedule: no rate, amount or maturity column


def test_junk_party_names_are_no_parties() -> None:
    from corpkg.extract.roles.common import junk_party_name

    for junk in ("L.P.", "LLC, its General Partner", "FIRST HORIZON BANK, executing", "Original Parties)",
                 "2025 Among Halverson Marine Systems, Inc.", "Facility C", "Delaware",
                 "DIVISION OF ZIONS BANCORPORATION, N.A."):
        assert junk_party_name(junk), junk
    for name in ("Bank of America, N.A.", "The Bank of Nova Scotia", "Banco Santander (Brasil) S.A.",
                 "Harbor Lane Franchising, LLC", "Apollo Alster Lending Fund (Lux) SCSp"):
        assert not junk_party_name(name), name


SCHEDULE_OF_INVESTMENTS = """Consolidated Schedule of Investments (unaudited)

Portfolio Company (1)\tIndustry\tInvestment\tInterest Rate\tMaturity\tPrincipal\tFair Value
Non-Controlled/Non-Affiliated Investments
Lisdoon Dental Partners, LLC\tHealth Care Services\tFirst lien senior secured term loan\tS + 5.75%\t06/2030\t38,412\t38,028
Ennis Pet Health Holdings, Inc.\tConsumer Services\tFirst lien revolving loan\tS + 6.25%\t11/2029\t1,850\t1,841
Gort Equity Holdings, LLC\tSoftware\tLLC equity interests (87.5%)\t\t\t12,500\t9,874
Total Investments\t\t\t\t\t52,762\t49,743
"""


def test_the_loans_of_a_schedule_of_investments_are_the_filers(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, SCHEDULE_OF_INVESTMENTS))
    assert (HOC, "Lisdoon Dental Partners, LLC") in pairs
    assert (HOC, "Ennis Pet Health Holdings, Inc.") in pairs
    assert not any(borrower == "Gort Equity Holdings, LLC" for _, borrower in pairs)  # equity, no loan


LENDER_CONSENTS = """CONSENT TO AMENDMENT NO. 2

The undersigned Lender hereby consents to Amendment No. 2.

ARKLOW CREDIT OPPORTUNITIES MASTER FUND, L.P., executing as a Lender By: Arklow Capital Partners LLC, its investment manager By: /s/ Samuel I. Brennan Name: Samuel I. Brennan Title: Chief Operating Officer

"Recognition Agreement" shall mean an agreement among a Co-op Corporation, a lender, and a Mortgagor with respect to a Co-op Loan.
"""


def test_a_name_signing_as_a_lender_lends_but_not_in_a_definition(nlp, tmp_path: Path) -> None:
    lenders = _lenders(extract_body(nlp, tmp_path, LENDER_CONSENTS))
    assert "ARKLOW CREDIT OPPORTUNITIES MASTER FUND, L.P." in {x.upper() for x in lenders}
    assert not any("co-op" in x.lower() for x in lenders)

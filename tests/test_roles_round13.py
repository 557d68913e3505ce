"""Twelfth session: who borrows when a filing names many parties — a subsidiary's facility filed by its
parent (a defined facility term keeps its borrower across passages, an appositive's object does not
borrow), a singular capacity after a list of names, guarantors in party lists, "guaranteed by" lists and
signature captions, qualified commitment-table headings, a party defined by two terms. Hand-made text
about invented parties (the synthetic writers' documents are measured, not copied, here)."""

from __future__ import annotations

import sys
from pathlib import Path

from spacy.language import Language

from corpkg.extract.model import Extraction
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing

sys.path.insert(0, str(Path(__file__).parent))
from role_helpers import HOC, credit_pairs, extract_body


def _guarantors(ex: Extraction) -> set[str]:
    lab = {e.key: e.label for e in ex.entities}
    return {lab[k] for f in ex.facts if f.role == "credit" for k in f.participant("guarantor")}


def _borrowers(ex: Extraction) -> set[str]:
    lab = {e.key: e.label for e in ex.entities}
    return {lab[k] for f in ex.facts if f.role == "credit" for k in f.participant("borrower")}


APPOSITIVE = """Item 1.01 Entry into a Material Definitive Agreement.

On April 3, 2025, Tarrow Realty OP, L.P. (the "Operating Partnership"), the operating partnership of Halverson Optics Corporation (the "Company"), entered into a revolving credit agreement with Brenton Bank, N.A., as administrative agent, and the lenders party thereto. The lenders include Brenton Bank, N.A., Osgood Savings Bank and Wexley Federal Bank.
"""


def test_the_named_subject_borrows_not_the_object_of_its_appositive(nlp: Language, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, APPOSITIVE))
    assert ("Osgood Savings Bank", "Tarrow Realty OP, L.P.") in pairs
    assert ("Wexley Federal Bank", "Tarrow Realty OP, L.P.") in pairs
    assert not any(b == HOC for _, b in pairs)


TERM = """Item 1.01 Entry into a Material Definitive Agreement.

On May 2, 2025, Quenby Fabrication LLC, a wholly owned subsidiary of the Company, entered into a Revolving Credit Agreement (the "Quenby Credit Agreement") with Marlow Trust Bank, as lender, providing for a $40 million revolving credit facility.

Item 2.03 Creation of a Direct Financial Obligation.

The information in Item 1.01 is incorporated by reference. The lenders under the Quenby Credit Agreement are Marlow Trust Bank and Pelton State Bank.
"""


def test_a_defined_facility_term_keeps_its_borrower_in_later_passages(nlp: Language, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, TERM))
    assert ("Marlow Trust Bank", "Quenby Fabrication LLC") in pairs
    assert ("Pelton State Bank", "Quenby Fabrication LLC") in pairs
    assert ("Pelton State Bank", HOC) not in pairs


SINGULAR = """Item 1.02 Termination of a Material Definitive Agreement.

On June 9, 2025, the Company terminated its revolving credit facility under the Loan Agreement dated as of June 1, 2020 among Halverson Optics Corporation, Halverson Lens LLC and Ridley National Bank, as agent and sole lender. No amounts were outstanding.
"""


def test_a_singular_capacity_after_a_list_is_the_last_names_alone(nlp: Language, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, SINGULAR)
    lenders = {lender for lender, _ in credit_pairs(ex)}
    assert "Ridley National Bank" in lenders
    assert "Halverson Lens LLC" not in lenders


PLURAL = """On July 1, 2025, the Company entered into a term loan agreement with Ridley National Bank and Osgood Savings Bank, as lenders, and Brenton Bank, N.A., as administrative agent.
"""


def test_a_plural_capacity_holds_for_every_name_of_the_list(nlp: Language, tmp_path: Path) -> None:
    lenders = {lender for lender, _ in credit_pairs(extract_body(nlp, tmp_path, PLURAL))}
    assert {"Ridley National Bank", "Osgood Savings Bank"} <= lenders
    assert "Brenton Bank, N.A." not in lenders


GUARANTORS = """Item 1.01 Entry into a Material Definitive Agreement.

On August 4, 2025, Halverson Lens LLC entered into a Credit Agreement by and among Halverson Lens LLC, as borrower, the Company, as parent guarantor, the lenders party thereto and Ridley National Bank, as administrative agent and a lender. The Term Loan is guaranteed by Quenby Fabrication LLC, Ostrow Tooling, Inc. and Pell Coatings LLC.
"""


def test_party_list_and_guaranteed_by_lists_name_guarantors_not_borrowers(nlp: Language, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, GUARANTORS)
    assert ("Ridley National Bank", "Halverson Lens LLC") in credit_pairs(ex)
    assert {HOC, "Quenby Fabrication LLC", "Ostrow Tooling, Inc.", "Pell Coatings LLC"} <= _guarantors(ex)
    assert _borrowers(ex) == {"Halverson Lens LLC"}


TABLE = """Item 1.01 Entry into a Material Definitive Agreement.

On September 8, 2025, the Company entered into an ABL Credit Agreement with Brenton Bank, N.A., as agent. The commitments are:

  U.S. Lenders                                  U.S. Commitment
  --------------------------------------------  ---------------
  Brenton Bank, N.A.                            $  30,000,000
  Osgood Savings Bank                           $  20,000,000
  Wexley Federal Bank                           $  15,000,000
"""


def test_a_qualified_lender_heading_opens_a_commitment_table(nlp: Language, tmp_path: Path) -> None:
    lenders = {lender for lender, _ in credit_pairs(extract_body(nlp, tmp_path, TABLE))}
    assert {"Osgood Savings Bank", "Wexley Federal Bank"} <= lenders


EXHIBIT = """                                                                 Exhibit 10.1

                        AMENDMENT NO. 2 TO CREDIT AGREEMENT

     This AMENDMENT NO. 2 TO CREDIT AGREEMENT (this "Amendment"), dated as of October 6, 2025, is entered
into by and among TOLLAND MEDICAL PARENT, INC., a Delaware corporation ("Parent"), TOLLAND MEDICAL
PARTNERS, LLC, a Delaware limited liability company (the "Company" or the "Borrower"), the Lenders party
hereto and RIDLEY NATIONAL BANK, as administrative agent (the "Agent").

     SECTION 1. Amendment. The Revolving Commitments are increased to $60,000,000.

     IN WITNESS WHEREOF, the parties hereto have executed this Amendment.

BORROWER:                                   TOLLAND MEDICAL PARTNERS, LLC
                                            By: /s/ Nora Quill
                                            Name: Nora Quill
                                            Title: Chief Financial Officer

GUARANTORS:                                 TOLLAND MEDICAL PARENT, INC.
                                            TOLLAND IMAGING LLC
                                            By: /s/ Nora Quill
                                            Name: Nora Quill
                                            Title: Treasurer

                                            RIDLEY NATIONAL BANK,
                                            as Administrative Agent and a Lender
                                            By: /s/ Peter Oakes
                                            Name: Peter Oakes
                                            Title: Senior Vice President

                                            OSGOOD SAVINGS BANK,
                                            as a Lender
                                            By: /s/ Ann Brill
                                            Name: Ann Brill
                                            Title: Vice President
"""


def test_a_party_defined_by_two_terms_takes_the_capacity_and_a_caption_heads_its_block(
        nlp: Language, tmp_path: Path) -> None:
    path = tmp_path / "ex10.txt"
    path.write_text(EXHIBIT)
    doc = read_filing(path)
    parties = {" ".join(p.name.upper().split()): p.capacity for ag in doc.agreements for p in ag.parties}
    assert parties["TOLLAND MEDICAL PARTNERS, LLC"] == "borrower"
    ex = extract_filing(doc, nlp=nlp)
    issuer = next(e.label for e in ex.entities if e.is_issuer)
    assert issuer.upper() == "TOLLAND MEDICAL PARTNERS, LLC"
    guarantors = {g.upper() for g in _guarantors(ex)}
    assert {"TOLLAND MEDICAL PARENT, INC.", "TOLLAND IMAGING LLC"} <= guarantors
    assert all(b.upper() == "TOLLAND MEDICAL PARTNERS, LLC" for b in _borrowers(ex))


BANK = """On November 3, 2025, the Company entered into a term loan with Crédit Agricole Corporate and Investment Bank, as lender. Mr. Vance previously led Corporate and Investment Banking at a bank.
"""


def test_a_corporate_and_investment_bank_is_one_name_its_segment_none(nlp: Language, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, BANK)
    labels = {e.label for e in ex.entities}
    assert "Crédit Agricole Corporate and Investment Bank" in labels
    assert "Corporate and Investment Banking" not in labels

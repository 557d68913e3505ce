"""Issue 11: agreement and narrative styles that no annotated filing showed, written by hand after
how such documents are commonly drafted (not copied from any filing): a co-borrower joined to the
Company's group by another party's definition, a 1990s "Banks" group closed by a generic phrase and a
bank signing "individually and as Agent", "Signature:/Print Name:" blocks under a "LENDER:" caption,
and narrative syndicates ("syndicated among", "a syndicate of banks led by")."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.extract.model import Extraction
from corpkg.extract.pipeline import extract_filing, load_pipeline
from corpkg.extract.reader import read_filing


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_pipeline()


def _extract(nlp, tmp_path: Path, text: str) -> Extraction:  # type: ignore[no-untyped-def]
    path = tmp_path / "doc.txt"
    path.write_text(text)
    return extract_filing(read_filing(path), nlp=nlp)


def _pairs(ex: Extraction, slot: str = "lender") -> set[tuple[str, str]]:
    lab = {e.key: e.label.lower() for e in ex.entities}
    return {(lab[a], lab[b]) for f in ex.facts if f.role == "credit"
            for a in f.participant(slot) for b in f.participant("borrower")}


def _issuer(ex: Extraction) -> list[str]:
    return [e.label.lower() for e in ex.entities if e.is_issuer]


CO_BORROWER = """AMENDMENT NO. 1 TO CREDIT AGREEMENT

AMENDMENT NO. 1 TO CREDIT AGREEMENT, dated as of May 2, 2018 (this "Amendment"), among HALVERSON TOOL COMPANY, a
Wisconsin corporation (the "Company"), HALVERSON GMBH, a company organized under the laws of Germany (the "German
Borrower" and, together with the Company, the "Borrowers"), the several banks and other financial institutions parties
hereto (the "Lenders"), and ASSOCIATED BANK, NATIONAL ASSOCIATION, as administrative agent for the Lenders.

NOW, THEREFORE, the parties hereto agree as follows:

HALVERSON TOOL COMPANY
By: /s/ Rita Olsen
Name: Rita Olsen
Title: Treasurer

ASSOCIATED BANK, NATIONAL ASSOCIATION, as Administrative Agent and as a Lender
By: /s/ Carl Berg
Name: Carl Berg
Title: Senior Vice President

BANK OF MONTREAL, as a Lender
By: /s/ Ann Fox
Name: Ann Fox
Title: Director
"""


def test_the_company_joined_to_a_foreign_borrower_is_the_issuer_and_borrows(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex = _extract(nlp, tmp_path, CO_BORROWER)
    assert _issuer(ex) == ["halverson tool company"]
    pairs = _pairs(ex)
    assert ("bank of montreal", "halverson tool company") in pairs
    assert ("associated bank, national association", "halverson tool company") in pairs
    assert not any(b == "halverson gmbh" and a == "halverson tool company" for a, b in pairs)


BANKS_GROUP = """REVOLVING CREDIT AGREEMENT

REVOLVING CREDIT AGREEMENT dated as of June 9, 1995 among PELHAM MILLS, INC., a North Carolina corporation (the
"Company"), FIRST UNION NATIONAL BANK OF NORTH CAROLINA, WACHOVIA BANK OF NORTH CAROLINA, N.A. and the other lending
institutions listed on Schedule 1 hereto (collectively, the "Banks"), and FIRST UNION NATIONAL BANK OF NORTH
CAROLINA, as agent for the Banks (the "Agent").

The Company has requested the Banks to make loans to it.

PELHAM MILLS, INC.
By: /s/ Tom Hale
Title: Vice President

FIRST UNION NATIONAL BANK OF NORTH CAROLINA, individually and as Agent
By: /s/ June Park
Title: Senior Vice President
"""


def test_a_banks_group_closed_by_a_generic_phrase_lends(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex = _extract(nlp, tmp_path, BANKS_GROUP)
    assert _issuer(ex) == ["pelham mills, inc."]
    lenders = {a for a, _ in _pairs(ex)}
    assert {"first union national bank of north carolina", "wachovia bank of north carolina, n.a."} <= lenders
    assert not any("individually" in a for a in lenders)
    assert not any("1995" in e.label for e in ex.entities)


def test_individually_and_as_agent_lends_but_as_agent_alone_does_not(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    text = BANKS_GROUP.replace("WACHOVIA BANK OF NORTH CAROLINA, N.A. and the other lending\ninstitutions listed on "
                               "Schedule 1 hereto (collectively, the \"Banks\"), and ", "the Banks listed on Schedule 1, and ")
    lenders = {a for a, _ in _pairs(_extract(nlp, tmp_path, text))}
    assert "first union national bank of north carolina" in lenders
    alone = text.replace("individually and as Agent", "as Agent")
    assert "first union national bank of north carolina" not in {a for a, _ in _pairs(_extract(nlp, tmp_path, alone))}


CAPTIONS = """Exhibit 10.2

THIRD AMENDMENT TO LOAN AND SECURITY AGREEMENT

THIS THIRD AMENDMENT TO LOAN AND SECURITY AGREEMENT (this "Amendment") is entered into as of April 4, 2024, by and
among NORDLYS BIOSCIENCES, INC., a Delaware corporation ("Borrower"), the several banks and other financial
institutions or entities from time to time parties to the Loan Agreement (collectively, referred to as "Lender") and
TRINITY GROWTH CAPITAL, INC., in its capacity as administrative agent for itself and the Lender (the "Agent").

BORROWER:
NORDLYS BIOSCIENCES, INC.
Signature: /s/ Ivy Moss
Print Name: Ivy Moss
Title: Chief Financial Officer

AGENT:
TRINITY GROWTH CAPITAL, INC.
Signature: /s/ Owen Lake
Print Name: Owen Lake
Title: Managing Director

LENDER:
TRINITY GROWTH CAPITAL, INC.
Signature: /s/ Owen Lake
Print Name: Owen Lake
Title: Managing Director

TRINITY VENTURE DEBT FUND II L.P.
Signature: /s/ Owen Lake
Print Name: Owen Lake
Title: Managing Director
"""


def test_signature_and_print_name_blocks_under_a_lender_caption(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex = _extract(nlp, tmp_path, CAPTIONS)
    lenders = {a for a, _ in _pairs(ex)}
    assert lenders == {"trinity growth capital, inc.", "trinity venture debt fund ii l.p."}
    officers = {(e.label) for f in ex.facts if f.role == "position" for e in ex.entities if e.key in f.participant("holder")}
    assert {"Ivy Moss", "Owen Lake"} <= officers


NARRATIVE = """FORM 10-Q

QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934

BRACKENRIDGE FOODS, INC.
(Exact name of registrant as specified in its charter)

Note 6. Debt

The revolving credit facility is syndicated among KeyBank National Association, Truist Bank, Regions Bank and
Comerica Bank.

Borrowings under the Company's credit agreement with a syndicate of banks led by Citizens Bank, N.A. were
$120 million at June 30, 2023.

Our 5.25% senior notes were issued under an indenture with U.S. Bank Trust Company, National Association, as trustee.
"""


def test_narrative_syndicates(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    lenders = {a for a, _ in _pairs(_extract(nlp, tmp_path, NARRATIVE))}
    assert {"keybank national association", "truist bank", "regions bank", "comerica bank", "citizens bank, n.a."} <= lenders
    assert not any("u.s. bank" in a for a in lenders)


GUARANTY = """GUARANTY AGREEMENT

THIS GUARANTY AGREEMENT (this "Guaranty") is made as of March 8, 2021, by WILLET HOLDINGS, INC., a Delaware
corporation (the "Guarantor"), in favor of PINEBROOK BANK, a Georgia state bank (the "Lender").

RECITALS

A. The Lender has agreed to make a term loan in the principal amount of $6,000,000 to WILLET FREIGHT, LLC, a Georgia
limited liability company and a wholly owned subsidiary of the Guarantor (the "Borrower"), pursuant to a Loan
Agreement of even date herewith between the Borrower and the Lender.

WILLET HOLDINGS, INC.
By: /s/ Nora Vance
Name: Nora Vance
Title: President
"""


def test_a_guaranty_lends_to_the_borrower_its_recitals_define(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex = _extract(nlp, tmp_path, GUARANTY)
    assert _issuer(ex) == ["willet holdings, inc."]
    assert _pairs(ex) == {("pinebrook bank", "willet freight, llc")}
    assert ("willet holdings, inc.", "willet freight, llc") in _pairs(ex, "guarantor")


NOT_LENDERS = """FORM 10-Q

QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934

BRACKENRIDGE FOODS, INC.
(Exact name of registrant as specified in its charter)

Note 6. Debt and Derivatives

To hedge the variable interest on the term loan, the Company entered into an interest rate swap agreement with
Comerica Bank with a notional amount of $50 million.

Our revolving credit facility allows us to issue letters of credit; letters of credit of $2.1 million were issued
to Hanover Mutual Insurance Company as security for our workers' compensation program.

We lease our headquarters from Larchmont Realty Partners LLC under a lease that expires in 2030, and the lease is
subordinated to the mortgage loan of the landlord.
"""


def test_swap_counterparties_beneficiaries_and_landlords_do_not_lend(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert _pairs(_extract(nlp, tmp_path, NOT_LENDERS)) == set()

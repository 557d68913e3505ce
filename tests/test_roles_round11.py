"""Tenth session: lending styles of a synthetic lending set written by helpers who never saw the code
(tests/annotations/lending-synthetic), tried here on hand-made sentences about other invented parties:
a subsidiary defined as "the Borrower", camel-case banks listed with "and", group definitions in a
preamble, a list of lenders after a colon, individuals who lend, "X lends to Y", plural loan agreements
and a Mexican bank's full legal name."""

from __future__ import annotations

import sys
from pathlib import Path

from corpkg.extract.model import Extraction
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing

sys.path.insert(0, str(Path(__file__).parent))
from role_helpers import HOC, credit_pairs, extract_body


def _standalone(nlp, tmp_path: Path, text: str) -> Extraction:
    path = tmp_path / "ex10.txt"
    path.write_text(text)
    return extract_filing(read_filing(path), nlp=nlp)


SUBSIDIARY_BORROWER = f"""On May 2, 2025 (the "Closing Date"), Quarrystone Operating LLC, a Delaware limited liability company (the "Borrower") and a wholly owned subsidiary of {HOC} (the "Company"), entered into a Credit Agreement (the "Credit Agreement") among the Borrower, the Company, as parent guarantor, the lenders from time to time party thereto, Pelham National Bank, as administrative agent, and OakBank National Association ("OakBank"), as syndication agent.

On the Closing Date, Pelham National Bank, as a Lender, holds a revolving commitment of $40,000,000, and each of OakBank and Corvid Bank, N.A., as Lenders, holds a revolving commitment of $30,000,000.
"""


def test_the_defined_borrower_borrows_where_a_sentence_names_no_other(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, SUBSIDIARY_BORROWER))
    for bank in ("Pelham National Bank", "OakBank National Association", "Corvid Bank, N.A."):
        assert (bank, "Quarrystone Operating LLC") in pairs
    assert not any(borrower == HOC for _, borrower in pairs)  # the parent guarantees, it does not borrow


def test_a_camel_case_bank_before_and_is_a_name_of_its_own(nlp, tmp_path: Path) -> None:
    labels = {e.label for e in extract_body(nlp, tmp_path, SUBSIDIARY_BORROWER).entities}
    assert {"OakBank National Association", "Corvid Bank, N.A."} <= labels
    assert not any(" and " in x for x in labels)


GROUP_TERMS = """EXHIBIT 10.3

SECOND AMENDMENT TO LOAN AND SECURITY AGREEMENT

THIS SECOND AMENDMENT TO LOAN AND SECURITY AGREEMENT (this "Amendment") is entered into as of April 3, 2025, by and among BRACKENRIDGE CAPITAL LLC, a Delaware limited liability company ("Brackenridge"), as collateral agent (in such capacity, "Collateral Agent"), the Lenders listed on Schedule 1.1 hereof, including Brackenridge in its capacity as a Lender, TALLOW CREEK VENTURE LENDING, L.P., a Delaware limited partnership ("Tallow Creek") (each a "Lender" and collectively, the "Lenders"), and NORTHWIND SENSORS, INC., a Delaware corporation ("Northwind"), and NORTHWIND SENSORS SECURITIES CORP., a Massachusetts corporation ("Northwind Securities"; Northwind and Northwind Securities, individually and collectively, jointly and severally, "Borrower").

Collateral Agent, the Lenders and Borrower are parties to that certain Loan and Security Agreement dated as of May 1, 2023.
"""


def test_a_preamble_gives_capacities_to_groups_by_their_definitions(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, GROUP_TERMS)
    issuer = [e.label for e in ex.entities if e.is_issuer]
    assert issuer == ["Northwind Sensors, Inc."]  # the borrower, not the first party without a capacity
    agreement = next(iter(read_filing_agreements(tmp_path)))
    caps = {" ".join(q.name.split()): q.capacity for q in agreement.parties}
    assert caps["TALLOW CREEK VENTURE LENDING, L.P."] == "lender"
    assert caps["NORTHWIND SENSORS SECURITIES CORP."] == "borrower"
    assert caps["BRACKENRIDGE CAPITAL LLC"] == "collateral agent"  # the term reaches back no further


def read_filing_agreements(tmp_path: Path):
    return read_filing(tmp_path / "ex10.txt").agreements[0:1]


LISTED = f"""{HOC} today announced that it has entered into an amended and restated credit agreement with a syndicate of banks led by Fenwick Bank, N.A., as administrative agent.

The lenders participating in the amended credit agreement are:

•\tFenwick Bank, N.A.
•\tHollins Trust Company
•\tBank of Marlow, New York Branch

The facility matures in 2031.
"""


def test_the_lenders_listed_after_a_colon_lend(nlp, tmp_path: Path) -> None:
    pairs = credit_pairs(extract_body(nlp, tmp_path, LISTED))
    for bank in ("Fenwick Bank, N.A.", "Hollins Trust Company", "Bank of Marlow, New York Branch"):
        assert (bank, HOC) in pairs


def test_a_list_after_a_colon_that_names_no_lenders_lends_nothing(nlp, tmp_path: Path) -> None:
    body = f"""{HOC} today announced the members of its new advisory board. The members of the board are:

•\tTrindle Advisory Partners LLC
•\tMorrow & Finch LLP
"""
    assert not credit_pairs(extract_body(nlp, tmp_path, body))


PERSONS = [
    ("On June 1, 2025, Harriet L. Voss, a member of our Board of Directors, advanced $75,000 to the Company in exchange "
     "for an unsecured note.", "Harriet L. Voss"),
    ("On June 1, 2025, the Company issued a $250,000 secured promissory note to Desmond P. Achebe, an individual.",
     "Desmond P. Achebe"),
    ("During 2024 the Company borrowed $30,000 from Lydia Moreau, a shareholder, for working capital.", "Lydia Moreau"),
]


def test_individuals_who_lend(nlp, tmp_path: Path) -> None:
    for sentence, person in PERSONS:
        assert (person, HOC) in credit_pairs(extract_body(nlp, tmp_path, sentence)), sentence


def test_an_individual_guarantor_or_party_with_whom_a_loan_is_made_does_not_lend(nlp, tmp_path: Path) -> None:
    body = ("On June 1, 2025, the Company entered into a term loan agreement with Pelham National Bank. The term loan "
            "is guaranteed by Oscar T. Lindqvist, our Chief Executive Officer.")
    pairs = credit_pairs(extract_body(nlp, tmp_path, body))
    assert ("Pelham National Bank", HOC) in pairs
    assert not any(lender == "Oscar T. Lindqvist" for lender, _ in pairs)


def test_x_lends_to_y_names_the_borrower(nlp, tmp_path: Path) -> None:
    body = ("Under the receivables facility, our operating subsidiaries sell their receivables to Quillmark Funding LLC, "
            "and Corvid Bank, N.A. lends to Quillmark Funding LLC, on a revolving basis, up to $80.0 million.")
    assert ("Corvid Bank, N.A.", "Quillmark Funding LLC") in credit_pairs(extract_body(nlp, tmp_path, body))


def test_plural_loan_agreements_and_a_mexican_bank(nlp, tmp_path: Path) -> None:
    body = ("The Company finances certain equipment under master loan agreements with Tarrant Equipment Finance, Inc. "
            "and with Lowell Leasing Capital, LLC.\n\n"
            "Our subsidiary Quarrystone de Mexico, S. de R.L. de C.V. maintains an uncommitted revolving line of credit "
            "of up to MXN 100 million with Banco Ribera, S.A., Institución de Banca Múltiple, Grupo Financiero Ribera.")
    pairs = credit_pairs(extract_body(nlp, tmp_path, body))
    assert ("Tarrant Equipment Finance, Inc.", HOC) in pairs and ("Lowell Leasing Capital, LLC", HOC) in pairs
    assert ("Banco Ribera, S.A., Institución de Banca Múltiple, Grupo Financiero Ribera",
            "Quarrystone de Mexico, S. de R.L. de C.V.") in pairs


def test_words_inside_longer_words_are_no_counterparty_cue(nlp, tmp_path: Path) -> None:
    # "sale" inside "Wholesale", "rent" inside "parent": the exclusions hold for whole words only
    body = "On October 22, 2026, the Company entered into a Wholesale Financing Agreement with Tarrant Motor Credit Corporation."
    assert ("Tarrant Motor Credit Corporation", HOC) in credit_pairs(extract_body(nlp, tmp_path, body))


def test_a_company_and_its_country_after_the_legal_form(nlp, tmp_path: Path) -> None:
    body = ("On May 1, 2026, the Company entered into a floor plan financing agreement with Kessel Motor Finance "
            "Corporation, U.S.A., which provides a floor plan line of credit of up to $20.0 million.")
    assert ("Kessel Motor Finance Corporation, U.S.A.", HOC) in credit_pairs(extract_body(nlp, tmp_path, body))


def test_lenders_named_after_the_unnamed_group_and_a_lender_in_apposition(nlp, tmp_path: Path) -> None:
    body = ("On October 14, 2026, the Company entered into a Credit Agreement with Pelham Capital Advisors, LLC, as "
            "administrative agent, and the lenders from time to time party thereto, which on the Closing Date consisted "
            "of Pelham Private Credit Fund II LP and Tarrant Income Corporation.\n\n"
            "The Company has advised the Administrative Agent that Corvid Bank, N.A., a Lender, has not consented to the "
            "waiver under the Credit Agreement.")
    pairs = credit_pairs(extract_body(nlp, tmp_path, body))
    for lender in ("Pelham Private Credit Fund II LP", "Tarrant Income Corporation", "Corvid Bank, N.A."):
        assert (lender, HOC) in pairs
    assert not any(lender == "Pelham Capital Advisors, LLC" for lender, _ in pairs)  # the agent alone


def test_a_loan_made_to_the_company_by_a_trust_and_a_loan_directly_from_an_agency(nlp, tmp_path: Path) -> None:
    body = ("The Company used the proceeds to repay a demand loan made to the Company on January 20, 2025 by the "
            "Lindqvist Family Trust.\n\nIn June 2020, the Company received a disaster loan in the amount of $150,000 "
            "directly from the U.S. Small Business Administration.")
    pairs = credit_pairs(extract_body(nlp, tmp_path, body))
    assert ("Lindqvist Family Trust", HOC) in pairs and ("U.S. Small Business Administration", HOC) in pairs


def _subsidiaries(ex: Extraction) -> set[tuple[str, str]]:
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[f.participant("owner")[0]], lab[f.participant("owned")[0]]) for f in ex.facts if f.role == "subsidiary"}


def test_members_of_a_list_with_their_defined_terms(nlp, tmp_path: Path) -> None:
    body = ("The Company conducts its operations through its wholly owned subsidiaries Tarrant Sales, LLC "
            "(\"Tarrant Sales\"), Tarrant Service, LLC (\"Tarrant Service\") and Gulfport Brokerage, Inc.\n\n"
            "The Company and its wholly owned subsidiaries Kessel Surgical, LLC, a Minnesota limited liability company "
            "(\"Kessel Surgical\"), and Corvane Imaging, Inc., a Delaware corporation (\"Corvane\"), entered into a "
            "Credit Agreement.")
    subs = _subsidiaries(extract_body(nlp, tmp_path, body))
    for owned in ("Tarrant Sales, LLC", "Tarrant Service, LLC", "Gulfport Brokerage, Inc.", "Kessel Surgical, LLC",
                  "Corvane Imaging, Inc."):
        assert (HOC, owned) in subs


def test_a_party_list_head_with_its_defined_term_owns_only_the_name_before_its_apposition(nlp, tmp_path: Path) -> None:
    body = ("On December 13, 2017, Quarrystone Group, Inc. (“Quarrystone”), QG Merger Enterprises 2 Corp., a Delaware "
            "corporation and wholly owned subsidiary of Quarrystone (“Merger Sub”), and Tarrant Corp. entered into an "
            "Agreement and Plan of Merger.")
    subs = _subsidiaries(extract_body(nlp, tmp_path, body))
    assert ("Quarrystone Group, Inc.", "QG Merger Enterprises 2 Corp.") in subs
    assert not any(owned in ("Quarrystone Group, Inc.", "Tarrant Corp.") for _, owned in subs)


SIDE_CAPTIONS = """AMENDMENT NO. 2 TO CREDIT AGREEMENT

This AMENDMENT NO. 2 TO CREDIT AGREEMENT (this "Amendment") is entered into as of May 1, 2026, among TARRANT FOODS, INC., a Louisiana corporation (the "Borrower"), the Lenders party hereto and PELHAM NATIONAL BANK, as Administrative Agent.

IN WITNESS WHEREOF, the parties hereto have caused this Amendment to be duly executed as of the date first written above.

BORROWER:                         TARRANT FOODS, INC.

                                  By: /s/ Colette R. Marchand
                                  Name:  Colette R. Marchand
                                  Title: Executive Vice President and
                                         Chief Financial Officer

ADMINISTRATIVE AGENT:             PELHAM NATIONAL BANK,
                                  as Administrative Agent

                                  By: /s/ Owen T. Delaune
                                  Name:  Owen T. Delaune
                                  Title: Senior Vice President

LENDERS:                          CORVID BANK,
                                  as a Lender

                                  By: /s/ Irene P. Sabatier
                                  Name:  Irene P. Sabatier
                                  Title: Vice President
"""


def test_signature_captions_beside_the_entity_and_a_wrapped_title(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, SIDE_CAPTIONS)
    lab = {e.key: e.label for e in ex.entities}
    positions = {(lab[f.participant("holder")[0]], lab[f.participant("organization")[0]].lower(), t.lower())
                 for f in ex.facts if f.role == "position" for t in f.attribute("title")}
    assert ("Colette R. Marchand", "tarrant foods, inc.", "chief financial officer") in positions  # the wrapped line
    assert ("Owen T. Delaune", "pelham national bank", "senior vice president") in positions
    assert ("Irene P. Sabatier", "corvid bank", "vice president") in positions
    assert ("CORVID BANK", "Tarrant Foods, Inc.") in {(a.upper() if a.isupper() else a, b) for a, b in credit_pairs(ex)}


def test_two_banks_before_a_national_association_and_one_bank_and_trust(nlp, tmp_path: Path) -> None:
    from corpkg.extract.mentions import find_mentions

    def names(text: str) -> list[str]:
        return [c.text for c in find_mentions(text).candidates if c.accepted]

    assert names("with The Bank of Marlow and Corvid Bank, National Association, as co-agents") == [
        "The Bank of Marlow", "Corvid Bank, National Association"]
    assert names("Pelham Trust and Savings Bank, N.A. lends") == ["Pelham Trust and Savings Bank, N.A."]
    assert names("Farmers and Merchants Bank, N.A. lends") == ["Farmers and Merchants Bank, N.A."]


def test_commitments_held_by_and_lenders_consisting_of_a_semicolon_list(nlp, tmp_path: Path) -> None:
    body = ("The initial revolving commitments under the ABL Facility are held by Pelham National Bank ($50,000,000), "
            "Corvid Bank, N.A. ($30,000,000) and Hollins Trust Company ($20,000,000).\n\n"
            "The amendment was approved by all of the lenders under the credit agreement, consisting of Marlow Bank, "
            "N.A.; BQKF, NA dba Bank of Tarrant; and Kessel National Bank.")
    pairs = credit_pairs(extract_body(nlp, tmp_path, body))
    for lender in ("Pelham National Bank", "Corvid Bank, N.A.", "Hollins Trust Company", "Marlow Bank, N.A.",
                   "Kessel National Bank"):
        assert (lender, HOC) in pairs


STACKED = """                 UNITED STATES
       SECURITIES AND EXCHANGE COMMISSION

                   FORM 10-K

QUARRYSTONE REALTY TRUST, INC.
QUARRYSTONE OPERATING PARTNERSHIP, L.P.
(Exact name of registrant as specified in its charter)

Maryland                                  001-38214
(State of incorporation)                  (Commission File Number)

Item 1. Business.

Quarrystone Realty Trust, Inc. is a real estate investment trust.
"""


def test_co_registrants_stacked_over_one_caption_the_first_files(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, STACKED)
    assert [e.label for e in ex.entities if e.is_issuer] == ["Quarrystone Realty Trust, Inc."]


LEGEND = """                                                                 Exhibit 10.2

THIS NOTE AND THE INDEBTEDNESS EVIDENCED HEREBY ARE SUBORDINATE IN THE MANNER
AND TO THE EXTENT SET FORTH IN THAT CERTAIN SUBORDINATION AGREEMENT DATED AS OF
MAY 4, 2025 AMONG THE HOLDER HEREOF, THE MAKER HEREOF AND PELHAM NATIONAL BANK.

                         REVOLVING GRID PROMISSORY NOTE

U.S. $5,000,000                                                   May 4, 2025

FOR VALUE RECEIVED, KESSEL MARINE SYSTEMS, INC., a Delaware corporation (the "Borrower"), hereby
unconditionally promises to pay to the order of TARRANT HOLDINGS AS, a Norwegian private limited company
(the "Lender"), the aggregate unpaid principal amount of all Advances made by the Lender to the Borrower.

1. Advances. The Borrower may request Advances from time to time until the Maturity Date.
"""


def test_a_legend_over_a_note_is_no_title_and_names_no_issuer(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, LEGEND)
    assert [e.label for e in ex.entities if e.is_issuer] == ["Kessel Marine Systems, Inc."]
    agreement = read_filing(tmp_path / "ex10.txt").agreements[0]
    assert agreement.title == "REVOLVING GRID PROMISSORY NOTE"
    assert any(lender.lower().startswith("tarrant holdings") and borrower == "Kessel Marine Systems, Inc."
               for lender, borrower in credit_pairs(ex))


def _sides(ex: Extraction) -> set[tuple[str, str]]:
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[k], side) for f in ex.facts if f.role == "proceeding" for side in ("plaintiff", "defendant")
            for k in f.participant(side)}


def test_states_and_the_united_states_as_parties(nlp, tmp_path: Path) -> None:
    body = ("On April 29, 2025, the Attorney General filed a complaint captioned State of Oregon v. Halverson Optics "
            "Corporation, et al., against the Company.\n\n"
            "In 1998 the United States filed suit in the U.S. District Court against the Company and Kessel Drum Company.")
    sides = _sides(extract_body(nlp, tmp_path, body))
    assert ("State of Oregon", "plaintiff") in sides and ("United States", "plaintiff") in sides
    assert ("Kessel Drum Company", "defendant") in sides


def test_a_case_named_by_a_plaintiffs_surname_is_that_person(nlp, tmp_path: Path) -> None:
    body = ("A substantially similar complaint, Marchetti v. Halverson Optics Corporation, et al., was filed in the same "
            "court on April 2, 2025 by Arlene Marchetti.")
    ex = extract_body(nlp, tmp_path, body)
    assert not any(e.label == "Marchetti" for e in ex.entities)
    assert ("Arlene Marchetti", "plaintiff") in _sides(ex)


def test_claims_asserted_against_underwriters_and_a_covenant_not_to_assert_any(nlp, tmp_path: Path) -> None:
    body = ("The consolidated amended complaint asserts claims under Sections 11 and 15 of the Securities Act of 1933 "
            "against those defendants and against Tarrant Securities LLC and Pelham Capital Markets, Inc., which acted "
            "as underwriters of the offering.\n\n"
            "The amendment provided for a covenant not to assert or pursue any claim against Kessel Corp. arising from the "
            "Merger Agreement.")
    sides = _sides(extract_body(nlp, tmp_path, body))
    assert ("Tarrant Securities LLC", "defendant") in sides and ("Pelham Capital Markets, Inc.", "defendant") in sides
    assert not any(name == "Kessel Corp." for name, _ in sides)


def test_each_signer_of_a_captioned_block_signs_for_its_own_entity(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, SIDE_CAPTIONS)
    lab = {e.key: e.label for e in ex.entities}
    orgs_of = {}
    for f in ex.facts:
        if f.role == "position":
            orgs_of.setdefault(lab[f.participant("holder")[0]], set()).add(lab[f.participant("organization")[0]].lower())
    assert orgs_of["Owen T. Delaune"] == {"pelham national bank"}  # not the borrower whose block is above
    assert orgs_of["Irene P. Sabatier"] == {"corvid bank"}


CHAIN = """LOAN AGREEMENT

THIS LOAN AGREEMENT (this "Agreement") is made as of May 1, 2026, between MARLOW BANK (the "Lender") and TYBEE HARBOR HOTEL OWNER, LLC, a Delaware limited liability company (the "Borrower").

1. Loan. The Lender agrees to lend the Borrower $20,000,000.

BORROWER:

TYBEE HARBOR HOTEL OWNER, LLC,
a Delaware limited liability company

By:  KESSEL HOSPITALITY OP, LP,
     a Delaware limited partnership, its sole member

     By:  KESSEL HOSPITALITY TRUST, INC.,
          a Maryland corporation, its general partner

          By: /s/ Colette R. Marchand
              Name:  Colette R. Marchand
              Title: Chief Financial Officer
"""


def test_a_signature_chain_names_the_sole_member_owner_and_the_signers_entity(nlp, tmp_path: Path) -> None:
    ex = _standalone(nlp, tmp_path, CHAIN)
    lab = {e.key: e.label.lower() for e in ex.entities}
    subs = {(lab[f.participant("owner")[0]], lab[f.participant("owned")[0]]) for f in ex.facts if f.role == "subsidiary"}
    assert ("kessel hospitality op, lp", "tybee harbor hotel owner, llc") in subs
    assert ("kessel hospitality trust, inc.", "kessel hospitality op, lp") not in subs  # a general partner controls
    officers = {(lab[f.participant("holder")[0]], lab[f.participant("organization")[0]]) for f in ex.facts
                if f.role == "position"}
    assert ("colette r. marchand", "kessel hospitality trust, inc.") in officers
    assert ("colette r. marchand", "tybee harbor hotel owner, llc") not in officers

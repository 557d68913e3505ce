"""Tenth session: one person written two ways in one filing (initials for first names, a one-letter slip),
units listed before a unit noun, and a name wrapped after the first line of an indented paragraph."""

from __future__ import annotations

import sys
from pathlib import Path

from corpkg.extract.mentions import find_mentions
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing

sys.path.insert(0, str(Path(__file__).parent))
from role_helpers import extract_body


def _persons(nlp, tmp_path: Path, body: str) -> list[str]:
    return sorted(e.label for e in extract_body(nlp, tmp_path, body).entities if e.kind == "Person")


def test_initials_for_first_names_are_the_same_person(nlp, tmp_path: Path) -> None:
    body = ("SIGNATURES\n\nBy: /s/ T.R. Waverly\n\nT.R. Waverly, Treasurer\n\n"
            "Thomas R. Waverly was appointed Treasurer on March 3, 1995.")
    assert _persons(nlp, tmp_path, body) == ["Thomas R. Waverly"]


def test_initials_that_fit_two_persons_join_neither(nlp, tmp_path: Path) -> None:
    body = ("SIGNATURES\n\nBy: /s/ T.R. Waverly\n\nT.R. Waverly, Treasurer\n\n"
            "Thomas R. Waverly and Tobias R. Waverly are directors.")
    assert len(_persons(nlp, tmp_path, body)) == 3


def test_a_one_letter_slip_in_a_first_name(nlp, tmp_path: Path) -> None:
    body = ("At the meeting the shareholders elected Jeffrey K. Holloway as a director. "
            "Votes for Jeffery K. Holloway: 1,200,000.")
    assert _persons(nlp, tmp_path, body) == ["Jeffrey K. Holloway"]


def test_different_middle_initials_stay_two_persons(nlp, tmp_path: Path) -> None:
    body = "Jeffrey K. Holloway and Jeffery M. Holloway are directors."
    assert len(_persons(nlp, tmp_path, body)) == 2


def test_names_listed_before_a_unit_noun_are_units() -> None:
    text = ("Worldwide sales of orthopedic, spine and wound care products. For segment reporting purposes, the "
            "Orthopedic Reconstruction, Spine Solutions, Wound Care and Sports Medicine divisions are aggregated.")
    accepted = [c.text for c in find_mentions(text).candidates if c.accepted]
    assert not accepted


def test_a_company_before_the_list_of_units_stays_a_company() -> None:
    text = "Tarrant Medical, Inc., Spine Solutions and Wound Care divisions were sold."
    accepted = [c.text for c in find_mentions(text).candidates if c.accepted]
    assert "Tarrant Medical, Inc." in accepted


def test_a_name_wrapped_after_the_first_line_of_an_indented_paragraph() -> None:
    text = ("               SECTION 7.02. Agent and Affiliates. Hollins Guaranty Trust Company\n"
            "of New York shall have the same rights and powers under this Agreement as any other Bank.")
    accepted = [c.text for c in find_mentions(text).candidates if c.accepted]
    assert ["Hollins Guaranty Trust Company\nof New York"] == accepted


def test_words_and_a_numeral_make_no_person() -> None:
    from corpkg.extract.names import classify_name

    assert classify_name("Updated Part II") == (None, 0.0)
    assert classify_name("Thurston Howell III")[0] == "Person"


def test_a_pension_body_with_a_plural_possessive_and_police_and_fire() -> None:
    for text, name in (
        ("On June 2, 2025, the court appointed Lakeshore Municipal Employees' Retirement System as lead plaintiff.",
         "Lakeshore Municipal Employees' Retirement System"),
        ("The court dismissed plaintiff City of Marlow Police and Fire Retirement System. The matter is stayed.",
         "City of Marlow Police and Fire Retirement System"),
    ):
        accepted = [c.text for c in find_mentions(text).candidates if c.accepted]
        assert name in accepted, text
    # "System" alone makes no organization: a settlement system, a product
    assert not [c.text for c in find_mentions("Payments settle through the DTC Same-Day Funds Settlement System.").candidates
                if c.accepted and "System" in c.text]


def test_a_patent_review_number_is_no_organization() -> None:
    text = "Petitions for inter partes review (IPR2025-01102 and IPR2025-01103) were filed with the Board."
    assert not [c.text for c in find_mentions(text).candidates if c.accepted and "IPR" in c.text]


def test_an_upper_case_acronym_that_is_a_word_opens_a_mixed_case_name() -> None:
    for text, name in (("Its subsidiary HIS Realty Holdings LLC owns the warehouse.", "HIS Realty Holdings LLC"),
                       ("She is a partner of WE Family Offices.", "WE Family Offices")):
        assert name in [c.text for c in find_mentions(text).candidates if c.accepted], text
    assert [c.text for c in find_mentions("BY AND BETWEEN Tarrant Corp. and Kessel LLC").candidates if c.accepted] == [
        "Tarrant Corp.", "Kessel LLC"]


def test_plain_words_joined_by_and_sign_are_a_product_line_even_when_surnames() -> None:
    accepted = [c.text for c in find_mentions("Sales of Female Blades & Razors rose, while Ernst & Young audited us.").candidates
                if c.accepted]
    assert "Female Blades & Razors" not in accepted and "Ernst & Young" in accepted


def test_an_upper_case_bank_for_a_cause_is_one_name_and_a_capital_city_is_no_party(nlp, tmp_path: Path) -> None:
    """Eleventh session: "JAPAN BANK FOR INTERNATIONAL COOPERATION" (a bank is a head "for" continues, in
    upper case too); "Jakarta" alone is a place."""
    path = tmp_path / "ex10.txt"
    path.write_text("TERM LOAN FACILITIES AGREEMENT\n\nDated 18 March 2025\n\nPT HALVERSON PANAS BUMI\n    as Borrower\n\n"
                    "JAPAN BANK FOR INTERNATIONAL COOPERATION\n    as JBIC Lender\n\n"
                    "The Borrower is a limited liability company established in Jakarta.\n")
    labels = {e.label for e in extract_filing(read_filing(path), nlp=nlp).entities}
    assert any(x.lower() == "japan bank for international cooperation" for x in labels)
    assert "International Cooperation" not in labels and "Jakarta" not in labels

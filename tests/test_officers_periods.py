"""Issue 12/13: a past seat of a biography carries its closed period ("from 2012 to 2024", "From 2012 to
2024, he was") and "most recently served as" introduces a seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.extract.pipeline import extract_filing, load_pipeline
from corpkg.extract.reader import read_filing

HEAD = """FORM 8-K
CURRENT REPORT

HALCYON INSTRUMENTS CORPORATION
(Exact name of registrant as specified in its charter)

Item 5.02 Departure of Directors or Certain Officers.

The Company appointed Miguel Alvarez as Chief Financial Officer. """


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_pipeline()


def _seats(nlp, tmp_path: Path, sentence: str) -> dict[str, dict[str, str]]:  # type: ignore[no-untyped-def]
    path = tmp_path / "f.txt"
    path.write_text(HEAD + sentence + "\n")
    ex = extract_filing(read_filing(path), nlp=nlp)
    lab = {e.key: e.label for e in ex.entities}
    return {lab[f.participant("organization")[0]]: {k: v for k, v in f.attributes if k in ("startDate", "endDate", "status")}
            for f in ex.facts if f.role == "position"}


@pytest.mark.parametrize("sentence", [
    "Mr. Alvarez served as Vice President of Finance at Dover Corporation from 2012 to 2024.",
    "Mr. Alvarez, 54, most recently served as Vice President of Finance at Dover Corporation from 2012 to 2024.",
    "From 2012 to 2024, Mr. Alvarez was Vice President of Finance at Dover Corporation.",
])
def test_a_past_seat_with_its_period(nlp, tmp_path: Path, sentence: str) -> None:  # type: ignore[no-untyped-def]
    seats = _seats(nlp, tmp_path, sentence)
    assert seats["Dover Corporation"] == {"startDate": "2012", "endDate": "2024", "status": "former"}
    assert seats["Halcyon Instruments Corporation"]["status"] == "current"


def test_a_chained_seat_keeps_its_own_period(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    seats = _seats(nlp, tmp_path, "Mr. Alvarez served as Vice President of Finance at Dover Corporation from 2012 to "
                   "2024, and before that served as Controller of Ingersoll Rand plc from March 2008 to 2012.")
    assert seats["Ingersoll Rand plc"] == {"startDate": "2008-03", "endDate": "2012", "status": "former"}


def test_a_current_seat_since_a_year_is_not_closed(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    seats = _seats(nlp, tmp_path, "Mr. Alvarez has served as a director of Dover Corporation since 2019.")
    assert seats["Dover Corporation"].get("status") == "current"
    assert "endDate" not in seats["Dover Corporation"]


@pytest.mark.parametrize("sentence", [
    "On December 5, 2017, the Board of Directors of the Registrant elected Maria L. Ortega and Peter J. Lund as "
    "Directors, effective February 1, 2018.",
    "Maria L. Ortega and Peter J. Lund were elected as directors of the Company.",
])
def test_a_plural_seat_shared_by_an_enumeration(nlp, tmp_path: Path, sentence: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "f.txt"
    path.write_text(HEAD.replace("The Company appointed Miguel Alvarez as Chief Financial Officer. ", "") + sentence + "\n")
    ex = extract_filing(read_filing(path), nlp=nlp)
    lab = {e.key: e.label for e in ex.entities}
    seats = {(lab[f.participant("holder")[0]], dict(f.attributes)["title"]) for f in ex.facts if f.role == "position"}
    assert {("Maria L. Ortega", "Director"), ("Peter J. Lund", "Director")} <= seats


def test_the_board_of_directors_is_no_plural_seat(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "f.txt"
    path.write_text(HEAD.replace("The Company appointed Miguel Alvarez as Chief Financial Officer. ", "")
                    + "The Board of Directors thanked Maria L. Ortega for her service to the community.\n")
    ex = extract_filing(read_filing(path), nlp=nlp)
    assert not [f for f in ex.facts if f.role == "position"]


def _positions(nlp, tmp_path: Path, body: str) -> set[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    path = tmp_path / "f.txt"
    path.write_text(HEAD.replace("The Company appointed Miguel Alvarez as Chief Financial Officer. ", "") + body + "\n")
    ex = extract_filing(read_filing(path), nlp=nlp)
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[f.participant("holder")[0]], lab[f.participant("organization")[0]], t)
            for f in ex.facts if f.role == "position" for k, t in f.attributes if k == "title"}


@pytest.mark.parametrize(("body", "seat"), [
    # a member of the Company's Board of Directors
    ("On July 30, 2015, the Board of Directors of Halcyon Instruments Corporation (the “Company”) elected Mikel A. "
     "Durham as a member of the Company’s Board of Directors.",
     ("Mikel A. Durham", "Halcyon Instruments Corporation", "Director")),
    # "tendered his resignation as", "chief operations officer"
    ("On November 21, 2022, Chad Butler tendered his resignation as the president and chief operations officer of "
     "Halcyon Labs, Inc., a wholly-owned subsidiary of the Company.",
     ("Chad Butler", "Halcyon Labs, Inc.", "Chief Operating Officer")),
    # the Company's title stays with the Company
    ("David Neibert, the Company’s Chief Operating Officer, will also serve as interim president of Halcyon Labs, Inc.",
     ("David Neibert", "Halcyon Instruments Corporation", "Chief Operating Officer")),
])
def test_a_seat_and_its_organization(nlp, tmp_path: Path, body: str,  # type: ignore[no-untyped-def]
                                     seat: tuple[str, str, str]) -> None:
    assert seat in _positions(nlp, tmp_path, body)


def test_an_election_table_under_the_companys_board(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    seats = _positions(nlp, tmp_path, "Item 5.07 Submission of Matters to a Vote of Security Holders\n\nAt the Annual "
                       "Meeting, the following individuals were elected to the Company’s Board of Directors.\n\n"
                       "Votes For\tVotes Withheld\tBroker Non-Votes\nDr. Maria L. Ortega\t153,010,411\t7,586,638\t31,694,834\n"
                       "Peter J. Lund\t158,434,567\t2,162,482\t31,694,834\n")
    assert {("Maria L. Ortega", "Halcyon Instruments Corporation", "Director"),
            ("Peter J. Lund", "Halcyon Instruments Corporation", "Director")} <= seats


def test_a_period_between_two_seats_dates_the_second(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "f.txt"
    path.write_text(HEAD + "Mr. Alvarez served as acting Chief Financial Officer and from October 2000 to October 2002 "
                    "was Senior Vice President of Finance for Parametric Devices Corporation.\n")
    ex = extract_filing(read_filing(path), nlp=nlp)
    lab = {e.key: e.label for e in ex.entities}
    seat = next(dict(f.attributes) for f in ex.facts if f.role == "position"
                and lab[f.participant("organization")[0]] == "Parametric Devices Corporation")
    assert (seat["startDate"], seat["endDate"], seat["status"]) == ("2000-10", "2002-10", "former")

"""Acquirers from a merger agreement's party list that names no merger subsidiary's parent: the party
listed right before the one merger subsidiary acquires the one other company."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.extract.pipeline import extract_filing, load_pipeline
from corpkg.extract.reader import read_filing


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_pipeline()


def _deals(nlp, tmp_path: Path, issuer: str, body: str) -> set[tuple[str, str]]:  # type: ignore[no-untyped-def]
    path = tmp_path / "f.txt"
    path.write_text(f"FORM 8-K\n\n{issuer}\n(Exact name of registrant as specified in its charter)\n\n"
                    f"Item 1.01 Entry into a Material Definitive Agreement.\n\n{body}\n")
    ex = extract_filing(read_filing(path), nlp=nlp)
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[f.participant("acquirer")[0]], lab[f.participant("target")[0]]) for f in ex.facts if f.role == "acquisition"}


def test_the_filer_is_the_target(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deals = _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", "On May 3, 2021, the Company entered into an Agreement "
                   "and Plan of Merger (the “Merger Agreement”) by and among Hollis Software Corporation, Ridge Merger "
                   "Sub Inc. and the Company.")
    assert deals == {("Hollis Software Corporation", "Lumen Voice Systems, Inc.")}


def test_a_list_ending_in_the_subsidiary_says_nothing(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deals = _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", "Exhibit 2.1 Agreement and Plan of Merger dated as of "
                   "May 3, 2021 among the Company, Hollis Software Corporation and Ridge Merger Sub Inc.")
    assert deals == set()


def test_the_filer_is_the_acquirer(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deals = _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", "The Company announced the closing of the transactions "
                   "contemplated by the Agreement and Plan of Merger between the Company, Ridge Merger Sub, "
                   "Inc., Tallow Analytics, Inc. and Fortis Advisory LLC, as the stockholder representative.")
    assert deals == {("Lumen Voice Systems, Inc.", "Tallow Analytics, Inc.")}


def test_no_merger_subsidiary_no_guess(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deals = _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", "The Company entered into a Merger Agreement by and "
                   "among the Company, Hollis Software Corporation and Tallow Analytics, Inc.")
    assert deals == set()


def test_a_support_agreement_with_a_holder_is_no_party_list(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deals = _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", "Concurrently with entering into the Merger Agreement, "
                   "Hollis Software Corporation and Ridge Merger Sub Inc. entered into a separate tender and support "
                   "agreement with the principal stockholder of the Company, Tamarind Capital Management, L.P.")
    assert ("Hollis Software Corporation", "Tamarind Capital Management, L.P.") not in deals


@pytest.mark.parametrize("body", [
    "On November 12, 2008, the Company issued a press release announcing its intent to commence a cash tender offer "
    "to purchase all of the outstanding shares of Zeta Labs Corporation.",
    "Lumen Voice Systems, Inc. issued a press release reaffirming its proposal to acquire Zeta Labs Corporation.",
])
def test_a_stated_intent_to_acquire(nlp, tmp_path: Path, body: str) -> None:  # type: ignore[no-untyped-def]
    assert _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", body) == {("Lumen Voice Systems, Inc.", "Zeta Labs Corporation")}


def test_a_plan_to_acquire_a_thing_is_no_deal(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", "Lumen Voice Systems, Inc. confirmed its plan to acquire "
                  "a license from Ridge Analytics Inc.") == set()


def test_all_the_shares_bought_from_a_seller(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deals = _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", "Pursuant to the agreement, the Company agreed to purchase "
                   "from Harbor Media LLC, a wholly owned subsidiary of Crestline Holdings Inc., all of the outstanding "
                   "shares of Tamsin Software, Inc. for $265 million in cash.")
    assert ("Lumen Voice Systems, Inc.", "Tamsin Software, Inc.") in deals
    assert not any(t == "Harbor Media LLC" for _, t in deals)
    assert _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", "The Company agreed to purchase from Harbor Media LLC "
                  "certain patents.") == set()


def test_a_closed_deal_lets_a_looser_subsidiary_name_count(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    body = ("The Company issued a press release regarding the close of the transactions contemplated by that certain "
            "Agreement and Plan of Merger between the Company, Ridge Acquisition Corporation, Tallow Analytics, Inc. and "
            "Fortis Advisory LLC, as the stockholder representative.")
    assert _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", body) == {("Lumen Voice Systems, Inc.", "Tallow Analytics, Inc.")}


def test_an_exhibit_index_row_below_is_another_agreement(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    body = ("Item 9.01. Financial Statements and Exhibits.\n\nExhibit Number\tDescription\n2.1\tAgreement and Plan of Merger "
            "dated as of April 25, 2017 among the Company, Tallow Analytics, Inc. and Ridge Merger Sub, Inc.\n99.1\tTender "
            "and Support Agreement dated as of April 25, 2017 among the Company, Ridge Merger Sub, Inc., Oakmont Partners "
            "Fund IV, L.P. and Oakmont Holdings, LLC.")
    assert _deals(nlp, tmp_path, "LUMEN VOICE SYSTEMS, INC.", body) == set()

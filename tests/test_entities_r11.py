"""Entity grouping (sixth session): a surname-only person whose first name is on no list is named in
full where the filing writes it ("the Board appointed Sanjay Mehrotra … Mr. Mehrotra"), and a one-word
short name shared by the filer and another company ("Pericom" beside Pericom Semiconductor, the filer, and
Pericom Technology) is the filer."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.extract.pipeline import extract_filing, load_pipeline
from corpkg.extract.reader import read_filing


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_pipeline()


def _entities(nlp, tmp_path: Path, issuer: str, body: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "f.txt"
    path.write_text(f"FORM 8-K\n\n{issuer}\n(Exact name of registrant as specified in its charter)\n\n{body}\n")
    return extract_filing(read_filing(path), nlp=nlp).entities


@pytest.mark.parametrize("first", ["Sanjay", "Oluwaseun", "Xiaoming"])
def test_an_unlisted_first_name_before_a_known_surname(nlp, tmp_path: Path, first: str) -> None:  # type: ignore[no-untyped-def]
    ents = _entities(nlp, tmp_path, "ACME CORP", f"The Board appointed {first} Okonkwo as Chief Operating Officer. "
                     "Mr. Okonkwo joined the Company in 2015.")
    persons = [e.label for e in ents if e.kind == "Person"]
    assert persons == [f"{first} Okonkwo"]


def test_two_first_names_leave_the_surname_alone(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ents = _entities(nlp, tmp_path, "ACME CORP", "The Board thanked Sanjay Okonkwo and Chidi Okonkwo. "
                     "Mr. Okonkwo will retire.")
    assert "Sanjay Okonkwo Chidi" not in {e.label for e in ents}
    assert not any(e.label in ("Sanjay Okonkwo", "Chidi Okonkwo") and "Okonkwo" in e.aliases for e in ents)


def test_an_ordinary_word_is_no_first_name(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ents = _entities(nlp, tmp_path, "ACME CORP", "Under the terms, Okonkwo will serve. Mr. Okonkwo is 54. The terms "
                     "were approved.")
    assert "Under Okonkwo" not in {e.label for e in ents}


def test_a_short_name_shared_with_a_subsidiary_is_the_filer() -> None:
    from corpkg.extract.entities import _Builder
    from corpkg.extract.model import Document, Entity

    issuer = Entity(key="peridot-semiconductor", kind="Organization", label="Peridot Semiconductor Corporation",
                    is_issuer=True)
    b = _Builder(Document(path="x.txt", format="text", text="Peridot", sha256="", encoding="utf-8"), frozenset(), issuer)
    b._new("Organization", "Peridot Technology, Inc.", 1.0)
    assert b._org_match("peridot", False) is b.issuer_ent
    alone = _Builder(Document(path="x.txt", format="text", text="Peridot", sha256="", encoding="utf-8"), frozenset(), None)
    one, two = alone._new("Organization", "Peridot Technology, Inc.", 1.0), alone._new("Organization", "Peridot Labs LLC", 1.0)
    assert alone._org_match("peridot", False) is None  # two companies and no filer among them: no guess
    assert one is not two


def test_a_capacity_joined_to_a_name_by_and_is_no_part_of_it(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ents = _entities(nlp, tmp_path, "ACME CORP", "PLEDGE AGREEMENT dated as of March 1, 2022, among ACME CORP. as "
                     "Grantor and U.S. BANK TRUST COMPANY, NATIONAL ASSOCIATION, as Collateral Agent")
    labels = {e.label for e in ents}
    assert not any(label.lower().startswith("grantor") for label in labels)
    assert any("U.S. BANK TRUST COMPANY" in label.upper() for label in labels)


def test_a_piece_of_a_longer_name_is_no_entity(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "a.txt"
    path.write_text("REVOLVING CREDIT AGREEMENT\n\nREVOLVING CREDIT AGREEMENT dated as of June 9, 1995 among PELHAM MILLS, "
                    "INC., a North Carolina corporation (the \"Company\"), FIRST UNION NATIONAL BANK OF NORTH CAROLINA, "
                    "WACHOVIA BANK OF NORTH CAROLINA, N.A. and the other lending institutions listed on Schedule 1 hereto "
                    "(collectively, the \"Banks\"), and FIRST UNION NATIONAL BANK OF NORTH CAROLINA, as agent for the "
                    "Banks (the \"Agent\").\n")
    labels = {e.label for e in extract_filing(read_filing(path), nlp=nlp).entities}
    assert "WACHOVIA BANK OF NORTH CAROLINA, N.A." in labels
    assert not any(label.upper().startswith("NORTH CAROLINA") for label in labels)

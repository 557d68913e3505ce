"""The two seed filings: cover facts equal the gold `issuer` answers; the text is the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpkg.extract.cover import mixed_case_form, names_match, parse_date
from corpkg.extract.reader import issuer_name, read_filing

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SEEDS = sorted(EXAMPLES.glob("*.txt"))


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.name)
def test_seed_text_is_the_file_read_with_universal_newlines(path: Path) -> None:
    doc = read_filing(path)
    assert doc.format == "text"
    assert doc.text == path.read_text(encoding=doc.encoding)
    assert doc.offset_map.text_starts == ()  # identity


@pytest.mark.shared
@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.name)
def test_seed_cover_matches_gold_issuer(path: Path, gold_dir: Path) -> None:
    gold = json.loads((gold_dir / f"{path.stem}.json").read_text())["issuer"]
    doc = read_filing(path)
    cover = doc.cover
    assert cover is not None
    # the cover prints "THE AUXER GROUP, INC."; gold's label is "The Auxer Group, Inc.": names are
    # compared with gold's normalisation (case, punctuation, leading "The", legal suffixes)
    assert names_match(cover.registrant_name, gold["name"]), cover.registrant_name
    assert names_match(issuer_name(doc), gold["name"])
    for field in ("commission_file_number", "irs_employer_id", "state_of_incorporation", "address", "phone"):
        assert getattr(cover, field) == gold[field], field
    if "shares_outstanding" in gold:
        assert cover.shares_outstanding == gold["shares_outstanding"]


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.name)
def test_every_cover_span_quotes_its_value(path: Path) -> None:
    doc = read_filing(path)
    assert doc.cover is not None
    for field, start, end in doc.cover.spans:
        quote = doc.text[start:end]
        value = getattr(doc.cover, field)
        if field in ("period_of_report", "date_of_report", "signature_date"):
            assert parse_date(quote) == value
        elif field == "shares_outstanding":
            assert int(quote.replace(",", "")) == value
        elif field == "form_type":
            assert value.startswith(quote)
        else:
            assert quote == value, field


def test_quarterly_seed_facts() -> None:
    doc = read_filing(EXAMPLES / "001_39229ddd04409d79.txt")
    assert doc.form_type == "10-QSB"
    assert doc.cover.period_of_report == "2002-03-31"  # printed "March 31,2002"
    kinds = {s.kind for s in doc.sections}
    assert {"cover", "part", "item", "notes", "signatures", "financial-statements"} <= kinds
    part_two_items = [s.item for s in doc.sections if s.kind == "item" and s.part == "II" and s.end - s.start > 20]
    assert "1" in part_two_items and "6" in part_two_items
    sig = [s for s in doc.sections if s.kind == "signatures"][-1]
    assert doc.text[sig.start : sig.start + 10] == "SIGNATURES"


def test_current_report_seed_facts() -> None:
    doc = read_filing(EXAMPLES / "002_933b7785daade086.txt")
    assert doc.form_type == "8-K/A"  # "AMENDMENT NO. 2 TO FORM 8-K"
    assert doc.cover.date_of_report == "2003-01-28"
    items = [(s.item, doc.text[s.start : s.start + 7]) for s in doc.sections if s.kind == "item"]
    assert items == [("1", "ITEM 1."), ("2", "ITEM 2."), ("5", "ITEM 5."), ("7", "ITEM 7.")]
    assert doc.section_at(doc.text.index("Robert J. Scott became")).item == "5"


def test_mixed_case_form_of_the_printed_name() -> None:
    doc = read_filing(EXAMPLES / "001_39229ddd04409d79.txt")
    form, start, end = mixed_case_form(doc.text, doc.cover.registrant_name)
    assert form == "The Auxer Group, Inc." and doc.text[start:end] == form
    assert mixed_case_form("ACME CORP only in capitals", "ACME CORP") is None


@pytest.mark.parametrize(
    ("name", "date"), [("001_39229ddd04409d79.txt", "2002-05-20"), ("002_933b7785daade086.txt", "2003-01-28")]
)
def test_signature_date_is_read_from_the_signatures_section(name: str, date: str) -> None:
    doc = read_filing(EXAMPLES / name)
    assert doc.cover is not None and doc.cover.signature_date == date  # "Date: May 20, 2002", "DATED: January 28, 2003"
    (start, end), = [(s, e) for f, s, e in doc.cover.spans if f == "signature_date"]
    section = doc.section_at(start)
    assert section is not None and section.kind == "signatures"

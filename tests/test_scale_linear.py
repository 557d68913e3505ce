"""Steps made linear for huge filings (issue 15) return what the simple scans they replace returned."""

from __future__ import annotations

import dataclasses
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpkg.extract.entities import _alone_on_line
from corpkg.extract.model import Document, Section, SectionIndex, SubDocument


def _innermost_by_scan(sections: list[Section], offset: int) -> Section | None:
    """The scan Document.section_at used to do: the last shortest section containing offset."""
    best: Section | None = None
    for s in sections:
        if s.start <= offset < s.end and (best is None or s.end - s.start <= best.end - best.start):
            best = s
    return best


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

_spans = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 30)), max_size=25)


@settings(deadline=None)  # no timing here: a loaded machine is slow
@given(_spans)
def test_section_index_agrees_with_a_scan(spans: list[tuple[int, int]]) -> None:
    sections = [Section(kind="item", title=f"s{i}", start=a, end=a + n) for i, (a, n) in enumerate(spans)]
    index = SectionIndex(sections)
    for offset in range(-2, 95):
        assert index.at(offset) is _innermost_by_scan(sections, offset)


def test_section_at_picks_the_innermost_section_across_documents() -> None:
    part = Section(kind="part", title="PART I", start=0, end=100, part="I")
    item = Section(kind="item", title="Item 1", start=10, end=40, item="1", part="I")
    exhibit = Section(kind="exhibit", title="EX-21", start=100, end=150)
    doc = Document(path="x", format="submission", text="x" * 150, sha256="", encoding="utf-8", documents=(
        SubDocument(type="10-K", sequence=1, filename=None, description=None, start=0, end=100, sections=(part, item)),
        SubDocument(type="EX-21", sequence=2, filename=None, description=None, start=100, end=150,
                    sections=(exhibit,)),
    ))
    assert [doc.section_at(o) for o in (0, 10, 39, 40, 100, 149, 150)] == [part, item, item, part, exhibit, exhibit,
                                                                            None]


# --------------------------------------------------------------------------- a name alone on its line

def _alone_by_scan(text: str, start: int, end: int) -> int | None:
    """What _name_lines used to compute: the line's end when only blanks surround the span on it."""
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", end)
    le = len(text) if le < 0 else le
    return None if text[ls:start].strip() or text[end:le].strip() else le


@settings(deadline=None)
@given(st.text(alphabet=" \t\r\nAb.", max_size=40), st.data())
def test_alone_on_line_agrees_with_a_scan_of_the_whole_line(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    assert _alone_on_line(text, start, end) == _alone_by_scan(text, start, end)


# --------------------------------------------------------------------------- passage texts

def test_a_passage_doc_keeps_its_text_and_any_doc_gives_its_own() -> None:
    import spacy

    from corpkg.extract.nlp import doc_text, passage_doc

    nlp = spacy.blank("en")
    text = "Acme  Corp.\n\tappointed Jane Roe (the “CEO”) on May 1, 2003 . "
    doc = passage_doc(nlp, text)
    assert doc_text(doc) == doc.text == text
    plain = nlp.make_doc(text)
    assert doc_text(plain) == text


# --------------------------------------------------------------------------- one pass over the passages

def test_role_components_in_one_pass_find_what_one_pass_each_finds() -> None:
    """extract_filing runs the role components together, passage by passage; spaCy's own call
    runs each over every passage in turn: the same extraction, on a filing of several copies."""
    from corpkg.extract.pipeline import extract_filing, filing_doc, load_pipeline
    from corpkg.extract.reader import read_filing
    seed = read_filing(str(sorted(EXAMPLES.glob("001_*.txt"))[0]))
    twice = dataclasses.replace(seed, text=seed.text + "\n\n" + seed.text, documents=(), agreements=())
    nlp = load_pipeline()
    for document in (seed, twice):
        one_each = nlp(filing_doc(nlp, document))._.filing.extraction()
        assert extract_filing(document, nlp=nlp) == one_each
        assert one_each.facts


# --------------------------------------------------------------------------- the pair classifier in batches

class _CountingModel:
    """A stand-in pair model: a fixed probability per candidate and label; records its batches."""

    extractor = "test.pairs@1"

    def __init__(self) -> None:
        self.batches: list[int] = []

    def threshold(self, role: str) -> float:
        return 0.3

    def score(self, candidates: list[Any]) -> list[dict[str, float]]:
        from corpkg.extract.learned import LABELS

        self.batches.append(len(candidates))
        return [{lb: zlib.crc32(f"{c.first.key}|{c.second.key}|{c.sentence}|{lb}".encode()) % 1000 / 1000 for lb in LABELS}
                for c in candidates]


def test_the_pair_classifier_scores_in_batches_what_it_scored_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from corpkg.extract.learned import pairs
    from corpkg.extract.roles.common import RoleContext
    from corpkg.extract.roles.testing import make_doc

    text = ("Jane Roe, the Company's Chief Executive Officer, joined Acme Robotics, Inc. in 2001. "
            "First National Bank lent Acme Robotics, Inc. $5 million under a credit agreement. "
            "Acme Robotics, Inc. acquired Widget Co. in a merger. ")
    ents = [("Jane Roe", "PERSON"), ("Acme Robotics, Inc.", "ORG", "acme"), ("First National Bank", "ORG"),
            ("Widget Co.", "ORG")]
    docs = [make_doc(text, ents, context=RoleContext(issuer_key="acme")) for _ in range(6)]
    whole = _CountingModel()
    at_once = pairs.propose_facts(None, docs, model=whole, scorer=whole.score, threshold=0.3)  # type: ignore[arg-type]
    monkeypatch.setattr(pairs, "SCORE_BATCH", 4)
    batched = _CountingModel()
    in_batches = pairs.propose_facts(None, docs, model=batched, threshold=0.3)  # type: ignore[arg-type]
    assert len(whole.batches) == 1 and whole.batches[0] > 8
    assert max(batched.batches) == 4 and sum(batched.batches) == whole.batches[0]
    assert in_batches == at_once and at_once

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


# --------------------------------------------------------------------------- lines found within a reach

def _line_by_scan(text: str, s: int, e: int) -> tuple[int, int]:
    """What officers' _line_around used to compute, searching through the whole text."""
    end = text.find("\n", e)
    return text.rfind("\n", 0, s) + 1, len(text) if end < 0 else end


@settings(deadline=None)
@given(st.text(alphabet=" \nAb", max_size=40), st.data())
def test_line_helpers_agree_with_whole_text_scans_on_lines_shorter_than_the_reach(text: str, data: st.DataObject) -> None:
    from corpkg.extract import lines

    s = data.draw(st.integers(0, len(text)))
    e = data.draw(st.integers(s, len(text)))
    assert lines.line_around(text, s, e) == _line_by_scan(text, s, e)
    assert lines.line_start(text, s) == text.rfind("\n", 0, s) + 1
    assert lines.newline_before(text, s) == text.rfind("\n", 0, s)
    end = text.find("\n", e)
    assert lines.line_end(text, e) == (len(text) if end < 0 else end)


def test_on_a_single_huge_line_the_helpers_return_a_bounded_window() -> None:
    from corpkg.extract import lines

    reach = lines.LINE_REACH
    text = "word " * (reach // 2) * 3  # 7.5 reaches of text, no line break
    pos = 3 * reach
    assert lines.line_around(text, pos, pos + 4) == (pos - reach, pos + 4 + reach)
    assert lines.line_start(text, pos) == pos - reach
    assert lines.newline_before(text, pos) is None  # a line too long to be one
    assert lines.newline_before(text, reach // 2) == -1  # the text starts within reach: the first line
    assert lines.line_around(text, 10, 14) == (0, 14 + reach)
    assert lines.line_end(text, len(text) - 10) == len(text)
    # a shorter reach finds the line break that a longer one finds
    broken = text[:pos] + "\n" + text[pos:]
    assert lines.line_around(broken, pos + 10, pos + 14, reach=20) == (pos + 1, pos + 14 + 20)


_HUGE_LINE = "filler " * 6000 + "\n\n"  # 42,000 characters without a line break, then a paragraph break


def test_signature_blocks_and_schedule_rows_read_the_same_after_a_huge_line() -> None:
    """The officer rules walk lines up and down from a name; a single line of more than the reach
    above a block neither hides the block's own lines nor is read as one of them."""
    from tests.test_roles_officers_schedule import SCHED_NAMES, SCHEDULE, SIG_NAMES, SIGNATURES, _facts

    for text, names, passage in ((SIGNATURES, SIG_NAMES, "Name: Li Keping Title: Executive Director and President"),
                                 (SCHEDULE, SCHED_NAMES, "Li Keping"), (SCHEDULE, SCHED_NAMES, "Wang Baoan")):
        plain = _facts(text, names, passage)
        after_huge_line = _facts(_HUGE_LINE + text, names, passage)
        assert plain and set(after_huge_line) == set(plain)
        for key, fact in plain.items():
            assert after_huge_line[key].attributes == fact.attributes



def test_agreement_signatures_and_commitments_read_the_same_after_a_huge_line() -> None:
    """Signature blocks and commitments are read line by line from each "By"; a single line of
    more than the reach before the signature pages changes none of them."""
    from corpkg.extract.reader import read_text
    from tests.test_agreements import COMMITMENTS, RULED

    def read(text: str) -> tuple[set[tuple[str, str, str | None, str]], set[tuple[str, str | None]]]:
        (ag,) = read_text(text.encode(), "ex10.txt").agreements
        return ({(s.person, s.title, s.org, s.capacity) for s in ag.signatories},
                {(" ".join(p.name.split()), p.capacity) for p in ag.parties})

    for text, at in ((RULED, "                              ALDER BANK PLC"), (COMMITMENTS, "Commitments\n")):
        i = text.index(at)
        plain = read(text)
        assert plain[0] or plain[1]
        assert read(text[:i] + _HUGE_LINE + text[i:]) == plain


# --------------------------------------------------------------------------- merging a fact told many times

def _merge_pairwise(facts: list[Any]) -> list[Any]:
    """What merge_facts did before: each repeat rebuilt the merged fact from the last one (a
    fact told n times cost n² steps)."""
    from corpkg.extract.model import Fact
    from corpkg.extract.roles.common import _SINGLE_VALUED, _fact_key_slots

    order: list[tuple[Any, ...]] = []
    merged: dict[tuple[Any, ...], Fact] = {}
    for f in facts:
        known = _fact_key_slots()
        slots = known.get(f.role)
        if f.role not in known:
            key: tuple[Any, ...] = (f.role, f.participants, f.attributes, f.evidence)
        elif slots is None:
            key = (f.role, tuple(sorted(f.participants)))
        else:
            key = (f.role, tuple(tuple(sorted(f.participant(s))) for s in slots), tuple(f.attribute("status")))
        if key not in merged:
            merged[key] = f
            order.append(key)
            continue
        old = merged[key]
        attrs = list(old.attributes)
        names = {n for n, _ in attrs}
        for n, v in f.attributes:
            if (n, v) in attrs or (n in _SINGLE_VALUED and n in names):
                continue
            attrs.append((n, v))
            names.add(n)
        merged[key] = Fact(role=old.role, participants=tuple(dict.fromkeys(old.participants + f.participants)),
                           attributes=tuple(attrs), evidence=tuple(dict.fromkeys(old.evidence + f.evidence)))
    return [merged[k] for k in order]


_facts_drawn = st.lists(st.tuples(
    st.sampled_from(["position", "subsidiary", "proceeding"]),
    st.lists(st.sampled_from(["a", "b", "c"]), min_size=2, max_size=3),
    st.lists(st.tuples(st.sampled_from(["title", "status", "startDate", "printedTitle"]), st.sampled_from(["x", "y"])),
             max_size=3),
    st.lists(st.integers(0, 3), max_size=3),
), max_size=30)


@settings(deadline=None)
@given(_facts_drawn)
def test_merge_facts_unites_as_the_pairwise_merge_did(drawn: list[tuple[str, list[str], list[tuple[str, str]], list[int]]]) -> None:
    from corpkg.extract.model import Evidence, Fact
    from corpkg.extract.roles.common import merge_facts

    slots = {"position": ("holder", "organization", "holder"), "subsidiary": ("owner", "owned", "owner"),
             "proceeding": ("plaintiff", "defendant", "defendant")}
    facts = [Fact(role, tuple((slots[role][i], k) for i, k in enumerate(keys)), tuple(attrs),  # type: ignore[arg-type]  # roles drawn as plain str
                  tuple(Evidence(quote=f"q{n}", start=n, end=n + 2) for n in evs))
             for role, keys, attrs, evs in drawn]
    assert merge_facts(facts) == _merge_pairwise(facts)


def test_a_fact_told_many_times_is_one_fact_with_every_evidence() -> None:
    from corpkg.extract.model import Evidence, Fact
    from corpkg.extract.roles.common import merge_facts

    told = [Fact("position", (("holder", "jane-roe"), ("organization", "acme")), (("title", "President"),),
                 (Evidence(quote="Jane Roe, President", start=100 * i, end=100 * i + 19),)) for i in range(2000)]
    (one,) = merge_facts(told)
    assert one.participants == told[0].participants and one.attributes == told[0].attributes
    assert [ev.start for ev in one.evidence] == [100 * i for i in range(2000)]


# --------------------------------------------------------------------------- "the Company" defined as another party

@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(1, 30), st.sampled_from(["company", "registrant"])), max_size=8))
def test_the_first_override_found_by_bisection_is_the_first_a_scan_finds(drawn: list[tuple[int, int, str]]) -> None:
    """_issuer_synonyms gave each "the Company" to the first override covering it, scanning them all per
    match; the segments of _first_override give the same answer at every offset."""
    import bisect

    from corpkg.extract.entities import _first_override

    overrides = [(a, a + n, word, f"party-{i}") for i, (a, n, word) in enumerate(drawn)]
    by_word = _first_override(overrides)  # type: ignore[arg-type]  # any object stands for an entity
    for word in ("company", "registrant", "issuer"):
        bounds, first = by_word.get(word, ([], []))
        for s in range(-1, 75):
            by_scan = next((ent for a, b, t, ent in overrides if a <= s < b and t == word), None)
            i = bisect.bisect_right(bounds, s) - 1
            assert (first[i] if i >= 0 else None) == by_scan

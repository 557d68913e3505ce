"""Steps made linear for huge filings (issue 15) return what the simple scans they replace returned."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from corpkg.extract.model import Document, Section, SectionIndex, SubDocument


def _innermost_by_scan(sections: list[Section], offset: int) -> Section | None:
    """The scan Document.section_at used to do: the last shortest section containing offset."""
    best: Section | None = None
    for s in sections:
        if s.start <= offset < s.end and (best is None or s.end - s.start <= best.end - best.start):
            best = s
    return best


_spans = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 30)), max_size=25)


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

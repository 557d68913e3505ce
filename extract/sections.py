"""Locate the parts of a document's text: cover, PART/Item headings, financial statements,
notes, signatures, exhibits, and old-style ``<TABLE>`` blocks.

Headings are found by their printed shape at the start of a line ("PART II", "Item 2.01.",
"ITEM 7A", "SIGNATURES", "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS"); each section runs
to the next heading of the same or a higher level.  Table-of-contents entries are headings
too: they produce short sections, and ``Section.kind == "toc"`` marks an index block where
headings follow each other within a few lines.
"""

from __future__ import annotations

import bisect
import re

from corpkg.extract.model import Section, Table

__all__ = ["find_sections", "find_text_tables"]

_PART = re.compile(r"^[ \t>|]*PART[ \t]+(IV|III|II|I|V|VI{0,3})\b[ \t.:\-\u2014\u2013]*([^\n]{0,120})", re.M | re.I)
_ITEM = re.compile(
    r"^[ \t>|]*ITEM[ \t\u00a0]+(\d{1,2}(?:\.\d{1,2})?[A-C]?)(?![\d,])\b[ \t.:\-\u2014\u2013\u00a0]*([^\n]{0,160})",
    re.M | re.I,
)
_SIGNATURES = re.compile(r"^[ \t|]*SIGNATURES?[ \t]*:?[ \t]*$", re.M | re.I)
_FIN = re.compile(
    r"^[ \t|]*((?:CONSOLIDATED\s+|CONDENSED\s+|COMBINED\s+){0,2}(?:BALANCE\s+SHEETS?|STATEMENTS?\s+OF\s+(?:OPERATIONS|INCOME|CASH\s+FLOWS|"
    r"FINANCIAL\s+CONDITION|STOCKHOLDERS|SHAREHOLDERS|CHANGES)|FINANCIAL\s+STATEMENTS))[^\n]{0,80}$",
    re.M | re.I,
)
_NOTES = re.compile(
    r"^[ \t|]*(NOTES\s+TO\s+(?:THE\s+)?(?:UNAUDITED\s+)?(?:CONSOLIDATED\s+|CONDENSED\s+|COMBINED\s+){0,3}"
    r"FINANCIAL\s+STATEMENTS)[^\n]{0,60}$",
    re.M | re.I,
)
_EXHIBITS = re.compile(
    r"^[ \t|]*(EXHIBIT\s+INDEX|INDEX\s+TO\s+EXHIBITS|EXHIBITS?\s+AND\s+FINANCIAL\s+STATEMENT\s+SCHEDULES?)\b[^\n]{0,80}$",
    re.M | re.I,
)
_TABLE_OPEN = re.compile(r"<TABLE>", re.I)
_TABLE_CLOSE = re.compile(r"</TABLE>", re.I)
_PAGE_NO = re.compile(r"(?:\.{3,}|\s{2,}|\t)\s*\d{1,3}(?:\s*-\s*\d{1,3})?\s*$")

# a heading: start, line end, kind, title, item, part
_Head = tuple[int, int, str, str, str | None, str | None]


def find_sections(text: str, start: int, end: int, *, doc_type: str | None = None) -> list[Section]:
    """Sections of ``text[start:end]`` with absolute offsets, outer sections first."""
    heads: list[_Head] = []
    for m in _PART.finditer(text, start, end):
        title = _title(m.group(0))
        heads.append((m.start() + _lead(m.group(0)), m.end(), "part", title, None, m.group(1).upper()))
    for m in _ITEM.finditer(text, start, end):
        heads.append((m.start() + _lead(m.group(0)), m.end(), "item", _title(m.group(0)), m.group(1).upper(), None))
    for pat, kind in ((_SIGNATURES, "signatures"), (_NOTES, "notes"), (_FIN, "financial-statements"), (_EXHIBITS, "exhibits")):
        for m in pat.finditer(text, start, end):
            heads.append((m.start() + _lead(m.group(0)), m.end(), kind, _title(m.group(0)), None, None))
    heads.sort(key=lambda h: (h[0], h[2] != "part"))
    # drop duplicates at the same offset (an ITEM line also matching FIN etc.)
    uniq: list[_Head] = []
    for h in heads:
        if uniq and h[0] < uniq[-1][1] and h[0] >= uniq[-1][0]:
            continue
        uniq.append(h)
    heads = _drop_running_heads(uniq)

    out: list[Section] = []
    is_exhibit = bool(doc_type and doc_type.upper().startswith("EX-"))
    first = heads[0][0] if heads else end
    if is_exhibit:
        out.append(Section("exhibit", doc_type or "Exhibit", start, end))
    elif first > start:
        out.append(Section("cover", "Cover page", start, first))

    toc = _toc_spans(heads, text)
    for lo, hi in toc:
        out.append(Section("toc", "Table of contents", lo, hi))

    level = {"part": 0, "item": 1, "signatures": 1, "exhibits": 1, "financial-statements": 2, "notes": 2}
    current_part: str | None = None
    for i, (hs, _he, kind, title, item, part) in enumerate(heads):
        if kind == "part":
            current_part = part
        lvl = level[kind]
        stop = end
        for h2 in heads[i + 1 :]:
            if level[h2[2]] <= lvl or (kind == "notes" and h2[2] == "financial-statements" and _in_toc(h2[0], toc)):
                stop = h2[0]
                break
        if kind == "signatures":
            stop = _signature_end(heads, i, end)
        out.append(
            Section(kind, title, hs, stop, item=item, part=part if kind == "part" else (current_part if kind == "item" else None))
        )
    return out


def _drop_running_heads(heads: list[_Head]) -> list[_Head]:
    """A page's running head ("Notes to Consolidated Financial Statements" atop every page)
    continues the section it repeats instead of starting a new one; prose lines that merely
    begin with "financial statements ..." are not headings."""
    out: list[_Head] = []
    last_title: dict[str, str] = {}
    for h in heads:
        kind, title = h[2], h[3]
        if kind in ("part", "item", "signatures", "exhibits"):
            last_title.clear()
        elif kind in ("notes", "financial-statements"):
            key = re.sub(r"[^a-z]", "", title.lower())
            if last_title.get(kind) == key:
                continue
            if kind == "financial-statements" and (title[:1].islower() or title.rstrip().endswith((".", ","))):
                continue
            last_title[kind] = key
        out.append(h)
    return out


def _signature_end(heads: list[_Head], i: int, end: int) -> int:
    for h in heads[i + 1 :]:
        if h[2] in ("part", "item", "exhibits"):
            return h[0]
    return end


def _toc_spans(heads: list[_Head], text: str) -> list[tuple[int, int]]:
    """Runs of ≥3 headings whose lines end in page numbers or follow within 3 lines."""
    spans: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []

    def close() -> None:
        if len(run) >= 3:
            spans.append((run[0][0], run[-1][1]))

    for hs, he, _kind, *_ in heads:
        line = text[hs:he]
        tocish = bool(_PAGE_NO.search(line))
        if run and (tocish or text.count("\n", run[-1][1], hs) <= 3 and hs - run[-1][1] < 300):
            run.append((hs, he))
        else:
            close()
            run = [(hs, he)]
    close()
    return spans


def _in_toc(pos: int, toc: list[tuple[int, int]]) -> bool:
    """Whether ``pos`` lies in one of the (sorted, disjoint) ``toc`` spans; a bisection, so that
    a file with thousands of tables of contents stays linear."""
    i = bisect.bisect_right(toc, pos, key=lambda span: span[0]) - 1
    return i >= 0 and toc[i][0] <= pos < toc[i][1]


def _lead(s: str) -> int:
    return len(s) - len(s.lstrip(" \t>|"))


def _title(s: str) -> str:
    return " ".join(s.split()).strip(" |")[:160]


def find_text_tables(text: str, start: int, end: int) -> list[Table]:
    """Old EDGAR text tables: ``<TABLE>`` … ``</TABLE>`` blocks, rows split on column gaps."""
    out: list[Table] = []
    pos = start
    while True:
        o = _TABLE_OPEN.search(text, pos, end)
        if o is None:
            break
        c = _TABLE_CLOSE.search(text, o.end(), end)
        stop = c.end() if c else end
        body = text[o.end() : c.start() if c else end]
        rows = []
        for line in body.split("\n"):
            if not line.strip() or re.fullmatch(r"\s*(?:<[A-Z/]{1,8}>\s*)+", line, re.I) or re.fullmatch(r"[\s\-=_]+", line):
                continue
            line = re.sub(r"</?(?:S|C|CAPTION|FN)>", " ", line, flags=re.I)
            cells = tuple(c.strip() for c in re.split(r"\s{2,}|\t", line.strip()) if c.strip())
            if cells:
                rows.append(cells)
        out.append(Table(o.start(), stop, "text", tuple(rows)))
        pos = stop
    return out

"""Exhibit 21 ("Subsidiaries of the Registrant") lists → subsidiary facts.

Rows come as the reader renders them: HTML table rows as tab-separated cells ("Name<TAB>87.5
<TAB>Bahamas"), plain-text lines as "Name (Jurisdiction)" or columns separated by runs of
spaces.  Nesting: a row indented deeper than the row above is owned by it (plain text: leading
spaces; HTML: the cell's left padding/indent in the source, found through the offset map).
When the exhibit says that indented names are divisions, indented rows are skipped.  Footnote
marks ("(4) (5)", "*") are dropped from names; rows owned 50% or less are not subsidiaries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from corpkg.extract.model import Document, Entity, Evidence, Fact, SubDocument
from corpkg.extract.roles.common import EXTRACTOR_VERSION, limits, load_json, regexes, thresholds, windows

__all__ = ["exhibit21_facts", "is_exhibit21", "list_spans"]

EXTRACTOR = f"corpkg.roles.exhibit21@{EXTRACTOR_VERSION}"
PATTERNS = "exhibit21.json"
_RX = regexes(PATTERNS)
_W = windows(PATTERNS)
_L = limits(PATTERNS)
_T = thresholds(PATTERNS)
_NAME_LOWERCASE_WORDS = frozenset(load_json(PATTERNS)["name_lowercase_words"])
_HEADER = _RX["header_word"]
_FOOTNOTE = _RX["footnote_marks"]
_PAREN_LINE = _RX["name_with_jurisdiction_line"]
# "Erco Tennessee, a general partnership (Tennessee)": the form after the name is not part of it
_FORM_TAIL = _RX["form_tail"]
_COLS = _RX["column_gap"]
_PCT = _RX["percentage_cell"]
_DIVISIONS = _RX["divisions_note"]
_TAG = _RX["html_tag"]
_NBSP = _RX["nbsp"]
_FONT_SIZE = _RX["font_size"]
_PADDING = _RX["indentation_style"]
_TITLE = _RX["list_title"]
_CAPTION = _RX["exhibit_caption"]
_END = _RX["list_end"]


def is_exhibit21(sub: SubDocument, text: str | None = None) -> bool:
    """An EX-21 sub-document, or (given the document's text) an untyped one whose opening titles it a
    subsidiaries list ("SUBSIDIARIES OF THE REGISTRANT" standing alone: an exhibit filed on its own)."""
    if sub.type:
        return sub.type.upper().startswith("EX-21")
    reach = min(sub.end, sub.start + _W["title_reach"])
    return text is not None and bool(_TITLE.search(text, sub.start, reach) or _CAPTION.search(text, sub.start, reach))


def list_spans(document: Document) -> list[tuple[SubDocument, int, int]]:
    """Where subsidiaries lists are printed: each Exhibit 21 whole, and inside any other document the
    passage after a line titling one ("SUBSIDIARIES OF BRAZOS RIDGE HOMES, INC." after the signatures of
    a 10-K that carries its exhibits in one document), up to the next exhibit, consent or certification."""
    text = document.text
    spans: list[tuple[SubDocument, int, int]] = []
    for sub in document.documents:
        if sub.content == "binary":
            continue
        if is_exhibit21(sub, text):
            spans.append((sub, sub.start, sub.end))
            continue
        pos = sub.start
        while (m := _TITLE.search(text, pos, sub.end)) is not None:
            limit = min(sub.end, m.end() + _W["in_body_list"])
            end = _END.search(text, m.end(), limit)
            stop = end.start() if end else limit
            spans.append((sub, m.end(), stop))
            pos = max(stop, m.end() + 1)
    return spans


@dataclass
class _Row:
    name: str
    jurisdiction: str | None
    percentage: str | None
    indent: float
    start: int
    end: int


def _to_pt(value: str, unit: str) -> float:
    v = float(value)
    return {"pt": v, "px": v * 0.75, "em": v * 12, "in": v * 72}.get(unit.lower(), v)


def _source(document: Document) -> str | None:
    try:
        from corpkg.extract.sgml import decode

        return decode(Path(document.path).read_bytes())[0]
    except Exception:  # the file moved, or was read from memory: no nesting from HTML
        return None


def _html_indent(src: str | None, document: Document, offset: int) -> float:
    """Left indentation (points) of the table cell holding text offset ``offset``."""
    if src is None:
        return 0.0
    pos = document.offset_map.to_source(offset)
    td = src.rfind("<td", max(0, pos - _W["cell_reach"]), pos)  # a cell further back is not this one's
    if td < 0:
        return 0.0
    chunk = src[td:pos]
    total = 0.0
    for m in _PADDING.finditer(chunk):
        if m.group(1):
            parts = _RX["length_value"].findall(m.group(1))
            if not parts:
                continue
            if m.group(0).lower().startswith("padding-left"):
                v, u = parts[0]
            else:
                v, u = parts[3] if len(parts) == 4 else parts[1] if len(parts) in (2, 3) else parts[0]
            total += _to_pt(v, u or "px")
        elif m.group(2):
            total += _to_pt(m.group(2), m.group(3))
        elif m.group(4):
            total += _to_pt(m.group(4), m.group(5))
    # leading non-breaking spaces in the cell push the name further right (one space ≈ a quarter em)
    lead = _TAG.sub("", chunk[chunk.find(">") + 1 :])
    spaces = len(_NBSP.findall(lead))
    if spaces:
        size = _FONT_SIZE.findall(chunk)
        em = _to_pt(*size[-1]) if size else _T["default_font_size_pt"]
        total += spaces * _T["nbsp_width_em"] * em
    return total


def _rows(document: Document, sub: SubDocument, start: int, end: int) -> list[_Row]:
    text = document.text
    src = _source(document) if sub.content == "html" else None
    rows: list[_Row] = []
    pos = start
    for line in text[start:end].split("\n"):
        a = pos
        pos += len(line) + 1
        raw = line.rstrip()
        stripped = raw.strip()
        if not stripped or len(stripped) > _W["row"] or _HEADER.search(stripped) and "\t" not in stripped[: _W["leading_tab"]]:
            if stripped and _HEADER.fullmatch(stripped.split("\t")[0].strip()):
                continue
            if not stripped or len(stripped) > _W["row"]:
                continue
        lead = len(raw) - len(raw.lstrip())
        cells = [c.strip() for c in (raw.split("\t") if "\t" in raw else _COLS.split(stripped))]
        cells = [c for c in cells if c]
        name = jur = pct = None
        if len(cells) >= 2:
            name = cells[0]
            for c in cells[1:]:
                pm = _PCT.match(c)
                if pm and pct is None:
                    pct = pm.group("p")
                elif jur is None and _RX["jurisdiction_cell"].match(c) and not _PCT.match(c):
                    jur = c
            if jur is None and pct is None:
                continue
        else:
            m = _PAREN_LINE.match(stripped)
            if not m:
                continue
            name, jur = m.group("name"), m.group("jur")
        name = _FOOTNOTE.sub("", name).strip().rstrip(",;:")
        name = _FORM_TAIL.sub("", name).strip()
        if not _valid_name(name):
            continue
        name_start = text.find(name, a, a + len(line))
        if name_start < 0:
            continue
        indent = float(lead) if sub.content != "html" else _html_indent(src, document, name_start)
        rows.append(_Row(name, jur, pct, indent, name_start, a + len(raw)))
    return rows


def _valid_name(name: str) -> bool:
    if not (_W["name_min"] <= len(name) <= _W["name_max"]) or not _RX["name_start"].match(name):
        return False
    if _HEADER.fullmatch(name) or _RX["digits_and_punctuation_only"].fullmatch(name):
        return False
    words = name.split()
    lower = [w for w in words if w[:1].islower() and w not in _NAME_LOWERCASE_WORDS]
    return len(lower) <= max(_L["lowercase_words_min"], len(words) // _L["lowercase_word_share"])


def exhibit21_facts(
    document: Document,
    resolve: Callable[[str], str | None],  # name -> entity key, None when unknown
    issuer_key: str | None,
    make_key: Callable[[str], str],  # name -> key for a new entity
) -> tuple[list[Fact], list[Entity]]:
    """Subsidiary facts of every subsidiaries list (``list_spans``), and the entities minted for names
    the entity index does not know."""
    facts: list[Fact] = []
    new: dict[str, Entity] = {}
    if issuer_key is None:
        return facts, []
    for sub, start, end in list_spans(document):
        intro = document.text[start : min(end, start + _W["divisions_note_reach"])]
        skip_indented = bool(_DIVISIONS.search(intro))
        rows = _rows(document, sub, start, end)
        if not rows:
            continue
        base = min(r.indent for r in rows)
        stack: list[tuple[float, str]] = []
        used: dict[str, str] = {}  # entity key -> the row name that took it
        for r in rows:
            if skip_indented and r.indent > base + _T["indent_tolerance_pt"]:
                continue
            key = resolve(r.name)
            if key is not None and used.get(key, r.name) != r.name:
                key = None  # two rows are two legal entities ("Apple Asia Limited", "Apple Asia LLC")
            ev = Evidence(
                quote=document.text[r.start : r.end],
                start=r.start,
                end=r.end,
                section=section.title if (section := document.section_at(r.start)) else None,
                extractor=EXTRACTOR,
            )
            if key is None:
                key = make_key(r.name)
                if key in new:
                    old = new[key]
                    new[key] = Entity(old.key, old.kind, old.label, old.aliases, old.mentions + (ev,))
                else:
                    new[key] = Entity(key=key, kind="Organization", label=r.name, mentions=(ev,))
            used.setdefault(key, r.name)
            while stack and stack[-1][0] >= r.indent - _T["indent_tolerance_pt"]:
                stack.pop()
            owner = stack[-1][1] if stack else issuer_key
            stack.append((r.indent, key))
            if key == owner:
                continue
            if r.percentage is not None and float(r.percentage) <= _T["majority_above"]:
                continue
            attrs = []
            if r.percentage is not None:
                attrs.append(("percentage", r.percentage))
            if r.jurisdiction:
                attrs.append(("jurisdiction", r.jurisdiction))
            facts.append(Fact("subsidiary", (("owner", owner), ("owned", key)), tuple(attrs), (ev,)))
    return facts, list(new.values())

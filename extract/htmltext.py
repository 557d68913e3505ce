"""HTML (and inline XBRL) to plain text, keeping a map from every text offset to the source.

Why a regex tokenizer rather than an lxml tree: lxml does not report source character
offsets, and evidence offsets must be traceable to the filing byte for byte; a flat scan
also cannot be driven into deep recursion by hostile nesting.  Still fast (see docs/reader.md).

Rendering rules (what ``corpkg text`` prints for HTML):

* ``<script>``, ``<style>``, ``<head>``, the inline-XBRL ``<ix:header>`` and elements styled
  ``display:none`` are dropped; comments and processing instructions too;
* character references are decoded (``&#146;`` and friends in the C1 range are read as
  Windows-1252, as browsers do); runs of whitespace (incl. ``&nbsp;``) become one space;
* block elements start a new line, ``<p>``/headings/tables/lists leave a blank line;
  ``<br>`` is a line break; each table row is a line, its non-empty cells separated by a tab;
* ``<pre>`` keeps its whitespace.

Characters copied from the source map to themselves; a decoded entity maps to its ``&``;
a collapsed whitespace run to its first character; a line break made from a tag to the tag's
``<``.
"""

from __future__ import annotations

import html.entities
import re
from dataclasses import dataclass, field

from corpkg.extract.model import Table
from corpkg.extract.textbuild import TextBuilder

__all__ = ["convert", "Conversion", "resolve_tables", "html_to_text", "decode_entity", "dei_hints", "DEI_FIELDS"]

_TOKEN = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<!\[CDATA\[.*?(?:\]\]>|\Z)"
    r"|<[!?][^>]*>"
    r"|<(/?)([A-Za-z][A-Za-z0-9:._-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>",
    re.S,
)
# an entity | words joined by single spaces (copied in one piece) | a whitespace run | a stray "&"
_PIECE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?|[^&\s]+(?: [^&\s]+)*|\s+|&")
_RAW_TEXT = {"script", "style", "title", "textarea", "xmp", "noscript"}
_BLOCK = {
    "div", "tr", "li", "dt", "dd", "center", "section", "article", "header", "footer", "address", "form",
    "fieldset", "figure", "figcaption", "caption", "nav", "aside", "main", "hr", "body", "html", "page",
}
_PARA = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol", "dl", "blockquote", "pre"}
_CELL = {"td", "th"}
_HIDDEN = re.compile(r"""\bstyle\s*=\s*(?:"[^"]*display\s*:\s*none|'[^']*display\s*:\s*none)""", re.I)
_NAME_ATTR = re.compile(r"""\bname\s*=\s*["']([^"']+)["']""", re.I)
_DROP_CHARS = {"\u200b", "\u00ad", "\ufeff", "\u200c", "\u200d"}
_C1 = {i: bytes([i]).decode("cp1252", errors="ignore") or None for i in range(0x80, 0xA0)}

DEI_FIELDS = {
    "EntityRegistrantName": "registrant_name",
    "DocumentType": "form_type",
    "EntityIncorporationStateCountryCode": "state_of_incorporation",
    "EntityFileNumber": "commission_file_number",
    "EntityTaxIdentificationNumber": "irs_employer_id",
    "DocumentPeriodEndDate": "period_of_report",
    "EntityCommonStockSharesOutstanding": "shares_outstanding",
}


def decode_entity(ref: str) -> str | None:
    """``&amp;`` → ``&``; ``&#146;`` → ``’`` (Windows-1252 as browsers do); None if unknown."""
    body = ref[1:].rstrip(";")
    if body.startswith("#"):
        try:
            n = int(body[2:], 16) if body[1:2] in ("x", "X") else int(body[1:])
        except ValueError:
            return None
        if 0x80 <= n < 0xA0:
            return _C1.get(n) or None
        if n == 0 or n > 0x10FFFF or 0xD800 <= n <= 0xDFFF:
            return "\ufffd"
        return chr(n)
    got = html.entities.html5.get(body + ";")
    if got is None and not ref.endswith(";"):
        got = html.entities.html5.get(body)
    return got


@dataclass
class Conversion:
    """What :func:`convert` found besides the text."""

    tables: list[Table] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    dei: dict[str, str] = field(default_factory=dict)  # dei local name -> value (hidden ones too)
    dei_spans: dict[str, tuple[int, int]] = field(default_factory=dict)  # visible dei facts in the text


class _Table:
    __slots__ = ("start", "rows", "row", "cell", "cell_content")

    def __init__(self, start: int) -> None:
        self.start = start
        self.rows: list[list[tuple[int, int]]] = []
        self.row: list[tuple[int, int]] | None = None
        self.cell: int | None = None  # text offset where the open cell started
        self.cell_content: bool | None = None  # has the open cell produced text yet


def convert(src: str, start: int, end: int, out: TextBuilder) -> Conversion:
    """Append the text of the HTML in ``src[start:end]`` to ``out``."""
    conv = Conversion()
    _collect_dei(src, start, end, conv)
    st = _State(src, out, conv)
    pos = start
    tok = _TOKEN
    while pos < end:
        m = tok.search(src, pos, end)
        if m is None:
            st.text(pos, end)
            break
        if m.start() > pos:
            st.text(pos, m.start())
        pos = m.end()
        name = m.group(2)
        if name is None:
            tok_s = m.group(0)
            if tok_s.startswith("<![CDATA["):
                inner_s = m.start() + 9
                inner_e = m.end() - 3 if tok_s.endswith("]]>") else m.end()
                st.text(inner_s, inner_e, literal=True)
            continue
        lname = name.lower()
        if m.group(1):  # closing tag
            st.close(lname, m.start())
            continue
        attrs = m.group(3) or ""
        # elements whose content is dropped
        if lname in _RAW_TEXT:
            close = re.compile(r"</" + re.escape(lname) + r"\s*>", re.I).search(src, m.end(), end)
            if lname == "title" and close is None:
                continue  # an unclosed <title> hides nothing
            pos = close.end() if close else end
            continue
        if lname in ("head", "ix:header") or _HIDDEN.search(attrs):
            if attrs.rstrip().endswith("/"):
                continue
            stop = _matching_close(src, lname, m.end(), end)
            if stop is None:
                if lname != "head":
                    conv.warnings.append(f"hidden <{name}> at offset {m.start()} is never closed; its content is kept")
                continue
            pos = stop
            st.block(m.start(), 1)
            continue
        st.open(lname, attrs, m.start(), self_closing=attrs.rstrip().endswith("/"))
    st.finish()
    return conv


def _matching_close(src: str, lname: str, pos: int, end: int) -> int | None:
    """End offset of the tag closing the element opened just before ``pos`` (nesting-aware)."""
    pat = re.compile(r"<(/?)" + re.escape(lname) + r"(?=[\s/>])[^>]*>", re.I)
    depth = 1
    for m in pat.finditer(src, pos, end):
        if m.group(1):
            depth -= 1
            if depth == 0:
                return m.end()
        elif not m.group(0).endswith("/>"):
            depth += 1
    return None


class _State:
    """The rendering state; line breaks are requested lazily and written before the next text,
    so that a cell boundary (tab) or the end of the input can cancel them."""

    __slots__ = ("src", "out", "conv", "pending_space", "pending_tab", "want", "want_pos", "breaks", "tables", "pre", "ix", "at_start")

    def __init__(self, src: str, out: TextBuilder, conv: Conversion) -> None:
        self.src = src
        self.out = out
        self.conv = conv
        self.pending_space = -1  # source offset of a pending whitespace run, -1 if none
        self.pending_tab = -1  # source offset of the tag starting a new cell in a row
        self.want = 0  # newlines requested before the next text (0, 1 or 2)
        self.want_pos = -1
        tail = out.tail(2)
        self.breaks = len(tail) - len(tail.rstrip("\n")) if tail else 2  # newlines already at the end
        self.at_start = not tail
        self.tables: list[_Table] = []
        self.pre = 0
        self.ix: list[tuple[str | None, int]] = []  # open ix:nonNumeric/nonFraction: (dei name, text start)

    # -- layout
    def _in_empty_cell(self) -> bool:
        t = self.tables[-1] if self.tables else None
        return t is not None and t.cell is not None and t.cell_content is False

    def block(self, src_pos: int, n: int) -> None:
        """Ask for ``n`` newlines before the next text (1: new line, 2: blank line)."""
        self.pending_space = -1
        if self._in_empty_cell():
            return
        if n > self.want:
            if self.want == 0:
                self.want_pos = src_pos
            self.want = n

    def _flush(self) -> None:
        if self.at_start:
            self.want = 0
            self.pending_tab = self.pending_space = -1
            return
        if self.want:
            n = self.want - max(self.breaks, 0)
            if n > 0:
                self.out.add_synthetic("\n" * n, self.want_pos)
                self.breaks = self.want
        elif self.pending_tab >= 0:
            self.out.add_synthetic("\t", self.pending_tab)
        elif self.pending_space >= 0 and self.breaks == 0:
            if self.src[self.pending_space] == " ":
                self.out.add(" ", self.pending_space)
            else:
                self.out.add_synthetic(" ", self.pending_space)
        self.want = 0
        self.pending_tab = self.pending_space = -1

    def emit(self, piece: str, src_pos: int, *, synthetic: bool = False) -> None:
        self._flush()
        if synthetic:
            self.out.add_synthetic(piece, src_pos)
        else:
            self.out.add(piece, src_pos)
        self.breaks = 0
        self.at_start = False
        if self.tables and self.tables[-1].cell is not None:
            self.tables[-1].cell_content = True

    # -- content
    def text(self, s: int, e: int, *, literal: bool = False) -> None:
        src = self.src
        if self.pre and not literal:
            self._pre_text(s, e)
            return
        for m in _PIECE.finditer(src, s, e):
            piece = m.group(0)
            c0 = piece[0]
            if c0 == "&" and len(piece) > 1 and not literal:
                ch = decode_entity(piece)
                if ch is None:
                    self.emit(piece, m.start())
                elif ch.isspace():
                    self._space(m.start())
                elif ch in _DROP_CHARS:
                    continue
                else:
                    self.emit(ch, m.start(), synthetic=True)
            elif c0.isspace():
                self._space(m.start())
            else:
                if "\u200b" in piece or "\u00ad" in piece or "\ufeff" in piece:
                    for sub in re.finditer(r"[^\u200b\u00ad\ufeff]+", piece):
                        self.emit(sub.group(0), m.start() + sub.start())
                else:
                    self.emit(piece, m.start())

    def _space(self, src_pos: int) -> None:
        if self.pending_space < 0 and not self.want and self.pending_tab < 0:
            self.pending_space = src_pos

    def _pre_text(self, s: int, e: int) -> None:
        src = self.src
        for m in re.finditer(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?|\r\n?|\n|[^&\r\n]+|&", src[s:e]):
            piece = m.group(0)
            p = s + m.start()
            if piece[0] == "&" and len(piece) > 1:
                ch = decode_entity(piece)
                self.emit(piece if ch is None else ch, p, synthetic=ch is not None)
            elif piece[0] in "\r\n":
                if self.at_start:
                    continue
                self._flush()
                self.out.add("\n", p if piece != "\r\n" else p + 1)
                self.breaks = max(self.breaks, 0) + 1
            else:
                self.emit(piece, p)

    # -- tags
    def open(self, lname: str, attrs: str, src_pos: int, *, self_closing: bool) -> None:
        if lname == "br":
            if self.tables and self.tables[-1].cell is not None:
                self._space(src_pos)  # keep a table row on one line
            elif not self.at_start:
                self.pending_space = -1
                if self.want == 0:
                    self.want_pos = src_pos
                self.want = min(self.want + 1, 2) if self.want or self.breaks <= 0 else min(self.breaks + 1, 2)
            return
        if lname in _CELL:
            t = self.tables[-1] if self.tables else None
            if t is not None:
                self._close_cell(t)
                if t.row is None:
                    t.row = []
                if any(e > s for s, e in t.row):
                    # a new cell in a row that has content: a tab instead of any pending break
                    self.want = 0
                    self.pending_space = -1
                    self.pending_tab = src_pos
                t.cell = len(self.out)
                t.cell_content = False
            else:
                self._space(src_pos)
            return
        if lname == "tr":
            t = self.tables[-1] if self.tables else None
            if t is not None:
                self._end_row(t)
                t.row = []
            self.pending_tab = -1
            self.block(src_pos, 1)
            return
        if lname == "table":
            self.block(src_pos, 2)
            if not self_closing:
                self.tables.append(_Table(len(self.out)))
            return
        if lname in _PARA:
            self.block(src_pos, 2)
            if lname == "pre" and not self_closing:
                self.pre += 1
            return
        if lname in _BLOCK:
            self.block(src_pos, 1)
            return
        if lname in ("ix:nonnumeric", "ix:nonfraction") and not self_closing:
            nm = _NAME_ATTR.search(attrs)
            dei = nm.group(1)[4:] if nm and nm.group(1).startswith("dei:") else None
            self.ix.append((dei, len(self.out)))

    def close(self, lname: str, src_pos: int) -> None:
        if lname in _CELL:
            if self.tables:
                self._close_cell(self.tables[-1])
            return
        if lname == "tr":
            if self.tables:
                self._end_row(self.tables[-1])
            self.pending_tab = -1
            self.block(src_pos, 1)
            return
        if lname == "table":
            if self.tables:
                t = self.tables.pop()
                self._end_row(t)
                self._finish_table(t)
            self.pending_tab = -1
            self.block(src_pos, 2)
            return
        if lname in _PARA:
            if lname == "pre" and self.pre:
                self.pre -= 1
            self.block(src_pos, 2)
            return
        if lname in _BLOCK:
            self.block(src_pos, 1)
            return
        if lname in ("ix:nonnumeric", "ix:nonfraction") and self.ix:
            dei, s = self.ix.pop()
            if dei and dei not in self.conv.dei_spans and len(self.out) > s:
                self.conv.dei_spans[dei] = (s, len(self.out))

    def _close_cell(self, t: _Table) -> None:
        if t.cell is not None:
            if t.row is None:
                t.row = []
            t.row.append((t.cell, len(self.out)))
            t.cell = None
            t.cell_content = None

    def _end_row(self, t: _Table) -> None:
        self._close_cell(t)
        if t.row:
            t.rows.append(t.row)
        t.row = None

    def _finish_table(self, t: _Table) -> None:
        self.conv.tables.append(_TableSpans(t.start, len(self.out), t.rows))  # type: ignore[arg-type]

    def finish(self) -> None:
        while self.tables:
            t = self.tables.pop()
            self._end_row(t)
            self._finish_table(t)


class _TableSpans:
    """A table whose cell texts are cut from the final text once it exists."""

    __slots__ = ("start", "end", "rows")

    def __init__(self, start: int, end: int, rows: list[list[tuple[int, int]]]) -> None:
        self.start, self.end, self.rows = start, end, rows


def resolve_tables(text: str, conv: Conversion) -> None:
    """Replace cell spans by cell texts (call once the whole text is built)."""
    out: list[Table] = []
    for t in conv.tables:
        if isinstance(t, _TableSpans):
            while t.start < t.end and text[t.start] in " \t\n":  # breaks written before the first cell
                t.start += 1
            rows = tuple(
                r for r in (tuple(text[s:e].strip() for s, e in row if text[s:e].strip()) for row in t.rows) if r
            )
            out.append(Table(t.start, t.end, "html", rows))
        else:
            out.append(t)
    conv.tables = out


def _collect_dei(src: str, start: int, end: int, conv: Conversion) -> None:
    if "dei:" not in src[start : min(end, start + 400_000)] and "dei:" not in src[start:end]:
        return
    for m in re.finditer(
        r"<ix:non(?:Numeric|Fraction)\b[^>]*?\bname\s*=\s*[\"']dei:(\w+)[\"'][^>]*>(.*?)</ix:non(?:Numeric|Fraction)\s*>",
        src[start:end],
        re.S | re.I,
    ):
        name = m.group(1)
        if name in conv.dei:
            continue
        value = _plain_value(re.sub(r"<[^>]*>", " ", m.group(2)))
        if value:
            conv.dei[name] = value


def _plain_value(fragment: str) -> str:
    out = []
    for m in _PIECE.finditer(fragment):
        p = m.group(0)
        if p[0] == "&" and len(p) > 1:
            ch = decode_entity(p)
            out.append(" " if ch is None or ch.isspace() else ch)
        elif p[0].isspace():
            out.append(" ")
        else:
            out.append(p)
    return " ".join("".join(out).split())


def html_to_text(source: str) -> tuple[str, TextBuilder, Conversion]:
    """Convenience: convert a whole HTML string; returns (text, builder, conversion)."""
    b = TextBuilder()
    conv = convert(source, 0, len(source), b)
    text = b.text()
    resolve_tables(text, conv)
    return text, b, conv


def dei_hints(text: str, conv: Conversion) -> dict[str, tuple[str, int, int]]:
    """Cover-fact hints from inline XBRL ``dei:`` facts: field -> (value, start, end).

    Visible facts carry their span in the text; hidden ones (in ``ix:header``) get an empty
    span at 0..0 only for fields that captions cannot give (none today), so they are skipped.
    """
    out: dict[str, tuple[str, int, int]] = {}
    for dei, fld in DEI_FIELDS.items():
        value = conv.dei.get(dei)
        span = conv.dei_spans.get(dei)
        if not value or span is None:
            continue
        s, e = span
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if fld == "shares_outstanding":
            digits = re.sub(r"[^\d]", "", value)
            if not digits:
                continue
            value = digits
        elif fld == "period_of_report":
            from corpkg.extract.cover import parse_date

            iso = parse_date(value) or (value if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) else None)
            if not iso:
                continue
            value = iso
        out[fld] = (value, s, e)
    return out

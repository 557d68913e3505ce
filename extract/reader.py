"""Read any kind of EDGAR filing into a :class:`~corpkg.extract.model.Document`.

Formats: a single plain-text document (``text``), a full SGML submission with an SEC header
(``submission``, possibly PEM-wrapped), ``<DOCUMENT>``-wrapped HTML without a header
(``html-in-document``) and bare HTML / inline XBRL (``html``).

The text rule (what offsets index):

* plain-text files and all-text submissions: the decoded file verbatim, with universal
  newlines (``\\r\\n`` and ``\\r`` → ``\\n``), exactly what ``open(path).read()`` returns;
  SGML tags stay in the text, binary (uuencoded) documents too, marked ``content="binary"``;
* as soon as one document is HTML: HTML bodies are converted to text
  (:mod:`corpkg.extract.htmltext`), everything else (header, SGML tags, text documents)
  is kept verbatim, and binary/XBRL bodies are left out (a warning says so).

``Document.offset_map`` maps text offsets back to the decoded source.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
from pathlib import Path
from typing import BinaryIO

from corpkg.errors import (
    BinaryFileError,
    EmptyFileError,
    InputError,
    MalformedFilingError,
    TooLargeError,
    TruncatedFilingError,
)
from corpkg.extract import agreements as agreements_mod
from corpkg.extract import cover as cover_mod
from corpkg.extract import htmltext, sections, sgml
from corpkg.extract.model import Agreement, CoverFacts, Document, Header, OffsetMap, Section, SubDocument, Table
from corpkg.extract.textbuild import TextBuilder

__all__ = [
    "read_filing",
    "read_text",
    "read_limited",
    "notes",
    "is_partial",
    "DEFAULT_MAX_BYTES",
    "NOTE_PREFIXES",
    "main_document",
]

DEFAULT_MAX_BYTES = 50_000_000
_TRUNCATED_NOTE = "truncated submission:"
# reader warnings shown on stderr without -v (see notes())
NOTE_PREFIXES: tuple[str, ...] = ("encoding:", _TRUNCATED_NOTE)

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF", "a PDF file"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"\x89PNG", "a PNG image"),
    (b"GIF8", "a GIF image"),
    (b"PK\x03\x04", "a ZIP archive (or an Office document)"),
    (b"PK\x05\x06", "an empty ZIP archive"),
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"BZh", "a bzip2-compressed file"),
    (b"\xfd7zXZ", "an xz-compressed file"),
    (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document"),
    (b"\x7fELF", "an executable"),
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
)
_HTML_START = re.compile(r"\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!DOCTYPE\s+html|html)\b", re.I | re.S)
_HTML_TAGS = re.compile(r"<(?:html|body|div|p|font|br|td|tr|span|b|i|center|ix:[a-z]+)\b[^>]*>", re.I)
_STRIPPED_HEAD = re.compile(
    r"\A\s*(?P<type>(?:EX-|[0-9]{1,3}-|SC |DEF |S-|F-|N-)?[A-Z0-9][A-Z0-9 ./-]{0,20})\n"
    r"(?P<seq>\d{1,4})\n(?P<filename>[\w.-]+\.(?:htm|html|txt))\n(?P<desc>[^\n]{0,200})\n"
)
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 12, 13))
_UUENCODE = re.compile(r"^begin [0-7]{3,4} \S", re.M)
_BINARY_TYPES = re.compile(r"^(?:GRAPHIC|ZIP|EXCEL|PDF|XML|JSON|EX-101\..*|EX-100\..*|XBRL.*|.*\.(?:JPG|GIF|PNG|PDF|XLSX?|ZIP))$", re.I)
_BINARY_EXT = re.compile(r"\.(?:jpe?g|gif|png|pdf|zip|xlsx?|xsd|xml|json|js|css)$", re.I)


# --------------------------------------------------------------------------- entry points


def read_filing(
    path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES, accept_truncated: bool = False
) -> Document:
    """Read the filing at ``path``.

    Raises an :class:`~corpkg.errors.InputError` subclass (naming the file) when it cannot be
    read as a filing: missing, a directory, unreadable, empty, binary, too large (``max_bytes``;
    0 or None for no limit), a broken SGML layout, or a truncated submission
    (:class:`~corpkg.errors.TruncatedFilingError`, unless ``accept_truncated``: then what was
    read is returned, with a warning).
    """
    p = Path(path)
    name = str(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise InputError("no such file", name) from None
    except OSError as exc:
        raise InputError(f"cannot access: {exc.strerror or exc}", name) from None
    if p.is_dir():
        raise InputError("is a directory, not a filing (pass the files inside it)", name)
    if max_bytes and st.st_size > max_bytes:
        raise TooLargeError(
            f"file is {st.st_size:,} bytes, over the limit of {max_bytes:,} bytes (raise it with --max-size)", name
        )
    try:
        with open(p, "rb") as fh:
            data = read_limited(fh, max_bytes)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", name) from None
    if data is None:  # grew while we looked
        raise TooLargeError(f"file is over the limit of {max_bytes:,} bytes (raise it with --max-size)", name)
    return read_text(data, name, max_bytes=max_bytes, accept_truncated=accept_truncated)


_CHUNK = 1 << 20


def read_limited(fh: BinaryIO, max_bytes: int | None) -> bytes | None:
    """All bytes of ``fh``, or None when there are more than ``max_bytes`` (0/None: no limit).

    Reads in chunks, so the limit is never allocated up front: ``--max-size 30G`` on a small file
    costs the file's size, and any integer is a valid limit.
    """
    chunks: list[bytes] = []
    size = 0
    while True:
        want = _CHUNK if not max_bytes else min(_CHUNK, max_bytes + 1 - size)
        chunk = fh.read(want)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if max_bytes and size > max_bytes:
            return None
    return b"".join(chunks)


def read_text(
    data: bytes, name: str, *, max_bytes: int | None = DEFAULT_MAX_BYTES, accept_truncated: bool = False
) -> Document:
    """Read a filing given as bytes; ``name`` is used in messages and as ``Document.path``.

    A submission that was cut short (a ``<DOCUMENT>``, ``<TEXT>``, ``<SEC-DOCUMENT>`` or PEM block
    never closed) raises :class:`~corpkg.errors.TruncatedFilingError` carrying what was read,
    unless ``accept_truncated``.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("read_text expects bytes; encode text first")
    data = bytes(data)
    if max_bytes and len(data) > max_bytes:
        raise TooLargeError(
            f"input is {len(data):,} bytes, over the limit of {max_bytes:,} bytes (raise it with --max-size)", name
        )
    if not data.strip():
        raise EmptyFileError("file is empty" if not data else "file contains only whitespace", name)
    _reject_binary(data, name)
    decoded = sgml.decode_bytes(data)
    sha = hashlib.sha256(data).hexdigest()
    reader = _Reader(decoded.text, name, sha, decoded.encoding, decoded.note())
    doc = reader.read()
    if reader.truncation and not accept_truncated:
        raise TruncatedFilingError(
            f"truncated submission: the file is cut short ({'; '.join(reader.truncation)}); refused, so that it cannot "
            "replace a complete copy (--accept-truncated reads what is there; build marks its graph partial)",
            name,
            document=doc,
        )
    return doc


def notes(doc: Document) -> list[str]:
    """The warnings worth showing even without -v: how the bytes were decoded when they were not
    UTF-8, and that a submission was truncated."""
    return [w for w in doc.warnings if w.startswith(NOTE_PREFIXES)]


def is_partial(doc: Document) -> bool:
    """Whether the reader found the submission cut short (read with ``accept_truncated``)."""
    return any(w.startswith(_TRUNCATED_NOTE) for w in doc.warnings)


def _reject_binary(data: bytes, name: str) -> None:
    head = data[:16]
    for magic, what in _MAGIC:
        if head.startswith(magic):
            raise BinaryFileError(f"this is {what}, not an EDGAR filing (expected text, HTML or SGML)", name)
    sample = data[:65536]
    if b"\x00" in sample:
        if sample.startswith((b"\xff\xfe", b"\xfe\xff")) or sample[1::2].count(0) > len(sample) // 4:
            raise BinaryFileError("file looks like UTF-16 text; EDGAR filings are ASCII/UTF-8 (re-encode it)", name)
        raise BinaryFileError("file contains NUL bytes: it is binary data, not an EDGAR filing", name)
    ctrl = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if ctrl > len(sample) // 20:
        raise BinaryFileError("file is mostly control characters: it is binary data, not an EDGAR filing", name)


def main_document(doc: Document) -> SubDocument | None:
    """The primary document: the first one that is not binary (normally sequence 1)."""
    for d in doc.documents:
        if d.content != "binary":
            return d
    return doc.documents[0] if doc.documents else None


# --------------------------------------------------------------------------- the reader


class _Reader:
    def __init__(self, src: str, name: str, sha: str, encoding: str, encoding_note: str | None = None) -> None:
        self.src = src
        self.name = name
        self.sha = sha
        self.encoding = encoding
        self.warnings: list[str] = []
        self.truncation: list[str] = []
        if encoding_note:
            self.warnings.append(encoding_note)

    # -- format dispatch
    def read(self) -> Document:
        src = self.src
        if sgml.looks_like_submission(src):
            return self._submission()
        if _HTML_START.match(src[:8192]) or len(_HTML_TAGS.findall(src[:8192])) >= 3:
            return self._html()
        return self._plain()

    # -- plain text (the seeds, tag-stripped documents)
    def _plain(self) -> Document:
        b = TextBuilder()
        b.add_verbatim(self.src, 0, len(self.src))
        text = b.text()
        omap = b.offset_map()
        dtype = seq = fname = desc = None
        body_start = 0
        m = _STRIPPED_HEAD.match(text)
        if m:
            # an SGML document whose tags were stripped: <TYPE>, <SEQUENCE>, <FILENAME>, <DESCRIPTION> values
            dtype, seq, fname, desc = m.group("type").strip(), int(m.group("seq")), m.group("filename"), m.group("desc").strip() or None
            body_start = m.end()
            self.warnings.append("SGML tags were stripped from this document; <TYPE> etc. read from its first lines")
        sub = self._subdocument(text, dtype, seq, fname, desc, body_start, len(text), "text", [])
        cover = self._cover(text, sub, {})
        if sub.type is None and cover.form_type:
            sub = _replace(sub, type=cover.form_type)
        return self._document("text", text, (sub,), None, cover, omap)

    # -- bare HTML / iXBRL
    def _html(self) -> Document:
        b = TextBuilder()
        res = htmltext.convert(self.src, 0, len(self.src), b)
        text = b.text()
        htmltext.resolve_tables(text, res)
        self.warnings.extend(res.warnings)
        dei = res.dei
        sub = self._subdocument(text, dei.get("DocumentType"), None, None, None, 0, len(text), "html", res.tables)
        cover = self._cover(text, sub, self._dei_hints(text, res))
        if sub.type is None and cover.form_type:
            sub = _replace(sub, type=cover.form_type)
        return self._document("html", text, (sub,), None, cover, b.offset_map(identity_ok=False))

    # -- SGML submissions and <DOCUMENT> wrappers
    def _submission(self) -> Document:
        src = self.src
        try:
            raw = sgml.split_submission(src)
        except ValueError as exc:
            raise MalformedFilingError(str(exc), self.name) from None
        self.warnings.extend(raw.warnings)
        self.truncation = list(raw.truncation)
        if raw.truncation:
            self.warnings.append(f"{_TRUNCATED_NOTE} the file is cut short ({'; '.join(raw.truncation)}); "
                                 "only what precedes the cut was read")
        kinds = [self._content_kind(d) for d in raw.documents]
        any_html = "html" in kinds
        b = TextBuilder()
        subs: list[SubDocument] = []
        dei: dict[str, str] = {}
        hint_results: list[htmltext.Conversion] = []
        if not any_html:
            b.add_verbatim(src, 0, len(src))
            text = b.text()
            omap = b.offset_map()
            for d, kind in zip(raw.documents, kinds, strict=True):
                s, e = omap_to_text(omap, d.body_start), omap_to_text(omap, d.body_end)
                subs.append(self._subdocument(text, d.type, d.sequence, d.filename, d.description, s, e, kind, []))
        else:
            pos = 0
            spans: list[tuple[int, int, htmltext.Conversion | None]] = []
            for d, kind in zip(raw.documents, kinds, strict=True):
                b.add_verbatim(src, pos, d.body_start)
                s = len(b)
                res = None
                if kind == "html":
                    res = htmltext.convert(src, d.body_start, d.body_end, b)
                    if len(b) > s and b.last_char() != "\n":
                        # the converted text ends a line: "… Chief Legal Officer" is not glued to "</TEXT>"
                        b.add_synthetic("\n", d.body_end)
                    self.warnings.extend(f"document {d.sequence or '?'} ({d.type}): {w}" for w in res.warnings)
                    for k, v in res.dei.items():
                        dei.setdefault(k, v)
                    hint_results.append(res)
                elif kind == "binary":
                    self.warnings.append(
                        f"document {d.sequence or '?'} ({d.type or 'untyped'}, {d.filename or 'no file name'}) "
                        "is binary/XBRL data: left out of the text"
                    )
                else:
                    b.add_verbatim(src, d.body_start, d.body_end)
                spans.append((s, len(b), res))
                pos = d.body_end
            b.add_verbatim(src, pos, len(src))
            text = b.text()
            omap = b.offset_map(identity_ok=False)
            for d, kind, (s, e, res) in zip(raw.documents, kinds, spans, strict=True):
                tables: list[Table] = []
                if res is not None:
                    htmltext.resolve_tables(text, res)
                    tables = res.tables
                subs.append(self._subdocument(text, d.type, d.sequence, d.filename, d.description, s, e, kind, tables))
        header: Header | None = None
        if raw.header_text is not None and raw.header_start is not None and raw.header_end is not None:
            header = sgml.parse_header(
                raw.header_text, start=omap_to_text(omap, raw.header_start), end=omap_to_text(omap, raw.header_end)
            )
            if not header.form_type and not header.parties:
                self.warnings.append("SEC header present but no facts could be read from it")
        fmt = "submission" if header is not None else ("html-in-document" if any_html else "text")
        main = next((s for s in subs if s.content != "binary"), subs[0] if subs else None)
        hints = {}
        if main is not None and main.content == "html" and hint_results:
            hints = self._dei_hints(text, hint_results[0])
        cover = self._cover(text, main, hints) if main is not None else None
        if not subs:
            self.warnings.append("no <DOCUMENT> in the submission: only the header was read")
        return self._document(fmt, text, tuple(subs), header, cover, omap)

    # -- helpers
    def _content_kind(self, d: sgml.RawDocument) -> str:
        src = self.src
        body = src[d.body_start : min(d.body_end, d.body_start + 8192)]
        stripped = body.lstrip()
        if _UUENCODE.search(body[:2048]) or re.match(r"<(?:PDF|JSON)>", stripped, re.I):
            return "binary"
        dtype = (d.type or "").strip()
        if _BINARY_TYPES.match(dtype) or (d.filename and _BINARY_EXT.search(d.filename)):
            return "binary"
        inner = re.sub(r"^<XBRL>\s*", "", stripped, flags=re.I)
        if _HTML_START.match(inner) or (d.filename and re.search(r"\.html?$", d.filename, re.I)) or len(
            _HTML_TAGS.findall(inner[:8192])
        ) >= 3:
            return "html"
        if re.match(r"<\?xml|<(?:xbrl|xs:schema|link:linkbase)\b", inner, re.I):
            return "binary"
        return "text"

    def _subdocument(
        self,
        text: str,
        dtype: str | None,
        seq: int | None,
        fname: str | None,
        desc: str | None,
        s: int,
        e: int,
        kind: str,
        tables: list[Table],
    ) -> SubDocument:
        secs: tuple[Section, ...] = ()
        tabs = tuple(tables)
        if kind != "binary" and e > s:
            secs = tuple(sections.find_sections(text, s, e, doc_type=dtype))
            if kind == "text":
                tabs = tuple(sections.find_text_tables(text, s, e))
        return SubDocument(
            type=dtype,
            sequence=seq,
            filename=fname,
            description=desc,
            start=s,
            end=e,
            content=kind,  # type: ignore[arg-type]
            sections=secs,
            tables=tabs,
        )

    def _dei_hints(self, text: str, res: htmltext.Conversion) -> dict[str, tuple[str, int, int]]:
        return cover_mod.dei_facts(text, res.dei, res.dei_spans) | htmltext.dei_hints(text, res)

    def _cover(self, text: str, sub: SubDocument | None, hints: dict[str, tuple[str, int, int]]) -> CoverFacts:
        if sub is None or sub.content == "binary":
            return CoverFacts()
        return cover_mod.read_cover(text, sub.start, sub.end, hints=hints, sections=sub.sections)

    def _document(
        self,
        fmt: str,
        text: str,
        subs: tuple[SubDocument, ...],
        header: Header | None,
        cover: CoverFacts | None,
        omap: OffsetMap,
    ) -> Document:
        if not text.strip():
            raise EmptyFileError("no text could be read from this file", self.name)
        agreements = agreements_mod.read_agreements(text, subs, has_header=header is not None)
        if header is None and len(subs) == 1 and agreements:
            subs, cover = _as_agreement(agreements[0], subs, cover)
        doc = Document(
            path=self.name,
            format=fmt,  # type: ignore[arg-type]
            text=text,
            sha256=self.sha,
            encoding=self.encoding,
            documents=subs,
            header=header,
            cover=cover,
            offset_map=omap,
            warnings=tuple(self.warnings),
            agreements=agreements,
        )
        if not doc.form_type:
            self.warnings.append("no form type found (no SEC header, <TYPE> or cover caption)")
        if not issuer_name(doc):
            self.warnings.append("no issuer name found (no SEC header, cover caption or dei:EntityRegistrantName)")
        if len(self.warnings) != len(doc.warnings):
            doc = _replace_doc(doc, warnings=tuple(self.warnings))
        return doc


def _as_agreement(
    ag: Agreement, subs: tuple[SubDocument, ...], cover: CoverFacts | None
) -> tuple[tuple[SubDocument, ...], CoverFacts | None]:
    """A document standing alone that is an agreement: its exhibit type is its type, and the party
    it is about (the preamble's Borrower / Issuer / Parent / Company) stands in for the registrant."""
    if ag.issuer is None and not ag.parties:
        return subs, cover
    if subs[0].type is None and ag.exhibit_type:
        subs = (_replace(subs[0], type=ag.exhibit_type),)
    cover = cover or CoverFacts()
    if ag.issuer is not None and not cover.registrant_name:
        p = ag.issuer
        cover = dataclasses.replace(cover, registrant_name=p.name,
                                    spans=(*cover.spans, ("registrant_name", p.start, p.end)))
    return subs, cover


def issuer_name(doc: Document) -> str | None:
    """The issuer's name: the header's subject company / filer, else the cover's registrant name."""
    if doc.header:
        by_role = {p.role: p for p in doc.header.parties}
        for role in ("subject-company", "filer", "issuer", "filed-by", "reporting-owner"):
            p = by_role.get(role)
            if p and p.name:
                return p.name
    if doc.cover and doc.cover.registrant_name:
        return doc.cover.registrant_name
    return None


def omap_to_text(omap: OffsetMap, source_offset: int) -> int:
    """Text offset of a source offset (see :meth:`OffsetMap.to_text`)."""
    return omap.to_text(source_offset)


def _replace(sub: SubDocument, **kw: object) -> SubDocument:
    import dataclasses

    return dataclasses.replace(sub, **kw)  # type: ignore[arg-type]


def _replace_doc(doc: Document, **kw: object) -> Document:
    import dataclasses

    return dataclasses.replace(doc, **kw)  # type: ignore[arg-type]

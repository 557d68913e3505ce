"""EDGAR's SGML layer: decoding, newline normalisation, ``<DOCUMENT>`` splitting and the SEC header.

Everything here works on the *decoded source* string (before newline normalisation) and
returns source offsets; :mod:`corpkg.extract.reader` turns them into ``Document.text`` offsets.
"""

from __future__ import annotations

import codecs
import itertools
import re
from dataclasses import dataclass, field

from corpkg.extract.model import Address, FormerName, Header, Party

__all__ = [
    "decode",
    "decode_bytes",
    "Decoded",
    "RawDocument",
    "RawSubmission",
    "split_submission",
    "parse_header",
    "iso_date",
]


# --------------------------------------------------------------------------- decoding


@dataclass(frozen=True)
class Decoded:
    """Decoded filing text: ``encoding`` names what was done; ``repaired`` lists the byte offsets
    (into the original bytes, at most :data:`_REPAIR_EXAMPLES` of them) of bytes that were not
    UTF-8 and were read as cp1252, and ``repaired_count`` how many there were."""

    text: str
    encoding: str
    repaired_count: int = 0
    repaired: tuple[int, ...] = ()

    def note(self) -> str | None:
        """A one-line description of the repair, or None when the bytes were valid UTF-8."""
        if not self.repaired_count:
            return None
        where = ", ".join(f"byte {o:,}" for o in self.repaired)
        more = ", ..." if self.repaired_count > len(self.repaired) else ""
        if self.encoding == "cp1252":
            return (f"encoding: not UTF-8; decoded as cp1252 ({self.repaired_count:,} non-ASCII byte(s), "
                    f"first at {where}{more})")
        return (f"encoding: UTF-8 with {self.repaired_count:,} byte(s) that are not UTF-8, read as cp1252 "
                f"(at {where}{more}); the rest is UTF-8")


# cp1252 leaves five bytes undefined; they keep their latin-1 code points (C1 controls)
_BYTE_AS_CP1252: tuple[str, ...] = tuple(
    bytes([b]).decode("cp1252") if b not in (0x81, 0x8D, 0x8F, 0x90, 0x9D) else chr(b) for b in range(256)
)
_CP1252_TABLE = {b: ord(c) for b, c in enumerate(_BYTE_AS_CP1252) if b >= 0x80}
# a well-formed UTF-8 sequence of two to four bytes (RFC 3629)
_UTF8_MULTIBYTE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}"
    rb"|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}"
    rb"|\xf4[\x80-\x8f][\x80-\xbf]{2}"
)
_REPAIR_EXAMPLES = 3


def decode(data: bytes) -> tuple[str, str]:
    """Decode filing bytes (see :func:`decode_bytes`); returns (text, encoding)."""
    d = decode_bytes(data)
    return d.text, d.encoding


def decode_bytes(data: bytes) -> Decoded:
    """Decode filing bytes: UTF-8 (a BOM stripped), repairing only the bytes that are not UTF-8.

    Each byte that is not part of a well-formed UTF-8 sequence becomes the one character cp1252
    gives it (the five bytes cp1252 leaves undefined keep their latin-1 code points), so one stray
    ``\\x96`` in a UTF-8 filing is a dash and "Société Générale" stays intact, and a file with no
    UTF-8 sequence at all reads as cp1252.  Never fails; every bad byte gives exactly one character.
    """
    bom = data.startswith(b"\xef\xbb\xbf")
    body = memoryview(data)[3:] if bom else memoryview(data)
    try:
        return Decoded(str(body, "utf-8"), "utf-8-sig" if bom else "utf-8")
    except UnicodeDecodeError:
        pass
    if not bom and _UTF8_MULTIBYTE.search(data) is None:
        # no UTF-8 sequence anywhere: a single-byte file (every non-ASCII byte is "repaired")
        text = data.decode("latin-1").translate(_CP1252_TABLE)
        high = [m.start() for m in itertools.islice(re.finditer(rb"[\x80-\xff]", data), _REPAIR_EXAMPLES)]
        return Decoded(text, "cp1252", len(data) - len(data.translate(None, _HIGH_BYTES)), tuple(high))
    pieces: list[str] = []
    examples: list[int] = []
    count = 0
    base = 3 if bom else 0
    pos = 0
    n = len(body)
    while pos < n:
        try:
            text, _ = codecs.utf_8_decode(body[pos:], "strict", True)
        except UnicodeDecodeError as exc:
            start, end = pos + exc.start, pos + exc.end
            pieces.append(codecs.utf_8_decode(body[pos:start], "strict", True)[0])
            pieces.append("".join(_BYTE_AS_CP1252[b] for b in body[start:end]))
            if len(examples) < _REPAIR_EXAMPLES:
                examples.extend(range(base + start, base + min(end, start + _REPAIR_EXAMPLES - len(examples))))
            count += end - start
            pos = end
            continue
        pieces.append(text)
        break
    return Decoded("".join(pieces), "utf-8+cp1252", count, tuple(examples))


_HIGH_BYTES = bytes(range(0x80, 0x100))


# --------------------------------------------------------------------------- submission layout

_TAG_LINE = re.compile(r"<(TYPE|SEQUENCE|FILENAME|DESCRIPTION)>[ \t]*([^\r\n<]*)", re.I)
_DOC_OPEN = re.compile(r"<DOCUMENT>", re.I)
_DOC_CLOSE = re.compile(r"</DOCUMENT>", re.I)
_TEXT_OPEN = re.compile(r"<TEXT>", re.I)
_TEXT_CLOSE = re.compile(r"</TEXT>", re.I)
_HEADER_OPEN = re.compile(r"<(SEC|IMS)-HEADER>", re.I)
_HEADER_CLOSE = re.compile(r"</(SEC|IMS)-HEADER>", re.I)
_SUBMISSION_OPEN = re.compile(r"<(SEC|IMS)-DOCUMENT>", re.I)
_PEM = re.compile(r"-----BEGIN PRIVACY-ENHANCED MESSAGE-----")
# EDGAR's dissemination layout: "<SUBMISSION>" with the tagged header lines before the first <DOCUMENT>
_DISSEMINATION_OPEN = re.compile(r"<SUBMISSION>", re.I)


@dataclass
class RawDocument:
    """One ``<DOCUMENT>`` in source offsets: ``start``/``end`` span the whole block,
    ``body_start``/``body_end`` the content of ``<TEXT>`` (or what follows the tags)."""

    start: int
    end: int
    body_start: int
    body_end: int
    type: str | None = None
    sequence: int | None = None
    filename: str | None = None
    description: str | None = None
    truncated: bool = False


@dataclass
class RawSubmission:
    header_start: int | None
    header_end: int | None  # end of the header block incl. its closing tag
    header_text: str | None
    documents: list[RawDocument]
    pem: bool
    warnings: list[str]
    # why the submission looks cut short (a <DOCUMENT>/<TEXT>, <SEC-DOCUMENT> or PEM block never
    # closed); empty for a complete one
    truncation: list[str] = field(default_factory=list)


def looks_like_submission(src: str) -> bool:
    head = src[:4096].lstrip()
    return bool(
        head.startswith("-----BEGIN PRIVACY-ENHANCED")
        or _SUBMISSION_OPEN.match(head)
        or _HEADER_OPEN.match(head)
        or _DOC_OPEN.match(head)
        or _DISSEMINATION_OPEN.match(head)
    )


def split_submission(src: str) -> RawSubmission:
    """Locate the SEC header and the ``<DOCUMENT>`` blocks of an SGML submission.

    Raises ``ValueError`` with a readable reason when the layout is broken beyond use
    (the caller turns it into a MalformedFilingError).
    """
    warnings: list[str] = []
    truncation: list[str] = []
    pem = bool(_PEM.match(src.lstrip()[:64]))
    header_start = header_end = None
    header_text = None
    first_doc = _DOC_OPEN.search(src)
    m = _HEADER_OPEN.search(src, 0, first_doc.start() if first_doc else len(src))
    if m:
        close = _HEADER_CLOSE.search(src, m.end())
        if close is None or (first_doc and close.start() > first_doc.start()):
            if first_doc is None:
                raise ValueError(f"truncated SGML: <{m.group(1).upper()}-HEADER> is never closed and no <DOCUMENT> follows")
            warnings.append(f"<{m.group(1).upper()}-HEADER> is not closed; header read up to the first <DOCUMENT>")
            close_start = close_end = first_doc.start()
        else:
            close_start, close_end = close.start(), close.end()
        header_start, header_end = m.start(), close_end
        header_text = src[m.end() : close_start]
    else:
        d = _DISSEMINATION_OPEN.match(src, len(src) - len(src.lstrip()))
        if d and first_doc is not None:
            header_start, header_end = d.start(), first_doc.start()
            header_text = src[d.end() : first_doc.start()]
    documents: list[RawDocument] = []
    pos = 0
    while True:
        o = _DOC_OPEN.search(src, pos)
        if o is None:
            break
        c = _DOC_CLOSE.search(src, o.end())
        nxt = _DOC_OPEN.search(src, o.end())
        truncated = False
        if c is None or (nxt is not None and nxt.start() < c.start()):
            end_inner = nxt.start() if nxt else _tail_end(src)
            end = end_inner
            truncated = True
        else:
            end_inner, end = c.start(), c.end()
        doc = RawDocument(start=o.start(), end=end, body_start=o.end(), body_end=end_inner, truncated=truncated)
        # the tag lines come before <TEXT>
        t = _TEXT_OPEN.search(src, o.end(), end_inner)
        tags_end = t.start() if t else end_inner
        for tm in _TAG_LINE.finditer(src, o.end(), tags_end if t else min(end_inner, o.end() + 2000)):
            key, value = tm.group(1).upper(), tm.group(2).strip()
            if key == "TYPE" and doc.type is None:
                doc.type = value or None
            elif key == "SEQUENCE" and doc.sequence is None:
                doc.sequence = int(value) if value.isdigit() else None
            elif key == "FILENAME" and doc.filename is None:
                doc.filename = value or None
            elif key == "DESCRIPTION" and doc.description is None:
                doc.description = value or None
            if not t:
                tags_end = tm.end()
        tc: re.Match[str] | None = None
        if t:
            tc = _TEXT_CLOSE.search(src, t.end(), end_inner)
            doc.body_start = t.end()
            if tc is None:
                doc.body_end = end_inner
                truncated = True
            else:
                doc.body_end = tc.start()
        else:
            doc.body_start = tags_end
        if truncated:
            doc.truncated = True
            missing = "</TEXT>" if t is not None and tc is None else "</DOCUMENT>"
            truncation.append(f"document {len(documents) + 1} ({doc.type or 'untyped'}) has no {missing}")
        documents.append(doc)
        pos = end if end > o.end() else o.end()
    if header_start is None and not documents:
        raise ValueError("no <SEC-HEADER> and no <DOCUMENT> found in what looks like an SGML submission")
    truncation.extend(_unclosed_wrappers(src))
    return RawSubmission(header_start, header_end, header_text, documents, pem, warnings, truncation)


def _unclosed_wrappers(src: str) -> list[str]:
    """Reasons a submission's wrapper shows it was cut short: ``<SEC-DOCUMENT>`` opened but never
    closed, or a PEM block begun but never ended (EDGAR always closes both)."""
    head = src[:4096].lstrip()
    out = []
    if head.startswith("-----BEGIN PRIVACY-ENHANCED") and "-----END PRIVACY-ENHANCED MESSAGE-----" not in src[-4096:]:
        out.append("no -----END PRIVACY-ENHANCED MESSAGE-----")
    m = _SUBMISSION_OPEN.search(src, 0, 8192)
    if m and not re.search(rf"</{m.group(1)}-DOCUMENT>", src[-8192:], re.I):
        out.append(f"no </{m.group(1).upper()}-DOCUMENT>")
    return out


def _tail_end(src: str) -> int:
    """End of the last document when </DOCUMENT> is missing: before closing wrappers/PEM trailer."""
    m = re.search(r"(?:</(?:SEC|IMS)-DOCUMENT>|-----END PRIVACY-ENHANCED MESSAGE-----)\s*$", src)
    return m.start() if m else len(src)


# --------------------------------------------------------------------------- header

# Tagged header names (EDGAR dissemination spec, ``<CONFORMED-NAME>`` style) → classic keys.
_TAG_TO_KEY = {
    "ACCESSION-NUMBER": "ACCESSION NUMBER",
    "TYPE": "CONFORMED SUBMISSION TYPE",
    "PUBLIC-DOCUMENT-COUNT": "PUBLIC DOCUMENT COUNT",
    "PERIOD": "CONFORMED PERIOD OF REPORT",
    "ITEMS": "ITEM INFORMATION",
    "FILING-DATE": "FILED AS OF DATE",
    "DATE-OF-FILING-DATE-CHANGE": "DATE AS OF CHANGE",
    "CONFORMED-NAME": "COMPANY CONFORMED NAME",
    "CIK": "CENTRAL INDEX KEY",
    "ASSIGNED-SIC": "STANDARD INDUSTRIAL CLASSIFICATION",
    "IRS-NUMBER": "IRS NUMBER",
    "STATE-OF-INCORPORATION": "STATE OF INCORPORATION",
    "FISCAL-YEAR-END": "FISCAL YEAR END",
    "STREET1": "STREET 1",
    "STREET2": "STREET 2",
    "STREET3": "STREET 3",
    "PHONE": "PHONE",
    "FORMER-CONFORMED-NAME": "FORMER CONFORMED NAME",
    "DATE-CHANGED": "DATE OF NAME CHANGE",
    "FORM-TYPE": "FORM TYPE",
    "FILE-NUMBER": "SEC FILE NUMBER",
    "GROUP-MEMBERS": "GROUP MEMBERS",
}
_PARTY_BLOCKS = {
    "FILER": "filer",
    "SUBJECT COMPANY": "subject-company",
    "SUBJECT-COMPANY": "subject-company",
    "FILED BY": "filed-by",
    "FILED-BY": "filed-by",
    "REPORTING-OWNER": "reporting-owner",
    "REPORTING OWNER": "reporting-owner",
    "ISSUER": "issuer",
}
_SUB_BLOCKS = {
    "COMPANY DATA": "data",
    "COMPANY-DATA": "data",
    "OWNER DATA": "data",
    "OWNER-DATA": "data",
    "FILING VALUES": "filing",
    "FILING-VALUES": "filing",
    "BUSINESS ADDRESS": "business",
    "BUSINESS-ADDRESS": "business",
    "MAIL ADDRESS": "mail",
    "MAIL-ADDRESS": "mail",
    "FORMER COMPANY": "former",
    "FORMER-COMPANY": "former",
    "FORMER NAME": "former",
    "FORMER-NAME": "former",
}
_CLASSIC = re.compile(r"^[ \t]*([A-Z][A-Z0-9 ()/&.,'-]*?):[ \t]*(.*?)[ \t]*$")
_TAGGED = re.compile(r"^[ \t]*<([A-Z][A-Z0-9-]*)>[ \t]*(.*?)[ \t]*$")
_SIC = re.compile(r"^(.*?)\s*\[?\s*(\d{4})\s*\]?\s*$")


def iso_date(value: str | None) -> str | None:
    """``19940330`` → ``1994-03-30``; returns None for anything else."""
    if not value:
        return None
    v = value.strip()
    if re.fullmatch(r"\d{8}", v):
        mo, d = int(v[4:6]), int(v[6:])
        if 1 <= mo <= 12 and 1 <= d <= 31:
            return f"{v[:4]}-{v[4:6]}-{v[6:]}"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        return v
    return None


def _header_lines(text: str) -> list[tuple[str, str]]:
    """(KEY, value) pairs of a header in either style; values broken over lines are joined."""
    pairs: list[tuple[str, str]] = []
    for raw in re.split(r"\r\n|\r|\n", text):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.lstrip().startswith("</"):
            # closing tags of blocks carry no data; text glued after them continues a value
            rest = re.sub(r"^\s*</[^>]*>", "", line)
            if rest.strip() and pairs and not _CLASSIC.match(rest) and not rest.lstrip().startswith("<"):
                pairs[-1] = (pairs[-1][0], (pairs[-1][1] + " " + rest.strip()).strip())
            elif rest.strip():
                line = rest
            else:
                continue
        m = _TAGGED.match(line)
        if m:
            tag = m.group(1).upper()
            pairs.append((_TAG_TO_KEY.get(tag, tag), m.group(2).strip()))
            continue
        m = _CLASSIC.match(line)
        if m:
            pairs.append((m.group(1).strip().upper(), m.group(2).strip()))
            continue
        # continuation of a value broken over lines (e.g. "[5122\n]")
        stripped = line.strip()
        if stripped.startswith("]") and pairs:
            k, v = pairs[-1]
            pairs[-1] = (k, v + "]")
            rest = stripped[1:].strip()
            if rest:
                m = _CLASSIC.match(rest)
                if m:
                    pairs.append((m.group(1).strip().upper(), m.group(2).strip()))
        elif pairs:
            k, v = pairs[-1]
            pairs[-1] = (k, (v + " " + stripped).strip())
    return pairs


class _PartyBuilder:
    def __init__(self, role: str) -> None:
        self.role = role
        self.values: dict[str, str] = {}
        self.addresses: dict[str, dict[str, list[str] | str]] = {}
        self.former: list[dict[str, str]] = []

    def build(self) -> Party:
        sic_code = sic_label = None
        raw_sic = self.values.get("STANDARD INDUSTRIAL CLASSIFICATION")
        if raw_sic:
            m = _SIC.match(raw_sic)
            if m:
                sic_label = m.group(1).strip() or None
                sic_code = m.group(2)
            else:
                sic_label = raw_sic.strip() or None
        cik = self.values.get("CENTRAL INDEX KEY")
        if cik and cik.strip().isdigit():
            cik = cik.strip().zfill(10)
        name = self.values.get("COMPANY CONFORMED NAME") or self.values.get("CONFORMED NAME")
        return Party(
            role=self.role,  # type: ignore[arg-type]
            name=name or None,
            cik=cik or None,
            sic=sic_code,
            sic_label=sic_label,
            irs_number=self.values.get("IRS NUMBER") or None,
            state_of_incorporation=self.values.get("STATE OF INCORPORATION") or None,
            fiscal_year_end=self.values.get("FISCAL YEAR END") or None,
            business_address=self._address("business"),
            mail_address=self._address("mail"),
            former_names=tuple(
                FormerName(f["FORMER CONFORMED NAME"], iso_date(f.get("DATE OF NAME CHANGE")))
                for f in self.former
                if f.get("FORMER CONFORMED NAME")
            ),
        )

    def _address(self, kind: str) -> Address | None:
        a = self.addresses.get(kind)
        if not a:
            return None
        street = tuple(a.get(k) for k in ("STREET 1", "STREET 2", "STREET 3") if a.get(k))
        phone = a.get("BUSINESS PHONE") or a.get("PHONE") or a.get("MAIL PHONE")
        return Address(
            street=street,  # type: ignore[arg-type]
            city=a.get("CITY") or None,  # type: ignore[arg-type]
            state=a.get("STATE") or None,  # type: ignore[arg-type]
            zip=a.get("ZIP") or None,  # type: ignore[arg-type]
            phone=phone or None,  # type: ignore[arg-type]
        )


def parse_header(text: str, *, start: int = 0, end: int = 0) -> Header:
    """Parse an SEC header block (the content between ``<SEC-HEADER>`` and its end tag).

    Handles the classic indented ``KEY:<tab>value`` layout, the tagged layout
    (``<CONFORMED-NAME>value``) and mixtures of both.
    """
    top: dict[str, str] = {}
    items: list[str] = []
    group_members: list[str] = []
    parties: list[_PartyBuilder] = []
    party: _PartyBuilder | None = None
    sub: str | None = None
    for key, value in _header_lines(text):
        if key in _PARTY_BLOCKS and not value:
            party = _PartyBuilder(_PARTY_BLOCKS[key])
            parties.append(party)
            sub = None
            continue
        if key in _SUB_BLOCKS and not value:
            sub = _SUB_BLOCKS[key]
            if sub == "former" and party is not None:
                party.former.append({})
            continue
        if key == "GROUP MEMBERS":  # top-level lines, though EDGAR may print them among the parties
            member = " ".join(value.split())
            if member and member not in group_members:
                group_members.append(member)
            continue
        if party is None:
            if key in ("ITEM INFORMATION", "ITEMS"):
                if value:
                    items.append(value)
            else:
                top.setdefault(key, value)
            continue
        if sub in ("business", "mail"):
            party.addresses.setdefault(sub, {})[key] = value
        elif sub == "former":
            if not party.former:
                party.former.append({})
            party.former[-1].setdefault(key, value)
        elif sub == "filing":
            party.values.setdefault("FILING " + key, value)
        else:
            party.values.setdefault(key, value)
    count = top.get("PUBLIC DOCUMENT COUNT", "")
    return Header(
        accession_number=top.get("ACCESSION NUMBER") or None,
        form_type=top.get("CONFORMED SUBMISSION TYPE") or None,
        public_document_count=int(count) if count.isdigit() else None,
        period_of_report=iso_date(top.get("CONFORMED PERIOD OF REPORT")),
        filed_as_of=iso_date(top.get("FILED AS OF DATE")),
        date_of_change=iso_date(top.get("DATE AS OF CHANGE")),
        items=tuple(items),
        parties=tuple(p.build() for p in parties),
        group_members=tuple(group_members),
        start=start,
        end=end,
    )

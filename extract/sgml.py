"""EDGAR's SGML layer: decoding, newline normalisation, ``<DOCUMENT>`` splitting and the SEC header.

Everything here works on the *decoded source* string (before newline normalisation) and
returns source offsets; :mod:`corpkg.extract.reader` turns them into ``Document.text`` offsets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpkg.extract.model import Address, FormerName, Header, Party

__all__ = [
    "decode",
    "RawDocument",
    "RawSubmission",
    "split_submission",
    "parse_header",
    "iso_date",
]


# --------------------------------------------------------------------------- decoding


def decode(data: bytes) -> tuple[str, str]:
    """Decode filing bytes: UTF-8 (BOM stripped), else cp1252, else latin-1 (never fails)."""
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8"), "utf-8-sig"
        except UnicodeDecodeError:
            pass
    for enc in ("utf-8", "cp1252"):
        try:
            return data.decode(enc), enc
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1"), "latin-1"


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


def looks_like_submission(src: str) -> bool:
    head = src[:4096].lstrip()
    return bool(
        head.startswith("-----BEGIN PRIVACY-ENHANCED")
        or _SUBMISSION_OPEN.match(head)
        or _HEADER_OPEN.match(head)
        or _DOC_OPEN.match(head)
    )


def split_submission(src: str) -> RawSubmission:
    """Locate the SEC header and the ``<DOCUMENT>`` blocks of an SGML submission.

    Raises ``ValueError`` with a readable reason when the layout is broken beyond use
    (the caller turns it into a MalformedFilingError).
    """
    warnings: list[str] = []
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
            warnings.append(
                f"document {len(documents) + 1} ({doc.type or 'untyped'}) is truncated (missing </TEXT> or </DOCUMENT>)"
            )
        documents.append(doc)
        pos = end if end > o.end() else o.end()
    if header_start is None and not documents:
        raise ValueError("no <SEC-HEADER> and no <DOCUMENT> found in what looks like an SGML submission")
    return RawSubmission(header_start, header_end, header_text, documents, pem, warnings)


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
        y, mo, d = int(v[:4]), int(v[4:6]), int(v[6:])
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
        street = tuple(a.get(k) for k in ("STREET 1", "STREET 2", "STREET 3") if a.get(k))  # type: ignore[misc]
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
            party.addresses.setdefault(sub, {})[key] = value  # type: ignore[index]
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

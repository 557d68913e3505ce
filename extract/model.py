"""The hand-over objects of corpkg: small frozen dataclasses passed downstream.

Data flows one way: ``read`` produces a :class:`Document`; the NLP stage produces
:class:`Entity` objects; the role extractors produce :class:`Fact` objects, each carrying
:class:`Evidence`; all of it is bundled in an :class:`Extraction` that ``corpkg.graph``
turns into RDF.  Nothing here knows about rdflib or IRIs.

Offsets are always character offsets into ``Document.text`` (end exclusive), which is the
exact string ``corpkg text FILE`` prints.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Literal

__all__ = [
    "Address",
    "FormerName",
    "Party",
    "Header",
    "CoverFacts",
    "Section",
    "SectionIndex",
    "Table",
    "SubDocument",
    "OffsetMap",
    "Document",
    "Agreement",
    "AgreementParty",
    "Signatory",
    "Evidence",
    "Entity",
    "Fact",
    "Extraction",
    "EntityKind",
    "Role",
]

Format = Literal["text", "submission", "html-in-document", "html"]
"""text: one plain-text document (the seeds); submission: a full EDGAR submission
(``<SEC-DOCUMENT>``, possibly PEM-wrapped); html-in-document: ``<DOCUMENT>``-wrapped HTML
without an SGML header; html: bare HTML or iXBRL."""


@dataclass(frozen=True)
class Address:
    street: tuple[str, ...] = ()
    city: str | None = None
    state: str | None = None
    zip: str | None = None
    phone: str | None = None

    def one_line(self) -> str:
        parts = [*self.street, self.city or "", " ".join(p for p in (self.state, self.zip) if p)]
        return ", ".join(p for p in parts if p)


@dataclass(frozen=True)
class FormerName:
    name: str
    date_changed: str | None = None  # ISO date


@dataclass(frozen=True)
class Party:
    """A company block of the SEC header (FILER, SUBJECT COMPANY, FILED BY, REPORTING-OWNER)."""

    role: Literal["filer", "subject-company", "filed-by", "reporting-owner", "issuer"]
    name: str | None = None  # COMPANY CONFORMED NAME (or OWNER's name)
    cik: str | None = None  # 10 digits, zero-padded
    sic: str | None = None  # e.g. "3714" (the code only)
    sic_label: str | None = None  # e.g. "MOTOR VEHICLE PARTS & ACCESSORIES"
    irs_number: str | None = None  # EIN as printed
    state_of_incorporation: str | None = None  # two-letter code as in the header
    fiscal_year_end: str | None = None  # MMDD
    business_address: Address | None = None
    mail_address: Address | None = None
    former_names: tuple[FormerName, ...] = ()


@dataclass(frozen=True)
class Header:
    """Facts of the ``<SEC-HEADER>`` block."""

    accession_number: str | None = None  # 0000950131-94-000440
    form_type: str | None = None  # CONFORMED SUBMISSION TYPE
    public_document_count: int | None = None
    period_of_report: str | None = None  # ISO date
    filed_as_of: str | None = None  # ISO date
    date_of_change: str | None = None
    items: tuple[str, ...] = ()  # 8-K ITEM INFORMATION / ITEMS codes
    parties: tuple[Party, ...] = ()
    group_members: tuple[str, ...] = ()  # GROUP MEMBERS lines (SC 13D/G, SC TO), names as printed
    start: int = 0  # offsets of the header block in Document.text
    end: int = 0


@dataclass(frozen=True)
class CoverFacts:
    """Facts printed on the cover page of the main document."""

    registrant_name: str | None = None
    form_type: str | None = None
    state_of_incorporation: str | None = None  # as printed ("Delaware")
    commission_file_number: str | None = None
    irs_employer_id: str | None = None
    address: str | None = None
    phone: str | None = None
    date_of_report: str | None = None  # ISO date (8-K)
    period_of_report: str | None = None  # ISO date (10-K/10-Q)
    shares_outstanding: int | None = None
    signature_date: str | None = None  # ISO date printed in the main document's signatures section
    former_name: str | None = None  # "(Former name or former address, if changed since last report)"
    # inline XBRL dei: facts (often hidden in ix:header, then without a span)
    cik: str | None = None  # dei:EntityCentralIndexKey, 10 digits
    trading_symbol: str | None = None  # dei:TradingSymbol (the first one)
    security_exchange: str | None = None  # dei:SecurityExchangeName ("NASDAQ", "NYSE")
    incorporation_state_code: str | None = None  # dei:EntityIncorporationStateCountryCode ("DE")
    document_period_end: str | None = None  # dei:DocumentPeriodEndDate, ISO date
    amendment: bool | None = None  # dei:AmendmentFlag
    # field name -> (start, end) in Document.text, for evidence
    spans: tuple[tuple[str, int, int], ...] = ()


@dataclass(frozen=True)
class Section:
    """A located part of a document: cover, part, item, financial-statements, notes,
    signatures, exhibit."""

    kind: str
    title: str
    start: int
    end: int
    item: str | None = None  # "1", "2.01", "7A" ... for PART/Item headings
    part: str | None = None  # "I", "II" ...


class SectionIndex:
    """The innermost of ``sections`` containing an offset, in O(log n) per look-up.

    Innermost means shortest; of equally long ones, the last in ``sections``' order (what a
    scan keeping the last shortest match returns).  Built once by a sweep over the section
    boundaries, so that asking for every fact of a huge filing is not quadratic."""

    def __init__(self, sections: Sequence[Section]) -> None:
        order = sorted(range(len(sections)), key=lambda i: sections[i].start)
        self._bounds: list[int] = sorted({s.start for s in sections} | {s.end for s in sections})
        self._best: list[Section | None] = []
        heap: list[tuple[int, int, int]] = []  # (length, -rank, rank) of the sections begun so far
        nxt = 0
        for b in self._bounds:
            while nxt < len(order) and sections[order[nxt]].start <= b:
                i = order[nxt]
                heapq.heappush(heap, (sections[i].end - sections[i].start, -i, i))
                nxt += 1
            while heap and sections[heap[0][2]].end <= b:  # ended before this segment: gone for good
                heapq.heappop(heap)
            self._best.append(sections[heap[0][2]] if heap else None)

    def at(self, offset: int) -> Section | None:
        i = bisect.bisect_right(self._bounds, offset) - 1
        return self._best[i] if i >= 0 else None


@dataclass(frozen=True)
class Table:
    start: int
    end: int
    source: Literal["text", "html"]
    rows: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class SubDocument:
    """One ``<DOCUMENT>`` of a submission (or the single document of a plain file)."""

    type: str | None  # 10-K, EX-21, GRAPHIC ...
    sequence: int | None
    filename: str | None
    description: str | None
    start: int  # offsets of this document's text in Document.text
    end: int
    content: Literal["text", "html", "binary"] = "text"
    sections: tuple[Section, ...] = ()
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class OffsetMap:
    """Maps offsets of ``Document.text`` back to offsets of the decoded source.

    ``text_starts[i]`` in the text corresponds to ``source_starts[i]`` in the source; within a
    segment offsets advance together (a segment may be shorter in the text, e.g. an entity
    ``&amp;`` → ``&``).  Empty maps mean identity.
    """

    text_starts: tuple[int, ...] = ()
    source_starts: tuple[int, ...] = ()

    def to_source(self, offset: int) -> int:
        if not self.text_starts:
            return offset
        import bisect

        i = bisect.bisect_right(self.text_starts, offset) - 1
        if i < 0:
            return offset
        return self.source_starts[i] + (offset - self.text_starts[i])

    def to_text(self, source_offset: int) -> int:
        """Inverse of :meth:`to_source`: the text offset of a source offset (the next text
        character when the source character produced none, e.g. inside a dropped tag)."""
        if not self.text_starts:
            return source_offset
        import bisect

        i = bisect.bisect_right(self.source_starts, source_offset) - 1
        if i < 0:
            return 0
        t = self.text_starts[i] + (source_offset - self.source_starts[i])
        if i + 1 < len(self.text_starts):
            t = min(t, self.text_starts[i + 1])
        return t


@dataclass(frozen=True)
class AgreementParty:
    """A party an agreement's preamble names: ``name`` as printed (at ``start``-``end`` in
    ``Document.text``), the capacity it acts in (lower case, "borrower", "administrative agent";
    empty when unstated) and its defined term ("Borrower", "BTCo"); ``quote_end`` ends the
    evidence (name, descriptor and capacity)."""

    name: str
    capacity: str
    term: str | None
    start: int
    end: int
    quote_end: int


@dataclass(frozen=True)
class Signatory:
    """A signature block: the person who signs (``Name:``) with ``title``, for the signing entity
    ``org`` in ``capacity`` (from "as Agent" or a caption such as "LENDER:", then ``captioned``); spans
    in the text."""

    person: str
    title: str
    org: str | None
    capacity: str
    person_start: int
    person_end: int
    org_start: int
    org_end: int
    start: int
    end: int
    captioned: bool = False


@dataclass(frozen=True)
class Agreement:
    """An agreement read as a document (an exhibit, or a file standing alone): its kind ("credit
    agreement", "amendment", "guarantee", "merger agreement" ...), title (at ``start``-``end``),
    date (ISO), the exhibit type it is filed as, its preamble's parties, its signature blocks, and
    the party it is about (the Borrower / Issuer / Parent / Company)."""

    kind: str
    title: str
    start: int
    end: int
    date: str | None = None
    exhibit_type: str | None = None
    parties: tuple[AgreementParty, ...] = ()
    signatories: tuple[Signatory, ...] = ()
    issuer: AgreementParty | None = None
    amends: str | None = None  # an amendment's: the title of the agreement it amends
    amends_date: str | None = None  # ISO date of that agreement, when printed


@dataclass(frozen=True)
class Document:
    """A filing as read: its plain text and the structure located in it."""

    path: str
    format: Format
    text: str
    sha256: str  # of the raw bytes
    encoding: str
    documents: tuple[SubDocument, ...] = ()
    header: Header | None = None
    cover: CoverFacts | None = None
    offset_map: OffsetMap = field(default_factory=OffsetMap)
    warnings: tuple[str, ...] = ()
    agreements: tuple[Agreement, ...] = ()  # agreements read as documents (corpkg.extract.agreements)

    @property
    def form_type(self) -> str | None:
        """The SEC header's form type, else the main document's ``<TYPE>`` (EDGAR-assigned),
        else the form printed on the cover."""
        if self.header and self.header.form_type:
            return self.header.form_type
        main = next((d for d in self.documents if d.content != "binary"), None)
        if main is not None and main.type and main.sequence is not None:
            return main.type
        if self.cover and self.cover.form_type:
            return self.cover.form_type
        return self.documents[0].type if self.documents else None

    @cached_property
    def sections(self) -> tuple[Section, ...]:
        return tuple(s for d in self.documents for s in d.sections)

    @cached_property
    def _section_index(self) -> SectionIndex:
        return SectionIndex(self.sections)

    @property
    def tables(self) -> tuple[Table, ...]:
        return tuple(t for d in self.documents for t in d.tables)

    def section_at(self, offset: int) -> Section | None:
        """The innermost (shortest; of equals, the last) section containing ``offset``."""
        return self._section_index.at(offset)

    def document_at(self, offset: int) -> SubDocument | None:
        for d in self.documents:
            if d.start <= offset < d.end:
                return d
        return None


# --------------------------------------------------------------------------- extraction

EntityKind = Literal["Organization", "Person"]

Role = str
"""A role name declared in ontology/roles/*.ttl (``ckg:role``: issuer, subsidiary, position, credit,
proceeding, acquisition, ...).  A static ``Literal`` cannot be derived from the ontology, so
:class:`Fact` checks the name against :func:`corpkg.ontology.registry.role_names` when it is made."""


@lru_cache(maxsize=1)
def _declared_roles() -> frozenset[str]:
    from corpkg.ontology.registry import role_names

    return frozenset(role_names())


@dataclass(frozen=True)
class Evidence:
    """The exact text supporting a fact or a mention: ``document.text[start:end] == quote``."""

    quote: str
    start: int
    end: int
    section: str | None = None  # section title, e.g. "Item 1. Legal Proceedings"
    extractor: str = ""  # "name@version"
    confidence: float = 1.0


@dataclass(frozen=True)
class Entity:
    """An organization or person of one filing, with every name seen for it.

    ``key`` is local to the filing (stable: derived from the normalised label); the graph
    layer mints IRIs from ``identifiers`` (CIK, EIN, file number) or the normalised label.
    """

    key: str
    kind: EntityKind
    label: str  # fullest proper name as written
    aliases: tuple[str, ...] = ()
    mentions: tuple[Evidence, ...] = ()
    identifiers: tuple[tuple[str, str], ...] = ()  # ("cik", "0000320193"), ("ein", ...), ("fileNumber", ...)
    attributes: tuple[tuple[str, str], ...] = ()  # ("stateOfIncorporation", "DE"), ("address", ...)
    is_issuer: bool = False


@dataclass(frozen=True)
class Fact:
    """A role fact: participants by slot, attributes, and evidence.  ``role`` must be declared in
    ontology/roles/ (``ValueError`` otherwise).

    Slots and attribute names are the local names of ontology properties, e.g.
    ``("owner", key)``, ``("owned", key)``, ``("holder", key)``, ``("organization", key)``,
    ``("lender", key)``, ``("borrower", key)``, ``("guarantor", key)``, ``("plaintiff", key)``,
    ``("defendant", key)``, ``("acquirer", key)``, ``("target", key)``; attributes like
    ``("title", "President")``, ``("startDate", "2003-01-08")``, ``("percentage", "100")``.
    """

    role: Role
    participants: tuple[tuple[str, str], ...]
    attributes: tuple[tuple[str, str], ...] = ()
    evidence: tuple[Evidence, ...] = ()

    def __post_init__(self) -> None:
        if self.role not in _declared_roles():
            import difflib

            declared = sorted(_declared_roles())
            close = difflib.get_close_matches(str(self.role), declared, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ValueError(f"Fact role {self.role!r} is not declared in ontology/roles/{hint}; "
                             f"declared: {', '.join(declared)}. Add a role file to declare a new role.")

    def participant(self, slot: str) -> list[str]:
        return [k for s, k in self.participants if s == slot]

    def attribute(self, name: str) -> list[str]:
        return [v for n, v in self.attributes if n == name]


@dataclass(frozen=True)
class Extraction:
    """Everything extracted from one filing: the hand-over to ``corpkg.graph``."""

    document: Document
    entities: tuple[Entity, ...]
    facts: tuple[Fact, ...]
    extractor_version: str
    as_of: str | None = None  # ISO date the facts are stated as of (period / report / signature date)

    def entity(self, key: str) -> Entity:
        for e in self.entities:
            if e.key == key:
                return e
        raise KeyError(key)

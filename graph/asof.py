"""Time across filings: which statements later filings end, and the state of the graph as of a date.

Every relation node is a statement a filing makes as of a date (``ckg:asOf``).  Statements about the
same fact — the same (resolved) holder, organization and title; owner and owned; lender and
borrower; plaintiff and defendant; acquirer and target — are grouped into one :class:`Fact`.  A fact
is ended by

- its own statements: an end date, or a status that ends it ("former", "settled", "dismissed" ...);
- a later statement that gives an exclusive title (President, Chief Executive Officer ...) at the
  same organization to someone else ("Robert J. Scott became ... President");
- a later statement whose evidence says that all officers and/or directors resigned, or that
  someone became the sole director (the 8-K/A: "The current officers and directors of the company,
  resigned and Robert J. Scott became the Company's sole Director and President.");
- a term or a maturity that runs out: a position whose evidence says its term expires ("whose term
  expires at the 2005 annual meeting"), a credit agreement whose ``ckg:maturityDate`` has passed —
  such an end is *renewable*: any statement made after that day that still states the fact (a
  re-election, an amended and extended facility) overrides it;
- a statement whose evidence says that the agreement was repaid or terminated ("On March 3, 2010
  the Company repaid in full and terminated the Credit Agreement"), as of the date the quote gives
  (else the date the statement took effect).

:func:`state_as_of` answers "who held which position / owned / lent / was suing whom on D" from the
statements dated up to D (as DESIGN.md says: what was known on D; ``known_at`` widens that), each
row with its supporting statements and the conflicting ones (ends that later statements overrode,
rival holders of an exclusive title).  Entities follow the resolution graph's canonical links.
Rules (titles, statuses, phrases) are data: graph/data/time.json.
"""

from __future__ import annotations

import calendar
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any

from corpkg.graph.query import load_named, run_query
from corpkg.ontology.registry import roles

__all__ = [
    "TIMELINE_GRAPH",
    "write_timeline",
    "Statement",
    "End",
    "Fact",
    "Row",
    "rules",
    "statements",
    "timeline",
    "state_as_of",
    "day",
    "date_in",
    "canonical_links",
    "labels",
]

_DATA = Path(__file__).parent / "data" / "time.json"
TIMELINE_GRAPH = "https://w3id.org/corpkg/id/graph/timeline"
"""The named graph of the end claims :func:`write_timeline` materialises (read by as_of.rq)."""


@lru_cache(maxsize=1)
def rules() -> dict[str, Any]:
    """The timeline rules of graph/data/time.json, with the cue patterns compiled."""
    data: dict[str, Any] = json.loads(_DATA.read_text(encoding="utf-8"))
    data["exclusive"] = {t.lower() for t in data["exclusive_titles"]}
    data["directors"] = {t.lower() for t in data["director_titles"]}
    data["ending"] = {s.lower() for s in data["ending_statuses"]}
    data["cues"] = [(re.compile(c["pattern"], re.I | re.S), c["ends"]) for c in data["resignation_cues"]]
    data["expiry"] = [(re.compile(c["pattern"], re.I | re.S), c["roles"], c["reason"]) for c in data["expiry_cues"]]
    data["termination"] = [(re.compile(c["pattern"], re.I | re.S), c["roles"], c["reason"]) for c in data["termination_cues"]]
    return data


_MONTHS = {m: i + 1 for i, m in enumerate(("january", "february", "march", "april", "may", "june", "july", "august",
                                             "september", "october", "november", "december"))}
_DATE_IN_TEXT = re.compile(r"\b(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                           r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+"
                           r"(?P<year>(?:19|20)\d{2})\b|\b(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>(?:19|20)\d{2})\b", re.I)
_YEAR_IN_TEXT = re.compile(r"\b((?:19|20)\d{2})\b")
_DATED = re.compile(r"\bdated\s+(?:as\s+of\s+)?$", re.I)


def date_in(text: str, *, year_only: bool = False) -> str | None:
    """The first date written in ``text`` as an ISO day ("March 3, 2010", "3/3/2010" → "2010-03-03"),
    passing over the date an agreement is "dated (as of)"; with ``year_only`` a bare year counts too,
    as its last day (what "at the 2005 annual meeting" ends by)."""
    for m in _DATE_IN_TEXT.finditer(text):
        if _DATED.search(text[max(0, m.start() - 16):m.start()]):
            continue
        if m.group("month"):
            word = m.group("month").lower()
            month = next(n for name, n in _MONTHS.items() if name.startswith(word[:3]))
            d, y = int(m.group("day")), int(m.group("year"))
        else:
            month, d, y = int(m.group("m")), int(m.group("d")), int(m.group("y"))
        if 1 <= month <= 12 and 1 <= d <= calendar.monthrange(y, month)[1]:
            return f"{y:04d}-{month:02d}-{d:02d}"
    if year_only:
        y_m = _YEAR_IN_TEXT.search(text)
        if y_m:
            return f"{y_m.group(1)}-12-31"
    return None


def day(value: str | None, *, end: bool = False) -> str | None:
    """An xsd:date, gYearMonth or gYear as an ISO day: the first day of the period, or its last with
    ``end`` (an end stated as "2003-01" is only known to be past on 2003-01-31)."""
    if not value:
        return None
    v = value.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        return v
    if re.fullmatch(r"\d{4}-\d{2}", v):
        y, m = int(v[:4]), int(v[5:])
        return f"{v}-{calendar.monthrange(y, m)[1]:02d}" if end else f"{v}-01"
    if re.fullmatch(r"\d{4}", v):
        return f"{v}-12-31" if end else f"{v}-01-01"
    return None


@dataclass(frozen=True)
class Statement:
    """One relation node: what one filing states, as of when, with its evidence."""

    relation: str
    role: str
    source: str  # canonical entity
    target: str
    as_of: str  # ISO day ("" when the filing gives none)
    filing: str
    file_name: str
    date_of_report: str | None
    titles: tuple[str, ...]
    status: str | None
    start_date: str | None
    end_date: str | None
    end_reason: str | None
    date: str | None
    kind: str | None
    case_number: str | None
    quotes: tuple[str, ...]
    maturity_date: str | None = None

    @property
    def effective(self) -> str:
        """The day the stated change took effect: a full start/event date, else the filing's date of
        report when it falls in the stated month or year, else the date it is stated as of."""
        stated = self.start_date or self.date
        if stated and re.fullmatch(r"\d{4}-\d{2}-\d{2}", stated):
            return stated
        if stated and self.date_of_report and self.date_of_report.startswith(stated):
            return self.date_of_report
        if stated and not self.as_of.startswith(stated):
            return day(stated) or self.as_of
        return self.date_of_report or self.as_of

    def cite(self) -> str:
        quote = re.sub(r"\s+", " ", self.quotes[0]).strip() if self.quotes else ""
        return f"{self.file_name or self.filing} ({self.as_of}): \"{quote[:240]}\""


@dataclass(frozen=True)
class End:
    """A claim that a fact ended on ``date``, stated on ``stated_on`` by ``by``, for ``reason``.  A
    ``renewable`` end (a term that expires, a maturity) is overridden by any statement of the fact
    made after ``date``."""

    date: str
    stated_on: str
    reason: str
    by: Statement
    renewable: bool = False

    def counts(self, supports: Iterable[Statement], last_support: str, stale: Iterable[str] = ()) -> bool:
        """Whether this end stands against the supporting statements known: a statement's own end
        always does, another when no statement was made after it; a renewable one unless a statement
        made after its day (and not itself past a term or maturity it states, ``stale``) renews it."""
        if self.renewable:
            old = set(stale)
            return not any(s.as_of > self.date and s.relation not in old for s in supports)
        return self.by.relation in {s.relation for s in supports} or self.stated_on >= last_support


@dataclass
class Fact:
    """What statements about one (source, target[, title]) say together."""

    role: str
    source: str
    target: str
    title: str = ""
    supports: list[Statement] = field(default_factory=list)
    ends: list[End] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str, str, str]:
        return self.role, self.source, self.target, self.title

    def start(self) -> str | None:
        """When the fact began: the earliest stated start (or event) date, else the earliest statement."""
        days = [s.effective for s in self.supports if s.start_date or s.date]
        if days:
            return min(days)
        stated = [s.as_of for s in self.supports if s.as_of]
        return min(stated) if stated else None

    def status_on(self, when: str, known_at: str) -> tuple[str, list[Statement], list[End], End | None]:
        """("held" | "ended" | "unknown", supporting statements, overridden ends, the end that counts)."""
        sup = [s for s in self.supports if s.as_of and s.as_of <= known_at and (day(s.start_date) or "") <= when]
        ends = [e for e in self.ends if e.stated_on <= known_at and e.date <= when]
        if not sup:
            return "unknown", [], ends, None
        last_support = max(s.as_of for s in sup)
        # an end counts unless a statement made after it says the fact still holds
        stale = {e.by.relation for e in self.ends if e.renewable and e.date < e.stated_on}
        live_ends = [e for e in ends if e.counts(sup, last_support, stale)]
        if live_ends:
            first = min(live_ends, key=lambda e: (e.date, e.stated_on))
            return "ended", sup, [e for e in ends if e is not first], first
        return "held", sup, ends, None


def canonical_links(store: Any) -> dict[str, str]:
    """Entity → canonical entity, from the resolution graph (empty when there is none)."""
    try:
        from corpkg.graph.resolve import RESOLUTION_GRAPH

        rows = run_query(store, f"SELECT ?m ?c WHERE {{ GRAPH <{RESOLUTION_GRAPH}> {{ ?m ckg:canonical ?c }} }}")
    except Exception:  # a store without a resolution graph (or an rdflib graph) has no links
        return {}
    return {r["m"]: r["c"] for r in rows}


def _quotes(store: Any) -> dict[str, tuple[str, int]]:
    rows = run_query(store, "SELECT DISTINCT ?ev ?q ?s WHERE { GRAPH ?g { ?ev a ckg:Evidence ; ckg:quote ?q ; ckg:start ?s } }")
    return {r["ev"]: (r["q"], int(r["s"])) for r in rows}


def statements(store: Any, canonical: Mapping[str, str] | None = None) -> list[Statement]:
    """Every relation statement of the store (roles with an edge: subsidiary, position, credit,
    proceeding, acquisition), entities replaced by their canonical ids."""
    canon = dict(canonical_links(store) if canonical is None else canonical)
    quotes = _quotes(store)
    q = load_named("time_statements")
    ckg = "https://w3id.org/corpkg/ontology#"
    out: list[Statement] = []
    for spec in roles():
        if not spec.edge_source or not spec.edge_target:
            continue
        rows = run_query(store, q, {"type": str(spec.class_iri), "sourceSlot": ckg + spec.edge_source,
                                    "targetSlot": ckg + spec.edge_target})
        for r in rows:
            evs = sorted((quotes[e] for e in r.get("evidence", "").split() if e in quotes), key=lambda x: x[1])
            out.append(Statement(
                relation=r["relation"], role=spec.name,
                source=canon.get(r["source"], r["source"]), target=canon.get(r["target"], r["target"]),
                as_of=day(r.get("asOf")) or "", filing=r["filing"], file_name=r.get("fileName", ""),
                date_of_report=day(r.get("dateOfReport")),
                titles=tuple(t for t in r.get("titles", "").split("|") if t),
                status=(r.get("status") or "").lower() or None, start_date=r.get("startDate"), end_date=r.get("endDate"),
                end_reason=r.get("endReason"), date=r.get("date"), kind=r.get("kind"), case_number=r.get("caseNumber"),
                quotes=tuple(qt for qt, _ in evs), maturity_date=r.get("maturityDate")))
    return out


def _fact_keys(s: Statement) -> list[tuple[str, str, str, str]]:
    if s.role == "position":
        return [(s.role, s.source, s.target, t) for t in (s.titles or ("",))]
    return [(s.role, s.source, s.target, "")]


def timeline(store: Any, canonical: Mapping[str, str] | None = None) -> list[Fact]:
    """Every fact with the statements supporting it and the claims that end it."""
    sts = statements(store, canonical)
    facts: dict[tuple[str, str, str, str], Fact] = {}
    for s in sts:
        for key in _fact_keys(s):
            facts.setdefault(key, Fact(*key)).supports.append(s)
    r = rules()
    # 1. a statement's own end date or ending status
    for f in facts.values():
        for s in f.supports:
            if s.end_date or (s.status and s.status in r["ending"]) or s.end_reason:
                when = day(s.end_date, end=True) or s.as_of
                f.ends.append(End(when, s.as_of, s.end_reason or s.status or "end date stated", s))
    # 2. terms that run out and agreements that mature, are repaid or are terminated, as their statements say
    for f in facts.values():
        for s in f.supports:
            f.ends.extend(_expiries(f, s, r))
    # 3. later statements about the same organization: exclusive titles, resignation of all officers
    by_org: dict[str, list[Statement]] = defaultdict(list)
    for s in sts:
        if s.role == "position":
            by_org[s.target].append(s)
    for f in facts.values():
        if f.role != "position":
            continue
        title = f.title.lower()
        is_director = title in r["directors"]
        first = min((s.as_of for s in f.supports if s.as_of), default="")
        for later in by_org.get(f.target, ()):
            if later.source == f.source or not later.as_of or later.as_of <= first:
                continue
            if title in r["exclusive"] and f.title in later.titles:
                f.ends.append(End(later.effective, later.as_of, f"{f.title} held by another", later))
                continue
            text = " ".join(later.quotes)
            for pattern, ends in r["cues"]:
                if pattern.search(text) and (ends == "all" or (ends == "directors") == is_director):
                    f.ends.append(End(later.effective, later.as_of, "officers and directors resigned" if ends == "all"
                                      else f"{ends} replaced", later))
                    break
    return sorted(facts.values(), key=lambda f: f.key)


def _sentences(text: str) -> list[str]:
    return [p for p in re.split(r"(?<=[.;])\s+(?=[A-Z(])", re.sub(r"\s+", " ", text)) if p]


def _expiries(f: Fact, s: Statement, r: Mapping[str, Any]) -> list[End]:
    """The ends statement ``s`` gives fact ``f`` by a term, a maturity, a repayment or a termination
    (its ``ckg:maturityDate``; rules ``expiry_cues`` and ``termination_cues`` of time.json over its
    evidence quotes, sentence by sentence, the date read from the sentence)."""
    out: list[End] = []
    sentences = [x for q in s.quotes for x in _sentences(q)]
    matured = day(s.maturity_date, end=True) if f.role == "credit" else None
    if matured:
        out.append(End(matured, s.as_of, f"matured {s.maturity_date}", s, renewable=True))
    else:
        expiry = next(((m, x, reason) for pattern, roles_, reason in r["expiry"] if f.role in roles_
                       for x in sentences if (m := pattern.search(x))), None)
        if expiry is not None:
            m, sentence, reason = expiry
            when = date_in(sentence[m.end():m.end() + 120], year_only=True)
            if when:
                out.append(End(when, s.as_of, reason, s, renewable=True))
    ended = next(((x, reason) for pattern, roles_, reason in r["termination"] if f.role in roles_
                  for x in sentences if pattern.search(x)), None)
    if ended is not None:
        out.append(End(date_in(ended[0]) or s.effective, s.as_of, ended[1], s))
    return out


@dataclass(frozen=True)
class Row:
    role: str
    source: str
    target: str
    title: str
    status: str  # held | ended
    since: str | None
    last_stated: str
    end_date: str | None
    ended_by: str
    supporting: tuple[str, ...]
    conflicting: tuple[str, ...]

    def as_dict(self, labels: Mapping[str, str] | None = None) -> dict[str, str]:
        labels = labels or {}
        return {
            "role": self.role, "source": self.source, "sourceLabel": labels.get(self.source, ""),
            "target": self.target, "targetLabel": labels.get(self.target, ""), "title": self.title,
            "status": self.status, "since": self.since or "", "lastStated": self.last_stated,
            "endDate": self.end_date or "", "endedBy": self.ended_by,
            "supporting": " | ".join(self.supporting), "conflicting": " | ".join(self.conflicting),
        }


def state_as_of(store: Any, when: str | date, *, known_at: str | date | None = None, include_ended: bool = False,
                roles_: Iterable[str] | None = None, entity: str | None = None,
                facts: list[Fact] | None = None) -> list[Row]:
    """The facts that hold on ``when`` from the statements dated up to ``known_at`` (default ``when``),
    each with the statements supporting it and those conflicting with it; with ``include_ended`` also
    the facts that ended on or before ``when``, with the date and the statement that ended them."""
    when_s = day(str(when)) or str(when)
    known = day(str(known_at)) if known_at else when_s
    wanted = set(roles_) if roles_ else None
    facts = facts if facts is not None else timeline(store)
    if entity:
        entity = canonical_links(store).get(entity, entity)
    rows: list[Row] = []
    held_exclusive: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    r = rules()
    decided: list[tuple[Fact, str, list[Statement], list[End], End | None]] = []
    for f in facts:
        if wanted and f.role not in wanted:
            continue
        if entity and entity not in (f.source, f.target):
            continue
        status, sup, others, end = f.status_on(when_s, known or when_s)
        if status == "unknown":
            continue
        decided.append((f, status, sup, others, end))
        if status == "held" and f.title.lower() in r["exclusive"]:
            held_exclusive[(f.target, f.title)].append(f)
    for f, status, sup, others, end in decided:
        if status == "ended" and not include_ended:
            continue
        conflicts = [f"ended {e.date} ({e.reason}) by {e.by.cite()}" for e in others]
        if status == "held":
            for rival in held_exclusive.get((f.target, f.title), ()):
                if rival is not f:
                    conflicts.append(f"also {f.title}: {rival.source} per " + "; ".join(s.cite() for s in rival.supports[:2]))
        rows.append(Row(f.role, f.source, f.target, f.title, status, f.start(),
                        max(s.as_of for s in sup), end.date if end else None,
                        f"{end.reason}: {end.by.cite()}" if end else "",
                        tuple(s.cite() for s in sorted(sup, key=lambda s: s.as_of)), tuple(conflicts)))
    return rows


def labels(store: Any) -> dict[str, str]:
    """One label per entity (the longest), for display."""
    out: dict[str, str] = {}
    for row in run_query(store, "SELECT DISTINCT ?e ?l WHERE { GRAPH ?g { ?e rdfs:label ?l } }"):
        if len(row["l"]) > len(out.get(row["e"], "")):
            out[row["e"]] = row["l"]
    return out


def write_timeline(store: Any, facts: list[Fact] | None = None) -> int:
    """Replace the timeline graph by the end claims of every fact (for the named query ``as_of`` and
    SPARQL users); returns the number of claims."""
    import hashlib

    import pyoxigraph as ox

    from corpkg.graph.terms import CKG, ID_IRI

    facts = facts if facts is not None else timeline(store)
    g = ox.NamedNode(TIMELINE_GRAPH)
    xsd_date = ox.NamedNode("http://www.w3.org/2001/XMLSchema#date")
    quads = []
    for f in facts:
        for e in f.ends:
            digest = hashlib.sha256("\x1f".join((*f.key, e.date, e.stated_on, e.by.relation, e.reason)).encode()).hexdigest()[:24]
            node = ox.NamedNode(f"{ID_IRI}end-claim/{digest}")

            def add(p: str, o: Any, node: Any = node) -> None:
                quads.append(ox.Quad(node, ox.NamedNode(str(CKG[p])), o, g))

            quads.append(ox.Quad(node, ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
                                 ox.NamedNode(str(CKG.EndClaim)), g))
            add("factRole", ox.Literal(f.role))
            add("factSource", ox.NamedNode(f.source))
            add("factTarget", ox.NamedNode(f.target))
            add("factTitle", ox.Literal(f.title))
            add("endedOn", ox.Literal(e.date, datatype=xsd_date))
            # a renewable end (a term, a maturity) is only final once its day has passed unrestated:
            # as_of.rq keeps a fact whose last statement is later than the claim's ckg:statedOn
            add("statedOn", ox.Literal(max(e.date, e.stated_on) if e.renewable else e.stated_on, datatype=xsd_date))
            add("endReason", ox.Literal(e.reason))
            add("endedBy", ox.NamedNode(e.by.relation))
    store.update(f"DROP SILENT GRAPH <{TIMELINE_GRAPH}>")
    store.extend(quads)
    if hasattr(store, "flush"):
        store.flush()
    return len({q.subject for q in quads})

"""FollowTheMoney export: the graph as FtM entities for Aleph, OpenSanctions and their tools.

Resolved identities are exported once: every node judged the same (``ckg:canonical``) becomes one
FtM entity under its canonical id, with all names (``name`` and ``alias``) and identifiers
(``cikCode``, ``taxNumber`` for the EIN, ``registrationNumber`` for the SEC file number, ``leiCode``).
Each fact of the timeline (:mod:`corpkg.graph.asof`) becomes an interval entity — Directorship,
Ownership (subsidiaries, and acquisitions with ``ownershipType`` "acquisition"), Debt (credit
agreements), CourtCase with CourtCaseParty — carrying its start and end dates, the filings that
state it as ``proof`` (FtM Document entities) and the quotes as ``description``.  Every entity is
checked with FtM's own ``Schema.validate`` before it is written.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

from followthemoney import model
from followthemoney.exc import InvalidData

from corpkg.graph.asof import Fact, Statement, timeline
from corpkg.graph.iris import normalise_ein
from corpkg.graph.query import load_named, run_query
from corpkg.graph.resolve import records
from corpkg.graph.terms import ID_IRI

__all__ = ["ftm_id", "entities", "write_ftm", "InvalidData"]


def ftm_id(iri: str) -> str:
    """An FtM entity id from a corpkg IRI: ``ckg-`` and the IRI's path (hashed when too long)."""
    path = iri[len(ID_IRI):] if iri.startswith(ID_IRI) else iri
    token = re.sub(r"[^0-9A-Za-z.-]+", "-", path).strip("-")
    if len(token) > 100:
        token = token[:60] + "-" + hashlib.sha1(iri.encode("utf-8")).hexdigest()[:20]
    return f"ckg-{token}"


def _canonical(store: Any) -> dict[str, str]:
    from corpkg.graph.asof import canonical_links

    return canonical_links(store)


def _iso(value: str | None) -> str | None:
    """FtM dates are ISO prefixes: 2003, 2003-01, 2003-01-28."""
    if value and re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", value):
        return value
    return None


class _Out:
    def __init__(self) -> None:
        self.entities: dict[str, Any] = {}

    def make(self, schema: str, key: str) -> Any:
        ent = self.entities.get(key)
        if ent is None:
            ent = model.make_entity(schema)
            ent.id = key
            self.entities[key] = ent
        return ent


def _document(out: _Out, s: Statement) -> str:
    key = ftm_id(s.filing)
    doc = out.make("Document", key)
    doc.add("fileName", s.file_name or None, quiet=True)
    doc.add("title", s.file_name or s.filing, quiet=True)
    doc.add("date", _iso(s.as_of), quiet=True)
    return key


def _interval(out: _Out, schema: str, f: Fact, key: str) -> Any:
    ent = out.make(schema, key)
    ent.add("startDate", _iso(f.start()), quiet=True)
    ends = sorted(f.ends, key=lambda e: (e.date, e.stated_on))
    if ends:
        ent.add("endDate", _iso(ends[0].date), quiet=True)
        ent.add("status", "ended", quiet=True)
        ent.add("summary", f"ended: {ends[0].reason} ({ends[0].by.file_name or ends[0].by.filing}, {ends[0].stated_on})",
                quiet=True)
    for s in f.supports:
        ent.add("proof", _document(out, s), quiet=True)
        for q in s.quotes[:2]:
            ent.add("description", re.sub(r"\s+", " ", q).strip()[:2000], quiet=True)
        ent.add("recordId", s.relation, quiet=True)
    return ent


def entities(store: Any) -> Iterator[dict[str, Any]]:
    """The FtM entities of the store (as dicts), resolved identities merged, each validated."""
    canon = _canonical(store)
    recs = records(store)
    out = _Out()
    kinds: dict[str, str] = {}
    grouped: dict[str, list[str]] = defaultdict(list)
    for iri in recs:
        grouped[canon.get(iri, iri)].append(iri)
    for c, members in grouped.items():
        kind = recs[c].kind if c in recs else recs[members[0]].kind
        schema = "Person" if kind == "Person" else "Company"
        kinds[c] = schema
        ent = out.make(schema, ftm_id(c))
        main = recs[c].label if c in recs and recs[c].label else recs[members[0]].label
        ent.add("name", main, quiet=True)
        for m in sorted(members):
            r = recs[m]
            for n in sorted(r.names - {main}):
                ent.add("alias", n, quiet=True)
            for v in r.identifiers.get("cik", ()):
                ent.add("cikCode", v, quiet=True)
            for v in r.identifiers.get("ein", ()):
                ent.add("taxNumber", normalise_ein(v) or v, quiet=True)
            for v in r.identifiers.get("commissionFileNumber", ()):
                ent.add("registrationNumber", v, quiet=True)
            for v in r.identifiers.get("lei", ()):
                ent.add("leiCode", v, quiet=True)
            ent.add("sourceUrl", m if m.startswith("http") else None, quiet=True)
    _addresses(store, out, canon)
    for f in timeline(store, canon):
        src, tgt = ftm_id(f.source), ftm_id(f.target)
        if f.source not in kinds or f.target not in kinds:
            continue
        key = "ckg-rel-" + hashlib.sha1("\x1f".join(f.key).encode("utf-8")).hexdigest()[:24]
        if f.role == "position":
            ent = _interval(out, "Directorship", f, key)
            ent.add("director", src)
            ent.add("organization", tgt)
            ent.add("role", f.title or None, quiet=True)
        elif f.role == "subsidiary":
            ent = _interval(out, "Ownership", f, key)
            ent.add("owner", tgt)
            ent.add("asset", src)
            ent.add("role", "subsidiary", quiet=True)
        elif f.role == "acquisition":
            ent = _interval(out, "Ownership", f, key)
            ent.add("owner", src)
            ent.add("asset", tgt)
            kinds_ = sorted({s.kind for s in f.supports if s.kind})
            ent.add("ownershipType", "acquisition" + (f" ({', '.join(kinds_)})" if kinds_ else ""), quiet=True)
        elif f.role == "credit":
            ent = _interval(out, "Debt", f, key)
            ent.add("creditor", src)
            ent.add("debtor", tgt)
        elif f.role == "proceeding":
            case_key = "ckg-case-" + hashlib.sha1(
                "\x1f".join(sorted({s.relation for s in f.supports})).encode("utf-8")).hexdigest()[:24]
            case = _interval(out, "CourtCase", f, case_key)
            numbers = sorted({s.case_number for s in f.supports if s.case_number})
            case.add("caseNumber", numbers, quiet=True)
            case.add("name", numbers[0] if numbers else f"case of {f.source} v. {f.target}", quiet=True)
            for who, role in ((src, "plaintiff"), (tgt, "defendant")):
                party = out.make("CourtCaseParty", f"{case_key}-{role}-{who}"[:200])
                party.add("case", case_key)
                party.add("party", who)
                party.add("role", role)
    for ent in out.entities.values():
        data = ent.to_dict()
        ent.schema.validate(data)
        yield data


def _addresses(store: Any, out: _Out, canon: Mapping[str, str]) -> None:
    for row in run_query(store, load_named("resolution_attributes")):
        if row["property"] in ("businessAddress", "mailAddress", "address"):
            key = ftm_id(canon.get(row["entity"], row["entity"]))
            if key in out.entities:
                out.entities[key].add("address", row["value"], quiet=True)
        elif row["property"] == "stateOfIncorporation":
            key = ftm_id(canon.get(row["entity"], row["entity"]))
            if key in out.entities and out.entities[key].schema.name == "Company":
                out.entities[key].add("notes", f"state of incorporation: {row['value']}", quiet=True)


def write_ftm(store: Any, stream: Any) -> int:
    """Write the store's FtM entities as JSON lines (FtM's streaming format); returns the count."""
    n = 0
    for data in entities(store):
        stream.write(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
        n += 1
    return n


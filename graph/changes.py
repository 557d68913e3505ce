"""A change feed: what changed for an organization (and its subsidiaries) since a date.

Built on the timeline of :mod:`corpkg.graph.asof`: a fact that starts (or is first reported) on or
after the date is an arrival — an officer or director in, a new subsidiary, a new lender or facility,
a new case, an acquisition or change of control — and an end on or after the date is a departure —
an officer out, a subsidiary sold or dissolved, a facility repaid, a case settled or dismissed.  Each
change carries its date, the statement that says so (file, date, quote) and the entities involved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from corpkg.graph.asof import Fact, day, labels, timeline

__all__ = ["Change", "changes", "organizations_of", "KINDS"]

KINDS: dict[tuple[str, str], str] = {
    ("position", "in"): "officer in",
    ("position", "out"): "officer out",
    ("subsidiary", "in"): "new subsidiary",
    ("subsidiary", "out"): "subsidiary lost",
    ("credit", "in"): "new lender or facility",
    ("credit", "out"): "facility ended",
    ("proceeding", "in"): "new case",
    ("proceeding", "out"): "case closed",
    ("acquisition", "in"): "acquisition",
    ("acquisition", "out"): "acquisition ended",
}
"""What an arrival ("in") or a departure ("out") of a fact of each role is called in the feed."""


@dataclass(frozen=True)
class Change:
    date: str
    kind: str
    role: str
    source: str
    target: str
    title: str
    how: str  # "stated start" | "first reported" | the reason of an end
    evidence: str
    filing: str

    def as_dict(self, names: Mapping[str, str] | None = None) -> dict[str, str]:
        names = names or {}
        return {"date": self.date, "kind": self.kind, "sourceLabel": names.get(self.source, ""), "title": self.title,
                "targetLabel": names.get(self.target, ""), "how": self.how, "evidence": self.evidence, "filing": self.filing,
                "source": self.source, "target": self.target, "role": self.role}


def organizations_of(facts: Iterable[Fact], org: str) -> set[str]:
    """``org`` and every organization stated to be its subsidiary, directly or not."""
    subs: dict[str, set[str]] = {}
    for f in facts:
        if f.role == "subsidiary":
            subs.setdefault(f.target, set()).add(f.source)
    seen, todo = {org}, [org]
    while todo:
        for s in subs.get(todo.pop(), ()):
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return seen


def _kind(f: Fact, way: str) -> str:
    if f.role == "position" and f.title.lower() in ("director", "chairman", "chairman of the board", "lead director"):
        return "director in" if way == "in" else "director out"
    if f.role == "acquisition" and way == "in" and any(s.kind == "control" for s in f.supports):
        return "change of control"
    return KINDS.get((f.role, way), f"{f.role} {way}")


def changes(store: Any, since: str, *, until: str | None = None, org: str | None = None,
            facts: list[Fact] | None = None) -> list[Change]:
    """Arrivals and departures dated from ``since`` (to ``until``), for ``org`` and its subsidiaries
    (every organization when None), oldest first."""
    since_d = day(since) or since
    until_d = day(until, end=True) if until else None
    facts = facts if facts is not None else timeline(store)
    if org:
        from corpkg.graph.asof import canonical_links

        org = canonical_links(store).get(org, org)  # a member of a resolved identity stands for all of it
    scope = organizations_of(facts, org) if org else None
    out: list[Change] = []
    for f in facts:
        if scope is not None and not ({f.source, f.target} & scope):
            continue
        stated = [s for s in f.supports if s.start_date or s.date]
        first = min(stated or f.supports, key=lambda s: (s.effective if stated else s.as_of, s.relation))
        start = f.start()
        if start and start >= since_d and (until_d is None or start <= until_d):
            out.append(Change(start, _kind(f, "in"), f.role, f.source, f.target, f.title,
                              "stated start" if stated else "first reported", first.cite(), first.filing))
        for e in sorted(f.ends, key=lambda e: (e.date, e.stated_on))[:1]:
            if e.date >= since_d and (until_d is None or e.date <= until_d):
                out.append(Change(e.date, _kind(f, "out"), f.role, f.source, f.target, f.title, e.reason, e.by.cite(),
                                  e.by.filing))
    return sorted(out, key=lambda c: (c.date, c.kind, c.source, c.target, c.title))


def change_rows(store: Any, since: str, **kw: Any) -> list[dict[str, str]]:
    """:func:`changes` as display rows with labels."""
    names = labels(store)
    return [c.as_dict(names) for c in changes(store, since, **kw)]

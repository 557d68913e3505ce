"""Gold answers (``tests/annotations/*/*.json``, ``tests/gold/*.json``) as labels of candidate pairs.

Gold files name entities, not offsets.  A candidate's two entities are matched to gold
entities by name as :mod:`corpkg.extract.evaluate` matches them (names normalised, any alias
stands for its entity); a gold role fact whose two ends match the pair's entities labels the
pair with the role and its direction.  Facts listed as ``optional_*`` make the pair
*uncertain*: it is left out of training rather than used as a negative.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from corpkg.extract.learned.candidates import label_name
from corpkg.extract.model import Entity
from corpkg.extract.names import lexicon, normalize_name

__all__ = ["GoldPairs", "gold_pairs"]

_GENERIC = {"company", "registrant", "issuer", "corporation", "we", "us", "our", "partnership"}

# gold key -> (role, field of the role's first slot, field of its second slot)
_PAIR_FIELDS = {
    "subsidiaries": ("subsidiary", "parent", "subsidiary"),
    "officers": ("position", "person", "org"),
    "lenders": ("credit", "lender", "borrower"),
    "acquirers": ("acquisition", "acquirer", "target"),
}


def _norms(names: Iterable[str | None]) -> frozenset[str]:
    stop = lexicon().stop_phrases
    out = set()
    for n in names:
        if not n:
            continue
        k = normalize_name(n)
        if k and k not in _GENERIC and k not in stop:
            out.add(k)
    return frozenset(out)


@dataclass
class GoldPairs:
    """The directed role pairs of one gold file, as sets of normalised names per end."""

    facts: list[tuple[str, frozenset[str], frozenset[str]]] = field(default_factory=list)  # role, first slot, second slot
    optional: list[tuple[str, frozenset[str], frozenset[str]]] = field(default_factory=list)

    def labels(self, first: Entity, second: Entity) -> tuple[set[str], bool]:
        """The labels of a pair (entities in text order) and whether an optional fact matches it."""
        n1, n2 = entity_norms(first), entity_norms(second)
        out: set[str] = set()
        for role, a, b in self.facts:
            if n1 & a and n2 & b:
                out.add(label_name(role, True))
            if n1 & b and n2 & a:
                out.add(label_name(role, False))
        uncertain = any((n1 & a and n2 & b) or (n1 & b and n2 & a) for _, a, b in self.optional)
        return out, uncertain


def entity_norms(e: Entity) -> frozenset[str]:
    return _norms([e.label, *e.aliases])


def gold_pairs(gold: dict[str, Any]) -> GoldPairs:
    """The labelled pairs a gold file states (see the module's docstring)."""
    ents = [_norms([e.get("name"), *e.get("aliases", [])]) for e in gold.get("entities", [])]

    def norms(name: str | None) -> frozenset[str]:
        n = _norms([name])
        for g in ents:
            if n & g:
                return g | n
        return n

    out = GoldPairs()
    for key, (role, fa, fb) in _PAIR_FIELDS.items():
        for opt, items in ((False, gold.get(key, [])), (True, gold.get(f"optional_{key}", []))):
            for g in items:
                bs = g.get(fb)
                for b in bs if isinstance(bs, list) else [bs]:
                    a_n, b_n = norms(g.get(fa)), norms(b)
                    if a_n and b_n:
                        (out.optional if opt else out.facts).append((role, a_n, b_n))
    # litigants: a plaintiff and a defendant of the same case make a directed pair
    for opt, items in ((False, gold.get("litigants", [])), (True, gold.get("optional_litigants", []))):
        cases: dict[str, dict[str, list[frozenset[str]]]] = {}
        for g in items:
            side = str(g.get("side", "")).lower()
            if side not in ("plaintiff", "defendant"):
                continue
            cases.setdefault(str(g.get("case") or ""), {}).setdefault(side, []).append(norms(g.get("party")))
        for sides in cases.values():
            for p in sides.get("plaintiff", []):
                for d in sides.get("defendant", []):
                    if p and d:
                        (out.optional if opt else out.facts).append(("proceeding", p, d))
    return out

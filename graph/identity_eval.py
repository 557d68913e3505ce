"""Pairwise precision and recall of entity resolution against annotated identity pairs.

An annotated pair names two mentions, each ``{"filing": PATH, "name": NAME, "type": ...}`` with
PATH relative to the shared folder; a mention is mapped to the node of the filing's graph whose
label or alias is NAME (exactly, else after normalisation, else — for persons — by surname and
first name or initial).  The system says "same" when both mentions map to one node, or to nodes with
one canonical id.  A mention that maps to no node counts as "different" (so a miss of the entity
stage lowers recall, never raises precision).  Pairs split by ``sha1(id) % 3``: 0 is the locked test
set, scored once; the rest is dev, for tuning.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from corpkg.graph.iris import normalise_name
from corpkg.graph.resolve import Record, canonical_map, person_name_parts, records

__all__ = ["Score", "split_of", "load_pairs", "map_mention", "evaluate"]


def split_of(pair_id: str) -> str:
    """"test" for the locked third of the pairs (sha1 of the id divisible by 3), else "dev"."""
    return "test" if int(hashlib.sha1(pair_id.encode("utf-8")).hexdigest(), 16) % 3 == 0 else "dev"


def load_pairs(path: str | Path, split: str | None = None) -> list[dict[str, Any]]:
    pairs: list[dict[str, Any]] = json.loads(Path(path).read_text(encoding="utf-8"))
    return [p for p in pairs if split is None or split_of(str(p["id"])) == split]


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    unmapped: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def as_dict(self) -> dict[str, Any]:
        return {"pairs": self.tp + self.fp + self.fn + self.tn, "tp": self.tp, "fp": self.fp, "fn": self.fn, "tn": self.tn,
                "unmapped_mentions": self.unmapped, "precision": round(self.precision, 4), "recall": round(self.recall, 4)}


def _index(recs: Mapping[str, Record]) -> dict[str, list[Record]]:
    by_file: dict[str, list[Record]] = defaultdict(list)
    for rec in recs.values():
        for fn in rec.file_names:
            by_file[fn].append(rec)
    return by_file


def map_mention(mention: Mapping[str, Any], by_file: Mapping[str, Sequence[Record]]) -> str | None:
    """The node a mention ``{"filing", "name", "type"}`` stands for, or None."""
    cands = list(by_file.get(PurePosixPath(str(mention["filing"])).name, ()))
    kind = "Person" if mention.get("type") == "Person" else "Organization"
    name = str(mention["name"]).strip()
    same_kind = [r for r in cands if r.kind == kind]
    for pool in (same_kind, cands):
        exact = sorted(r.iri for r in pool if name in r.names)
        if exact:
            return exact[0]
        norm = normalise_name(name)
        normed = sorted(r.iri for r in pool if norm in {normalise_name(n) for n in r.names})
        if normed:
            return normed[0]
    if kind == "Person":
        want = person_name_parts(name)
        loose = sorted(r.iri for r in same_kind if any(
            (p := person_name_parts(n)).last == want.last and
            ((p.first and p.first == want.first) or (not (p.first and want.first) and p.first_initial == want.first_initial))
            for n in r.names))
        if len(loose) == 1:
            return loose[0]
    return None


def evaluate(store: Any, pairs: Sequence[Mapping[str, Any]], *, verbose: bool = False) -> Score:
    """Score the store's resolution (same node or same canonical id) on annotated pairs."""
    recs = records(store)
    by_file = _index(recs)
    canon = canonical_map(store)
    score = Score()
    for p in pairs:
        a, b = map_mention(p["a"], by_file), map_mention(p["b"], by_file)
        score.unmapped += (a is None) + (b is None)
        same = a is not None and b is not None and canon.get(a, a) == canon.get(b, b)
        truth = bool(p["same"])
        if same and truth:
            score.tp += 1
        elif same:
            score.fp += 1
        elif truth:
            score.fn += 1
        else:
            score.tn += 1
        if verbose and same != truth:
            score.errors.append(f"{p['id']} {'FP' if same else 'FN'} {p['a']['name']!r} ({a}) / {p['b']['name']!r} ({b})")
    return score

"""Score extractions against gold answers (``gold/*.json``, format in ``gold/README.md``).

Per filing and in total: precision, recall and F1 per entity type (Organization, Person) and
per role (each role file's ``ckg:goldKey``: issuer, subsidiaries, officers, lenders, litigants,
acquirers, ...), with the false positives and false negatives listed.  How a role is scored is
declared in its file of ``ontology/roles/`` (``ckg:scoreMode``, ``ckg:scorePairs`` /
``ckg:scoreSlots``, ``ckg:goldFields``): ``pairs`` matches (slot, slot) pairs of facts against
gold items with two fields; ``sides`` matches (entity, slot) against gold ``{party, side}``;
``single`` matches the filing's one party (the issuer: the facts' slot and entities flagged
``is_issuer``) against a gold item or name, with ``optional_<key>s`` as optional ones.  Names
match after normalisation (case, punctuation, a leading "The", honorifics and legal suffixes ignored) and any alias stands for its entity;
``optional`` entities and ``optional_*`` facts are neither required nor counted wrong;
``not_entities`` typed as organizations or persons are errors.

Library first: ``evaluate(gold_dir, filings_dir)`` returns a :class:`Report`;
``corpkg eval`` prints it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corpkg.extract.model import Document, Entity, Extraction
from corpkg.extract.names import lexicon, normalize_name
from corpkg.ontology.registry import RoleSpec, roles

__all__ = [
    "Score",
    "Error",
    "FilingReport",
    "Report",
    "evaluate",
    "score_filing",
    "find_filing",
    "ENTITY_TYPES",
    "ROLES",
]

ENTITY_TYPES = ("Organization", "Person")
ROLES: tuple[str, ...] = tuple(spec.gold_key for spec in roles())
"""The scored roles, by gold key (``ckg:goldKey`` of ontology/roles/*.ttl), in role order."""
_GENERIC = {"company", "registrant", "issuer", "corporation", "we", "us", "our", "partnership"}


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: Score) -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    def as_dict(self) -> dict[str, float | int]:
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn, "precision": round(self.precision, 4),
                "recall": round(self.recall, 4), "f1": round(self.f1, 4)}


@dataclass(frozen=True)
class Error:
    category: str  # "entity:Organization", "role:officers" ...
    kind: str  # "fp" | "fn"
    item: str
    why: str = ""


@dataclass
class FilingReport:
    filing: str
    path: str | None
    scores: dict[str, Score] = field(default_factory=dict)
    errors: list[Error] = field(default_factory=list)
    seconds: float = 0.0
    failure: str | None = None  # the filing could not be found or extracted

    def as_dict(self) -> dict[str, Any]:
        return {
            "filing": self.filing,
            "path": self.path,
            "seconds": round(self.seconds, 3),
            "failure": self.failure,
            "scores": {k: v.as_dict() for k, v in self.scores.items()},
            "errors": [e.__dict__ for e in self.errors],
        }


@dataclass
class Report:
    filings: list[FilingReport]

    @property
    def totals(self) -> dict[str, Score]:
        out: dict[str, Score] = {}
        for f in self.filings:
            for k, s in f.scores.items():
                out.setdefault(k, Score()).add(s)
        order = [f"entity:{t}" for t in ENTITY_TYPES] + ["entity:all"] + [f"role:{r}" for r in ROLES] + ["role:all"]
        order += [f"slot:{slot}" for slot in AGREEMENT_SLOTS]
        return {k: out[k] for k in order if k in out}

    def as_dict(self) -> dict[str, Any]:
        return {"totals": {k: v.as_dict() for k, v in self.totals.items()},
                "filings": [f.as_dict() for f in self.filings]}

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2)

    def to_table(self, *, errors: bool = True) -> str:
        lines = []

        def block(title: str, scores: dict[str, Score]) -> None:
            lines.append(title)
            lines.append(f"  {'measure':<22} {'tp':>5} {'fp':>5} {'fn':>5} {'prec':>7} {'recall':>7} {'F1':>7}")
            for k, s in scores.items():
                lines.append(f"  {k:<22} {s.tp:>5} {s.fp:>5} {s.fn:>5} {s.precision:>7.3f} {s.recall:>7.3f} {s.f1:>7.3f}")

        for f in self.filings:
            if f.failure:
                lines.append(f"{f.filing}: NOT SCORED ({f.failure})")
                continue
            block(f"{f.filing}  ({f.seconds:.2f} s)", f.scores)
            if errors:
                for e in f.errors:
                    why = f"  [{e.why}]" if e.why else ""
                    lines.append(f"    {e.kind.upper():<3} {e.category:<20} {e.item}{why}")
            lines.append("")
        block(f"TOTAL over {sum(1 for f in self.filings if not f.failure)} filings", self.totals)
        return "\n".join(lines)


# --------------------------------------------------------------------------- names

def _norm_set(names: Iterable[str]) -> set[str]:
    out = set()
    for n in names:
        if not n:
            continue
        k = normalize_name(n)
        if k and k not in _GENERIC and k not in lexicon().stop_phrases:
            out.add(k)
    return out


@dataclass
class _GoldEntity:
    name: str
    type: str
    norms: set[str]
    optional: bool


def _gold_entities(gold: dict[str, Any]) -> list[_GoldEntity]:
    out = []
    for e in gold.get("entities", []):
        out.append(_GoldEntity(e["name"], e.get("type", "Organization"), _norm_set([e["name"], *e.get("aliases", [])]),
                               bool(e.get("optional"))))
    return out


def _entity_norms(e: Entity) -> set[str]:
    return _norm_set([e.label, *e.aliases])


# --------------------------------------------------------------------------- scoring

def score_filing(gold: dict[str, Any], extraction: Extraction) -> FilingReport:
    """Scores of one extraction against one gold answer."""
    rep = FilingReport(filing=gold.get("filing", "?"), path=extraction.document.path)
    gents = _gold_entities(gold)
    _score_entities(gold, gents, extraction, rep)
    _score_roles(gold, gents, extraction, rep)
    _score_agreement_slots(gold, gents, extraction, rep)
    return rep


def _score_entities(gold: dict[str, Any], gents: list[_GoldEntity], ex: Extraction, rep: FilingReport) -> None:
    scores = {t: Score() for t in ENTITY_TYPES}
    preds = list(ex.entities)
    pairs = []
    for i, p in enumerate(preds):
        pn = _entity_norms(p)
        label_n = normalize_name(p.label)
        for j, g in enumerate(gents):
            common = pn & g.norms
            if common:
                pairs.append((-(p.kind == g.type), -(label_n in g.norms), -len(common), g.optional, i, j))
    pairs.sort()
    p_used: dict[int, int] = {}
    g_used: dict[int, int] = {}
    for *_, i, j in pairs:
        if i in p_used or j in g_used:
            continue
        p_used[i] = j
        g_used[j] = i
    not_ents = _norm_set(n["name"] for n in gold.get("not_entities", []))
    for i, p in enumerate(preds):
        if i in p_used:
            g = gents[p_used[i]]
            if g.optional and p.kind == g.type:
                continue
            if p.kind == g.type:
                scores[p.kind].tp += 1
            else:
                scores[p.kind].fp += 1
                rep.errors.append(Error(f"entity:{p.kind}", "fp", p.label, f"gold says {g.type}: {g.name}"))
                if not g.optional:
                    scores[g.type].fn += 1
                    rep.errors.append(Error(f"entity:{g.type}", "fn", g.name, f"typed {p.kind}"))
            continue
        pn = _entity_norms(p)
        dup = [gents[j] for j in range(len(gents)) if pn & gents[j].norms]
        if dup and all(g.optional for g in dup):
            continue
        scores[p.kind].fp += 1
        if pn & not_ents:
            why = "listed in not_entities"
        elif dup:
            why = f"duplicate of {dup[0].name}"
        else:
            why = "not in gold"
        rep.errors.append(Error(f"entity:{p.kind}", "fp", p.label, why))
    for j, g in enumerate(gents):
        if j not in g_used and not g.optional:
            scores[g.type].fn += 1
            rep.errors.append(Error(f"entity:{g.type}", "fn", g.name))
    total = Score()
    for t in ENTITY_TYPES:
        rep.scores[f"entity:{t}"] = scores[t]
        total.add(scores[t])
    rep.scores["entity:all"] = total


def _pair_items(spec: RoleSpec, gold: dict[str, Any], gold_norms: Callable[[str], set[str]],
                items: list[tuple[tuple[set[str], ...], bool, str]]) -> None:
    """Gold items of a role scored by pairs: ``gold[key]`` (and ``optional_<key>``) entries whose two
    fields (``ckg:goldFields``) name the ends; the second may list several names."""
    ga, gb = spec.gold_fields
    key = spec.gold_key
    for opt, src in ((False, gold.get(key, [])), (True, gold.get(f"optional_{key}", []))):
        for g in src:
            b = g.get(gb)
            bs = b if isinstance(b, list) else [b]
            bn: set[str] = set()
            for x in bs:
                if x:
                    bn |= gold_norms(x)
            items.append(((gold_norms(g[ga]), bn), opt, f"{g[ga]} -> {' | '.join(x for x in bs if x)}"))


def _score_roles(gold: dict[str, Any], gents: list[_GoldEntity], ex: Extraction, rep: FilingReport) -> None:
    by_key = {e.key: e for e in ex.entities}

    def names_of(key: str) -> set[str]:
        e = by_key.get(key)
        return _entity_norms(e) if e else _norm_set([key])

    def gold_norms(name: str) -> set[str]:
        n = _norm_set([name])
        for g in gents:
            if n & g.norms:
                return g.norms | n
        return n

    def label(key: str) -> str:
        e = by_key.get(key)
        return e.label if e else key

    # gold items: (tuple of norm-sets per end, optional, description)
    total = Score()
    for spec in roles():
        role = spec.gold_key
        items: list[tuple[tuple[set[str], ...], bool, str]] = []
        preds: dict[tuple[str, ...], str] = {}
        if spec.score_mode == "single":
            for opt, src in ((False, [gold.get(role)]), (True, gold.get(f"optional_{role}s", []))):
                for g in src:
                    if not g:
                        continue
                    name = g[spec.gold_fields[0]] if isinstance(g, dict) else str(g)
                    items.append(((gold_norms(name),), opt, name))
            single_keys = {k for f in ex.facts if f.role == spec.name for s in spec.score_slots for k in f.participant(s)}
            single_keys |= {e.key for e in ex.entities if e.is_issuer}
            for k in single_keys:
                preds[(k,)] = label(k)
        elif spec.score_mode == "sides":
            party, side = spec.gold_fields
            # one item per (party, side): a predicted key is an (entity, side) of the filing, so a
            # party listed once per case (gold ``case``) must count once, not once per case
            seen: set[tuple[str, str]] = set()
            for opt, src in ((False, gold.get(role, [])), (True, gold.get(f"optional_{role}", []))):
                for g in src:
                    dedup = (normalize_name(g[party]), str(g.get(side, "")))
                    if dedup in seen:
                        continue
                    seen.add(dedup)
                    items.append(((gold_norms(g[party]), {g.get(side, "")}), opt, f"{g[party]} ({g.get(side)})"))
            for f in ex.facts:
                if f.role != spec.name:
                    continue
                for slot in spec.score_slots:
                    for k in f.participant(slot):
                        preds[(k, slot)] = f"{label(k)} ({slot})"
        else:
            _pair_items(spec, gold, gold_norms, items)
            for f in ex.facts:
                if f.role != spec.name:
                    continue
                for sa, sb in spec.score_pairs:
                    for ka in f.participant(sa):
                        for kb in f.participant(sb):
                            preds[(ka, kb)] = f"{label(ka)} -> {label(kb)}"
        s = Score()
        matched: set[int] = set()
        for pkey, desc in preds.items():
            hit = None
            for idx, (ends, opt, _) in enumerate(items):
                ok = True
                for end_i, k in enumerate(pkey):
                    want = ends[end_i]
                    have = {k} if spec.score_mode == "sides" and end_i == 1 else names_of(k)
                    if not (have & want):
                        ok = False
                        break
                if ok:
                    if hit is None or (not opt and (items[hit][1] or hit in matched)):
                        hit = idx
                    if not opt and idx not in matched:
                        # a required item not matched yet: two predictions whose names normalise alike
                        # ("Beryllium Acquisition Corporation", "Beryllium Acquisition LLC") take one each
                        break
            if hit is None:
                s.fp += 1
                rep.errors.append(Error(f"role:{role}", "fp", desc))
            elif not items[hit][1]:
                if hit not in matched:
                    s.tp += 1
                    matched.add(hit)
        for idx, (_, opt, desc) in enumerate(items):
            if not opt and idx not in matched:
                s.fn += 1
                rep.errors.append(Error(f"role:{role}", "fn", desc))
        rep.scores[f"role:{role}"] = s
        total.add(s)
    rep.scores["role:all"] = total


# Credit-agreement slots scored from gold ``agreements[].parties`` capacities (issue 11): a capacity
# names a slot when it holds one of the slot's words ("administrative agent and lender": agent and
# lender; "lead arranger and bookrunner": arranger).
AGREEMENT_SLOTS: dict[str, tuple[str, ...]] = {
    "lender": ("lender", "lenders", "bank", "banks", "commitment party", "commitment parties", "noteholder",
               "noteholders"),
    "borrower": ("borrower", "borrowers", "co-borrower", "co-borrowers"),
    "agent": ("agent", "agents", "co-agent"),
    "arranger": ("arranger", "arrangers", "co-arranger", "bookrunner", "bookrunners"),
    "guarantor": ("guarantor", "guarantors"),
}


def _capacity_slots(capacity: str) -> set[str]:
    words = capacity.lower().replace(",", " ").replace("/", " ").split()
    text = " ".join(words)
    return {slot for slot, terms in AGREEMENT_SLOTS.items()
            if any(t in words or (" " in t and t in text) for t in terms)}


def _score_agreement_slots(gold: dict[str, Any], gents: list[_GoldEntity], ex: Extraction, rep: FilingReport) -> None:
    """Per-slot scores of the credit facts against the gold agreements' party capacities
    ("slot:lender", "slot:borrower", "slot:agent", "slot:guarantor", "slot:arranger"); only filings whose gold lists
    agreement parties are scored."""
    parties = [p for ag in gold.get("agreements", []) for p in ag.get("parties", [])]
    if not parties:
        return
    by_key = {e.key: e for e in ex.entities}

    def gold_norms(name: str) -> set[str]:
        n = _norm_set([name])
        return next((g.norms | n for g in gents if n & g.norms), n)

    wanted: dict[str, list[tuple[set[str], str]]] = {slot: [] for slot in AGREEMENT_SLOTS}
    for p in parties:
        for slot in _capacity_slots(p.get("capacity", "")):
            if not any(p["name"] == d for _, d in wanted[slot]):
                wanted[slot].append((gold_norms(p["name"]), p["name"]))
    for slot in AGREEMENT_SLOTS:
        keys = {k for f in ex.facts if f.role == "credit" for k in f.participant(slot)}
        sc = Score()
        matched: set[int] = set()
        for k in sorted(keys):
            e = by_key.get(k)
            have = _entity_norms(e) if e else _norm_set([k])
            hit = next((i for i, (want, _) in enumerate(wanted[slot]) if have & want), None)
            if hit is None:
                sc.fp += 1
                rep.errors.append(Error(f"slot:{slot}", "fp", e.label if e else k))
            elif hit not in matched:
                sc.tp += 1
                matched.add(hit)
        for i, (_, desc) in enumerate(wanted[slot]):
            if i not in matched:
                sc.fn += 1
                rep.errors.append(Error(f"slot:{slot}", "fn", desc))
        rep.scores[f"slot:{slot}"] = sc


# --------------------------------------------------------------------------- running

def find_filing(gold: dict[str, Any], gold_dir: Path, filings_dir: Path | None = None) -> Path | None:
    """Where the filing a gold file describes is: under ``filings_dir`` if given, else the gold
    directory's sibling ``seeds/`` and ``corpus/`` (the shared layout), ``$CORPKG_SHARED`` and
    the project's ``examples/``."""
    name: str = gold.get("filing", "")
    rel: str | None = gold.get("corpus_path")
    roots: list[Path] = []
    if filings_dir is not None:
        roots.append(Path(filings_dir))
    base = Path(gold_dir).resolve().parent
    roots += [base, base / "seeds", base / "corpus"]
    shared = os.environ.get("CORPKG_SHARED")
    here = Path(__file__).resolve().parents[1]
    for sh in ([Path(shared)] if shared else []) + [here.parent / "shared"]:
        roots += [sh, sh / "seeds", sh / "corpus"]
    roots.append(here / "examples")
    for r in roots:
        for cand in ([r / rel, r / Path(rel).name] if rel else []) + ([r / name] if name else []):
            if cand.is_file():
                return cand
    return None


def _default_extract(model: str | None) -> Callable[[Document], Extraction]:
    from corpkg.extract.pipeline import extract_filing

    return lambda doc: extract_filing(doc, model=model)


def evaluate(
    gold_dir: str | os.PathLike[str],
    filings_dir: str | os.PathLike[str] | None = None,
    *,
    model: str | None = None,
    extract: Callable[[Document], Extraction] | None = None,
    only: Iterable[str] = (),
) -> Report:
    """Run extraction on every filing named in ``gold_dir/*.json`` and score it."""
    from corpkg.extract.reader import read_filing

    gold_dir = Path(gold_dir)
    files = sorted(gold_dir.glob("*.json"))
    wanted = set(only)
    run = extract or _default_extract(model)
    reports = []
    for gf in files:
        gold = json.loads(gf.read_text(encoding="utf-8"))
        if wanted and gf.stem not in wanted and gold.get("filing") not in wanted:
            continue
        path = find_filing(gold, gold_dir, Path(filings_dir) if filings_dir else None)
        if path is None:
            reports.append(FilingReport(gold.get("filing", gf.name), None, failure="filing not found"))
            continue
        t0 = time.perf_counter()
        try:
            ex = run(read_filing(path))
        except Exception as exc:  # one broken filing must not hide the others' scores
            reports.append(FilingReport(gold.get("filing", gf.name), str(path), failure=f"{type(exc).__name__}: {exc}"))
            continue
        rep = score_filing(gold, ex)
        if gold.get("entities_complete") is False:
            # a long filing whose annotator listed only the entities taking part in role facts
            # (tests/annotations/GUIDELINES.md): its role facts count, its entity scores would not be fair
            rep.scores = {k: v for k, v in rep.scores.items() if not k.startswith("entity:")}
            rep.errors = [e for e in rep.errors if not e.category.startswith("entity:")]
        rep.path = str(path)
        rep.seconds = time.perf_counter() - t0
        reports.append(rep)
    return Report(reports)

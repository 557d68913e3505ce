"""Per-role thresholds of the pair classifier, chosen on the dev set.

For every dev filing the pipeline runs once without ``learned_pairs`` and ``finalize``; the
candidates are scored once (each candidate keeps its possible facts, most probable first);
then, role by role (roles are scored independently), each
threshold of :data:`GRID` adds the model's facts of that role at or above it to the rules' facts
(only for entity pairs the rules did not link, as the pipeline stage does), the facts are finalised
and scored with :func:`corpkg.extract.evaluate.score_filing`.  A role keeps the highest threshold
whose dev F1 is within :data:`TOLERANCE` of the best one and whose precision stays at
:data:`MIN_PRECISION` or more, when that beats the rules alone;
otherwise the role is switched off (threshold above 1).  The thresholds go to the model's ``meta.json``.

``python -m corpkg.extract.learned.tune [MODEL_DIR] [--dev DIR]``
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corpkg.extract.evaluate import Score, find_filing, score_filing
from corpkg.extract.learned.candidates import ROLE_SLOTS, all_candidates, passages_of
from corpkg.extract.learned.pairs import (
    PairModel,
    best_fact,
    candidate_facts,
    default_model_path,
    left_out,
    load_model,
    rules_pipeline,
)
from corpkg.extract.learned.train import DEFAULT_DEV, SHARED, check_not_locked, gold_files, run_stages
from corpkg.extract.model import Extraction, Fact
from corpkg.extract.pipeline import FilingContext
from corpkg.extract.reader import read_filing
from corpkg.extract.roles.run import finalize_facts
from corpkg.ontology.registry import roles

__all__ = ["FilingRun", "prepare", "extraction_with", "tune", "GRID", "OFF", "MIN_PRECISION", "TOLERANCE"]

log = logging.getLogger(__name__)

GRID = (0.02, 0.05, *(round(0.05 * i, 2) for i in range(2, 20)))
"""Thresholds tried: 0.02, 0.05, 0.10, 0.15, …, 0.95."""
MIN_PRECISION = 0.85
"""A role's dev precision must stay at least this high: the project's precision target (issue 12).
Without it the best dev F1 lets precision fall to 0.40 for proceedings and 0.76 for officers."""
TOLERANCE = 0.01
"""F1 differences on dev smaller than this are noise: the highest threshold within it of the best wins."""
OFF = 1.01
"""The threshold of a role the model does not improve on dev: no probability reaches it."""


@dataclass
class FilingRun:
    """One dev filing: its gold answer, the pipeline's state before ``finalize`` and the model's
    facts with their probabilities (all of them, whatever the threshold)."""

    gold: dict[str, Any]
    ctx: FilingContext
    proposed: list[list[tuple[float, Fact]]]  # per candidate, its possible facts, most probable first


def prepare(model: PairModel, dev_dir: Path, limit_files: int | None = None) -> list[FilingRun]:
    check_not_locked(dev_dir)
    nlp = rules_pipeline()
    runs = []
    files = gold_files([dev_dir])
    for gf in files[:limit_files] if limit_files else files:
        gold = json.loads(gf.read_text(encoding="utf-8"))
        path = find_filing(gold, gf.parent, SHARED)
        if path is None:
            log.warning("%s: filing not found, skipped", gf.name)
            continue
        ctx = run_stages(nlp, read_filing(path))
        cands = list(all_candidates(passages_of(ctx.passages())))
        scores = model.score(cands) if cands else []
        runs.append(FilingRun(gold, ctx, [candidate_facts(c, s, model.extractor) for c, s in zip(cands, scores, strict=True)]))
    return runs


def extraction_with(run: FilingRun, thresholds: dict[str, float]) -> Extraction:
    """What the pipeline with ``learned_pairs`` at ``thresholds`` (role -> probability) gives."""
    ctx = run.ctx
    rule_facts = ctx.role_facts()
    chosen = (best_fact(options, lambda role: thresholds.get(role, OFF)) for options in run.proposed)
    new = left_out([*ctx.facts, *rule_facts], [f for f in chosen if f is not None])
    keys = set(ctx.entities)
    final = [f for f in finalize_facts(rule_facts + new) if all(k in keys for _, k in f.participants)]
    return dataclasses.replace(ctx, facts=[*ctx.facts, *final], finalised=True).extraction()


def _role_score(runs: Sequence[FilingRun], thresholds: dict[str, float], key: str) -> Score:
    total = Score()
    for run in runs:
        total.add(score_filing(run.gold, extraction_with(run, thresholds)).scores[key])
    return total


def tune(model_dir: Path | None = None, dev_dir: Path = DEFAULT_DEV, *, limit_files: int | None = None,
         min_precision: float = MIN_PRECISION) -> dict[str, float]:
    """Choose each role's threshold on ``dev_dir`` (among the thresholds keeping the role's
    precision at ``min_precision`` or more, the highest one within :data:`TOLERANCE` of the best
    F1) and write them to the model's meta.json."""
    where = Path(model_dir) if model_dir is not None else default_model_path()
    model = load_model(where)
    runs = prepare(model, dev_dir, limit_files)
    gold_keys = {spec.name: spec.gold_key for spec in roles()}
    chosen: dict[str, float] = {}
    table: dict[str, Any] = {}
    for role in ROLE_SLOTS:
        key = f"role:{gold_keys[role]}"
        base = _role_score(runs, {}, key)
        scored = [(t, _role_score(runs, {role: t}, key)) for t in GRID]
        ok = [(t, s) for t, s in scored if s.f1 > base.f1 + 1e-9 and s.precision >= min_precision]
        best_t, best = OFF, base
        if ok:
            top = max(s.f1 for _, s in ok)
            best_t, best = max(((t, s) for t, s in ok if s.f1 >= top - TOLERANCE), key=lambda ts: ts[0])
        chosen[role] = best_t
        table[role] = {"rules": base.as_dict(), "with_model": best.as_dict(), "threshold": best_t,
                       "grid": {str(t): round(s.f1, 4) for t, s in scored}}
        log.info("%-12s rules F1 %.3f -> %.3f at threshold %s", role, base.f1, best.f1, best_t)
    meta_file = where / "meta.json"
    meta = json.loads(meta_file.read_text(encoding="utf-8"))
    meta.setdefault("corpkg", {})["thresholds"] = chosen
    meta["corpkg"]["tuning"] = {"dev_files": len(runs), "grid": list(GRID), "min_precision": min_precision, "roles": table}
    meta_file.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    from corpkg.extract.learned.pairs import _load_model

    _load_model.cache_clear()
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpkg.extract.learned.tune", description=__doc__.split("\n\n")[0])
    ap.add_argument("model", nargs="?", type=Path, default=None, help="model directory (default: the package's)")
    ap.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    ap.add_argument("--min-precision", type=float, default=MIN_PRECISION, help="only thresholds keeping each role's "
                    f"dev precision at least this high (default {MIN_PRECISION})")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    print(json.dumps(tune(args.model, args.dev, min_precision=args.min_precision)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The dev table of the learned layer: rules only vs rules + the pair classifier.

``python -m corpkg.extract.learned.report [--dev DIR] [--out FILE]`` scores both pipelines with
:func:`corpkg.extract.evaluate.evaluate` (the rules-only pipeline is the package's without the
``learned_pairs`` stage; the other adds it before ``finalize``) and prints a Markdown table per
role (tp / fp / fn, P / R / F1), plus the entity scores over the filings whose gold lists every
entity (``entities_complete`` not false).  The locked test directory is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from spacy.language import Language

from corpkg.extract.evaluate import ENTITY_TYPES, ROLES, Report, Score, evaluate
from corpkg.extract.learned.pairs import learned_pipeline, load_model, rules_pipeline
from corpkg.extract.learned.train import DEFAULT_DEV, SHARED, check_not_locked
from corpkg.extract.model import Document, Extraction
from corpkg.extract.pipeline import extract_filing

__all__ = ["compare", "markdown", "complete_entity_scores", "main"]


def _runner(nlp: Language) -> Callable[[Document], Extraction]:
    def run(document: Document) -> Extraction:
        return extract_filing(document, nlp=nlp)

    return run


def complete_entity_scores(report: Report, gold_dir: Path) -> dict[str, Score]:
    """Entity scores summed over the filings whose gold file does not say ``entities_complete: false``."""
    complete = set()
    for f in sorted(gold_dir.glob("*.json")):
        gold = json.loads(f.read_text(encoding="utf-8"))
        if gold.get("entities_complete", True) is not False:
            complete.add(gold.get("filing"))
    out: dict[str, Score] = {}
    for rep in report.filings:
        if rep.failure or rep.filing not in complete:
            continue
        for k in [f"entity:{t}" for t in ENTITY_TYPES] + ["entity:all"]:
            if k in rep.scores:
                out.setdefault(k, Score()).add(rep.scores[k])
    return out


def compare(gold_dir: Path = DEFAULT_DEV, filings_dir: Path = SHARED,
            model: Path | None = None) -> tuple[Report, Report, dict[str, float]]:
    """Both reports on ``gold_dir`` and the seconds each took."""
    check_not_locked(gold_dir)
    base = rules_pipeline()
    learned = learned_pipeline(model=model)
    seconds = {}
    t0 = time.perf_counter()
    rules = evaluate(gold_dir, filings_dir, extract=_runner(base))
    seconds["rules"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    both = evaluate(gold_dir, filings_dir, extract=_runner(learned))
    seconds["rules+model"] = time.perf_counter() - t0
    return rules, both, seconds


def _cell(s: Score) -> str:
    return f"{s.tp} / {s.fp} / {s.fn} — {s.precision:.3f} / {s.recall:.3f} / **{s.f1:.3f}**"


def markdown(rules: Report, both: Report, gold_dir: Path, model_version: str) -> str:
    """The comparison as Markdown tables."""
    n = sum(1 for f in rules.filings if not f.failure)
    lines = [f"Dev set `{gold_dir.name}` ({n} filings), model `{model_version}`; cells: tp / fp / fn — P / R / F1.", "",
             "| role | rules only | rules + model |", "|---|---|---|"]
    rt, bt = rules.totals, both.totals
    for key in [f"role:{r}" for r in ROLES] + ["role:all"]:
        if key in rt:
            lines.append(f"| {key.split(':')[1]} | {_cell(rt[key])} | {_cell(bt[key])} |")
    five = [f"role:{r}" for r in ROLES if r != "issuer"]
    r5, b5 = Score(), Score()
    for k in five:
        r5.add(rt[k])
        b5.add(bt[k])
    lines.append(f"| the five pair roles | {_cell(r5)} | {_cell(b5)} |")
    ents = complete_entity_scores(rules, gold_dir)
    lines += ["", "Entities (unchanged by the model), over the filings whose gold lists every entity:", "",
              "| type | tp / fp / fn — P / R / F1 |", "|---|---|"]
    for k, s in ents.items():
        lines.append(f"| {k.split(':')[1]} | {_cell(s)} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpkg.extract.learned.report", description=__doc__.split("\n\n")[0])
    ap.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    ap.add_argument("--filings", type=Path, default=SHARED)
    ap.add_argument("--model", type=Path, default=None, help="model directory (default: the package's)")
    ap.add_argument("--out", type=Path, default=None, help="also write the Markdown here")
    args = ap.parse_args(argv)
    rules, both, seconds = compare(args.dev, args.filings, args.model)
    text = markdown(rules, both, args.dev, load_model(args.model).version)
    text += "\n\n" + ", ".join(f"{k}: {v:.1f} s" for k, v in seconds.items()) + "\n"
    print(text)
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

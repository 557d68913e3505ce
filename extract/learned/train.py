"""Train the pair classifier from the annotated filings: ``make train``.

``python -m corpkg.extract.learned.train`` reads the gold files of the training directories
(default: ``tests/annotations/train`` and ``tests/gold``), runs the issuer and entity stages of
the default pipeline over each filing, makes the candidate pairs
(:mod:`corpkg.extract.learned.candidates`) and labels them from the gold facts
(:mod:`corpkg.extract.learned.gold`); the dev directory (``tests/annotations/dev``) is made the
same way and serves spaCy's model selection.  *Silver* examples come from the other filings of
``../shared/corpus`` (every filing of the annotated set's ``SPLITS.tsv`` and of the gold
directories left out): the candidates whose sentence is the evidence of a rule fact, labelled
with that fact's role and direction (positives only: the rules' silence is no negative).
``spacy train`` then runs on
``extract/learned/config.cfg`` (fixed seed); the best model is copied to the package
(``extract/models/pairs``) with its version — a hash of the config and the labelled examples —
in ``meta.json``.  Finally the per-role thresholds are chosen on the dev set
(:mod:`corpkg.extract.learned.tune`) unless ``--no-tune`` is given.

The locked test set (``tests/annotations/test``) is never read.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, DocBin
from spacy.vocab import Vocab
from thinc.api import Config

from corpkg.extract.evaluate import find_filing
from corpkg.extract.learned.candidates import LABELS, ROLE_SLOTS, Candidate, all_candidates, label_name, marked_words, passages_of
from corpkg.extract.learned.gold import gold_pairs
from corpkg.extract.learned.pairs import rules_pipeline
from corpkg.extract.learned.triggers import triggered
from corpkg.extract.model import Document
from corpkg.extract.pipeline import FilingContext, filing_doc
from corpkg.extract.reader import read_filing
from corpkg.extract.roles.base import filing_context

__all__ = ["LabelledPair", "run_stages", "labelled_pairs", "silver_files", "silver_pairs", "data_version", "train",
           "main", "CONFIG_PATH", "LOCKED_SPLIT"]

log = logging.getLogger(__name__)

PROJECT = Path(__file__).resolve().parents[2]
CONFIG_PATH = Path(__file__).resolve().parent / "config.cfg"
DEFAULT_TRAIN = (PROJECT / "tests" / "annotations" / "train", PROJECT / "tests" / "gold")
DEFAULT_DEV = PROJECT / "tests" / "annotations" / "dev"
DEFAULT_OUT = PROJECT / "extract" / "models" / "pairs"
SHARED = PROJECT.parent / "shared"
"""Where the gold files' ``corpus_path`` lead (``../shared``)."""
SPLITS = PROJECT / "tests" / "annotations" / "SPLITS.tsv"
"""The annotated set's filings (every split): never silver data."""
LOCKED_SPLIT = "test"
"""The annotated split nobody trains or tunes on: a directory of that name is refused."""
PER_PAIR = 5
"""Most sentences labelled with one role for one entity pair of a filing (boilerplate repeats)."""
SERIES = "0.1"
"""The model's version is ``<SERIES>+<hash of config and examples>``."""


@dataclass(frozen=True)
class LabelledPair:
    """One candidate as a training example."""

    filing: str
    words: tuple[str, ...]
    labels: frozenset[str]


def check_not_locked(directory: Path) -> None:
    if directory.resolve().name == LOCKED_SPLIT and directory.resolve().parent.name == "annotations":
        raise SystemExit(f"{directory} is the locked test set: it is scored once per release, never used to train or tune")


def gold_files(directories: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for d in directories:
        check_not_locked(d)
        out += sorted(Path(d).glob("*.json"))
    return out


def run_stages(nlp: Language, document: Document, skip: Sequence[str] = ("learned_pairs", "finalize"),
               only: Sequence[str] | None = None) -> FilingContext:
    """The filing context after the pipeline's components (all but ``skip``, or ``only`` these)."""
    doc = filing_doc(nlp, document)
    for name, proc in nlp.pipeline:
        if name in skip or (only is not None and name not in only):
            continue
        doc = proc(doc)
    return filing_context(doc)


def labelled_pairs(gold_file: Path, nlp: Language, *, per_pair: int = PER_PAIR) -> Iterator[LabelledPair]:
    """The labelled candidates of one gold file's filing.  A gold role keeps its label only in
    sentences with one of the role's trigger words (:mod:`corpkg.extract.learned.triggers`) and
    in at most ``per_pair`` sentences per entity pair (the closest mentions first); a candidate
    that loses its labels that way, or matches only an ``optional_*`` fact, is left out."""
    gold = json.loads(gold_file.read_text(encoding="utf-8"))
    path = find_filing(gold, gold_file.parent, SHARED)
    if path is None:
        log.warning("%s: filing %s not found, skipped", gold_file.name, gold.get("corpus_path"))
        return
    ctx = run_stages(nlp, read_filing(path), only=("issuer", "entities"))
    gp = gold_pairs(gold)
    labelled: list[tuple[Candidate, set[str]]] = []
    for c in all_candidates(passages_of(ctx.passages())):
        e1, e2 = ctx.entities.get(c.first.key), ctx.entities.get(c.second.key)
        if e1 is None or e2 is None:
            continue
        labels, uncertain = gp.labels(e1, e2)
        if uncertain and not labels:
            continue
        kept = {label for label in labels if triggered(label[:-1], c.sentence_text)}
        if labels and not kept:
            continue
        labelled.append((c, kept))
    seen: Counter[tuple[str, frozenset[str]]] = Counter()
    capped: set[int] = set()
    for n, (c, labels) in sorted(enumerate(labelled), key=lambda x: x[1][0].gap):
        for label in sorted(labels):
            key = (label[:-1], frozenset(c.keys))
            seen[key] += 1
            if seen[key] > per_pair:
                labels.discard(label)
                capped.add(n)
    for n, (c, labels) in enumerate(labelled):
        if labels or n not in capped:
            yield LabelledPair(gold_file.stem, tuple(marked_words(c)), frozenset(labels))


def collect(files: Sequence[Path], nlp: Language, *, silver: bool = False) -> list[LabelledPair]:
    out: list[LabelledPair] = []
    for f in files:
        t0 = time.perf_counter()
        pairs = list(silver_pairs(f, nlp) if silver else labelled_pairs(f, nlp))
        if pairs or not silver:
            log.info("%-60s %5d candidates %4d positive %.1f s", f.stem[:60], len(pairs), sum(1 for p in pairs if p.labels),
                     time.perf_counter() - t0)
        out += pairs
    return out


def silver_files(corpus: Path, gold_dirs: Iterable[Path], splits: Path = SPLITS) -> list[Path]:
    """The corpus filings for silver examples: all but those of the annotated set and of the
    gold directories."""
    exclude: set[str] = set()
    if splits.is_file():
        for row in csv.DictReader(splits.open(encoding="utf-8"), delimiter="\t"):
            exclude.add(Path(row.get("corpus_path") or row.get("file") or "").name)
    for f in gold_files(gold_dirs):
        exclude.add(Path(json.loads(f.read_text(encoding="utf-8")).get("corpus_path") or "").name)
    return sorted(p for p in corpus.rglob("*") if p.is_file() and not p.name.startswith(".") and p.name not in exclude)


def silver_pairs(path: Path, nlp: Language, *, per_pair: int = PER_PAIR) -> Iterator[LabelledPair]:
    """Positive examples from the rules: candidates whose sentence overlaps the evidence of a
    rule fact of the same entities (role, direction, trigger word and ``per_pair`` cap as for gold)."""
    ctx = run_stages(nlp, read_filing(path), skip=("learned_pairs",))
    evidence: dict[tuple[str, str, str], list[tuple[int, int]]] = {}
    for fact in ctx.facts:
        slots = ROLE_SLOTS.get(fact.role)
        if slots is None:
            continue
        for a in fact.participant(slots[0]):
            for b in fact.participant(slots[1]):
                evidence.setdefault((fact.role, a, b), []).extend((ev.start, ev.end) for ev in fact.evidence)
    if not evidence:
        return
    seen: Counter[tuple[str, frozenset[str]]] = Counter()
    for c in all_candidates(passages_of(ctx.passages())):
        s0, s1 = c.passage.start + c.sentence[0], c.passage.start + c.sentence[1]
        labels = set()
        for role in ROLE_SLOTS:
            for first_is_a, (a, b) in ((True, c.keys), (False, c.keys[::-1])):
                spans = evidence.get((role, a, b), ())
                if any(e > s0 and s < s1 for s, e in spans) and triggered(role, c.sentence_text):
                    seen[(role, frozenset(c.keys))] += 1
                    if seen[(role, frozenset(c.keys))] <= per_pair:
                        labels.add(label_name(role, first_is_a))
        if labels:
            yield LabelledPair("silver:" + path.stem, tuple(marked_words(c)), frozenset(labels))


def to_docbin(pairs: Sequence[LabelledPair], vocab: Vocab) -> DocBin:
    db = DocBin(store_user_data=False)
    for p in pairs:
        doc = Doc(vocab, words=list(p.words))  # no spaces given: training keeps these words as tokens
        doc.cats = {label: float(label in p.labels) for label in LABELS}
        db.add(doc)
    return db


def data_version(config_text: str, pairs: Sequence[LabelledPair]) -> str:
    """``SERIES+hash``: the hash of the training config and of every labelled example."""
    h = hashlib.sha256(config_text.encode("utf-8"))
    for p in pairs:
        h.update(json.dumps([p.filing, p.words, sorted(p.labels)]).encode("utf-8"))
    return f"{SERIES}+{h.hexdigest()[:10]}"


def label_counts(pairs: Sequence[LabelledPair]) -> dict[str, int]:
    c: Counter[str] = Counter()
    for p in pairs:
        c.update(p.labels)
    return {label: c[label] for label in LABELS}


def _size(directory: Path) -> int:
    return sum(p.stat().st_size for p in directory.rglob("*") if p.is_file())


def train(train_dirs: Sequence[Path] = DEFAULT_TRAIN, dev_dir: Path = DEFAULT_DEV, out: Path = DEFAULT_OUT,
          config: Path = CONFIG_PATH, *, silver: Path | None = SHARED / "corpus", work_dir: Path | None = None,
          max_steps: int | None = None, limit_files: int | None = None) -> dict[str, Any]:
    """Build the corpora, train, and install the best model in ``out``; returns its ``corpkg`` meta."""
    from spacy.cli.train import train as spacy_train

    check_not_locked(dev_dir)
    t_start = time.perf_counter()
    nlp = rules_pipeline()
    train_files = gold_files(train_dirs)[:limit_files] if limit_files else gold_files(train_dirs)
    dev_files = gold_files([dev_dir])[:limit_files] if limit_files else gold_files([dev_dir])
    gold_pairs_ = collect(train_files, nlp)
    dev_pairs = collect(dev_files, nlp)
    pool = silver_files(silver, [*train_dirs, dev_dir]) if silver is not None and silver.is_dir() else []
    silver_ = collect(pool[:limit_files] if limit_files else pool, nlp, silver=True)
    train_pairs = gold_pairs_ + silver_
    config_text = config.read_text(encoding="utf-8")
    version = data_version(config_text, train_pairs)
    t_data = time.perf_counter() - t_start
    with tempfile.TemporaryDirectory(prefix="corpkg-pairs-", dir=work_dir) as tmp:
        tmpdir = Path(tmp)
        vocab = Vocab()
        to_docbin(train_pairs, vocab).to_disk(tmpdir / "train.spacy")
        to_docbin(dev_pairs, vocab).to_disk(tmpdir / "dev.spacy")
        overrides: dict[str, Any] = {"paths.train": str(tmpdir / "train.spacy"), "paths.dev": str(tmpdir / "dev.spacy")}
        if max_steps is not None:
            overrides["training.max_steps"] = max_steps
            overrides["training.eval_frequency"] = max(1, min(250, max_steps // 2))
        t0 = time.perf_counter()
        spacy_train(config, tmpdir / "output", overrides=overrides)
        t_train = time.perf_counter() - t0
        best = tmpdir / "output" / "model-best"
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(best, out)
    saved = Config().from_disk(out / "config.cfg")
    saved["paths"]["train"] = saved["paths"]["dev"] = None  # the temporary corpora are gone
    saved.to_disk(out / "config.cfg")
    meta_file = out / "meta.json"
    meta = json.loads(meta_file.read_text(encoding="utf-8"))
    meta["name"], meta["version"] = "corpkg_pairs", version
    info: dict[str, Any] = {
        "model_version": version,
        "train_files": [f.stem for f in train_files],
        "dev_files": [f.stem for f in dev_files],
        "silver_files": len(pool),
        "train_candidates": len(train_pairs),
        "silver_candidates": len(silver_),
        "dev_candidates": len(dev_pairs),
        "train_labels": label_counts(train_pairs),
        "dev_labels": label_counts(dev_pairs),
        "data_seconds": round(t_data, 1),
        "training_seconds": round(t_train, 1),
        "thresholds": {},
        "default_threshold": 0.5,
    }
    meta["corpkg"] = info
    meta_file.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    info["size_bytes"] = _size(out)
    meta["corpkg"] = info
    meta_file.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    log.info("model %s: %d train / %d dev candidates, %.0f s data, %.0f s training, %.2f MB in %s", version,
             len(train_pairs), len(dev_pairs), t_data, t_train, info["size_bytes"] / 1e6, out)
    return info


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpkg.extract.learned.train", description=__doc__.split("\n\n")[0])
    ap.add_argument("--train", type=Path, action="append", help="gold directory to train on (repeatable; "
                    "default: tests/annotations/train and tests/gold)")
    ap.add_argument("--dev", type=Path, default=DEFAULT_DEV, help="gold directory for model selection and thresholds")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the model goes (default: the package's)")
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("--silver", type=Path, default=SHARED / "corpus", help="corpus for silver examples from the rules "
                    "(default: ../shared/corpus)")
    ap.add_argument("--no-silver", action="store_true", help="train on the gold examples only")
    ap.add_argument("--max-steps", type=int, default=None, help="override training.max_steps (smoke runs)")
    ap.add_argument("--limit-files", type=int, default=None, help="use only the first N gold files of each set")
    ap.add_argument("--no-tune", action="store_true", help="keep the default threshold (0.5) for every role")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    info = train(tuple(args.train) if args.train else DEFAULT_TRAIN, args.dev, args.out, args.config,
                 silver=None if args.no_silver else args.silver, max_steps=args.max_steps, limit_files=args.limit_files)
    if not args.no_tune:
        from corpkg.extract.learned.tune import tune

        tune(args.out, args.dev, limit_files=args.limit_files)
    print(json.dumps({k: info[k] for k in ("model_version", "train_candidates", "training_seconds", "size_bytes")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The learned pair classifier: role facts proposed from candidate entity pairs.

:func:`propose_facts` reads a filing's passage Docs (the entity recogniser's mentions),
makes the candidate pairs of :mod:`corpkg.extract.learned.candidates`, scores each with the
trained spaCy ``textcat_multilabel`` pipeline shipped in ``corpkg/extract/models/pairs`` (no
download) and turns every (candidate, directed role) scored at or above the role's threshold
(chosen on the dev set, kept in the model's ``meta.json``) into a
:class:`~corpkg.extract.model.Fact`: participants in the rule extractors' slots, the sentence as
evidence (``quote == document.text[start:end]``), ``extractor = corpkg.learned.pairs@<model
version>`` and ``confidence`` = the model's probability.

:class:`LearnedPairsStage` (factory ``corpkg_learned_pairs``) is the same as a filing-level
pipeline stage: placed after the role components and before ``finalize``, it adds the facts of
entity pairs the rules did not link in either direction (a union by defining participants).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from corpkg.errors import CorpkgError
from corpkg.extract.learned.candidates import LABELS, ROLE_SLOTS, Candidate, all_candidates, marked_words, passages_of
from corpkg.extract.learned.triggers import any_trigger, triggered
from corpkg.extract.model import Document, Fact
from corpkg.extract.roles.base import filing_context, filing_stage
from corpkg.extract.roles.common import find_titles

__all__ = [
    "PairModel",
    "load_model",
    "default_model_path",
    "propose_facts",
    "facts_from_scores",
    "candidate_facts",
    "best_fact",
    "fact_pairs",
    "left_out",
    "LearnedPairsStage",
    "learned_pipeline",
    "rules_pipeline",
    "STAGE_NAME",
    "EXTRACTOR_NAME",
    "MODEL_PACKAGE_DIR",
]

EXTRACTOR_NAME = "corpkg.learned.pairs"
STAGE_NAME = "learned_pairs"
FACTORY = "corpkg_learned_pairs"
MODEL_PACKAGE_DIR = ("models", "pairs")
"""Where the weights live inside the ``corpkg.extract`` package."""

SCORE_BATCH = 256
"""Candidates scored together (``nlp.pipe`` batch size)."""

Scores = Mapping[str, float]
Scorer = Callable[[Sequence[Candidate]], Sequence[Scores]]


def default_model_path() -> Path:
    """The shipped model's directory (package data of ``corpkg.extract``)."""
    return Path(str(resources.files("corpkg.extract").joinpath(*MODEL_PACKAGE_DIR)))


@dataclass
class PairModel:
    """A trained pair classifier: the spaCy pipeline, its version and the per-role thresholds."""

    nlp: Language
    version: str
    thresholds: dict[str, float] = field(default_factory=dict)  # role -> lowest probability kept
    default_threshold: float = 0.5

    @property
    def extractor(self) -> str:
        return f"{EXTRACTOR_NAME}@{self.version}"

    def threshold(self, role: str) -> float:
        return self.thresholds.get(role, self.default_threshold)

    @property
    def proposed_roles(self) -> frozenset[str]:
        """The roles whose threshold a probability can reach (the others are switched off: 1.01)."""
        return frozenset(r for r in ROLE_SLOTS if self.threshold(r) <= 1.0)

    def score_words(self, batch: Sequence[Sequence[str]]) -> list[dict[str, float]]:
        """The label probabilities of each marked word sequence (:func:`marked_words`)."""
        docs = [Doc(self.nlp.vocab, words=list(words)) for words in batch]
        out = []
        for doc in self.nlp.pipe(docs, batch_size=SCORE_BATCH):
            out.append({k: float(v) for k, v in doc.cats.items()})
        return out

    def score(self, candidates: Sequence[Candidate]) -> list[dict[str, float]]:
        return self.score_words([marked_words(c) for c in candidates])


def _read_meta(path: Path) -> dict[str, Any]:
    meta_file = path / "meta.json"
    if not meta_file.is_file():
        return {}
    data = json.loads(meta_file.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}


def load_model(path: str | Path | None = None) -> PairModel:
    """The pair classifier at ``path`` (default: the one shipped with the package), cached."""
    return _load_model(str(Path(path) if path is not None else default_model_path()))


@lru_cache(maxsize=4)
def _load_model(path: str) -> PairModel:
    where = Path(path)
    if not (where / "config.cfg").is_file():
        raise CorpkgError(f"no trained pair classifier at {where}: run `make train` (or give the directory of a "
                          "spaCy pipeline written by corpkg.extract.learned.train)")
    nlp = spacy.load(where)
    meta = _read_meta(where)
    corpkg_meta = meta.get("corpkg", {}) if isinstance(meta.get("corpkg"), dict) else {}
    version = str(corpkg_meta.get("model_version") or meta.get("version") or "0")
    thresholds = {str(k): float(v) for k, v in corpkg_meta.get("thresholds", {}).items()}
    default = float(corpkg_meta.get("default_threshold", 0.5))
    return PairModel(nlp=nlp, version=version, thresholds=thresholds, default_threshold=default)


# --------------------------------------------------------------------------- facts

_FORMER = re.compile(r"\b(?:former(?:ly)?|previously|prior\s+to|retired|resigned|until|served\s+as|was\s+(?:the\s+|a\s+|an\s+)?"
                     r"(?:[A-Z]\w+\s+){0,4}(?:of|at)|from\s+(?:19|20)\d\d\s+(?:to|until|through)\s)", re.I)
_KIND_OK: dict[str, tuple[set[str], set[str]]] = {
    "subsidiary": ({"ORG"}, {"ORG"}),
    "position": ({"PERSON"}, {"ORG"}),
    "credit": ({"ORG", "PERSON"}, {"ORG", "PERSON"}),
    "acquisition": ({"ORG", "PERSON"}, {"ORG"}),
    "proceeding": ({"ORG", "PERSON"}, {"ORG", "PERSON"}),
}


def _titles(c: Candidate, holder_first: bool) -> tuple[list[str], tuple[int, int] | None]:
    """The titles printed with a position and where (passage offsets): between the two mentions,
    else right after the person (``Jane Roe, Executive Vice President, …``), else before them
    (``CEO Jane Roe``) — never past another person's name."""
    text = c.passage.text
    person = c.first if holder_first else c.second
    s0, s1 = c.sentence
    others = [m for m in c.passage.mentions_in(s0, s1, "PERSON") if m.key != person.key]
    after = min([m.start for m in others if m.start >= person.end] + [s1, person.end + 120])
    before = max([m.end for m in others if m.end <= person.start] + [s0, person.start - 80])
    spans = [(c.first.end, c.second.start), (person.end, after), (before, person.start)]
    for s, e in spans:
        found = find_titles(text[s:e]) if e > s else []
        if found:
            seen: list[str] = []
            for _, _, canon in found:
                seen += [t for t in canon if t not in seen]
            return seen, (s + found[0][0], s + found[-1][1])
    return [], None


def _fact(c: Candidate, label: str, prob: float, extractor: str) -> Fact | None:
    """The fact ``label`` says ``c`` states.  Its evidence is the text from the first mention to
    the second (for the implicit issuer: the person and the title), so two facts of one sentence
    never share a quote (the graph mints one evidence node per quote and extractor)."""
    role, first_is_a = label[:-1], label.endswith(">")
    slot_a, slot_b = ROLE_SLOTS[role]
    a, b = (c.first, c.second) if first_is_a else (c.second, c.first)
    ok_a, ok_b = _KIND_OK[role]
    if a.label not in ok_a or b.label not in ok_b:
        return None
    span = (c.first.start, c.first.end if c.implicit else c.second.end)
    attrs: list[tuple[str, str]] = []
    if role == "position":
        titles, where = _titles(c, first_is_a)
        if not titles or where is None:
            return None  # a Position needs a title (ontology/roles/position.ttl)
        attrs += [("title", t) for t in titles]
        attrs.append(("printedTitle", re.sub(r"\s+", " ", c.passage.text[where[0] : where[1]])))
        s0, s1 = c.sentence
        attrs.append(("status", "former" if _FORMER.search(c.passage.text[s0:s1]) else "current"))
        if c.implicit:
            span = (min(span[0], where[0]), max(span[1], where[1]))
    participants = [(slot_a, a.key), (slot_b, b.key)]
    return c.passage.fact(role, participants, attrs, span, extractor, confidence=round(prob, 4))


def candidate_facts(c: Candidate, scores: Scores, extractor: str,
                    threshold: Callable[[str], float] | None = None) -> list[tuple[float, Fact]]:
    """Every fact the candidate could state, most probable first, with its probability (labels
    whose role has no trigger word in the sentence, or whose slots the entity types cannot fill,
    left out; with ``threshold``, labels below their role's threshold too, so that their facts are
    never made)."""
    out: list[tuple[float, Fact]] = []
    for label in sorted(LABELS, key=lambda x: -scores.get(x, 0.0)):
        prob = scores.get(label, 0.0)
        if threshold is not None and prob < threshold(label[:-1]):
            continue
        if triggered(label[:-1], c.sentence_text):
            f = _fact(c, label, prob, extractor)
            if f is not None:
                out.append((prob, f))
    return out


def best_fact(options: Sequence[tuple[float, Fact]], threshold: Callable[[str], float]) -> Fact | None:
    """The most probable of a candidate's facts that reaches its role's threshold."""
    return next((f for prob, f in options if prob >= threshold(f.role)), None)


def facts_from_scores(candidates: Sequence[Candidate], scores: Sequence[Scores], threshold: Callable[[str], float],
                      extractor: str) -> list[Fact]:
    """One fact per candidate at most: the most probable label reaching its role's threshold, in
    a sentence holding one of the role's trigger words."""
    out: list[Fact] = []
    for c, s in zip(candidates, scores, strict=True):
        f = best_fact(candidate_facts(c, s, extractor, threshold), threshold)
        if f is not None:
            out.append(f)
    return out


def propose_facts(document: Document | None, passages: Iterable[Doc], *, model: PairModel | None = None,
                  scorer: Scorer | None = None, threshold: float | None = None) -> list[Fact]:
    """Role facts the pair classifier proposes from a filing's passage Docs (those of
    :func:`corpkg.extract.entities.iter_passage_docs` — ``FilingContext.passages()`` in the
    pipeline — with ``doc._.roles_context`` set, so that "we"/"the Company" are issuer mentions).

    ``document``: the filing the passages come from; when given, every evidence quote is checked
    against ``document.text`` (a fact whose quote is not the text at its offsets is dropped).
    ``threshold`` overrides the model's per-role thresholds; ``scorer`` replaces the model (it
    maps candidates to label probabilities: tests, oracle runs)."""
    roles = None
    if scorer is None and threshold is None:
        # only the sentences that may give a fact of a role the model proposes at its thresholds (the
        # shipped model proposes subsidiaries and acquisitions: titles alone no longer make candidates)
        model = model or load_model()
        roles = model.proposed_roles
    found = all_candidates(passages_of(passages), roles)
    facts: list[Fact] = []
    if scorer is not None:
        cands = list(found)
        if not cands:
            return []
        extractor = model.extractor if model is not None else f"{EXTRACTOR_NAME}@custom"
        limit: Callable[[str], float] = (lambda _r: threshold) if threshold is not None else (lambda _r: 0.5)
        facts = facts_from_scores(cands, scorer(cands), limit, extractor)
    else:
        # a batch of the model's size at a time (the batches it would cut from the whole list, so the
        # same scores), never every candidate of a huge filing, with its passage Docs, at once
        m: PairModel | None = model
        while batch := list(itertools.islice(found, SCORE_BATCH)):
            if m is None:
                m = load_model()
            limit = (lambda _r: threshold) if threshold is not None else m.threshold
            facts += facts_from_scores(batch, m.score(batch), limit, m.extractor)
    if document is not None:
        text = document.text
        facts = [f for f in facts if all(text[ev.start : ev.end] == ev.quote for ev in f.evidence)]
    return facts


def fact_pairs(facts: Iterable[Fact]) -> set[tuple[str, str, str]]:
    """(role, first-slot key, second-slot key) of each fact of the classifier's roles."""
    out = set()
    for f in facts:
        slots = ROLE_SLOTS.get(f.role)
        if slots is None:
            continue
        for ka in f.participant(slots[0]):
            for kb in f.participant(slots[1]):
                out.add((f.role, ka, kb))
    return out


def left_out(known: Iterable[Fact], proposed: Iterable[Fact]) -> list[Fact]:
    """The ``proposed`` facts whose two entities no ``known`` fact of the same role links, in
    either direction: where the rules found a pair, they decide it (a union by participants)."""
    have = {(role, frozenset((a, b))) for role, a, b in fact_pairs(known)}
    return [f for f in proposed if not any((role, frozenset((a, b))) in have for role, a, b in fact_pairs([f]))]


# --------------------------------------------------------------------------- the pipeline stage

@filing_stage(FACTORY, name=STAGE_NAME, assigns=["doc._.filing"],
              default_config={"model": None, "threshold": None})
class LearnedPairsStage:
    """Facts of the pair classifier for the entity pairs the rules left out (:func:`left_out`;
    goes after the role components, before ``finalize``).  ``model``: a trained pipeline's directory (default: the
    shipped one); ``threshold``: one probability for every role instead of the model's own."""

    def __init__(self, nlp: Language, name: str, model: str | None, threshold: float | None) -> None:
        self.name = name
        self.model = load_model(model)
        self.threshold = threshold

    def __call__(self, doc: Doc) -> Doc:
        ctx = filing_context(doc)
        if ctx.index is None:
            return doc
        # only the passages that may hold a candidate of a role the model proposes (no Doc for the others)
        roles = None if self.threshold is not None else self.model.proposed_roles
        proposed = propose_facts(ctx.document, ctx.passages(matching=any_trigger(roles)), model=self.model,
                                 threshold=self.threshold)
        ctx.pending.extend(left_out([*ctx.facts, *ctx.role_facts()], proposed))
        return doc


def learned_pipeline(config: str | Path | None = None, *, model: str | Path | None = None,
                     threshold: float | None = None) -> Language:
    """The extraction pipeline of ``config`` (default: the package's) with the ``learned_pairs``
    stage right before ``finalize`` (its settings replaced when the config already has it)."""
    from corpkg.extract.pipeline import load_pipeline, pipeline_config

    cfg = pipeline_config(config)
    names = list(cfg["nlp"]["pipeline"])
    if STAGE_NAME not in names:
        names.insert(names.index("finalize") if "finalize" in names else len(names), STAGE_NAME)
    cfg["components"][STAGE_NAME] = {"factory": FACTORY, "model": str(model) if model is not None else None,
                                     "threshold": threshold}
    cfg["nlp"]["pipeline"] = names
    return load_pipeline(cfg)


def rules_pipeline(config: str | Path | None = None) -> Language:
    """The extraction pipeline of ``config`` (default: the package's) without the
    ``learned_pairs`` stage: the rules alone (training data, thresholds, comparisons)."""
    from corpkg.extract.pipeline import load_pipeline, pipeline_config

    names = pipeline_config(config)["nlp"]["pipeline"]
    return load_pipeline(config, exclude=[STAGE_NAME] if STAGE_NAME in names else [])

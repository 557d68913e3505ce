"""The entity recogniser's spaCy pipeline: a blank English tokenizer plus corpkg's recogniser.

The extraction pipeline's ``entities`` stage (:mod:`corpkg.extract.pipeline`) runs it over the
filing's passages.

``build_pipeline()`` needs no trained model.  ``build_pipeline("en_core_web_sm")`` (or a path
to any saved spaCy pipeline with an ``ner`` component) adds that model's PERSON/ORG spans as
one more signal: they are weighed by the same filters (stop phrases, places, products,
documents) and merged with ours, never replacing a typed mention of ours.
"""

from __future__ import annotations

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from corpkg.extract.mentions import Candidate, PassageMentions, find_mentions

__all__ = ["build_pipeline", "EntityRecognizer", "ensure_extensions", "COMPONENT"]

COMPONENT = "corpkg_entities"
MODEL_LABELS = {"PERSON": "Person", "PER": "Person", "ORG": "Organization"}
_OUR_LABELS = {"Person": "PERSON", "Organization": "ORG"}


PASSAGE_TEXT = "corpkg.passage_text"
"""``doc.user_data`` key of the string a passage Doc was made from (:func:`passage_doc`)."""


def passage_doc(nlp: Language, text: str) -> Doc:
    """``nlp.make_doc(text)``, keeping ``text`` so that :func:`doc_text` need not rebuild it."""
    doc = nlp.make_doc(text)
    doc.user_data[PASSAGE_TEXT] = text
    return doc


def doc_text(doc: Doc) -> str:
    """``doc.text``: the string the Doc was made from when :func:`passage_doc` kept it (spaCy
    rebuilds ``doc.text`` from every token on each use, which the role components would do once
    per component and passage)."""
    text = doc.user_data.get(PASSAGE_TEXT)
    return text if isinstance(text, str) else doc.text


def ensure_extensions() -> None:
    for name, default in (("passage_start", 0), ("entity_candidates", None), ("entity_links", None)):
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)


class EntityRecognizer:
    """Finds ORG/PERSON mentions in a passage Doc from patterns and word lists (no model).

    Writes ``doc.ents`` (accepted mentions), ``doc._.entity_candidates`` (every weighed
    capitalised phrase, with signals and the reason for a rejection) and
    ``doc._.entity_links`` (defined terms, acronyms, d/b/a names)."""

    def __init__(self, nlp: Language, name: str = COMPONENT, model_score: float = 0.75) -> None:
        ensure_extensions()
        self.name = name
        self.model_score = model_score
        self.lowercase_words: frozenset[str] = frozenset()  # set per filing by find_entities

    def analyse(self, text: str) -> PassageMentions:
        """The recogniser on a bare string: what ``__call__`` computes before making spans
        (used directly when no model runs before us, sparing the tokenizer)."""
        return find_mentions(text, lowercase_words=self.lowercase_words)

    def __call__(self, doc: Doc) -> Doc:
        found = self.analyse(doc.text)
        cands = found.candidates
        model_ents = [e for e in doc.ents if e.label_ in MODEL_LABELS]
        if model_ents:
            cands = self._merge_model(doc, cands, model_ents)
        spans: list[Span] = []
        for c in cands:
            if not c.accepted:
                continue
            assert c.kind is not None, "an accepted candidate has a kind"
            span = doc.char_span(c.start, c.end, label=_OUR_LABELS[c.kind], alignment_mode="expand")
            if span is not None:
                spans.append(span)
        doc.ents = filter_spans(spans)
        doc._.entity_candidates = cands
        doc._.entity_links = found.links
        return doc

    def _merge_model(self, doc: Doc, cands: list[Candidate], model_ents: list[Span]) -> list[Candidate]:
        from corpkg.extract.mentions import _weigh

        out = list(cands)
        for ent in model_ents:
            a, b = ent.start_char, ent.end_char
            if any(c.accepted and c.start < b and a < c.end for c in cands):
                continue
            kind = MODEL_LABELS[ent.label_]
            weighed = _weigh(doc.text, a, b, [], self.lowercase_words)
            if weighed is not None and weighed.rejected not in (None, "generic"):
                continue  # a place, a document, a stop phrase: the model is wrong here
            same = [c for c in cands if c.start == a and c.end == b]
            for c in same:
                out.remove(c)
            out.append(Candidate(a, b, ent.text, kind, self.model_score, ["model"]))  # type: ignore[arg-type]
        out.sort(key=lambda c: c.start)
        return out


@Language.factory(
    COMPONENT,
    assigns=["doc.ents", "doc._.entity_candidates", "doc._.entity_links"],
    default_config={"model_score": 0.75},
)
def make_entity_recognizer(nlp: Language, name: str, model_score: float) -> EntityRecognizer:
    return EntityRecognizer(nlp, name, model_score)


def build_pipeline(model: str | None = None, *, model_score: float = 0.75) -> Language:
    """A blank English pipeline with corpkg's recogniser; with ``model`` (an installed package
    name or a path), that pipeline's NER runs first and its PERSON/ORG spans are merged, scored
    ``model_score``.  (The extraction pipeline's ``entities`` stage runs this one on passages.)"""
    ensure_extensions()
    if model is None:
        nlp = spacy.blank("en")
    else:
        try:
            nlp = spacy.load(model, exclude=["parser", "tagger", "lemmatizer", "attribute_ruler", "senter",
                                             "textcat", "morphologizer"])
        except OSError as exc:
            from corpkg.errors import CorpkgError

            raise CorpkgError(
                f"cannot load spaCy pipeline {model!r}: {exc}. Install it (python -m spacy download NAME) "
                "or give the path of a saved pipeline; without --model corpkg needs no model."
            ) from exc
        if "ner" not in nlp.pipe_names:
            from corpkg.errors import CorpkgError

            raise CorpkgError(f"spaCy pipeline {model!r} has no 'ner' component (it has {nlp.pipe_names})")
    nlp.add_pipe(COMPONENT, last=True, config={"model_score": model_score})
    return nlp

"""Hand-made passage Docs for tests and for measuring the role rules apart from entity
recognition (spaCy's own testing style: build the Doc, set ``doc.ents`` by hand)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span

from corpkg.extract.model import Fact
from corpkg.extract.roles.common import COMMON, RoleContext, regexes, template

__all__ = ["SimpleIndex", "SimpleEntity", "blank", "make_doc", "key_of", "run_component", "facts_as_tuples", "filing_pairs"]

_RX = regexes(COMMON)
_WHOLE_NAME = template(COMMON, "whole_name")


def key_of(name: str) -> str:
    """A test entity key: the lower-cased name with non-word runs as dashes."""
    return _RX["non_word_run"].sub("-", name.lower()).strip("-")


@dataclass(frozen=True)
class SimpleEntity:
    key: str
    kind: str
    label: str
    aliases: tuple[str, ...] = ()


@dataclass
class SimpleIndex:
    """The small part of EntityIndex the roles use: ``resolve(name)``."""

    entities: list[SimpleEntity] = field(default_factory=list)

    def resolve(self, name: str) -> SimpleEntity | None:
        n = _RX["whitespace"].sub(" ", name).strip().lower()
        for e in self.entities:
            if n == e.label.lower() or n in (a.lower() for a in e.aliases):
                return e
        return None


_NLP: Language | None = None


def blank() -> Language:
    global _NLP
    if _NLP is None:
        _NLP = spacy.blank("en")
    return _NLP


def make_doc(
    text: str,
    ents: Iterable[tuple[str, str] | tuple[str, str, str]] = (),
    *,
    issuer: str | None = None,
    passage_start: int = 0,
    context: RoleContext | None = None,
    nlp: Language | None = None,
) -> Doc:
    """A passage Doc whose ents are every occurrence of each ``(name, label[, key])``
    (label ORG or PERSON; key defaults to :func:`key_of` of the name).  Longer names win
    overlaps.  ``issuer`` is the issuer's key for "we"/"the Company"."""
    nlp = nlp or blank()
    doc = nlp.make_doc(text)
    spans: list[Span] = []
    taken: list[tuple[int, int]] = []
    for item in sorted(ents, key=lambda e: -len(e[0])):
        name, label = item[0], item[1]
        key = item[2] if len(item) > 2 else key_of(name)
        for m in _WHOLE_NAME.compile(name=re.escape(name)).finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            span = doc.char_span(m.start(), m.end(), label=label, kb_id=key, alignment_mode="expand")
            if span is None:
                continue
            if any(s.start < span.end and span.start < s.end for s in spans):
                continue
            spans.append(span)
            taken.append((m.start(), m.end()))
    doc.ents = sorted(spans, key=lambda s: s.start)
    doc._.passage_start = passage_start
    doc._.roles_context = context or RoleContext(issuer_key=issuer)
    if context is None and issuer is None:
        doc._.roles_context = RoleContext()
    return doc


def run_component(
    component_cls: Any,
    text: str,
    ents: Iterable[tuple[str, str] | tuple[str, str, str]] = (),
    *,
    context: RoleContext | None = None,
    passage_start: int = 0,
) -> list[Fact]:
    """Run one role component (a fresh instance of ``component_cls``) on a passage made by
    :func:`make_doc` and return the facts it wrote to its own ``Doc._`` attribute.  Every
    evidence quote must be the exact slice of ``text`` its offsets point at (offsets are shifted
    by ``passage_start``): an AssertionError otherwise."""
    comp = component_cls(blank(), "test")
    doc = comp(make_doc(text, ents, context=context, passage_start=passage_start))
    facts: list[Fact] = doc._.get(comp.attr)
    for f in facts:
        for ev in f.evidence:
            got = text[ev.start - passage_start : ev.end - passage_start]
            if got != ev.quote:
                raise AssertionError(f"evidence quote {ev.quote!r} != text at its offsets {got!r}")
    return facts


def facts_as_tuples(facts: Sequence[Fact], slots: Sequence[str]) -> set[tuple[str, ...]]:
    """Facts as tuples of participant keys for the given slots (one tuple per combination)."""
    out = set()
    for f in facts:
        combos: list[tuple[str, ...]] = [()]
        for s in slots:
            combos = [c + (k,) for c in combos for k in f.participant(s)]
        out.update(combos)
    return out


def filing_pairs(text: str, name: str, role: str, first: str, second: str) -> set[tuple[str, str]]:
    """Run the whole pipeline on ``text`` read as the filing ``name`` and give, for each fact of ``role``,
    the labels of its ``first`` and ``second`` participants ("credit", "lender", "borrower")."""
    from corpkg.extract.pipeline import extract_filing
    from corpkg.extract.reader import read_text

    ex = extract_filing(read_text(text.encode(), name))
    label = {e.key: e.label for e in ex.entities}
    return {(label[x], label[y]) for f in ex.facts if f.role == role
            for x in f.participant(first) for y in f.participant(second)}

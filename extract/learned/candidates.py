"""Candidate pairs for the learned pair classifier: two entity mentions in one sentence.

The entity recogniser's passage Docs (``doc.ents`` with ``kb_id_`` = entity key, read through
:class:`~corpkg.extract.roles.common.Passage`, which adds "we"/"the Company" as issuer mentions)
are split into sentences (:func:`~corpkg.extract.roles.common.split_sentences`).

* **Pairs**: every two mentions of *different* entities in a sentence, at most :data:`MAX_GAP`
  units apart (a unit is a word, or a whole other mention), make a candidate; for each two
  entities of a sentence only their closest two mentions.
* **Implicit issuer**: a person named in a sentence that prints a title but names no
  organization, not even the issuer (a row of an executive-officer table, "Contact: Jane Roe,
  Chief Financial Officer"), is paired with the issuer, which stands at the window's start as
  ``<e2:ISS> </e2>``.

The classifier reads a window of the sentence around the pair with the two mentions marked
(:func:`marked_words`) and every other mention replaced by its type::

    <e1:PER> Jane Roe </e1> , <e2:ORG> the company 's </e2> executive vice president ...

Labels are directed roles: ``"position>"`` says the first mention (in text order; the
implicit issuer counts as second) fills the role's first slot (the holder), ``"position<"``
that the second one does.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from spacy.tokens import Doc

from corpkg.extract.learned.triggers import any_trigger
from corpkg.extract.roles.common import Mention, Passage, find_titles

__all__ = [
    "Candidate",
    "PassageTokens",
    "ROLE_SLOTS",
    "LABELS",
    "MAX_GAP",
    "CONTEXT",
    "label_name",
    "candidates_of",
    "all_candidates",
    "passages_of",
    "marked_words",
]

ROLE_SLOTS: dict[str, tuple[str, str]] = {
    "subsidiary": ("owner", "owned"),
    "position": ("holder", "organization"),
    "credit": ("lender", "borrower"),
    "acquisition": ("acquirer", "target"),
    "proceeding": ("plaintiff", "defendant"),
}
"""The roles the classifier decides, with their two slots in label order (the rule extractors' slots)."""


def label_name(role: str, first_is_a: bool) -> str:
    """``"position>"``: the first mention fills the role's first slot; ``"position<"``: the second does."""
    return f"{role}{'>' if first_is_a else '<'}"


LABELS: tuple[str, ...] = tuple(label_name(r, d) for r in ROLE_SLOTS for d in (True, False))

MAX_GAP = 40
"""Most units (words, or other mentions) between the two mentions of a candidate."""
CONTEXT = 8
"""Units of the sentence kept before the first and after the second mention."""
MAX_SENTENCE_CHARS = 3000
"""Longer "sentences" (tables, unpunctuated lists) are skipped."""
ISSUER_MARK = "ISS"

_SHORT = {"ORG": "ORG", "PERSON": "PER"}


@dataclass
class PassageTokens:
    """A passage's tokens seen as units: every token outside a mention is one unit, every
    mention one unit; whitespace tokens none."""

    passage: Passage
    spans: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)  # mention chars -> tokens
    owner: dict[int, Mention] = field(default_factory=dict)  # token -> the mention it belongs to
    unit: list[int] = field(default_factory=list)  # token -> units before it

    @classmethod
    def of(cls, passage: Passage) -> PassageTokens:
        doc = passage.doc
        pt = cls(passage)
        for m in passage.mentions:
            span = doc.char_span(m.start, m.end, alignment_mode="expand")
            if span is None or len(span) == 0 or any(i in pt.owner for i in range(span.start, span.end)):
                continue
            pt.spans[(m.start, m.end)] = (span.start, span.end)
            for i in range(span.start, span.end):
                pt.owner[i] = m
        count = 0
        for tok in doc:
            pt.unit.append(count)
            owner = pt.owner.get(tok.i)
            if tok.is_space or (owner is not None and tok.i > 0 and pt.owner.get(tok.i - 1) is owner):
                continue
            count += 1
        pt.unit.append(count)
        return pt

    def tokens(self, m: Mention) -> tuple[int, int] | None:
        return self.spans.get((m.start, m.end))

    def window(self, lo: int, hi: int, first: int, last: int) -> tuple[int, int]:
        """Tokens from :data:`CONTEXT` units before token ``first`` to as many after token
        ``last`` (exclusive), within the sentence's tokens [lo, hi)."""
        start = bisect.bisect_left(self.unit, self.unit[first] - CONTEXT, lo, first)
        end = bisect.bisect_left(self.unit, self.unit[last] + CONTEXT, last, hi)
        return start, max(end, last)


@dataclass(frozen=True)
class Candidate:
    """Two mentions of different entities in one sentence of a passage (offsets relative to the
    passage); ``second`` is None for the implicit issuer (its key is then ``issuer_key``)."""

    tokens: PassageTokens
    first: Mention
    second: Mention
    sentence: tuple[int, int]
    window: tuple[int, int]  # token indices [start, end) of the passage Doc
    implicit: bool = False  # the second is the issuer, not mentioned in the sentence
    gap: int = 0  # units between the two mentions

    @property
    def sentence_text(self) -> str:
        return self.passage.text[self.sentence[0] : self.sentence[1]]

    @property
    def passage(self) -> Passage:
        return self.tokens.passage

    @property
    def keys(self) -> tuple[str, str]:
        return self.first.key, self.second.key

    @property
    def kinds(self) -> tuple[str, str]:
        return self.first.label, self.second.label


def candidates_of(passage: Passage, roles: frozenset[str] | None = None) -> Iterator[Candidate]:
    """The candidate pairs of one passage, sentence by sentence, in text order (only sentences
    holding a trigger word of some role — of ``roles`` when given: no other could yield a fact of
    them; the implicit issuer's candidates only when ``position`` is one)."""
    if not passage.mentions:
        return
    trigger = any_trigger(roles)
    implicit = roles is None or "position" in roles
    doc = passage.doc
    issuer = passage.ctx.issuer_key
    pt: PassageTokens | None = None
    for a, b in passage.sentences:
        if b - a > MAX_SENTENCE_CHARS:
            continue
        here = passage.mentions_in(a, b)
        lone_person = issuer is not None and not any(m.label == "ORG" for m in here) and any(m.label == "PERSON" for m in here)
        if (len({m.key for m in here}) < 2 and not lone_person) or not trigger.search(passage.text, a, b):
            continue
        if pt is None:
            pt = PassageTokens.of(passage)
        ms = [m for m in here if pt.tokens(m) is not None]
        if not ms:
            continue
        sent = doc.char_span(a, b, alignment_mode="expand")
        if sent is None:
            continue
        lo, hi = sent.start, sent.end
        best: dict[tuple[str, str], tuple[int, Mention, Mention]] = {}
        for i, m1 in enumerate(ms):
            t1 = pt.tokens(m1)
            assert t1 is not None
            for m2 in ms[i + 1 :]:
                t2 = pt.tokens(m2)
                assert t2 is not None
                if m2.key == m1.key or t2[0] < t1[1]:
                    continue
                gap = pt.unit[t2[0]] - pt.unit[t1[1]]
                if gap > MAX_GAP:
                    break
                pair = (m1.key, m2.key)
                if pair not in best or gap < best[pair][0]:
                    best[pair] = (gap, m1, m2)
        for gap, m1, m2 in sorted(best.values(), key=lambda v: (v[1].start, v[2].start)):
            t1, t2 = pt.tokens(m1), pt.tokens(m2)
            assert t1 is not None and t2 is not None
            yield Candidate(pt, m1, m2, (a, b), pt.window(lo, hi, t1[0], t2[1]), gap=gap)
        if issuer is None or not lone_person or not implicit or not find_titles(passage.text[a:b]):
            continue
        seen: set[str] = set()
        for m in ms:
            if m.label != "PERSON" or m.key in seen:
                continue
            seen.add(m.key)
            t = pt.tokens(m)
            assert t is not None
            ghost = Mention(a, a, issuer, "ORG", "", pronoun=True)
            yield Candidate(pt, m, ghost, (a, b), pt.window(lo, hi, t[0], t[1]), implicit=True)


def passages_of(docs: Iterable[Doc]) -> Iterator[Passage]:
    """The passage Docs that may hold a candidate (some entity mention), as Passages."""
    for doc in docs:
        if doc.ents:
            yield Passage(doc)


def all_candidates(passages: Iterable[Passage], roles: frozenset[str] | None = None) -> Iterator[Candidate]:
    """The candidates of ``passages`` (see :func:`passages_of` to make them from passage Docs), for
    every role or for ``roles`` only."""
    for p in passages:
        yield from candidates_of(p, roles)


def _mark(n: int, m: Mention, implicit: bool = False) -> str:
    return f"<e{n}:{ISSUER_MARK if implicit else _SHORT.get(m.label, m.label)}>"


def marked_words(c: Candidate) -> list[str]:
    """The classifier's input: the window's words with the two mentions marked by type
    (``<e1:PER>`` … ``</e1>``, ``<e2:ORG>`` … ``</e2>``), every other mention replaced by
    ``<ORG>``/``<PER>``; whitespace tokens are dropped."""
    pt = c.tokens
    doc = c.passage.doc
    t1 = pt.tokens(c.first)
    t2 = None if c.implicit else pt.tokens(c.second)
    words: list[str] = [_mark(2, c.second, True), "</e2>"] if c.implicit else []
    w0, w1 = c.window
    for i in range(w0, w1):
        if t1 is not None and i == t1[0]:
            words.append(_mark(1, c.first))
        if t2 is not None and i == t2[0]:
            words.append(_mark(2, c.second))
        inside = (t1 is not None and t1[0] <= i < t1[1]) or (t2 is not None and t2[0] <= i < t2[1])
        other = pt.owner.get(i)
        tok = doc[i]
        if not inside and other is not None:
            if i == w0 or pt.owner.get(i - 1) is not other:
                words.append(f"<{_SHORT.get(other.label, other.label)}>")
        elif not tok.is_space:
            words.append(tok.text)
        if t1 is not None and i == t1[1] - 1:
            words.append("</e1>")
        if t2 is not None and i == t2[1] - 1:
            words.append("</e2>")
    return words

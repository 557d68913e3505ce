"""Entities of one filing: mentions grouped into organizations and persons, with aliases.

``find_entities(document, nlp, issuer)`` runs the recogniser (``nlp``, see
:mod:`corpkg.extract.nlp`) over the filing's passages, then

1. groups the accepted mentions into entities: same normalised name; a person's "First Last"
   and surname; an organization's name without its legal suffix or leading "The"; a one-letter
   typo of a long suffixed name ("Auxer Telcom, Inc" / "Auxer Telecom, Inc.");
2. attaches aliases: defined terms (``("Quantum")``, ``(the "Lender")``, ``(collectively, the
   "Company")``), acronyms, d/b/a and former names, the SEC header's conformed and former names;
3. finds every further mention of every name and short form ("Auxer", "Harvey Westbury",
   "Scott", "Mr. Scott") with an Aho-Corasick automaton over the whole text;
4. merges the issuer (from ``corpkg.extract.roles.issuer`` or, failing that, the header/cover)
   instead of duplicating it; "the Company", "the Registrant" and "we/us/our" refer to it
   unless the same sub-document defines them otherwise.

Role components get passage Docs whose ``doc.ents`` carry ``kb_id_`` = entity key
(:func:`iter_passage_docs`).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

import ahocorasick
from spacy.language import Language
from spacy.tokens import Doc

from corpkg import __version__
from corpkg.extract.mentions import Candidate, Link, iter_passages
from corpkg.extract.model import Document, Entity, Evidence, SectionIndex
from corpkg.extract.names import (
    Kind,
    _key,
    _simple_norm,
    classify_name,
    gendered_honorifics,
    has_legal_suffix,
    lexicon,
    name_key,
    normalize_name,
    person_parts,
    same_first_name,
    strip_legal_suffix,
    suffix_class,
)

__all__ = ["EntityIndex", "MentionRef", "find_entities", "iter_passage_docs", "issuer_from_document", "entities_stage",
           "EXTRACTOR"]

if TYPE_CHECKING:
    from corpkg.extract.pipeline import FilingContext

EXTRACTOR = f"corpkg.entities@{__version__}"
LABELS = {"Organization": "ORG", "Person": "PERSON"}


@dataclass(frozen=True)
class MentionRef:
    start: int
    end: int
    key: str
    label: str  # ORG | PERSON
    kind: str = "name"  # name | alias | short | defined | pronoun


@dataclass(frozen=True)
class EntityIndex:
    """The entities of a filing and where each is mentioned."""

    entities: tuple[Entity, ...]
    mentions: tuple[tuple[int, int, str, str], ...]  # (start, end, entity key, ORG|PERSON), sorted
    refs: tuple[MentionRef, ...] = ()
    issuer_key: str | None = None
    passages: tuple[tuple[int, int], ...] = ()
    _forms: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    _by_key: dict[str, Entity] = field(default_factory=dict, repr=False, compare=False)

    def entity(self, key: str) -> Entity:
        return self._by_key[key]

    @property
    def issuer(self) -> Entity | None:
        return self._by_key.get(self.issuer_key) if self.issuer_key else None

    def resolve(self, name: str) -> Entity | None:
        """The entity a name refers to: label, alias, short form, defined term, honorific +
        surname, "the Company"/"the Registrant"/"we" (the issuer)."""
        if not name or not name.strip():
            return None
        flat = " ".join(name.split())
        for probe in (flat, re.sub(r"(?:'s|’s|')$", "", flat)):
            key = self._forms.get(probe) or self._forms.get(probe.lower())
            if key:
                return self._by_key.get(key)
            norm = normalize_name(probe)
            key = self._forms.get("\x00" + norm)
            if key:
                return self._by_key.get(key)
        if _ACRONYM.fullmatch(flat):
            # "SVB" in a party list of an agreement that names "Silicon Valley Bank": the one organization
            # whose initials spell it (as the builder matches a recognised acronym)
            owners = self._acronym_owners.get(flat.lower(), ())
            if len(owners) == 1:
                return self._by_key.get(next(iter(owners)))
        return None

    @cached_property
    def _acronym_owners(self) -> dict[str, set[str]]:
        """Initials (of names of three words or more) -> the keys of the organizations named so; made
        on the first acronym looked up, not for every filing."""
        out: dict[str, set[str]] = defaultdict(set)
        for e in self.entities:
            if e.kind == "Organization":
                for n in (e.label, *e.aliases):
                    acro = _initials(normalize_name(n))
                    if acro:
                        out[acro].add(e.key)
        return out

    def mentions_in(self, start: int, end: int) -> list[tuple[int, int, str, str]]:
        i = bisect.bisect_left(self.mentions, (start, -1, "", ""))
        out = []
        while i < len(self.mentions) and self.mentions[i][0] < end:
            if self.mentions[i][1] <= end:
                out.append(self.mentions[i])
            i += 1
        return out


# --------------------------------------------------------------------------- issuer fallback

_COVER_NAME = re.compile(
    r"(?m)^[ \t]*(?P<name>[^\n]{3,120}?)[ \t]*\n[ \t]*\((?:Exact\s+name\s+of\s+(?:registrant|issuer|small business issuer)|"
    r"Name\s+of\s+(?:Small\s+Business\s+)?(?:Issuer|Registrant))",
    re.IGNORECASE,
)


def issuer_from_document(document: Document) -> Entity | None:
    """The filer as the SEC header or cover names it: a fallback for when no issuer stage ran."""
    name = None
    ids: list[tuple[str, str]] = []
    if document.header:
        for p in document.header.parties:
            if p.role in ("filer", "subject-company", "issuer") and p.name:
                name = p.name
                if p.cik:
                    ids.append(("cik", p.cik))
                break
    if document.cover and document.cover.registrant_name:
        name = document.cover.registrant_name
    if name is None:
        m = _COVER_NAME.search(document.text, 0, min(len(document.text), 20000))
        if m:
            name = m.group("name").strip()
    if not name:
        return None
    return Entity(key=name_key(name), kind="Organization", label=name, identifiers=tuple(ids), is_issuer=True)


# --------------------------------------------------------------------------- building

@dataclass
class _Ent:
    kind: Kind
    forms: Counter[str] = field(default_factory=Counter)  # surface forms as written (whitespace-flattened)
    aliases: set[str] = field(default_factory=set)  # defined terms, d/b/a, acronyms, header names
    spans: list[tuple[int, int, str]] = field(default_factory=list)  # (start, end, mention kind)
    score: float = 0.0
    kind_votes: Counter[str] = field(default_factory=Counter)
    issuer: Entity | None = None
    norms: set[str] = field(default_factory=set)
    first_last: set[str] = field(default_factory=set)  # persons: "first last"
    last: str = ""
    middles: set[str] = field(default_factory=set)  # middle initials seen ("j" of "Robert J. Scott")
    initials: set[str] = field(default_factory=set)  # persons: initials of first and middle names ("wa")
    legal_forms: set[str] = field(default_factory=set)  # suffix classes of its names ("corp", "ltd" ...)
    dropped: bool = False  # only ever named as a longer phrase about another entity

    def add_form(self, form: str) -> None:
        self.forms[form] += 1
        self.norms.add(normalize_name(form))


def _flat(s: str) -> str:
    return " ".join(s.split())


def _lowercase_words(text: str) -> frozenset[str]:
    # words of running text, not of e-mail addresses or domain names ("www.vringo.com")
    text = _SGML_LINE.sub(" ", text)  # <FILENAME>cic-13da_0519.htm is not running text
    return frozenset(re.findall(r"(?<![\w&@./-])[a-z][a-z\-]*[a-z](?![\w@-])(?!\.[a-z])", text))


_SGML_LINE = re.compile(r"(?m)^<[A-Z][A-Z0-9-]*>[^\n]*$")


def _passage_ranges(document: Document) -> list[tuple[int, int]]:
    text = document.text
    skip: list[tuple[int, int]] = []
    if document.header and document.header.end > document.header.start:
        skip.append((document.header.start, document.header.end))
    for d in document.documents:
        if d.content == "binary":
            skip.append((d.start, d.end))
    skip.sort()
    out: list[tuple[int, int]] = []
    pos = 0
    for a, b in skip + [(len(text), len(text))]:
        if a > pos:
            out.extend(iter_passages(text, pos, a))
        pos = max(pos, b)
    return out


_HAS_NAME = re.compile(r"[A-Z][a-z]|[A-Z]{2}")


def _inside_place(text: str, a: int, b: int) -> bool:
    """The one word at ``text[a:b]`` is part of a longer place name written around it ("British Columbia",
    "District of Columbia", "New York"), not the short name of an entity."""
    before = text[max(0, a - 40) : a].split()
    after = text[b : b + 40].split()
    word = text[a:b]
    places = lexicon().places
    for k in (1, 2):
        if len(before) >= k and _simple_norm(" ".join([*before[-k:], word])) in places:
            return True
        if len(after) >= k and _simple_norm(" ".join([word, *after[:k]])) in places:
            return True
    return False


def find_entities(
    document: Document,
    nlp: Language,
    issuer: Entity | None = None,
    *,
    known: Iterable[Entity] = (),
) -> EntityIndex:
    """Recognise every organization and person of ``document`` and group their mentions.

    ``issuer`` (from the issuer stage) and ``known`` entities (the header's other parties) are
    merged, keeping their keys, identifiers and mentions, never duplicated."""
    text = document.text
    lower = _lowercase_words(text)
    passages = _passage_ranges(document)
    live = [(a, b) for a, b in passages if _HAS_NAME.search(text, a, b)]
    cands: list[Candidate] = []
    links: list[tuple[Candidate, Link]] = []
    with _lowercase_context(nlp, lower):
        for (a, _b), (pcs, plinks) in zip(live, _analyse(nlp, (text[a:b] for a, b in live)), strict=True):
            shifted = []
            for c in pcs:
                c2 = Candidate(c.start + a, c.end + a, c.text, c.kind, c.score, list(c.signals), c.rejected, c.group)
                shifted.append(c2)
            cands.extend(shifted)
            for ln in plinks:
                links.append((shifted[ln.target], Link(ln.kind, ln.target, ln.alias, ln.alias_start + a, ln.alias_end + a)))
    cands = _split_known_and(cands, links)
    _name_lines(text, cands)
    _signature_initials(text, cands)
    if issuer is None:
        issuer = issuer_from_document(document)
    builder = _Builder(document, lower, issuer, tuple(known))
    builder.add_header_names()
    builder.cluster(cands, links)
    builder.definition_entries()
    builder.surname_first_names()
    builder.scan()
    return builder.index(passages)


_AND = re.compile(r"\s+(?:and|AND)\s+")
_AMP = re.compile(r"\s+&\s+")


def _split_known_and(cands: list[Candidate], links: list[tuple[Candidate, Link]]) -> list[Candidate]:
    """Split an organization read as one name across " and " when one side is a short name the document
    defines for another party ("… Mellon Bank, N.A. (“Mellon”) and Fulton Bank" … "Term loan – PNC, Mellon
    and Fulton Bank"; "… provided by CIBC Bank USA and Huntington"): two parties, not one bank."""
    known = {" ".join(ln.alias.split()) for c, ln in links if ln.kind in ("defined", "acronym") and c.kind == "Organization"}
    if not known:
        return cands
    targets = {id(c) for c, _ in links}
    out: list[Candidate] = []
    for c in cands:
        ands = list(_AND.finditer(c.text)) if c.kind == "Organization" and c.accepted and id(c) not in targets else []
        if not ands and c.kind == "Organization" and c.accepted and id(c) not in targets:
            # "CCSC & CIGF, Inc.": an ampersand joins two parties only after a one-word short name the
            # document defines ("Johnson & Johnson", "Procter & Gamble" stay whole)
            amps = list(_AMP.finditer(c.text))
            if len(amps) == 1 and c.text[: amps[0].start()] in known and " " not in c.text[: amps[0].start()]:
                ands = amps
        m = ands[0] if len(ands) == 1 else None
        left, right = (c.text[: m.start()], c.text[m.end() :]) if m else ("", "")
        if m is None or c.text in known or not (left in known or right in known) \
                or not all(x[:1].isupper() for x in (left, right)) \
                or not all(x in known or len(x.split()) >= 2 for x in (left, right)):  # "PHK and Swoosh Holdings": initials
            out.append(c)
            continue
        signals = [*c.signals, "split-known-alias"]
        out.append(Candidate(c.start, c.start + len(left), left, c.kind, c.score, list(signals), c.rejected, c.group))
        out.append(Candidate(c.start + m.end(), c.end, right, c.kind, c.score, list(signals), c.rejected, c.group))
    return out


def _analyse(nlp: Language, texts: Iterable[str]) -> Iterator[tuple[list[Candidate], list[Link]]]:
    """Candidates and links of each passage: through the whole pipeline when a model's NER
    runs before ours, else straight from our component (no tokenizing needed)."""
    from corpkg.extract.nlp import COMPONENT

    if nlp.pipe_names == [COMPONENT]:
        comp = nlp.get_pipe(COMPONENT)
        analyse: Callable[[str], Any] = getattr(comp, "analyse")  # noqa: B009 - spaCy types pipes as plain callables
        for text in texts:
            found = analyse(text)
            yield found.candidates, found.links
        return
    for doc in nlp.pipe(texts):
        yield (doc._.entity_candidates or []), (doc._.entity_links or [])


@lru_cache(maxsize=1)
def _title_line() -> re.Pattern[str]:
    titles = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in lexicon().titles if len(t) > 3)
    return re.compile(
        r"(?:[^\n]*\n){0,4}?[ \t]*(?:(?:independent|non-executive|executive|senior|former|lead)[ \t]+)*"
        rf"(?:{titles})(?![\w])",
        re.IGNORECASE,
    )


_BLANKS_TO_EOL = re.compile(r"[^\S\n]*(?:\n|\Z)")


def _alone_on_line(text: str, start: int, end: int) -> int | None:
    """Where the line of ``text[start:end]`` ends (its newline, or the end of the text) when only
    blanks stand before and after it on that line, else None.  Looked for from the span outwards,
    never through the whole text (a single-line filing of many megabytes)."""
    ls = start
    while ls > 0 and text[ls - 1] != "\n" and text[ls - 1].isspace():
        ls -= 1
    if ls > 0 and text[ls - 1] != "\n":
        return None
    after = _BLANKS_TO_EOL.match(text, end)
    if after is None:
        return None
    return after.end() - 1 if after.group().endswith("\n") else len(text)


def _name_lines(text: str, cands: list[Candidate]) -> None:
    """A person-shaped name alone on its line, with a title on one of the next lines, is a person
    (lists of directors and officers: "Zhang Xiaoqiang" / address / "Independent Director")."""
    rx = _title_line()
    for c in cands:
        if c.accepted or c.rejected is not None or c.kind != "Person" or c.score < 0.5:
            continue
        le = _alone_on_line(text, c.start, c.end)
        if le is None:
            continue
        if rx.match(text, le + 1, min(len(text), le + 400)):
            c.score = 0.75
            c.signals.append("name-line")


# a definitions-section entry: "Term": Name / "Term" means Name / "Term" shall mean Name
_DEFINITION_ENTRY = re.compile(
    r"[\"“]([A-Z][\w&.\-]*(?:[ ][A-Z][\w&.\-]*){0,2})[\"”][ \t]*(?::|means|shall[ \t]+mean)[ \t\n]+((?:[Tt]he[ \t]+)?)")

# "/s/ /J. Michael Redmond": an initial glued to a stray mark after the signature's "/s/" is cut off the name
_SIGNED_INITIAL = re.compile(r"/[sS]/[ \t]*[^\w\s][ \t]*([A-Z]\.)[ \t]+\Z")


def _signature_initials(text: str, cands: list[Candidate]) -> None:
    """Give back a signature's leading initial that a stray mark after "/s/" cut off the name
    ("/s/ /J. Michael Redmond" is J. Michael Redmond, not Michael Redmond)."""
    for c in cands:
        if c.kind != "Person" or c.rejected is not None:
            continue
        m = _SIGNED_INITIAL.search(text, max(0, c.start - 12), c.start)
        if m:
            c.start = m.start(1)
            c.text = text[c.start:c.end]


class _lowercase_context:
    """Hands the filing's lower-case vocabulary to the recogniser component for one run."""

    def __init__(self, nlp: Language, lower: frozenset[str]) -> None:
        self.comps = [c for _, c in nlp.pipeline if hasattr(c, "lowercase_words")]
        self.lower = lower

    def __enter__(self) -> None:
        for c in self.comps:
            c.lowercase_words = self.lower

    def __exit__(self, *exc: object) -> None:
        for c in self.comps:
            c.lowercase_words = frozenset()


class _Builder:
    def __init__(self, document: Document, lower: frozenset[str], issuer: Entity | None,
                 known: tuple[Entity, ...] = ()) -> None:
        self.doc = document
        self.text = document.text
        self.lower = lower
        self.ents: list[_Ent] = []
        self.by_norm: dict[str, _Ent] = {}
        self.by_first_last: dict[str, list[_Ent]] = defaultdict(list)
        self.by_last: dict[str, list[_Ent]] = defaultdict(list)
        self.defined: list[tuple[int, str, _Ent]] = []  # (offset, term, entity)
        self.id2e: dict[int, _Ent] = {}
        self.by_form: dict[tuple[str, str], _Ent] = {}  # (name, legal form) of same-named companies
        self.prefix_idx: dict[tuple[str, ...], set[int]] = defaultdict(set)  # proper token prefixes of names
        self.suffix_idx: dict[tuple[str, ...], set[int]] = defaultdict(set)  # proper token suffixes
        self.del_idx: dict[str, set[int]] = defaultdict(set)  # one-deletion variants of names (typos)
        self.full_del_idx: dict[str, set[int]] = defaultdict(set)  # the same for names with their suffix
        self.issuer_ent: _Ent | None = None
        if issuer is not None:
            e = _Ent(kind=issuer.kind, issuer=issuer, score=1.0)
            for name in (issuer.label, *issuer.aliases):
                if name and not _is_synonym(name):
                    self._register(e, _flat(name))
                    e.aliases.add(_flat(name))
            cls = suffix_class(issuer.label) if issuer.kind == "Organization" else None
            if cls:
                e.legal_forms.add(cls)
            cover = document.cover.registrant_name if document.cover else None
            if cover and document.header is None and normalize_name(cover) not in {
                    normalize_name(n) for n in (issuer.label, *issuer.aliases)}:
                cover = None  # an exhibit's supporting party read as its registrant; the issuer is another
            if cover and not _is_synonym(cover):
                self._register(e, _flat(cover))
                e.aliases.add(_flat(cover))
            self.ents.append(e)
            self.issuer_ent = e
        for k in known:
            if issuer is not None and k.key == issuer.key:
                continue
            e = _Ent(kind=k.kind, issuer=k, score=1.0)
            for name in (k.label, *k.aliases):
                if name and not _is_synonym(name):
                    self._register(e, _flat(name))
                    e.aliases.add(_flat(name))
            self.ents.append(e)

    # ---- registration
    def _register(self, e: _Ent, form: str) -> None:
        n = normalize_name(form)
        if not n:
            return
        self.id2e[id(e)] = e
        if n not in e.norms:
            words = tuple(n.split())
            for k in range(1, len(words)):
                self.prefix_idx[words[:k]].add(id(e))
                self.suffix_idx[words[k:]].add(id(e))
            if len(n) >= 8:
                for v in _deletes(n):
                    self.del_idx[v].add(id(e))
        e.norms.add(n)
        if n not in self.by_norm:
            self.by_norm[n] = e
        if e.kind == "Person":
            parts = person_parts(form)
            if parts:
                first, middle, last = parts
                lk = last.lower().rstrip(".,")
                e.middles |= _middles(middle)
                if first:
                    e.initials.add(_initials_of(first, middle))
                firsts = [first] if first else []
                nick = re.search(r"[(“\"]([A-Z][a-z]+)[)”\"]", middle)
                if nick:
                    firsts.append(nick.group(1))  # "John E. (Jack) Feltl" is also "Jack Feltl"
                for f in firsts:
                    fl = f"{f.lower().rstrip('.')} {lk}"
                    if e not in self.by_first_last[fl]:
                        self.by_first_last[fl].append(e)
                    e.first_last.add(fl)
                if e not in self.by_last[lk]:
                    self.by_last[lk].append(e)
                e.last = e.last or lk

    def _new(self, kind: Kind, form: str, score: float) -> _Ent:
        e = _Ent(kind=kind, score=score)
        self.ents.append(e)
        self._register(e, form)
        return e

    def add_header_names(self) -> None:
        h = self.doc.header
        if not h:
            return
        issuer = self.issuer_ent.issuer if self.issuer_ent else None
        issuer_ciks = {v for k, v in (issuer.identifiers if issuer else ()) if k == "cik"}
        issuer_norm = normalize_name(issuer.label) if issuer else None
        for p in h.parties:
            if not p.name:
                continue
            is_issuer = self.issuer_ent is not None and (
                (p.cik and p.cik in issuer_ciks) or normalize_name(p.name) == issuer_norm
                or (not issuer_ciks and p.role in ("filer", "subject-company") and normalize_name(p.name) in self.issuer_ent.norms)
            )
            if not is_issuer and self.issuer_ent is not None and p.role in ("filer", "issuer") and len(h.parties) == 1:
                is_issuer = True
            names = [p.name] + [f.name for f in p.former_names]
            e: _Ent | None
            if is_issuer:
                e = self.issuer_ent
            else:
                kind: Kind = "Organization"
                label = p.name
                if p.role == "reporting-owner" and not has_legal_suffix(p.name):
                    swapped = _swap_conformed_person(p.name)
                    if swapped:
                        kind, label = "Person", swapped
                e = self.by_norm.get(normalize_name(label)) or self._new(kind, label, 0.9)
                names[0] = label
            assert e is not None  # is_issuer implies issuer_ent
            for i, n in enumerate(names):
                e.aliases.add(_flat(n))
                self._register(e, n)
                pos = self.text.find(n, h.start, h.end) if i == 0 or True else -1
                if pos >= 0:
                    e.spans.append((pos, pos + len(n), "header"))
                    e.forms[_flat(n)] += 0  # seen (upper-case conformed forms never win the label)

    # ---- clustering of recognised mentions
    def cluster(self, cands: list[Candidate], links: list[tuple[Candidate, Link]]) -> None:
        acc = [c for c in cands if c.accepted]
        for c, _ in links:
            if not c.accepted and c.rejected is None and c.kind is not None:
                acc.append(c)
        # an honorific alone ("Mr." ending a line, the name on the next) names nobody
        honorifics = lexicon().honorifics
        acc = [c for c in acc if _key(c.text.strip(" .,;:")) not in honorifics]
        # a name the filing once writes before a unit noun ("the U.S. Retail Coffee segment") is that
        # unit wherever it stands alone too (a segment table's rows, a heading)
        units = {_unit_norm(c.text) for c in cands if c.rejected == "unit"}
        units -= {_unit_norm(c.text) for c in acc if c.score >= 0.9}  # "Wells Fargo & Company" … "the Wells Fargo team"
        acc = [c for c in acc if not (_unit_norm(c.text) in units and not has_legal_suffix(c.text) and "known" not in c.signals)]

        def order(c: Candidate) -> tuple[bool, int, float, int]:
            flat = _flat(c.text)
            n_words = len(normalize_name(flat).split())
            return (not has_legal_suffix(flat), -n_words, -c.score, c.start)

        acc.sort(key=order)
        self.cand_ent: dict[int, _Ent] = {}
        # names with a defined term, acronym or d/b/a first, so that the alias is known before
        # a bare mention of it ("Barr Labs", "AHP") could start an entity of its own
        targets = {id(c) for c, _ in links}
        for c in [c for c in acc if id(c) in targets] + [c for c in acc if id(c) not in targets]:
            if id(c) in self.cand_ent:
                continue
            e = self._place(c)
            if e is not None:
                self.cand_ent[id(c)] = e
            if id(c) in targets:
                for c2, ln in links:
                    if c2 is c and e is not None:
                        self._attach(e, ln)

        # "European Union Member States" placed before "European Union" was known
        for e in self.ents:
            if e.issuer is not None or e.kind != "Organization" or not e.forms or e.aliases:
                continue
            if any(has_legal_suffix(f) for f in e.forms):
                continue
            seen = [f for f in e.forms if e.forms[f] > 0]
            if seen and all(self._extends_known(normalize_name(f), exclude=e) for f in seen):
                e.dropped = True

    def _attach(self, e: _Ent, ln: Link) -> None:
        """Record an alias link (defined term, acronym, d/b/a, former name) of an entity."""
        alias = _flat(ln.alias)
        if (ln.alias_start, ln.alias_end) in {(s, t) for s, t, _ in e.spans}:
            return
        if ln.kind == "defined":
            self.defined.append((ln.alias_start, alias, e))
        e.aliases.add(alias)
        e.spans.append((ln.alias_start, ln.alias_end, "defined" if ln.kind == "defined" else "alias"))
        if ln.kind in ("dba", "former", "acronym") or not _generic_term(alias):
            self._register(e, alias)

    def _place(self, c: Candidate) -> _Ent | None:
        form = _flat(c.text)
        kind: Kind = c.kind  # type: ignore[assignment]
        norm = normalize_name(form)
        if not norm:
            return None
        e = self.by_norm.get(norm)
        cls = suffix_class(form) if kind == "Organization" else None
        if e is not None and cls and e.legal_forms and cls not in e.legal_forms \
                and not (e.legal_forms | {cls}) <= {"corp", "ltd"}:  # "Inc."/"Ltd." slips happen
            # same name, another legal form: "CAMP4 Therapeutics Pty Ltd" is not "CAMP4 Therapeutics Corporation"
            e = self.by_form.get((norm, cls))
            if e is None:
                e = self._new("Organization", form, c.score)
                self.by_form[(norm, cls)] = e
                e.legal_forms.add(cls)
        if e is None and "known" in c.signals:
            from corpkg.extract.mentions import _known_org

            canon = _known_org(form)
            if canon:
                e = self.by_norm.get(normalize_name(canon))
        if e is None and norm.startswith("the "):
            e = self.by_norm.get(norm[4:])
        if e is not None and e.kind != kind:
            # a person-shaped short form of a known organization ("Harvey Westbury") or the reverse
            if c.score >= 0.9 and e.score < 0.8 and e.issuer is None:
                e.kind = kind
                e.kind_votes.clear()
            else:
                kind = e.kind
        suffixed = has_legal_suffix(form)
        if e is None and kind == "Person":
            e = self._person_match(form)
            parts = person_parts(form)
            if e is None and parts and not parts[0] and len(self.by_last.get(parts[2].lower().rstrip(".,"), [])) > 1:
                return None  # "Mr. Isely" when several Iselys are named: which one is for the scan to say
            if e is None and c.score < 0.9:
                e = self._org_match(norm, suffixed)  # "Azer Crystal" of "Azer Crystal Technology Co., Ltd."
                if e is not None:
                    kind = "Organization"
        if e is None and kind == "Organization" and not suffixed and c.score < 0.9 and " " not in form \
                and _CASE_SURNAME.match(self.text, c.end):
            # "Feldstein v. Tarrowby Precision Instruments, Inc.", "the Vinter action": a case named by the
            # surname of the one person of that name the filing names is that person's
            people = [p for p in self.by_last.get(form.lower().strip(".,"), []) if p.kind == "Person"]
            if len(people) == 1:
                e, kind = people[0], "Person"
        if e is None and kind == "Organization":
            e = self._org_match(norm, suffixed)
        if e is None and kind == "Organization" and not suffixed and _ACRONYM.fullmatch(form):
            e = self._acronym_match(form)
        if e is None and kind == "Organization" and suffixed and cls:
            # "CIGF, Inc." of "Commonwealth Income & Growth Fund, Inc.": an acronym with the legal form of
            # the one organization whose initials spell it
            am = _SUFFIXED_ACRONYM.fullmatch(form)
            if am and am.group(2).lower().rstrip(".").replace(".", "") in lexicon().legal_suffix_keys:
                e = self._acronym_match(am.group(1), cls)
        if e is None and len(form) >= 12:
            full = normalize_name(form, strip_suffix=False)
            for i in {i for v in _deletes(full) for i in self.full_del_idx.get(v, ())}:
                other = self.id2e[i]
                if other.kind == "Organization" and any(
                    _edit1(full, normalize_name(f, strip_suffix=False)) for f in other.forms if abs(len(f) - len(form)) <= 2
                ):
                    e = other
                    break
        if e is None and not suffixed and c.score < 0.9 and self._extends_known(norm):
            return None  # "Expedia Group Class B", "Liberty Expedia Transaction": a thing of a known entity
        if e is None:
            e = self._new(kind, form, c.score)
        else:
            self._register(e, form)
        if form not in e.forms and len(form) >= 12:
            self.id2e[id(e)] = e
            for v in _deletes(normalize_name(form, strip_suffix=False)):
                self.full_del_idx[v].add(id(e))
        e.add_form(form)
        if cls and e.kind == "Organization":
            e.legal_forms.add(cls)
            self.by_form.setdefault((norm, cls), e)
        if "known" in c.signals:
            from corpkg.extract.mentions import _known_org

            canon = _known_org(form)
            if canon:
                e.forms[canon] += 0
                self._register(e, canon)
        e.score = max(e.score, c.score)
        e.kind_votes[kind] += c.score * (3 if has_legal_suffix(form) else 1)  # type: ignore[assignment]  # votes are weighted scores (floats) in a Counter
        e.spans.append((c.start, c.end, "name"))
        return e

    def _acronym_match(self, form: str, legal_form: str | None = None) -> _Ent | None:
        """"IBM" of "International Business Machines Corporation" when no defined term links them:
        the initials of exactly one organization's name (connectors left out) spell the acronym; with
        ``legal_form`` ("CIGF, Inc."), only organizations of that legal form."""
        acro = form.lower()
        hits = {id(e): e for e in self.ents if e.kind == "Organization" and not e.dropped
                and (legal_form is None or legal_form in e.legal_forms)
                and any(_initials(n) == acro for n in e.norms)}
        return _one(hits) if len(hits) == 1 else None

    def _extends_known(self, norm: str, exclude: _Ent | None = None) -> bool:
        words = norm.split()
        lex = lexicon()
        for n in range(len(words) - 1, 0, -1):
            e = self.by_norm.get(" ".join(words[:n]))
            if e is not None and e is not exclude and not e.dropped and e.kind == "Organization" \
                    and len(" ".join(words[:n])) >= 3:
                # "Expedia Group Class B" is a thing of Expedia Group; "CIC International" a company,
                # "Northpond Fund II" another fund
                return not any(w in lex.org_heads or w in lex.legal_suffix_keys or re.fullmatch(r"[ivx]+|\d+", w)
                               for w in words[n:])
        return False

    def _person_match(self, form: str) -> _Ent | None:
        parts = person_parts(form)
        if not parts:
            return None
        first, middle, last = parts
        lk = last.lower().rstrip(".,")
        mids = _middles(middle)
        if first:
            fl = f"{first.lower().rstrip('.')} {lk}"
            # "John C. Feltl" and "John E. Feltl" are two persons
            hits = [e for e in self.by_first_last.get(fl, []) if not (mids and e.middles and not mids & e.middles)]
            if len(hits) == 1:
                return hits[0]
            # a short form of the first name: "Mitch Cohen" / "Mitchell Cohen"
            near = [e for e in self.by_last.get(lk, [])
                    if any(same_first_name(first, x.split()[0]) for x in e.first_last)
                    and not (mids and e.middles and not mids & e.middles)]
            if len(near) == 1:
                return near[0]
            # "W.A. Freeman" / "William A. Freeman": one side's first name written as initials, the
            # initials of first and middle names alike
            sig = _initials_of(first, middle)
            if _only_initials(first) or any(_only_initials(x.split()[0]) for e in self.by_last.get(lk, [])
                                            for x in e.first_last):
                near = [e for e in self.by_last.get(lk, []) if sig in e.initials
                        and (_only_initials(first) != all(_only_initials(x.split()[0]) for x in e.first_last))]
                if len(near) == 1 and len(sig) >= 2:
                    return near[0]
            # "Jeffery K. Schomburger" / "Jeffrey K. Schomburger": a one-letter slip in a first name of
            # five letters or more, middle initials alike
            if len(first) >= 5 and first.isalpha():
                near = [e for e in self.by_last.get(lk, []) if e.middles == mids
                        and any(_edit1(first.lower(), x.split()[0]) for x in e.first_last)]
                if len(near) == 1:
                    return near[0]
            # a surname-only person seen before ("Mr. Shaver") gets a first name
            lone = [e for e in self.by_last.get(lk, []) if not e.first_last]
            if len(lone) == 1 and len(self.by_last.get(lk, [])) == 1:
                return lone[0]
            return None
        hits = self.by_last.get(lk, [])
        if len(hits) == 1:
            return hits[0]
        if not hits and len(lk) >= 5:
            # "Mr. Sheen" for "Christopher W. Shean": a one-letter slip in a surname only one person has
            slips = {id(e): e for k, es in self.by_last.items() if len(es) == 1 and len(k) >= 5 and _edit1(k, lk)
                     for e in es}
            if len(slips) == 1:
                return _one(slips)
        return None

    def _org_match(self, norm: str, suffixed: bool) -> _Ent | None:
        words = norm.split()

        def orgs_of(ids: Iterable[int]) -> dict[int, _Ent]:
            return {i: self.id2e[i] for i in ids if self.id2e[i].kind == "Organization"}

        # token prefix of one known organization's name ("Quantum Corporate Funding" of "... Ltd.")
        if not suffixed and len(words) >= 2:
            hits = orgs_of(self.prefix_idx.get(tuple(words), ()))
            if len(hits) == 1:
                return next(iter(hits.values()))
        # a one-word short form of one organization ("Schein", "Galderma"), or its first word
        # with another head ("Barr Labs" / "Barr Laboratories, Inc.")
        if not suffixed and words and len(words[0]) >= 3 and words[0] not in lexicon().common_words \
                and words[0] not in lexicon().first_names and words[0] not in self.lower:
            hits = orgs_of(self.prefix_idx.get((words[0],), ()))
            if len(words) == 1 and len(hits) > 1 and self.issuer_ent is not None and id(self.issuer_ent) in {
                    id(e) for e in hits.values()}:
                return self.issuer_ent  # "Pericom" beside Pericom Semiconductor (the filer) and Pericom Technology
            if len(hits) == 1:
                target = max(_one(hits).norms, key=len).split()
                if len(words) == 1 or (len(target) >= len(words) and all(
                        len(w.rstrip("s")) >= 3 and x.startswith(w.rstrip("s")) and len(w) < len(x)
                        for w, x in zip(words[1:], target[1:], strict=False))):
                    return _one(hits)  # "Barr Labs" / "Barr Laboratories, Inc."
        # the last distinctive word of one organization's name ("Disney" of "The Walt Disney Company")
        if not suffixed and len(words) == 1 and len(words[0]) >= 4 and words[0] not in lexicon().common_words \
                and words[0] not in self.lower and words[0] not in lexicon().org_heads:
            hits = orgs_of(i for i in self.suffix_idx.get((words[0],), ()))
            if len(hits) == 1:
                return _one(hits)
        # the tail of one organization's longer name with the same legal form
        # ("Vitamin Cottage, Inc." in "Natural Grocers by Vitamin Cottage, Inc.")
        if suffixed and len(words) >= 2:
            hits = orgs_of(self.suffix_idx.get(tuple(words), ()))
            if len(hits) == 1:
                return _one(hits)
        # a one-letter typo of a long name ("Auxer Telcom", "Nextstar Media Group")
        if len(norm) >= 8:
            for i in {i for v in _deletes(norm) for i in self.del_idx.get(v, ())}:
                e = self.id2e[i]
                if e.kind != "Organization":
                    continue
                for n in e.norms:
                    if len(n.split()) == len(words) and abs(len(n) - len(norm)) <= 1 and len(n) >= 8 and _edit1(n, norm):
                        return e
        return None

    def definition_entries(self) -> None:
        """A definitions section's entry naming a company by a short name of its own
        ('"Nordbank": The Bank of Nova Hollandia.', '"Nordbank" means ...'): the term is the company's
        defined alias.  Only a proper name written in mixed case (a word that is no ordinary or capacity
        word: not "Agent", not "Borrower"; not an acronym such as "NYFRB") and only when a recognised
        company's name follows at once."""
        lex = lexicon()
        at: dict[int, _Ent] = {}
        for e in self.ents:
            if e.kind == "Organization" and not e.dropped:
                for a, _b, k in e.spans:
                    if k in ("name", "header"):
                        at.setdefault(a, e)
        if not at:
            return
        for m in _DEFINITION_ENTRY.finditer(self.text):
            found = at.get(m.start(2)) or at.get(m.end())
            term = m.group(1)
            if found is None or _generic_term(term) or normalize_name(term) in found.norms:
                continue
            if not any(c.islower() for c in term):
                continue  # an acronym ("NYFRB", "PBGC"): the acronym rules speak for it
            words = [_key(w) for w in term.split()]
            if any(w in self.lower for w in words) or all(
                    w in lex.common_words or w in lex.english_words or w in lex.capacity_words
                    or w.rstrip("s") in lex.capacity_words for w in words):
                continue
            owner = self.by_norm.get(normalize_name(term))
            if owner is not None and owner is not found:
                if not self._bare_short_name(owner, term):
                    continue  # the name of another company
                # "Nordbank" ("-bank": an organization by itself) placed as its own entity before its entry was
                # read: the short name's mentions go to the company it defines
                found.spans.extend(owner.spans)
                for f, n in owner.forms.items():
                    found.forms[f] += n
                owner.dropped = True
                self.by_norm[normalize_name(term)] = found
            self._attach(found, Link("defined", -1, term, m.start(1), m.end(1)))

    @staticmethod
    def _bare_short_name(e: _Ent, term: str) -> bool:
        """An entity known only by ``term`` itself: one word, no legal form, no alias, not the issuer."""
        return (e.issuer is None and not e.aliases and not e.legal_forms and len(term.split()) == 1
                and e.norms == {normalize_name(term)})

    # ---- a person known by surname only, written in full where the first name is no listed one
    def surname_first_names(self) -> None:
        """"Mr. Mehrotra" makes Mehrotra a person; "the Board appointed Sanjay Mehrotra" then names him in
        full although "Sanjay" is on no first-name list: a capitalised word right before the surname that is
        no ordinary word, title, organization head, place or month becomes the person's first name — once,
        so that two different first names leave the surname alone."""
        lex = lexicon()
        taken = sorted((a, b) for e in self.ents for a, b, _ in e.spans if e.kind == "Organization")
        for e in list(self.ents):
            if e.kind != "Person" or e.dropped or e.first_last or not e.last or len(e.last) < 3:
                continue
            surname = next((f for f in e.forms if f.lower().rstrip(".,") == e.last), None)
            if surname is None:
                continue
            found: dict[str, tuple[int, int]] = {}
            for m in re.finditer(rf"\b([A-Z][a-z]{{1,15}})\s+{re.escape(surname)}\b", self.text):
                w = m.group(1).lower()
                if (w in lex.common_words or w in lex.english_words or w in lex.honorifics or w in lex.places
                        or _key(w) in lex.org_heads or w in lex.leading_stopwords or w in self.lower
                        or any(t == w for t in lex.titles)):
                    continue
                if any(a <= m.start() < b for a, b in taken):
                    continue
                found.setdefault(m.group(1), (m.start(), m.end()))
            if len(found) != 1:
                continue
            (first, (a, b)), = found.items()
            form = f"{first} {surname}"
            self._register(e, form)
            e.add_form(form)
            e.spans.append((a, b, "name"))

    # ---- every further mention: names, short forms, defined terms
    def scan(self) -> None:
        forms: dict[str, set[int]] = defaultdict(set)
        kinds: dict[str, str] = {}
        idx = {id(e): i for i, e in enumerate(self.ents)}
        lex = lexicon()
        lower = self.lower
        person_lasts = Counter(e.last for e in self.ents if e.kind == "Person" and e.last)
        first_tokens: dict[str, set[int]] = defaultdict(set)
        for e in self.ents:
            if e.dropped:
                continue
            i = idx[id(e)]
            names = set(e.forms) | {a for a in e.aliases if not _generic_term(a)}
            for f in list(names):
                if not f:
                    continue
                for v in _variants(f, e.kind):
                    forms[v].add(i)
                    kinds.setdefault(v, "short" if v != f else "name")
            if e.kind == "Organization":
                for f in list(names):
                    core = normalize_name(f).split()
                    if not core:
                        continue
                    written = _flat(strip_legal_suffix(f))
                    if written.lower().startswith("the "):
                        written = written[4:]
                    tok = written.split()[0] if written.split() else ""
                    if (
                        len(core) >= 2 and len(tok) >= 3 and tok[:1].isupper() and tok.lower() not in lower
                        and tok.lower() not in lex.common_words and tok.lower() not in lex.first_names
                        and tok.lower() not in lex.places and tok not in lex.leading_stopwords
                        and tok.lower() not in _GENERIC_FIRST
                        and not tok.isupper() and tok.isalpha()
                        and (tok.lower() not in lex.english_words or self._stands_alone(tok) >= 2)
                    ):
                        first_tokens[tok].add(i)
            else:
                if e.last and person_lasts[e.last] == 1 and e.first_last:
                    written_last = None
                    for f in e.forms:
                        parts = person_parts(f)
                        if parts and parts[2].lower().rstrip(".,") == e.last:
                            written_last = parts[2].rstrip(",")
                            break
                    if written_last and written_last.lower() not in lex.common_words and written_last.lower() not in lower:
                        for v in (written_last, written_last.upper()):
                            forms[v].add(i)
                            kinds.setdefault(v, "short")
                    if written_last:  # "Mr. Rose" is the person even where "Rose" alone may be a word
                        for hon in ("Mr.", "Ms.", "Mrs.", "Dr.", "Mr", "Ms", "Mrs", "Dr"):
                            forms[f"{hon} {written_last}"].add(i)
                            kinds.setdefault(f"{hon} {written_last}", "short")
                    for f in e.forms:
                        parts = person_parts(f)
                        if parts and parts[0] and parts[1]:
                            v = f"{parts[0]} {parts[2].rstrip(',')}"
                            forms[v].add(i)
                            kinds.setdefault(v, "short")
        issuer_i = idx[id(self.issuer_ent)] if self.issuer_ent else None
        for tok, owners in first_tokens.items():
            if tok in forms:
                continue
            if len(owners) > 1 and issuer_i in owners:
                owners = {issuer_i}
            if len(owners) == 1:
                forms[tok].add(next(iter(owners)))
                kinds[tok] = "short"
        # defined terms: as written, with or without "the"
        for _, term, e in self.defined:
            i = idx[id(e)]
            for v in (term, f"the {term}", f"The {term}"):
                forms[v].add(i)
                kinds[v] = "defined"
        auto = ahocorasick.Automaton()
        for f, owners in forms.items():
            if len(owners) > 1:
                if issuer_i in owners:
                    owners = {issuer_i}
                else:
                    continue
            if len(f) < 2:
                continue
            auto.add_word(f, (len(f), next(iter(owners)), kinds.get(f, "name")))
        self.form_owner = {f: next(iter(o)) if len(o) == 1 else issuer_i for f, o in forms.items()}
        hits: list[tuple[int, int, int, str]] = []
        if len(auto):
            auto.make_automaton()
            text = self.text
            n = len(text)
            for end_i, (ln, i, kind) in auto.iter(text):
                a = end_i - ln + 1
                b = end_i + 1
                if a > 0 and (text[a - 1].isalnum() or text[a - 1] in "&-"):
                    continue
                if b < n and (text[b].isalnum() or (text[b] == "-" and b + 1 < n and text[b + 1].isalpha())):
                    continue
                if " " not in text[a:b] and _inside_place(text, a, b):
                    continue  # "Columbia" (a short name) in "British Columbia"
                hits.append((a, b, i, kind))
        # defined-term overrides of the issuer's synonyms, per sub-document
        overrides = self._synonym_overrides()
        hits.extend(self._issuer_synonyms(overrides, idx))
        taken = sorted(((sa, sb) for ent in self.ents for sa, sb, k in ent.spans if k in ("name",)), key=lambda x: x[0])
        hits.sort(key=lambda hit: (hit[0], -(hit[1] - hit[0])))
        chosen: list[tuple[int, int, int, str]] = []
        last_end = -1
        for hit in hits:
            if hit[0] < last_end:
                continue
            chosen.append(hit)
            last_end = hit[1]
        existing = {(sa, sb) for ent in self.ents for sa, sb, _ in ent.spans}
        starts = [t[0] for t in taken]
        for a, b, i, kind in chosen:
            if (a, b) in existing:
                continue
            j = bisect.bisect_right(starts, a) - 1
            if j >= 0 and taken[j][1] > a and not (taken[j][0] >= a and taken[j][1] <= b):
                continue  # inside a longer recognised name
            ent = self.ents[i]
            ent.spans.append((a, b, kind))
            if kind in ("short", "name"):
                ent.forms[_flat(self.text[a:b])] += 1
        self._shared_surnames()
        self._first_name_refs()

    def _first_name_refs(self) -> None:
        """"Mr. Dan Carlson … is the CFO of Tidal. … Previously, Dan served as the Chief Marketing Officer
        at Avatar Associates": a biography's bare first name, standing alone (no capitalised word beside
        it) in the paragraph after the full name, refers to that person — when the first name is on the
        first-name list and no ordinary word ("Mark", "Grant", "Bill"), and no other person of the
        filing has that first name."""
        lex = lexicon()
        text = self.text
        by_first: dict[str, list[_Ent]] = defaultdict(list)
        for e in self.ents:
            if e.kind != "Person" or e.dropped or not e.first_last:
                continue
            for fl in e.first_last:
                first = fl.split()[0]
                if first in lex.first_names and first not in lex.english_words and len(first) > 2:
                    if e not in by_first[first]:
                        by_first[first].append(e)
        if not by_first:
            return
        taken = sorted((sa, sb) for e in self.ents for sa, sb, _ in e.spans)
        starts = [t[0] for t in taken]
        for first, members in by_first.items():
            if len(members) != 1:
                continue
            ent = members[0]
            named = sorted(a for a, _b, k in ent.spans if k == "name")
            if not named:
                continue
            word = first.capitalize()
            for m in re.finditer(rf"(?<![\w&'’.-]){re.escape(word)}(?=(?:['’]s)?(?![\w&-]))", text):
                a, b = m.span()
                j = bisect.bisect_right(starts, a) - 1
                if j >= 0 and taken[j][1] > a:
                    continue  # inside a recognised name ("Dan Carlson")
                if re.search(r"[A-Z][\w.&-]*[ \t]+\Z", text[max(0, a - 30) : a]) or \
                        re.match(r"[ \t]+[A-Z]", text[b : b + 3]):
                    continue  # part of a longer capitalised phrase
                k = bisect.bisect_right(named, a) - 1
                if k < 0 or "\n\n" in text[named[k] : a] or a - named[k] > 3000:
                    continue  # only after the full name, within its paragraph
                ent.spans.append((a, b, "short"))

    def _shared_surnames(self) -> None:
        """"Mr. Parker" when the filing names two or more Parkers: the one whose full name was written
        nearest before it.  An honorific the filing writes with a full name ("Ms. Susan Parker") rules
        out the other gender (a first name never does).  A full name written in a sentence that also says
        "Mr. Parker" ("Mr. Parker's brother (Christopher Parker)", "Mr. Musk or Kimbal Musk") sets that
        person apart from the "Mr. Parker" around it, and introduces no one.  Left unlinked when no Parker
        precedes it, or when the nearest two were named in one sentence ("John Parker and Susan Parker")."""
        text = self.text
        groups: dict[str, list[_Ent]] = defaultdict(list)
        for e in self.ents:
            if e.kind == "Person" and not e.dropped and e.last and e.first_last:
                groups[e.last].append(e)
        groups = {k: v for k, v in groups.items() if len(v) > 1}
        if not groups:
            return
        genders = gendered_honorifics()
        hon_alt = "|".join(re.escape(h) for h in sorted({*genders, "Dr", "Prof"}, key=len, reverse=True))
        hon_before = re.compile(rf"(?<![\w])({hon_alt})\.?[ \t]*\Z")
        hon_lead = re.compile(rf"({hon_alt})\.?[ \t]")
        full: dict[str, list[tuple[int, int, int]]] = defaultdict(list)  # surname -> (start, end, member no.)
        gender: dict[int, set[str]] = defaultdict(set)
        written: set[str] = set()
        for last, members in groups.items():
            for n, e in enumerate(members):
                for a, b, _k in e.spans:
                    parts = person_parts(_flat(text[a:b]))
                    if not parts or not parts[0] or parts[2].lower().rstrip(".,") != last:
                        continue
                    written.add(parts[2].rstrip(".,"))
                    full[last].append((a, b, n))
                    for g in (hon_before.search(text, max(0, a - 10), a), hon_lead.match(text, a, b)):
                        if g and g.group(1) in genders:
                            gender[id(e)].add(genders[g.group(1)])
        if not written:
            return
        taken = sorted((sa, sb) for e in self.ents for sa, sb, _ in e.spans)
        starts = [t[0] for t in taken]
        pat = re.compile(rf"(?<![\w])({hon_alt})\.?[ \t]+({'|'.join(re.escape(w) for w in sorted(written))})(?![\w\-])")
        found = [m for m in pat.finditer(text) if m.group(2).lower() in groups]
        # sentences that say "Mr. Parker": a full name there is a contrast, not an introduction
        said_in = {(m.group(2).lower(), _sentence(text, m.start())) for m in found}
        full_all = {last: list(v) for last, v in full.items()}
        for last in full:
            full[last] = sorted((a, b, n) for a, b, n in full[last]
                                if (last, _sentence(text, a)) not in said_in and not re.search(r"\(\s*\Z", text[max(0, a - 5):a]))
        for m in found:
            a, b = m.start(), m.end()
            j = bisect.bisect_left(starts, b) - 1
            covered = False
            while j >= 0 and starts[j] > a - 300 and not covered:
                covered = taken[j][1] > a
                j -= 1
            if covered:
                continue  # already placed, or part of a longer name
            last = m.group(2).lower()
            members = groups[last]
            said = genders.get(m.group(1))
            sent = _sentence(text, a)
            here = {n for sa, _sb, n in full_all[last] if sent[0] <= sa < sent[1]}  # named beside it: someone else
            latest: dict[int, tuple[int, int]] = {}
            for sa, sb, n in full[last]:
                if sb > a:
                    break
                latest[n] = (sa, sb)
            cands = [(st, n) for n, st in latest.items() if n not in here
                     and not (said and len(gender[id(members[n])]) == 1 and said not in gender[id(members[n])])]
            if not cands:
                continue
            cands.sort(reverse=True)
            if len(cands) > 1:
                (s1, _t1), _ = cands[0]
                (_s2, t2), _ = cands[1]
                if not _SENTENCE_END.search(text, t2, s1):
                    continue  # "John Parker and Susan Parker were elected. Mr. Parker ...": which one?
            members[cands[0][1]].spans.append((a, b, "short"))

    def _stands_alone(self, word: str, limit: int = 200) -> int:
        """How often ``word`` is written as a name of its own: capitalised, neither after nor
        before another capitalised word ("Nuance agreed", not "Orange County" or "County Road")."""
        if not hasattr(self, "_cap_index"):
            index: dict[str, list[tuple[int, int]]] = defaultdict(list)
            for m in re.finditer(r"(?<![\w&-])[A-Z][A-Za-z]+(?=(?:'s|’s)?(?![\w&-]))", self.text):
                index[m.group(0)].append(m.span())
            self._cap_index = index
        n = 0
        for k, (s, e) in enumerate(self._cap_index.get(word, ())):
            if k >= limit:
                break
            if self.text.startswith(("'s", "’s"), e):
                e += 2
            before = self.text[max(0, s - 30) : s].split()
            after = self.text[e : e + 30].split()
            prev = before[-1] if before else ""
            if prev[:1].isupper() and not prev.endswith((".", ":", ";")) and prev not in lexicon().leading_stopwords \
                    and prev.lower() not in lexicon().english_words:
                continue  # "Orange County"
            if before and before[-1] in {"the", "a", "an", "this", "that", "each", "such", "any", "our", "its"}:
                continue  # "the County has guaranteed": a common noun
            if after and after[0][:1].isupper():
                continue
            n += 1
        return n

    def _synonym_overrides(self) -> list[tuple[int, int, str, _Ent]]:
        out = []
        for off, term, e in self.defined:
            if e is self.issuer_ent:
                continue
            t = term.lower()
            if t in {"company", "registrant", "issuer", "corporation"}:
                sub = self.doc.document_at(off)
                a, b = (sub.start, sub.end) if sub else (0, len(self.text))
                out.append((a, b, t, e))
        return out

    def _issuer_synonyms(self, overrides: list[tuple[int, int, str, _Ent]], idx: dict[int, int]) -> list[tuple[int, int, int, str]]:
        if self.issuer_ent is None:
            return []
        out = []
        main = self.doc.documents[0] if self.doc.documents else None
        main_range = (main.start, main.end) if main else (0, len(self.text))
        issuer_i = idx[id(self.issuer_ent)]
        by_word = _first_override(overrides)
        for phrase, kind in lexicon().issuer_synonyms:
            pat = re.compile(r"(?<![\w])" + re.escape(phrase) + r"(?![\w])")
            word = phrase.split()[-1].lower()
            bounds, first = by_word.get(word, ([], []))
            for m in pat.finditer(self.text):
                s, e = m.span()
                if kind == "pronoun" and not (main_range[0] <= s < main_range[1]):
                    continue
                target = issuer_i
                i = bisect.bisect_right(bounds, s) - 1
                if i >= 0 and first[i] is not None:
                    target = idx[id(first[i])]
                out.append((s, e, target, "pronoun" if kind == "pronoun" else "alias"))
        return out

    # ---- the hand-over
    def index(self, passages: list[tuple[int, int]]) -> EntityIndex:
        entities: list[Entity] = []
        keys: set[str] = set()
        mentions: list[tuple[int, int, str, str]] = []
        refs: list[MentionRef] = []
        forms_map: dict[str, str] = {}
        issuer_key = None
        for e in self.ents:
            if e.dropped:
                continue
            named = [(s, t, k) for s, t, k in e.spans if k in ("name", "short", "header")]
            if not named and e.issuer is None:
                continue
            if e.kind_votes and e.issuer is None:
                e.kind = max(e.kind_votes.items(), key=lambda kv: kv[1])[0]  # type: ignore[assignment]
            if any(has_legal_suffix(f) for f in e.forms if e.forms[f] > 0):
                e.kind = "Organization"
            label = _best_label(e)
            if e.issuer is not None:
                key = e.issuer.key
                if e is self.issuer_ent:
                    issuer_key = key
            else:
                base = name_key(label) or "entity"
                key = base if base not in keys else f"{base}-{e.kind.lower()}"
                n = 2
                while key in keys:
                    key = f"{base}-{n}"
                    n += 1
            keys.add(key)
            lab = LABELS[e.kind]
            seen: set[tuple[int, int]] = set()
            evid = []
            for s, t, k in sorted(e.spans):
                if (s, t) in seen:
                    continue
                seen.add((s, t))
                refs.append(MentionRef(s, t, key, lab, k))
                if k != "pronoun":
                    mentions.append((s, t, key, lab))
                    evid.append(Evidence(quote=self.text[s:t], start=s, end=t, section=self._section(s),
                                         extractor=EXTRACTOR, confidence=round(min(1.0, e.score), 2)))
            aliases = []
            for f in list(e.forms) + sorted(e.aliases):
                f = _flat(f)
                if f and f != label and f not in aliases:
                    aliases.append(f)
            if e.issuer is not None:
                base_ent = e.issuer
                seen_q = {(m.start, m.end) for m in evid}
                evid = [m for m in base_ent.mentions if (m.start, m.end) not in seen_q] + evid
                evid.sort(key=lambda m: m.start)
                ent = Entity(key=key, kind=e.kind, label=label, aliases=tuple(aliases), mentions=tuple(evid),
                             identifiers=base_ent.identifiers, attributes=base_ent.attributes,
                             is_issuer=e is self.issuer_ent or base_ent.is_issuer)
            else:
                ent = Entity(key=key, kind=e.kind, label=label, aliases=tuple(aliases), mentions=tuple(evid))
            entities.append(ent)
            for f in (label, *aliases):
                forms_map.setdefault(f, key)
                forms_map.setdefault(f.lower(), key)
                forms_map.setdefault("\x00" + normalize_name(f), key)
            for norm in e.norms:
                forms_map.setdefault("\x00" + norm, key)
        # persons: "First Last" without middle names, and a surname used by one person only
        lasts: dict[str, set[str]] = defaultdict(set)
        for ent in entities:
            if ent.kind != "Person":
                continue
            for f in (ent.label, *ent.aliases):
                parts = person_parts(f)
                if not parts:
                    continue
                first, _, last = parts
                last_n = normalize_name(last)
                if last_n:
                    lasts[last_n].add(ent.key)
                if first:
                    forms_map.setdefault("\x00" + normalize_name(f"{first} {last}"), ent.key)
        for last_n, owners in lasts.items():
            if len(owners) == 1:
                forms_map.setdefault("\x00" + last_n, next(iter(owners)))
        if issuer_key:
            for phrase, _ in lexicon().issuer_synonyms:
                forms_map.setdefault(phrase, issuer_key)
                forms_map.setdefault(phrase.lower(), issuer_key)
            for syn in ("the company", "the registrant", "company", "registrant", "the issuer", "we", "us", "our"):
                forms_map.setdefault(syn, issuer_key)
        mentions = sorted(set(mentions))
        # overlapping mentions of different entities: keep the longer
        clean: list[tuple[int, int, str, str]] = []
        for m in mentions:
            if clean and m[0] < clean[-1][1]:
                if m[1] - m[0] > clean[-1][1] - clean[-1][0]:
                    clean[-1] = m
                continue
            clean.append(m)
        refs.sort(key=lambda r: (r.start, r.end))
        by_key = {e.key: e for e in entities}
        entities.sort(key=lambda e: (not e.is_issuer, e.kind, e.label.lower()))
        return EntityIndex(
            entities=tuple(entities), mentions=tuple(clean), refs=tuple(refs), issuer_key=issuer_key,
            passages=tuple(passages), _forms=forms_map, _by_key=by_key,
        )

    def _section(self, offset: int) -> str | None:
        if not hasattr(self, "_secs"):
            self._secs = SectionIndex(sorted(self.doc.sections, key=lambda s: (s.start, -(s.end - s.start))))
        best = self._secs.at(offset)
        return best.title if best else None


_GENERIC_FIRST = {"united", "american", "national", "first", "general", "international", "global", "federal",
                  "standard", "capital", "central", "southern", "northern", "eastern", "western", "pacific", "atlantic",
                  "continental", "consolidated", "allied", "universal", "premier", "royal", "new", "great",
                  "west", "east", "north", "south", "commonwealth", "republic"}


def _unit_norm(text: str) -> str:
    norm = normalize_name(_flat(text))
    return norm[4:] if norm.startswith("the ") else norm


_ACRONYM = re.compile(r"[A-Z]{3,6}")
_SUFFIXED_ACRONYM = re.compile(r"([A-Z]{3,6}),?\s+(\S+)")  # then group 2 must be a legal form
_SENTENCE_END = re.compile(r"[a-z0-9)]{2}[.;:!?][\"”’')]*\s+(?=[A-Z(“\"])|\n[ \t]*\n")


def _sentence(text: str, pos: int, window: int = 600) -> tuple[int, int]:
    """Bounds of the sentence around ``pos`` (looked for within ``window`` characters each side)."""
    lo = max(0, pos - window)
    start = lo
    for m in _SENTENCE_END.finditer(text, lo, min(len(text), pos + 1)):
        if m.end() <= pos:
            start = m.end()
    m2 = _SENTENCE_END.search(text, pos, min(len(text), pos + window))
    return start, (m2.start() + 2 if m2 else min(len(text), pos + window))


_INITIAL_SKIP = {"of", "and", "&", "the", "de", "for"}


def _initials(norm: str) -> str:
    words = [w for w in norm.replace("-", " ").split() if w not in _INITIAL_SKIP]
    return "".join(w[0] for w in words) if len(words) >= 3 else ""


def _first_override(overrides: list[tuple[int, int, str, _Ent]]) -> dict[str, tuple[list[int], list[_Ent | None]]]:
    """Per word ("company", "registrant" ...): the bounds of the segments that the overrides' ranges
    cut the text into, and for each segment the entity of the first override (in ``overrides``'
    order) whose range covers it, or None; so that each "the Company" of a huge filing is placed by
    a binary search instead of a scan of every override."""
    ranges: dict[str, list[tuple[int, int, _Ent]]] = defaultdict(list)
    for a, b, word, ent in overrides:
        ranges[word].append((a, b, ent))
    out: dict[str, tuple[list[int], list[_Ent | None]]] = {}
    for word, spans in ranges.items():
        bounds = sorted({x for a, b, _ in spans for x in (a, b)})
        out[word] = (bounds, [next((ent for a, b, ent in spans if a <= lo < b), None) for lo in bounds])
    return out


def _best_label(e: _Ent) -> str:
    """Fullest proper name as written: a mixed-case form with its legal suffix, longest first."""
    cands = [f for f in e.forms if f]
    if e.issuer is not None:
        cands.append(_flat(e.issuer.label))
        # a former name (the header's, the cover's) is an alias, never the label, however often written
        formers = {normalize_name(v) for k, v in e.issuer.attributes if k == "formerName"}
        cands = [f for f in cands if normalize_name(f) not in formers] or cands
    if not cands:
        cands = sorted(e.aliases)

    def rank(f: str) -> tuple[Any, ...]:
        letters = [ch for ch in f if ch.isalpha()]
        upper = bool(letters) and all(ch.isupper() for ch in letters)
        return (
            not upper,
            has_legal_suffix(f) if e.kind == "Organization" else bool((pp := person_parts(f)) and pp[0]),
            len(f.split()),
            e.forms.get(f, 0),
            len(f),
        )

    best = max(cands, key=rank)
    letters = [ch for ch in best if ch.isalpha()]
    if letters and all(ch.isupper() for ch in letters) and e.kind == "Person":
        best = best.title()
    return best


def _variants(form: str, kind: str) -> set[str]:
    out = {form}
    letters = [ch for ch in form if ch.isalpha()]
    if letters and not all(ch.isupper() for ch in letters):
        out.add(form.upper())
    if kind == "Organization":
        core = _flat(strip_legal_suffix(form))
        if core != form and len(core) >= 3:
            out.add(core)
            out.add(core.upper())
        for f in list(out):
            if f.startswith(("The ", "THE ")) and len(f) > 8:
                out.add(f[4:])
    return {v for v in out if len(v) >= 2}


def _generic_term(term: str) -> bool:
    n = normalize_name(term, strip_suffix=False)
    return n in lexicon().stop_phrases or _key(term) in {"company", "registrant", "issuer", "corporation"}


def _is_synonym(name: str) -> bool:
    return name.strip().lower() in {p.lower() for p, _ in lexicon().issuer_synonyms}


def _middles(middle: str) -> set[str]:
    return {w[0].lower() for w in middle.split() if w[:1].isalpha() and w[:1].isupper()}


_CASE_SURNAME = re.compile(r"\s+(?:v\.|vs\.?|versus)\s|\s+(?:action|complaint|lawsuit|suit|litigation|case|plaintiffs?)\b")


def _only_initials(first: str) -> bool:
    """A first name written as initials: "W.", "W.A.", "J"."""
    return bool(re.fullmatch(r"(?:[A-Z]\.?){1,3}", first))


def _initials_of(first: str, middle: str) -> str:
    """The initials of a person's first and middle names: "William A." → "wa", "W.A." → "wa"."""
    words = [w for w in re.split(r"[.\s]+", f"{first} {middle}") if w[:1].isalpha() and w[:1].isupper()]
    return "".join(w[0].lower() for w in words)


def _deletes(s: str) -> set[str]:
    """``s`` and every string one character shorter: two strings within one edit (or one
    adjacent swap) share a member."""
    return {s} | {s[:i] + s[i + 1 :] for i in range(len(s))}


def _one(hits: dict[int, _Ent]) -> _Ent:
    return next(iter(hits.values()))


def _edit1(a: str, b: str) -> bool:
    """One edit (or one adjacent swap) apart, in a word of four letters or more: "Telcom"/"Telecom",
    never "Fund V"/"Fund VI" or "Unit 2"/"Unit 3"."""
    if a == b:
        return False
    wa, wb = a.split(), b.split()
    if len(wa) == len(wb):
        diff = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
        if len(diff) != 1 or min(len(diff[0][0]), len(diff[0][1])) < 4 or not diff[0][0].isalpha() \
                or re.fullmatch(r"[ivxlc]+", diff[0][0]) or re.fullmatch(r"[ivxlc]+", diff[0][1]):
            return False
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if a[i + 1 :] == b[i + 1 :]:
            return True
        return i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]
    return a[i:] == b[i + 1 :]


def _swap_conformed_person(name: str) -> str | None:
    """Header names of persons read "LAST FIRST MIDDLE": "SCOTT ROBERT J" → "Robert J Scott"."""
    parts = name.replace(",", " ").split()
    lex = lexicon()
    if 2 <= len(parts) <= 4 and parts[1].lower() in lex.first_names and parts[0].lower() not in lex.org_heads:
        return " ".join(p.title() if len(p) > 1 else p for p in parts[1:] + parts[:1])
    kind, _ = classify_name(name.title())
    return None if kind != "Person" else name.title()


# --------------------------------------------------------------------------- passage docs for the roles

def iter_passage_docs(
    document: Document,
    index: EntityIndex,
    nlp: Language,
    *,
    only_with_mentions: bool = True,
    matching: re.Pattern[str] | None = None,
) -> Iterator[Doc]:
    """spaCy Docs of the filing's passages: ``doc.ents`` = the ORG/PERSON mentions with
    ``kb_id_`` = entity key, ``doc._.passage_start`` = the passage's offset in the text
    (``matching``: only the passages whose text it matches, tested before the Doc is made)."""
    from corpkg.extract.nlp import ensure_extensions, passage_doc

    ensure_extensions()
    text = document.text
    for a, b in index.passages:
        ms = index.mentions_in(a, b)
        if only_with_mentions and not ms:
            continue
        if matching is not None and not matching.search(text, a, b):
            continue
        doc = passage_doc(nlp, text[a:b])
        spans = []
        last_tok = -1
        for s, e, key, label in ms:
            span = doc.char_span(s - a, e - a, label=label, kb_id=key, alignment_mode="expand")
            if span is None or span.start < last_tok:
                continue
            spans.append(span)
            last_tok = span.end
        doc.ents = spans
        doc._.passage_start = a
        yield doc


# --------------------------------------------------------------------------- pipeline stage

def entities_stage(ctx: FilingContext, recogniser: Language) -> None:
    """The work of the pipeline's ``entities`` stage: every organization and person of the
    filing, found with ``recogniser`` (:func:`corpkg.extract.nlp.build_pipeline`) and merged with
    the parties already in ``ctx`` (same keys); the :class:`EntityIndex` goes to ``ctx.index``."""
    known = tuple(ctx.entities.values())
    index = find_entities(ctx.document, recogniser, ctx.issuer, known=known)
    ctx.index = index
    for e in index.entities:
        # the index's entity already holds what the earlier stage knew (aliases, mentions, ids)
        ctx.entities[e.key] = e
        if e.is_issuer and ctx.issuer is not None and e.key == ctx.issuer.key:
            ctx.issuer = e

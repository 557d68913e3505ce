"""Shared helpers of the role extractors: pattern files, dates, money, percentages, titles,
sentences, mentions and Fact construction.

Every role component works on one passage ``Doc`` (a paragraph of ``Document.text``) whose
``doc.ents`` are ORG/PERSON spans with ``span.kb_id_`` set to the entity key and whose
``doc._.passage_start`` is the passage's offset in ``Document.text``.  Per-filing context
(issuer key, the Document for section titles, an entity resolver) travels on
``doc._.roles_context`` (a :class:`RoleContext`); without it the components still work, they
just cannot map "we"/"the Company" to the issuer or name sections.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Protocol

from spacy.tokens import Doc

from corpkg import __version__
from corpkg.extract.model import Document, Evidence, Fact
from corpkg.extract.names import designated_letter, lexicon
from corpkg.extract.nlp import doc_text

__all__ = [
    "RoleContext",
    "Mention",
    "Passage",
    "load_json",
    "load_tsv",
    "pattern_files",
    "find_dates",
    "parse_date",
    "date_at",
    "find_money",
    "parse_money",
    "find_percents",
    "find_titles",
    "normalise_titles",
    "split_sentences",
    "merge_facts",
    "EXTRACTOR_VERSION",
    "COMMON",
    "SECTIONS",
    "RULE_CONFIDENCE",
    "RegexTemplate",
    "regexes",
    "fragment",
    "template",
    "expand",
    "section",
    "windows",
    "limits",
    "thresholds",
    "scores",
]

EXTRACTOR_VERSION = __version__  # the package's version (metadata), as in corpkg.extract.pipeline.EXTRACTOR_VERSION

PATTERN_PACKAGE = "corpkg.extract"
PATTERN_DIR = ("patterns", "roles")


# --------------------------------------------------------------------------- doc extensions

def _ensure_extension(name: str, default: Any = None) -> None:
    if not Doc.has_extension(name):
        Doc.set_extension(name, default=default)


_ensure_extension("passage_start", 0)
_ensure_extension("roles_context", None)


class _Resolver(Protocol):  # the part of EntityIndex the roles use
    def resolve(self, name: str) -> Any: ...


@dataclass
class RoleContext:
    """Facts about the filing that a passage cannot know by itself."""

    issuer_key: str | None = None
    document: Document | None = None
    index: _Resolver | None = None  # EntityIndex-like: resolve(name) -> Entity | None
    form_type: str | None = None
    report_date: str | None = None  # ISO date of the report (8-K date of report, signature date)
    defined_terms: dict[str, str] = field(default_factory=dict)  # term as printed ("Lender") -> entity key
    signer_key: str | None = None  # who signs when not the issuer (a schedule's filed-by party)
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # per-filing values rules compute once

    def resolve_key(self, name: str) -> str | None:
        n = _RX["leading_article"].sub("", name.strip()).lower()
        for term, key in self.defined_terms.items():
            if term.lower() == n:
                return key
        if self.index is None:
            return None
        try:
            ent = self.index.resolve(name)
        except Exception:  # a resolver's failure must not lose the passage
            return None
        return getattr(ent, "key", None) if ent is not None else None

    def section_title(self, offset: int) -> str | None:
        if self.document is None:
            return None
        sec = self.document.section_at(offset)
        return sec.title if sec else None

    @property
    def is_8k(self) -> bool:
        return bool(self.form_type) and (self.form_type or "").upper().startswith("8-K")


# --------------------------------------------------------------------------- pattern data

def pattern_files() -> list[str]:
    """Names of every data file under extract/patterns/roles/."""
    base = resources.files(PATTERN_PACKAGE).joinpath(*PATTERN_DIR)
    return sorted(p.name for p in base.iterdir() if p.name.endswith((".json", ".jsonl", ".tsv")))


def _read(name: str) -> str:
    return resources.files(PATTERN_PACKAGE).joinpath(*PATTERN_DIR, name).read_text(encoding="utf-8")


@cache
def load_json(name: str) -> Any:
    return json.loads(_read(name))


@cache
def load_tsv(name: str) -> tuple[tuple[str, ...], ...]:
    rows = []
    for line in _read(name).splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rows.append(tuple(c.strip() for c in line.split("\t")))
    return tuple(rows)


_GROUP_OPEN, _ALTERNATION, _GROUP_CLOSE = "(?:", "|", ")"  # a regex group of alternatives, as data joins them


def _alternatives(phrases: Sequence[str]) -> str:
    """``phrases`` (each itself a regex) as one non-capturing group, in the order given."""
    return _GROUP_OPEN + _ALTERNATION.join(phrases) + _GROUP_CLOSE


def longest_first(phrases: Iterable[str]) -> str:
    """One non-capturing regex group of ``phrases`` (each itself a regex), longest first;
    phrases of equal length keep their order in the file (nothing is de-duplicated)."""
    return _alternatives(sorted(phrases, key=len, reverse=True))


def group_builder(name: str) -> Callable[[str], str]:
    """For a role's JSON pattern file: ``key -> longest_first(file[key])``, the group builder
    each role module calls ``_alt``."""
    data = load_json(name)

    def group(key: str) -> str:
        return longest_first(data[key])

    return group


def prefilter_of(name: str) -> re.Pattern[str]:
    """A role's cheap passage test: the ``prefilter`` regexes of its JSON pattern file as one
    case-insensitive alternation."""
    return re.compile(_ALTERNATION.join(load_json(name)["prefilter"]), re.I)


def compile_alternation(phrases: Iterable[str], *, flags: int = re.I) -> re.Pattern[str]:
    """One regex matching any of ``phrases`` (each itself a regex), longest first."""
    return re.compile(_alternatives(sorted(set(phrases), key=len, reverse=True)), flags)


@cache
def role_patterns(name: str) -> dict[str, re.Pattern[str]]:
    """A role's JSON pattern file compiled: every key holding a list of regexes becomes one
    alternation (case-insensitive unless the key ends with ``_cs``)."""
    data = load_json(name)
    out: dict[str, re.Pattern[str]] = {}
    for key, value in data.items():
        if key.startswith("_") or not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            continue
        out[key] = compile_alternation(value, flags=0 if key.endswith("_cs") else re.I)
    return out


# --------------------------------------------------------------------------- regexes and numbers as data
#
# Besides its top-level lists of alternatives, a role's pattern file holds its whole regexes and the
# numbers its rules use, in sections (each with a "_doc" object explaining every key):
#   "regex"      name -> regex, compiled once at import (regexes(name)); flags are inline, e.g. "(?i)";
#   "fragments"  name -> a piece of regex shared by several regexes (not compiled alone);
#   "templates"  name -> a regex with run-time slots "{{$slot}}" (template(name, key).compile(slot=...));
#   "windows"    name -> a character window, gap or length (int);
#   "limits"     name -> a count (int);
#   "thresholds" name -> a number compared with a parsed value, e.g. a percentage (float);
#   "scores"     name -> a confidence recorded on evidence (float).
# In a regex, fragment or template, "{{key}}" stands for the file's list ``key`` as one
# non-capturing group of its alternatives, longest first (as group_builder), "{{key:in_order}}"
# for the same group in file order, and "{{name}}" for the fragment ``name``.

SECTIONS = ("regex", "fragments", "templates", "windows", "limits", "thresholds", "scores")
"""The sections a role's pattern file may hold besides its lists (see :func:`regexes`)."""

def section(name: str, section_name: str) -> dict[str, Any]:
    """The entries of section ``section_name`` of pattern file ``name`` (without its "_doc")."""
    if section_name not in SECTIONS:
        raise ValueError(f"{name}: unknown section {section_name!r}; the sections are {', '.join(SECTIONS)}")
    value = load_json(name).get(section_name, {})
    if not isinstance(value, dict):
        raise ValueError(f"{name}: section {section_name!r} must be an object of name -> value, found {type(value).__name__}")
    return {k: v for k, v in value.items() if not k.startswith("_")}


def _slot(name: str, slot: str, seen: tuple[str, ...]) -> str:
    if slot.startswith("$"):
        return "{{" + slot + "}}"  # a run-time slot, filled by RegexTemplate.compile
    key, _, how = slot.partition(":")
    fragments = section(name, "fragments")
    if key in fragments and not how:
        if key in seen:
            raise ValueError(f"{name}: fragment {key!r} includes itself ({' -> '.join((*seen, key))})")
        return expand(name, fragments[key], (*seen, key))
    value = load_json(name).get(key)
    if isinstance(value, list) and all(isinstance(v, str) for v in value) and how in ("", "in_order"):
        return _alternatives(value) if how else longest_first(value)
    lists = sorted(k for k, v in load_json(name).items() if isinstance(v, list) and not k.startswith("_"))
    raise ValueError(f"{name}: the slot {{{{{slot}}}}} names no list or fragment of the file "
                     f"(lists: {', '.join(lists)}; fragments: {', '.join(sorted(fragments)) or 'none'}); "
                     "write {{list}}, {{list:in_order}}, {{fragment}} or {{$slot}}")


def expand(name: str, template: str, seen: tuple[str, ...] = ()) -> str:
    """``template`` (a regex of pattern file ``name``) with its ``{{...}}`` slots replaced by the
    file's lists and fragments; run-time slots ``{{$slot}}`` are left in place."""
    out: list[str] = []
    pos = 0
    while (i := template.find("{{", pos)) >= 0:
        j = template.find("}}", i + 2)
        if j < 0:
            raise ValueError(f"{name}: '{{{{' without '}}}}' in {template!r}")
        out += [template[pos:i], _slot(name, template[i + 2 : j], seen)]
        pos = j + 2
    out.append(template[pos:])
    return "".join(out)


@cache
def regexes(name: str) -> dict[str, re.Pattern[str]]:
    """The "regex" section of pattern file ``name``, expanded and compiled (once: modules call
    this at import)."""
    out: dict[str, re.Pattern[str]] = {}
    for key, template in section(name, "regex").items():
        source = expand(name, template)
        try:
            out[key] = re.compile(source)
        except re.error as e:
            raise ValueError(f"{name}: regex {key!r} does not compile ({e}): {source!r}") from e
    return out


def fragment(name: str, key: str) -> str:
    """The fragment ``key`` of pattern file ``name``, expanded (a piece of regex, e.g. a separator)."""
    return expand(name, section(name, "fragments")[key], (key,))


@dataclass(frozen=True)
class RegexTemplate:
    """A regex of a pattern file with run-time slots ("{{$term}}"), e.g. a defined term escaped."""

    source: str

    def fill(self, **values: str) -> str:
        """The regex text with each ``{{$slot}}`` replaced by ``values[slot]`` (values are regex
        text: escape literal strings with ``re.escape``)."""
        text = self.source
        for slot, value in values.items():
            text = text.replace("{{$" + slot + "}}", value)
        if "{{$" in text:
            raise ValueError(f"a run-time slot is left unfilled in {text!r} (filled: {', '.join(values) or 'none'})")
        return text

    def compile(self, **values: str) -> re.Pattern[str]:
        """:meth:`fill`, compiled through ``re``'s own cache."""
        return re.compile(self.fill(**values))


@cache
def template(name: str, key: str) -> RegexTemplate:
    """The template ``key`` of pattern file ``name`` (section "templates"), its lists and fragments expanded."""
    return RegexTemplate(expand(name, section(name, "templates")[key]))


def _numbers(name: str, section_name: str, kind: type) -> dict[str, Any]:
    values = section(name, section_name)
    for key, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind is int and not isinstance(value, int)):
            raise ValueError(f"{name}: {section_name}.{key} must be {'an integer' if kind is int else 'a number'}, "
                             f"found {value!r}")
    return {k: kind(v) for k, v in values.items()}


@cache
def windows(name: str) -> dict[str, int]:
    """Section "windows" of pattern file ``name``: character windows, gaps and lengths."""
    return _numbers(name, "windows", int)


@cache
def limits(name: str) -> dict[str, int]:
    """Section "limits" of pattern file ``name``: counts."""
    return _numbers(name, "limits", int)


@cache
def thresholds(name: str) -> dict[str, float]:
    """Section "thresholds" of pattern file ``name``: numbers compared with parsed values (percentages, points)."""
    return _numbers(name, "thresholds", float)


@cache
def scores(name: str) -> dict[str, float]:
    """Section "scores" of pattern file ``name``: confidences recorded on evidence."""
    return _numbers(name, "scores", float)


COMMON = "common.json"
_RX = regexes(COMMON)
_WINDOWS = windows(COMMON)
_SCORES = scores(COMMON)
_THRESHOLDS = thresholds(COMMON)
RULE_CONFIDENCE = _SCORES["rule"]
"""The confidence a rule's evidence records unless the rule says otherwise."""


# --------------------------------------------------------------------------- dates

_MONTHS = {
    m: i
    for i, names in enumerate(
        [
            ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
            ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
            ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"), ("december", "dec"),
        ],
        start=1,
    )
    for m in names
}
_DATE_RE = _RX["date"]


def _iso(y: int, m: int, d: int | None) -> str | None:
    import datetime

    if not (1 <= m <= 12):
        return None
    if d is None:
        return f"{y:04d}-{m:02d}"
    try:
        return datetime.date(y, m, d).isoformat()
    except ValueError:
        return None


def _month(name: str) -> int:
    return _MONTHS[name.lower().rstrip(".")]


def find_dates(text: str) -> list[tuple[int, int, str]]:
    """Every date in ``text`` as (start, end, ISO) — ``YYYY-MM-DD``, or ``YYYY-MM`` when only
    month and year are printed."""
    out = []
    for m in _DATE_RE.finditer(text):
        g = m.groupdict()
        if g["mdy"]:
            iso = _iso(int(g["y1"]), _month(g["m1"]), int(g["d1"]))
        elif g["dmy"]:
            iso = _iso(int(g["y2"]), _month(g["m2"]), int(g["d2"]))
        elif g["my"]:
            if g["m3"].lower().rstrip(".") == "may" and not _RX["may_capitalised"].match(g["m3"]):
                continue
            iso = _iso(int(g["y3"]), _month(g["m3"]), None)
        elif g["iso"]:
            iso = _iso(int(g["y4"]), int(g["m4"]), int(g["d4"]))
        else:
            y = int(g["y5"])
            if y < 100:
                y += 2000 if y < _THRESHOLDS["two_digit_year_pivot"] else 1900
            iso = _iso(y, int(g["m5"]), int(g["d5"]))
        if iso:
            out.append((m.start(), m.end(), iso))
    return out


def parse_date(text: str) -> str | None:
    """The first date in ``text`` as ISO, or None."""
    found = find_dates(text)
    return found[0][2] if found else None


def date_at(text: str, pos: int, window: int, slack: int = 0) -> str | None:
    """The date printed right at ``pos`` ("filed on |March 3, 2003"), as ISO: the first date
    of ``text[pos : pos + window]`` when it starts at most ``slack`` characters after ``pos``."""
    found = find_dates(text[pos : pos + window])
    return found[0][2] if found and found[0][0] <= slack else None


# --------------------------------------------------------------------------- money, percentages

_SCALE = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12, "mm": 10**6, "m": 10**6, "bn": 10**9, "k": 10**3}
_MONEY_RE = _RX["money"]
_CURRENCY = {"$": "USD", "us$": "USD", "u.s.$": "USD", "usd": "USD", "€": "EUR", "eur": "EUR", "£": "GBP"}


def _decimal(num: str, scale: int = 1) -> str:
    from decimal import Decimal

    value = Decimal(num.replace(",", "")) * scale
    text = format(value.normalize(), "f")
    return text


def find_money(text: str) -> list[tuple[int, int, str, str]]:
    """Every money amount as (start, end, plain decimal string, ISO currency)."""
    out = []
    for m in _MONEY_RE.finditer(text):
        cur = _CURRENCY.get(m.group("cur").lower().replace(" ", ""), "USD")
        scale = _SCALE[m.group("scale").lower()] if m.group("scale") else 1
        out.append((m.start(), m.end(), _decimal(m.group("num"), scale), cur))
    return out


def parse_money(text: str) -> tuple[str, str] | None:
    found = find_money(text)
    return (found[0][2], found[0][3]) if found else None


_PERCENT_RE = _RX["percent"]


def find_percents(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), _decimal(m.group("num"))) for m in _PERCENT_RE.finditer(text)]


# --------------------------------------------------------------------------- titles

@lru_cache(maxsize=1)
def _title_table() -> tuple[re.Pattern[str], dict[str, tuple[str, ...]]]:
    variants: dict[str, list[str]] = {}
    for row in load_tsv("titles.tsv"):
        canonical, printed = row[0], row[1]
        variants.setdefault(printed.lower(), [])
        if canonical not in variants[printed.lower()]:
            variants[printed.lower()].append(canonical)
    gap = fragment(COMMON, "title_word_gap")
    not_abbreviations = set(load_json(COMMON)["title_not_abbreviations"])
    alts = []
    for printed in variants:
        words = [re.escape(w) for w in printed.split()]
        body = gap.join(words)
        # upper-case abbreviations (CEO, CFO, VP) only as written in capitals
        if printed.isalpha() and len(printed) <= _WINDOWS["title_abbreviation_length"] and printed not in not_abbreviations:
            body = template(COMMON, "title_abbreviation").fill(words=gap.join(re.escape(w.upper()) for w in printed.split()))
        alts.append((len(printed), body))
    alts.sort(key=lambda a: -a[0])
    pattern = template(COMMON, "title_phrase").compile(phrases=_ALTERNATION.join(b for _, b in alts))
    return pattern, {k: tuple(v) for k, v in variants.items()}


def _functional_after() -> re.Pattern[str]:
    return regexes("officers.json")["functional_after"]


def find_titles(text: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """Title phrases in ``text``: (start, end, canonical titles).  Longest variant wins; a
    functional "Director of Marketing" is not a board seat."""
    pattern, table = _title_table()
    functional = _functional_after()
    out = []
    for m in pattern.finditer(text):
        key = _RX["whitespace"].sub(" ", m.group(0)).lower()
        canon = table.get(key)
        if not canon:
            continue
        if canon == ("Director",) and key == "director" and functional.match(text, m.end()):
            continue
        out.append((m.start(), m.end(), canon))
    return out


def normalise_titles(text: str) -> list[str]:
    """Canonical titles named in a printed title such as "President, Chief Executive Officer
    and Director" → ["President", "Chief Executive Officer", "Director"]."""
    seen: list[str] = []
    for _, _, canon in find_titles(text):
        for c in canon:
            if c not in seen:
                seen.append(c)
    return seen


# --------------------------------------------------------------------------- sentences

_ABBREV = frozenset(load_json(COMMON)["sentence_abbreviations"])
_LEGAL_SUFFIX = frozenset(load_json(COMMON)["sentence_legal_suffixes"])
_STARTERS = frozenset(load_json(COMMON)["sentence_starters"])
_SENT_END = _RX["sentence_end"]


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans (start, end) of a passage, without surrounding whitespace.  Periods of
    abbreviations, initials and legal suffixes ("Inc.", "J.", "Jr.") do not end a sentence;
    semicolons and blank lines do."""
    spans = []
    start = 0
    for m in _SENT_END.finditer(text):
        if text[m.start()] == ".":
            if m.start() > 0 and text[m.start() - 1] == ",":  # "Inc,." - a typo, not a sentence end
                continue
            word = _RX["last_word"].search(text[start : m.start()])
            if word:
                w = word.group(1).lower().rstrip(".")
                if w in _ABBREV or (len(w) == 1 and word.group(1)[0].isupper() and not designated_letter(text, start + word.start(1))) \
                        or _RX["initialism"].fullmatch(w):
                    nxt = _RX["next_word"].match(text[m.end() :])
                    if not (w in _LEGAL_SUFFIX and nxt and nxt.group(1).lower() in _STARTERS):
                        continue
        end = m.start() + 1 if text[m.start()] in ".!?;:" else m.start()
        spans.append((start, end))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for a, b in spans:
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            out.append((a, b))
    return out


# --------------------------------------------------------------------------- mentions

@dataclass(frozen=True)
class Mention:
    """An entity mention in a passage (offsets relative to the passage text)."""

    start: int
    end: int
    key: str
    label: str  # ORG | PERSON
    text: str
    pronoun: bool = False  # "we", "the Company" ... standing for the issuer


_ISSUER_REF = _RX["issuer_reference"]
_ISSUER_REF_CS = _RX["issuer_reference_shape"]
_DEFINED_TERM = template(COMMON, "defined_term")


class Passage:
    """A passage Doc with its mentions, sentences and context, and the means to cite it."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.text: str = doc_text(doc)
        self.start: int = int(doc._.passage_start or 0)
        self.ctx: RoleContext = doc._.roles_context or RoleContext()
        ments = []
        for ent in doc.ents:
            if ent.label_ not in ("ORG", "PERSON") or not ent.kb_id_:
                continue
            ments.append(Mention(ent.start_char, ent.end_char, ent.kb_id_, ent.label_, ent.text))
        if self.ctx.issuer_key:
            taken = [(m.start, m.end) for m in ments]
            for m in _ISSUER_REF.finditer(self.text):
                if not _ISSUER_REF_CS.match(m.group(0)):
                    continue
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                ments.append(Mention(m.start(), m.end(), self.ctx.issuer_key, "ORG", m.group(0), pronoun=True))
        if self.ctx.defined_terms:
            taken = [(m.start, m.end) for m in ments]
            for term, key in self.ctx.defined_terms.items():
                for m in _DEFINED_TERM.compile(term=re.escape(term)).finditer(self.text):
                    if any(a < m.end() and m.start() < b for a, b in taken):
                        continue
                    ments.append(Mention(m.start(), m.end(), key, "ORG", m.group(0), pronoun=False))
                    taken.append((m.start(), m.end()))
        self.mentions: list[Mention] = sorted(ments, key=lambda m: (m.start, m.end))
        self._sentences: list[tuple[int, int]] | None = None

    @property
    def sentences(self) -> list[tuple[int, int]]:
        if self._sentences is None:
            self._sentences = split_sentences(self.text)
        return self._sentences

    def mentions_in(self, a: int, b: int, label: str | None = None, *, pronouns: bool = True) -> list[Mention]:
        return [
            m
            for m in self.mentions
            if m.start >= a and m.end <= b and (label is None or m.label == label) and (pronouns or not m.pronoun)
        ]

    def sentence_of(self, offset: int) -> tuple[int, int]:
        for a, b in self.sentences:
            if a <= offset < b:
                return a, b
        return 0, len(self.text)

    def previous_sentence(self, a: int) -> tuple[int, int] | None:
        prev = None
        for s in self.sentences:
            if s[0] >= a:
                break
            prev = s
        return prev

    def evidence(self, a: int, b: int, extractor: str, confidence: float = RULE_CONFIDENCE) -> Evidence:
        while a < b and self.text[a].isspace():
            a += 1
        while b > a and self.text[b - 1].isspace():
            b -= 1
        start = self.start + a
        return Evidence(
            quote=self.text[a:b],
            start=start,
            end=self.start + b,
            section=self.ctx.section_title(start),
            extractor=extractor,
            confidence=confidence,
        )

    def fact(
        self,
        role: str,
        participants: Sequence[tuple[str, str]],
        attributes: Sequence[tuple[str, str]],
        span: tuple[int, int],
        extractor: str,
        confidence: float = RULE_CONFIDENCE,
    ) -> Fact:
        parts = tuple(dict.fromkeys(participants))
        attrs = tuple(dict.fromkeys((n, v) for n, v in attributes if v))
        return Fact(role=role, participants=parts, attributes=attrs,
                    evidence=(self.evidence(span[0], span[1], extractor, confidence),))


def lists_between(p: Passage, a: int, b: int, label: str | None = None) -> list[Mention]:
    """Mentions between a and b that form an enumeration ("A, B and C"): the mentions whose
    gaps contain only commas, "and", "or", "&", "as well as" and whitespace."""
    ms = p.mentions_in(a, b, label)
    return ms


_LIST_GAP = _RX["enumeration_gap"]
_DEFINITION_AFTER = _RX["definition_after"]


def member_end(text: str, m: Mention) -> int:
    """Where an enumeration member ends: after the defined term printed right after it, if any
    ("Blue Quarry Sales, LLC (“BQ Sales”)")."""
    d = _DEFINITION_AFTER.match(text, m.end)
    return d.end() if d else m.end


def quoted_term(text: str, m: Mention) -> bool:
    """A defined term in its own definition ('(the “Company”)'): it names the party before it."""
    return text[max(0, m.start - 1) : m.start] in ("\"", "“") and text[m.end : m.end + 1] in ("\"", "”")


def enumeration_from(p: Passage, first: Mention, limit: int, label: str | None = None,
                     gap_pattern: re.Pattern[str] | None = None) -> list[Mention]:
    """``first`` and the mentions that continue an enumeration after it, up to ``limit``; a member's
    defined term ("A (“BQ Sales”), B and C") is part of the member. ``gap_pattern`` (anchored at both
    ends) replaces the common list gap where a list allows more between its members ("B (Chair), C")."""
    out = [first]
    cur = first
    cur_end = member_end(p.text, first)
    for m in p.mentions:
        if m.start < cur_end or m.end > limit or quoted_term(p.text, m):
            continue
        if label and m.label != label:
            break
        gap = p.text[cur_end : m.start]
        if (gap_pattern or _LIST_GAP).match(gap):
            out.append(m)
            cur = m
            cur_end = member_end(p.text, cur)
        else:
            break
    return out


def enumeration_before(p: Passage, last: Mention, floor: int, label: str | None = None) -> list[Mention]:
    """``last`` and the mentions of the enumeration ending with it, not before ``floor``."""
    out = [last]
    cur = last
    for m in reversed(p.mentions):
        if m.end > cur.start or m.start < floor or quoted_term(p.text, m):
            continue
        if label and m.label != label:
            break
        gap = p.text[member_end(p.text, m) : cur.start]
        if _LIST_GAP.match(gap):
            out.insert(0, m)
            cur = m
        else:
            break
    return out


# --------------------------------------------------------------------------- merging

@lru_cache(maxsize=1)
def _fact_key_slots() -> dict[str, tuple[str, ...] | None]:
    """Role -> the slots that define a fact of it (same values = the same fact), as each role's
    ontology file declares them: the ends of the role's primary edge; None for a role whose
    parties are scored by side (a proceeding: the same parties make the same fact)."""
    from corpkg.ontology.registry import roles

    out: dict[str, tuple[str, ...] | None] = {}
    for spec in roles():
        if spec.score_mode == "sides":
            out[spec.name] = None
        elif spec.edge_source and spec.edge_target:
            out[spec.name] = (spec.edge_source, spec.edge_target)
    return out


_SINGLE_VALUED = {"startDate", "endDate", "date", "percentage", "jurisdiction", "status", "amount", "currency",
                  "filedOn", "court", "caseNumber", "maturityDate", "kind", "survivor", "endReason"}


def merge_facts(facts: Iterable[Fact]) -> list[Fact]:
    """Merge facts of the same role with the same defining participants (owner/owned,
    holder/organization, lender/borrower, acquirer/target; proceedings by identical party
    sets; a fact with one of those ends unnamed, such as a facility of unnamed lenders, by all its
    parties, so that two agents' facilities of one borrower stay apart): participants and
    attributes united, evidence concatenated.  A single-valued
    attribute keeps its first value; positions are kept apart by ``status`` (a former and a
    current seat of the same person are two facts)."""
    first: dict[tuple[Any, ...], Fact] = {}  # in order of first appearance
    unions: dict[tuple[Any, ...], _Union] = {}  # the keys met again: what their facts unite to
    for f in facts:
        known = _fact_key_slots()
        slots = known.get(f.role)
        key: tuple[Any, ...]
        if f.role not in known:
            key = (f.role, f.participants, f.attributes, f.evidence)
        elif slots is None:
            key = (f.role, tuple(sorted(f.participants)))  # parties by side: the same parties, the same fact
        else:  # current and former positions stay apart (status)
            ends: tuple[Any, ...] = tuple(tuple(sorted(f.participant(s))) for s in slots)
            if not all(ends):  # an end unnamed ("a syndicate of banks"): only the same parties all round are one fact
                ends = (ends, tuple(sorted(f.participants)))
            key = (f.role, ends, tuple(f.attribute("status")))
        if key not in first:
            first[key] = f
            continue
        union = unions.get(key)
        if union is None:
            union = unions[key] = _Union(first[key])
        union.add(f)
    return [unions[k].fact() if k in unions else f for k, f in first.items()]


class _Union:
    """Facts of one key united (see :func:`merge_facts`), kept as dicts and sets while they grow, so
    that a fact told a thousand times in a huge filing costs a thousand steps, not a million."""

    def __init__(self, f: Fact) -> None:
        self.role = f.role
        self.participants = dict.fromkeys(f.participants)
        self.attributes = list(f.attributes)
        self.seen = set(f.attributes)
        self.names = {n for n, _ in f.attributes}
        self.evidence = dict.fromkeys(f.evidence)

    def add(self, f: Fact) -> None:
        self.participants.update(dict.fromkeys(f.participants))
        for n, v in f.attributes:
            if (n, v) in self.seen or (n in _SINGLE_VALUED and n in self.names):
                continue
            self.attributes.append((n, v))
            self.seen.add((n, v))
            self.names.add(n)
        self.evidence.update(dict.fromkeys(f.evidence))

    def fact(self) -> Fact:
        return Fact(role=self.role, participants=tuple(self.participants), attributes=tuple(self.attributes),
                    evidence=tuple(self.evidence))


def sentence_date(p: Passage, a: int, b: int) -> str | None:
    """The first full or month date of sentence [a, b), else the date that opens the passage
    ("On January 3, 2002, X announced ... "), else None."""
    found = find_dates(p.text[a:b])
    if found:
        return found[0][2]
    return None


def lead_date(p: Passage, before: int) -> str | None:
    """The date an earlier sentence of the passage opens with ("On March 15, 2002, ...")."""
    for a, b in p.sentences:
        if a >= before:
            break
        m = _RX["lead_date_opener"].match(p.text[a:b])
        if m:
            date = date_at(p.text, a + m.end(), _WINDOWS["lead_date"])
            if date:
                return date
    return None


def event_date(p: Passage, a: int, b: int, *, report_month: bool = True) -> str | None:
    """The date of the event told in sentence [a, b): the sentence's first date, else the date
    an earlier sentence of the passage opens with (:func:`lead_date`), else — in an 8-K, when
    ``report_month`` — the report month (an 8-K reports events of its report month)."""
    found = find_dates(p.text[a:b])
    date = found[0][2] if found else lead_date(p, a)
    if date is None and report_month and p.ctx.is_8k and p.ctx.report_date:
        date = p.ctx.report_date[:7]
    return date


def span_of(ms: Sequence[Mention]) -> tuple[int, int]:
    return min(m.start for m in ms), max(m.end for m in ms)


def unique_keys(ms: Iterable[Mention], exclude: Iterable[str] = ()) -> list[str]:
    ex = set(exclude)
    return [k for k in dict.fromkeys(m.key for m in ms) if k not in ex]


Extractor = Callable[[Passage], list[Fact]]


def iter_matches(pattern: re.Pattern[str], text: str, a: int = 0, b: int | None = None) -> Iterator[re.Match[str]]:
    return pattern.finditer(text, a, len(text) if b is None else b)


def junk_party_name(text: str) -> bool:
    """A mention no party of an agreement or a loan can be: a bare legal suffix or a year at its start
    ("L.P.", "2025 Among X"), a capacity run into it ("FIRST HORIZON BANK, executing"), an unbalanced
    parenthesis ("Original Parties)"), a facility's tranche ("Facility C"), capacities ("Lender and a U.S.
    Lender") or a place ("Jakarta")."""
    if not text:
        return False
    return bool(_RX["junk_party"].search(text)) or (text.count(")") > text.count("(")) \
        or " ".join(text.lower().split()) in lexicon().places

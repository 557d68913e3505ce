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
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

from spacy.tokens import Doc

from corpkg import __version__
from corpkg.extract.model import Document, Evidence, Fact

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

    def resolve_key(self, name: str) -> str | None:
        n = re.sub(r"^(?:the|a|an)\s+", "", name.strip(), flags=re.I).lower()
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
        return bool(self.form_type) and self.form_type.upper().startswith("8-K")


# --------------------------------------------------------------------------- pattern data

def pattern_files() -> list[str]:
    """Names of every data file under extract/patterns/roles/."""
    base = resources.files(PATTERN_PACKAGE).joinpath(*PATTERN_DIR)
    return sorted(p.name for p in base.iterdir() if p.name.endswith((".json", ".jsonl", ".tsv")))


def _read(name: str) -> str:
    return resources.files(PATTERN_PACKAGE).joinpath(*PATTERN_DIR, name).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def load_json(name: str) -> Any:
    return json.loads(_read(name))


@lru_cache(maxsize=None)
def load_tsv(name: str) -> tuple[tuple[str, ...], ...]:
    rows = []
    for line in _read(name).splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rows.append(tuple(c.strip() for c in line.split("\t")))
    return tuple(rows)


def longest_first(phrases: Iterable[str]) -> str:
    """One non-capturing regex group of ``phrases`` (each itself a regex), longest first;
    phrases of equal length keep their order in the file (nothing is de-duplicated)."""
    return "(?:" + "|".join(sorted(phrases, key=len, reverse=True)) + ")"


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
    return re.compile("|".join(load_json(name)["prefilter"]), re.I)


def compile_alternation(phrases: Iterable[str], *, flags: int = re.I) -> re.Pattern[str]:
    """One regex matching any of ``phrases`` (each itself a regex), longest first."""
    alts = sorted(set(phrases), key=len, reverse=True)
    return re.compile("(?:" + "|".join(alts) + ")", flags)


@lru_cache(maxsize=None)
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
_MONTH_RE = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)"
)
_DATE_RE = re.compile(
    r"(?P<mdy>(?P<m1>" + _MONTH_RE + r")\s*(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(?P<y1>(?:19|20)\d\d))"
    r"|(?P<dmy>(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?P<m2>" + _MONTH_RE + r")\s*,?\s*(?P<y2>(?:19|20)\d\d))"
    r"|(?P<my>(?P<m3>" + _MONTH_RE + r")\s*,?\s*(?P<y3>(?:19|20)\d\d))"
    r"|(?P<iso>(?P<y4>(?:19|20)\d\d)-(?P<m4>\d\d)-(?P<d4>\d\d))"
    r"|(?P<num>(?P<m5>\d{1,2})/(?P<d5>\d{1,2})/(?P<y5>(?:19|20)?\d\d))\b",
    re.I,
)


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
            if g["m3"].lower().rstrip(".") == "may" and not re.match(r"May\b", g["m3"]):
                continue
            iso = _iso(int(g["y3"]), _month(g["m3"]), None)
        elif g["iso"]:
            iso = _iso(int(g["y4"]), int(g["m4"]), int(g["d4"]))
        else:
            y = int(g["y5"])
            if y < 100:
                y += 2000 if y < 50 else 1900
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
_MONEY_RE = re.compile(
    r"(?P<cur>US\$|U\.S\.\s?\$|\$|€|£|EUR\s?|USD\s?)\s?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s*(?P<scale>thousand|million|billion|trillion|mm|bn)\b)?",
    re.I,
)
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


_PERCENT_RE = re.compile(r"(?P<num>\d+(?:\.\d+)?)\s?(?:%|percent\b|per\s+cent\b)", re.I)


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
    alts = []
    for printed in variants:
        words = [re.escape(w) for w in printed.split()]
        body = r"\s+".join(words)
        # upper-case abbreviations (CEO, CFO, VP) only as written in capitals
        if printed.isalpha() and len(printed) <= 4 and printed not in ("chair",):
            body = "(?-i:" + r"\s+".join(re.escape(w.upper()) for w in printed.split()) + ")"
        alts.append((len(printed), body))
    alts.sort(key=lambda a: -a[0])
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(b for _, b in alts) + r")(?![\w-])", re.I)
    return pattern, {k: tuple(v) for k, v in variants.items()}


def _functional_after() -> re.Pattern[str]:
    words = load_json("officers.json")["functional_departments"]
    return re.compile(r"\s+(?:of|for)\s+(?:" + "|".join(words) + r")\b", re.I)


def find_titles(text: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """Title phrases in ``text``: (start, end, canonical titles).  Longest variant wins; a
    functional "Director of Marketing" is not a board seat."""
    pattern, table = _title_table()
    functional = _functional_after()
    out = []
    for m in pattern.finditer(text):
        key = re.sub(r"\s+", " ", m.group(0)).lower()
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

_ABBREV = {
    "inc", "corp", "co", "ltd", "llc", "l.l.c", "lp", "l.p", "llp", "n.a", "plc", "s.a", "b.v", "n.v", "ag", "bros",
    "mr", "mrs", "ms", "dr", "jr", "sr", "st", "no", "nos", "vs", "v", "u.s", "u.s.a", "e.g", "i.e", "etc", "approx",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "dept", "div", "assoc", "intl",
    "cal", "del", "fla", "ill", "mass", "mich", "minn", "penn", "tex", "va", "wash", "wis", "ariz", "colo", "conn",
}
_LEGAL_SUFFIX = {"inc", "corp", "co", "ltd", "llc", "l.l.c", "lp", "l.p", "llp", "n.a", "plc", "s.a", "b.v", "n.v", "ag", "jr", "sr"}
_STARTERS = {
    "the", "this", "that", "these", "those", "on", "in", "as", "at", "for", "from", "during", "pursuant", "under",
    "upon", "following", "after", "before", "we", "our", "it", "its", "such", "each", "both", "all", "no", "neither",
    "however", "additionally", "also", "accordingly", "further", "furthermore", "moreover", "subsequently",
    "thereafter", "since", "while", "when", "if", "although", "because", "by", "with", "management", "there", "he",
    "she", "they", "his", "her", "their", "see", "effective", "in", "any", "an", "a", "one", "two", "prior", "until",
}
_SENT_END = re.compile(r"[.!?;][\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n\s*\n|:\s*\n")


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
            word = re.search(r"([A-Za-z][A-Za-z.]*)$", text[start : m.start()])
            if word:
                w = word.group(1).lower().rstrip(".")
                if w in _ABBREV or (len(w) == 1 and word.group(1)[0].isupper()) or re.fullmatch(r"(?:[a-z]\.)+[a-z]", w):
                    nxt = re.match(r"[\"'(\[]?([A-Za-z]+)", text[m.end() :])
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


_ISSUER_REF = re.compile(
    r"\b(?:we|us|our|ours|ourselves|the\s+Company|the\s+company|the\s+Registrant|the\s+registrant|"
    r"the\s+Corporation|the\s+Issuer|the\s+issuer|the\s+Partnership|the\s+Fund|the\s+Trust|the\s+Bank|"
    r"the\s+Bancorp|the\s+Holding\s+Company)(?:'s|’s)?(?![\w-])",
    re.I,
)
_ISSUER_REF_CS = re.compile(r"^(?:We|Us|Our|Ours|we|us|our|ours|ourselves|[Tt]he\s+\w+(?:\s+\w+)?)(?:'s|’s)?$")


class Passage:
    """A passage Doc with its mentions, sentences and context, and the means to cite it."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.text: str = doc.text
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
                for m in re.finditer(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])", self.text):
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

    def evidence(self, a: int, b: int, extractor: str, confidence: float = 1.0) -> Evidence:
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
        confidence: float = 1.0,
    ) -> Fact:
        parts = tuple(dict.fromkeys(participants))
        attrs = tuple(dict.fromkeys((n, v) for n, v in attributes if v))
        return Fact(role=role, participants=parts, attributes=attrs,  # type: ignore[arg-type]
                    evidence=(self.evidence(span[0], span[1], extractor, confidence),))


def lists_between(p: Passage, a: int, b: int, label: str | None = None) -> list[Mention]:
    """Mentions between a and b that form an enumeration ("A, B and C"): the mentions whose
    gaps contain only commas, "and", "or", "&", "as well as" and whitespace."""
    ms = p.mentions_in(a, b, label)
    return ms


_LIST_GAP = re.compile(r"^(?:\s*,?\s*(?:and|or|&|as well as|and/or)?\s*|\s*,\s*)$", re.I)


def enumeration_from(p: Passage, first: Mention, limit: int, label: str | None = None) -> list[Mention]:
    """``first`` and the mentions that continue an enumeration after it, up to ``limit``."""
    out = [first]
    cur = first
    for m in p.mentions:
        if m.start < cur.end or m.end > limit:
            continue
        if label and m.label != label:
            break
        gap = p.text[cur.end : m.start]
        if _LIST_GAP.match(gap):
            out.append(m)
            cur = m
        else:
            break
    return out


def enumeration_before(p: Passage, last: Mention, floor: int, label: str | None = None) -> list[Mention]:
    """``last`` and the mentions of the enumeration ending with it, not before ``floor``."""
    out = [last]
    cur = last
    for m in reversed(p.mentions):
        if m.end > cur.start or m.start < floor:
            continue
        if label and m.label != label:
            break
        gap = p.text[m.end : cur.start]
        if _LIST_GAP.match(gap):
            out.insert(0, m)
            cur = m
        else:
            break
    return out


# --------------------------------------------------------------------------- merging

_FACT_KEY_SLOTS = {
    "subsidiary": ("owner", "owned"),
    "position": ("holder", "organization"),
    "credit": ("lender", "borrower"),
    "proceeding": ("plaintiff", "defendant"),
    "acquisition": ("acquirer", "target"),
}
_SINGLE_VALUED = {"startDate", "endDate", "date", "percentage", "jurisdiction", "status", "amount", "currency",
                  "filedOn", "court", "caseNumber", "maturityDate", "kind", "survivor", "endReason"}


def merge_facts(facts: Iterable[Fact]) -> list[Fact]:
    """Merge facts of the same role with the same defining participants (owner/owned,
    holder/organization, lender/borrower, acquirer/target; proceedings by identical party
    sets): participants and attributes united, evidence concatenated.  A single-valued
    attribute keeps its first value; positions are kept apart by ``status`` (a former and a
    current seat of the same person are two facts)."""
    order: list[tuple] = []
    merged: dict[tuple, Fact] = {}
    for f in facts:
        slots = _FACT_KEY_SLOTS.get(f.role)
        if slots is None:
            key: tuple = (f.role, f.participants, f.attributes, f.evidence)
        elif f.role == "proceeding":
            key = (f.role, tuple(sorted(f.participants)))
        elif f.role == "position":
            key = (f.role, tuple(f.participant("holder")), tuple(f.participant("organization")),
                   tuple(f.attribute("status")))
        else:
            key = (f.role, tuple(tuple(sorted(f.participant(s))) for s in slots))
        if key not in merged:
            merged[key] = f
            order.append(key)
            continue
        old = merged[key]
        parts = tuple(dict.fromkeys(old.participants + f.participants))
        attrs = list(old.attributes)
        names = {n for n, _ in attrs}
        for n, v in f.attributes:
            if (n, v) in attrs:
                continue
            if n in _SINGLE_VALUED and n in names:
                continue
            attrs.append((n, v))
            names.add(n)
        ev = tuple(dict.fromkeys(old.evidence + f.evidence))
        merged[key] = Fact(role=old.role, participants=parts, attributes=tuple(attrs), evidence=ev)
    return [merged[k] for k in order]


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
        m = re.match(r"\s*(?:On|As of|Effective|Effective as of|During|In)\s+", p.text[a:b], re.I)
        if m:
            date = date_at(p.text, a + m.end(), 40)
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

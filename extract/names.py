"""Names: the word lists under ``extract/patterns/``, name normalisation, and the small,
testable decision "is this bare name a person or an organization?".

Everything here works on strings; nothing needs spaCy.  The lists are data files (one entry per
line, ``#`` comments), loaded once and cached.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

__all__ = [
    "PATTERN_FILES",
    "Lexicon",
    "lexicon",
    "load_list",
    "normalize_name",
    "name_key",
    "strip_legal_suffix",
    "strip_honorific",
    "has_legal_suffix",
    "suffix_class",
    "classify_name",
    "is_pension_system",
    "person_parts",
    "same_first_name",
    "build_common_words",
]

Kind = Literal["Organization", "Person"]

# every data file this module (and corpkg.extract.mentions) reads; tests load each one
PATTERN_FILES = (
    "legal_suffixes.txt",
    "honorifics.txt",
    "name_suffixes.txt",
    "titles.txt",
    "org_heads.txt",
    "org_head_endings.txt",
    "segment_heads.txt",
    "non_entity_heads.txt",
    "stop_phrases.txt",
    "issuer_synonyms.txt",
    "leading_stopwords.txt",
    "product_cues.txt",
    "known_orgs.txt",
    "known_companies.txt",
    "campus_names.txt",
    "first_names.txt",
    "last_names.txt",
    "common_words.txt",
    "places.txt",
    "numbered_company_places.txt",
    "non_entity_starts.txt",
    "us_state_codes.txt",
    "nicknames.txt",
    "english_words.txt",
    "field_labels.txt",
    "public_body_heads.txt",
    "public_body_organs.txt",
    "public_body_modifiers.txt",
    "list_cue_nouns.txt",
    "suit_nouns.txt",
    "unit_nouns.txt",
    "calendar_words.txt",
    "capacity_words.txt",
    "person_capacity_words.txt",
    "deal_nouns.txt",
    "number_words.txt",
    "role_terms.txt",
    "generic_lender_words.txt",
)


def _patterns_dir() -> Path:
    return Path(str(resources.files("corpkg.extract").joinpath("patterns")))


@cache
def load_list(name: str) -> tuple[str, ...]:
    """Lines of ``extract/patterns/NAME`` without comments and blank lines (order kept)."""
    path = _patterns_dir() / name
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        out.append(line.rstrip("\n\r").strip(" "))
    if not out:
        raise ValueError(f"{path}: pattern file has no entries")
    return tuple(out)


@lru_cache(maxsize=1)
def _letter_designators() -> frozenset[str]:
    return frozenset(w.lower() for w in load_list("letter_designators.txt"))


def designated_letter(text: str, at: int) -> bool:
    """The capital letter at ``at`` names a tranche, series, class or exhibit ("Term Loan B", "Series C"):
    the word before it is a designator (data in ``letter_designators.txt``), so a period after it ends a
    sentence rather than an initial."""
    m = re.search(r"([A-Za-z]+)\s+$", text[max(0, at - 30) : at])
    return m is not None and m.group(1).lower() in _letter_designators()


@lru_cache(maxsize=1)
def gendered_honorifics() -> dict[str, str]:
    """Honorific (without period) -> "male" | "female", from ``gendered_honorifics.txt``."""
    return {h: g for h, g in (line.split() for line in load_list("gendered_honorifics.txt"))}


@dataclass(frozen=True)
class Lexicon:
    legal_suffixes: tuple[str, ...]  # as printed, longest first
    legal_suffix_keys: frozenset[str]  # lower case, periods removed
    honorifics: frozenset[str]  # lower case, period removed
    name_suffixes: frozenset[str]
    titles: tuple[str, ...]  # lower case, longest first
    org_heads: frozenset[str]  # lower case
    numbered_company_places: frozenset[str]  # simple-normalised ("bc", "ontario")
    segment_heads: frozenset[str]
    non_entity_heads: frozenset[str]
    stop_phrases: frozenset[str]
    issuer_synonyms: tuple[tuple[str, str], ...]
    leading_stopwords: frozenset[str]
    product_cues: tuple[str, ...]
    known_orgs: tuple[tuple[str, ...], ...]
    known_companies: tuple[tuple[str, ...], ...]  # whole names only, never cut out of a longer one
    first_names: frozenset[str]  # lower case
    last_names: frozenset[str]
    common_words: frozenset[str]
    places: frozenset[str]  # lower case
    non_entity_starts: frozenset[str]
    state_codes: frozenset[str]
    nicknames: frozenset[tuple[str, str]]  # (short, full), lower case
    english_words: frozenset[str]  # ordinary English words (web2, names removed)
    field_labels: frozenset[str] = frozenset()  # lower case: "name", "title" (before a colon)
    public_body_heads: frozenset[str] = frozenset()  # lower case: "office", "attorney general"
    public_body_organs: frozenset[str] = frozenset()  # lower case: "directors" (Board of Directors)
    public_body_modifiers: frozenset[str] = frozenset()  # lower case: "federal", "european"
    list_cue_nouns: tuple[str, ...] = ()  # lower case: "competitors", "customers" (a list of companies follows)
    suit_nouns: tuple[str, ...] = ()  # lower case: "complaint", "petition" (a suit against a party)
    unit_nouns: tuple[str, ...] = ()  # lower case: "segment", "platform" (after a name: a unit or product, no entity)
    calendar_words: frozenset[str] = frozenset()  # keys ("february", "feb"): months and weekdays
    capacity_words: frozenset[str] = frozenset()  # keys ("agent", "assignor"): a party's capacity, not a name
    person_capacity_words: tuple[str, ...] = ()  # lower case: "trustee", "escrow agent" (before a comma and a person)
    deal_nouns: tuple[str, ...] = ()  # lower case: "acquisition", "merger" (after a name: the deal's other party)
    number_words: tuple[tuple[str, int], ...] = ()  # ("twenty", 20), ("first", 1): a name's leading number in words
    role_terms: frozenset[str] = frozenset()  # lower case: "borrower", "wfoe" (a defined term naming a party by its role)
    generic_lender_words: frozenset[str] = frozenset()  # lower case: "investment", "state" (a kind of lender, not a name)
    org_head_endings: tuple[str, ...] = ()  # lower case: "bank", "sparkasse" ("Rabobank": one word, an organization)
    org_head_ending_exceptions: frozenset[str] = frozenset()  # lower case: "burbank" (a place that ends so)


def _key(token: str) -> str:
    return token.lower().replace(".", "").strip()


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    sfx = sorted(load_list("legal_suffixes.txt"), key=len, reverse=True)
    return Lexicon(
        legal_suffixes=tuple(sfx),
        legal_suffix_keys=frozenset(_key(s) for s in sfx),
        honorifics=frozenset(_key(s) for s in load_list("honorifics.txt")),
        name_suffixes=frozenset(_key(s) for s in load_list("name_suffixes.txt")),
        titles=tuple(sorted((t.lower() for t in load_list("titles.txt")), key=len, reverse=True)),
        org_heads=frozenset(_key(s) for s in load_list("org_heads.txt")),
        org_head_endings=tuple(x.lower() for x in load_list("org_head_endings.txt") if not x.startswith("-")),
        org_head_ending_exceptions=frozenset(x[1:].lower() for x in load_list("org_head_endings.txt") if x.startswith("-")),
        segment_heads=frozenset(_key(s) for s in load_list("segment_heads.txt")),
        non_entity_heads=frozenset(_key(s) for s in load_list("non_entity_heads.txt")),
        stop_phrases=frozenset(_simple_norm(s) for s in load_list("stop_phrases.txt")),
        issuer_synonyms=tuple(tuple(line.split("\t")[:2]) for line in load_list("issuer_synonyms.txt")),  # type: ignore[misc]
        leading_stopwords=frozenset(load_list("leading_stopwords.txt")),
        product_cues=tuple(sorted(load_list("product_cues.txt"), key=len, reverse=True)),
        known_orgs=tuple(tuple(p for p in line.split("\t") if p) for line in load_list("known_orgs.txt")),
        known_companies=tuple(tuple(p for p in line.split("\t") if p) for line in load_list("known_companies.txt")),
        first_names=frozenset(s.lower() for s in load_list("first_names.txt")),
        last_names=frozenset(s.lower() for s in load_list("last_names.txt")),
        common_words=frozenset(s.split()[0].lower() for s in load_list("common_words.txt")),
        places=frozenset(_simple_norm(s) for s in load_list("places.txt")),
        numbered_company_places=frozenset(_simple_norm(s) for s in load_list("numbered_company_places.txt")),
        non_entity_starts=frozenset(load_list("non_entity_starts.txt")),
        state_codes=frozenset(load_list("us_state_codes.txt")),
        english_words=frozenset(load_list("english_words.txt")),
        nicknames=frozenset(tuple(line.lower().split("\t")[:2]) for line in load_list("nicknames.txt")),  # type: ignore[misc]
        field_labels=frozenset(s.lower() for s in load_list("field_labels.txt")),
        public_body_heads=frozenset(s.lower() for s in load_list("public_body_heads.txt")),
        public_body_organs=frozenset(s.lower() for s in load_list("public_body_organs.txt")),
        public_body_modifiers=frozenset(s.lower() for s in load_list("public_body_modifiers.txt")),
        list_cue_nouns=tuple(s.lower() for s in load_list("list_cue_nouns.txt")),
        suit_nouns=tuple(sorted((s.lower() for s in load_list("suit_nouns.txt")), key=len, reverse=True)),
        unit_nouns=tuple(sorted((s.lower() for s in load_list("unit_nouns.txt")), key=len, reverse=True)),
        calendar_words=frozenset(_key(s) for s in load_list("calendar_words.txt")),
        capacity_words=frozenset(_key(s) for s in load_list("capacity_words.txt")),
        person_capacity_words=tuple(sorted((s.lower() for s in load_list("person_capacity_words.txt")), key=len, reverse=True)),
        deal_nouns=tuple(sorted((s.lower() for s in load_list("deal_nouns.txt")), key=len, reverse=True)),
        number_words=tuple((w.lower(), int(v)) for w, v in (line.split("\t")[:2] for line in load_list("number_words.txt"))),
        role_terms=frozenset(s.lower() for s in load_list("role_terms.txt")),
        generic_lender_words=frozenset(s.lower() for s in load_list("generic_lender_words.txt")),
    )


# --------------------------------------------------------------------------- normalisation

_PUNCT = re.compile(r"[^\w\s&]")
_SPACES = re.compile(r"\s+")


def _ascii(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


@lru_cache(maxsize=1)
def _suffix_re() -> re.Pattern[str]:
    alts = []
    for s in lexicon().legal_suffixes:
        alts.append(re.escape(s).replace(r"\ ", r"\s+") + ("" if s.endswith(".") else r"\.?"))
    return re.compile(r"(?:\s*,\s*|\s+)(?:" + "|".join(alts) + r")\s*$", re.IGNORECASE)


@lru_cache(maxsize=1 << 16)
def strip_legal_suffix(name: str) -> str:
    """``"Bash, LLC"`` → ``"Bash"``; ``"The Harvey Westbury Corp."`` → ``"The Harvey Westbury"``.

    Strips repeatedly ("Foo Holdings Co., Ltd."), never down to nothing."""
    current = name.strip()
    rx = _suffix_re()
    while True:
        m = rx.search(current)
        if not m or not current[: m.start()].strip(" ,"):
            return current
        current = current[: m.start()].rstrip(" ,")


def strip_honorific(name: str) -> str:
    lex = lexicon()
    parts = name.split()
    while len(parts) > 1 and _key(parts[0]) in lex.honorifics:
        parts = parts[1:]
    return " ".join(parts)


@lru_cache(maxsize=1 << 16)
def normalize_name(name: str, *, strip_suffix: bool = True) -> str:
    """The comparison form of a name: lower case, ASCII, no punctuation, no leading "the",
    no honorifics, and (by default) no legal-form or generational suffixes."""
    text = _ascii(name).strip()
    text = strip_honorific(text)
    if strip_suffix:
        text = strip_legal_suffix(text)
        text = _strip_name_suffix(text)
    text = text.replace("&", " and ")
    text = _PUNCT.sub("", text.lower())
    text = _SPACES.sub(" ", text).strip()
    if any(w in _ABBREV for w in text.split()):
        text = " ".join(_ABBREV.get(w, w) for w in text.split())
    if text.startswith("the ") and len(text) > 4:
        text = text[4:]
    return text


# unambiguous abbreviations in organization names ("Wolfe Axelrod Weinberger Assoc. LLC")
_ABBREV = {"assoc": "associates", "assocs": "associates", "assn": "association", "intl": "international",
           "natl": "national", "mfg": "manufacturing", "bros": "brothers", "svcs": "services", "hldgs": "holdings",
           "grp": "group", "dept": "department", "univ": "university", "mgmt": "management", "invs": "investments"}


def _simple_norm(text: str) -> str:
    text = _SPACES.sub(" ", _PUNCT.sub("", _ascii(text).replace("&", " and ").lower())).strip()
    return text[4:] if text.startswith("the ") and len(text) > 4 else text


def _strip_name_suffix(text: str) -> str:
    lex = lexicon()
    m = re.search(r",?\s+([A-Za-z.]+)\s*$", text)
    if m and _key(m.group(1)) in lex.name_suffixes and len(text[: m.start()].split()) >= 2:
        if re.fullmatch(r"[IVX]+", m.group(1)):
            # "John Smith III" but not "Commonwealth Income & Growth Fund V"
            words = text[: m.start()].replace(",", " ").split()
            if words[0].lower() not in lex.first_names or any(_key(w) in lex.org_heads for w in words):
                return text
        return text[: m.start()]
    return text


def same_first_name(a: str, b: str) -> bool:
    """"Mitch"/"Mitchell", "Mike"/"Michael", "Robert"/"Robert": one person's first name."""
    a, b = a.lower().rstrip("."), b.lower().rstrip(".")
    if a == b:
        return True
    if len(a) >= 3 and len(b) >= 3 and (a.startswith(b) or b.startswith(a)):
        return True
    nick = lexicon().nicknames
    return (a, b) in nick or (b, a) in nick


def name_key(name: str) -> str:
    """A slug for an entity key: ``"The Auxer Group, Inc."`` → ``"auxer-group"``."""
    return re.sub(r"[^a-z0-9]+", "-", normalize_name(name)).strip("-") or re.sub(
        r"[^a-z0-9]+", "-", name.lower()
    ).strip("-")


_SUFFIX_CLASS = {"inc": "corp", "incorporated": "corp", "corp": "corp", "corporation": "corp", "co": "corp",
                 "company": "corp", "limitedliabilitycompany": "llc", "llc": "llc", "lc": "llc", "pllc": "llc",
                 "lp": "lp", "limitedpartnership": "lp", "lllp": "lp", "llp": "llp", "ltd": "ltd", "limited": "ltd",
                 "colimited": "ltd", "coltd": "ltd", "plc": "plc", "ptyltd": "pty", "pteltd": "pte", "na": "bank",
                 "nationalassociation": "bank", "sa": "sa", "sas": "sa", "sarl": "sarl", "sàrl": "sarl", "ag": "ag",
                 "gmbh": "gmbh", "nv": "nv", "bv": "bv", "spa": "spa", "srl": "srl", "kk": "kk", "ab": "ab",
                 "as": "as", "asa": "as", "oy": "oy", "oyj": "oy", "trust": None, "bancorp": None, "bancshares": None,
                 "bancorporation": None, "pa": "pc", "pc": "pc"}


def suffix_class(name: str) -> str | None:
    """The legal form a name ends with, in classes that name the same kind of entity
    ("Inc."/"Corporation" → "corp", "Limited"/"Ltd." → "ltd", "Pty Ltd" → "pty"); None without one.
    "CAMP4 Therapeutics Corporation" and "CAMP4 Therapeutics Pty Ltd" are two companies."""
    m = _suffix_re().search(name.strip())
    if not m or not name.strip()[: m.start()].strip(" ,"):
        return None
    key = re.sub(r"[\s.,]", "", m.group(0).lower())
    if key in _SUFFIX_CLASS:
        return _SUFFIX_CLASS[key]
    return key or None


def has_legal_suffix(name: str) -> bool:
    return strip_legal_suffix(name) != name.strip()


# --------------------------------------------------------------------------- person vs organization

_PATRONYMICS = {"bin", "binti", "bint", "ibn"}
_PARTICLES = {"van", "von", "de", "la", "le", "del", "della", "der", "den", "da", "di", "du", "dos", "das", "ter", "ten",
              "bin", "binti", "bint", "ibn"}
_PLACE_STARTS = {"santa", "san", "los", "las", "fort", "port", "mount", "lake", "north", "south", "east", "west",
                 "new", "st", "saint", "upper", "lower", "greater"}
_INITIAL = re.compile(r"^[A-Z]\.?$")
_INNER_CAPITAL = re.compile(r"^[A-Z][a-z]{1,3}[A-Z][a-z]+$")
_NAMEISH = re.compile(
    r"^(?:[A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)*|(?:Mc|Mac|O'|O’|De|Di|Da|La|Le|Van|Von|St\.?|de|di|da|du|la|le|van|von)[A-Z][a-z]+(?:-[A-Z][a-z]+)?|[A-Z]{2,})$"
)


def person_parts(name: str) -> tuple[str, str, str] | None:
    """(first, middle, last) of a person-shaped name, else None.  Honorifics and generational
    suffixes are dropped: ``"Eugene Chiaramonte, Jr."`` → ("Eugene", "", "Chiaramonte")."""
    lex = lexicon()
    text = _strip_name_suffix(strip_honorific(name.strip())).rstrip(",")
    parts = [p for p in text.replace(",", " ").split() if p]
    while parts and _key(parts[-1]) in lex.name_suffixes and len(parts) > 2:
        parts = parts[:-1]
    if not parts:
        return None
    if len(parts) == 1:
        return ("", "", parts[0])
    return (parts[0], " ".join(parts[1:-1]), parts[-1])


_PENSION_SYSTEM = re.compile(r"\b(?:Retirement|Pension|Retirement\s+and\s+Pension)\s+Systems?\Z")


def is_pension_system(name: str) -> bool:
    """A public pension body's name ("Lakeshore Municipal Employees' Retirement System"): an organization,
    though "System" alone heads products and schemes too ("the Euroclear System", "MERS System")."""
    return _PENSION_SYSTEM.search(name.strip().rstrip(".,;:")) is not None


def is_numbered_company(words: list[str]) -> bool:
    """"1393631 B.C.", "2136305 Ontario": a Canadian numbered company's name without its legal form (a
    number of six or more digits, then its province)."""
    return (len(words) >= 2 and words[0].isdigit() and len(words[0]) >= 6
            and _simple_norm(" ".join(words[1:])) in lexicon().numbered_company_places)


def is_first_name(word: str) -> bool:
    """A listed first name, or a hyphenated compound of two ("Jean-Pierre", "Hans-Olov", "Marie-Josee")
    whose first part is listed and whose second is name-shaped, neither a place, and no common word or organization head."""
    lex = lexicon()
    low = word.lower()
    if low in lex.first_names:
        return True
    parts = word.split("-")
    return (len(parts) == 2 and parts[0].lower() in lex.first_names and bool(re.fullmatch(r"[A-Z][a-z]{2,}", parts[1]))
            and not any(x.lower() in lex.places for x in parts)  # "Denver-Julesburg Basin"
            and parts[1].lower() not in lex.common_words and _key(parts[1]) not in lex.org_heads)


def has_org_head_ending(word: str) -> bool:
    """One capitalised word ending in an organization's head ("Rabobank", "Landesbank"; org_head_endings.txt),
    with at least three letters before the ending, not listed as a place or person that ends so ("Burbank")."""
    lex = lexicon()
    low = word.lower().rstrip(".,;:")
    if not word[:1].isupper() or not low.isalpha() or low in lex.org_head_ending_exceptions:
        return False
    return any(low.endswith(e) and len(low) - len(e) >= 3 for e in lex.org_head_endings)


def classify_name(
    name: str,
    *,
    lowercase_words: frozenset[str] | set[str] = frozenset(),
    context: str = "",
) -> tuple[Kind | None, float]:
    """Decide whether a bare name (no legal suffix, no honorific) names a person or an
    organization, with a confidence in [0, 1].  ``(None, 0)`` means "not a name at all".

    Signals: legal suffix and organization head words (Bank, Alliance, Communications ...);
    first-name list and name shape (2–4 capitalised words, initials, "Jr."); common English words
    (from ``common_words.txt`` and ``lowercase_words``, the words the same filing writes in
    lower case) argue against a person's name; ``context`` ("enumeration", "caption",
    "signature", "title") lowers the bar.
    """
    lex = lexicon()
    text = re.sub(r"\s+(?:\([A-Z][a-z]+\)|\(?[“\"][A-Z][a-z]+[”\"]\)?)(?=\s)", "", name.strip())  # "John E. (Jack) Feltl"
    if not text:
        return None, 0.0
    if has_legal_suffix(text):
        return "Organization", 0.95
    tokens = [t for t in re.split(r"[\s,]+", text) if t]
    low = [_key(t) for t in tokens]
    if is_numbered_company(tokens):
        return "Organization", 0.9  # "1393631 B.C.": a numbered company, its number and its province
    if any(t in lex.org_heads for t in low) or "&" in tokens or is_pension_system(text):
        return "Organization", 0.8
    if any(has_org_head_ending(t) for t in tokens) and _key(tokens[0]) not in lex.first_names:
        return "Organization", 0.8  # "Rabobank", "Norddeutsche Landesbank Girozentrale"
    if any(t in lex.honorifics for t in low[:1]):
        return "Person", 0.9
    # "Lynn Forester De Rothschild": a particle written upper case inside a name that opens with a
    # listed first name is still a particle
    inner = {t for t in tokens[1:-1] if t.lower() in _PARTICLES and t[:1].isupper()} \
        if len(tokens) >= 3 and tokens[0].lower() in lex.first_names else set()
    core = [t for t in tokens if _key(t) not in lex.name_suffixes and t not in _PARTICLES and t not in inner]
    if not core:
        return None, 0.0
    initials = [t for t in core if _INITIAL.match(t)]
    words = [t for t in core if not _INITIAL.match(t)]
    folded = [_ascii(w) for w in words]  # name shape and the name lists read "Prouvé" as "Prouve"
    if any(t in _PATRONYMICS for t in tokens[1:-1]) and all(_NAMEISH.match(w) for w in folded):
        return "Person", 0.75  # "Abu Talib bin Abdul Rahman": a patronymic joins two personal names
    has_name_suffix = len(core) < len(tokens)
    if not words:
        return None, 0.0
    common = lex.common_words
    lower_seen = lowercase_words

    def is_common(w: str) -> bool:
        lw = w.lower()
        return lw in common or lw in lower_seen

    # "CeCelia", "LaToya", "JoAnn": a listed first name written with an inner capital is name-shaped too
    nameish = all(_NAMEISH.match(f) or (_INNER_CAPITAL.match(w) and w.lower() in lex.first_names)
                  for w, f in zip(words, folded, strict=True))
    first_ok = is_first_name(folded[0]) and not is_common(words[0])
    last_ok = folded[-1].lower() in lex.last_names
    if not first_ok and folded[0].lower() in lex.first_names and 2 <= len(words) <= 3 and nameish \
            and not any(is_common(w) or w.lower() in lex.english_words for w in words[1:]) \
            and (initials or (len(words) == 3 and last_ok and folded[1].lower() in lex.first_names)) \
            and not any(w.lower() in lex.places or w in lex.state_codes for w in words) and core[-1] == words[-1]:
        # a first name that is also a word ("Mark G. Parker", "Rose Marie Bravo"): a middle initial,
        # or first names and a surname, make the person
        return "Person", 0.8 if initials else 0.7
    if (any(w.lower() in lex.places or w in lex.state_codes for w in words[-1:]) or words[0].lower() in lex.places
            or words[0].lower() in _PLACE_STARTS
            or " ".join(words[:2]).lower() in lex.places or (core and _INITIAL.match(core[-1]) and len(core) > 1)):
        return None, 0.0  # "Denver Colorado", "John E." (a name cut short)
    if len(words) >= 2 and len(words) <= (4 if initials else 3) and nameish:
        if any(w.isupper() and len(w) > 1 for w in words) and not all(w.isupper() for w in words):
            return "Organization", 0.5  # "GMAC Investment" shape
        generic = sum(1 for w in words if is_common(w))
        if first_ok and not is_common(words[-1]):
            return "Person", 0.85 if (initials or has_name_suffix or last_ok) else 0.75
        if (folded[0].lower() in lex.first_names and len(words) == 2 and len(initials) == 1 and core[1] == initials[0]
                and core[-1] == words[-1] and words[-1].lower() not in lex.org_heads and not is_common(words[-1])):
            # "Mark A. Chancy": a listed first name, a middle initial, a surname (though "mark" and "chancy" are
            # words too): the shape of a person's name
            return "Person", 0.75
        if first_ok and initials and len(words) == 2 and last_ok and core[-1] == words[-1] \
                and not any(w.lower() in lex.english_words for w in words):
            # a surname that is also a word ("B. Andrew Rose", "Andrew B. Rose"): an initial with a
            # first name and a known surname makes the person
            return "Person", 0.75
        if has_name_suffix and (last_ok or generic == 0):
            return "Person", 0.8  # not "Updated Part II": words and a numeral make no person
        if generic == 0 and len(words) <= 3:
            # two or three distinctive capitalised words: "Husni Hassan", "Mohd Qattous"
            if initials or last_ok or context in {"signature", "title", "honorific"}:
                return "Person", 0.7
            if any(not w.isascii() for w in words) and not first_ok:
                return "Organization", 0.35  # "Crédit Agricole", "Société Générale": no listed name, foreign words
            return "Person", 0.55
        if generic == len(words):
            return None, 0.0
        return "Organization", 0.4
    if len(words) == 1:
        w = words[0]
        if is_common(w) and not initials:
            return None, 0.0
        if initials and _NAMEISH.match(folded[0]) and all(i.endswith(".") for i in initials) and core[-1] == w:
            return "Person", 0.6  # "J. Smith"
        if folded[0].lower() in lex.last_names:
            return "Person", 0.45
        return "Organization", 0.45
    if len(words) > 4:
        return "Organization", 0.35
    return "Organization", 0.35


# --------------------------------------------------------------------------- data building

def build_common_words(paths: Iterable[Path], min_share: float = 0.01, min_files: int = 5) -> list[tuple[str, int]]:
    """Words written in lower case in at least ``min_share`` of the files (and ``min_files``):
    how ``patterns/common_words.txt`` was made from the shared corpus."""
    tag = re.compile(r"<[^>]+>")
    # running-text words only: not parts of e-mail addresses, domain or file names
    word = re.compile(r"(?<![\w&;#@./-])[a-z][a-z\-]*[a-z](?![\w@-])(?!\.[a-z])")
    df: Counter[str] = Counter()
    n = 0
    for p in paths:
        text = p.read_text("latin-1")
        text = re.sub(r"(?m)^<[A-Z][A-Z0-9-]*>[^\n]*$", " ", text)  # SGML lines (<FILENAME> ...)
        if p.suffix.lower() in {".htm", ".html"}:
            text = tag.sub(" ", text)
        df.update(set(word.findall(text)))
        n += 1
    floor = max(min_files, n * min_share)
    return sorted(((w, c) for w, c in df.items() if c >= floor), key=lambda x: x[0])


def _main(argv: list[str]) -> int:  # pragma: no cover - data maintenance
    if len(argv) == 2 and argv[0] == "common-words":
        root = Path(argv[1])
        files = [p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in {".txt", ".htm", ".html"}]
        print("# Words seen in lower case in at least 1% of the ~540 filings of the shared corpus (document frequency).")
        print("# A capitalised token that is one of these is a common word, not a distinctive name part.")
        print("# Regenerate: python -m corpkg.extract.names common-words CORPUS_DIR > extract/patterns/common_words.txt")
        for w, _ in build_common_words(files):
            print(w)
        return 0
    print("usage: python -m corpkg.extract.names common-words CORPUS_DIR", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main(sys.argv[1:]))

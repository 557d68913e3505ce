"""Entity resolution across filings: candidate pairs by blocking, a probabilistic score (Splink on
DuckDB), judgements in their own named graph, canonical ids that queries follow.

The filings' graphs are never rewritten.  :func:`resolve` reads every organization and person node
of a store (names, identifiers, addresses, the organizations it is linked to, where and when it is
named), makes candidate pairs from blocking keys (identifiers, normalised names, a person's surname
with a first initial, phonetic keys of surnames, the distinctive first word of a company name),
scores them with a Fellegi-Sunter model in Splink (m probabilities are priors kept in this module,
u probabilities are estimated on the store by random sampling) and records a judgement for every
confident pair (``positive`` at or above ``POSITIVE``, ``negative`` at or below ``NEGATIVE`` for pairs
that share a name or an identifier); the others are ``unsure`` and wait for review
(:func:`review_queue`, :func:`decide`).  A person's judgement overrides the model's; any judgement
can be withdrawn (:func:`withdraw`).  Clusters of positive pairs that no negative judgement
separates become one identity whose canonical node is the member with the strongest key; every
member gets ``ckg:canonical`` → that node in the resolution graph (``id/graph/resolution``).

Model: nomenklatura's xref/judgement model (OpenSanctions) and Splink's comparison levels.
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

import pyoxigraph as ox

from corpkg import __version__
from corpkg.errors import CorpkgError
from corpkg.graph.iris import normalise_name
from corpkg.graph.query import load_named, run_query
from corpkg.graph.terms import CKG, ID_IRI, PREFIXES

__all__ = [
    "RESOLUTION_GRAPH",
    "POSITIVE",
    "NEGATIVE",
    "SEPARATES",
    "VERDICTS",
    "Record",
    "Candidate",
    "Judgement",
    "ResolveResult",
    "records",
    "candidates",
    "score",
    "resolve",
    "judgements",
    "effective_verdicts",
    "decide",
    "withdraw",
    "canonical_map",
    "refresh_canonical",
    "review_queue",
    "evidence_of",
    "person_name_parts",
    "org_core_name",
]

log = logging.getLogger(__name__)

RESOLUTION_GRAPH = f"{ID_IRI}graph/resolution"
"""The named graph holding judgements and canonical links."""

POSITIVE = 0.80
"""Match probability at or above which the model records a positive judgement (set on the dev pairs)."""
NEGATIVE = 0.05
"""Match probability at or below which the model records a negative judgement (pairs sharing a name
or an identifier only; other low-scoring candidates are left unjudged)."""
SEPARATES = 0.60
"""A model's unsure judgement scored below this keeps the clusters of its two entities apart (a
chain of positive pairs does not join two nodes the model doubts are the same)."""
VERDICTS = ("positive", "negative", "unsure")
MODEL = f"model:corpkg-resolve@{__version__}"

_DATA = Path(__file__).parent / "data"
_XSD = PREFIXES["xsd"]


class ResolutionError(CorpkgError):
    """A judgement cannot be recorded (unknown entity, unknown pair, bad verdict)."""

    exit_code = 2


# ----------------------------------------------------------------------------- names


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()


@lru_cache(maxsize=1)
def _nicknames() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in (_DATA / "nicknames.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            short, formal = line.split("\t")
            out[short.strip()] = formal.strip()
    return out


NAME_RARITY_CAP = 10.0
"""At most this many bits of evidence (either way) that a shared first and last name gives for or against
one person, beside the name comparison's own weight: the Census frequencies are of the US population,
not of the people SEC filings name."""
UNLISTED_SHARE = 1e-6
"""The share of the population assumed for a first name or surname the table lacks (it keeps those
counted at least 500 times in the 2020 Census, a share of about 1.7 in a million)."""


@lru_cache(maxsize=1)
def _name_shares() -> tuple[dict[str, float], dict[str, float], dict[str, float], float]:
    """First-name and surname shares of the population (``data/name_frequencies.tsv``, US Census 2020),
    the shares of initials (a middle initial is the initial of a first name) and the chance that two
    random persons share first and last name."""
    tables: dict[str, dict[str, float]] = {"first": {}, "last": {}}
    for line in (_DATA / "name_frequencies.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            kind, name, share = line.split("\t")
            tables[kind][name] = float(share)
    first, last = tables["first"], tables["last"]
    initials: dict[str, float] = defaultdict(float)
    for name, frequency in first.items():
        initials[name[0]] += frequency
    total = sum(initials.values())
    return first, last, {k: v / total for k, v in initials.items()}, sum(v * v for v in first.values()) * sum(v * v for v in last.values())


def name_rarity(first: str | None, last: str | None, middle: str | None = None) -> float | None:
    """Bits of evidence that two records sharing this first and last name (and middle initial, when
    given) are one person, beyond what sharing a first and last name does on average: log2 of the
    average chance that two random persons share first and last name over the chance that they share
    this name, within ±:data:`NAME_RARITY_CAP` ("Bala Padmakumar" gives the cap, "John Smith" about
    -6; a shared middle initial adds log2 of one over its share, about 3 to 5 bits).  None without both
    names."""
    if not first or not last:
        return None
    firsts, lasts, initials, average = _name_shares()
    share = firsts.get(first, UNLISTED_SHARE) * lasts.get(last.replace(" ", ""), UNLISTED_SHARE)
    if middle:
        share *= initials.get(middle[0], UNLISTED_SHARE)
    return max(-NAME_RARITY_CAP, min(NAME_RARITY_CAP, math.log2(average / share)))


_SUFFIX_WORDS = {"jr": "jr", "junior": "jr", "sr": "sr", "senior": "sr", "ii": "ii", "iii": "iii", "iv": "iv", "2nd": "ii",
                 "3rd": "iii"}
_FORM_WORDS = {"name", "title", "by", "its", "signature", "date"}
_HONORIFICS = {"mr", "mrs", "ms", "miss", "dr", "judge", "hon", "honorable", "sir", "prof", "professor", "rev"}


@dataclass(frozen=True)
class NameParts:
    first: str  # folded, nickname mapped to the formal name ("" when only an initial)
    first_initial: str
    middle_initial: str
    last: str
    suffix: str


def person_name_parts(name: str) -> NameParts:
    """First name (nicknames → formal), initials, surname and generational suffix of a person's name:
    "Tim Cook" and "Timothy D. Cook" share first "timothy" and last "cook"; "W.A. Freeman" has
    initials only."""
    s = _fold(name)
    s = re.sub(r"\([^)]*\)", " ", s)  # (the "Executive")
    s = re.sub(r"[\"'\u2019]", "", s)
    tokens = [t for t in re.split(r"[^a-z0-9]+", s.replace(".", ". ")) if t]
    tokens = [t for t in tokens if t not in _HONORIFICS]
    while tokens and tokens[-1] in _FORM_WORDS:  # "Shane Torchiana Name" read off a signature table
        tokens.pop()
    suffix = ""
    while tokens and tokens[-1] in _SUFFIX_WORDS:
        suffix = _SUFFIX_WORDS[tokens.pop()]
    if "," in s and tokens and not suffix:  # "Scott, Robert J." written surname first
        head = re.split(r"[^a-z]+", s.split(",")[0].strip())
        if len(head) == 1 and head[0] and len(s.split(",")[1].strip()) > 1 and head[0] == tokens[0]:
            tokens = tokens[1:] + tokens[:1]
    if not tokens:
        return NameParts("", "", "", "", suffix)
    if len(tokens) == 1:
        return NameParts("", "", "", tokens[0], suffix)
    last = tokens[-1]
    # particles belong to the surname: "Lynn Forester de Rothschild"
    while len(tokens) > 2 and tokens[-2] in {"de", "van", "von", "der", "del", "la", "di", "da", "le"}:
        last = tokens[-2] + " " + last
        tokens = tokens[:-1]
    first_tok, middle = tokens[0], tokens[1:-1]
    if len(first_tok) == 1 and middle and len(middle[0]) > 1:  # "J. Michael Redmond", "R. Read Hudson"
        first = _nicknames().get(middle[0], middle[0])
        return NameParts(first, first_tok, "", last, suffix)
    first = "" if len(first_tok) == 1 else _nicknames().get(first_tok, first_tok)
    mid = middle[0][0] if middle else ""
    return NameParts(first, first_tok[0], mid, last, suffix)


_LEGAL = {"inc", "incorporated", "corp", "corporation", "co", "company", "companies", "ltd", "limited", "llc", "lp", "llp", "plc", "na",
          "sa", "ag", "nv", "bv", "gmbh", "lc", "pllc", "pc", "ulc", "trust"}

_SPELLED_FORMS = ((re.compile(r"\bunlimited liability co(?:mpany)?$"), "ulc"), (re.compile(r"\blimited liability co(?:mpany)?$"), "llc"),
                  (re.compile(r"\blimited liability partnership$"), "llp"), (re.compile(r"\blimited partnership$"), "lp"),
                  (re.compile(r"\bpublic limited co(?:mpany)?$"), "plc"), (re.compile(r"\bnational association$"), "na"))
"""Legal forms written out, as their abbreviations: "1393631 B.C. Unlimited Liability Company" is
"1393631 B.C. ULC", "JPMorgan Chase Bank, National Association" is "…, N.A."."""


def _abbreviate_form(normalised: str) -> str:
    for rx, short in _SPELLED_FORMS:
        normalised = rx.sub(short, normalised)
    return normalised


_FORM_FAMILY = {"incorporated": "inc", "corp": "inc", "corporation": "inc", "co": "inc", "company": "inc", "companies": "inc",
                "limited": "ltd", "lc": "llc"}
"""Legal-form words of one kind of legal person: "Lowe's Company" and "Lowe's Companies, Inc." are
both corporations; an LLC, a partnership or a national bank is another kind."""


_FORM_LAW = {"plc": "uk", "ltd": "uk", "gmbh": "de", "ag": "de", "nv": "nl", "bv": "nl", "sa": "civil", "ulc": "ca"}
"""The law a legal form belongs to, where it is not the US's: "J.P. Morgan Securities Inc." and "J.P.
Morgan Securities plc" are two companies of one group, while an Inc. that became an LLC is one."""


def _legal_form(name: str) -> str:
    """The kind of legal person a name's last word says ("inc" for Inc., Corp., Co. …), or ""."""
    n = _abbreviate_form(normalise_name(name))
    words = n.split()
    form = words[-1] if words and words[-1] in _LEGAL - {"trust"} else ""
    return _FORM_FAMILY.get(form, form)


def org_core_name(name: str) -> str:
    """An organization's name without a leading "the", punctuation and trailing legal forms:
    "JPMorgan Chase Bank, National Association" and "JPMorgan Chase Bank, N.A." agree."""
    n = _abbreviate_form(normalise_name(name))
    words = n.split()
    while len(words) > 1 and words[-1] in _LEGAL - {"trust"}:
        words.pop()
    return " ".join(words)


_GENERIC_FIRST = {"first", "united", "american", "national", "international", "global", "general", "new", "bank", "the",
                  "us", "north", "south", "west", "east", "central", "pacific", "atlantic", "citizens", "community",
                  "security", "capital", "financial", "great", "old", "royal"}


def _metaphone(word: str) -> str:
    try:
        from rigour.text.phonetics import metaphone
    except ImportError:  # pragma: no cover - rigour comes with followthemoney
        return word[:4]
    return str(metaphone(word))


# ----------------------------------------------------------------------------- records


@dataclass
class Record:
    """What resolution knows about one entity node."""

    iri: str
    kind: str  # "Organization" | "Person"
    label: str = ""
    names: set[str] = field(default_factory=set)
    identifiers: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    addresses: set[str] = field(default_factory=set)
    organizations: set[str] = field(default_factory=set)
    filings: set[str] = field(default_factory=set)
    file_names: set[str] = field(default_factory=set)
    dates: set[str] = field(default_factory=set)

    @property
    def scope(self) -> str:
        """The issuer scope of an id-less person's IRI (id/person/{scope}/{slug}), else ""."""
        m = re.match(re.escape(ID_IRI) + r"person/([^/]+)/", self.iri)
        return m.group(1) if m else ""

    def key_rank(self) -> tuple[int, str]:
        """Canonical choice: a CIK beats an EIN, a file number, a name key; then the IRI."""
        rest = self.iri[len(ID_IRI):]
        order = {"cik": 0, "ein": 1, "file-number": 2, "lei": 3, "org": 4, "person": 5}
        return order.get(rest.split("/", 1)[0], 9), self.iri


def records(store: Any) -> dict[str, Record]:
    """Every organization and person node of ``store`` with its names, identifiers, addresses, linked
    organizations and the filings naming it (the named queries resolution_*.rq)."""
    out: dict[str, Record] = {}
    for row in run_query(store, load_named("resolution_names")):
        kind = row["kind"].rsplit("#", 1)[1]
        rec = out.setdefault(row["entity"], Record(row["entity"], kind))
        name = re.sub(r"\s+", " ", row["name"]).strip()
        if not name:
            continue
        rec.names.add(name)
        if row["how"] == "label" and (not rec.label or len(name) > len(rec.label)):
            rec.label = name
    for row in run_query(store, load_named("resolution_attributes")):
        rec_or_none = out.get(row["entity"])
        if rec_or_none is None:
            continue
        prop, value = row["property"], row["value"].strip()
        if prop in ("cik", "ein", "commissionFileNumber", "lei"):
            rec_or_none.identifiers[prop].add(value)
        elif prop in ("businessAddress", "mailAddress", "address"):
            rec_or_none.addresses.add(_address_key(value))
    for row in run_query(store, load_named("resolution_links")):
        rec_or_none = out.get(row["entity"])
        if rec_or_none is not None:
            rec_or_none.organizations.add(row["organization"])
    for row in run_query(store, load_named("resolution_mentions")):
        rec_or_none = out.get(row["entity"])
        if rec_or_none is None:
            continue
        rec_or_none.filings.add(row["filing"])
        if row.get("fileName"):
            rec_or_none.file_names.add(row["fileName"])
        if row.get("asOf"):
            rec_or_none.dates.add(row["asOf"])
    for rec in out.values():
        if not rec.label and rec.names:
            rec.label = max(rec.names, key=len)
    return out


def _address_key(address: str) -> str:
    """Street number, first street word and ZIP of an address, folded: enough to compare."""
    a = _fold(address)
    num = re.search(r"\b\d{1,6}\b", a)
    zip_ = re.search(r"\b\d{5}\b(?!.*\b\d{5}\b)", a)
    word = re.search(r"\b\d{1,6}\s+([a-z]+)", a)
    return " ".join(x for x in (num.group(0) if num else "", word.group(1) if word else "",
                                 zip_.group(0) if zip_ else "") if x)


# ----------------------------------------------------------------------------- blocking


_GENERIC_NAMES = {"co", "company", "corp", "corporation", "inc", "registrant", "issuer", "bank", "agent", "lender", "lenders",
                  "borrower", "borrowers", "guarantor", "guarantors", "parent", "purchaser", "buyer", "seller", "trust", "fund",
                  "partnership", "holdings", "group", "administrative agent", "collateral agent", "trustee", "merger sub",
                  "subsidiary", "executive", "employee", "the executive", "plaintiff", "defendant", "licensor", "licensee"}


def _specific(name: str, kind: str) -> bool:
    """Whether a name can identify an entity (not a defined role word such as "the Company", "Agent")."""
    core = org_core_name(name) if kind == "Organization" else " ".join(re.split(r"[^a-z]+", _fold(name))).strip()
    return len(core) > 2 and core not in _GENERIC_NAMES and normalise_name(name) not in _GENERIC_NAMES


def _block_keys(rec: Record) -> set[str]:
    keys: set[str] = set()
    for prop, values in rec.identifiers.items():
        keys.update(f"id:{prop}:{v}" for v in values)
    for name in rec.names:
        if not _specific(name, rec.kind):
            continue
        if rec.kind == "Person":
            p = person_name_parts(name)
            if not p.last:
                continue
            keys.add(f"pn:{p.last}:{p.first_initial}")
            if p.first:
                keys.add(f"pf:{_metaphone(p.last.replace(' ', ''))}:{p.first}")
                keys.add(f"pp:{p.last[:3]}:{p.first}")
        else:
            core = org_core_name(name)
            if not core:
                continue
            keys.add(f"on:{core}")
            keys.add(f"os:{core.replace(' ', '')}")  # "Voice Signal" / "VoiceSignal"
            words = [w for w in core.split() if w not in _GENERIC_FIRST and len(w) > 2]
            if words:
                keys.add(f"ow:{words[0]}")
                keys.add(f"oph:{_metaphone(words[0])}")
    return keys


@dataclass(frozen=True)
class Candidate:
    left: str
    right: str
    keys: tuple[str, ...]  # the blocking keys the two share


def candidates(recs: Mapping[str, Record], *, max_block: int = 200,
               lone: Mapping[str, str] | None = None) -> list[Candidate]:
    """Pairs of nodes of one kind that share a blocking key (blocks larger than ``max_block`` are
    too common to say anything and are skipped); ``lone`` is :func:`_lone_full_names` of ``recs``
    when the caller has it already."""
    blocks: dict[str, list[str]] = defaultdict(list)
    for iri in sorted(recs):
        for k in _block_keys(recs[iri]):
            blocks[f"{recs[iri].kind}|{k}"].append(iri)
    shared: dict[tuple[str, str], set[str]] = defaultdict(set)
    for key, members in blocks.items():
        if len(members) < 2 or len(members) > max_block:
            continue
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                shared[(a, b) if a < b else (b, a)].add(key.split("|", 1)[1])
    # a surname alone meets the one person of that surname its issuer has ("Robbins", "Bill Robbins")
    for bare, full in (_lone_full_names(recs) if lone is None else lone).items():
        shared[(bare, full) if bare < full else (full, bare)].add(f"pl:{recs[bare].scope}:{normalise_name(recs[full].label)}")
    return [Candidate(a, b, tuple(sorted(k))) for (a, b), k in sorted(shared.items())]


# ----------------------------------------------------------------------------- scoring (Splink)


def _scope_org(scope: str) -> str | None:
    """The issuer IRI a person scope names ("ein-223537927" → id/ein/223537927); None for a filing scope."""
    for seg in ("file-number", "cik", "ein", "lei", "org"):
        if scope.startswith(seg + "-"):
            return f"{ID_IRI}{seg}/{scope[len(seg) + 1:]}"
    return None


def _lone_full_names(recs: Mapping[str, Record]) -> dict[str, str]:
    """Person node named by a surname alone → the one person of that issuer scope with a first name
    and that surname, where there is exactly one ("Mr. Robbins" → "Bill Robbins")."""
    full: dict[tuple[str, str], set[str]] = defaultdict(set)
    bare: list[tuple[str, str, str]] = []
    for iri, rec in recs.items():
        if rec.kind != "Person" or not rec.scope or not _scope_org(rec.scope):
            continue
        parts = [person_name_parts(n) for n in rec.names if _specific(n, "Person")]
        lasts = {p.last for p in parts if p.last}
        if any(p.first_initial for p in parts):
            for last in lasts:
                full[(rec.scope, last)].add(iri)
        elif len(lasts) == 1:
            bare.append((iri, rec.scope, next(iter(lasts))))
    return {iri: next(iter(full[(scope, last)])) for iri, scope, last in bare if len(full.get((scope, last), ())) == 1}


def _person_row(rec: Record, orgs: Mapping[str, str], lone_full: str | None = None) -> dict[str, Any]:
    """A person's row for the model; ``orgs`` maps organizations to their canonical ids, so that a
    company keyed by CIK in one filing and by EIN in another counts as one issuer; ``lone_full`` is,
    for a person named by a surname alone, the only person of the issuer with that surname and a
    first name (:func:`_lone_full_names`)."""
    parts = [person_name_parts(n) for n in sorted(rec.names, key=lambda n: (-len(n), n)) if _specific(n, "Person")]
    full = person_name_parts(rec.label) if rec.label else (parts[0] if parts else NameParts("", "", "", "", ""))
    firsts = sorted({p.first for p in parts if p.first})
    middles = sorted({p.middle_initial for p in parts if p.middle_initial})
    suffixes = sorted({p.suffix for p in parts if p.suffix})
    issuer = _scope_org(rec.scope) if rec.scope else None
    first = full.first or (firsts[0] if firsts else None)
    middle = full.middle_initial or (middles[0] if middles else None)
    named = bool(first and full.last)
    return {
        "unique_id": rec.iri,
        "first": first,
        "first_initial": full.first_initial or None,
        "firsts": firsts,
        "middle": middle,
        "last": full.last or None,
        "suffix": full.suffix or (suffixes[0] if suffixes else None),
        # a person minted within one filing (no issuer known) has no issuer to compare
        "scope": orgs.get(issuer, issuer) if issuer else None,
        "orgs": sorted({orgs.get(o, o) for o in rec.organizations}),
        "year": _year(rec),
        "filings": sorted(rec.filings),
        # the names whose frequency adjusts the weight of an exact name agreement (one column per level
        # adjusted, as each level has its own average u): "first|middle initial|last", "first||last"
        "name_fml": f"{first}|{middle or ''}|{full.last}" if named else None,
        "name_fl": f"{first}||{full.last}" if named else None,
        "lone_full": lone_full,
    }


_NUMERAL = re.compile(r"(?=[ivxl]+$)l?x{0,3}(?:ix|iv|v?i{0,3})$|\d+$")


def _numerals(core: str) -> list[str]:
    """The numbers of a name, Roman or Arabic, in order: "midcap funding iv trust" → ["iv"]; a fund's or
    a series' number tells it from its siblings ("MidCap Funding IV Trust", "… V Trust")."""
    return [w for w in core.split() if _NUMERAL.match(w)]


def _org_row(rec: Record) -> dict[str, Any]:
    specific = [n for n in rec.names if _specific(n, "Organization")]
    form = _legal_form(rec.label)
    core = org_core_name(rec.label)
    cores = sorted({org_core_name(n) for n in specific} - {""})
    return {
        "unique_id": rec.iri,
        "name": normalise_name(rec.label) or None,
        "core": core or None,
        "numerals": _numerals(core),
        "cores": cores,
        "legal_names": _legal_names(specific),
        "form": form or None,
        "forms": sorted({_legal_form(n) for n in specific} - {""}),
        "law": _FORM_LAW.get(form, "us") if form else None,
        "cik": sorted(rec.identifiers.get("cik", set())),
        "ein": sorted(rec.identifiers.get("ein", set())),
        "fileno": sorted(rec.identifiers.get("commissionFileNumber", set())),
        "addresses": sorted(rec.addresses - {""}),
        "orgs": sorted(rec.organizations),
        "year": _year(rec),
    }


def _legal_names(names: Iterable[str]) -> list[str]:
    """The one full legal name (with its legal form) a node's names agree on, for the comparison
    "a shared full legal name": a node whose label the entity stage ran together with the text
    before it ("Grantor and U.S. Bank Trust Company, N.A.") still carries the company's exact name,
    which every longer name ends with.  A node with two legal names that do not nest (a former name,
    or two companies run together) gives none: its aliases say nothing certain."""
    legal = sorted({_abbreviate_form(normalise_name(n)) for n in names if _legal_form(n)},
                   key=lambda n: (len(n), n))
    if not legal:
        return []
    shortest = legal[0]
    return [shortest] if all(n == shortest or n.endswith(" " + shortest) for n in legal) else []


def _year(rec: Record) -> int | None:
    years = sorted(int(d[:4]) for d in rec.dates if re.match(r"\d{4}", d))
    return years[len(years) // 2] if years else None


def _level(sql: str, label: str, m: float, *, null: bool = False, u: float | None = None, tf: str | None = None) -> dict[str, Any]:
    """A comparison level with its prior m probability; ``u`` fixes the u probability where random
    pairs mislead (a conflicting middle initial is rare among random pairs, but common among the
    same-name pairs blocking makes, e.g. a father and his son); ``tf`` names the column whose
    term frequencies (:func:`_register_name_rarity`) adjust the level's weight value by value."""
    d: dict[str, Any] = {"sql_condition": sql, "label_for_charts": label}
    if null:
        d["is_null_level"] = True
        return d
    d["m_probability"] = m
    if tf:
        d.update(tf_adjustment_column=tf, tf_adjustment_weight=1.0, disable_tf_exact_match_detection=True)
    if u is not None:
        d["u_probability"] = u
        d["fix_u_probability"] = True
    elif label in _U_PRIOR:
        d["u_probability"] = _U_PRIOR[label]
    return d


_U_PRIOR = {
    # u probabilities used as they are when a store has too few records to estimate them
    # (MIN_RECORDS_FOR_U), and as starting values otherwise: how often two random records agree so
    "same first, middle and last": 1e-5, "same first and last, a middle initial missing": 2e-5,
    "same last, an initial for the first name": 3e-5, "similar first and last (spelling)": 3e-5,
    "different": 0.9999,
    "same (or no) generational suffix": 0.9, "one suffix missing": 0.09,
    "named in filings of the same issuer": 0.05, "different issuers": 0.95,
    "serve a same organization": 0.05, "no organization in common": 0.95,
    "named within 10 years": 0.6, "named more than 10 years apart": 0.4,
    "a shared CIK, EIN or file number": 1e-4, "different CIK or EIN": 0.9, "identifiers of different kinds": 0.1,
    "same first and last, middle initials differ (a misprint, or a namesake)": 2e-5,
    "the same generational suffix (Jr., III)": 0.001,
    "same normalised name": 1e-5, "same name but for the legal form": 1e-5,
    "same name but for spacing and the legal form": 1e-6, "a shared full legal name among the names": 1e-5,
    "names one letter apart (a typo)": 1e-4,
    "different names": 0.9999, "same legal form": 0.5, "different legal forms": 0.5,
}
MIN_RECORDS_FOR_U = 500
"""Below this many records of a kind, u probabilities keep their priors (_U_PRIOR) instead of being
estimated from random pairs, which would be too few to say anything."""


def _comparison(name: str, levels: list[dict[str, Any]]) -> dict[str, Any]:
    return {"output_column_name": name, "comparison_levels": levels, "comparison_description": name}


def _person_settings(prior: float) -> dict[str, Any]:
    same_first = "(first_l = first_r OR list_has_any(firsts_l, firsts_r))"
    return {
        "link_type": "dedupe_only",
        "unique_id_column_name": "unique_id",
        "probability_two_random_records_match": prior,
        "comparisons": [
            _comparison("name", [
                _level("last_l IS NULL OR last_r IS NULL", "null", 0, null=True),
                _level(f"last_l = last_r AND {same_first} AND coalesce(middle_l, '') = coalesce(middle_r, '')",
                       "same first, middle and last", 0.62, tf="name_fml"),
                _level(f"last_l = last_r AND {same_first} AND (middle_l IS NULL OR middle_r IS NULL)",
                       "same first and last, a middle initial missing", 0.22, tf="name_fl"),
                _level(f"last_l = last_r AND {same_first} AND suffix_l IS NULL AND suffix_r IS NULL",
                       "same first and last, middle initials differ (a misprint, or a namesake)", 0.02),
                _level(f"last_l = last_r AND {same_first}", "same first and last, middle initials and a suffix differ", 0.01, u=0.05),
                _level("last_l = last_r AND first_initial_l = first_initial_r AND (first_l IS NULL OR first_r IS NULL)",
                       "same last, an initial for the first name", 0.05),
                _level("jaro_winkler_similarity(last_l, last_r) >= 0.9 AND "
                       "(first_l = first_r OR jaro_winkler_similarity(first_l, first_r) >= 0.88) AND "
                       "(middle_l IS NULL OR middle_r IS NULL OR middle_l = middle_r)",
                       "similar first and last (spelling)", 0.05),
                _level("last_l = last_r AND first_initial_l = first_initial_r", "same last and first initial, first names differ",
                       0.005, u=0.02),
                # "Mr. Robbins" in one filing of an issuer, "Bill Robbins" in another, and no other Robbins
                # of that issuer with a first name: the surname is the one person's
                _level("lone_full_l = unique_id_r OR lone_full_r = unique_id_l",
                       "a surname alone, and the only person of that surname at the issuer", 0.03, u=1e-4),
                _level("ELSE", "different", 0.01),
            ]),
            _comparison("suffix", [
                _level("last_l IS NULL OR last_r IS NULL", "null", 0, null=True),
                _level("suffix_l IS NOT NULL AND suffix_l = suffix_r", "the same generational suffix (Jr., III)", 0.05),
                _level("coalesce(suffix_l, '') = coalesce(suffix_r, '')", "same (or no) generational suffix", 0.88),
                _level("suffix_l IS NULL OR suffix_r IS NULL", "one suffix missing", 0.06),
                _level("ELSE", "different suffixes (father and son)", 0.01, u=0.10),
            ]),
            _comparison("issuer", [
                _level("scope_l IS NULL OR scope_r IS NULL", "null", 0, null=True),
                _level("scope_l = scope_r", "named in filings of the same issuer", 0.80),
                _level("ELSE", "different issuers", 0.20),
            ]),
            _comparison("organizations", [
                _level("len(orgs_l) = 0 OR len(orgs_r) = 0", "null", 0, null=True),
                _level("list_has_any(orgs_l, orgs_r)", "serve a same organization", 0.70),
                _level("ELSE", "no organization in common", 0.30),
            ]),
            _comparison("years", [
                _level("year_l IS NULL OR year_r IS NULL", "null", 0, null=True),
                _level("abs(year_l - year_r) <= 10", "named within 10 years", 0.90),
                _level("ELSE", "named more than 10 years apart", 0.10),
            ]),
            # one document that names two people of one name with different middle initials (John E.
            # and John C. Feltl, father and son) names two people; a misprint rarely stays in one.  u is
            # the rate among the same-name pairs blocking makes, not among random pairs
            _comparison("together", [
                _level("len(filings_l) = 0 OR len(filings_r) = 0", "null", 0, null=True),
                _level("list_has_any(filings_l, filings_r) AND middle_l <> middle_r",
                       "named in one filing with different middle initials", 0.001, u=0.2),
                _level("ELSE", "not named apart in one filing", 0.999, u=0.8),
            ]),
        ],
        "blocking_rules_to_generate_predictions": [],
        "retain_intermediate_calculation_columns": True,
        "retain_matching_columns": False,
    }


def _org_settings(prior: float) -> dict[str, Any]:
    return {
        "link_type": "dedupe_only",
        "unique_id_column_name": "unique_id",
        "probability_two_random_records_match": prior,
        "comparisons": [
            _comparison("identifiers", [
                _level("len(cik_l) + len(ein_l) + len(fileno_l) = 0 OR len(cik_r) + len(ein_r) + len(fileno_r) = 0",
                       "null", 0, null=True),
                _level("list_has_any(cik_l, cik_r) OR list_has_any(ein_l, ein_r) OR list_has_any(fileno_l, fileno_r)",
                       "a shared CIK, EIN or file number", 0.90),
                _level("(len(cik_l) > 0 AND len(cik_r) > 0) OR (len(ein_l) > 0 AND len(ein_r) > 0)",
                       "different CIK or EIN", 0.01),
                _level("ELSE", "identifiers of different kinds", 0.09),
            ]),
            _comparison("name", [
                _level("core_l IS NULL OR core_r IS NULL", "null", 0, null=True),
                _level("name_l = name_r", "same normalised name", 0.45),
                _level("core_l = core_r", "same name but for the legal form", 0.25),
                _level("replace(core_l, ' ', '') = replace(core_r, ' ', '')", "same name but for spacing and the legal form", 0.03),
                _level("list_has_any(legal_names_l, legal_names_r)", "a shared full legal name among the names", 0.10),
                _level("list_has_any(cores_l, cores_r)", "a shared name or alias (corporate families share short forms)",
                       0.15, u=0.002),
                _level("damerau_levenshtein(core_l, core_r) = 1 AND length(core_l) >= 10 AND "
                       "regexp_replace(core_l, '[^0-9]', '', 'g') = regexp_replace(core_r, '[^0-9]', '', 'g') AND "
                       "numerals_l = numerals_r",
                       "names one letter apart (a typo), their numbers the same", 0.05),
                _level("ELSE", "different names", 0.02),
            ]),
            _comparison("legal_form", [
                _level("form_l IS NULL OR form_r IS NULL", "null", 0, null=True),
                _level("form_l = form_r OR list_has_any(forms_l, forms_r)", "same legal form", 0.85),
                # "Bank of America Corporation" and "Bank of America, N.A.": a bank holding company and
                # its national bank share the name and are two legal persons; so are a US company and
                # its namesake plc or GmbH
                _level("(form_l = 'na') <> (form_r = 'na') OR law_l <> law_r",
                       "a national bank and a company, or forms of two countries' laws", 0.002, u=0.1),
                # "M.S.T.S., Inc." and "M.S.T.S. Limited Partnership": a limited partnership and the company of
                # the same name (its general partner, as often as not) are two legal persons
                _level("(form_l = 'lp') <> (form_r = 'lp')",
                       "a limited partnership and a company", 0.01, u=0.1),
                _level("ELSE", "different legal forms", 0.15),
            ]),
            _comparison("address", [
                _level("len(addresses_l) = 0 OR len(addresses_r) = 0", "null", 0, null=True),
                _level("list_has_any(addresses_l, addresses_r)", "a shared address (parents and subsidiaries often do)", 0.60, u=0.20),
                _level("ELSE", "different addresses", 0.40, u=0.80),
            ]),
            _comparison("organizations", [
                _level("len(orgs_l) = 0 OR len(orgs_r) = 0", "null", 0, null=True),
                _level("list_has_any(orgs_l, orgs_r)", "linked to a same organization (as a corporate family is)", 0.55, u=0.30),
                _level("ELSE", "no linked organization in common", 0.45, u=0.70),
            ]),
        ],
        "blocking_rules_to_generate_predictions": [],
        "retain_intermediate_calculation_columns": True,
        "retain_matching_columns": False,
    }


@dataclass(frozen=True)
class Scored:
    left: str
    right: str
    probability: float
    explanation: str


def score(recs: Mapping[str, Record], pairs: Sequence[Candidate], *, kind: str, orgs: Mapping[str, str] | None = None,
          seed: int = 13, train: bool = True, parameters: dict[str, Any] | None = None,
          lone: Mapping[str, str] | None = None) -> list[Scored]:
    """Match probabilities of the candidate pairs of one kind of entity ("Person" or "Organization")
    from a Splink model on DuckDB: u probabilities are estimated from random pairs of the store's own
    records (seeded), m probabilities by expectation maximisation over the candidate pairs (``train``,
    with enough pairs; else the priors of this module).  ``orgs`` (organization → canonical id) lets
    persons of one issuer known by two keys compare as colleagues.  ``parameters``, when given,
    receives the model as used under ``kind`` (see :func:`_parameters`); ``lone`` is
    :func:`_lone_full_names` of ``recs`` when the caller has it already."""
    kind_pairs = [c for c in pairs if recs[c.left].kind == kind]
    if not kind_pairs:
        return []
    ids = sorted(i for i, r in recs.items() if r.kind == kind)
    orgs = orgs or {}
    if kind != "Person":
        lone = {}
    elif lone is None:
        lone = _lone_full_names(recs)
    rows = [_person_row(recs[i], orgs, lone.get(i)) if kind == "Person" else _org_row(recs[i]) for i in ids]
    scored, model = _splink_scores(kind, rows, kind_pairs, seed, train)
    if parameters is not None:
        parameters[kind] = model
    return scored


MIN_PAIRS_FOR_EM = 200
"""Below this many candidate pairs of a kind, m probabilities keep their priors: expectation
maximisation needs many pairs of both outcomes to say anything."""


def _splink_scores(kind: str, rows: list[dict[str, Any]], pairs: Sequence[Candidate], seed: int,
                   train: bool = True) -> tuple[list[Scored], dict[str, Any]]:
    import duckdb
    from splink import DuckDBAPI, Linker, block_on

    con = duckdb.connect()
    columns = list(rows[0])
    types = {c: "VARCHAR[]" if any(isinstance(r[c], list) for r in rows) else
             "INTEGER" if any(isinstance(r[c], int) for r in rows) else "VARCHAR" for c in columns}
    con.execute("CREATE TABLE records (" + ", ".join(f"{c} {types[c]}" for c in columns) + ")")
    con.executemany(f"INSERT INTO records VALUES ({', '.join('?' for _ in columns)})", [[r[c] for c in columns] for r in rows])
    con.execute("CREATE TABLE pairs (l VARCHAR, r VARCHAR)")
    con.executemany("INSERT INTO pairs VALUES (?, ?)", [(c.left, c.right) for c in pairs])
    # the chance that two random records are the same entity: about 30% of the candidate pairs, spread
    # over all pairs; in a store of fewer than 2,000 records at most 1 in 2,000 (a small store is no
    # evidence that names repeat)
    prior = min(1 / 2000 if len(rows) < 2000 else 0.5, max(1e-6, 2 * len(pairs) / max(1, len(rows) * (len(rows) - 1)) * 0.3))
    settings = _person_settings(prior) if kind == "Person" else _org_settings(prior)
    # the candidate pairs made by blocking are joined through a pair table: a Splink blocking rule
    # on an exploded key column ("pair_keys") that holds, for each record, the pairs it takes part in
    con.execute("""
        CREATE TABLE records_keyed AS
        SELECT r.*, coalesce(k.keys, []) AS pair_keys FROM records r
        LEFT JOIN (SELECT id, list(l || '|' || r) AS keys FROM (
            SELECT l AS id, l, r FROM pairs UNION ALL SELECT r AS id, l, r FROM pairs) GROUP BY id) k
        ON k.id = r.unique_id
    """)
    db_api = DuckDBAPI(con)
    sdf = db_api.register("records_keyed")
    settings["blocking_rules_to_generate_predictions"] = [block_on("pair_keys", arrays_to_explode=["pair_keys"])]
    splink_log = logging.getLogger("splink")
    level = splink_log.level
    splink_log.setLevel(logging.ERROR)  # levels no sampled pair reaches keep their prior u: not worth a warning
    try:
        linker = Linker(sdf, settings, log_level=logging.ERROR)
        if len(rows) >= MIN_RECORDS_FOR_U:
            linker.training.estimate_u_using_random_sampling(max_pairs=1e7, seed=seed)
        how = "priors"
        if train and len(pairs) >= MIN_PAIRS_FOR_EM:
            how = _train_m(linker, con, settings)
        if kind == "Person":
            _register_name_rarity(linker, db_api, con)
        result = linker.inference.predict()
        model = _parameters(linker, kind, how, prior, len(rows), len(pairs), seed)
    finally:
        splink_log.setLevel(level)
    rel = con.sql(f"SELECT * FROM {result.physical_name}")
    names = [d[0] for d in rel.description]
    scored = [dict(zip(names, values, strict=True)) for values in rel.fetchall()]
    want = {(c.left, c.right) for c in pairs}
    out: list[Scored] = []
    seen: set[tuple[str, str]] = set()
    for row in scored:
        a, b = sorted((str(row["unique_id_l"]), str(row["unique_id_r"])))
        if (a, b) not in want or (a, b) in seen:
            continue
        seen.add((a, b))
        parts = [f"{c} {row['mw_' + c]:+.1f}" for c in _comparison_names(settings) if row.get("mw_" + c)]
        # the name-rarity term of an exact name agreement (Splink's term-frequency adjustment)
        parts += [f"name rarity {row['mw_tf_adj_' + c]:+.1f}" for c in _comparison_names(settings) if row.get("mw_tf_adj_" + c)]
        out.append(Scored(a, b, float(row["match_probability"]),
                          f"match weight {row['match_weight']:.1f} (prior {math.log2(prior / (1 - prior)):.1f}; " + ", ".join(parts) + ")"))
    con.close()
    return out, model


def _register_name_rarity(linker: Any, db_api: Any, con: Any) -> None:
    """Term-frequency tables for the name levels that carry ``tf_adjustment_column``: a value's term
    frequency is the level's u scaled by how much rarer than average its first and last name are
    (:func:`name_rarity`), so that Splink's adjustment, log2(u / tf), adds exactly that many bits:
    the frequency of a name comes from the population, not from the few records of a store."""
    for comparison in linker._settings_obj.comparisons:  # the trained levels' u (no public getter)
        for lvl in comparison.comparison_levels:
            column = lvl._tf_adjustment_input_column_name if lvl._has_tf_adjustments else None
            if not column or lvl.u_probability is None:
                continue
            u = float(lvl.u_probability)
            values = con.sql(f"SELECT DISTINCT {column} FROM records WHERE {column} IS NOT NULL").fetchall()
            table = f"name_rarity_{column}"
            con.execute(f"CREATE OR REPLACE TABLE {table} ({column} VARCHAR, tf_{column} DOUBLE)")
            rows = []
            for (value,) in values:
                first, middle, last = str(value).split("|")
                bits = name_rarity(first, last, middle)
                rows.append((value, u * 2.0 ** -(bits or 0.0)))
            con.executemany(f"INSERT INTO {table} VALUES (?, ?)", rows)
            linker.table_management.register_term_frequency_lookup(db_api.register(table), column)


BLOCKING_COMPARISONS = frozenset({"name", "identifiers"})
"""Comparisons whose m the EM leaves at the prior: the candidate pairs were made by agreeing on them."""
EM_ITERATIONS = 30
EM_PRIOR_WEIGHT = 10.0
"""Pseudo-count of the prior m probabilities in each EM update (as if that many pairs agreed with
them): keeps a level that few candidate pairs reach near its prior instead of at 0 or 1."""


def _m_update(counts: Mapping[int, float], total: float, prior: Mapping[int, float], held: set[int]) -> dict[int, float]:
    """One EM update of a comparison's m probabilities (with the prior as pseudo-counts); the ``held``
    levels keep their prior m and the others share the rest in proportion to their estimates."""
    est = {g: (counts[g] + EM_PRIOR_WEIGHT * prior[g]) / (total + EM_PRIOR_WEIGHT) for g in prior if g not in held}
    free = 1.0 - sum(prior[g] for g in held)
    scale = free / sum(est.values()) if held and sum(est.values()) > 0 else 1.0
    return {g: prior[g] if g in held else est[g] * scale for g in prior}


def _train_m(linker: Any, con: Any, settings_dict: Mapping[str, Any]) -> str:
    """Estimate the m probabilities by expectation maximisation over the candidate pairs (u fixed, as
    random sampling or this module set them), and put them into the linker.  Splink's own EM
    (``estimate_parameters_using_expectation_maximisation``) cannot use the exploded pair-key
    blocking rule, so the comparison vectors of the candidate pairs are computed here in DuckDB from
    the levels' own SQL conditions, and trained with Fellegi-Sunter EM (the match proportion free),
    deterministic given the pairs.  As Splink's EM does for the comparisons of its blocking rule,
    the comparisons that made the candidate pairs (:data:`BLOCKING_COMPARISONS`: names and
    identifiers) keep their prior m — among pairs chosen for agreeing on them, EM would learn the
    blocking, not the match — and so do the levels whose u this module fixes (a decision, not an
    estimate).  Returns how the m probabilities were set."""
    settings = linker._settings_obj  # Splink 5 has no public setter for a level's m
    comparisons = list(settings.comparisons)
    columns = [str(d[0]) for d in con.sql("SELECT * FROM records LIMIT 0").description]
    side = {x: ", ".join(f"{c} AS {c}_{x}" for c in columns) for x in "lr"}
    cases = []
    for k, c in enumerate(comparisons):
        whens = [f"WHEN {lvl.sql_condition} THEN {i}" for i, lvl in enumerate(c.comparison_levels) if lvl.sql_condition != "ELSE"]
        cases.append(f"CASE {' '.join(whens)} ELSE {len(c.comparison_levels) - 1} END AS g{k}")
    # the comparison vector of every candidate pair (the level index of each comparison)
    vectors = con.sql(f"""SELECT {', '.join(cases)} FROM pairs p
        JOIN (SELECT {side['l']} FROM records) ON unique_id_l = p.l JOIN (SELECT {side['r']} FROM records) ON unique_id_r = p.r
        ORDER BY p.l, p.r""").fetchall()
    fixed = {(c["output_column_name"], lvl["label_for_charts"]) for c in settings_dict["comparisons"]
             for lvl in c["comparison_levels"] if lvl.get("fix_u_probability")}
    levels = [{i: lvl for i, lvl in enumerate(c.comparison_levels) if not lvl.is_null_level} for c in comparisons]
    # a level whose u this module fixes keeps its prior m as well; the comparison's other levels are
    # trained and share what is left (a comparison all of whose levels are fixed is not trained)
    held = [{g for g, lvl in lv.items() if (c.output_column_name, lvl.label_for_charts) in fixed}
            for c, lv in zip(comparisons, levels, strict=True)]
    trained = [c.output_column_name not in BLOCKING_COMPARISONS and len(h) < len(lv)
               for c, lv, h in zip(comparisons, levels, held, strict=True)]
    prior_m = [{g: float(lvl.m_probability) for g, lvl in lv.items()} for lv in levels]
    u = [{g: float(lvl.u_probability) for g, lvl in lv.items()} for lv in levels]
    m = [dict(p) for p in prior_m]
    lam = 0.5
    for _ in range(EM_ITERATIONS):
        counts = [dict.fromkeys(p, 0.0) for p in prior_m]
        totals = [0.0] * len(prior_m)
        matched = 0.0
        for vec in vectors:
            pm, pu = lam, 1.0 - lam
            for k, g in enumerate(vec):
                if g in m[k]:
                    pm *= m[k][g]
                    pu *= u[k][g]
            w = pm / (pm + pu) if pm + pu > 0 else 0.0
            matched += w
            for k, g in enumerate(vec):
                if g in counts[k]:
                    counts[k][g] += w
                    totals[k] += w
        new = [_m_update(counts[k], totals[k], prior_m[k], held[k]) if trained[k] else dict(prior_m[k]) for k in range(len(prior_m))]
        change = max(abs(new[k][g] - m[k][g]) for k in range(len(m)) for g in m[k])
        m, lam = new, min(max(matched / max(1, len(vectors)), 1e-6), 1 - 1e-6)
        if change < 1e-5:
            break
    for k, lv in enumerate(levels):
        for g, lvl in lv.items():
            lvl.m_probability = m[k][g]
    names = ", ".join(c.output_column_name for c, t in zip(comparisons, trained, strict=True) if t)
    return f"EM over {len(vectors)} candidate pairs ({names}; match proportion {lam:.3f})"


def _parameters(linker: Any, kind: str, how: str, prior: float, records: int, pairs: int, seed: int) -> dict[str, Any]:
    """The model's parameters as used: per comparison and level, m and u and the match weight."""
    comparisons: dict[str, list[dict[str, Any]]] = {}
    for comparison in linker._settings_obj.comparisons:  # a read-only view of the trained model (no public getter)
        levels = []
        for lvl in comparison.comparison_levels:
            if lvl.is_null_level:
                continue
            m, u = lvl.m_probability, lvl.u_probability
            levels.append({"level": lvl.label_for_charts, "m": None if m is None else round(float(m), 6),
                           "u": None if u is None else float(f"{float(u):.6g}"),
                           "weight": round(math.log2(m / u), 2) if m and u else None})
        comparisons[comparison.output_column_name] = levels
    return {"kind": kind, "m_probabilities": how, "u_probabilities": "random sampling" if records >= MIN_RECORDS_FOR_U else "priors",
            "prior": float(f"{prior:.6g}"), "records": records, "candidate_pairs": pairs, "seed": seed,
            "comparisons": comparisons}


def _comparison_names(settings: Mapping[str, Any]) -> list[str]:
    return [str(c["output_column_name"]) for c in settings["comparisons"]]


# ----------------------------------------------------------------------------- judgements


@dataclass(frozen=True)
class Judgement:
    iri: str
    left: str
    right: str
    verdict: str
    judged_by: str
    judged_at: str
    score: float | None = None
    explanation: str = ""
    withdrawn_at: str | None = None

    @property
    def by_person(self) -> bool:
        return self.judged_by.startswith("person:")


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _judgement_iri(left: str, right: str, by: str, at: str) -> str:
    digest = hashlib.sha256(f"{left}\x1f{right}".encode()).hexdigest()[:20]
    who = hashlib.sha256(by.encode()).hexdigest()[:6]
    return f"{ID_IRI}judgement/{digest}/{re.sub(r'[^0-9]', '', at)}-{who}"


def _lit(value: str, datatype: str | None = None) -> ox.Literal:
    return ox.Literal(value, datatype=ox.NamedNode(datatype)) if datatype else ox.Literal(value)


def _judgement_quads(j: Judgement) -> list[ox.Quad]:
    g = ox.NamedNode(RESOLUTION_GRAPH)
    s = ox.NamedNode(j.iri)
    quads = [
        ox.Quad(s, ox.NamedNode(_RDF_TYPE), ox.NamedNode(str(CKG.Judgement)), g),
        ox.Quad(s, ox.NamedNode(str(CKG.left)), ox.NamedNode(j.left), g),
        ox.Quad(s, ox.NamedNode(str(CKG.right)), ox.NamedNode(j.right), g),
        ox.Quad(s, ox.NamedNode(str(CKG.verdict)), _lit(j.verdict), g),
        ox.Quad(s, ox.NamedNode(str(CKG.judgedBy)), _lit(j.judged_by), g),
        ox.Quad(s, ox.NamedNode(str(CKG.judgedAt)), _lit(j.judged_at, _XSD + "dateTime"), g),
    ]
    if j.score is not None:
        quads.append(ox.Quad(s, ox.NamedNode(str(CKG.score)), _lit(f"{j.score:.6f}", _XSD + "decimal"), g))
    if j.explanation:
        quads.append(ox.Quad(s, ox.NamedNode(str(CKG.explanation)), _lit(j.explanation), g))
    if j.withdrawn_at:
        quads.append(ox.Quad(s, ox.NamedNode(str(CKG.withdrawnAt)), _lit(j.withdrawn_at, _XSD + "dateTime"), g))
    return quads


_RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


def judgements(store: Any) -> list[Judgement]:
    """Every judgement of the resolution graph, oldest first."""
    q = f"""
    SELECT ?j ?l ?r ?v ?by ?at ?score ?why ?w WHERE {{ GRAPH <{RESOLUTION_GRAPH}> {{
        ?j a ckg:Judgement ; ckg:left ?l ; ckg:right ?r ; ckg:verdict ?v ; ckg:judgedBy ?by ; ckg:judgedAt ?at .
        OPTIONAL {{ ?j ckg:score ?score }} OPTIONAL {{ ?j ckg:explanation ?why }} OPTIONAL {{ ?j ckg:withdrawnAt ?w }}
    }} }} ORDER BY ?at ?j"""
    out = []
    for row in run_query(store, q):
        out.append(Judgement(row["j"], row["l"], row["r"], row["v"], row["by"], row["at"],
                             float(row["score"]) if "score" in row else None, row.get("why", ""), row.get("w")))
    return out


def effective_verdicts(js: Iterable[Judgement]) -> dict[tuple[str, str], Judgement]:
    """The judgement that counts for each pair: the latest person's judgement not withdrawn, else the
    latest model judgement not withdrawn."""
    best: dict[tuple[str, str], Judgement] = {}
    for j in js:
        if j.withdrawn_at:
            continue
        key = _pair(j.left, j.right)
        cur = best.get(key)
        if cur is None or (j.by_person, j.judged_at) >= (cur.by_person, cur.judged_at):
            best[key] = j
    return best


def _write(store: ox.Store, add: Sequence[ox.Quad] = (), remove_sparql: str = "") -> None:
    if remove_sparql:
        store.update(remove_sparql)
    if add:
        store.extend(list(add))
    if hasattr(store, "flush"):
        store.flush()


def _entity_exists(store: Any, iri: str) -> bool:
    q = "ASK { GRAPH ?g { ?e a ?k . VALUES ?k { ckg:Organization ckg:Person } } }"
    return run_query(store, q.replace("?e", f"<{iri}>"))[0]["result"] == "true" if re.fullmatch(r"[^<>\s\"{}|^`\\]+", iri) else False


def decide(store: ox.Store, left: str, right: str, verdict: str, *, by: str = "person:reviewer",
           note: str = "", at: str | None = None, score: float | None = None) -> Judgement:
    """Record a judgement of the pair (``positive`` = the same, ``negative`` = different, ``unsure``)
    and recompute the canonical links.  ``by`` names who decided ("person:NAME" or "model:...")."""
    verdict = {"same": "positive", "different": "negative"}.get(verdict, verdict)
    if verdict not in VERDICTS:
        raise ResolutionError(f"verdict must be same/positive, different/negative or unsure, not {verdict!r}")
    if left == right:
        raise ResolutionError("a pair needs two different entities")
    for iri in (left, right):
        if not _entity_exists(store, iri):
            raise ResolutionError(f"no organization or person {iri} in the store")
    a, b = _pair(left, right)
    when = at or _now()
    j = Judgement(_judgement_iri(a, b, by, when), a, b, verdict, by, when, score, note)
    _write(store, _judgement_quads(j))
    refresh_canonical(store)
    return j


def withdraw(store: ox.Store, left: str, right: str | None = None, *, by: str | None = None) -> list[Judgement]:
    """Withdraw the judgements of a pair (all of them, or only those ``by`` one judge); or, with
    ``right`` None, the judgement whose IRI is ``left``.  They stay as history, marked ckg:withdrawnAt,
    and the canonical links are recomputed."""
    when = _now()
    hit = []
    for j in judgements(store):
        if j.withdrawn_at:
            continue
        if right is None and j.iri != left:
            continue
        if right is not None and _pair(j.left, j.right) != _pair(left, right):
            continue
        if by is not None and j.judged_by != by:
            continue
        hit.append(j)
    if not hit:
        raise ResolutionError("no judgement to withdraw for " + (left if right is None else f"{left} / {right}"))
    g = ox.NamedNode(RESOLUTION_GRAPH)
    _write(store, [ox.Quad(ox.NamedNode(j.iri), ox.NamedNode(str(CKG.withdrawnAt)), _lit(when, _XSD + "dateTime"), g)
                   for j in hit])
    refresh_canonical(store)
    return hit


# ----------------------------------------------------------------------------- clusters


def canonical_map(store: Any, recs: Mapping[str, Record] | None = None) -> dict[str, str]:
    """Entity → canonical entity for every node in a cluster of two or more, from the effective
    judgements: positive pairs join clusters, strongest first, unless a judgement between the two
    clusters says their members are different: a negative one (a person's 'different' always
    separates), or a model's score below :data:`SEPARATES` (John C. and John E. Feltl are not joined
    through a "Jack Feltl" who matches both)."""
    eff = effective_verdicts(judgements(store))
    negatives = {k for k, j in eff.items() if j.verdict == "negative" or
                 (j.verdict == "unsure" and not j.by_person and j.score is not None and j.score < SEPARATES)}
    positives = sorted((j for j in eff.values() if j.verdict == "positive"),
                       key=lambda j: (not j.by_person, -(j.score if j.score is not None else 1.0), j.left, j.right))
    parent: dict[str, str] = {}
    members: dict[str, set[str]] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        members.setdefault(x, {x})
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for j in positives:
        ra, rb = find(j.left), find(j.right)
        if ra == rb:
            continue
        if any(_pair(x, y) in negatives for x in members[ra] for y in members[rb]):
            continue
        parent[rb] = ra
        members[ra] |= members.pop(rb)
    out: dict[str, str] = {}
    for root, group in members.items():
        if len(group) < 2 or find(root) != root:
            continue
        canon = min(group, key=lambda i: Record(i, "").key_rank())
        for m in group:
            out[m] = canon
    return out


def refresh_canonical(store: ox.Store) -> int:
    """Rewrite the ckg:canonical links of the resolution graph from the judgements; returns the number
    of entities linked."""
    cmap = canonical_map(store)
    g = ox.NamedNode(RESOLUTION_GRAPH)
    _write(store, [ox.Quad(ox.NamedNode(m), ox.NamedNode(str(CKG.canonical)), ox.NamedNode(c), g) for m, c in sorted(cmap.items())],
           f"DELETE WHERE {{ GRAPH <{RESOLUTION_GRAPH}> {{ ?m <{CKG.canonical}> ?c }} }}")
    return len(cmap)


# ----------------------------------------------------------------------------- the run


@dataclass
class ResolveResult:
    records: int
    candidates: int
    positive: int
    negative: int
    unsure: int
    canonical: int
    scored: list[Scored] = field(default_factory=list)
    parameters: dict[str, Any] = field(default_factory=dict)
    """The models as used, per kind: how m and u were set, and each level's m, u and weight."""


def _shares_name_or_id(c: Candidate) -> bool:
    return any(k.startswith(("id:", "on:", "pn:", "pl:")) for k in c.keys)


def resolve(store: ox.Store, *, positive: float = POSITIVE, negative: float = NEGATIVE, seed: int = 13,
            train: bool = True) -> ResolveResult:
    """Block, score and judge every candidate pair of ``store``, organizations first (persons are then
    compared with their issuers and organizations resolved); replaces the model's earlier judgements
    (a person's are kept and keep overriding) and recomputes the canonical links."""
    recs = records(store)
    lone = _lone_full_names(recs)
    pairs = candidates(recs, lone=lone)
    by_pair = {(c.left, c.right): c for c in pairs}
    remove = f"""DELETE {{ GRAPH <{RESOLUTION_GRAPH}> {{ ?j ?p ?o }} }} WHERE {{ GRAPH <{RESOLUTION_GRAPH}> {{
        ?j a <{CKG.Judgement}> ; <{CKG.judgedBy}> ?by ; ?p ?o . FILTER (STRSTARTS(?by, "model:")) }} }}"""
    _write(store, (), remove)
    when = _now()
    counts = {"positive": 0, "negative": 0, "unsure": 0}
    all_scored: list[Scored] = []
    parameters: dict[str, Any] = {}
    for kind in ("Organization", "Person"):
        orgs = canonical_map(store) if kind == "Person" else {}
        scored = score(recs, pairs, kind=kind, orgs=orgs, seed=seed, train=train, parameters=parameters, lone=lone)
        all_scored.extend(scored)
        new: list[Judgement] = []
        for s in scored:
            if s.probability >= positive:
                verdict = "positive"
            elif s.probability <= negative:
                if not _shares_name_or_id(by_pair[(s.left, s.right)]):
                    continue
                verdict = "negative"
            else:
                verdict = "unsure"
            counts[verdict] += 1
            expl = f"blocked on {', '.join(by_pair[(s.left, s.right)].keys)}; {s.explanation}"
            new.append(Judgement(_judgement_iri(s.left, s.right, MODEL, when), s.left, s.right, verdict, MODEL, when,
                                 round(s.probability, 6), expl))
        _write(store, [q for j in new for q in _judgement_quads(j)])
    linked = refresh_canonical(store)
    return ResolveResult(len(recs), len(pairs), counts["positive"], counts["negative"], counts["unsure"], linked, all_scored,
                         parameters)


# ----------------------------------------------------------------------------- review


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def review_queue(store: Any, *, limit: int = 20) -> list[Judgement]:
    """Pairs waiting for a person: the model's unsure judgements that no person has judged, the most
    uncertain (score nearest 0.5) first."""
    eff = effective_verdicts(judgements(store))
    open_ = [j for j in eff.values() if j.verdict == "unsure" and not j.by_person]
    open_.sort(key=lambda j: (abs((j.score if j.score is not None else 0.5) - 0.5), j.left, j.right))
    return open_[:limit]


def evidence_of(store: Any, entity: str, *, limit: int = 3) -> dict[str, Any]:
    """What the filings say about one entity, for a reviewer: names, identifiers, linked organizations
    and a few quotes of the statements naming it."""
    recs = {}
    for name in ("resolution_names", "resolution_attributes", "resolution_links", "resolution_mentions"):
        recs[name] = run_query(store, load_named(name), {"entity": entity})
    quotes = run_query(store, f"""
        SELECT DISTINCT ?type ?quote ?fileName WHERE {{ GRAPH ?g {{
            ?r a ?type ; ?slot <{entity}> ; ckg:evidence/ckg:quote ?quote ; <{PREFIXES['prov']}wasDerivedFrom> ?f .
            ?type rdfs:subClassOf* ckg:Relation .
            OPTIONAL {{ ?f ckg:fileName ?fileName }} }} }} LIMIT {int(limit) * 4}""")
    quotes = [q for q in quotes if not q.get("type", "").endswith("#Relation")][:limit]
    return {
        "entity": entity,
        "names": sorted({r["name"] for r in recs["resolution_names"]}),
        "attributes": sorted({f"{r['property']} {r['value']}" for r in recs["resolution_attributes"]}),
        "organizations": sorted({r["organization"] for r in recs["resolution_links"]}),
        "filings": sorted({r.get("fileName", r["filing"]) + (f" ({r['asOf']})" if r.get("asOf") else "")
                           for r in recs["resolution_mentions"]}),
        "quotes": [f"{q.get('fileName', '')}: {_squash(q['quote'])[:300]}" for q in quotes],
    }


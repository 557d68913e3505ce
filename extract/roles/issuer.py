"""The issuer role: who a filing is about and by, from the SEC header and the cover page.

The SEC header names the parties (filer, subject company, filed by, reporting owners) in upper
case ("conformed" names); the cover page prints the registrant's name, state, file number, EIN,
address and phone.  The label of each party is its fullest proper name *as written*: the
mixed-case spelling the filing's own text uses for the header name when there is one, else a
careful title-casing of the conformed name.  Every fact carries evidence in the header or cover.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from corpkg import __version__
from corpkg.extract.model import Document, Entity, EntityKind, Evidence, Fact, Party
from corpkg.extract.names import classify_name, has_legal_suffix, name_key, normalize_name
from corpkg.extract.roles.common import COMMON, fragment, limits, load_json, regexes, scores, template, windows

__all__ = ["EXTRACTOR", "extract_issuer", "IssuerResult", "proper_name", "title_case", "as_of_date"]

EXTRACTOR = f"corpkg.roles.issuer@{__version__}"
PATTERNS = "issuer.json"  # extract/patterns/roles/issuer.json: regexes and numbers (word lists: extract/patterns/issuer.json)
_RX = regexes(PATTERNS)
_COMMON_RX = regexes(COMMON)
_W = windows(PATTERNS)
_L = limits(PATTERNS)
_SCORES = scores(PATTERNS)
_TOKEN_SPELLINGS: dict[str, str] = load_json(PATTERNS)["conformed_token_spellings"]
_NAME_TOKEN_GAP = fragment(PATTERNS, "name_token_gap")
_INITIAL = template(PATTERNS, "initial")
_NAME_IN_TEXT = template(PATTERNS, "name_in_text")

# header party role -> Fact slot
_SLOTS = {
    "filer": "filer",
    "subject-company": "subjectCompany",
    "filed-by": "filedBy",
    "reporting-owner": "reportingOwner",
    "issuer": "issuer",
}


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    path = resources.files("corpkg.extract").joinpath("patterns", "issuer.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


# ----------------------------------------------------------------------------- spelling names


def title_case(name: str) -> str:
    """Careful title case of an upper-case conformed name: "WMX TECHNOLOGIES INC" → "WMX
    Technologies Inc.", "BANK OF AMERICA CORP /DE/" → "Bank of America Corp."."""
    data = _data()
    suffixes = data["suffix_spellings"]
    lower_words = set(data["lowercase_words"])
    short_words = set(data["short_words"])
    text = _RX["state_tag"].sub("", name.strip())  # "/DE/" state tags of conformed names
    tokens = text.split()
    out = []
    for i, tok in enumerate(tokens):
        bare = tok.strip(",.")
        trail = tok[len(tok.rstrip(",.")):]
        up = bare.upper()
        last = i == len(tokens) - 1
        if last and up in suffixes:
            word = suffixes[up]
            trail = trail.replace(".", "") if word.endswith(".") else trail
        elif i and bare.lower() in lower_words:
            word = bare.lower()
        elif not _RX["letter"].search(bare):
            word = bare
        elif len(bare) <= _W["acronym"] and bare.isalpha() and (bare.lower() not in short_words or not _RX["vowel"].search(up)):
            word = up  # acronyms: AES, CVR, WMX, IBM
        elif not _RX["vowel"].search(up) and bare.isalpha():
            word = up
        else:
            word = "-".join(_cap(p) for p in bare.split("-"))
        out.append(word + trail)
    return " ".join(out)


def _cap(part: str) -> str:
    if not part:
        return part
    p = part.lower()
    if p.startswith("mc") and len(p) > 2:
        return "Mc" + p[2:].capitalize()
    if "'" in p:
        return "'".join(s.capitalize() for s in p.split("'"))
    if "&" in p:
        return p.upper()
    return p.capitalize()


def _token_pattern(tok: str) -> str:
    bare = tok.strip(",.")
    if not bare:
        return ""
    up = bare.upper()
    if up in _TOKEN_SPELLINGS:
        return _TOKEN_SPELLINGS[up]
    if len(bare) == 1 and bare.isalpha():
        return _INITIAL.fill(letter=re.escape(bare))
    return re.escape(bare)


@lru_cache(maxsize=256)
def _name_regex(name: str) -> re.Pattern[str] | None:
    text = _RX["state_tag"].sub("", name.strip())
    tokens = [t for t in _RX["token_separator"].split(text) if t.strip(",.")]
    if tokens and tokens[0].upper() == "THE":
        tokens = tokens[1:]
    parts = [p for p in (_token_pattern(t) for t in tokens) if p]
    if not parts:
        return None
    body = _NAME_TOKEN_GAP.join(parts)  # conformed names turn "Amazon.com" into "AMAZON COM"
    return _NAME_IN_TEXT.compile(body=body)


def proper_name(conformed: str, text: str, *, person: bool = False) -> tuple[str, int | None]:
    """The fullest mixed-case spelling of ``conformed`` that ``text`` writes, and its first offset;
    else a title-cased form and None."""
    candidates = [conformed]
    if person:
        toks = conformed.split()
        if len(toks) >= 2:  # EDGAR writes persons LAST FIRST MIDDLE
            candidates.append(" ".join(toks[1:] + toks[:1]))
    for cand in candidates:
        rx = _name_regex(cand)
        if rx is None:
            continue
        seen: Counter[str] = Counter()
        first: dict[str, int] = {}
        the_upper = the_lower = 0
        for m in rx.finditer(text):
            s = _COMMON_RX["whitespace"].sub(" ", m.group(0)).strip(" ,")
            if not _RX["lowercase_letter"].search(s) or s.isupper():
                continue
            core = s[len("The ") :] if s.startswith("The ") else s
            if not core[:1].isupper():
                continue
            before = text[max(0, m.start() - _W["mid_sentence_before"]):m.start()]
            mid_sentence = bool(_RX["mid_sentence_before"].search(before))
            if s.startswith("The "):
                the_upper += mid_sentence
            elif s.lower().startswith("the "):
                the_lower += 1
                continue
            elif mid_sentence and _RX["the_before"].search(text[max(0, m.start() - _W["the_before"]):m.start()]):
                the_lower += 1
            seen[core] += 1
            first.setdefault(core, m.start() + (len(s) - len(core)) if s.startswith("The ") else m.start())
        if seen:
            best = max(seen, key=lambda s: (seen[s], len(s), s))
            # "The" belongs to the name when the conformed name has it, or when the text
            # capitalises it mid-sentence more often than it writes "the"
            starts_with_the = conformed.upper().startswith("THE ") or (the_upper >= _L["capitalised_the"] and the_upper > the_lower)
            label = ("The " + best) if starts_with_the and not best.startswith("The ") else best
            return label, first[best]
    if person:
        toks = conformed.split()
        if len(toks) >= 2:
            return title_case(" ".join(toks[1:] + toks[:1])), None
    return title_case(conformed), None


# ----------------------------------------------------------------------------- parties


@dataclass
class _Party:
    slot_roles: list[str]
    kind: EntityKind
    label: str
    conformed: str | None
    identifiers: dict[str, str] = field(default_factory=dict)
    attributes: list[tuple[str, str]] = field(default_factory=list)
    aliases: set[str] = field(default_factory=set)
    evidence: list[Evidence] = field(default_factory=list)


@dataclass(frozen=True)
class IssuerResult:
    entities: tuple[Entity, ...]
    facts: tuple[Fact, ...]
    issuer: Entity | None


def _state(value: str | None) -> str | None:
    if not value or not value.strip():
        return None
    v = value.strip()
    states = _data()["states"]
    if v.upper() in states:
        return str(states[v.upper()])
    return title_case(v) if v.isupper() else v


def _party_kind(p: Party) -> EntityKind:
    name = p.name or ""
    if (p.irs_number and _RX["zero_or_non_digit"].sub("", p.irs_number)) or p.sic or p.state_of_incorporation:
        return "Organization"
    return _name_kind(name)


def _name_kind(name: str) -> EntityKind:
    """Person or Organization for a bare upper-case name, by its shape (corpkg.extract.names)."""
    if has_legal_suffix(name) or has_legal_suffix(_RX["state_tag"].sub("", name)):
        return "Organization"
    kind, _conf = classify_name(title_case(name))
    return "Person" if kind == "Person" else "Organization"


def _same_name(a: str, b: str) -> bool:
    """Header names of one party: equal when normalised, or the same words in another order
    (EDGAR writes persons LAST FIRST MIDDLE, GROUP MEMBERS lines often FIRST MIDDLE LAST)."""
    na, nb = normalize_name(a), normalize_name(b)
    return bool(na) and (na == nb or sorted(na.split()) == sorted(nb.split()))


def _group_member_spans(doc: Document) -> list[tuple[int, int]]:
    h = doc.header
    if h is None or h.end <= h.start:
        return []
    rx = _RX["group_members_line"]
    return [(m.start(1), m.end(1)) for m in rx.finditer(doc.text, h.start, h.end)]


def _cover_former_name(doc: Document, issuer: _Party, former: str, text: str) -> None:
    """"Concierge Technologies, Inc. / (Former Name or Former Address, if Changed Since Last Report)": the
    issuer's former name, an alias with its cover evidence (unless it is one of its names already)."""
    if normalize_name(former) in {normalize_name(n) for n in (issuer.label, *issuer.aliases)}:
        return
    label, _ = proper_name(former, text)
    if ("formerName", label) not in issuer.attributes:
        issuer.attributes.append(("formerName", label))
    issuer.aliases.add(label)
    span = _cover_span(doc, "former_name")
    ev = _evidence(doc, *span, "Cover page") if span else None
    if ev is not None:
        issuer.evidence.append(ev)


def _evidence(doc: Document, start: int, end: int, section: str) -> Evidence | None:
    if 0 <= start < end <= len(doc.text):
        quote = doc.text[start:end]
        if quote.strip() and quote == quote.strip():
            return Evidence(quote=quote, start=start, end=end, section=section, extractor=EXTRACTOR, confidence=_SCORES["header_or_cover"])
    return None


def _header_name_spans(doc: Document) -> list[tuple[int, int]]:
    """Spans of the names in the header's COMPANY CONFORMED NAME / OWNER lines, in order."""
    h = doc.header
    if h is None or h.end <= h.start:
        return []
    spans = []
    rx = _RX["header_name_line"]
    for m in rx.finditer(doc.text, h.start, h.end):
        spans.append((m.start(1), m.end(1)))
    return spans


def _cover_span(doc: Document, field_name: str) -> tuple[int, int] | None:
    if doc.cover is None:
        return None
    for name, s, e in doc.cover.spans:
        if name == field_name:
            return s, e
    return None


def _is_schedule(doc: Document) -> bool:
    form = (doc.form_type or "").upper()
    return any(form.startswith(f) for f in _data()["schedule_forms"])


def _renamed(issuer: _Party, cover_name: str, doc: Document) -> bool:
    """Whether the cover's registrant name is the header issuer under a newer name: the header has
    one candidate party, the form is not a schedule (whose cover names the subject company, already
    the issuer), and the two names share a distinctive word."""
    if _is_schedule(doc) or doc.header is None:
        return False
    candidates = [p for p in doc.header.parties if p.role in ("filer", "subject-company", "issuer")]
    if len({_RX["non_digit"].sub("", p.cik or "") or p.name for p in candidates}) != 1:
        return False

    def words(name: str) -> set[str]:
        return {w for w in normalize_name(name).split() if len(w) > _W["indistinct_word"]}

    return bool(words(issuer.conformed or issuer.label) & words(cover_name))


def as_of_date(doc: Document) -> str | None:
    """The date the filing states its facts as of: the day it was filed (SEC header FILED AS OF
    DATE), else the day it was signed (signatures section), else its date of report, else the
    period of report.  A 10-Q filed on 2002-05-20 for the quarter ended 2002-03-31 says who is
    President on 2002-05-20; the period stays on the filing as ckg:periodOfReport."""
    h, c = doc.header, doc.cover
    for value in (
        h.filed_as_of if h else None,
        c.signature_date if c else None,
        c.date_of_report if c else None,
        h.period_of_report if h else None,
        c.period_of_report if c else None,
    ):
        if value:
            return value
    return None


def _self_named(doc: Document) -> _Party | None:
    """The issuer of a document with neither SEC header nor cover name (a prospectus supplement
    filed alone): the company its own text says "we" refers to, else the one its pricing table
    pays the proceeds to, else the one its caption names under "Filed pursuant to Rule 424(b)(3)";
    a name with a legal suffix, with evidence where it is printed."""
    reach = min(len(doc.text), _W["self_reference_reach"])
    for key in ("self_reference_name", "proceeds_name", "prospectus_caption_name"):
        for m in _RX[key].finditer(doc.text, 0, reach):
            name = m.group("name").rstrip(" ,")
            if not has_legal_suffix(name):
                continue
            start = m.start("name")
            ev = _evidence(doc, start, start + len(name), "Self-reference")
            return _Party(["issuer"], "Organization", name, None, evidence=[ev] if ev else [])
    return _defined_party(doc, reach)


_PARTY_RANK = {t: i for i, t in enumerate(load_json(PATTERNS)["defined_party_terms"])}


def _defined_party(doc: Document, reach: int, terms: frozenset[str] | None = None) -> _Party | None:
    """The party the document defines as the one it is about ("Lifetime Brands, Inc. (the
    “Borrower”)"), the best-ranked term first (only ``terms`` when given): a name with a legal suffix."""
    best: tuple[int, int, int, str] | None = None
    for m in _RX["defined_party_name"].finditer(doc.text, 0, reach):
        if terms is not None and m.group("term").lower() not in terms:
            continue
        raw = m.group("name").rstrip(" ,\n")
        start = m.start("name")
        pieces = list(_RX["and_split"].finditer(raw))
        if pieces and has_legal_suffix(" ".join(raw[pieces[-1].end():].split())):
            start += pieces[-1].end()
            raw = raw[pieces[-1].end():]
        heading = _RX["preamble_heading"].match(raw)
        if heading:
            start += heading.end()
            raw = raw[heading.end():]
        if not has_legal_suffix(" ".join(raw.split())):
            continue
        rank = _PARTY_RANK[m.group("term").lower()]
        if best is None or rank < best[0]:
            best = (rank, start, start + len(raw), raw)
    if best is None:
        return None
    _, s, e, raw = best
    name = " ".join(raw.split())
    label = proper_name(name, doc.text)[0] if name.isupper() else name
    ev = _evidence(doc, s, e, "Preamble")
    party = _Party(["issuer"], "Organization", label, None, evidence=[ev] if ev else [])
    if name != label:
        party.aliases.add(name)
    return party


_SUPPORTING = frozenset(load_json(PATTERNS)["supporting_capacities"])
_SUPPORTED_TERMS = frozenset(load_json(PATTERNS)["supported_party_terms"])


def _supported_debtor(doc: Document) -> _Party | None:
    """A document without SEC header whose agreement's main party only supports another's debt (a
    subsidiary's guarantee or pledge, read as its registrant): the debtor the document defines
    ("Bird Global, Inc., a Delaware corporation (the “Issuer”)" in the recitals), when it is another
    company. Such exhibits are filed by the debtor, the group's public company."""
    if doc.header is not None or not doc.agreements or doc.cover is None or not doc.cover.registrant_name:
        return None
    main = doc.agreements[0].issuer
    if main is None or main.capacity.lower() not in _SUPPORTING or main.name != doc.cover.registrant_name:
        return None
    debtor = _defined_party(doc, min(len(doc.text), _W["self_reference_reach"]), _SUPPORTED_TERMS)
    if debtor is None or normalize_name(debtor.label) == normalize_name(main.name):
        return None
    return debtor


def extract_issuer(doc: Document) -> IssuerResult:
    """The filing's parties as entities and ``issuer`` facts (slots issuer, filer, subjectCompany,
    filedBy, reportingOwner), each with evidence in the header or on the cover."""
    text = doc.text
    header_spans = _header_name_spans(doc)
    parties: list[_Party] = []
    by_cik: dict[str, _Party] = {}
    span_i = 0

    for hp in doc.header.parties if doc.header else ():
        if not hp.name:
            continue
        # the header line naming this party (parties are listed in header order)
        ev = None
        while span_i < len(header_spans):
            s, e = header_spans[span_i]
            span_i += 1
            if normalize_name(text[s:e]) == normalize_name(hp.name):
                ev = _evidence(doc, s, e, "SEC header")
                break
        cik = _RX["non_digit"].sub("", hp.cik or "")
        key = cik or normalize_name(hp.name)
        party = by_cik.get(key)
        role = _SLOTS.get(hp.role)
        if party is not None:
            if role and role not in party.slot_roles:
                party.slot_roles.append(role)
            if ev:
                party.evidence.append(ev)
            continue
        kind = _party_kind(hp)
        label, _ = proper_name(hp.name, text, person=kind == "Person")
        party = _Party([role] if role else [], kind, label, hp.name)
        if cik and int(cik):
            party.identifiers["cik"] = cik.zfill(10)
        if hp.irs_number and _RX["zero_or_non_digit"].sub("", hp.irs_number):
            digits = _RX["non_digit"].sub("", hp.irs_number)
            if len(digits) == 9:
                party.identifiers["ein"] = f"{digits[:2]}-{digits[2:]}"
        st = _state(hp.state_of_incorporation)
        if st:
            party.attributes.append(("stateOfIncorporation", st))
        if hp.sic:
            party.attributes.append(("sic", hp.sic))
        if hp.sic_label:
            party.attributes.append(("sicLabel", hp.sic_label))
        if hp.fiscal_year_end:
            party.attributes.append(("fiscalYearEnd", hp.fiscal_year_end))
        if hp.business_address and hp.business_address.one_line():
            party.attributes.append(("businessAddress", hp.business_address.one_line()))
            if hp.business_address.phone:
                party.attributes.append(("phone", hp.business_address.phone))
        if hp.mail_address and hp.mail_address.one_line() and hp.mail_address != hp.business_address:
            party.attributes.append(("mailAddress", hp.mail_address.one_line()))
        for fn in hp.former_names:
            if fn.name and fn.name.strip():
                former, _ = proper_name(fn.name, text)
                party.attributes.append(("formerName", former))
                party.aliases.add(former)
        if hp.name.strip().lower() != label.lower():
            party.aliases.add(_COMMON_RX["whitespace"].sub(" ", hp.name).strip())
        if ev:
            party.evidence.append(ev)
        by_cik[key] = party
        parties.append(party)

    # GROUP MEMBERS (SC 13D/G, SC TO): reporting persons of the filing besides the REPORTING-OWNER blocks
    member_spans = _group_member_spans(doc)
    for member in doc.header.group_members if doc.header else ():
        ev = None
        for s, e in member_spans:
            if " ".join(text[s:e].split()) == member:
                ev = _evidence(doc, s, e, "SEC header")
                break
        known = next((p for p in parties if p.conformed and _same_name(p.conformed, member)), None)
        if known is not None:
            if "reportingOwner" not in known.slot_roles and not {"subjectCompany", "issuer"} & set(known.slot_roles):
                known.slot_roles.append("reportingOwner")
                if ev:
                    known.evidence.append(ev)
            continue
        kind = _name_kind(member)
        label, _ = proper_name(member, text, person=kind == "Person")
        if kind == "Person" and label == title_case(" ".join(member.split()[1:] + member.split()[:1])):
            label = title_case(member)  # printed FIRST LAST, not EDGAR's LAST FIRST
        party = _Party(["reportingOwner"], kind, label, member)
        if member.strip().lower() != label.lower():
            party.aliases.add(member)
        if ev:
            party.evidence.append(ev)
        parties.append(party)

    # the issuer: the subject company of a schedule, else the filer, else the ISSUER block
    issuer: _Party | None = None
    for role in ("subjectCompany", "issuer", "filer"):
        issuer = next((p for p in parties if role in p.slot_roles and p.kind == "Organization"), None)
        if issuer:
            break

    cover = doc.cover
    cover_name = cover.registrant_name if cover else None
    if issuer is None and (debtor := _supported_debtor(doc)) is not None:
        issuer, cover_name = debtor, None  # the cover's name is the supporting party's, not the filer's
        parties.insert(0, issuer)
    if cover is not None and cover_name and cover_name.strip():
        span = _cover_span(doc, "registrant_name")
        cover_ev = _evidence(doc, *span, "Cover page") if span else None
        same = issuer is not None and normalize_name(issuer.conformed or issuer.label) == normalize_name(cover_name)
        renamed = issuer is not None and not same and _renamed(issuer, cover_name, doc)
        if issuer is None or same or renamed or not doc.header:
            if renamed and issuer is not None:
                # the cover prints the name in the charter; EDGAR's conformed name can lag a renaming
                label, _ = proper_name(cover_name, text)
                issuer.aliases.add(issuer.label)
                issuer.aliases.discard(label)
                issuer.label = label
            if issuer is None:
                label, _ = proper_name(cover_name, text)
                issuer = _Party(["issuer"], "Organization", label, cover_name)
                parties.insert(0, issuer)
                if cover_name.strip().lower() != label.lower():
                    issuer.aliases.add(_COMMON_RX["whitespace"].sub(" ", cover_name).strip())
            if cover_ev:
                issuer.evidence.insert(0, cover_ev)
            # cover facts describe the registrant (or the subject company of a schedule)
            if cover.irs_employer_id and "ein" not in issuer.identifiers:
                digits = _RX["non_digit"].sub("", cover.irs_employer_id)
                if len(digits) == 9 and int(digits):
                    issuer.identifiers["ein"] = f"{digits[:2]}-{digits[2:]}"
            if cover.cik and "cik" not in issuer.identifiers and not _is_schedule(doc):
                issuer.identifiers["cik"] = cover.cik  # dei:EntityCentralIndexKey of inline XBRL
            fno = cover.commission_file_number
            if fno and not _is_schedule(doc) and not _RX["schedule_file_number"].match(fno.strip()):
                issuer.identifiers["fileNumber"] = fno.strip()
            st = _state(cover.state_of_incorporation or cover.incorporation_state_code)
            if st:
                issuer.attributes = [a for a in issuer.attributes if a[0] != "stateOfIncorporation"]
                issuer.attributes.append(("stateOfIncorporation", st))
            if cover.address:
                issuer.attributes = [a for a in issuer.attributes if a[0] != "businessAddress"]
                issuer.attributes.append(("businessAddress", _COMMON_RX["whitespace"].sub(" ", cover.address).strip()))
            if cover.phone:
                issuer.attributes = [a for a in issuer.attributes if a[0] != "phone"]
                issuer.attributes.append(("phone", cover.phone.strip()))
            if cover.shares_outstanding is not None:
                issuer.attributes.append(("sharesOutstanding", str(cover.shares_outstanding)))
            if cover.former_name:
                _cover_former_name(doc, issuer, cover.former_name, text)
    if issuer is None and doc.header is None:
        issuer = _self_named(doc)
        if issuer is not None:
            parties.insert(0, issuer)
    if issuer is not None and "issuer" not in issuer.slot_roles:
        issuer.slot_roles.insert(0, "issuer")

    entities: list[Entity] = []
    facts: list[Fact] = []
    issuer_entity: Entity | None = None
    used_keys: set[str] = set()
    for p in parties:
        key = name_key(p.label) or "entity"
        if key in used_keys:  # two parties with one name but different CIKs
            key = f"{key}-{p.identifiers.get('cik', len(used_keys))}"
        used_keys.add(key)
        ids = []
        for name in ("cik", "ein", "fileNumber"):
            if name in p.identifiers:
                ids.append((name, p.identifiers[name]))
        ent = Entity(
            key=key,
            kind=p.kind,
            label=p.label,
            aliases=tuple(sorted(a for a in p.aliases if a and a != p.label)),
            mentions=tuple(p.evidence),
            identifiers=tuple(ids),
            attributes=tuple(dict.fromkeys(p.attributes)),
            is_issuer=p is issuer,
        )
        entities.append(ent)
        if p is issuer:
            issuer_entity = ent
        if p.evidence and p.slot_roles:
            facts.append(Fact(
                role="issuer",
                participants=tuple((slot, key) for slot in p.slot_roles),
                evidence=tuple(dict.fromkeys(p.evidence)),
            ))
    return IssuerResult(tuple(entities), tuple(facts), issuer_entity)

"""Every IRI corpkg mints, from natural keys only (no random ids: rebuilding gives the same graph).

- filers: ``id/cik/0000320193``; without a CIK the EIN (``id/ein/223537927``), then the commission
  file number (``id/file-number/0-30440``), so that filings of one issuer that state only EIN and
  file number still meet in one node;
- other organizations: ``id/org/{slug}`` from the normalised name (legal-form suffixes unified, a
  leading "the" and punctuation dropped);
- persons without an identifier: ``id/person/{scope}/{slug}``, the name scoped to the issuer of the
  filing that names them (``ein-223537927``, ``cik-0001001039``; ``filing-{key}`` without an issuer),
  so that two "John Smith"s of different companies are two nodes until entity resolution
  (:mod:`corpkg.graph.resolve`) links them;
- filings: ``id/filing/{accession}`` or ``id/filing/sha256-{hex}``; their named graph
  ``id/graph/{same key}``; the extraction activity ``id/activity/{key}/{version}``;
- relation and evidence nodes: a digest of the filing key and of the statement's content.

Path segments come from ``ckg:iriSegment`` in core.ttl and the role files (ontology/roles/).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable

from rdflib import URIRef

from corpkg.graph.terms import CKG, ID_IRI, ontology

__all__ = [
    "normalise_name",
    "name_slug",
    "normalise_cik",
    "normalise_ein",
    "normalise_file_number",
    "identifier_key",
    "entity_iri",
    "person_scope",
    "filing_key",
    "filing_iri",
    "graph_iri",
    "activity_iri",
    "extractor_iri",
    "relation_iri",
    "evidence_iri",
]

# Legal-form variants -> one spelling, so "Corp", "Corp." and "Corporation" meet.
_SUFFIXES = {
    "incorporated": "inc",
    "inc": "inc",
    "corporation": "corp",
    "corp": "corp",
    "company": "co",
    "co": "co",
    "limited": "ltd",
    "ltd": "ltd",
    "llc": "llc",
    "l l c": "llc",
    "lp": "lp",
    "l p": "lp",
    "llp": "llp",
    "l l p": "llp",
    "plc": "plc",
    "na": "na",
    "n a": "na",
}
_SUFFIX_RE = re.compile(
    r"\b(" + "|".join(sorted((re.escape(k).replace(r"\ ", r"\s*") for k in _SUFFIXES), key=len, reverse=True)) + r")$"
)


def _ascii_fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def normalise_name(name: str) -> str:
    """Lower case, ASCII, punctuation to spaces, '&' → 'and', a leading 'the' dropped, the legal-form
    suffix unified.  "The Harvey Westbury Corp." and "HARVEY WESTBURY CORPORATION" agree."""
    s = _ascii_fold(name).lower().replace("&", " and ")
    s = re.sub(r"(?<=\b[a-z])\.(?=[a-z]\b)", "", s)  # l.l.c -> llc, n.a -> na
    s = re.sub(r"['\u2019]", "", s)
    s = re.sub(r"[^a-z0-9]+", " ", s).strip()
    s = re.sub(r"^the\s+", "", s)
    m = _SUFFIX_RE.search(s)
    if m:
        s = s[: m.start()] + _SUFFIXES[re.sub(r"\s+", " ", m.group(1))]
    return re.sub(r"\s+", " ", s).strip()


def name_slug(name: str) -> str:
    slug = normalise_name(name).replace(" ", "-")
    if not slug:
        # a name of symbols only: fall back to a digest so the IRI stays valid and deterministic
        slug = "h-" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:16]
    return slug[:120]


def normalise_cik(value: str) -> str | None:
    digits = re.sub(r"\D", "", value or "")
    if not digits or int(digits) == 0 or len(digits) > 10:
        return None
    return digits.zfill(10)


def normalise_ein(value: str) -> str | None:
    """'22-3537927' / '223537927' → '22-3537927'; None for absent or all-zero numbers."""
    digits = re.sub(r"\D", "", value or "")
    if len(digits) != 9 or int(digits) == 0:
        return None
    return f"{digits[:2]}-{digits[2:]}"


def normalise_file_number(value: str) -> str | None:
    """'000-30440' / '0-30440' → '0-30440' (leading zeros of each part dropped)."""
    m = re.fullmatch(r"\s*(\d{1,3})\s*-\s*(\d{1,8})\s*", value or "")
    if not m:
        return None
    return f"{int(m.group(1))}-{int(m.group(2))}"


_NORMALISERS = {"cik": normalise_cik, "ein": normalise_ein, "commissionFileNumber": normalise_file_number}
# identity keys in order of preference
_KEY_ORDER = ("cik", "ein", "commissionFileNumber", "lei")


def identifier_key(identifiers: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """The strongest natural key among an entity's identifiers, as (property name, normalised value)."""
    onto = ontology()
    found: dict[str, str] = {}
    for name, value in identifiers:
        try:
            prop = onto.prop(name).name
        except KeyError:
            continue
        norm = _NORMALISERS.get(prop, lambda v: v.strip() or None)(value)
        if norm and prop not in found:
            found[prop] = norm
    for prop in _KEY_ORDER:
        if prop in found:
            return prop, found[prop]
    return None


def _segment(term: URIRef) -> str:
    return ontology().iri_segments[term]


def entity_iri(kind: str, label: str, identifiers: Iterable[tuple[str, str]] = (), scope: str | None = None) -> URIRef:
    """IRI of an organization or person: by identifier when it has one, else by normalised name —
    a person's name within ``scope`` (see :func:`person_scope`) when one is given."""
    key = identifier_key(identifiers)
    if key is not None:
        prop, value = key
        token = re.sub(r"[^0-9A-Za-z-]", "", value.replace("-", "") if prop in ("ein",) else value)
        return URIRef(f"{ID_IRI}{_segment(CKG[prop])}/{token}")
    cls = CKG.Person if kind == "Person" else CKG.Organization
    if cls == CKG.Person and scope:
        return URIRef(f"{ID_IRI}{_segment(cls)}/{scope}/{name_slug(label)}")
    return URIRef(f"{ID_IRI}{_segment(cls)}/{name_slug(label)}")


def person_scope(issuer: URIRef | None, key: str) -> str:
    """The scope of a filing's id-less persons: the issuer's IRI path as one segment
    (``id/ein/223537927`` → ``ein-223537927``), or ``filing-{key}`` for a filing without an issuer."""
    if issuer is not None and str(issuer).startswith(ID_IRI):
        return re.sub(r"[^0-9A-Za-z-]", "-", str(issuer)[len(ID_IRI):])[:140]
    return f"filing-{key}"


def filing_key(accession_number: str | None, sha256: str) -> str:
    if accession_number and re.fullmatch(r"\d{10}-\d{2}-\d{6}", accession_number.strip()):
        return accession_number.strip()
    return f"sha256-{sha256.lower()[:32]}"


def filing_iri(key: str) -> URIRef:
    return URIRef(f"{ID_IRI}{_segment(CKG.Filing)}/{key}")


def graph_iri(key: str) -> URIRef:
    return URIRef(f"{ID_IRI}{_segment(CKG.FilingGraph)}/{key}")


def _version_token(version: str) -> str:
    return re.sub(r"[^0-9A-Za-z._@+-]", "_", version)


def activity_iri(key: str, version: str) -> URIRef:
    return URIRef(f"{ID_IRI}{_segment(CKG.ExtractionActivity)}/{key}/{_version_token(version)}")


def extractor_iri(version: str) -> URIRef:
    return URIRef(f"{ID_IRI}{_segment(CKG.Extractor)}/{_version_token(version)}")


def _digest(*parts: object) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(repr(p).encode("utf-8"))
        h.update(b"\x1f")
    return h.hexdigest()[:20]


def relation_iri(role_class: URIRef, key: str, participants: Iterable[tuple[str, str]],
                 attributes: Iterable[tuple[str, str]]) -> URIRef:
    """A relation node's IRI: the filing key plus a digest of its (sorted) participants and attributes,
    participants given as (slot, entity IRI)."""
    digest = _digest(key, str(role_class), sorted(participants), sorted(attributes))
    return URIRef(f"{ID_IRI}{_segment(role_class)}/{key}/{digest}")


def evidence_iri(key: str, start: int, end: int, extractor: str) -> URIRef:
    return URIRef(f"{ID_IRI}{_segment(CKG.Evidence)}/{key}/{start}-{end}-{_digest(extractor)[:8]}")

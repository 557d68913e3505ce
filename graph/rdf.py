"""Extraction → RDF: one named graph per filing, described with PROV-O.

The mapping is generic: a Fact's role picks the relation class that declares it (``ckg:role`` in
its file of ontology/roles/), each slot and attribute name is looked up as a ckg: property (or its ``ckg:extractionKey``),
and a literal's datatype comes from the property's ``rdfs:range``.  Values that do not fit their
range are dropped with a warning rather than written as ill-typed literals; facts without evidence,
or naming an entity the extraction does not hold, are dropped with a warning too.  Binary shortcut
edges (``ckg:subsidiaryOf`` ...) are then materialised by the roles' CONSTRUCT rules (``ckg:rule``).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import PurePath
from typing import Any

import pyoxigraph as ox
from rdflib import RDF, RDFS, XSD, BNode, Dataset, Graph, Literal, URIRef
from rdflib.term import Node

from corpkg.extract.model import Entity, Evidence, Extraction, Fact
from corpkg.graph import iris
from corpkg.graph.terms import CKG, ID_IRI, PREFIXES, PROV, SKOS, Ontology, ontology
from corpkg.ontology.registry import roles

__all__ = [
    "FilingGraph",
    "build_filing_graph",
    "extraction_to_dataset",
    "extraction_to_quads",
    "literal_for",
    "rules",
    "apply_rules",
    "PREFIXES",
    "to_ox",
    "from_ox",
]

log = logging.getLogger(__name__)

Triple = tuple[Node, Node, Node]


# ----------------------------------------------------------------------------- literals


def _date_literal(value: str) -> Literal | None:
    v = value.strip()
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
            date.fromisoformat(v)
            return Literal(v, datatype=XSD.date)
        if re.fullmatch(r"\d{4}-\d{2}", v) and 1 <= int(v[5:]) <= 12:
            return Literal(v, datatype=XSD.gYearMonth)
        if re.fullmatch(r"\d{4}", v):
            return Literal(v, datatype=XSD.gYear)
    except ValueError:
        return None
    return None


def _decimal_text(value: str) -> str | None:
    v = re.sub(r"[\s,$%]", "", value.strip())
    if not re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)", v):
        return None
    try:
        d = Decimal(v)
    except InvalidOperation:
        return None
    text = format(d.normalize(), "f")
    return text


def literal_for(range_: URIRef | None, value: str) -> Literal | None:
    """The literal for ``value`` under a property's rdfs:range, or None if it does not fit."""
    if value is None:
        return None
    value = str(value)
    if range_ == XSD.date:
        return _date_literal(value)
    if range_ == XSD.decimal:
        text = _decimal_text(value)
        return Literal(text, datatype=XSD.decimal) if text is not None else None
    if range_ == XSD.integer:
        text = _decimal_text(value)
        if text is None or "." in text:
            return None
        return Literal(text, datatype=XSD.integer)
    text = re.sub(r"\s+", " ", value).strip()
    return Literal(text) if text else None  # xsd:string


# ----------------------------------------------------------------------------- rules


@lru_cache(maxsize=1)
def rules() -> tuple[tuple[str, str], ...]:
    """The roles' shortcut rules (``ckg:rule`` of ontology/roles/*.ttl) as (role name, CONSTRUCT
    query), in role order."""
    return tuple((spec.name, spec.rule) for spec in roles() if spec.rule)


def to_ox(term: Node) -> Any:
    """The pyoxigraph term for an rdflib term (typed Any: pyoxigraph's constructors each accept
    only some kinds of terms, and the caller knows which one it holds)."""
    if isinstance(term, URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, BNode):
        return ox.BlankNode(str(term))
    if isinstance(term, Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype or XSD.string)))
    raise TypeError(f"cannot convert {term!r}")


def from_ox(term: object) -> Node:
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        dt = term.datatype.value
        return Literal(term.value, datatype=None if dt == str(XSD.string) else URIRef(dt))
    raise TypeError(f"cannot convert {term!r}")


def apply_rules(triples: Iterable[Triple]) -> set[Triple]:
    """The triples the shortcut rules derive from ``triples`` (one filing's graph)."""
    store = ox.Store()
    store.extend(ox.Quad(to_ox(s), to_ox(p), to_ox(o), ox.DefaultGraph()) for s, p, o in triples)
    derived: set[Triple] = set()
    for _name, query in rules():
        result = store.query(query)
        if not isinstance(result, ox.QueryTriples):
            raise TypeError(f"rule {_name} is not a CONSTRUCT query")
        for t in result:
            derived.add((from_ox(t.subject), from_ox(t.predicate), from_ox(t.object)))
    return derived


# ----------------------------------------------------------------------------- mapping


@dataclass
class FilingGraph:
    """One filing's statements: its named graph IRI, the triples, and what was dropped and why."""

    key: str
    filing: URIRef
    graph: URIRef
    triples: set[Triple] = field(default_factory=set)
    warnings: list[str] = field(default_factory=list)
    kinds: dict[URIRef, URIRef] = field(default_factory=dict)  # entity IRI -> ckg:Organization / ckg:Person

    def add(self, s: Node, p: Node, o: Node | None) -> None:
        if o is not None:
            self.triples.add((s, p, o))

    def to_graph(self) -> Graph:
        g = Graph(identifier=self.graph)
        for prefix, ns in PREFIXES.items():
            g.bind(prefix, ns)
        for t in self.triples:
            g.add(t)
        return g

    def to_dataset(self) -> Dataset:
        ds = Dataset()
        for prefix, ns in PREFIXES.items():
            ds.bind(prefix, ns)
        g = ds.graph(self.graph)
        for t in self.triples:
            g.add(t)
        return ds

    def quads(self) -> Iterator[ox.Quad]:
        gname = ox.NamedNode(str(self.graph))
        for s, p, o in sorted(self.triples):
            yield ox.Quad(to_ox(s), to_ox(p), to_ox(o), gname)


def _entity_iris(extraction: Extraction, fg: FilingGraph) -> dict[str, URIRef]:
    """Entity key → IRI; entities that land on one IRI are merged (fullest label wins)."""
    by_key: dict[str, URIRef] = {}
    groups: dict[URIRef, list[Entity]] = {}
    issuer = next((iris.entity_iri(e.kind, e.label, e.identifiers) for e in extraction.entities if e.is_issuer), None)
    scope = iris.person_scope(issuer, fg.key)  # id-less persons are named within the filing's issuer
    for e in extraction.entities:
        iri = iris.entity_iri(e.kind, e.label, e.identifiers, scope)
        by_key[e.key] = iri
        groups.setdefault(iri, []).append(e)

    onto = ontology()
    for iri, ents in groups.items():
        kinds = {e.kind for e in ents}
        if len(kinds) > 1:  # cannot happen with kind-specific segments unless identifiers collide
            fg.warnings.append(f"entities {[e.label for e in ents]} share {iri} with different kinds")
        primary = sorted(ents, key=lambda e: (not e.is_issuer, -len(e.label.strip()), e.label))[0]
        label = re.sub(r"\s+", " ", primary.label).strip()
        kind = CKG.Person if primary.kind == "Person" else CKG.Organization
        fg.kinds[iri] = kind
        fg.add(iri, RDF.type, kind)
        fg.add(iri, RDFS.label, Literal(label))
        alts = {re.sub(r"\s+", " ", n).strip() for e in ents for n in (e.label, *e.aliases)}
        for alt in sorted(alts - {label, ""}):
            fg.add(iri, SKOS.altLabel, Literal(alt))
        for e in ents:
            for name, value in e.identifiers:
                _add_value(fg, onto, iri, name, value, by_key, f"identifier of {e.label!r}")
            for name, value in e.attributes:
                _add_value(fg, onto, iri, name, value, by_key, f"attribute of {e.label!r}")
    return by_key


_IDENT_NORMALISERS = {
    "cik": iris.normalise_cik,
    "ein": iris.normalise_ein,
    "commissionFileNumber": iris.normalise_file_number,
}


def _add_value(fg: FilingGraph, onto: Ontology, subject: URIRef, name: str, value: str,
               entities: dict[str, URIRef], where: str) -> tuple[str, str] | None:
    """Add ``subject ckg:name value``; return (property, lexical form) or None if dropped."""
    try:
        prop = onto.prop(name)
    except KeyError:
        fg.warnings.append(f"{where}: unknown property name {name!r}, value {value!r} dropped")
        return None
    if prop.is_object:
        target = entities.get(value)
        if target is None:
            fg.warnings.append(f"{where}: ckg:{prop.name} names no entity of this filing ({value!r}), dropped")
            return None
        fg.add(subject, prop.iri, target)
        return prop.name, str(target)
    if prop.name in _IDENT_NORMALISERS:
        norm = _IDENT_NORMALISERS[prop.name](value)
        lit = Literal(norm) if norm else None
    else:
        lit = literal_for(prop.range, value)
    if lit is None:
        fg.warnings.append(f"{where}: {value!r} is not a valid ckg:{prop.name} ({prop.range}), dropped")
        return None
    fg.add(subject, prop.iri, lit)
    return prop.name, str(lit)


def _evidence(fg: FilingGraph, extraction: Extraction, ev: Evidence) -> URIRef | None:
    text = extraction.document.text
    if not (0 <= ev.start < ev.end <= len(text)) or text[ev.start:ev.end] != ev.quote or not ev.quote.strip():
        fg.warnings.append(
            f"evidence {ev.quote[:40]!r} at {ev.start}-{ev.end} does not match the document text, dropped")
        return None
    node = iris.evidence_iri(fg.key, ev.start, ev.end, ev.extractor)
    fg.add(node, RDF.type, CKG.Evidence)
    fg.add(node, CKG.quote, Literal(ev.quote))
    fg.add(node, CKG.start, Literal(ev.start))
    fg.add(node, CKG.end, Literal(ev.end))
    fg.add(node, CKG.document, fg.filing)
    section = ev.section
    if section is None:
        sec = extraction.document.section_at(ev.start)
        section = sec.title if sec else None
    if section and section.strip():
        fg.add(node, CKG.section, Literal(re.sub(r"\s+", " ", section).strip()))
    sub = extraction.document.document_at(ev.start)
    if sub is not None and sub.type:
        fg.add(node, CKG.documentType, Literal(sub.type))
    if ev.extractor:
        fg.add(node, CKG.extractor, Literal(ev.extractor))
    conf = _decimal_text(str(round(float(ev.confidence), 4)))
    if conf is not None and 0 <= Decimal(conf) <= 1:
        fg.add(node, CKG.confidence, Literal(conf, datatype=XSD.decimal))
    return node


def _fact(fg: FilingGraph, extraction: Extraction, fact: Fact, entities: dict[str, URIRef], as_of: Literal | None) -> None:
    onto = ontology()
    where = f"{fact.role} fact"
    try:
        cls = onto.role_class(fact.role)
    except KeyError as exc:
        fg.warnings.append(f"{where}: {exc}; dropped")
        return
    participants: list[tuple[str, URIRef]] = []
    for slot, key in fact.participants:
        try:
            prop = onto.prop(slot)
        except KeyError:
            fg.warnings.append(f"{where}: unknown slot {slot!r}; fact dropped")
            return
        if not prop.is_object:
            fg.warnings.append(f"{where}: slot {slot!r} is not an entity-valued property; fact dropped")
            return
        if key not in entities:
            fg.warnings.append(f"{where}: participant {key!r} ({slot}) is not among the entities; fact dropped")
            return
        kind = fg.kinds.get(entities[key])
        if prop.range in (CKG.Organization, CKG.Person) and kind != prop.range:
            fg.warnings.append(
                f"{where}: ckg:{prop.name} takes a ckg:{prop.range.split('#')[-1]}, but {key!r} is a "
                f"ckg:{str(kind).split('#')[-1]}; fact dropped")
            return
        participants.append((prop.name, entities[key]))
    if not participants:
        fg.warnings.append(f"{where}: no participants; dropped")
        return
    evidence = [e for e in fact.evidence]
    if not evidence:
        fg.warnings.append(f"{where} {[k for _, k in fact.participants]}: no evidence; dropped")
        return

    # Mint the node from its content; values are validated into a scratch graph first.
    scratch = FilingGraph(fg.key, fg.filing, fg.graph)
    tmp = URIRef("urn:corpkg:tmp")
    attrs = []
    for name, value in fact.attributes:
        if name == _COMMITMENT:
            continue  # a node of its own, added below (not part of the relation's identity)
        added = _add_value(scratch, onto, tmp, name, value, entities, where)
        if added:
            attrs.append(added)
    ev_nodes = [n for n in (_evidence(scratch, extraction, ev) for ev in evidence) if n is not None]
    fg.warnings.extend(scratch.warnings)
    if not ev_nodes:
        fg.warnings.append(f"{where} {[k for _, k in fact.participants]}: no valid evidence; dropped")
        return
    node = iris.relation_iri(cls, fg.key, [(s, str(i)) for s, i in participants], attrs)
    for s, p, o in scratch.triples:
        fg.add(node if s == tmp else s, p, o)
    fg.add(node, RDF.type, cls)
    fg.add(node, RDF.type, CKG.Relation)
    for slot, iri in participants:
        fg.add(node, CKG[slot], iri)
    fg.add(node, PROV.wasDerivedFrom, fg.filing)
    fg.add(node, CKG.asOf, as_of)
    for ev in ev_nodes:
        fg.add(node, CKG.evidence, ev)
    _commitments(fg, extraction, fact, node, entities)


_COMMITMENT = "commitment"


def _commitments(fg: FilingGraph, extraction: Extraction, fact: Fact, node: URIRef,
                 entities: dict[str, URIRef]) -> None:
    """A credit fact's per-lender commitments (attribute ``commitment``: JSON with the lender's entity
    key, amount, currency, percentage and the offsets of the row stating it) as ckg:Commitment nodes
    of the relation ``node``, each with the row's evidence."""
    where = f"{fact.role} fact: commitment"
    for value in fact.attribute(_COMMITMENT):
        try:
            c = json.loads(value)
            lender, start, end = entities.get(c["lender"]), int(c["start"]), int(c["end"])
        except (ValueError, KeyError, TypeError):
            fg.warnings.append(f"{where} {value[:60]!r} is not a commitment record; dropped")
            continue
        amount = literal_for(XSD.decimal, str(c.get("amount")))
        ev = next((e for e in fact.evidence if e.start == start and e.end == end), None)
        if lender is None or amount is None or float(amount) <= 0 or ev is None:
            fg.warnings.append(f"{where} {value[:60]!r}: no such lender, no positive amount or no row evidence; dropped")
            continue
        ev_node = _evidence(fg, extraction, ev)
        if ev_node is None:
            continue
        currency = str(c.get("currency") or "")
        share = literal_for(XSD.decimal, str(c["percentage"])) if c.get("percentage") else None
        cnode = URIRef(f"{ID_IRI}{iris._segment(CKG.Commitment)}/{fg.key}/"
                       f"{iris._digest(str(node), str(lender), str(amount), currency, start, end)}")
        fg.add(node, CKG.commitment, cnode)
        fg.add(cnode, RDF.type, CKG.Commitment)
        fg.add(cnode, CKG.committedBy, lender)
        fg.add(cnode, CKG.committedAmount, amount)
        fg.add(cnode, CKG.currency, Literal(currency) if re.fullmatch(r"[A-Z]{3}", currency) else None)
        fg.add(cnode, CKG.commitmentShare, share if share is not None and 0 <= float(share) <= 100 else None)
        fg.add(cnode, CKG.evidence, ev_node)
        fg.add(cnode, PROV.wasDerivedFrom, fg.filing)


def _former_names(fg: FilingGraph, extraction: Extraction) -> None:
    """Dated former names of the SEC header's parties (FORMER CONFORMED NAME / DATE OF NAME CHANGE)
    as ckg:FormerName nodes of the entity with the party's CIK."""
    header = extraction.document.header
    if header is None:
        return
    by_cik: dict[str, URIRef] = {}
    for e in extraction.entities:
        cik = dict(e.identifiers).get("cik")
        norm = iris.normalise_cik(cik) if cik else None
        if norm:
            by_cik.setdefault(norm, iris.entity_iri(e.kind, e.label, e.identifiers))
    for party in header.parties:
        subject = by_cik.get(iris.normalise_cik(party.cik) or "") if party.cik else None
        if subject is None:
            continue
        for fn in party.former_names:
            name = re.sub(r"\s+", " ", fn.name or "").strip()
            if not name:
                continue
            until = literal_for(XSD.date, fn.date_changed) if fn.date_changed else None
            node = URIRef(f"{ID_IRI}{iris._segment(CKG.FormerName)}/{fg.key}/"
                          f"{iris._digest(str(subject), name, fn.date_changed)}")
            fg.add(subject, CKG.hadFormerName, node)
            fg.add(node, RDF.type, CKG.FormerName)
            fg.add(node, CKG.name, Literal(name))
            fg.add(node, CKG.until, until)
            fg.add(node, PROV.wasDerivedFrom, fg.filing)


def build_filing_graph(extraction: Extraction) -> FilingGraph:
    """All statements of one filing (entities, filing, relations, evidence, PROV, shortcuts)."""
    doc = extraction.document
    header = doc.header
    key = iris.filing_key(header.accession_number if header else None, doc.sha256)
    fg = FilingGraph(key, iris.filing_iri(key), iris.graph_iri(key))
    onto = ontology()

    entities = _entity_iris(extraction, fg)

    # the filing
    f = fg.filing
    fg.add(f, RDF.type, CKG.Filing)
    fg.add(f, CKG.sha256, Literal(doc.sha256.lower()))
    fg.add(f, CKG.fileName, Literal(PurePath(doc.path).name) if doc.path else None)
    fg.add(f, CKG.sourceFormat, Literal(doc.format))
    if doc.encoding:
        fg.add(f, CKG.encoding, Literal(doc.encoding))
    form = doc.form_type
    if form and form.strip():
        fg.add(f, CKG.formType, Literal(re.sub(r"\s+", " ", form).strip()))
    cover = doc.cover
    if header is None and len(doc.documents) == 1 and doc.agreements:  # an agreement standing alone
        ag = doc.agreements[0]
        if ag.exhibit_type:
            fg.add(f, CKG.exhibitType, Literal(ag.exhibit_type))
        fg.add(f, CKG.agreementTitle, Literal(ag.title))
        fg.add(f, CKG.agreementKind, Literal(ag.kind))
        if ag.date:
            fg.add(f, CKG.agreementDate, literal_for(XSD.date, ag.date))
    if header is not None:
        if header.accession_number and key == header.accession_number.strip():
            fg.add(f, CKG.accessionNumber, Literal(key))
        for name, value in (("filedOn", header.filed_as_of), ("periodOfReport", header.period_of_report)):
            if value:
                fg.add(f, CKG[name], literal_for(XSD.date, value))
        for item in header.items:
            fg.add(f, CKG.itemCode, literal_for(XSD.string, item))
    if cover is not None:
        if cover.signature_date and not (header and header.filed_as_of):
            fg.add(f, CKG.signedOn, literal_for(XSD.date, cover.signature_date))
        if cover.period_of_report and not (header and header.period_of_report):
            fg.add(f, CKG.periodOfReport, literal_for(XSD.date, cover.period_of_report))
        if cover.date_of_report:
            fg.add(f, CKG.dateOfReport, literal_for(XSD.date, cover.date_of_report))
    for e in extraction.entities:
        if e.is_issuer:  # the issuer's identifiers as the filing states them
            for name, value in e.identifiers:
                try:
                    prop = onto.prop(name)
                except KeyError:
                    continue
                if prop.name in _IDENT_NORMALISERS:
                    _add_value(fg, onto, f, name, value, entities, "issuer identifier")
            break

    _former_names(fg, extraction)

    # provenance of the filing graph
    as_of = literal_for(XSD.date, extraction.as_of) if extraction.as_of else None
    if extraction.as_of and as_of is None:
        fg.warnings.append(f"as_of {extraction.as_of!r} is not an ISO date; not recorded")
    activity = iris.activity_iri(key, extraction.extractor_version)
    extractor = iris.extractor_iri(extraction.extractor_version)
    fg.add(fg.graph, RDF.type, CKG.FilingGraph)
    fg.add(fg.graph, PROV.wasDerivedFrom, f)
    fg.add(fg.graph, PROV.wasGeneratedBy, activity)
    fg.add(fg.graph, CKG.asOf, as_of)
    fg.add(activity, RDF.type, CKG.ExtractionActivity)
    fg.add(activity, PROV.used, f)
    fg.add(activity, PROV.wasAssociatedWith, extractor)
    fg.add(extractor, RDF.type, CKG.Extractor)
    fg.add(extractor, CKG.extractorVersion, Literal(extraction.extractor_version))

    for fact in extraction.facts:
        _fact(fg, extraction, fact, entities, as_of)

    fg.triples |= apply_rules(fg.triples)
    for w in fg.warnings:
        log.warning("%s: %s", doc.path, w)
    return fg


def extraction_to_dataset(extraction: Extraction) -> Dataset:
    """The filing's named graph as an rdflib Dataset."""
    return build_filing_graph(extraction).to_dataset()


def extraction_to_quads(extraction: Extraction) -> list[ox.Quad]:
    """The filing's named graph as pyoxigraph quads (sorted, for the store)."""
    return list(build_filing_graph(extraction).quads())

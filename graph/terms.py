"""The ckg: namespace and the ontology model, built from ``ontology/core.ttl`` and the role files
``ontology/roles/*.ttl`` (:mod:`corpkg.ontology.registry`); the one place that names namespaces.

Python never restates the ontology: ``CKG.Ownership`` exists because ontology/roles/subsidiary.ttl
declares it, and a misspelt term (``CKG.Ownreship``) raises ``AttributeError`` like rdflib's
``DefinedNamespace``.  :func:`ontology` answers the questions the RDF mapping asks generically: which
class a role becomes, which property a slot or attribute name denotes, and which datatype its values
take.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rdflib import OWL, RDF, RDFS, Graph, Namespace, URIRef

from corpkg.ontology import ONTOLOGY_DIR
from corpkg.ontology.registry import roles, roles_graph

__all__ = [
    "CKG_IRI",
    "ID_IRI",
    "SHAPES_IRI",
    "CKG",
    "PROV",
    "SKOS",
    "PREFIXES",
    "StrictNamespace",
    "PropertyInfo",
    "Ontology",
    "ontology",
    "core_graph",
]

CKG_IRI = "https://w3id.org/corpkg/ontology#"
ID_IRI = "https://w3id.org/corpkg/id/"
SHAPES_IRI = "https://w3id.org/corpkg/shapes#"
PROV = Namespace("http://www.w3.org/ns/prov#")
SKOS = Namespace("http://www.w3.org/2004/02/skos/core#")

PREFIXES: dict[str, str] = {
    "ckg": CKG_IRI,
    "id": ID_IRI,
    "prov": str(PROV),
    "rdfs": str(RDFS),
    "skos": str(SKOS),
    "xsd": "http://www.w3.org/2001/XMLSchema#",
}
"""The prefixes written into graph files and known to ``corpkg query``."""


@lru_cache(maxsize=1)
def core_graph() -> Graph:
    """ontology/core.ttl and every role file of ontology/roles/ parsed (cached; treat as read-only)."""
    g = Graph()
    g.parse(Path(ONTOLOGY_DIR, "core.ttl"), format="turtle")
    for t in roles_graph():
        g.add(t)
    return g


class StrictNamespace:
    """A namespace that only hands out the terms declared in the ontology.

    ``ns.Term`` and ``ns["Term"]`` return the ``URIRef``; an unknown name raises
    ``AttributeError``/``KeyError`` naming the closest declared terms.
    """

    def __init__(self, base: str, names: frozenset[str]) -> None:
        self._base = base
        self._names = names

    def _term(self, name: str) -> URIRef:
        if name not in self._names:
            import difflib

            close = difflib.get_close_matches(name, sorted(self._names), n=3)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise AttributeError(f"ckg:{name} is not declared in ontology/core.ttl or ontology/roles/{hint}")
        return URIRef(self._base + name)

    def __getattr__(self, name: str) -> URIRef:
        if name.startswith("_"):
            raise AttributeError(name)
        return self._term(name)

    def __getitem__(self, name: str) -> URIRef:
        try:
            return self._term(name)
        except AttributeError as exc:
            raise KeyError(str(exc)) from None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._names

    def __iter__(self) -> Iterator[URIRef]:
        return (URIRef(self._base + n) for n in sorted(self._names))

    def __str__(self) -> str:
        return self._base

    def __repr__(self) -> str:
        return f"StrictNamespace({self._base!r}, {len(self._names)} terms)"


@dataclass(frozen=True)
class PropertyInfo:
    iri: URIRef
    name: str
    is_object: bool  # owl:ObjectProperty: values are entities
    range: URIRef | None  # xsd datatype (datatype properties) or class


@dataclass(frozen=True)
class Ontology:
    classes: frozenset[str]
    properties: dict[str, PropertyInfo]  # local name and extraction keys -> info
    role_classes: dict[str, URIRef]  # Fact.role -> relation class
    iri_segments: dict[URIRef, str]  # class/identifier property -> IRI path segment

    def prop(self, name: str) -> PropertyInfo:
        """The property an extractor's slot/attribute/identifier name denotes (KeyError if none)."""
        try:
            return self.properties[name]
        except KeyError:
            raise KeyError(f"no ckg: property named or keyed {name!r} in ontology/core.ttl or ontology/roles/") from None

    def role_class(self, role: str) -> URIRef:
        try:
            return self.role_classes[role]
        except KeyError:
            raise KeyError(f"no ckg: class declares ckg:role {role!r} in ontology/roles/") from None


@lru_cache(maxsize=1)
def ontology() -> Ontology:
    g = core_graph()

    def local(iri: URIRef) -> str:
        return str(iri)[len(CKG_IRI):]

    ckg_terms = {s for s in g.subjects() if isinstance(s, URIRef) and str(s).startswith(CKG_IRI)}
    classes = frozenset(local(s) for s in ckg_terms if (s, RDF.type, OWL.Class) in g)
    props: dict[str, PropertyInfo] = {}
    for s in sorted(ckg_terms):
        kinds = set(g.objects(s, RDF.type))
        if not kinds & {OWL.ObjectProperty, OWL.DatatypeProperty}:
            continue
        ranges = sorted((r for r in g.objects(s, RDFS.range) if isinstance(r, URIRef)), key=str)
        info = PropertyInfo(s, local(s), OWL.ObjectProperty in kinds, ranges[0] if ranges else None)
        props[info.name] = info
        for key in g.objects(s, URIRef(CKG_IRI + "extractionKey")):
            props.setdefault(str(key), info)
    roles_ = {spec.name: URIRef(spec.class_iri) for spec in roles()}
    segments = {s: str(v) for s, v in g.subject_objects(URIRef(CKG_IRI + "iriSegment")) if isinstance(s, URIRef)}
    return Ontology(classes, props, roles_, segments)


@lru_cache(maxsize=1)
def _ckg() -> StrictNamespace:
    g = core_graph()
    names = frozenset(
        str(s)[len(CKG_IRI):] for s in g.subjects() if isinstance(s, URIRef) and str(s).startswith(CKG_IRI)
    )
    return StrictNamespace(CKG_IRI, names)


CKG: StrictNamespace  # built lazily on first use, by the module's __getattr__


def __getattr__(name: str) -> StrictNamespace:  # module attribute CKG built lazily on first use
    if name == "CKG":
        return _ckg()
    raise AttributeError(name)

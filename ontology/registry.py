"""The one registry of roles: ``ontology/roles/*.ttl``, one file per role, read as data.

API NOTE (kept stable; other modules and helpers build on it): ``roles()``, ``role(name)``,
``role_names()``, ``role_for_class(class_name)``, ``edge_roles()``, ``categories()``,
``roles_graph()``, ``shapes_graph()``, ``RoleSpec``, ``EdgeSpec``, ``CategorySpec``, ``ROLES_DIR``,
``RoleDeclarationError``.  Fields may be added; none will be renamed or removed.  This module
imports nothing from ``corpkg.extract`` or ``corpkg.graph`` (both import it).

Each role file declares one relation class (``rdfs:subClassOf ckg:Relation``) carrying the role's
metadata as annotation properties declared in ``core.ttl``, the way FollowTheMoney's schema YAML
declares an edge's source, target and label:

* ``ckg:role`` — the ``Fact.role`` value (``"subsidiary"``); ``ckg:roleOrder`` — sort order;
* ``ckg:slots ( ... )`` — the participant slots (entity-valued properties), in order; each slot
  property may carry ``ckg:participantRole`` (what the entity is called in the projection, e.g.
  ``"parent"``) and ``ckg:nodeCategory`` (the page's node category, e.g. ``"subsidiary"``);
* ``ckg:edges ( [ ckg:edgeSource ...; ckg:edgeTarget ...; ckg:edgeLabel "..." ] ... )`` — which
  slots become an edge's source and target, with what label (the first edge is the primary one);
* on an edge, ``ckg:labelFrom`` (an attribute whose values label the edge, e.g. titles) and
  ``ckg:labelWhen ( [ ckg:whenAttribute ...; ckg:whenValue ...; ckg:edgeLabel ... ] )``; on the
  class, ``ckg:captionDetail [ ckg:detailAttribute ...; ckg:detailFormat text|percent|money ]``;
* ``ckg:legendLabel``, ``ckg:arrowText`` and ``ckg:colour`` — the page's edge legend and colour;
* ``ckg:category [ ckg:categoryName ...; ckg:legendLabel ...; ckg:shortLabel ...; ckg:shape ...;
  ckg:categoryKind ckg:Organization|ckg:Person; ckg:priority N ]`` — the node category;
* ``ckg:goldKey``, ``ckg:scoreMode`` (``pairs`` | ``sides`` | ``single``), ``ckg:scorePairs`` /
  ``ckg:scoreSlots`` and ``ckg:goldFields`` — how ``corpkg eval`` scores the role against gold;
* ``ckg:rule`` — the CONSTRUCT query materialising the role's shortcut edges (``ckg:subsidiaryOf``);
* ``ckg:namedQuery [ ckg:queryName ...; ckg:queryText ... ]`` — optional named queries shipped with
  the role (``corpkg query --name``), besides those of ``ontology/queries/*.rq``;
* SHACL node shapes with ``sh:targetClass`` the role's class — its shapes.

Example::

    >>> from corpkg.ontology.registry import role
    >>> spec = role("subsidiary")
    >>> spec.class_name, spec.edge_source, spec.edge_target, spec.edge_label
    ('Ownership', 'owned', 'owner', 'subsidiary of')
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from rdflib import OWL, RDF, RDFS, SH, BNode, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.namespace import VANN
from rdflib.term import Node

from corpkg.ontology import ONTOLOGY_DIR, ROLES_DIR

__all__ = [
    "ROLES_DIR",
    "RoleDeclarationError",
    "EdgeSpec",
    "CategorySpec",
    "RoleSpec",
    "roles",
    "role",
    "role_names",
    "role_for_class",
    "edge_roles",
    "categories",
    "roles_graph",
    "shapes_graph",
]


_CORE = ONTOLOGY_DIR / "core.ttl"
_SHAPES = ONTOLOGY_DIR / "shapes.ttl"
SCORE_MODES = ("pairs", "sides", "single")
CAPTION_FORMATS = ("text", "percent", "money")


def _namespace() -> str:
    """The ckg: namespace as core.ttl declares it (``vann:preferredNamespaceUri``): the registry may
    not import corpkg.graph.terms, the one Python module naming namespaces, so it asks the data."""
    g = Graph()
    g.parse(_CORE, format="turtle")
    found = sorted(str(o) for o in g.objects(None, VANN.preferredNamespaceUri))
    if len(found) != 1:
        raise RuntimeError(f"{_CORE} must declare exactly one vann:preferredNamespaceUri, found {found}")
    return found[0]


CKG_IRI = _namespace()
_CKG = Namespace(CKG_IRI)
_SH = SH


class RoleDeclarationError(ValueError):
    """A role file does not declare what every consumer needs (names the file and the term)."""


@dataclass(frozen=True)
class EdgeSpec:
    """One edge a relation node becomes in the projection: ``source`` and ``target`` are slot
    names (local names of ckg: properties), ``label`` the edge's label."""

    source: str
    target: str
    label: str
    label_from: str | None = None  # an attribute whose values (joined) label the edge instead ("title")
    label_when: tuple[tuple[str, str, str], ...] = ()  # (attribute, value, label): the label when a value is present


@dataclass(frozen=True)
class CategorySpec:
    """A node category of the page (legend entry): entities playing one of ``participant_roles``
    in a relation of ``role`` (and of kind ``kind``) are drawn with this shape and colour; when
    several categories apply, the lowest ``priority`` wins."""

    name: str
    role: str
    label: str  # legend text, "Lender / guarantor"
    short_label: str  # tooltip text, "lender / guarantor"
    shape: str  # vis-network shape: dot, triangle, star, ...
    kind: str  # "Organization" | "Person"
    priority: int
    colour: str
    participant_roles: frozenset[str]


@dataclass(frozen=True)
class RoleSpec:
    """Everything consumers need to know about one role, as its ontology file declares it."""

    name: str  # Fact.role, "subsidiary"
    class_name: str  # "Ownership"
    class_iri: str
    label: str  # rdfs:label of the class
    order: int
    gold_key: str  # key of gold files and eval measures, "subsidiaries"
    score_mode: str  # "pairs" | "sides" | "single"
    score_pairs: tuple[tuple[str, str], ...]  # "pairs": predicted (slot, slot) pairs scored against gold
    score_slots: tuple[str, ...]  # "sides": the slots whose name is the side; "single": the one slot
    gold_fields: tuple[str, ...]  # gold item fields, one per end of a scored pair
    slots: tuple[str, ...]  # participant slots (ckg: property local names)
    attributes: tuple[str, ...]  # the role's own literal-valued properties (rdfs:domain the class)
    edges: tuple[EdgeSpec, ...]  # first = primary
    legend: str  # edge legend text
    arrow_text: str  # which way the primary edge points, in words ("the subsidiary to its parent")
    colour: str
    category: CategorySpec | None
    caption_detail: tuple[str, str] | None  # (attribute, format: text | percent | money) shown after edge labels
    rule: str | None  # CONSTRUCT query of the shortcut edges
    queries: tuple[tuple[str, str], ...]  # (name, SPARQL text): named queries shipped with the role
    shapes: tuple[str, ...]  # IRIs of the file's SHACL node shapes (one targets the class)
    source: Path  # the role file
    participant_roles: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    categories: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)  # slot -> category

    @property
    def edge_source(self) -> str | None:
        return self.edges[0].source if self.edges else None

    @property
    def edge_target(self) -> str | None:
        return self.edges[0].target if self.edges else None

    @property
    def edge_label(self) -> str | None:
        return self.edges[0].label if self.edges else None


# --------------------------------------------------------------------------- loading


def _local(node: Node | str) -> str:
    text = str(node)
    return text[len(CKG_IRI):] if text.startswith(CKG_IRI) else text


def _one(g: Graph, s: Node, p: URIRef, where: str, *, required: bool = True) -> Node | None:
    values = sorted(g.objects(s, p), key=str)
    if len(values) > 1:
        raise RoleDeclarationError(f"{where}: {_local(s)} has {len(values)} values of ckg:{_local(p)}, expected one")
    if not values:
        if required:
            raise RoleDeclarationError(f"{where}: {_local(s)} declares no ckg:{_local(p)}")
        return None
    return values[0]


def _text(g: Graph, s: Node, p: URIRef, where: str, *, required: bool = True) -> str | None:
    value = _one(g, s, p, where, required=required)
    return None if value is None else str(value)


def _int(g: Graph, s: Node, p: URIRef, where: str) -> int:
    value = _one(g, s, p, where)
    try:
        return int(value.toPython() if isinstance(value, Literal) else str(value))
    except (TypeError, ValueError):
        raise RoleDeclarationError(f"{where}: ckg:{_local(p)} of {_local(s)} is not an integer") from None


def _list(g: Graph, s: Node, p: URIRef, where: str) -> list[Node]:
    head = _one(g, s, p, where, required=False)
    if head is None:
        return []
    if not isinstance(head, (BNode, URIRef)):
        raise RoleDeclarationError(f"{where}: ckg:{_local(p)} of {_local(s)} must be an RDF list ( ... )")
    return list(Collection(g, head))


def _load_role(path: Path) -> RoleSpec:
    where = f"ontology/roles/{path.name}"
    g = Graph()
    try:
        g.parse(path, format="turtle")
    except Exception as exc:  # rdflib raises several parser exception types
        raise RoleDeclarationError(f"{where}: not valid Turtle: {exc}") from exc
    classes = sorted(s for s in g.subjects(_CKG.role, None) if isinstance(s, URIRef))
    if len(classes) != 1:
        raise RoleDeclarationError(
            f"{where}: a role file declares exactly one class with ckg:role, found {len(classes)}"
            " (put each role in its own file)")
    cls = classes[0]
    if (cls, RDFS.subClassOf, _CKG.Relation) not in g:
        raise RoleDeclarationError(f"{where}: {_local(cls)} must be rdfs:subClassOf ckg:Relation")
    name = _text(g, cls, _CKG.role, where) or ""
    colour = _text(g, cls, _CKG.colour, where) or ""

    slots = tuple(_local(n) for n in _list(g, cls, _CKG.slots, where))
    if not slots:
        raise RoleDeclarationError(f"{where}: {_local(cls)} declares no ckg:slots ( ... )")
    participant_roles: dict[str, str] = {}
    slot_categories: dict[str, str] = {}
    for slot in slots:
        prop = _CKG[slot]
        pr = _text(g, prop, _CKG.participantRole, where, required=False)
        if pr:
            participant_roles[slot] = pr
        cat = _text(g, prop, _CKG.nodeCategory, where, required=False)
        if cat:
            slot_categories[slot] = cat

    edges: list[EdgeSpec] = []
    for node in _list(g, cls, _CKG.edges, where):
        label_from = _one(g, node, _CKG.labelFrom, where, required=False)
        when = tuple(
            (_local(_one(g, w, _CKG.whenAttribute, where) or ""), _text(g, w, _CKG.whenValue, where) or "",
             _text(g, w, _CKG.edgeLabel, where) or "")
            for w in _list(g, node, _CKG.labelWhen, where))
        edge = EdgeSpec(_local(_one(g, node, _CKG.edgeSource, where) or ""),
                        _local(_one(g, node, _CKG.edgeTarget, where) or ""),
                        _text(g, node, _CKG.edgeLabel, where) or "",
                        _local(label_from) if label_from is not None else None,
                        when)
        for end in (edge.source, edge.target):
            if end not in slots:
                raise RoleDeclarationError(f"{where}: edge {edge.label!r} names {end!r}, not one of the slots {slots}")
        edges.append(edge)

    category: CategorySpec | None = None
    cat_node = _one(g, cls, _CKG.category, where, required=False)
    if cat_node is not None:
        cname = _text(g, cat_node, _CKG.categoryName, where) or ""
        kind = _local(_one(g, cat_node, _CKG.categoryKind, where) or "")
        if kind not in ("Organization", "Person"):
            raise RoleDeclarationError(f"{where}: ckg:categoryKind must be ckg:Organization or ckg:Person")
        category = CategorySpec(
            name=cname,
            role=name,
            label=_text(g, cat_node, _CKG.legendLabel, where) or "",
            short_label=_text(g, cat_node, _CKG.shortLabel, where) or "",
            shape=_text(g, cat_node, _CKG.shape, where) or "",
            kind=kind,
            priority=_int(g, cat_node, _CKG.priority, where),
            colour=colour,
            participant_roles=frozenset(participant_roles[s] for s, c in slot_categories.items()
                                        if c == cname and s in participant_roles),
        )
    unknown_cats = {c for c in slot_categories.values() if category is None or c != category.name}
    if unknown_cats:
        raise RoleDeclarationError(f"{where}: slots name node categories {sorted(unknown_cats)} the role does not declare")

    caption_detail: tuple[str, str] | None = None
    detail = _one(g, cls, _CKG.captionDetail, where, required=False)
    if detail is not None:
        fmt = _text(g, detail, _CKG.detailFormat, where, required=False) or "text"
        if fmt not in CAPTION_FORMATS:
            raise RoleDeclarationError(f"{where}: ckg:detailFormat {fmt!r} is not one of {CAPTION_FORMATS}")
        caption_detail = (_local(_one(g, detail, _CKG.detailAttribute, where) or ""), fmt)

    mode = _text(g, cls, _CKG.scoreMode, where) or ""
    if mode not in SCORE_MODES:
        raise RoleDeclarationError(f"{where}: ckg:scoreMode {mode!r} is not one of {SCORE_MODES}")
    pairs: list[tuple[str, str]] = []
    for node in _list(g, cls, _CKG.scorePairs, where):
        pair = (_local(_one(g, node, _CKG.edgeSource, where) or ""), _local(_one(g, node, _CKG.edgeTarget, where) or ""))
        for end in pair:
            if end not in slots:
                raise RoleDeclarationError(f"{where}: scored pair names {end!r}, not one of the slots {slots}")
        pairs.append(pair)
    gold_fields = tuple(str(n) for n in _list(g, cls, _CKG.goldFields, where))
    score_slots = tuple(_local(n) for n in _list(g, cls, _CKG.scoreSlots, where))
    if mode == "pairs" and (not pairs or len(gold_fields) != 2):
        raise RoleDeclarationError(f"{where}: scoreMode \"pairs\" needs ckg:scorePairs and two ckg:goldFields")
    if mode in ("sides", "single") and not score_slots:
        raise RoleDeclarationError(f"{where}: scoreMode {mode!r} needs ckg:scoreSlots ( ... )")
    if any(s not in slots for s in score_slots):
        raise RoleDeclarationError(f"{where}: ckg:scoreSlots names slots not in ckg:slots {slots}")

    attributes = tuple(sorted(
        _local(p) for p in g.subjects(RDFS.domain, cls)
        if isinstance(p, URIRef) and _local(p) not in slots
        and (p, RDF.type, OWL.DatatypeProperty) in g))
    shapes = tuple(sorted(str(s) for s in g.subjects(RDF.type, _SH.NodeShape)))
    if not any((URIRef(s), _SH.targetClass, cls) in g for s in shapes):
        raise RoleDeclarationError(f"{where}: no SHACL node shape has sh:targetClass {_local(cls)}")

    return RoleSpec(
        name=name,
        class_name=_local(cls),
        class_iri=str(cls),
        label=_text(g, cls, RDFS.label, where) or _local(cls),
        order=_int(g, cls, _CKG.roleOrder, where),
        gold_key=_text(g, cls, _CKG.goldKey, where) or "",
        score_mode=mode,
        score_pairs=tuple(pairs),
        score_slots=score_slots,
        gold_fields=gold_fields,
        slots=slots,
        attributes=attributes,
        edges=tuple(edges),
        legend=_text(g, cls, _CKG.legendLabel, where, required=bool(edges)) or "",
        arrow_text=_text(g, cls, _CKG.arrowText, where, required=bool(edges)) or "",
        colour=colour,
        category=category,
        caption_detail=caption_detail,
        rule=_text(g, cls, _CKG.rule, where, required=False),
        queries=tuple(sorted(
            (_text(g, q, _CKG.queryName, where) or "", _text(g, q, _CKG.queryText, where) or "")
            for q in g.objects(cls, _CKG.namedQuery))),
        shapes=shapes,
        source=path,
        participant_roles=MappingProxyType(participant_roles),
        categories=MappingProxyType(slot_categories),
    )


@lru_cache(maxsize=4)
def _load(directory: Path) -> tuple[RoleSpec, ...]:
    files = sorted(directory.glob("*.ttl"))
    if not files:
        raise RoleDeclarationError(f"no role files in {directory}")
    specs = sorted((_load_role(p) for p in files), key=lambda r: (r.order, r.name))
    for attr in ("name", "class_name", "gold_key"):
        seen: dict[str, Path] = {}
        for spec in specs:
            value = getattr(spec, attr)
            if value in seen:
                raise RoleDeclarationError(
                    f"ontology/roles/{spec.source.name} and {seen[value].name} both declare {attr} {value!r}")
            seen[value] = spec.source
    return tuple(specs)


# --------------------------------------------------------------------------- API


def roles() -> tuple[RoleSpec, ...]:
    """Every declared role, in ``ckg:roleOrder`` (issuer, subsidiary, position, credit, ...)."""
    return _load(ROLES_DIR)


def role_names() -> tuple[str, ...]:
    """The ``Fact.role`` values, in order."""
    return tuple(r.name for r in roles())


def role(name: str) -> RoleSpec:
    """The role named ``name`` (``Fact.role`` value); ``KeyError`` naming the declared ones."""
    for spec in roles():
        if spec.name == name:
            return spec
    close = difflib.get_close_matches(name, role_names(), n=2)
    hint = f"did you mean {', '.join(close)}? " if close else ""
    raise KeyError(f"no role {name!r} is declared in ontology/roles/ ({hint}declared: {', '.join(role_names())})")


def role_for_class(class_name: str) -> RoleSpec:
    """The role whose relation class has local name (or IRI) ``class_name``."""
    local = _local(URIRef(class_name))
    for spec in roles():
        if spec.class_name == local:
            return spec
    raise KeyError(f"no role in ontology/roles/ declares the class {class_name!r}")


def edge_roles() -> tuple[RoleSpec, ...]:
    """The roles whose relation nodes become edges in the projection (those declaring ckg:edges)."""
    return tuple(r for r in roles() if r.edges)


def categories() -> tuple[CategorySpec, ...]:
    """The node categories the roles declare, by kind (organizations first) then priority."""
    cats = [r.category for r in roles() if r.category is not None]
    return tuple(sorted(cats, key=lambda c: (c.kind != "Organization", c.priority, c.name)))


@lru_cache(maxsize=4)
def _graph(directory: Path) -> Graph:
    g = Graph()
    for spec in _load(directory):
        g.parse(spec.source, format="turtle")
    return g


def roles_graph() -> Graph:
    """All role files parsed into one graph (cached: treat as read-only)."""
    return _graph(ROLES_DIR)


def _closure(g: Graph, start: Node, out: Graph) -> None:
    """Add ``start``'s triples and those of the blank nodes they reach (a concise bounded description)."""
    todo = [start]
    seen: set[Node] = set()
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        for p, o in g.predicate_objects(s):
            out.add((s, p, o))
            if isinstance(o, BNode):
                todo.append(o)


@lru_cache(maxsize=4)
def _shapes(directory: Path, generic: Path) -> Graph:
    g = Graph()
    g.parse(generic, format="turtle")
    role_graph = _graph(directory)
    for spec in _load(directory):
        for shape in spec.shapes:
            _closure(role_graph, URIRef(shape), g)
    # the generic shape of every ckg:Relation: one of the declared role classes (the list comes from
    # the registry, not from shapes.ttl)
    for relation_shape in sorted(g.subjects(_SH.targetClass, _CKG.Relation), key=str):
        members: list[Node] = []
        for spec in _load(directory):
            member = BNode()
            g.add((member, URIRef(str(_SH) + "class"), URIRef(spec.class_iri)))
            members.append(member)
        head = BNode()
        Collection(g, head, members)
        g.add((relation_shape, URIRef(str(_SH) + "or"), head))
    return g


def shapes_graph() -> Graph:
    """The SHACL shapes: the generic ones of ``ontology/shapes.ttl``, every role file's shapes, and
    ``ckgsh:RelationShape``'s ``sh:or`` over the declared role classes (cached: read-only)."""
    return _shapes(ROLES_DIR, _SHAPES)

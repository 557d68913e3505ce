"""Project the RDF graph onto a networkx ``MultiDiGraph`` for drawing and analytics.

Entities (``ckg:Organization``, ``ckg:Person``) become nodes; n-ary relation nodes (the role
classes of ``ontology/roles/*.ttl`` that declare ``ckg:edges``) become labelled edges that carry
their attributes, dates, filing and evidence.  Which participant is the source and which the
target of an edge is data: each role file's ``ckg:edges``, written into the ``VALUES`` table of
``ontology/queries/projection_edges.rq`` at run time (:mod:`corpkg.ontology.registry`).  A relation whose participants give
no edge (one side unknown) is kept as a small relation node linked to the parties it names, so
nothing stated in a filing is dropped from the picture.

The projection never re-reads text and never assumes "relation == edge" (STYLE.md, 6).
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import networkx as nx
from rdflib import RDFS

from corpkg.errors import CorpkgError
from corpkg.graph.terms import CKG_IRI, PROV, SKOS
from corpkg.ontology import QUERIES_DIR
from corpkg.ontology.registry import edge_roles

__all__ = [
    "CKG",
    "ROLES",
    "RELATION_ROLES",
    "EntityLookupError",
    "project",
    "load_projection",
    "open_source",
    "select",
    "find_entities",
    "resolve_entity",
    "filter_projection",
    "project_neighbourhood",
    "local_name",
    "normalise_name",
    "sort_titles",
    "TITLE_ORDER",
]

CKG = CKG_IRI
RDFS_LABEL = str(RDFS.label)
SKOS_ALT = str(SKOS.altLabel)

RELATION_ROLES: dict[str, str] = {spec.class_name: spec.name for spec in edge_roles()}
"""Relation class (local name) → role name (``Fact.role``), for the roles whose relations become
edges (declared in ontology/roles/*.ttl)."""

ROLES: tuple[str, ...] = tuple(RELATION_ROLES.values())
"""The roles ``project(roles=...)``, ``filter_projection(roles=...)`` and ``corpkg viz --roles`` accept."""

# seniority order for showing several titles of one position (unknown titles sort before Director)
TITLE_ORDER = (
    "Chairman",
    "Chief Executive Officer",
    "President",
    "Chief Operating Officer",
    "Chief Financial Officer",
    "Executive Vice President",
    "Senior Vice President",
    "Vice President",
    "General Counsel",
    "Secretary",
    "Treasurer",
    "Director",
)


def sort_titles(titles: Iterable[str]) -> list[str]:
    """Titles in seniority order (TITLE_ORDER), others alphabetically just before Director."""
    rank = {t: i for i, t in enumerate(TITLE_ORDER)}
    return sorted(set(titles), key=lambda t: (rank.get(t, len(TITLE_ORDER) - 1.5), t))


# attribute names that date an edge (first present wins)
_START_ATTRS = ("startDate", "date", "filedOn")
_END_ATTRS = ("endDate",)


class EntityLookupError(CorpkgError, LookupError):
    """A name given by the user matches no entity, or several equally well."""

    exit_code = 1


def local_name(iri: str) -> str:
    """The part of an IRI after the last ``#`` or ``/``."""
    return re.split(r"[#/]", iri.rstrip("/#"))[-1]


_RESTRICT_LINE = re.compile(r"^[ \t]*# @restrict[ \t]*$", re.MULTILINE)
_EDGES_LINE = re.compile(r"^[ \t]*# @edges[ \t]*$", re.MULTILINE)
_RELATION_TYPES = re.compile(r"\$relationTypes\b")
_IRI_OK = re.compile(r"[^\s<>\"{}|^`\\]+")


def _sparql_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _role_text(text: str) -> str:
    """Fill in what the role files declare: ``$relationTypes`` (the IRIs of the role classes with
    edges) and the ``# @edges`` line (one VALUES row per declared edge)."""
    specs = edge_roles()
    types = ", ".join(f"<{spec.class_iri}>" for spec in specs)
    text = _RELATION_TYPES.sub(lambda m: types, text)
    rows = [
        f"  (<{spec.class_iri}> <{CKG}{edge.source}> <{CKG}{edge.target}> "
        f"{_sparql_string(spec.name)} {_sparql_string(edge.label)})"
        for spec in specs
        for edge in spec.edges
    ]
    return _EDGES_LINE.sub(lambda m: "\n".join(rows), text, count=1)


def _query_text(name: str, **values: Iterable[str]) -> str:
    """The text of ``ontology/queries/NAME.rq`` with the roles filled in (:func:`_role_text`); each
    keyword adds ``VALUES ?name { <iri> ... }`` at the query's ``# @restrict`` line (IRIs only,
    checked, so nothing can be injected)."""
    text = _role_text((QUERIES_DIR / f"{name}.rq").read_text(encoding="utf-8"))
    if not values:
        return text
    blocks = []
    for var, iris in values.items():
        iris = list(iris)
        bad = [i for i in iris if not _IRI_OK.fullmatch(i)]
        if bad:
            raise ValueError(f"not an IRI: {bad[0]!r}")
        blocks.append(f"VALUES ?{var} {{ " + " ".join(f"<{i}>" for i in iris) + " }")
    text, found = _RESTRICT_LINE.subn(lambda m: "\n".join("  " + b for b in blocks), text, count=1)
    if not found:
        raise ValueError(f"query {name} has no '# @restrict' line")
    return text


# --------------------------------------------------------------------------- opening a source


def open_source(source: Any) -> Any:
    """A pyoxigraph ``Store`` for ``source``.

    ``source`` may be a ``pyoxigraph.Store``, an rdflib ``Dataset``/``Graph``, or a path: a graph
    file (``.trig``, ``.nq``, ``.ttl``, ``.nt``, ``.jsonld`` ...) is loaded in memory, a directory
    is opened as a persistent store (both through :func:`corpkg.graph.store.open_store`).
    """
    import pyoxigraph as ox

    if isinstance(source, ox.Store):
        return source
    if isinstance(source, (str, Path)):
        from corpkg.graph.store import open_store

        path = Path(source)
        if not path.exists():
            raise CorpkgError("no such graph file or store directory", str(path))
        return open_store(path, read_only=path.is_dir())
    # rdflib Dataset / Graph: hand the quads over as N-Quads (fast, lossless)
    serialize = getattr(source, "serialize", None)
    if serialize is None:
        raise TypeError(f"cannot project {type(source).__name__}: expected a path, a pyoxigraph Store or an rdflib graph")
    data = serialize(format="nquads")
    store = ox.Store()
    store.load(data.encode("utf-8") if isinstance(data, str) else data, format=ox.RdfFormat.N_QUADS)
    return store


def _term_value(term: Any) -> str | int | None:
    """Lexical value of a pyoxigraph term; integers stay integers (offsets)."""
    if term is None:
        return None
    value = str(term.value)
    datatype = getattr(term, "datatype", None)
    if datatype is not None and datatype.value.endswith(("#integer", "#int", "#long", "#nonNegativeInteger")):
        try:
            return int(value)
        except ValueError:
            return value
    return value


def select(store: Any, sparql: str) -> Iterator[dict[str, Any]]:
    """Rows of a SELECT over the union of all graphs of ``store``, as ``{variable: value}``."""
    import pyoxigraph as ox

    if "GRAPH ?g {" in sparql and next(iter(store.quads_for_pattern(None, None, None, ox.DefaultGraph())), None):
        # triples in the default graph (a Turtle file, a hand-made store): GRAPH ?g would not see
        # them; read the union default graph instead (no repetition when there is one graph)
        sparql = sparql.replace("GRAPH ?g {", "{")
    solutions = store.query(sparql, use_default_graph_as_union=True)
    names = [v.value for v in solutions.variables]
    for row in solutions:
        yield {n: _term_value(row[n]) for n in names if row[n] is not None}


# --------------------------------------------------------------------------- the projection


def project(source: Any, *, roles: Iterable[str] | None = None) -> nx.MultiDiGraph[Any]:
    """The projection of ``source`` (see :func:`open_source`) as a ``MultiDiGraph``.

    Nodes are entity IRIs with ``kind`` ("Organization" | "Person"), ``label``, ``alt_labels``,
    ``identifiers`` (e.g. ``{"cik": "0001084475"}``), ``filings`` (IRIs of filings it issued) and
    ``roles`` (the roles it plays in any relation: issuer, parent, subsidiary, officer, lender,
    borrower, plaintiff, defendant, acquirer, target ...).  Each edge is keyed by its relation IRI
    (plus the slot pair) and carries ``role``, ``label``, ``caption``, ``relation``,
    ``relation_type``, ``attributes`` (local name → list of values), ``titles``, ``start``, ``end``,
    ``as_of``, ``filing``, ``filing_info`` and ``evidence`` (list of quote/offsets/section/filing
    dicts).  The graph's ``filings`` attribute maps filing IRIs to their form type, dates and issuers.
    ``roles`` (some of :data:`ROLES`: subsidiary, position, ...) projects those relations only (the
    restriction is part of the SPARQL).
    """
    store = open_source(source)
    return _assemble(store, relation_types=_relation_types(roles))


def _relation_types(roles: Iterable[str] | None) -> list[str] | None:
    if not roles:
        return None
    wanted = set(roles)
    unknown = wanted - set(ROLES)
    if unknown:
        raise ValueError(f"unknown role(s) {', '.join(sorted(unknown))}; expected some of {', '.join(ROLES)}")
    return [CKG + cls for cls, role in RELATION_ROLES.items() if role in wanted]


def _assemble(
    store: Any,
    *,
    relation_types: list[str] | None = None,
    relations: Iterable[str] | None = None,
    entities: Iterable[str] | None = None,
    participant_rows: list[dict[str, Any]] | None = None,
) -> nx.MultiDiGraph[Any]:
    """The projection of the whole store (``relations`` and ``entities`` None) or of the given
    relations and entities only (a neighbourhood: every query gets a VALUES block).
    ``participant_rows`` are rows of ``projection_participants`` already fetched for the entities
    (the roles they play in all relations, also those not projected)."""
    graph: nx.MultiDiGraph[Any] = nx.MultiDiGraph()
    rel_filter = {"relationType": relation_types} if relation_types else {}
    if relations is not None:
        rel_filter = {"relation": sorted(set(relations))}
    relations_list = rel_filter.get("relation")
    part_rows = list(select(store, _query_text("projection_participants", **rel_filter))) if relations_list != [] else []
    participants = _participants(part_rows)
    if entities is None:
        entity_filter: dict[str, list[str]] = {}
        # roles: every relation an entity takes part in, whatever --roles projects
        role_rows = part_rows if not relation_types else list(select(store, _query_text("projection_participants")))
    else:
        wanted = set(entities)
        for slots in participants.values():
            for members in slots.values():
                wanted.update(members)
        entity_filter = {"entity": sorted(wanted)}
        role_rows = list(participant_rows or []) + part_rows
    rel_info = _relations(store, rel_filter) if relations_list != [] else {}
    # the filings the relations cite, and those the entities issued
    if entities is None:
        filings = _filings(store, {})
    else:
        cited = {f for info in rel_info.values() for f in info["filings"]}
        cited |= {e["filing"] for info in rel_info.values() for e in info["evidence"] if e.get("filing")}
        issued = [r["filing"] for r in select(store, _query_text("projection_issued", **entity_filter))] if entity_filter["entity"] else []
        cited |= set(issued)
        filings = _filings(store, {"filing": sorted(cited)}) if cited else {}
    _finish_relations(rel_info, filings)
    graph.graph["filings"] = filings

    nodes = _entities(store, entity_filter) if entity_filter.get("entity", True) else {}
    for iri, node in nodes.items():
        graph.add_node(iri, **node)
    for info in filings.values():
        for issuer in info["issuers"]:
            if issuer in graph:
                graph.nodes[issuer]["filings"].append(info["iri"])
                graph.nodes[issuer]["roles"].add("issuer")
    for node in graph:
        graph.nodes[node]["filings"].sort()
    for row in role_rows:
        entity = row["entity"]
        slot = local_name(row["slot"])
        if entity in graph and slot in _ROLE_OF_SLOT:  # not entity-valued attributes (survivor)
            graph.nodes[entity]["roles"].add(_ROLE_OF_SLOT[slot])

    used: set[str] = set()
    edge_rows = select(store, _query_text("projection_edges", **rel_filter)) if relations_list != [] else ()
    for row in edge_rows:
        rel = row["relation"]
        source, target = row["source"], row["target"]
        if rel not in rel_info or source not in graph or target not in graph:
            continue
        used.add(rel)
        data = _edge_data(rel_info[rel], row["role"], row["label"], local_name(row["sourceSlot"]), local_name(row["targetSlot"]))
        data["parties"] = participants.get(rel, {})
        key = f"{rel}|{data['source_slot']}>{data['target_slot']}"
        graph.add_edge(source, target, key=key, **data)

    # relations with no edge: keep them as relation nodes linked to their parties
    for rel, info in rel_info.items():
        if rel in used or rel not in participants:
            continue
        rtype = info["relation_type"]
        role = RELATION_ROLES[rtype]
        graph.add_node(
            rel,
            kind=rtype,
            label=_relation_node_label(info),
            alt_labels=[],
            identifiers={},
            filings=[],
            roles={role},
            relation_node=True,
        )
        for slot, members in sorted(participants[rel].items()):
            for entity in members:
                if entity not in graph:
                    continue
                data = _edge_data(info, role, slot, slot, "relation")
                data["parties"] = participants[rel]
                graph.add_edge(entity, rel, key=f"{rel}|{slot}", **data)
    return graph


def load_projection(source: Any) -> nx.MultiDiGraph[Any]:
    """Alias of :func:`project`, for readability at call sites that pass a path."""
    return project(source)


_ROLE_OF_SLOT: dict[str, str] = {slot: name for spec in edge_roles() for slot, name in spec.participant_roles.items()}
"""Slot → what its entity is called (``ckg:participantRole`` of the role files: owner → parent)."""


def _entities(store: Any, restrict: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    labels: dict[str, list[str]] = defaultdict(list)
    alts: dict[str, set[str]] = defaultdict(set)
    kinds: dict[str, set[str]] = defaultdict(set)
    idents: dict[str, dict[str, str]] = defaultdict(dict)
    for row in select(store, _query_text("projection_entities", **restrict)):
        iri = row["entity"]
        kinds[iri].add(local_name(row["kind"]))
        prop, value = row.get("property"), row.get("value")
        if prop is None or value is None:
            continue
        value = str(value)
        if prop == RDFS_LABEL:
            if value not in labels[iri]:
                labels[iri].append(value)
        elif prop == SKOS_ALT:
            alts[iri].add(value)
        elif prop.startswith(CKG):
            idents[iri].setdefault(local_name(prop), value)
    out: dict[str, dict[str, Any]] = {}
    for iri in sorted(kinds):
        # the fullest name as written; an all-capitals form (cover pages) only when there is no other
        names = sorted(labels.get(iri, []), key=lambda s: (s.isupper(), -len(s), s))
        label = names[0] if names else local_name(iri)
        # an entity typed both ways is shown as an organization (the contract types them explicitly;
        # the validator reports the clash, the picture should not hide the node)
        kind = "Organization" if "Organization" in kinds[iri] else "Person"
        alt = sorted((alts.get(iri, set()) | set(names[1:])) - {label})
        out[iri] = {
            "kind": kind,
            "label": label,
            "alt_labels": alt,
            "identifiers": dict(sorted(idents.get(iri, {}).items())),
            "filings": [],
            "roles": set(),
            "relation_node": False,
        }
    return out


def _filings(store: Any, restrict: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for row in select(store, _query_text("projection_filings", **restrict)):
        iri = row["filing"]
        info = out.setdefault(iri, {"iri": iri, "issuers": [], "properties": {}})
        prop, value = row["property"], row["value"]
        if prop == CKG + "issuer":
            if value not in info["issuers"]:
                info["issuers"].append(value)
        else:
            info["properties"].setdefault(local_name(prop), str(value))
    for info in out.values():
        props = info["properties"]
        info["form_type"] = props.get("formType")
        info["filed_on"] = props.get("filedOn")
        info["period"] = props.get("periodOfReport")
        info["date_of_report"] = props.get("dateOfReport")
        info["accession"] = props.get("accessionNumber")
        info["file"] = props.get("fileName")
        info["date"] = info["filed_on"] or info["date_of_report"] or info["period"]
        info["when"] = (
            f"filed {info['filed_on']}" if info["filed_on"]
            else f"report dated {info['date_of_report']}" if info["date_of_report"]
            else f"period ended {info['period']}" if info["period"]
            else None
        )
        info["issuers"].sort()
    return out


def _participants(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        members = out[row["relation"]][local_name(row["slot"])]
        if row["entity"] not in members:
            members.append(row["entity"])
    return {rel: {slot: sorted(m) for slot, m in slots.items()} for rel, slots in out.items()}


def _relations(store: Any, restrict: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    """Relation nodes with attributes, filings and raw evidence (filing details: _finish_relations)."""
    rels: dict[str, dict[str, Any]] = {}
    for row in select(store, _query_text("projection_attributes", **restrict)):
        rel = row["relation"]
        info = rels.setdefault(
            rel,
            {"relation": rel, "relation_type": local_name(row["relationType"]), "attributes": defaultdict(list), "filings": []},
        )
        prop, value = row["property"], row["value"]
        if prop == str(PROV.wasDerivedFrom):
            if value not in info["filings"]:
                info["filings"].append(value)
            continue
        values = info["attributes"][local_name(prop)]
        if str(value) not in values:
            values.append(str(value))
    evidence: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in select(store, _query_text("projection_evidence", **restrict)):
        item = {
            "quote": str(row["quote"]),
            "start": row.get("start"),
            "end": row.get("end"),
            "section": row.get("section"),
            "document_type": row.get("documentType"),
            "filing": row.get("filing"),
        }
        if item not in evidence[row["relation"]]:
            evidence[row["relation"]].append(item)
    for rel, info in rels.items():
        info["evidence"] = evidence.get(rel, [])
    return rels


def _finish_relations(rels: dict[str, dict[str, Any]], filings: dict[str, dict[str, Any]]) -> None:
    """Sort attributes and evidence, and add the filings' form type and dates."""
    for info in rels.values():
        for item in info["evidence"]:
            finfo = filings.get(item["filing"] or "", {})
            for key in ("form_type", "filed_on", "date", "when", "accession", "file"):
                item[key] = finfo.get(key)
    for info in rels.values():
        info["attributes"] = {k: sort_titles(v) if k == "title" else sorted(v) for k, v in sorted(info["attributes"].items())}
        info["filings"].sort()
        info["evidence"] = sorted(
            info["evidence"], key=lambda e: (e["filing"] or "", e["start"] if isinstance(e["start"], int) else -1)
        )
        info["filing_info"] = [
            {k: filings[f].get(k) for k in ("iri", "form_type", "filed_on", "period", "date_of_report", "date", "when",
                                            "accession", "file")}
            for f in info["filings"]
            if f in filings
        ]


def _first(attrs: dict[str, list[str]], names: Iterable[str]) -> str | None:
    for name in names:
        if attrs.get(name):
            return attrs[name][0]
    return None


def _money(amount: str | None, currency: str | None) -> str | None:
    if not amount:
        return None
    try:
        number = float(amount)
        text = f"{number:,.0f}" if number == int(number) else f"{number:,.2f}"
    except ValueError:
        text = amount
    if currency in (None, "USD"):
        return f"${text}"
    return f"{text} {currency}"


_SPECS = {spec.name: spec for spec in edge_roles()}


def _detail(attrs: dict[str, list[str]], attribute: str, fmt: str) -> str | None:
    """A role's ``ckg:captionDetail`` as shown after an edge's label ("100%", "$500,000", a case number)."""
    value = _first(attrs, (attribute,))
    if not value:
        return None
    if fmt == "percent":
        return f"{value}%"
    if fmt == "money":
        return _money(value, _first(attrs, ("currency",)))
    return value


def _edge_data(rel: dict[str, Any], role: str, label: str, source_slot: str, target_slot: str) -> dict[str, Any]:
    attrs: dict[str, list[str]] = rel["attributes"]
    titles = sort_titles(attrs.get("title", []))
    start = _first(attrs, _START_ATTRS)
    end = _first(attrs, _END_ATTRS)
    as_of = _first(attrs, ("asOf",))
    detail: list[str] = []
    edge_label = label
    spec = _SPECS.get(role)
    if spec is not None:
        for edge in spec.edges:
            if edge.label_from and (edge.source, edge.target) == (source_slot, target_slot):
                edge_label = ", ".join(sort_titles(attrs.get(edge.label_from, []))) or label
            if edge.source == source_slot:  # also the edges to a relation drawn as a node
                for attribute, value, when_label in edge.label_when:
                    if value in attrs.get(attribute, []):
                        edge_label = when_label
                        break
        if spec.caption_detail is not None:
            text = _detail(attrs, *spec.caption_detail)
            if text:
                detail.append(text)
    if end:
        detail.append(f"ended {end}")
    elif "former" in attrs.get("status", []):
        detail.append("former")
    caption = edge_label + (f" ({'; '.join(detail)})" if detail else "")
    filing = rel["filings"][0] if rel["filings"] else None
    return {
        "role": role,
        "label": edge_label,
        "caption": caption,
        "relation": rel["relation"],
        "relation_type": rel["relation_type"],
        "source_slot": source_slot,
        "target_slot": target_slot,
        "attributes": attrs,
        "titles": titles,
        "label_values": _label_values(role, attrs),
        "start": start,
        "end": end,
        "as_of": as_of,
        "status": _first(attrs, ("status",)),
        "filing": filing,
        "filings": list(rel["filings"]),
        "filing_info": list(rel["filing_info"]),
        "evidence": list(rel["evidence"]),
    }


def _label_values(role: str, attrs: dict[str, list[str]]) -> list[str]:
    """The values of the attribute labelling the role's edges (``ckg:labelFrom``: a position's titles)."""
    spec = _SPECS.get(role)
    names = [e.label_from for e in spec.edges if e.label_from] if spec is not None else []
    return sort_titles(attrs.get(names[0], [])) if names else []


def _relation_node_label(rel: dict[str, Any]) -> str:
    attrs = rel["attributes"]
    rtype = rel["relation_type"]
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", rtype).lower()
    detail = _first(attrs, ("caseNumber", "court", "facilityType", "kind", "date", "startDate", "filedOn"))
    return f"{words} {detail}" if detail else words


# --------------------------------------------------------------------------- finding and filtering


def normalise_name(name: str) -> str:
    """Case-, accent- and punctuation-insensitive form of a name, for look-ups.

    Not :func:`corpkg.graph.iris.normalise_name`, which makes the identity key an IRI is minted
    from (ASCII only, a leading "the" dropped, legal-form suffixes unified): this one keeps every
    word and non-Latin letters, so a substring search ("auxer") means what the user typed.
    :func:`find_entities` uses the identity key as a second tier ("Auxer Group Inc" finds
    "The Auxer Group, Inc.")."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"[^\w]+", " ", text)
    return " ".join(text.split())


def find_entities(graph: nx.MultiDiGraph[Any], name: str) -> list[str]:
    """Nodes whose label or alternative label matches ``name``: exact (normalised) matches if any,
    else those containing it; best connected first. An IRI matches itself."""
    if name in graph:
        return [name]
    wanted = normalise_name(name)
    if not wanted:
        return []
    from corpkg.graph.iris import normalise_name as identity_key

    exact: list[str] = []
    partial: list[str] = []
    for node, data in graph.nodes(data=True):
        names = [normalise_name(n) for n in [data.get("label", ""), *data.get("alt_labels", [])]]
        if wanted in names:
            exact.append(node)
        elif any(wanted in n for n in names):
            partial.append(node)
    same_key: list[str] = []
    key = identity_key(name) if not exact else ""
    if key:
        same_key = [node for node, data in graph.nodes(data=True)
                    if any(identity_key(n) == key for n in [data.get("label", ""), *data.get("alt_labels", [])])]
    found = exact or same_key or partial
    return sorted(found, key=lambda n: (-graph.degree(n), graph.nodes[n].get("label", ""), n))


def resolve_entity(graph: nx.MultiDiGraph[Any], name: str) -> str:
    """The one node ``name`` stands for; :class:`EntityLookupError` when none or several."""
    found = find_entities(graph, name)
    if not found:
        raise EntityLookupError(f"no entity named {name!r} in the graph (labels and alternative labels were searched)")
    if len(found) > 1:
        wanted = normalise_name(name)
        exact = [n for n in found if normalise_name(graph.nodes[n].get("label", "")) == wanted]
        if len(exact) == 1:
            return exact[0]
        names = "; ".join(f"{graph.nodes[n].get('label')} <{n}>" for n in found[:8])
        more = f" and {len(found) - 8} more" if len(found) > 8 else ""
        raise EntityLookupError(f"{name!r} matches {len(found)} entities: {names}{more}; give the full name or the IRI")
    return found[0]


def _edge_dates(data: dict[str, Any]) -> list[str]:
    dates = [data.get("start"), data.get("end"), data.get("as_of")]
    dates += [f.get("date") for f in data.get("filing_info", [])]
    return [d for d in dates if d]


def filter_projection(
    graph: nx.MultiDiGraph[Any],
    *,
    roles: Iterable[str] | None = None,
    since: str | None = None,
    focus: str | None = None,
    hops: int = 1,
    keep_isolates: bool = False,
) -> nx.MultiDiGraph[Any]:
    """A filtered copy of a projection.

    ``roles`` keeps edges of those roles only (some of :data:`ROLES`). ``since`` (ISO date) keeps
    edges in force or evidenced on or after that date: an
    edge is kept when any of its dates (start, end, as-of, filing date) is ``>= since``; edges with no
    date at all are dropped. ``focus`` (a name or IRI) keeps the ``hops``-neighbourhood of that
    entity, following edges in both directions. Entities left without edges are dropped unless
    ``keep_isolates`` (issuers of the remaining filings are always kept).
    """
    wanted_roles = set(roles) if roles else None
    if wanted_roles:
        unknown = wanted_roles - set(ROLES)
        if unknown:
            raise ValueError(f"unknown role(s) {', '.join(sorted(unknown))}; expected some of {', '.join(ROLES)}")
    since_key = since[:10] if since else None
    out: nx.MultiDiGraph[Any] = nx.MultiDiGraph()
    out.graph.update(graph.graph)
    out.add_nodes_from(graph.nodes(data=True))
    for u, v, k, data in graph.edges(keys=True, data=True):
        if wanted_roles is not None and data["role"] not in wanted_roles:
            continue
        if since_key is not None and not any(d[: len(since_key)] >= since_key[: len(d)] for d in _edge_dates(data)):
            continue
        out.add_edge(u, v, key=k, **data)
    # relation nodes whose edges were all filtered out go too
    out.remove_nodes_from([n for n, d in out.nodes(data=True) if d.get("relation_node") and out.degree(n) == 0])
    if focus is not None:
        centre = resolve_entity(out, focus)
        keep = nx.single_source_shortest_path_length(out.to_undirected(as_view=True), centre, cutoff=max(hops, 0))
        out = out.subgraph(keep).copy()
        out.graph["focus"] = centre
        return out
    if not keep_isolates:
        out.remove_nodes_from([n for n, d in out.nodes(data=True) if out.degree(n) == 0 and not d.get("filings")])
    return out


# --------------------------------------------------------------------------- neighbourhoods


def _store_names(store: Any) -> nx.MultiDiGraph[Any]:
    """A graph of bare entity nodes with their names (label + alternative labels), enough for
    :func:`find_entities`/:func:`resolve_entity`, without projecting any relation."""
    names: dict[str, list[str]] = defaultdict(list)
    for row in select(store, _query_text("projection_names")):
        names[row["entity"]].append(str(row["name"]))
    index: nx.MultiDiGraph[Any] = nx.MultiDiGraph()
    for iri, found in names.items():
        found = sorted(set(found), key=lambda s: (s.isupper(), -len(s), s))
        index.add_node(iri, label=found[0], alt_labels=found[1:])
    return index


def project_neighbourhood(
    source: Any,
    focus: str,
    *,
    hops: int = 1,
    roles: Iterable[str] | None = None,
    since: str | None = None,
) -> nx.MultiDiGraph[Any]:
    """``filter_projection(project(source), roles=..., since=..., focus=..., hops=...)`` without
    projecting the whole graph: the entity is found by name (one query over the names), then its
    neighbourhood is fetched hop by hop — the relations each reached entity takes part in, by IRI
    (VALUES blocks), only those of ``roles`` projected in full. ``since`` is applied to the fetched
    relations in Python, before each hop, so the result is the same as filtering first."""
    store = open_source(source)
    relation_types = _relation_types(roles)
    if focus.startswith(("http://", "https://")) and _IRI_OK.fullmatch(focus) and next(
            select(store, _query_text("projection_entities", entity=[focus])), None):
        centre = focus  # an entity's IRI: no need to read every name
    else:
        centre = resolve_entity(_store_names(store), focus)
    work: nx.MultiDiGraph[Any] = nx.MultiDiGraph()
    work.graph["filings"] = {}
    expanded: set[str] = set()
    fetched: set[str] = set()

    def expand(nodes: Iterable[str], last: bool = False) -> None:
        todo = sorted(n for n in nodes if n not in expanded and not work.nodes.get(n, {}).get("relation_node"))
        if not todo:
            return
        expanded.update(todo)
        rows = list(select(store, _query_text("projection_participants", entity=todo)))
        wanted = {r["relation"] for r in rows if relation_types is None or r["relationType"] in relation_types}
        new = sorted(wanted - fetched)
        if last and new:
            # the outer ring: only relations between two entities already reached can be drawn
            inside: dict[str, set[str]] = defaultdict(set)
            for r in select(store, _query_text("projection_participants", relation=new)):
                if r["entity"] in seen:
                    inside[r["relation"]].add(r["entity"])
            new = [rel for rel in new if len(inside[rel]) >= 2]
        fetched.update(new)
        part = _assemble(store, relations=new, entities=todo, participant_rows=rows)
        work.graph["filings"].update(part.graph["filings"])
        for node, data in part.nodes(data=True):
            if node in work:
                known = work.nodes[node]
                known["roles"] |= data["roles"]
                known["filings"] = sorted(set(known["filings"]) | set(data["filings"]))
            else:
                work.add_node(node, **data)
        for u, v, k, data in part.edges(keys=True, data=True):
            if not work.has_edge(u, v, key=k):
                work.add_edge(u, v, key=k, **data)

    # entities not yet expanded get the roles of all their relations when they are (the last ring too,
    # so that edges between two entities at the edge of the neighbourhood are drawn)
    expand([centre])
    seen = {centre}
    frontier = [centre]
    for step in range(max(hops, 0)):
        view = filter_projection(work, roles=roles, since=since, keep_isolates=True).to_undirected(as_view=True)
        nxt = sorted({m for n in frontier if n in view for m in view.neighbors(n)} - seen)
        if not nxt:
            break
        seen.update(nxt)
        frontier = nxt
        expand(nxt, last=step == hops - 1)
    if centre not in work:  # an entity with no relation at all
        work.add_nodes_from(_assemble(store, relations=[], entities=[centre]).nodes(data=True))
    return filter_projection(work, roles=roles, since=since, focus=centre, hops=hops)

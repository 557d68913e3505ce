"""SHACL validation of corpkg graphs against ontology/shapes.ttl and the roles' shapes (pySHACL).

The shapes graph is :func:`corpkg.ontology.registry.shapes_graph`: the generic shapes of shapes.ttl
plus each role file's shapes.

A dataset is validated one named graph (one filing) at a time: the shapes speak about one
filing's statements (exactly one label per entity *per filing*; participants typed in the same
graph).  Warnings (sh:Warning) are reported but do not break conformance.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rdflib import SH, BNode, Dataset, Graph, URIRef

from corpkg.errors import GraphError
from corpkg.ontology import registry

__all__ = ["ValidationReport", "shapes_graph", "validate_graph", "validate_dataset", "validate_file"]


@dataclass
class ValidationReport:
    conforms: bool
    text: str
    violations: int
    warnings: int
    graphs: int


def shapes_graph() -> Graph:
    """The SHACL shapes graph (generic shapes and every role's; cached, treat as read-only)."""
    return registry.shapes_graph()


def _count(results_graph: Graph, severity: str) -> int:
    q = f"""PREFIX sh: <{SH}>
    SELECT (COUNT(?r) AS ?n) WHERE {{ ?r a sh:ValidationResult ; sh:resultSeverity sh:{severity} }}"""
    for row in results_graph.query(q):
        return int(str(row[0]))  # type: ignore[index]  # a SELECT's rows are ResultRows; rdflib types them as a union
    return 0


def validate_graph(graph: Graph) -> ValidationReport:
    """Validate one graph (one filing's statements)."""
    from pyshacl import validate

    conforms, results_graph, text = validate(
        graph, shacl_graph=shapes_graph(), inference="none", advanced=True, allow_warnings=True
    )
    return ValidationReport(bool(conforms), text, _count(results_graph, "Violation"),
                            _count(results_graph, "Warning"), 1)


def validate_dataset(ds: Dataset) -> ValidationReport:
    """Validate each named graph (and the default graph, when not empty) separately."""
    graphs = [g for g in ds.graphs() if len(g)]
    if not graphs:
        return ValidationReport(True, "Empty graph: nothing to validate.\n", 0, 0, 0)
    conforms, texts, violations, warnings = True, [], 0, 0
    for g in sorted(graphs, key=lambda g: str(g.identifier)):
        plain = Graph()
        for t in g:
            plain.add(t)
        r = validate_graph(plain)
        conforms &= r.conforms
        violations += r.violations
        warnings += r.warnings
        if not r.conforms or r.warnings:
            texts.append(f"== graph <{g.identifier}>\n{r.text}")
    summary = (f"{'Conforms' if conforms else 'Does not conform'}: {len(graphs)} graph(s), "
               f"{violations} violation(s), {warnings} warning(s).\n")
    return ValidationReport(conforms, summary + "".join(texts), violations, warnings, len(graphs))


def validate_file(path: str | Path) -> ValidationReport:
    """Parse a written graph (.trig, .nq, .ttl, .nt, .jsonld) and validate it."""
    import pyoxigraph as ox

    from corpkg.graph.rdf import from_ox
    from corpkg.graph.store import format_for, open_store

    p = Path(path)
    if not p.is_file():
        raise GraphError("no such graph file", str(p))
    format_for(p)
    store = open_store(p)  # oxigraph parses much faster than rdflib
    ds = Dataset()
    for q in store:
        gname = q.graph_name
        if isinstance(gname, ox.DefaultGraph):
            g = ds.default_graph
        else:
            name = from_ox(gname)
            assert isinstance(name, (URIRef, BNode))  # graph names are IRIs or blank nodes
            g = ds.graph(name)
        g.add((from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)))
    return validate_dataset(ds)

"""The Oxigraph store: open, replace one filing's named graph atomically, export.

``open_store(DIR)`` opens (or creates) a persistent store; ``open_store(FILE)`` loads a graph file
(.trig, .nq, .ttl, .nt, .jsonld) into an in-memory store.  A filing's graph is replaced with one
SPARQL Update (``DROP SILENT GRAPH g ; INSERT DATA { GRAPH g { ... } }``), which Oxigraph applies in
one transaction: rebuilding a filing changes nothing outside its graph, and a failure leaves the
store as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import pyoxigraph as ox

from corpkg.errors import GraphError
from corpkg.extract.model import Extraction
from corpkg.graph.rdf import FilingGraph, build_filing_graph
from corpkg.graph.terms import PREFIXES

# prefixes written into files (ids stay full IRIs: prefixed names with '/' need escapes)
FILE_PREFIXES = {k: v for k, v in PREFIXES.items() if k != "id"}

__all__ = [
    "FORMATS",
    "format_for",
    "open_store",
    "replace_filing",
    "mark_partial",
    "is_partial",
    "holds_complete_graph",
    "add_extraction",
    "filing_graphs",
    "export",
    "serialize_quads",
    "dumps",
]

FORMATS: dict[str, ox.RdfFormat] = {
    ".trig": ox.RdfFormat.TRIG,
    ".nq": ox.RdfFormat.N_QUADS,
    ".ttl": ox.RdfFormat.TURTLE,
    ".nt": ox.RdfFormat.N_TRIPLES,
    ".jsonld": ox.RdfFormat.JSON_LD,
    ".json": ox.RdfFormat.JSON_LD,
}


def format_for(path: str | Path) -> ox.RdfFormat:
    suffix = Path(path).suffix.lower()
    try:
        return FORMATS[suffix]
    except KeyError:
        raise GraphError(
            f"unknown graph format {suffix or '(no extension)'!r}; use one of {', '.join(sorted(FORMATS))}",
            str(path),
        ) from None


def open_store(path: str | Path | None = None, *, read_only: bool = False) -> ox.Store:
    """A store for ``path``: a directory (existing or new) is a persistent store; a graph file is
    loaded into memory; None gives an empty in-memory store."""
    if path is None:
        return ox.Store()
    p = Path(path)
    try:
        if p.is_file():
            store = ox.Store()
            store.load(path=str(p), format=format_for(p))
            return store
        if read_only:
            if not p.is_dir():
                raise GraphError("no store here (expected a store directory or a graph file)", str(p))
            return ox.Store.read_only(str(p))
        if p.exists() and not p.is_dir():
            raise GraphError("not a directory or a graph file", str(p))
        return ox.Store(str(p))
    except (OSError, SyntaxError, ValueError) as exc:
        raise GraphError(f"cannot open: {exc}", str(p)) from exc


def mark_partial(fg: FilingGraph) -> None:
    """Mark ``fg`` as built from a truncated file (``<filing> ckg:partial true``)."""
    from rdflib import Literal

    from corpkg.graph.terms import CKG

    fg.add(fg.filing, CKG.partial, Literal(True))


def is_partial(fg: FilingGraph) -> bool:
    """Whether ``fg`` was marked by :func:`mark_partial`."""
    from rdflib import Literal

    from corpkg.graph.terms import CKG

    return (fg.filing, CKG.partial, Literal(True)) in fg.triples


def holds_complete_graph(store: ox.Store, graph: str) -> bool:
    """Whether ``store`` holds a named graph ``graph`` that is not marked partial."""
    g = ox.NamedNode(graph)
    if next(iter(store.quads_for_pattern(None, None, None, g)), None) is None:
        return False
    partial = ox.NamedNode(PREFIXES["ckg"] + "partial")
    return next(iter(store.quads_for_pattern(None, partial, None, g)), None) is None


def replace_filing(store: ox.Store, fg: FilingGraph) -> int:
    """Replace the filing's named graph by ``fg``'s triples in one transaction; returns the count.

    A partial graph (built from a truncated file) never replaces a complete one: that raises a
    :class:`~corpkg.errors.GraphError` and leaves the store as it was.
    """
    if is_partial(fg) and holds_complete_graph(store, str(fg.graph)):
        raise GraphError(
            f"the store already holds a complete graph of this filing ({fg.graph}); the partial graph read "
            "from this truncated file was not written"
        )
    count = 0

    def triples() -> Iterator[ox.Triple]:  # streamed into the serialiser: no list of a big filing's triples
        nonlocal count
        for q in fg.quads():
            count += 1
            yield ox.Triple(q.subject, q.predicate, q.object)

    body = (ox.serialize(triples(), format=ox.RdfFormat.N_TRIPLES) or b"").decode("utf-8")
    update = f"DROP SILENT GRAPH <{fg.graph}> ;\nINSERT DATA {{ GRAPH <{fg.graph}> {{\n{body}}} }}"
    del body
    try:
        store.update(update)
    except (OSError, SyntaxError, ValueError) as exc:
        raise GraphError(f"cannot write graph {fg.graph}: {exc}") from exc
    return count


def add_extraction(store: ox.Store, extraction: Extraction) -> FilingGraph:
    """Build the filing's graph and put it in the store (replacing an earlier build of that filing)."""
    fg = build_filing_graph(extraction)
    replace_filing(store, fg)
    return fg


def filing_graphs(store: ox.Store) -> list[str]:
    return sorted(g.value for g in store.named_graphs() if isinstance(g, ox.NamedNode))


def _sort_key(q: ox.Quad) -> tuple[str, str, str, str]:
    g = q.graph_name
    return ("" if isinstance(g, ox.DefaultGraph) else str(g), str(q.subject), str(q.predicate), str(q.object))


def serialize_quads(quads: Iterable[ox.Quad], fmt: ox.RdfFormat) -> bytes:
    """Sorted, deterministic serialisation (formats without named graphs get the union)."""
    items = sorted(quads, key=_sort_key)
    if not fmt.supports_datasets:
        seen: set[tuple[str, str, str]] = set()
        triples = []
        for q in items:
            k = (str(q.subject), str(q.predicate), str(q.object))
            if k not in seen:
                seen.add(k)
                triples.append(ox.Triple(q.subject, q.predicate, q.object))
        triples.sort(key=lambda t: (str(t.subject), str(t.predicate), str(t.object)))
        return ox.serialize(triples, format=fmt,
                            prefixes=FILE_PREFIXES if fmt != ox.RdfFormat.N_TRIPLES else None) or b""
    prefixes = FILE_PREFIXES if fmt in (ox.RdfFormat.TRIG, ox.RdfFormat.JSON_LD) else None
    return ox.serialize(items, format=fmt, prefixes=prefixes) or b""


def export(store: ox.Store, path: str | Path) -> None:
    """Write the whole store to ``path``; the extension picks the format. Written to a temporary
    file first, then renamed, so a failure never leaves half a file."""
    p = Path(path)
    fmt = format_for(p)
    data = serialize_quads(store, fmt)
    tmp = p.with_name(p.name + ".part")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        tmp.replace(p)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise GraphError(f"cannot write: {exc}", str(p)) from exc


def dumps(store: ox.Store, fmt: ox.RdfFormat = ox.RdfFormat.TRIG) -> str:
    return serialize_quads(store, fmt).decode("utf-8")


"""The public Python API: build or open a knowledge graph, ask it, project it, draw it.

Library first (as sqlite-utils is): everything the CLI does for a notebook user is one call here.

    >>> import corpkg
    >>> kg = corpkg.build(["examples/"])                     # in memory; store="kg/" persists
    >>> kg.query("officers", org="The Auxer Group, Inc.")   # a pandas DataFrame
    >>> graph = kg.project()                                 # networkx MultiDiGraph
    >>> kg.page("auxer.html", focus="The Auxer Group")       # the interactive page

Named-query parameters that take an entity's IRI also take its name: ``org="The Auxer Group"`` is
looked up among the entities' labels and alternative labels (:meth:`KnowledgeGraph.entity`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

import pyoxigraph as ox

from corpkg.errors import CorpkgError, QueryError

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd

    from corpkg.extract.model import Document, Extraction
    from corpkg.graph.resolve import ResolveResult
    from corpkg.graph.validate import ValidationReport

__all__ = ["BuildFailure", "KnowledgeGraph", "build", "extract_filing", "open", "read"]

PathLike = str | os.PathLike[str]

DEFAULT_MAX_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True)
class BuildFailure:
    """A filing that could not be built, and why."""

    path: str
    problem: str


def read(path: PathLike) -> Document:
    """Read one filing (plain text, full EDGAR submission or HTML) into a :class:`Document`."""
    from corpkg.extract.reader import read_filing

    return read_filing(str(path))


def extract_filing(source: PathLike | Document) -> Extraction:
    """Entities and role facts of one filing (a path or a read :class:`Document`), with evidence.

    (Not ``corpkg.extract``: that name is the ``corpkg.extract`` subpackage.)"""
    from corpkg.extract.model import Document
    from corpkg.extract.pipeline import extract_filing as run_pipeline

    document = source if isinstance(source, Document) else read(source)
    return run_pipeline(document)


def build(
    paths: PathLike | Iterable[PathLike],
    *,
    store: PathLike | None = None,
    jobs: int = 1,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> KnowledgeGraph:
    """Read, extract and store filings (files or folders, recursed); one named graph per filing.

    ``store`` is a directory for a persistent Oxigraph store (created if missing; filings built
    again replace their own graph), or None for memory. Filings that cannot be built are listed in
    :attr:`KnowledgeGraph.failures` rather than stopping the others."""
    kg = open(store)
    kg.add(paths, jobs=jobs, max_bytes=max_bytes)
    return kg


def open(store: PathLike | None = None, *, read_only: bool = False) -> KnowledgeGraph:
    """A knowledge graph over a store directory, a graph file (.trig, .nq, ... loaded in memory) or
    nothing (an empty in-memory graph)."""
    from corpkg.graph.store import open_store

    where = Path(store) if store is not None else None
    return KnowledgeGraph(open_store(where, read_only=read_only), where)


class KnowledgeGraph:
    """A corpkg graph: an Oxigraph store holding one named graph per filing.

    Made by :func:`build` or :func:`open`; a context manager (leaving it releases a store
    directory's lock, so another process may open it)."""

    def __init__(self, store: ox.Store, path: Path | None = None) -> None:
        self._store: ox.Store | None = store
        self.path = path
        self.failures: list[BuildFailure] = []

    @property
    def store(self) -> ox.Store:
        """The underlying pyoxigraph Store."""
        if self._store is None:
            raise CorpkgError("this knowledge graph is closed", str(self.path) if self.path else None)
        return self._store

    # ------------------------------------------------------------------ building

    def add(self, paths: PathLike | Iterable[PathLike], *, jobs: int = 1, max_bytes: int = DEFAULT_MAX_BYTES) -> int:
        """Build filings into this graph; returns how many were built (failures are appended to
        :attr:`failures`)."""
        from corpkg.commands.build import build_paths, collect_inputs
        from corpkg.errors import GraphError
        from corpkg.graph.store import replace_filing

        items = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
        files, problems = collect_inputs([str(p) for p in items])
        self.failures.extend(BuildFailure(p, why) for p, why in problems)
        built = 0
        for result in build_paths(files, max_bytes=max_bytes, jobs=jobs):
            if result.error is not None or result.graph is None:
                self.failures.append(BuildFailure(result.path, result.error or "nothing built"))
                continue
            try:
                replace_filing(self.store, result.graph)
            except GraphError as exc:
                self.failures.append(BuildFailure(result.path, exc.message))
                continue
            built += 1
        if self.path is not None and self.path.is_dir():
            self.store.flush()
        return built

    # ------------------------------------------------------------------ asking

    def __len__(self) -> int:
        return len(self.store)

    def filings(self) -> pd.DataFrame:
        """One row per filing: its graph, file name, form, issuer and dates."""
        return self.sparql(
            """SELECT DISTINCT ?filing ?fileName ?formType ?issuer ?issuerName ?filedOn ?periodOfReport WHERE {
               GRAPH ?g {
                 ?filing a ckg:Filing .
                 OPTIONAL { ?filing ckg:fileName ?fileName } OPTIONAL { ?filing ckg:formType ?formType }
                 OPTIONAL { ?filing ckg:issuer ?issuer . OPTIONAL { ?issuer rdfs:label ?issuerName } }
                 OPTIONAL { ?filing ckg:filedOn ?filedOn } OPTIONAL { ?filing ckg:periodOfReport ?periodOfReport }
               } } ORDER BY ?fileName"""
        )

    def queries(self) -> pd.DataFrame:
        """The named queries shipped with corpkg: name, description and parameters."""
        import pandas as pd

        from corpkg.graph.query import list_named, named_query

        rows = []
        for name in list_named():
            q = named_query(name)
            rows.append({"name": name, "description": q.description, "parameters": ", ".join(q.params)})
        return pd.DataFrame(rows, columns=["name", "description", "parameters"])

    def query(self, name: str, **params: object) -> pd.DataFrame:
        """Run the named query ``name`` (``ontology/queries/NAME.rq``) with its parameters bound.

        A parameter that takes an IRI may be given an entity's name instead."""
        from corpkg.graph.query import named_query, select

        q = named_query(name)
        unknown = sorted(set(params) - set(q.params))
        if unknown:
            known = ", ".join(q.params) or "none"
            raise QueryError(f"query {name!r} has no parameter {', '.join(unknown)} (its parameters: {known})")
        bindings = {k: self._bind(v, q.params[k]) for k, v in params.items() if v is not None}
        variables, rows = select(self.store, q.text, bindings)
        return _frame(variables, rows)

    def sparql(self, text: str, **params: object) -> pd.DataFrame:
        """Run any SPARQL query (ckg:, prov:, rdfs:, skos:, xsd: prefixes predeclared); ``params``
        are bound as RDF terms, never spliced into the text."""
        from corpkg.graph.query import select

        variables, rows = select(self.store, text, params)
        return _frame(variables, rows)

    def entity(self, name: str) -> str:
        """The IRI of the one entity called ``name`` (label or alternative label, normalised);
        raises ``EntityLookupError`` naming the candidates when none or several match."""
        from corpkg.graph.projection import _store_names, resolve_entity

        return resolve_entity(_store_names(self.store), name)

    def _bind(self, value: object, description: str) -> object:
        text = str(value)
        wants_iri = description.lstrip().upper().startswith("IRI")
        if wants_iri and isinstance(value, str) and not text.startswith(("http://", "https://", "<")):
            return self.entity(text)
        return value

    # ------------------------------------------------------------------ identity and time

    def resolve(self, **options: object) -> ResolveResult:
        """Entity resolution over the whole graph (``corpkg resolve``): candidate pairs, Splink
        scores, judgements and canonical links written to their own named graph."""
        from corpkg.graph.resolve import resolve

        return resolve(self.store, **options)  # type: ignore[arg-type]  # options are resolve()'s keywords

    def as_of(self, day: str, *, roles: Iterable[str] | None = None, include_ended: bool = False,
              entity: str | None = None) -> pd.DataFrame:
        """Who held which position / owned / lent / sued what on ``day``, each row with the
        statements that support it and those that conflict (``corpkg query --as-of``);
        ``include_ended`` adds what had ended by then, with the statement that ended it."""
        import pandas as pd

        from corpkg.graph.asof import labels, state_as_of

        names = labels(self.store)
        rows = state_as_of(self.store, day, roles_=list(roles) if roles is not None else None,
                           include_ended=include_ended, entity=entity)
        return pd.DataFrame([r.as_dict(names) for r in rows])

    def timeline(self, entity: str) -> pd.DataFrame:
        """Every fact about ``entity`` (a name or IRI; its whole resolved identity) in time order:
        role, the other party, title, since when, until when and what ended it (the statement and
        its quote), how many statements support it and when it was last stated."""
        import pandas as pd

        from corpkg.graph.asof import canonical_links, labels, timeline

        iri = str(self._bind(entity, "IRI"))
        iri = canonical_links(self.store).get(iri, iri)
        names = labels(self.store)
        rows = []
        for f in timeline(self.store):
            if iri not in (f.source, f.target):
                continue
            status, sup, _others, end = f.status_on("9999-12-31", "9999-12-31")
            rows.append({"since": f.start() or "", "until": end.date if end else "", "role": f.role,
                         "sourceLabel": names.get(f.source, f.source), "title": f.title,
                         "targetLabel": names.get(f.target, f.target), "status": status,
                         "endedBy": f"{end.reason}: {end.by.cite()}" if end else "",
                         "statements": len(sup), "lastStated": max((s.as_of for s in sup), default="")})
        return pd.DataFrame(rows).sort_values(["since", "role", "sourceLabel", "title"], ignore_index=True) if rows else pd.DataFrame(rows)

    def changes(self, since: str, *, org: str | None = None) -> pd.DataFrame:
        """What changed since ``since`` for ``org`` (a name or IRI) and its subsidiaries, or for
        everyone (``corpkg changes``): officers in and out, subsidiaries, lenders, cases, control."""
        import pandas as pd

        from corpkg.graph.changes import change_rows

        iri = self._bind(org, "IRI") if org is not None else None
        return pd.DataFrame(change_rows(self.store, since, org=iri))

    # ------------------------------------------------------------------ projecting and drawing

    def project(self, *, roles: Iterable[str] | None = None, focus: str | None = None, hops: int = 2,
                since: str | None = None) -> nx.MultiDiGraph[str]:
        """The graph as networkx: entities as nodes, relations as labelled edges carrying their
        attributes, dates and evidence. ``focus`` (a name or IRI) keeps its ``hops`` neighbourhood."""
        from corpkg.graph.projection import filter_projection, project, project_neighbourhood

        if focus is not None:
            return project_neighbourhood(self.store, focus, hops=hops, roles=roles, since=since)
        return filter_projection(project(self.store, roles=roles), roles=roles, since=since)

    def page(self, path: PathLike, *, focus: str | None = None, hops: int = 2, roles: Iterable[str] | None = None,
             since: str | None = None, title: str | None = None) -> Path:
        """Write the interactive page (self-contained HTML) and return its path."""
        from corpkg.graph.viz import page_for

        page, _drawn = page_for(self.store, Path(path), focus=focus, hops=hops,
                                roles=list(roles) if roles is not None else None, since=since, title=title,
                                keep_isolates=focus is None)
        return page

    # ------------------------------------------------------------------ checking and saving

    def validate(self) -> ValidationReport:
        """SHACL validation of every filing graph against the ontology's shapes."""
        from rdflib import Dataset, URIRef

        from corpkg.graph.rdf import from_ox
        from corpkg.graph.validate import validate_dataset

        ds = Dataset()
        for q in self.store:
            graph = q.graph_name
            ctx = ds.graph(URIRef(graph.value)) if isinstance(graph, ox.NamedNode) else ds.default_context
            ctx.add((from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)))
        return validate_dataset(ds)

    def save(self, path: PathLike) -> Path:
        """Write the graph to a file; the extension picks the format (.trig, .nq, .ttl, .nt, .jsonld)."""
        from corpkg.graph.store import export

        export(self.store, Path(path))
        return Path(path)

    def close(self) -> None:
        """Flush a persistent store and let go of it (its directory lock is released)."""
        if self._store is not None and self.path is not None and self.path.is_dir():
            try:
                self._store.flush()
            except (OSError, RuntimeError):  # a read-only store cannot be flushed, and need not be
                pass
        self._store = None

    def __enter__(self) -> KnowledgeGraph:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __iter__(self) -> Iterator[ox.Quad]:
        return iter(self.store)

    def __repr__(self) -> str:
        where = str(self.path) if self.path is not None else "memory"
        size = f"{len(self._store)} quads" if self._store is not None else "closed"
        return f"<KnowledgeGraph {where}: {size}>"


def _frame(variables: list[str], rows: list[dict[str, str]]) -> pd.DataFrame:
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - pandas is a dependency
        raise CorpkgError("pandas is needed for tables: pip install pandas") from exc
    return pd.DataFrame(rows, columns=variables)

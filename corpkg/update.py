"""Keep a store current: fetch what EDGAR has filed since, build only the filings the store lacks.

A filing with an accession number lives in the named graph ``id/graph/{accession}`` (``corpkg.graph.iris``),
so whether a store holds it is known before reading the file. Without a company, the range starts at the
store's latest ``ckg:filedOn`` (inclusive: a day half-seen is read again; what is already there is skipped).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

import pyoxigraph as ox

from corpkg.fetch import EdgarClient, FetchError, FetchSummary, Filing, FilingQuery, fetch_filings, list_filings

__all__ = ["UpdatePlan", "latest_filing_date", "in_store", "plan_update"]

_LATEST = """
PREFIX ckg: <https://w3id.org/corpkg/ontology#>
SELECT (MAX(?d) AS ?latest) WHERE { GRAPH ?g { ?f a ckg:Filing ; ckg:filedOn ?d } }
"""


def latest_filing_date(store: ox.Store) -> date | None:
    """The latest ``ckg:filedOn`` of a filing in the store, or None for an empty store."""
    for row in store.query(_LATEST):  # type: ignore[union-attr]  # a SELECT gives solutions
        value = row["latest"]
        if isinstance(value, ox.Literal):
            try:
                return date.fromisoformat(value.value[:10])
            except ValueError:
                return None
    return None


def in_store(store: ox.Store, filing: Filing) -> bool:
    """Whether the store holds the filing's named graph."""
    from corpkg.graph.iris import filing_key, graph_iri

    return store.contains_named_graph(ox.NamedNode(str(graph_iri(filing_key(filing.accession, "")))))


@dataclass
class UpdatePlan:
    """What an update found: the query it ran, the fetch, and the cached files the store lacks."""

    query: FilingQuery
    found: int = 0
    fetch: FetchSummary = field(default_factory=FetchSummary)
    to_build: list[Path] = field(default_factory=list)
    already: int = 0
    notes: list[str] = field(default_factory=list)


def plan_update(client: EdgarClient, store: ox.Store, query: FilingQuery, cache_dir: str | Path, *,
                workers: int = 4, progress: bool = False) -> UpdatePlan:
    """List the filings ``query`` asks for (from the store's latest filing date when it names no company
    and no ``since``), fetch the ones the store lacks into the cache, and return them to be built."""
    if not query.ciks and not query.tickers and query.since is None:
        latest = latest_filing_date(store)
        if latest is None:
            raise FetchError("the store holds no dated filing yet: give --since (or a company) for the first update")
        query = replace(query, since=latest)
    listing = list_filings(client, query)
    plan = UpdatePlan(query, found=len(listing.filings), notes=list(listing.notes))
    missing: Sequence[Filing] = [f for f in listing.filings if not in_store(store, f)]
    plan.already = len(listing.filings) - len(missing)
    plan.fetch = fetch_filings(client, missing, cache_dir, workers=workers, progress=progress)
    plan.to_build = sorted(r.path for r in plan.fetch.results if r.status != "failed")
    return plan

"""corpkg: knowledge graphs of corporate entities from SEC EDGAR filings.

The public API (:mod:`corpkg.api`) is re-exported here::

    import corpkg
    kg = corpkg.build(["filings/"], store="kg/")
    kg.query("officers", org="The Auxer Group, Inc.")

Subpackages: ``corpkg.extract`` (read filings, recognise entities, extract role facts),
``corpkg.graph`` (RDF, store, SPARQL, analytics, visualisation), ``corpkg.ontology`` (the
ontology, its role registry, shapes and named queries, as data).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("corpkg")
except PackageNotFoundError:  # a source copy that was never installed
    __version__ = "0+unknown"

from corpkg.api import BuildFailure, KnowledgeGraph, build, extract_filing, open, read

__all__ = ["BuildFailure", "KnowledgeGraph", "__version__", "analytics", "build", "extract_filing", "open", "read"]


def __getattr__(name: str) -> object:
    """``corpkg.analytics`` (networkx analyses of a projection) is imported on first use."""
    if name == "analytics":
        from corpkg.graph import analytics

        return analytics
    raise AttributeError(f"module 'corpkg' has no attribute {name!r}")

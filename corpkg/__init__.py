"""corpkg: knowledge graphs of corporate entities from SEC EDGAR filings.

Subpackages: ``corpkg.extract`` (read filings, recognise entities, extract role facts),
``corpkg.graph`` (RDF, store, SPARQL, analytics, visualisation), ``corpkg.ontology`` (the
ontology, shapes and named queries, as data).
"""

__version__ = "0.1.0"
__all__ = ["__version__"]

"""The corpkg ontology as data: core.ttl, alignments.ttl, shapes.ttl and queries/*.rq."""

from __future__ import annotations

from pathlib import Path

__all__ = ["ONTOLOGY_DIR", "QUERIES_DIR"]

ONTOLOGY_DIR = Path(__file__).resolve().parent
QUERIES_DIR = ONTOLOGY_DIR / "queries"

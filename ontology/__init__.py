"""The corpkg ontology as data: core.ttl, roles/*.ttl (one file per role, read by
:mod:`corpkg.ontology.registry`), alignments.ttl, shapes.ttl and queries/*.rq."""

from __future__ import annotations

from pathlib import Path

__all__ = ["ONTOLOGY_DIR", "QUERIES_DIR", "ROLES_DIR"]

ONTOLOGY_DIR = Path(__file__).resolve().parent
QUERIES_DIR = ONTOLOGY_DIR / "queries"
ROLES_DIR = ONTOLOGY_DIR / "roles"

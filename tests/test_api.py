"""The public Python API (corpkg.api, re-exported by corpkg): what a notebook user calls."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest

import corpkg
from corpkg.errors import QueryError
from corpkg.graph.projection import EntityLookupError

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def kg() -> corpkg.KnowledgeGraph:
    return corpkg.build([EXAMPLES])


def test_public_names_are_documented() -> None:
    for name in corpkg.__all__:
        obj = getattr(corpkg, name)
        if name != "__version__":
            assert (obj.__doc__ or "").strip(), f"corpkg.{name} has no docstring"


def test_version_comes_from_package_metadata() -> None:
    from importlib.metadata import version

    assert corpkg.__version__ == version("corpkg")


def test_build_in_memory_reads_every_example(kg: corpkg.KnowledgeGraph) -> None:
    assert kg.failures == []
    filings = kg.filings()
    assert isinstance(filings, pd.DataFrame)
    assert sorted(filings["fileName"]) == sorted(p.name for p in EXAMPLES.glob("*.txt"))
    assert set(filings["issuerName"]) == {"The Auxer Group, Inc."}


def test_named_query_takes_an_entity_name_for_an_iri_parameter(kg: corpkg.KnowledgeGraph) -> None:
    by_name = kg.query("officers", org="The Auxer Group, Inc.")
    by_iri = kg.query("officers", org=kg.entity("The Auxer Group, Inc."))
    assert not by_name.empty
    assert by_name.equals(by_iri)
    assert "Robert J. Scott" in set(by_name["personLabel"])
    assert set(by_name["orgLabel"]) == {"The Auxer Group, Inc."}


def test_unknown_parameter_and_unknown_entity_are_clear_errors(kg: corpkg.KnowledgeGraph) -> None:
    with pytest.raises(QueryError, match="no parameter bogus .*org, person"):
        kg.query("officers", bogus="x")
    with pytest.raises(EntityLookupError, match="no entity named"):
        kg.query("officers", org="Nobody Such Holdings")
    with pytest.raises(QueryError, match="no named query"):
        kg.query("oficers")


def test_sparql_binds_parameters_as_terms(kg: corpkg.KnowledgeGraph) -> None:
    evil = 'x" } ; DROP ALL ; #'
    rows = kg.sparql("SELECT ?e ?name WHERE { ?e rdfs:label ?name }", name=evil)
    assert rows.empty and len(kg) > 0


def test_project_and_page(kg: corpkg.KnowledgeGraph, tmp_path: Path) -> None:
    graph = kg.project()
    assert isinstance(graph, nx.MultiDiGraph) and graph.number_of_edges() > 0
    near = kg.project(focus="Robert J. Scott", hops=1)
    assert near.number_of_nodes() < graph.number_of_nodes()
    page = kg.page(tmp_path / "p.html", focus="The Auxer Group, Inc.")
    assert page.is_file() and "The Auxer Group" in page.read_text(encoding="utf-8")


def test_validate_save_and_reopen(kg: corpkg.KnowledgeGraph, tmp_path: Path) -> None:
    assert kg.validate().conforms
    saved = kg.save(tmp_path / "g.trig")
    again = corpkg.open(saved)
    assert len(again) == len(kg)


def test_persistent_store_and_failures(tmp_path: Path) -> None:
    bad = tmp_path / "empty.txt"
    bad.write_bytes(b"")
    with corpkg.build([EXAMPLES, bad], store=tmp_path / "kg") as kg:
        assert [f.path for f in kg.failures] == [str(bad)]
        n = len(kg)
    with corpkg.open(tmp_path / "kg", read_only=True) as kg2:
        assert len(kg2) == n


def test_notebook_uses_only_the_public_api() -> None:
    nb = json.loads((ROOT / "notebooks" / "due_diligence.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module == "corpkg" or not node.module.startswith("corpkg."), node.module
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name == "corpkg" or not alias.name.startswith("corpkg."), alias.name


def test_as_of_and_changes_through_the_api(kg: corpkg.KnowledgeGraph) -> None:
    held = kg.as_of("2003-02-01", roles=["position"])
    presidents = set(held[held["title"].str.contains("President", na=False)
                          & (held["targetLabel"] == "The Auxer Group, Inc.")]["sourceLabel"])
    assert presidents == {"Robert J. Scott"}
    changed = kg.changes("2002-01-01", org="The Auxer Group, Inc.")
    assert not changed.empty and "date" in changed.columns
    history = kg.timeline("The Auxer Group, Inc.")
    ended = history[(history["sourceLabel"] == "Eugene Chiaramonte, Jr.") & (history["title"] == "President")]
    assert list(ended["until"]) == ["2003-01-28"] and "002_933b7785daade086.txt" in ended["endedBy"].iloc[0]
    assert list(history["since"]) == sorted(history["since"])

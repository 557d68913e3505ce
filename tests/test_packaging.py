"""Everything ships under one import name: corpkg.extract, corpkg.graph, corpkg.ontology."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("bare", ["graph", "extract", "ontology"])
def test_top_level_folders_are_not_importable_bare(bare: str, tmp_path: Path) -> None:
    # run from an unrelated directory so the checkout itself is not on sys.path
    code = f"import importlib.util, sys; sys.exit(0 if importlib.util.find_spec({bare!r}) is None else 1)"
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path)
    assert proc.returncode == 0, f"`import {bare}` works; corpkg must only ship corpkg.{bare}"


@pytest.mark.parametrize("module", ["corpkg.extract", "corpkg.graph", "corpkg.ontology", "corpkg.extract.model"])
def test_subpackages_import_under_corpkg(module: str, tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_ontology_data_files_are_shipped() -> None:
    from corpkg.ontology import ONTOLOGY_DIR, QUERIES_DIR

    for name in ("core.ttl", "alignments.ttl", "shapes.ttl"):
        assert (ONTOLOGY_DIR / name).is_file(), name
    assert any(QUERIES_DIR.glob("*.rq"))


def test_py_typed_marker() -> None:
    import corpkg

    assert (Path(corpkg.__file__).parent / "py.typed").is_file()


def test_every_subpackage_is_declared_in_pyproject() -> None:
    import tomllib

    root = Path(__file__).resolve().parents[1]
    conf = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    declared = set(conf["packages"])
    for prefix, folder in conf["package-dir"].items():
        for init in (root / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(root / folder)
            name = ".".join([prefix, *rel.parts]) if rel.parts else prefix
            if name.count(".") and any(name.startswith(p + ".") and p != prefix for p in conf["package-dir"]):
                continue
            assert name in declared, f"{name} ({init.parent}) is not listed in [tool.setuptools] packages"

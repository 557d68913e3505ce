"""Role components register themselves and the pipeline is configuration.

* the ontology's declared roles and the registered components agree (a declared role without a
  component, or a component of an undeclared role, fails here);
* a role module dropped into a copy of the package is discovered with nothing else edited;
* the pipeline is one spaCy ``nlp`` from ``extract/config.cfg``: listed, excluded, replaced.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from spacy.language import Language
from spacy.tokens import Doc

from corpkg.errors import CorpkgError
from corpkg.extract import pipeline
from corpkg.extract.model import Document, Fact
from corpkg.extract.pipeline import extract_filing, filing_doc, load_pipeline, pipeline_config
from corpkg.extract.reader import read_filing
from corpkg.extract.roles import base
from corpkg.extract.roles.base import (
    ComponentSpec,
    RoleComponent,
    components_for,
    consistency_problems,
    role_components,
)
from corpkg.extract.roles.common import Passage
from corpkg.ontology.registry import role_names

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "examples" / "001_39229ddd04409d79.txt"  # has subsidiaries, officers, lenders and litigation
FIXED = ["issuer", "entities", "exhibit21", "agreements", "finalize"]
OPT_IN = {"learned_pairs"}  # configured in extract/config.cfg, off by default (docs/learned.md)


@pytest.fixture(scope="module")
def seed() -> Document:
    return read_filing(SEED)


def fact_set(facts: tuple[Fact, ...]) -> set[Fact]:
    return set(facts)


# --------------------------------------------------------------------------- ontology <-> components

def test_every_declared_role_has_a_component_and_every_component_a_declared_role() -> None:
    assert consistency_problems() == []


@pytest.mark.parametrize("role", role_names())
def test_each_declared_role_is_made_by_a_registered_component(role: str) -> None:
    assert components_for(role), f"no component makes {role!r} facts"


def test_a_declared_role_without_component_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    for spec in components_for("proceeding"):
        monkeypatch.delitem(base._REGISTRY, spec.factory)
    problems = consistency_problems()
    assert any("'proceeding'" in p and "no component" in p for p in problems), problems


def test_a_component_of_an_undeclared_role_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(base._REGISTRY, "toy_auditors",
                        ComponentSpec(role="auditor", factory="toy_auditors", name="auditors",
                                      attr="role_auditors", module="toy"))
    problems = consistency_problems()
    assert any("'auditor'" in p and "does not declare" in p for p in problems), problems


def test_role_components_register_name_attribute_and_factory() -> None:
    specs = role_components()
    assert {s.role for s in specs} >= set(role_names()) - {"issuer"}
    for s in specs:
        assert s.attr and s.attr.startswith("role_") and Language.has_factory(s.factory)
    assert [s.name for s in components_for("issuer")] == ["issuer"]


# --------------------------------------------------------------------------- discovery in a copy of the package

TOY = '''
"""A toy role, found by discovery alone."""

import re

from corpkg.extract.model import Evidence, Fact
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import Passage

ROLE = "auditor"


class AuditorExtractor(RoleComponent):
    attr = "role_auditors"
    role_name = "auditors"
    prefilter = re.compile(r"\\baudit", re.I)

    def extract(self, p: Passage) -> list[Fact]:
        return []


make_auditors = role_factory("toy_auditors", AuditorExtractor)
'''

PROBE = '''
import json
import corpkg
from corpkg.extract.pipeline import default_pipeline
from corpkg.extract.roles.base import consistency_problems, registered_components
print(json.dumps({
    "where": corpkg.__file__,
    "pipe_names": default_pipeline().pipe_names,
    "roles": {s.name: s.role for s in registered_components()},
    "problems": consistency_problems(),
}))
'''


@pytest.mark.slow
def test_a_role_module_dropped_into_a_copy_of_the_package_is_discovered(tmp_path: Path) -> None:
    pkg = tmp_path / "src" / "corpkg"
    shutil.copytree(ROOT / "corpkg", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in ("extract", "graph", "ontology"):
        shutil.copytree(ROOT / folder, pkg / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (pkg / "extract" / "roles" / "auditors.py").write_text(textwrap.dedent(TOY), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(tmp_path / "src"), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["where"].startswith(str(tmp_path))
    assert out["roles"]["auditors"] == "auditor"
    names = out["pipe_names"]
    assert "auditors" in names and names.index("entities") < names.index("auditors") < names.index("exhibit21")
    # not declared in ontology/roles/ yet: the consistency check says so
    assert any("'auditor'" in p for p in out["problems"])


# --------------------------------------------------------------------------- the pipeline as configuration

def test_the_default_pipeline_lists_every_stage_with_the_role_components_in_ontology_order() -> None:
    nlp = load_pipeline()
    roles = [s.name for s in role_components()]
    assert nlp.pipe_names == ["issuer", "entities", *roles, "exhibit21", "agreements", "finalize"]
    order = {r: i for i, r in enumerate(role_names())}
    assert [order[s.role] for s in role_components()] == sorted(order[s.role] for s in role_components())
    assert nlp.analyze_pipes()["problems"] == {name: [] for name in nlp.pipe_names}


def test_the_filled_config_lists_every_component_and_loads_the_same_pipeline(tmp_path: Path) -> None:
    cfg = pipeline_config()
    assert cfg["corpkg"]["discover_roles"] is False
    assert set(cfg["nlp"]["pipeline"]) == set(cfg["components"]) - OPT_IN
    nlp = load_pipeline()
    path = tmp_path / "pipeline.cfg"
    nlp.config.to_disk(path)
    assert load_pipeline(path).pipe_names == nlp.pipe_names
    # in a fresh process too, where nothing has imported the role modules yet
    code = f"from corpkg.extract.pipeline import load_pipeline; print(load_pipeline({str(path)!r}).pipe_names)"
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(nlp.pipe_names)


def test_the_packaged_config_names_only_the_fixed_stages() -> None:
    from importlib import resources

    from thinc.api import Config

    text = resources.files("corpkg.extract").joinpath("config.cfg").read_text(encoding="utf-8")
    cfg = Config().from_str(text)
    assert cfg["nlp"]["pipeline"] == FIXED
    assert cfg["corpkg"] == {"discover_roles": True, "roles_after": "entities"}


def test_a_component_can_be_excluded(seed: Document) -> None:
    full = extract_filing(seed)
    assert any(f.role == "proceeding" for f in full.facts)
    without = extract_filing(seed, nlp=load_pipeline(exclude=["litigation"]))
    assert fact_set(without.facts) == {f for f in full.facts if f.role != "proceeding"}
    assert without.entities == full.entities


def test_components_runs_only_the_named_components_of_the_default_pipeline(seed: Document) -> None:
    ex = extract_filing(seed, components=["issuer"])
    assert {f.role for f in ex.facts} == {"issuer"}
    assert pipeline.default_pipeline().pipe_names == load_pipeline().pipe_names  # nothing left disabled
    with pytest.raises(CorpkgError, match="did you mean 'officers'"):
        extract_filing(seed, components=["issuer", "oficers"])


class QuietOfficers(RoleComponent):
    """A replacement officers component that finds nothing."""

    attr = "role_officers"
    role_name = "officers"
    prefilter = re.compile(r"(?!)")

    def extract(self, p: Passage) -> list[Fact]:
        return []


@Language.factory("test_quiet_officers", assigns=["doc._.role_officers"], requires=["doc.ents"])
def make_quiet_officers(nlp: Language, name: str) -> QuietOfficers:
    return QuietOfficers(nlp, name)


def test_a_component_can_be_replaced(seed: Document) -> None:
    full = extract_filing(seed)
    nlp = load_pipeline()
    nlp.replace_pipe("officers", "test_quiet_officers")
    ex = extract_filing(seed, nlp=nlp)
    assert not any(f.role == "position" for f in ex.facts)
    assert fact_set(ex.facts) == {f for f in full.facts if f.role != "position"}


@Language.component("test_broken_stage")
def broken_stage(doc: Doc) -> Doc:
    raise KeyError("a bug in an extractor")


def test_an_extractor_bug_surfaces_as_itself(seed: Document) -> None:
    nlp = load_pipeline()
    nlp.replace_pipe("finalize", "test_broken_stage")
    with pytest.raises(KeyError, match="a bug in an extractor"):
        extract_filing(seed, nlp=nlp)


def test_role_components_need_the_entities_stage(seed: Document) -> None:
    with pytest.raises(CorpkgError, match="keep the 'entities' stage"):
        extract_filing(seed, nlp=load_pipeline(exclude=["entities"]))


def test_unknown_names_are_clear_errors() -> None:
    with pytest.raises(CorpkgError, match="no component 'litigaton'.*did you mean 'litigation'"):
        load_pipeline(exclude=["litigaton"])
    with pytest.raises(CorpkgError, match="no pipeline config"):
        load_pipeline("no/such/pipeline.cfg")


# --------------------------------------------------------------------------- the filing context

def test_the_pipeline_runs_on_a_filing_doc_and_fills_its_context(seed: Document) -> None:
    nlp = load_pipeline()
    doc = nlp(filing_doc(nlp, seed))
    ctx = doc._.filing
    assert len(doc) == 0  # the filing is never tokenized whole
    assert ctx.index is not None and ctx.issuer is not None and ctx.finalised
    assert ctx.role_attrs == [s.attr for s in role_components()]
    assert ctx.passages() and all(p._.roles_context is ctx.roles_context for p in ctx.passages())
    assert ctx.extraction() == extract_filing(seed)


def test_a_filing_stage_on_an_ordinary_doc_is_a_clear_error() -> None:
    nlp = load_pipeline()
    with pytest.raises(ValueError, match="filing Doc"):
        nlp("Acme Corp. appointed Jane Roe as Chief Executive Officer.")


# --------------------------------------------------------------------------- one version

def test_every_extractor_records_the_package_version(seed: Document) -> None:
    version = importlib.metadata.version("corpkg")
    ex = extract_filing(seed)
    assert ex.extractor_version == f"corpkg@{version}"
    extractors = {ev.extractor for f in ex.facts for ev in f.evidence}
    extractors |= {m.extractor for e in ex.entities for m in e.mentions}
    assert extractors and all(x.endswith(f"@{version}") for x in extractors), extractors

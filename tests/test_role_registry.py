"""The ontology is the one registry of roles: every consumer agrees with ontology/roles/*.ttl.

Each declared role has one relation class, exactly one shape targeting it, its shortcut rule, its
page legend entry, its gold key in the scorer, its --roles choice; and no consumer restates the list.
"""

from __future__ import annotations

import re
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import RDF, RDFS, SH, URIRef

from corpkg.extract import evaluate
from corpkg.extract.model import Evidence, Fact
from corpkg.graph import projection, viz
from corpkg.graph.rdf import rules
from corpkg.graph.terms import CKG, CKG_IRI, ontology
from corpkg.graph.validate import shapes_graph
from corpkg.ontology import ONTOLOGY_DIR
from corpkg.ontology.registry import (
    ROLES_DIR,
    RoleSpec,
    categories,
    edge_roles,
    role,
    role_for_class,
    role_names,
    roles,
    roles_graph,
)

ROOT = Path(__file__).resolve().parents[1]
ROLE_IDS = [spec.name for spec in roles()]


def test_one_file_per_role_and_the_six_contract_roles():
    assert sorted(p.stem for p in ROLES_DIR.glob("*.ttl")) == sorted(
        {"issuer", "subsidiary", "position", "credit", "proceeding", "acquisition"} | set(role_names()))
    assert set(role_names()) >= {"issuer", "subsidiary", "position", "credit", "proceeding", "acquisition"}
    assert {s.class_name for s in roles()} >= {"FilingRole", "Ownership", "Position", "CreditAgreement",
                                               "LegalProceeding", "Acquisition"}
    assert [s.gold_key for s in roles()][:6] == ["issuer", "subsidiaries", "officers", "lenders", "litigants",
                                                 "acquirers"]


def test_the_api():
    spec = role("subsidiary")
    assert isinstance(spec, RoleSpec)
    assert (spec.class_name, spec.edge_source, spec.edge_target, spec.edge_label) == (
        "Ownership", "owned", "owner", "subsidiary of")
    assert spec.categories == {"owner": "subsidiary", "owned": "subsidiary"}
    assert role_for_class("Ownership") is spec
    assert role_for_class(CKG_IRI + "Ownership") is spec
    with pytest.raises(KeyError, match="did you mean subsidiary"):
        role("subsidiry")


@pytest.mark.parametrize("name", ROLE_IDS)
def test_role_class_slots_and_attributes_are_declared(name):
    spec = role(name)
    g = roles_graph()
    cls = URIRef(spec.class_iri)
    assert (cls, RDFS.subClassOf, CKG.Relation) in g
    assert ontology().role_class(name) == cls
    for slot in spec.slots:
        assert ontology().prop(slot).is_object, f"{name}: slot {slot} must be an object property"
    for attr in spec.attributes:
        assert ontology().prop(attr).range is not None
    for edge in spec.edges:
        assert {edge.source, edge.target} <= set(spec.slots)
    assert spec.colour.startswith("#")


@pytest.mark.parametrize("name", ROLE_IDS)
def test_each_role_has_exactly_one_shape_for_its_class(name):
    spec = role(name)
    shapes = shapes_graph()
    targeting = set(shapes.subjects(SH.targetClass, URIRef(spec.class_iri)))
    assert len(targeting) == 1, f"{name}: {len(targeting)} shapes target ckg:{spec.class_name}"
    (shape,) = targeting
    assert str(shape) in spec.shapes
    assert (shape, SH["class"], CKG.Relation) in shapes  # both types asserted


def test_the_relation_shape_lists_exactly_the_declared_classes():
    from rdflib.collection import Collection

    shapes = shapes_graph()
    (relation_shape,) = set(shapes.subjects(SH.targetClass, CKG.Relation))
    (head,) = list(shapes.objects(relation_shape, SH["or"]))
    members = {shapes.value(m, SH["class"]) for m in Collection(shapes, head)}
    assert members == {URIRef(s.class_iri) for s in roles()}


def test_shapes_ttl_names_no_role():
    text = Path(ONTOLOGY_DIR, "shapes.ttl").read_text(encoding="utf-8")
    for spec in roles():
        assert f"ckg:{spec.class_name}" not in text, f"shapes.ttl names ckg:{spec.class_name}: put it in its role file"


@pytest.mark.parametrize("name", ROLE_IDS)
def test_each_role_has_one_rule_deriving_declared_shortcuts(name):
    spec = role(name)
    assert spec.rule, f"{name}: no ckg:rule (shortcut edges)"
    assert [q for n, q in rules() if n == name] == [spec.rule]
    assert "CONSTRUCT" in spec.rule
    assert list(ox.Store().query(spec.rule)) == []
    declared = {str(t)[len(CKG_IRI):] for t in CKG}
    used = set(re.findall(r"\bckg:([A-Za-z][A-Za-z0-9_]*)", spec.rule))
    assert used <= declared, f"{name}: rule uses undeclared terms {sorted(used - declared)}"
    assert f"ckg:{spec.class_name}" in spec.rule


def test_every_edge_role_is_on_the_page_legend_and_the_cli():
    from corpkg.commands.viz import ROLE_NAMES

    names = tuple(s.name for s in edge_roles())
    assert ROLE_NAMES == names == projection.ROLES
    assert tuple(viz.EDGE_STYLES) == names
    assert projection.RELATION_ROLES == {s.class_name: s.name for s in edge_roles()}
    for cat in categories():
        assert cat.name in viz.NODE_STYLES and cat.name in viz.CATEGORY_TEXT
    every_category = {c for s in roles() for c in s.categories.values()}
    assert every_category <= set(viz.NODE_STYLES)


def test_the_page_embeds_the_legend_from_the_registry():
    import networkx as nx

    graph = nx.MultiDiGraph()
    graph.graph["filings"] = {}
    page = viz.render_page(viz.build_network(graph))
    data = page.split("window.CORPKG = ", 1)[1]
    for spec in edge_roles():
        assert f'"{spec.name}"' in data and spec.legend in data
    for cat in categories():
        assert cat.short_label in data
    assert "Arrows point from " + ", ".join(s.arrow_text for s in edge_roles()) in page


def test_projection_queries_are_filled_from_the_registry():
    edges = projection._query_text("projection_edges")
    for spec in edge_roles():
        for edge in spec.edges:
            assert f"<{CKG_IRI}{edge.source}> <{CKG_IRI}{edge.target}> \"{spec.name}\" \"{edge.label}\"" in edges
    for name in ("projection_attributes", "projection_evidence", "projection_participants"):
        text = projection._query_text(name)
        assert "$relationTypes" not in text
        for spec in edge_roles():
            assert f"<{spec.class_iri}>" in text
        raw = Path(ONTOLOGY_DIR, "queries", f"{name}.rq").read_text(encoding="utf-8")
        for spec in roles():
            assert f"ckg:{spec.class_name}" not in raw


def test_the_scorer_reads_the_registry():
    assert evaluate.ROLES == tuple(s.gold_key for s in roles())
    for spec in roles():
        if spec.score_mode == "pairs":
            assert len(spec.gold_fields) == 2 and spec.score_pairs
        else:
            assert spec.score_slots


def test_fact_roles_are_checked_against_the_registry():
    ev = (Evidence("x", 0, 1),)
    for name in role_names():
        Fact(name, (), (), ev)
    with pytest.raises(ValueError, match="not declared in ontology/roles/.*did you mean 'acquisition'"):
        Fact("acquisitions", (), (), ev)


# files that once restated the role list; they must derive it now
DERIVED = [
    "graph/projection.py", "graph/viz.py", "graph/terms.py", "graph/rdf.py", "graph/validate.py",
    "graph/static/page.js", "graph/static/page.html.j2", "corpkg/commands/viz.py", "extract/evaluate.py",
    "extract/model.py", "ontology/shapes.ttl", "ontology/core.ttl",
    "ontology/queries/projection_attributes.rq", "ontology/queries/projection_edges.rq",
    "ontology/queries/projection_evidence.rq", "ontology/queries/projection_participants.rq",
]


@pytest.mark.parametrize("path", DERIVED)
def test_no_role_list_is_restated(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    classes = [s.class_name for s in roles() if re.search(rf"\b{s.class_name}\b", text)]
    quoted = [s.name for s in roles() if re.search(rf"[\"']{s.name}[\"']", text)]
    gold = [s.gold_key for s in roles() if re.search(rf"[\"']{s.gold_key}[\"']", text)]
    assert len(classes) < 3 and len(quoted) < 3 and len(gold) < 3, (
        f"{path} lists roles ({classes or quoted or gold}); derive them from corpkg.ontology.registry")


def test_role_files_declare_only_terms_of_core_annotations():
    g = roles_graph()
    annotations = {p for p in g.predicates() if str(p).startswith(CKG_IRI)}
    declared = {str(t) for t in CKG}
    assert {str(p) for p in annotations} <= declared
    assert (CKG.role, RDF.type, None) not in g  # annotation properties live in core.ttl


def test_role_files_are_package_data():
    import fnmatch
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    globs = conf["package-data"]["corpkg.ontology"]
    for path in sorted(ONTOLOGY_DIR.rglob("*")):
        if path.suffix in (".ttl", ".rq"):
            rel = path.relative_to(ONTOLOGY_DIR).as_posix()
            assert any(fnmatch.fnmatch(rel, g) and rel.count("/") == g.count("/") for g in globs), (
                f"ontology/{rel} is not shipped: add its folder to [tool.setuptools.package-data]")


def test_role_files_named_queries_are_listed_and_do_not_shadow_files():
    from corpkg.graph.query import list_named, named_query

    files = {p.stem for p in Path(ONTOLOGY_DIR, "queries").glob("*.rq")}
    names = [name for spec in roles() for name, _text in spec.queries]
    assert len(names) == len(set(names)), "two role files ship a query of the same name"
    assert not set(names) & files, "a role file's query has the name of a file in ontology/queries/"
    for name in names:
        assert name in list_named()
        assert list(ox.Store().query(named_query(name).text, use_default_graph_as_union=True)) == []

"""The store: idempotent rebuilds, one filing's graph replaced atomically, exports."""

from __future__ import annotations

import sys
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import Dataset, compare

from corpkg.errors import GraphError
from corpkg.graph import store as store_mod
from corpkg.graph.rdf import build_filing_graph
from corpkg.graph.store import dumps, export, filing_graphs, open_store, replace_filing

sys.path.insert(0, str(Path(__file__).parent))
import graph_fixtures as gf


def other_filing():
    text = gf.TEXT.replace("ACME HOLDINGS, INC.\n", "ACME HOLDINGS, INC. \n", 1)
    return gf.extraction(document=gf.document(text, "acme-2.txt"))


def test_rebuilding_is_idempotent(tmp_path):
    st = open_store(tmp_path / "kg")
    replace_filing(st, build_filing_graph(gf.extraction()))
    first = dumps(st)
    n = len(st)
    replace_filing(st, build_filing_graph(gf.extraction()))
    assert len(st) == n
    assert dumps(st) == first


def test_rebuilding_one_filing_changes_nothing_else(tmp_path):
    st = open_store(tmp_path / "kg")
    a, b = build_filing_graph(gf.extraction()), build_filing_graph(other_filing())
    replace_filing(st, a)
    replace_filing(st, b)
    b_quads = sorted(map(str, st.quads_for_pattern(None, None, None, ox.NamedNode(str(b.graph)))))
    # rebuild filing A with one fact fewer
    smaller = build_filing_graph(gf.extraction(facts=gf.facts()[:-1]))
    replace_filing(st, smaller)
    assert sorted(map(str, st.quads_for_pattern(None, None, None, ox.NamedNode(str(b.graph))))) == b_quads
    a_now = list(st.quads_for_pattern(None, None, None, ox.NamedNode(str(a.graph))))
    assert len(a_now) == len(smaller.triples) < len(a.triples)
    assert filing_graphs(st) == sorted([str(a.graph), str(b.graph)])


def test_a_failing_write_leaves_the_store_as_it_was(tmp_path, monkeypatch):
    st = open_store(tmp_path / "kg")
    replace_filing(st, build_filing_graph(gf.extraction()))
    before = dumps(st)
    fg = build_filing_graph(gf.extraction(facts=gf.facts()[:2]))
    real = ox.serialize

    def broken_serialize(triples, format=None, **kw):  # half a graph, then garbage: the update cannot parse
        data = real(list(triples)[:5], format=format, **kw)
        return data + b"<http://broken"

    monkeypatch.setattr(store_mod.ox, "serialize", broken_serialize)
    with pytest.raises(GraphError):
        replace_filing(st, fg)
    monkeypatch.setattr(store_mod.ox, "serialize", real)
    assert dumps(st) == before  # the DROP of the same update was not applied either


def test_persistent_store_survives_reopening(tmp_path):
    path = tmp_path / "kg"
    st = open_store(path)
    replace_filing(st, build_filing_graph(gf.extraction()))
    n = len(st)
    st.flush()
    del st
    again = open_store(path, read_only=True)
    assert len(again) == n


@pytest.mark.parametrize("suffix", [".trig", ".nq", ".jsonld"])
def test_exports_roundtrip_as_the_same_dataset(tmp_path, suffix):
    st = open_store()
    replace_filing(st, build_filing_graph(gf.extraction()))
    out = tmp_path / f"kg{suffix}"
    export(st, out)
    back = open_store(out)
    assert sorted(map(str, back)) == sorted(map(str, st))


def test_turtle_export_holds_the_union(tmp_path):
    st = open_store()
    replace_filing(st, build_filing_graph(gf.extraction()))
    replace_filing(st, build_filing_graph(other_filing()))
    out = tmp_path / "kg.ttl"
    export(st, out)
    back = open_store(out)
    union = {(q.subject, q.predicate, q.object) for q in st}
    assert len(back) == len(union)


def test_export_is_byte_for_byte_deterministic(tmp_path):
    outs = []
    for i in range(2):
        st = open_store(tmp_path / f"kg{i}")
        for ex in (other_filing(), gf.extraction()) if i else (gf.extraction(), other_filing()):
            replace_filing(st, build_filing_graph(ex))
        export(st, tmp_path / f"out{i}.trig")
        outs.append((tmp_path / f"out{i}.trig").read_bytes())
    assert outs[0] == outs[1]


def test_trig_export_parses_in_rdflib_as_an_isomorphic_dataset(tmp_path):
    fg = build_filing_graph(gf.extraction())
    st = open_store()
    replace_filing(st, fg)
    export(st, tmp_path / "kg.trig")
    ds = Dataset()
    ds.parse(tmp_path / "kg.trig", format="trig")
    got = ds.graph(fg.graph)
    assert compare.isomorphic(got, fg.to_graph())


def test_unknown_format_and_bad_paths(tmp_path):
    with pytest.raises(GraphError, match="unknown graph format"):
        store_mod.format_for("kg.xlsx")
    bad = tmp_path / "bad.trig"
    bad.write_text("this is { not trig", encoding="utf-8")
    with pytest.raises(GraphError, match="cannot open"):
        open_store(bad)
    with pytest.raises(GraphError):
        open_store(tmp_path / "missing", read_only=True)

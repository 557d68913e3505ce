"""Property: whatever happens to a filing's bytes, `build --store` never costs the store data.

Real filings (a plain-text 8-K/A and a full EDGAR 8-K submission) are corrupted at random, byte by
byte (cut short, bytes flipped, ranges deleted, duplicated or overwritten, random bytes inserted),
and built into a copy of a store that already holds both. Afterwards:

* a build that failed left the store exactly as it was;
* no triple outside the one graph the file builds was lost or added;
* that graph is either untouched or replaced whole by exactly what the file says (the graph it
  builds on its own), never a mixture; and a graph read from a truncated file (only with
  --accept-truncated) never replaces a complete one.

A corrupted file that still parses as a complete filing with the same accession number is, to
any reader, a new version of that filing, so it replaces the filing's graph; that is the only way
triples of an existing graph go, and only in exchange for the file's complete graph.
"""

from __future__ import annotations

import gc
import shutil
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpkg.commands.build import _run, build_one

ROOT = Path(__file__).resolve().parents[1]
FILINGS = [ROOT / "examples" / "002_933b7785daade086.txt", ROOT / "tests" / "fixtures" / "8-K_asta-funding_2004-05-12.txt"]
PARTIAL = "https://w3id.org/corpkg/ontology#partial"


def graphs(store_dir: Path) -> dict[str, set[str]]:
    st_ = ox.Store.read_only(str(store_dir))
    try:
        out: dict[str, set[str]] = defaultdict(set)
        for q in st_:
            g = q.graph_name
            out[g.value if isinstance(g, ox.NamedNode) else str(g)].add(f"{q.subject} {q.predicate} {q.object}")
        return dict(out)
    finally:
        del st_
        gc.collect()


@dataclass(frozen=True)
class Base:
    path: Path
    graphs: dict[str, set[str]] = field(repr=False)


@pytest.fixture(scope="module")
def base_store(tmp_path_factory: pytest.TempPathFactory) -> Base:
    path = tmp_path_factory.mktemp("corruption") / "kg"
    assert _run([str(f) for f in FILINGS], None, str(path), 1, 0, False, False) == 0
    gc.collect()
    base = Base(path, graphs(path))
    assert len(base.graphs) == 2
    return base


@st.composite
def corrupted(draw: st.DrawFn) -> Case:
    path = draw(st.sampled_from(FILINGS))
    data = bytearray(path.read_bytes())
    steps = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["truncate", "flip", "delete", "insert", "overwrite", "duplicate"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "truncate":
            del data[at:]
        elif kind == "flip" and data:
            data[at] = draw(st.integers(0, 255))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 400))]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=40))
        elif kind == "overwrite":
            chunk = draw(st.binary(min_size=1, max_size=40))
            data[at : at + len(chunk)] = chunk
        elif kind == "duplicate":
            data[at:at] = data[at : at + draw(st.integers(1, 400))]
        steps.append(f"{kind}@{at}")
    return Case(path, bytes(data), ", ".join(steps))


@dataclass(frozen=True)
class Case:
    source: Path
    data: bytes = field(repr=False)
    steps: str


@pytest.mark.slow
@settings(max_examples=25, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=corrupted(), accept_truncated=st.booleans())
def test_a_corrupted_filing_never_costs_the_store_data(
    base_store: Base, tmp_path_factory: pytest.TempPathFactory, case: Case, accept_truncated: bool,
) -> None:
    base, before = base_store.path, base_store.graphs
    source, data, steps = case.source, case.data, case.steps
    work = tmp_path_factory.mktemp("case")
    store = work / "kg"
    shutil.copytree(base, store)
    bad = work / source.name
    bad.write_bytes(data)

    status = _run([str(bad)], None, str(store), 1, 0, False, False, accept_truncated)
    gc.collect()
    after = graphs(store)

    changed = {g for g in before.keys() | after.keys() if before.get(g) != after.get(g)}
    if status != 0:
        assert not changed, f"{steps}: a failed build changed {changed}"
        return
    assert len(changed) <= 1, f"{steps}: one file changed several graphs: {changed}"
    lost = {(g, t) for g, ts in before.items() for t in ts if t not in after.get(g, set())}
    for g in changed:
        fresh = build_one(str(bad), max_bytes=0, accept_truncated=accept_truncated)
        assert fresh.graph is not None and str(fresh.graph.graph) == g, steps
        alone = {f"{q.subject} {q.predicate} {q.object}" for q in fresh.graph.quads()}
        assert after[g] == alone, f"{steps}: graph {g} is not exactly what the file builds"
        if g in before and not any(PARTIAL in t for t in before[g]):
            assert not any(PARTIAL in t for t in after[g]), f"{steps}: a partial graph replaced a complete one"
    assert all(g in changed for g, _ in lost), f"{steps}: triples lost outside the rebuilt graph"

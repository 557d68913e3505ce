"""Entity resolution measured on the annotated identity pairs (tests/annotations/identity/pairs.json):
the dev third only — the locked test third (sha1(id) % 3 == 0) is scored once, by hand, with
`corpkg resolve STORE --evaluate PAIRS --split test`."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.commands.build import build_paths
from corpkg.graph import resolve
from corpkg.graph.identity_eval import evaluate, load_pairs
from corpkg.graph.store import open_store, replace_filing

pytestmark = [pytest.mark.shared, pytest.mark.slow]

PAIRS = Path(__file__).parent / "annotations" / "identity" / "pairs.json"


def test_resolution_on_the_dev_pairs(shared_dir: Path) -> None:
    if not PAIRS.is_file():
        pytest.skip("no annotated identity pairs yet")
    pairs = load_pairs(PAIRS, "dev")
    files = sorted({shared_dir / p[side]["filing"] for p in pairs for side in "ab"})
    missing = [f for f in files if not f.is_file()]
    assert not missing, f"annotated filings not in ../shared: {missing[:5]}"
    store = open_store()
    for result in build_paths([str(f) for f in files], jobs=2):
        assert not result.error, f"{result.path}: {result.error}"
        replace_filing(store, result.graph)
    resolve.resolve(store)
    score = evaluate(store, pairs, verbose=True)
    # measured on the whole corpus (2026-11-24): P 0.988, R 0.868 (8 of the 12 misses are mentions
    # the entity stage does not produce); on these filings alone the figures move a little
    assert score.precision >= 0.95, score.errors
    assert score.recall >= 0.75, score.errors

"""Regenerate the golden TriG of the seed filings (tests/golden/seeds_issuer.trig).

Run explicitly, after checking that a change of the graph is intended:

    .venv/bin/python tests/golden/make_graph_golden.py

The golden graph is built with the pipeline's issuer component only (header and cover facts, the
filing, PROV), so that work on the entity and role stages does not churn it; the role mapping is
covered by the hand-made extractions of tests/test_graph_rdf.py and tests/test_graph_query.py.
Pass --all-stages to write tests/golden/seeds_full.trig from the whole pipeline instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent


def build(components: list[str] | None) -> bytes:
    from corpkg.extract.pipeline import extract_filing
    from corpkg.extract.reader import read_filing
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.store import dumps, open_store, replace_filing

    store = open_store()
    for path in sorted((ROOT / "examples").glob("*.txt")):
        replace_filing(store, build_filing_graph(extract_filing(read_filing(path), components=components)))
    return dumps(store).encode("utf-8")


def main(argv: list[str]) -> int:
    full = "--all-stages" in argv
    out = GOLDEN / ("seeds_full.trig" if full else "seeds_issuer.trig")
    out.write_bytes(build(None if full else ["issuer"]))
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

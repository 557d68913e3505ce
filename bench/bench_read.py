"""Time the reader over the shared corpus: MB/s and filings/s (figures go to docs/reader.md).

Usage: python bench/bench_read.py [CORPUS_DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

from corpkg.extract.reader import read_filing

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = Path(os.environ.get("CORPKG_SHARED", ROOT.parent / "shared")) / "corpus"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--repeat", type=int, default=3, help="runs; the fastest is reported")
    args, _ = ap.parse_known_args()
    if not args.corpus.is_dir():
        print(f"bench_read: {args.corpus} not found; skipped")
        return 0
    files = sorted(Path(r) / f for r, _, fs in os.walk(args.corpus) for f in fs if f != "MANIFEST.tsv")
    total = sum(p.stat().st_size for p in files)
    best = float("inf")
    formats: Counter[str] = Counter()
    errors = 0
    for _ in range(max(1, args.repeat)):
        formats.clear()
        errors = 0
        t0 = time.perf_counter()
        for p in files:
            try:
                formats[read_filing(p).format] += 1
            except Exception:
                errors += 1
        best = min(best, time.perf_counter() - t0)
    print(f"read {len(files)} filings, {total / 1e6:.1f} MB, in {best:.2f} s (best of {args.repeat})")
    print(f"  {total / 1e6 / best:.1f} MB/s, {len(files) / best:.0f} filings/s, {errors} errors")
    print("  formats: " + ", ".join(f"{k} {v}" for k, v in formats.most_common()))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""Extraction speed: read + entities + role facts over a sample of the shared corpus.

Usage: python bench/bench_extract.py [--limit N] [--crawler N] [PATH ...]
Prints filings/s and MB/s for the whole pipeline, the share of time spent in the role
components (extract/roles: the passage Docs, the role components, Exhibit 21 and the
finalisation) alone, and the time of each pipeline component.  Figures go to docs/roles.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CORPKG_SHARED", ROOT.parent / "shared"))


def _paths(args: argparse.Namespace) -> list[Path]:
    if args.paths:
        out: list[Path] = []
        for p in map(Path, args.paths):
            out += sorted(x for x in p.iterdir() if x.is_file()) if p.is_dir() else [p]
        return out
    corpus = SHARED / "corpus"
    if not corpus.is_dir():
        return []
    files = sorted(p for p in corpus.iterdir() if p.is_file() and p.suffix in (".txt", ".html", ".htm"))
    crawler = corpus / "edgar-crawler-8k"
    if crawler.is_dir() and args.crawler:
        files += sorted(crawler.iterdir())[: args.crawler]
    return files[: args.limit] if args.limit else files


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--limit", type=int, default=0, help="at most N filings")
    ap.add_argument("--crawler", type=int, default=100, help="add N 8-Ks from corpus/edgar-crawler-8k (default 100)")
    args = ap.parse_args()
    paths = _paths(args)
    if not paths:
        print("no filings found (set CORPKG_SHARED or pass paths)")
        return 0

    from corpkg.extract import pipeline
    from corpkg.extract.reader import read_filing

    total_bytes = 0
    facts = 0
    failures = 0
    t0 = time.perf_counter()  # building the pipeline counts, as it did when the first filing built it
    # run the pipeline's components one by one (what nlp(doc) does) to time each of them
    nlp = pipeline.default_pipeline()
    times = dict.fromkeys(nlp.pipe_names, 0.0)
    for p in paths:
        try:
            doc = read_filing(p)
            fdoc = pipeline.filing_doc(nlp, doc)
            for name, proc in nlp.pipeline:
                t = time.perf_counter()
                fdoc = proc(fdoc)
                times[name] += time.perf_counter() - t
            ex = fdoc._.filing.extraction()
        except Exception as exc:  # report, keep measuring the rest
            failures += 1
            print(f"  failed {p.name}: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        total_bytes += p.stat().st_size
        facts += sum(1 for f in ex.facts if f.role != "issuer")
    elapsed = time.perf_counter() - t0
    n = len(paths) - failures
    mb = total_bytes / 1e6
    print(f"filings: {n} ({mb:.1f} MB), failures: {failures}, role facts: {facts}")
    print(f"pipeline: {elapsed:.1f} s = {n / elapsed:.2f} filings/s, {mb / elapsed:.2f} MB/s")
    role_time = sum(t for name, t in times.items() if name not in ("issuer", "entities"))
    print(f"roles only: {role_time:.1f} s ({100 * role_time / elapsed:.0f}% of the pipeline) = "
          f"{mb / role_time if role_time else float('inf'):.2f} MB/s")
    print("per component: " + ", ".join(f"{name} {t:.1f} s" for name, t in times.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Measure `corpkg fetch`'s throttle against the offline EDGAR of tests/edgar_server.py (127.0.0.1 only).

Downloads every full submission of the corpus through EdgarClient at --rate 10 with 1 and 4 download
threads, and reports requests/s sustained, the most requests the server saw in any one-second window
(SEC fair access: at most 10) and MB/s. On the real EDGAR the rate, not the bandwidth, is the bound:
figures go to docs/scale.md.

Usage: python bench/bench_fetch.py [CORPUS_DIR] [--rate 10]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from edgar_server import EdgarReplayServer, scan_submissions  # noqa: E402

from corpkg.fetch import EdgarClient, Filing, fetch_filings  # noqa: E402

DEFAULT = Path(os.environ.get("CORPKG_SHARED", ROOT.parent / "shared")) / "corpus"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--rate", type=int, default=10)
    args, _ = ap.parse_known_args()
    if not args.corpus.is_dir():
        print(f"bench_fetch: {args.corpus} not found; skipped")
        return 0
    corpus = scan_submissions(args.corpus)
    filings = [Filing(f.filed, f.cik, f.accession, f.form, f.company) for f in corpus]
    mb = sum(f.path.stat().st_size for f in corpus) / 1e6
    print(f"{len(filings)} full submissions, {mb:.1f} MB, served from 127.0.0.1; --rate {args.rate}")
    print("| download threads | requests | seconds | requests/s | most in any 1 s | MB/s |")
    print("|---|---|---|---|---|---|")
    for workers in (1, 4):
        with EdgarReplayServer(corpus) as server, tempfile.TemporaryDirectory() as tmp, \
                EdgarClient("corpkg bench bench@example.com", base_url=server.url, rate=args.rate) as client:
            t0 = time.perf_counter()
            summary = fetch_filings(client, filings, tmp, workers=workers)
            seconds = time.perf_counter() - t0
            times = sorted(r.at for r in server.log)
        busiest = max(sum(1 for u in times if t <= u < t + 1.0) for t in times)
        assert summary.fetched == len(filings), summary.failed
        print(f"| {workers} | {len(times)} | {seconds:.1f} | {len(times) / seconds:.1f} | {busiest} | {mb / seconds:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

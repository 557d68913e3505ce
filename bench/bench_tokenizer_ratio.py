"""Build time against spaCy's blank tokenizer over the same texts, in the same run (issue 12).

Usage: python bench/bench_tokenizer_ratio.py [DIR] [--rounds 3]

DIR defaults to ../shared/corpus/edgar-crawler-8k.  Each round reads every filing once (the
reader's plain text is what both sides see), then times, in CPU seconds of this one process:
  * ``tokenizer``: ``spacy.blank("en")`` making a Doc of each filing's text;
  * ``build``: what ``corpkg build -j 1`` does per filing (read, extract, map to RDF:
    ``corpkg.commands.build.build_one``).
The two are interleaved round by round, so a load from other jobs falls on both; CPU time (not
wall time) is the figure, and the ratio of the per-round minima is reported.  The README's speed
table takes the last line.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CORPKG_SHARED", ROOT.parent / "shared"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", nargs="?", type=Path, default=SHARED / "corpus" / "edgar-crawler-8k")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    import spacy

    from corpkg.commands.build import build_one
    from corpkg.extract.pipeline import default_pipeline
    from corpkg.extract.reader import read_filing

    paths = sorted(p for p in args.dir.iterdir() if p.is_file() and p.name != "MANIFEST.tsv")
    if not paths:
        raise SystemExit(f"{args.dir}: no filings")
    texts = [read_filing(p).text for p in paths]
    mb = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    blank = spacy.blank("en")
    blank.max_length = max(len(t) for t in texts) + 1
    default_pipeline()  # loaded before the clock starts
    build_one(str(paths[0]))

    tok_times, build_times, failed = [], [], 0
    for r in range(args.rounds):
        c0 = time.process_time()
        ntok = sum(len(blank.make_doc(t)) for t in texts)
        c1 = time.process_time()
        failed = sum(build_one(str(p)).error is not None for p in paths)
        c2 = time.process_time()
        tok_times.append(c1 - c0)
        build_times.append(c2 - c1)
        print(f"round {r + 1}: tokenizer {c1 - c0:.2f} s CPU ({ntok:,} tokens), build {c2 - c1:.2f} s CPU, "
              f"ratio {(c2 - c1) / (c1 - c0):.2f}", flush=True)
    t, b = min(tok_times), min(build_times)
    print(f"{len(paths)} filings, {mb:.1f} MB of text, {failed} failed to build: tokenizer {t:.2f} s, build {b:.2f} s "
          f"(CPU, best of {args.rounds}): build = {b / t:.2f}x the blank tokenizer")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

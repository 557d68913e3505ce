"""Choose the tenth batch of the annotated set (2026-12-03, seventeenth session) and fix its split before
anyone annotates it.

The five files of `../shared/corpus/edgar-crawler-8k` still outside SPLITS.tsv, all larger than the
160 kB batch 9 stopped at (278 kB to 860 kB: earnings releases with their financial statements, an 8-K
with its exhibits), grouped and split as batches 7 to 9 were (test, dev, train, test, train, train within
each group). Printed rows are appended to SPLITS.tsv once; run against SPLITS.tsv as it was before they
were appended, it prints the same rows again.

    python3 tests/annotations/assign_splits_batch10.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batches import acquisitions_officers_rest

if __name__ == "__main__":
    acquisitions_officers_rest(Path(sys.argv[1]), max_bytes=1_000_000, n_acquisition=1000, n_all=1000)

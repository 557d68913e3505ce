"""Choose the ninth batch of the annotated set (2026-12-02, fifteenth session) and fix its split before
anyone annotates it.

Every file of `../shared/corpus/edgar-crawler-8k` still outside SPLITS.tsv (at most 160 kB: the one file
between 150 and 160 kB joins too, so that the directory is annotated in full), read through the
annotators' plain text (`totext.py`), grouped as batches 7 and 8 were:
- `8-K-acquisition`: the files whose text speaks of an acquisition or a merger;
- `8-K-officers`: of the rest, every one with Item 5.02;
- `8-K`: the rest.
Within each group files take the same slots as batches 1 to 8 (test, dev, train, test, train, train): a
third locked test. Printed rows are appended to SPLITS.tsv once; run against SPLITS.tsv as it was before
they were appended, it prints the same rows again (they leave out every file already there).

    python3 tests/annotations/assign_splits_batch9.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batches import acquisitions_officers_rest

if __name__ == "__main__":
    acquisitions_officers_rest(Path(sys.argv[1]), max_bytes=160_000, n_acquisition=1000, n_all=1000)

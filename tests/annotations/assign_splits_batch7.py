"""Choose the seventh batch of the annotated set (2026-12-01, eighth session) and fix its split before
anyone annotates it.

From the files of `../shared/corpus/edgar-crawler-8k` still outside SPLITS.tsv (at most 150 kB), read
through the annotators' plain text (`totext.py`):
- `8-K-acquisition`: the first 24 in sha1 order of the file name whose text speaks of an acquisition or a
  merger (acquirers are the role the locked test finds weakest after lenders and litigants);
- `8-K-officers`: of the rest, every one with Item 5.02 (departures, elections, appointments);
- `8-K`: of the rest, the next ones in sha1 order, to make 60 in all.
Within each group files take the same slots as batches 1 to 6 (test, dev, train, test, train, train): a
third locked test. Printed rows are appended to SPLITS.tsv once; run against SPLITS.tsv as it was before
they were appended, it prints the same rows again (they leave out every file already there).

    python3 tests/annotations/assign_splits_batch7.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batches import acquisitions_officers_rest

if __name__ == "__main__":
    acquisitions_officers_rest(Path(sys.argv[1]), max_bytes=150_000, n_acquisition=24, n_all=60)

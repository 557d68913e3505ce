"""Choose the fifth batch of the annotated set (2026-11-25, sixth session, after its release) and fix its
split before anyone annotates it.

From the files of `../shared/corpus/edgar-crawler-8k` still outside SPLITS.tsv (at most 150 kB; batch 4
took every lending and acquisition 8-K), read through the annotators' plain text (`totext.py`):
- `8-K-officers`: Item 5.02 (departures, elections, appointments) — the first 30 in sha1 order of the
  file name;
- `8-K`: the next 30 of the rest in sha1 order (results, votes, other events).
Within each group files take the same slots as batches 1 to 4 (test, dev, train, test, train, train): a
third locked test. Printed rows are appended to SPLITS.tsv once; run against SPLITS.tsv as it
was before they were appended, it prints the same rows again (they leave out every file already there).

    python3 tests/annotations/assign_splits_batch5.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batches import fresh_texts, print_rows, with_item_502

N_GROUP = 30
MAX_BYTES = 150_000


def main() -> None:
    corpus = Path(sys.argv[1])
    text = fresh_texts(corpus, MAX_BYTES)
    officers = with_item_502(text, N_GROUP)
    more = [p for p in text if p not in officers][:N_GROUP]
    print_rows(corpus, (("8-K-officers", officers), ("8-K", more)))


if __name__ == "__main__":
    main()

"""Choose the sixth batch of the annotated set (2026-11-25, seventh session) and fix its split before
anyone annotates it.

From the files of `../shared/corpus/edgar-crawler-8k` still outside SPLITS.tsv (at most 150 kB), read
through the annotators' plain text (`totext.py`):
- `8-K-officers`: Item 5.02 (departures, elections, appointments) — the first 30 in sha1 order of the
  file name;
- `8-K-press`: of the rest, the first 30 in sha1 order that carry a press release (results, events),
  where officers are quoted and named as contacts.
Within each group files take the same slots as batches 1 to 5 (test, dev, train, test, train, train): a
third locked test. Printed rows are appended to SPLITS.tsv once; run against SPLITS.tsv as it was before
they were appended, it prints the same rows again (they leave out every file already there).

    python3 tests/annotations/assign_splits_batch6.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batches import fresh_texts, print_rows, with_item_502

N_GROUP = 30
MAX_BYTES = 150_000
PRESS_RELEASE = re.compile(r"press\s+release", re.I)


def main() -> None:
    corpus = Path(sys.argv[1])
    text = fresh_texts(corpus, MAX_BYTES)
    officers = with_item_502(text, N_GROUP)
    press = [p for p in text if p not in officers and PRESS_RELEASE.search(text[p])][:N_GROUP]
    print_rows(corpus, (("8-K-officers", officers), ("8-K-press", press)))


if __name__ == "__main__":
    main()

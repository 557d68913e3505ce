"""Choose the third batch of the annotated set (2026-11-24, fourth session) and fix its split before
anyone annotates it.

Three groups from `../shared/corpus/edgar-crawler-8k` (files of at most 150 kB), leaving out every
filing already in SPLITS.tsv, aimed at the kinds the locked test found weakest (issue 12):
- `8-K-acquisition`: the text names a plan of merger, a completed acquisition, an agreement to acquire
  or Item 2.01 — the first 12 in sha1 order of the file name;
- `8-K-biography`: Item 5.02 with a biography ("served as", "has been") — the first 12;
- `8-K`: the next 24 of the rest in sha1 order.
Within each group files in sha1 order take the same slots as batches 1 and 2 (test, dev, train, test,
train, train): a third locked test. Printed rows are appended to SPLITS.tsv once; run against SPLITS.tsv as it
was before they were appended, it prints the same rows again (they leave out every file already there).

    python3 tests/annotations/assign_splits_batch3.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batches import fresh_crawler, print_rows

N_KIND = 12
N_MORE = 24
MAX_BYTES = 150_000
ACQUISITION = re.compile(r"plan of merger|completed (?:its|the) acquisition|agreed to acquire|Item 2\.01",
                         re.I)
ITEM_502 = re.compile(r"Item 5\.02", re.I)
BIOGRAPHY = re.compile(r"served as|has been")


def main() -> None:
    corpus = Path(sys.argv[1])
    fresh = fresh_crawler(corpus, MAX_BYTES)
    text = {p: p.read_text(errors="replace") for p in fresh}
    acquisition = [p for p in fresh if ACQUISITION.search(text[p])][:N_KIND]
    biography = [p for p in fresh if p not in acquisition and ITEM_502.search(text[p])
                 and BIOGRAPHY.search(text[p])][:N_KIND]
    chosen = set(acquisition) | set(biography)
    more = [p for p in fresh if p not in chosen][:N_MORE]
    print_rows(corpus, (("8-K-acquisition", acquisition), ("8-K-biography", biography), ("8-K", more)))


if __name__ == "__main__":
    main()

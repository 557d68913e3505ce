"""Choose the fourth batch of the annotated set (2026-11-25, sixth session) and fix its split before
anyone annotates it.

Groups from `../shared/corpus/edgar-crawler-8k` (files of at most 150 kB), leaving out every filing
already in SPLITS.tsv, aimed at the roles the locked test found weakest (issues 11 and 12), each test
run on the annotators' plain text (`totext.py`), not on corpkg's reader:
- `8-K-lending`: names a credit or loan agreement, credit facility, term loan, note purchase agreement
  or indenture — every such filing (narrative lenders, issue 11);
- `8-K-acquisition`: names a plan of merger, a completed acquisition, an agreement to acquire, "to
  acquire" or Item 2.01 — every such filing not already lending;
- `8-K-biography`: Item 5.02 with a biography ("served as", "has been") — the first 10 of the rest.
Within each group files in sha1 order of the file name take the same slots as batches 1 to 3 (test,
dev, train, test, train, train): a third locked test. Printed rows are appended to SPLITS.tsv once;
run against SPLITS.tsv as it
was before they were appended, it prints the same rows again (they leave out every file already there).

    python3 tests/annotations/assign_splits_batch4.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batches import fresh_crawler, print_rows
from totext import to_text

N_BIOGRAPHY = 10
MAX_BYTES = 150_000
LENDING = re.compile(r"credit agreement|loan agreement|credit facility|term loan|note purchase agreement"
                     r"|indenture", re.I)
ACQUISITION = re.compile(r"plan of merger|completed (?:its|the) acquisition|agreed to acquire|Item 2\.01"
                         r"|to acquire", re.I)
ITEM_502 = re.compile(r"Item 5\.02", re.I)
BIOGRAPHY = re.compile(r"served as|has been")


def main() -> None:
    corpus = Path(sys.argv[1])
    fresh = fresh_crawler(corpus, MAX_BYTES)
    text = {p: to_text(p.read_text(errors="replace")) for p in fresh}
    lending = [p for p in fresh if LENDING.search(text[p])]
    acquisition = [p for p in fresh if p not in lending and ACQUISITION.search(text[p])]
    chosen = set(lending) | set(acquisition)
    biography = [p for p in fresh if p not in chosen and ITEM_502.search(text[p])
                 and BIOGRAPHY.search(text[p])][:N_BIOGRAPHY]
    print_rows(corpus, (("8-K-lending", lending), ("8-K-acquisition", acquisition), ("8-K-biography", biography)))


if __name__ == "__main__":
    main()

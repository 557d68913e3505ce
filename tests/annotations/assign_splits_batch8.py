"""Choose the eighth batch of the annotated set (2026-12-02, tenth session) and fix its split before
anyone annotates it.

From the files of `../shared/corpus/edgar-crawler-8k` still outside SPLITS.tsv (at most 150 kB), read
through the annotators' plain text (`totext.py`):
- `8-K-acquisition`: the first 24 in sha1 order of the file name whose text speaks of an acquisition or a
  merger, 16 this time (acquirers are the role the locked test finds weakest after lenders and litigants);
- `8-K-officers`: of the rest, every one with Item 5.02 (none is left after batch 7);
- `8-K`: of the rest, the next ones in sha1 order, to make 60 in all (49 stay unannotated for a later
  batch).
Within each group files take the same slots as batches 1 to 7 (test, dev, train, test, train, train): a
third locked test. Printed rows are appended to SPLITS.tsv once; run against SPLITS.tsv as it was before
they were appended, it prints the same rows again (they leave out every file already there).

    python3 tests/annotations/assign_splits_batch8.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batches import fresh_texts, print_rows, with_item_502

N_ACQUISITION = 24
N_ALL = 60
MAX_BYTES = 150_000
ACQUISITION = re.compile(r"\bacqui(?:re|red|res|ring|sition|sitions)\b|\bmerger\b", re.I)


def main() -> None:
    corpus = Path(sys.argv[1])
    text = fresh_texts(corpus, MAX_BYTES)
    acquisition = [p for p in text if ACQUISITION.search(text[p])][:N_ACQUISITION]
    rest = {p: t for p, t in text.items() if p not in acquisition}
    officers = with_item_502(rest, N_ALL)
    others = [p for p in rest if p not in officers][: N_ALL - len(acquisition) - len(officers)]
    print_rows(corpus, (("8-K-acquisition", acquisition), ("8-K-officers", officers), ("8-K", others)))


if __name__ == "__main__":
    main()

"""Choose the second batch of the annotated set (2026-11-24, second session) and fix its split before
anyone annotates it.

Two groups from `../shared/corpus/edgar-crawler-8k`, leaving out every filing already in SPLITS.tsv:
- `8-K-lending`: 8-Ks whose text names a credit agreement, loan agreement, credit facility or term loan
  (narrative lending, Items 1.01 / 2.03; issue 11), at most 150 kB of file;
- `8-K`: the next 20 8-Ks in sha1 order of the file name (more training data for issue 12).
Within each group files in sha1 order take the same slots as the first batch (test, dev, train, test,
train, train): a third locked test. Printed rows are appended to SPLITS.tsv once; re-running prints
the same rows.

    python3 tests/annotations/assign_splits_batch2.py ../shared/corpus >> tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SLOTS = ["test", "dev", "train", "test", "train", "train"]
N_MORE = 20
MAX_BYTES = 150_000
LENDING = re.compile(r"credit agreement|loan agreement|credit facility|term loan", re.I)


def h(name: str) -> str:
    return hashlib.sha1(name.encode()).hexdigest()


def main() -> None:
    corpus = Path(sys.argv[1])
    done = {line.split("\t")[0] for line in (HERE / "SPLITS.tsv").read_text().splitlines()[1:]}
    crawler = sorted((corpus / "edgar-crawler-8k").glob("*.*"), key=lambda p: h(p.name))
    fresh = [p for p in crawler if p.name not in done]
    lending = [p for p in fresh if p.stat().st_size <= MAX_BYTES
               and LENDING.search(p.read_text(errors="replace"))]
    more = [p for p in fresh if p not in lending][:N_MORE]
    for group, files in (("8-K-lending", lending), ("8-K", more)):
        for i, p in enumerate(files):
            rel = "corpus/" + str(p.relative_to(corpus))
            print(f"{p.name}\t{rel}\t{group}\t{SLOTS[i % len(SLOTS)]}")


if __name__ == "__main__":
    main()

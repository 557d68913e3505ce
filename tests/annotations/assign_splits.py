"""Choose the filings of the annotated set and fix their split before anyone annotates them.

Deterministic (sha1 of the file name), stratified by form group, written to SPLITS.tsv once
(2026-11-24). Re-running prints the same table. test = a third (locked: scored once per release,
never read to find or fix errors), dev = a sixth, train = a half.

    python3 tests/annotations/assign_splits.py ../shared/corpus > tests/annotations/SPLITS.tsv
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections import defaultdict
from pathlib import Path

# filings already in tests/gold (the earlier dev set) are not annotated again
EXISTING = {p.stem for p in (Path(__file__).resolve().parents[1] / "gold").glob("*.json")}
N_8K = 45          # filings drawn from edgar-crawler-8k
SLOTS = ["test", "dev", "train", "test", "train", "train"]  # position in a group, by hash order


def h(name: str) -> str:
    return hashlib.sha1(name.encode()).hexdigest()


def group_of(name: str) -> str:
    if "_8K_" in name:
        return "8-K"
    m = re.match(r"(10-K|10-Q|8-K|EX-10|EX-21|EX-99|EX-4|424B|SC|DEF14A|S-)", name)
    return m.group(1) if m else "other"


def main() -> None:
    corpus = Path(sys.argv[1])
    files = [p for p in sorted(corpus.glob("*.*")) if p.name != "MANIFEST.tsv"]
    files += sorted((corpus / "more").glob("*.*"))
    crawler = sorted((corpus / "edgar-crawler-8k").glob("*.*"), key=lambda p: h(p.name))
    files += crawler[:N_8K]
    files = [p for p in files if Path(p.name).stem not in EXISTING]
    groups: dict[str, list[Path]] = defaultdict(list)
    for p in files:
        groups[group_of(p.name)].append(p)
    print("file\tcorpus_path\tgroup\tsplit")
    for g in sorted(groups):
        for i, p in enumerate(sorted(groups[g], key=lambda p: h(p.name))):
            rel = "corpus/" + str(p.relative_to(corpus))
            print(f"{p.name}\t{rel}\t{g}\t{SLOTS[i % len(SLOTS)]}")


if __name__ == "__main__":
    main()

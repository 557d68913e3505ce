"""What the batch-selection scripts (`assign_splits_batch3.py` onwards) share: the split slots, the
sha1 order of file names, the crawler 8-Ks not yet in SPLITS.tsv, and the rows they print."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

from totext import to_text

HERE = Path(__file__).resolve().parent
SLOTS = ["test", "dev", "train", "test", "train", "train"]  # position in a group, by sha1 order
ITEM_502 = re.compile(r"Item\s+5\.02", re.I)


def h(name: str) -> str:
    return hashlib.sha1(name.encode()).hexdigest()


def fresh_crawler(corpus: Path, max_bytes: int) -> list[Path]:
    """The files of `edgar-crawler-8k` (at most ``max_bytes``) not in SPLITS.tsv yet, in sha1 order."""
    done = {line.split("\t")[0] for line in (HERE / "SPLITS.tsv").read_text().splitlines()[1:]}
    crawler = sorted((p for p in (corpus / "edgar-crawler-8k").glob("*.*") if p.name != "MANIFEST.tsv"),
                     key=lambda p: h(p.name))
    return [p for p in crawler if p.name not in done and p.stat().st_size <= max_bytes]


def fresh_texts(corpus: Path, max_bytes: int) -> dict[Path, str]:
    """The annotators' plain text (``totext.py``) of each file of :func:`fresh_crawler`, in its order."""
    return {p: to_text(p.read_text(errors="replace")) for p in fresh_crawler(corpus, max_bytes)}


def with_item_502(texts: dict[Path, str], n: int) -> list[Path]:
    """The first ``n`` files whose text has Item 5.02 (departures, elections, appointments)."""
    return [p for p, t in texts.items() if ITEM_502.search(t)][:n]


def print_rows(corpus: Path, groups: Sequence[tuple[str, Sequence[Path]]]) -> None:
    """One SPLITS.tsv row per file: within each group the files take the slots in turn."""
    for group, files in groups:
        for i, p in enumerate(files):
            rel = "corpus/" + str(p.relative_to(corpus))
            print(f"{p.name}\t{rel}\t{group}\t{SLOTS[i % len(SLOTS)]}")

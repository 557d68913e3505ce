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


ACQUISITION = re.compile(r"\bacqui(?:re|red|res|ring|sition|sitions)\b|\bmerger\b", re.I)


def acquisitions_officers_rest(corpus: Path, max_bytes: int, n_acquisition: int, n_all: int) -> None:
    """Print the rows of a batch chosen as batches 7 and 8 were: the first ``n_acquisition`` fresh files
    whose text speaks of an acquisition or a merger, then every other one with Item 5.02, then the next
    ones in sha1 order, ``n_all`` in all."""
    text = fresh_texts(corpus, max_bytes)
    acquisition = [p for p in text if ACQUISITION.search(text[p])][:n_acquisition]
    rest = {p: t for p, t in text.items() if p not in acquisition}
    officers = with_item_502(rest, n_all)
    others = [p for p in rest if p not in officers][: n_all - len(acquisition) - len(officers)]
    print_rows(corpus, (("8-K-acquisition", acquisition), ("8-K-officers", officers), ("8-K", others)))

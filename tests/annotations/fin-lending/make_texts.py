"""Write the five loan agreements of the FIN benchmark (``../shared/benchmarks/FIN``, CoNLL, Salinas
Alvarado et al. 2015) as plain text, one sentence per line, for the FIN lending set's gold files.

The benchmark's text is not committed into the project; this script rebuilds it where the gold files
expect it. Standard library only, so annotators can run it without the project installed.

    python3 tests/annotations/fin-lending/make_texts.py [OUT_DIR]   # default /tmp/corpkg-fin
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

FIN = Path(__file__).resolve().parents[4] / "shared" / "benchmarks" / "FIN" / "CONLL-format" / "data" / "train" / "FIN5.txt"

_NO_SPACE_BEFORE = re.compile(r" ([,.;:%)\]]|'s\b|n't\b|\"\)|\"\),?|\"\.|\",)")
_NO_SPACE_AFTER = re.compile(r"([(\[$]|\(\") ")


def detokenize(tokens: list[str]) -> str:
    text = " ".join(tokens)
    text = _NO_SPACE_BEFORE.sub(r"\1", text)
    text = _NO_SPACE_AFTER.sub(r"\1", text)
    text = re.sub(r"/ s /", "/s/", text)
    text = re.sub(r"\b([A-Z]) \.", r"\1.", text)  # initials: "E ." -> "E."
    return text


def documents(path: Path = FIN) -> list[list[list[str]]]:
    docs: list[list[list[str]]] = []
    cur: list[list[str]] = []
    sent: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("-DOCSTART-"):
            if sent:
                cur.append(sent)
            if cur:
                docs.append(cur)
            cur, sent = [], []
        elif not line.strip():
            if sent:
                cur.append(sent)
            sent = []
        else:
            sent.append(line.split(" ")[0])
    if sent:
        cur.append(sent)
    if cur:
        docs.append(cur)
    return docs


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for i, doc in enumerate(documents(), 1):
        (out / f"FIN5-{i}.txt").write_text("\n".join(detokenize(s) for s in doc) + "\n", encoding="utf-8")
        print(out / f"FIN5-{i}.txt")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/corpkg-fin"))

"""FIN benchmark: PER/ORG recognition on SEC loan agreements (Salinas Alvarado et al. 2015).

Reads ``benchmarks/FIN/CONLL-format/data/*/*.txt`` (CoNLL, IO tags), rebuilds each document's text
from its tokens (one sentence per line), runs corpkg's recogniser over it (``find_entities`` with
the blank pipeline, or ``--model NAME``), maps the mentions back to tokens and reports span-level
and token-level precision / recall / F1 for PER and ORG, typed and untyped, plus throughput.
"names-*" leaves out spans that are a party's role word ("Borrower", "the Lender", "Bank"): FIN
tags those (mostly as PER), corpkg resolves them to the party they stand for; and it compares
spans without a trailing legal suffix or a leading "the" (FIN tags "AKAMAI TECHNOLOGIES" in
"AKAMAI TECHNOLOGIES, INC.").

Usage:  python bench/bench_fin.py [--fin DIR] [--model NAME] [--json] [--errors N]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LABELS = ("PER", "ORG")
_MAP = {"PERSON": "PER", "ORG": "ORG"}


def default_fin() -> Path:
    shared = Path(os.environ.get("CORPKG_SHARED", ROOT.parent / "shared"))
    return shared / "benchmarks" / "FIN"


def read_conll(path: Path) -> list[list[list[tuple[str, str]]]]:
    """Documents → sentences → (token, tag) with tags reduced to PER/ORG/O."""
    docs: list[list[list[tuple[str, str]]]] = []
    sent: list[tuple[str, str]] = []
    doc: list[list[tuple[str, str]]] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("-DOCSTART-"):
            if sent:
                doc.append(sent)
                sent = []
            if doc:
                docs.append(doc)
            doc = []
            continue
        if not line.strip():
            if sent:
                doc.append(sent)
                sent = []
            continue
        parts = line.split()
        tok, tag = parts[0], parts[-1]
        label = tag.split("-", 1)[1] if "-" in tag else "O"
        sent.append((tok, label if label in LABELS else "O"))
    if sent:
        doc.append(sent)
    if doc:
        docs.append(doc)
    return docs


_NO_SPACE_BEFORE = (",", ".", ";", ":", ")", "'s", "n't", "%", "?", "!")


def detokenize(doc: list[list[tuple[str, str]]]) -> tuple[str, list[list[tuple[int, int]]]]:
    """Text of a document (one sentence per line) and each token's (start, end) in it."""
    out: list[str] = []
    pos = 0
    offsets: list[list[tuple[int, int]]] = []
    for sent in doc:
        so = []
        prev = None
        for tok, _ in sent:
            space = prev is not None and not tok.startswith(_NO_SPACE_BEFORE) and not prev.endswith(("(", '("', "$"))
            if space:
                out.append(" ")
                pos += 1
            so.append((pos, pos + len(tok)))
            out.append(tok)
            pos += len(tok)
            prev = tok
        out.append("\n")
        pos += 1
        offsets.append(so)
    return "".join(out), offsets


def spans_of(labels: list[str]) -> set[tuple[int, int, str]]:
    """IO tags → (start, end, label) spans of contiguous equal labels."""
    spans = set()
    start = None
    for i, lab in enumerate(labels + ["O"]):
        if start is not None and (lab != labels[start]):
            spans.add((start, i, labels[start]))
            start = None
        if lab != "O" and start is None:
            start = i
    return spans


def prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"tp": tp, "fp": fp, "fn": fn, "precision": round(p, 4), "recall": round(r, 4),
            "f1": round(2 * p * r / (p + r), 4) if p + r else 0.0}


def run(fin: Path, model: str | None = None, show_errors: int = 0) -> dict:
    from corpkg.extract.entities import find_entities
    from corpkg.extract.model import Document
    from corpkg.extract.nlp import build_pipeline

    files = sorted((fin / "CONLL-format" / "data").glob("*/*.txt"))
    if not files:
        raise SystemExit(f"no CoNLL files under {fin}/CONLL-format/data")
    nlp = build_pipeline(model)
    from corpkg.extract.names import lexicon

    suffixes = lexicon().legal_suffix_keys
    role_terms = lexicon().role_terms  # patterns/role_terms.txt: "borrower", "the agent" … (a party named by its role)

    def trim(words: list[str], s: tuple[int, int, str]) -> tuple[int, int, str]:
        a, b, lab = s
        while b > a + 1 and (not any(ch.isalnum() for ch in words[b - 1])
                             or words[b - 1].lower().replace(".", "") in suffixes):
            b -= 1
        if b > a + 1 and words[a].lower() == "the":
            a += 1
        return a, b, lab

    def is_role(words: list[str], a: int, b: int) -> bool:
        phrase = " ".join(words[a:b]).lower()
        phrase = phrase[4:] if phrase.startswith("the ") else phrase
        return phrase in role_terms

    span_counts = {k: Counter() for k in ("PER", "ORG", "all", "untyped", "names-PER", "names-ORG")}
    tok_counts = {k: Counter() for k in ("PER", "ORG")}
    n_tokens = 0
    n_chars = 0
    seconds = 0.0
    errors: list[tuple[str, str, str]] = []
    for f in files:
        for doc_sents in read_conll(f):
            text, offsets = detokenize(doc_sents)
            n_chars += len(text)
            document = Document(path=str(f), format="text", text=text, sha256="", encoding="utf-8")
            t0 = time.perf_counter()
            index = find_entities(document, nlp, None)
            seconds += time.perf_counter() - t0
            mentions = [(s, e, _MAP.get(lab, "O")) for s, e, _k, lab in index.mentions]
            for sent, so in zip(doc_sents, offsets, strict=False):
                n_tokens += len(sent)
                gold = [lab for _, lab in sent]
                pred = ["O"] * len(sent)
                mid = [-1] * len(sent)
                for j, (s, e, lab) in enumerate(mentions):
                    for i, (a, b) in enumerate(so):
                        if a < e and s < b:
                            pred[i] = lab
                            mid[i] = j
                # split predicted runs where two mentions touch
                pspans = set()
                start = None
                for i in range(len(sent) + 1):
                    if start is not None and (i == len(sent) or pred[i] != pred[start] or mid[i] != mid[start]):
                        pspans.add((start, i, pred[start]))
                        start = None
                    if i < len(sent) and pred[i] != "O" and start is None:
                        start = i
                gspans = spans_of(gold)
                for lab in LABELS:
                    g = {s for s in gspans if s[2] == lab}
                    p = {s for s in pspans if s[2] == lab}
                    span_counts[lab]["tp"] += len(g & p)
                    span_counts[lab]["fp"] += len(p - g)
                    span_counts[lab]["fn"] += len(g - p)
                    for gi, pi in zip(gold, pred, strict=False):
                        if pi == lab and gi == lab:
                            tok_counts[lab]["tp"] += 1
                        elif pi == lab:
                            tok_counts[lab]["fp"] += 1
                        elif gi == lab:
                            tok_counts[lab]["fn"] += 1
                words = [w for w, _ in sent]
                for lab in LABELS:
                    g = {trim(words, s) for s in gspans if s[2] == lab and not is_role(words, s[0], s[1])}
                    p = {trim(words, s) for s in pspans if s[2] == lab and not is_role(words, s[0], s[1])}
                    if show_errors and len(errors) < show_errors:
                        errors.extend(("FP-name", lab, " ".join(words[a:b])) for a, b, _ in sorted(p - g))
                        errors.extend(("FN-name", lab, " ".join(words[a:b])) for a, b, _ in sorted(g - p))
                    span_counts[f"names-{lab}"]["tp"] += len(g & p)
                    span_counts[f"names-{lab}"]["fp"] += len(p - g)
                    span_counts[f"names-{lab}"]["fn"] += len(g - p)
                span_counts["all"]["tp"] += len(gspans & pspans)
                span_counts["all"]["fp"] += len(pspans - gspans)
                span_counts["all"]["fn"] += len(gspans - pspans)
                gu = {(a, b) for a, b, _ in gspans}
                pu = {(a, b) for a, b, _ in pspans}
                span_counts["untyped"]["tp"] += len(gu & pu)
                span_counts["untyped"]["fp"] += len(pu - gu)
                span_counts["untyped"]["fn"] += len(gu - pu)
    return {
        "files": [str(f.relative_to(fin)) for f in files],
        "model": model,
        "tokens": n_tokens,
        "chars": n_chars,
        "seconds": round(seconds, 3),
        "tokens_per_second": round(n_tokens / seconds) if seconds else None,
        "span": {k: prf(v["tp"], v["fp"], v["fn"]) for k, v in span_counts.items()},
        "token": {k: prf(v["tp"], v["fp"], v["fn"]) for k, v in tok_counts.items()},
        "errors": errors,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fin", type=Path, default=default_fin(), help="the FIN benchmark directory")
    ap.add_argument("--model", default=None, help="an installed spaCy pipeline to merge (default: none)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    ap.add_argument("--errors", type=int, default=0, metavar="N", help="list the first N span errors")
    args = ap.parse_args(argv)
    if not args.fin.exists():
        print(f"bench_fin: {args.fin} is missing; skipped", file=sys.stderr)
        return 0
    res = run(args.fin, args.model, args.errors)
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    print(f"FIN ({', '.join(res['files'])}): {res['tokens']} tokens, {res['seconds']} s "
          f"({res['tokens_per_second']} tokens/s), model={res['model']}")
    print(f"{'level':<8} {'label':<8} {'tp':>5} {'fp':>5} {'fn':>5} {'prec':>7} {'recall':>7} {'F1':>7}")
    for level in ("span", "token"):
        for lab, s in res[level].items():
            print(f"{level:<8} {lab:<8} {s['tp']:>5} {s['fp']:>5} {s['fn']:>5} {s['precision']:>7.3f} "
                  f"{s['recall']:>7.3f} {s['f1']:>7.3f}")
    for kind, lab, words in res["errors"]:
        print(f"  {kind} {lab:<4} {words}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

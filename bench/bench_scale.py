"""Build time and peak memory as a filing grows: is the whole build linear in size?

Two shapes of huge input, both made from examples/001 (a 32 KB 10-QSB):
  * N concatenated copies (many sections, many repeated facts: 100 copies = 3.2 MB);
  * one single line of M megabytes (the copies with every newline turned into a space).
Each size is built in a fresh process (read, extract, map to RDF, write into a store), so the
peak resident memory reported is that build's own; the pipeline is loaded before the clock starts.
Linear means a roughly constant CPU s/MB down the table (CPU time, because wall time on a shared
machine varies with the load). Figures go to the README's speed section.

Usage: python bench/bench_scale.py [--copies 10,100,500] [--line-mb 1,5,16] [--timeout 1800]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "examples" / "001_39229ddd04409d79.txt"
WARM = ROOT / "examples" / "002_933b7785daade086.txt"

CHILD = r"""
import json, resource, sys, time
from corpkg.commands.build import build_one
from corpkg.graph.store import open_store, replace_filing
build_one(sys.argv[2])  # load the pipeline before the clock starts
t0, c0 = time.perf_counter(), time.process_time()
r = build_one(sys.argv[1], max_bytes=0)
n = replace_filing(open_store(None), r.graph) if r.graph is not None else 0
t1, c1 = time.perf_counter(), time.process_time()
print(json.dumps({"seconds": t1 - t0, "cpu": c1 - c0, "triples": n, "error": r.error,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(path: Path, timeout: float) -> dict[str, object]:
    try:
        out = subprocess.run([sys.executable, "-c", CHILD, str(path), str(WARM)], capture_output=True, text=True,
                             timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return {"seconds": None, "error": f"over {timeout:g} s"}
    if out.returncode != 0:
        return {"seconds": None, "error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--copies", default="10,100,500", help="numbers of concatenated copies (comma-separated)")
    ap.add_argument("--line-mb", default="1,5,16", help="sizes of the single-line file in MB (comma-separated)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds allowed per size")
    args, _ = ap.parse_known_args()
    seed = SEED.read_bytes()
    line = seed.replace(b"\r\n", b" ").replace(b"\n", b" ")
    cases: list[tuple[str, bytes]] = []
    for n in (int(x) for x in args.copies.split(",") if x.strip()):
        cases.append((f"{n} copies of example 001", seed * n))
    for mb in (float(x) for x in args.line_mb.split(",") if x.strip()):
        reps = max(1, round(mb * 1_000_000 / len(line)))
        cases.append((f"one line of {mb:g} MB", line * reps))
    print("| input | MB | wall s | CPU s | CPU s/MB | peak memory (MB) | triples |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for label, data in cases:
            path = Path(tmp) / "filing.txt"
            path.write_bytes(data)
            mb = len(data) / 1e6
            r = measure(path, args.timeout)
            secs = r.get("seconds")
            if not isinstance(secs, float):
                print(f"| {label} | {mb:.1f} | {r.get('error')} | | | | |", flush=True)
                continue
            cpu = float(r["cpu"])  # type: ignore[arg-type]  # a number from the child's JSON
            print(f"| {label} | {mb:.1f} | {secs:.1f} | {cpu:.1f} | {cpu / mb:.2f} | {r['peak_mb']:.0f} | {r['triples']} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

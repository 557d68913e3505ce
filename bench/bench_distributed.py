"""Time the distributed build on LocalClusters of 1 and 2 workers in the same run (figures go to docs/scale.md).

For each cluster size: start the cluster, warm every worker (the spaCy pipeline loads once per process),
build every filing to N-Quads shards, bulk-load the shards; sizes alternate (1, 2, 2, 1, 1, 2, …) so that a
change in the machine's load hits both. Reports filings/s, MB/s, the speed-up of 2 workers over 1 (best
runs), the CPU time the tasks used (filings/s per busy core, which a busy machine does not change),
and checks that both built the same quads.

Usage: python bench/bench_distributed.py [CORPUS_DIR] [--workers 1,2] [--repeat N] [--limit N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import pyoxigraph as ox

from corpkg.commands.build import collect_inputs
from corpkg.distributed import build_on_cluster, build_shard, load_shards, open_client

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = Path(os.environ.get("CORPKG_SHARED", ROOT.parent / "shared")) / "corpus" / "edgar-crawler-8k"


def one_run(n: int, files: list[Path], warm: Path) -> dict[str, float | int | set[str]]:
    t0 = time.perf_counter()
    with open_client(local_workers=n) as cluster, tempfile.TemporaryDirectory(prefix="corpkg-bench-") as tmp:
        started = time.perf_counter() - t0
        t1 = time.perf_counter()
        cluster.client.run(build_shard, str(warm.resolve()), tmp, 50_000_000)  # load the pipeline on every worker
        warmed = time.perf_counter() - t1
        t2, d2 = time.perf_counter(), time.process_time()
        results = list(build_on_cluster(cluster, files, Path(tmp) / "shards"))
        built, driver = time.perf_counter() - t2, time.process_time() - d2
        t3 = time.perf_counter()
        store = ox.Store()
        load_shards(store, results)
        loaded = time.perf_counter() - t3
        quads = {str(q) for q in store}
    return {"workers": n, "start": started, "warm": warmed, "build": built, "load": loaded,
            "failed": sum(1 for r in results if r.error), "triples": sum(r.triples for r in results),
            "cpu": sum(r.cpu_seconds for r in results), "driver": driver, "quads": quads}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--workers", default="1,2", help="cluster sizes to compare")
    ap.add_argument("--repeat", type=int, default=1, help="runs per size; the fastest is reported")
    ap.add_argument("--limit", type=int, default=0, help="build only the first N filings")
    args, _ = ap.parse_known_args()
    if not args.corpus.is_dir():
        print(f"bench_distributed: {args.corpus} not found; skipped")
        return 0
    files, _ = collect_inputs([str(args.corpus)])
    if args.limit:
        files = files[: args.limit]
    mb = sum(f.stat().st_size for f in files) / 1e6
    sizes = [int(x) for x in args.workers.split(",")]
    print(f"{len(files)} filings, {mb:.1f} MB; {os.cpu_count()} cores; load average before: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    best: dict[int, dict[str, float | int | set[str]]] = {}
    cpu: list[float] = []
    walls: list[tuple[int, float]] = []
    for rep in range(max(1, args.repeat)):
        for n in sizes if rep % 2 == 0 else sizes[::-1]:  # 1 2 2 1 1 2 …: a drift in load hits both
            r = one_run(n, files, files[0])
            print(f"  run {rep + 1}, {n} worker(s): cluster start {r['start']:.1f} s, warm-up {r['warm']:.1f} s, "
                  f"build {r['build']:.1f} s ({len(files) / float(r['build']):.2f} filings/s, "
                  f"{mb / float(r['build']):.2f} MB/s), bulk load {r['load']:.2f} s, {r['triples']} triples, "
                  f"{r['failed']} failed; task CPU {r['cpu']:.1f} s, driver+scheduler CPU {r['driver']:.1f} s; "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)
            cpu.append(float(r["cpu"]))
            walls.append((n, float(r["build"])))
            if n not in best or float(r["build"]) < float(best[n]["build"]):
                best[n] = r
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| workers | build s | filings/s | MB/s | filings/s per worker | speed-up |")
    print("|---|---|---|---|---|---|")
    base = float(best[sizes[0]]["build"])
    for n in sizes:
        b = float(best[n]["build"])
        print(f"| {n} | {b:.1f} | {len(files) / b:.2f} | {mb / b:.2f} | {len(files) / b / n:.2f} | {base / b:.2f}× |")
    if sizes == [1, 2]:  # runs go 1 2 | 2 1 | 1 2 …: each adjacent pair saw about the same machine load
        pairs = [walls[i:i + 2] for i in range(0, len(walls) - 1, 2)]
        ratios = [dict(p)[1] / dict(p)[2] for p in pairs if len(dict(p)) == 2]
        print("speed-up of 2 workers over 1, pair by pair: " + ", ".join(f"{x:.2f}×" for x in ratios))
    c = min(cpu)
    print(f"task CPU time (least of the runs): {c:.1f} s = {c / len(files) * 1000:.0f} ms per filing → "
          f"{len(files) / c:.1f} filings/s, {mb / c:.2f} MB/s per busy core")
    same = len({frozenset(best[n]["quads"]) for n in sizes}) == 1  # type: ignore[arg-type]
    print(f"same quads on every cluster size: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())

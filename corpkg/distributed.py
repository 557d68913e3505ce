"""Build filings on a Dask distributed cluster: workers write per-filing N-Quads shards, the driver loads them.

Per-filing extraction is embarrassingly parallel. Filings go to workers in small batches, one Dask task
each (a small 8-K takes ~25 ms, too little to pay a task's scheduling alone); for every filing the task
(``build_shard``) runs the same per-filing build as ``corpkg build`` (``corpkg.commands.build.build_one``) and writes
the filing's named graph as an N-Quads shard to a directory every worker and the driver can reach (local
disk for a ``LocalCluster``; NFS, Lustre or a mounted bucket for a real cluster). The shard is written to
``NAME.nq.part`` and renamed, so a shard on disk is always whole. The driver

- reports each filing that failed (unreadable input, extractor error), with its reason;
- retries lost tasks: Dask itself reschedules the tasks of a worker that died (up to the scheduler's
  ``allowed-failures``); a task that still fails (``KilledWorker``, a worker-side exception) is submitted
  again up to ``retries`` times before it is reported;
- shows progress (tqdm over completed tasks);
- bulk-loads the shards into an Oxigraph store (``pyoxigraph.Store.bulk_load``, one streamed load for all
  shards), after dropping the named graphs of filings the store already held, so a rebuilt filing's graph
  is replaced rather than merged; or leaves the shards for another store (QLever, Virtuoso, …).

The set of quads is the same as a one-process build (``corpkg build -j 1``): each filing's graph depends on
its bytes only (tests/test_distributed.py compares them).

Pointing it at a cluster: any scheduler address works (``tcp://HOST:8786``), e.g. one started by
``dask scheduler`` plus ``dask worker tcp://HOST:8786 --nthreads 1`` on each machine, by dask-jobqueue
(``SLURMCluster(...).scheduler_address``) on HPC, or by dask-kubernetes (``KubeCluster``) on Kubernetes;
workers need corpkg installed and the filings and shard directory at the same paths (docs/scale.md).
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyoxigraph as ox

__all__ = [
    "ShardResult",
    "shard_name",
    "build_shard",
    "build_batch",
    "auto_batch",
    "Cluster",
    "open_client",
    "build_on_cluster",
    "load_shards",
]

log = logging.getLogger("corpkg.distributed")

SHARD_SUFFIX = ".nq"
# Dask's statistical profiler samples the task thread's frames from the event-loop thread; when it holds the
# last reference to a finished frame, pyoxigraph objects in it (query results, which must stay on their
# thread) are dropped on the wrong thread and raise. Tasks here are uniform, so the profile adds nothing.
WORKER_CONFIG = {"distributed.worker.profile.enabled": False}


@dataclass(frozen=True)
class ShardResult:
    """What one filing's task gave: its shard and named graph, or why it failed."""

    path: str
    shard: str | None = None
    graph: str | None = None
    triples: int = 0
    warnings: tuple[str, ...] = ()
    error: str | None = None
    seconds: float = 0.0  # wall time of the task
    cpu_seconds: float = 0.0  # CPU time of the task's thread (does not grow when the machine is busy)
    resumed: bool = False


def shard_name(path: str) -> str:
    """The shard file of a filing: a digest of its path (stable across runs) and its name, for people."""
    digest = hashlib.sha1(path.encode("utf-8")).hexdigest()[:16]
    return f"{digest}-{Path(path).name}{SHARD_SUFFIX}"


def build_shard(path: str, shard_dir: str, max_bytes: int, model: str | None = None) -> ShardResult:
    """Run on a worker: build one filing and write its graph as ``shard_dir/NAME.nq``."""
    from corpkg.commands.build import build_one
    from corpkg.graph.store import serialize_quads

    started, cpu = time.perf_counter(), time.thread_time()
    result = build_one(path, max_bytes=max_bytes, model=model)
    if result.error is not None or result.graph is None:
        return ShardResult(path, error=result.error or "no graph", seconds=time.perf_counter() - started,
                           cpu_seconds=time.thread_time() - cpu)
    fg: Any = result.graph  # corpkg.graph.rdf.FilingGraph (BuildResult types it as object)
    quads = list(fg.quads())
    out = Path(shard_dir) / shard_name(path)
    part = out.with_name(out.name + ".part")
    part.write_bytes(serialize_quads(quads, ox.RdfFormat.N_QUADS))
    os.replace(part, out)
    return ShardResult(path, str(out), str(fg.graph), len(quads), tuple(fg.warnings),
                       seconds=time.perf_counter() - started, cpu_seconds=time.thread_time() - cpu)


class Cluster:
    """A ``distributed.Client`` and, for ``local:N``, the ``LocalCluster`` it owns; closes both."""

    def __init__(self, scheduler: str | None = None, local_workers: int | None = None) -> None:
        import distributed

        dd: Any = distributed  # the Client/LocalCluster constructors carry no annotations
        self.local: Any = None
        if scheduler:
            self.client: Any = dd.Client(scheduler)
        else:
            import dask

            with dask.config.set(WORKER_CONFIG):
                # loopback only; the scheduler's HTTP endpoint on a free port, no dashboard
                self.local = dd.LocalCluster(n_workers=local_workers or 1, threads_per_worker=1, processes=True,
                                             host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR,
                                             scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"})
            self.client = dd.Client(self.local)

    @property
    def address(self) -> str:
        return str(self.client.scheduler.address)

    @property
    def workers(self) -> int:
        return len(self.client.scheduler_info()["workers"])

    def close(self) -> None:
        self.client.close()
        if self.local is not None:
            self.local.close()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_client(scheduler: str | None = None, local_workers: int | None = None) -> Cluster:
    """Connect to the scheduler at ``scheduler`` (``tcp://HOST:8786``), or start a ``LocalCluster`` of
    ``local_workers`` single-threaded worker processes; use as a context manager or ``close()`` it."""
    return Cluster(scheduler, local_workers)


def build_batch(task: Callable[..., ShardResult], paths: Sequence[str], shard_dir: str, max_bytes: int,
                model: str | None = None) -> list[ShardResult]:
    """Run on a worker: ``task`` (``build_shard``) for each of ``paths``, in order."""
    return [task(p, shard_dir, max_bytes, model) for p in paths]


def _key(batch: Sequence[str], attempt: int) -> str:
    digest = hashlib.sha1("\n".join(batch).encode("utf-8")).hexdigest()[:16]
    return f"corpkg-build-{digest}-{len(batch)}-{attempt}"


def auto_batch(filings: int, workers: int) -> int:
    """Filings per task: enough that a task is worth its scheduling (a small 8-K takes ~25 ms of CPU, the
    scheduler and driver ~4 ms per task), few enough that every worker gets ≥ 8 tasks to balance the load."""
    return max(1, min(16, filings // max(1, 8 * workers)))


def build_on_cluster(
    cluster: Cluster | Any,
    files: Sequence[str | Path],
    shard_dir: str | Path,
    *,
    max_bytes: int = 50_000_000,
    model: str | None = None,
    retries: int = 2,
    resume: bool = False,
    progress: bool = False,
    batch: int | None = None,
    task: Callable[..., ShardResult] = build_shard,
    timeout: float | None = None,
) -> Iterator[ShardResult]:
    """Build ``files`` on ``cluster`` (a Cluster or a ``distributed.Client``); yields a ShardResult per
    file as tasks finish.

    Paths are made absolute (workers must see the same file system). Each task builds ``batch`` filings
    (default: ``auto_batch``); a lost task is resubmitted whole up to ``retries`` times (shards are
    idempotent). With ``resume``, a filing whose shard is already in ``shard_dir`` is not built again
    (its result has ``resumed=True``). ``timeout`` (seconds) bounds the whole run: past it,
    ``TimeoutError`` is raised.
    """
    import distributed
    from tqdm import tqdm

    dd: Any = distributed  # as_completed carries no annotations
    client: Any = cluster.client if isinstance(cluster, Cluster) else cluster

    shards = Path(shard_dir).resolve()
    shards.mkdir(parents=True, exist_ok=True)
    paths = [str(Path(f).resolve()) for f in files]
    bar = tqdm(total=len(paths), unit="filing", disable=not progress, leave=False, desc="build")
    todo = []
    for p in paths:
        existing = shards / shard_name(p)
        if resume and existing.is_file():
            bar.update()
            yield ShardResult(p, str(existing), _graph_of_shard(existing), resumed=True)
        else:
            todo.append(p)
    size = batch or auto_batch(len(todo), len(client.scheduler_info()["workers"]))
    batches = [tuple(todo[i:i + size]) for i in range(0, len(todo), size)]

    def submit(b: tuple[str, ...], attempt: int) -> Any:
        return client.submit(build_batch, task, list(b), str(shards), max_bytes, model, key=_key(b, attempt), pure=False)

    try:
        futures = [submit(b, 0) for b in batches]
        attempts = dict.fromkeys(batches, 0)
        batch_of = {f.key: b for f, b in zip(futures, batches, strict=True)}
        pending = dd.as_completed(futures, timeout=timeout)
        for fut in pending:
            b = batch_of.pop(fut.key)
            try:
                results: list[ShardResult] = fut.result()
            except Exception as exc:  # lost on the cluster: KilledWorker, a worker-side error, cancelled
                if attempts[b] < retries:
                    attempts[b] += 1
                    log.warning("retrying %d filing(s) after %s: %s", len(b), type(exc).__name__, exc)
                    again = submit(b, attempts[b])
                    batch_of[again.key] = b
                    pending.add(again)
                    continue
                results = [ShardResult(p, error=f"lost on the cluster after {attempts[b] + 1} attempt(s) "
                                                f"({type(exc).__name__}: {exc})") for p in b]
            finally:
                fut.release()
            bar.update(len(results))
            yield from results
    finally:
        bar.close()


def _graph_of_shard(shard: Path) -> str | None:
    """The named graph of a one-filing shard (its first quad's graph)."""
    with shard.open("rb") as fh:
        for quad in ox.parse(fh, format=ox.RdfFormat.N_QUADS):
            g = quad.graph_name
            return g.value if isinstance(g, ox.NamedNode) else None
    return None


class _Concat(io.RawIOBase):
    """The shards one after another, as one binary stream, so that one ``bulk_load`` reads them all."""

    def __init__(self, paths: Iterable[str]) -> None:
        self._paths = iter(paths)
        self._fh: io.BufferedReader | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer)
        while True:
            if self._fh is None:
                nxt = next(self._paths, None)
                if nxt is None:
                    return 0
                self._fh = open(nxt, "rb")  # closed when exhausted or in close()
            n = self._fh.readinto(view)
            if n:
                return n
            self._fh.close()
            self._fh = None

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
        super().close()


def load_shards(store: ox.Store, results: Iterable[ShardResult]) -> int:
    """Bulk-load the shards of ``results`` into ``store``, replacing the named graphs it already holds;
    returns the number of shards loaded."""
    done = [r for r in results if r.shard]
    for r in done:
        if r.graph and store.contains_named_graph(ox.NamedNode(r.graph)):
            store.remove_graph(ox.NamedNode(r.graph))
    if done:
        with _Concat(r.shard for r in done if r.shard) as stream:
            store.bulk_load(io.BufferedReader(stream, buffer_size=1 << 20), format=ox.RdfFormat.N_QUADS)
    return len(done)

"""Build filings on a Dask distributed cluster: workers write per-filing N-Quads shards, the driver loads them.

Per-filing extraction is embarrassingly parallel, so each filing is one Dask task (``build_shard``): it runs
the same per-filing build as ``corpkg build`` (``corpkg.commands.build.build_one``) on a worker and writes
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
    "Cluster",
    "open_client",
    "build_on_cluster",
    "load_shards",
]

log = logging.getLogger("corpkg.distributed")

SHARD_SUFFIX = ".nq"


@dataclass(frozen=True)
class ShardResult:
    """What one filing's task gave: its shard and named graph, or why it failed."""

    path: str
    shard: str | None = None
    graph: str | None = None
    triples: int = 0
    warnings: tuple[str, ...] = ()
    error: str | None = None
    seconds: float = 0.0
    resumed: bool = False


def shard_name(path: str) -> str:
    """The shard file of a filing: a digest of its path (stable across runs) and its name, for people."""
    digest = hashlib.sha1(path.encode("utf-8")).hexdigest()[:16]
    return f"{digest}-{Path(path).name}{SHARD_SUFFIX}"


def build_shard(path: str, shard_dir: str, max_bytes: int, model: str | None = None) -> ShardResult:
    """Run on a worker: build one filing and write its graph as ``shard_dir/NAME.nq``."""
    from corpkg.commands.build import build_one
    from corpkg.graph.store import serialize_quads

    started = time.perf_counter()
    result = build_one(path, max_bytes=max_bytes, model=model)
    if result.error is not None or result.graph is None:
        return ShardResult(path, error=result.error or "no graph", seconds=time.perf_counter() - started)
    fg: Any = result.graph  # corpkg.graph.rdf.FilingGraph (BuildResult types it as object)
    quads = list(fg.quads())
    out = Path(shard_dir) / shard_name(path)
    part = out.with_name(out.name + ".part")
    part.write_bytes(serialize_quads(quads, ox.RdfFormat.N_QUADS))
    os.replace(part, out)
    return ShardResult(path, str(out), str(fg.graph), len(quads), tuple(fg.warnings),
                       seconds=time.perf_counter() - started)


class Cluster:
    """A ``distributed.Client`` and, for ``local:N``, the ``LocalCluster`` it owns; closes both."""

    def __init__(self, scheduler: str | None = None, local_workers: int | None = None) -> None:
        import distributed

        dd: Any = distributed  # the Client/LocalCluster constructors carry no annotations
        self.local: Any = None
        if scheduler:
            self.client: Any = dd.Client(scheduler)
        else:
            self.local = dd.LocalCluster(n_workers=local_workers or 1, threads_per_worker=1, processes=True,
                                         dashboard_address=None, silence_logs=logging.ERROR)
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


def _key(path: str, attempt: int) -> str:
    return f"corpkg-build-{hashlib.sha1(path.encode('utf-8')).hexdigest()[:16]}-{attempt}"


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
    task: Callable[..., ShardResult] = build_shard,
    timeout: float | None = None,
) -> Iterator[ShardResult]:
    """Build ``files`` on ``cluster`` (a Cluster or a ``distributed.Client``); yields a ShardResult per file as tasks finish.

    Paths are made absolute (workers must see the same file system). With ``resume``, a filing whose
    shard is already in ``shard_dir`` is not built again (its result has ``resumed=True``). ``timeout``
    (seconds) bounds the whole run: past it, ``TimeoutError`` is raised.
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
    try:
        futures = client.map(task, todo, shard_dir=str(shards), max_bytes=max_bytes, model=model,
                             key=[_key(p, 0) for p in todo], pure=False)
        attempts = dict.fromkeys(todo, 0)
        path_of = {f.key: p for f, p in zip(futures, todo, strict=True)}
        pending = dd.as_completed(futures, timeout=timeout)
        for fut in pending:
            p = path_of.pop(fut.key)
            try:
                result: ShardResult = fut.result()
            except Exception as exc:  # lost on the cluster: KilledWorker, a worker-side error, cancelled
                if attempts[p] < retries:
                    attempts[p] += 1
                    log.warning("retrying %s after %s: %s", p, type(exc).__name__, exc)
                    again = client.submit(task, p, shard_dir=str(shards), max_bytes=max_bytes, model=model,
                                          key=_key(p, attempts[p]), pure=False)
                    path_of[again.key] = p
                    pending.add(again)
                    continue
                result = ShardResult(p, error=f"lost on the cluster after {attempts[p] + 1} attempt(s) "
                                              f"({type(exc).__name__}: {exc})")
            finally:
                fut.release()
            bar.update()
            yield result
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

"""The distributed build: shards from a real 2-worker LocalCluster hold the same quads as a one-process build;
failures are reported per file; a task whose worker dies is retried; shards replace graphs in a store."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from conftest import require_shared

from corpkg.commands.build import build_paths
from corpkg.commands.build_distributed import parse_cluster, run
from corpkg.distributed import build_on_cluster, build_shard, load_shards, open_client
from corpkg.graph.store import replace_filing

TIMEOUT = 240  # seconds: a stuck cluster fails the test instead of hanging the suite


def corpus_sample() -> list[Path]:
    folder = require_shared("corpus", "edgar-crawler-8k")
    txt = sorted(folder.glob("*.txt"))[:2]
    htm = sorted(folder.glob("*.htm"))[:2]
    return [p.resolve() for p in txt + htm]


def one_process_quads(files: list[Path]) -> set[str]:
    store = ox.Store()
    for r in build_paths(files, jobs=1):
        assert r.error is None, r.error
        replace_filing(store, r.graph)  # type: ignore[arg-type]
    return {str(q) for q in store}


def test_cluster_option_parses_local_n() -> None:
    import click

    assert parse_cluster("local:2") == 2
    for bad in ("local", "local:0", "tcp://x:8786", "2"):
        with pytest.raises(click.BadParameter):
            parse_cluster(bad)


def test_shards_replace_the_graphs_a_store_already_holds(tmp_path: Path) -> None:
    files = corpus_sample()[:2]
    results = [build_shard(str(f), str(tmp_path), 50_000_000) for f in files]
    assert all(r.error is None and r.shard and Path(r.shard).is_file() for r in results)
    store = ox.Store()
    assert load_shards(store, results) == 2
    first = {str(q) for q in store}
    load_shards(store, results)  # loaded again: the same graphs, not twice the statements
    assert {str(q) for q in store} == first == one_process_quads(files)
    assert sorted(g.value for g in store.named_graphs()) == sorted(r.graph for r in results if r.graph)


def test_a_bad_file_is_a_failed_result_not_an_exception(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    r = build_shard(str(empty), str(tmp_path), 50_000_000)
    assert r.shard is None and r.error and "empty" in r.error.lower()
    assert not list(tmp_path.glob("*.nq"))


# -- a real LocalCluster -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    # the worker processes inherit the environment: let them import tests/dask_helpers.py
    here = str(Path(__file__).parent)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([here, *([before] if before else [])])
    try:
        c = open_client(local_workers=2)
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
    try:
        yield c
    finally:
        c.close()


@pytest.mark.slow
def test_two_workers_give_the_same_quads_as_one_process(client: Any, tmp_path: Path) -> None:
    files = corpus_sample()
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert client.workers == 2
    results = list(build_on_cluster(client, [*files, empty], tmp_path / "shards", timeout=TIMEOUT))
    failed = [r for r in results if r.error]
    assert [Path(r.path).name for r in failed] == ["empty.txt"]
    store = ox.Store()
    assert load_shards(store, results) == len(files)
    assert {str(q) for q in store} == one_process_quads(files)
    # resuming finds every shard and builds nothing again
    again = list(build_on_cluster(client, files, tmp_path / "shards", resume=True, timeout=TIMEOUT))
    assert all(r.resumed for r in again) and {r.graph for r in again} == {r.graph for r in results if r.graph}


@pytest.mark.slow
def test_build_on_a_scheduler_writes_the_same_file_as_a_one_process_build(client: Any, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from corpkg.cli import cli

    files = [str(f) for f in corpus_sample()]
    one = CliRunner().invoke(cli, ["build", *files, "-o", str(tmp_path / "one.nq"), "-j", "1"])
    assert one.exit_code == 0, one.output
    dist = CliRunner().invoke(cli, ["build", *files, "-o", str(tmp_path / "dist.nq"), "--store", str(tmp_path / "store"),
                                    "--scheduler", client.address, "--shards", str(tmp_path / "shards")])
    assert dist.exit_code == 0, dist.output
    assert f"built {len(files)} filing(s)" in dist.stderr and client.address in dist.stderr
    assert (tmp_path / "dist.nq").read_bytes() == (tmp_path / "one.nq").read_bytes()
    assert len(list((tmp_path / "shards").glob("*.nq"))) == len(files)
    code = run(files, str(tmp_path / "again.nq"), None, scheduler=client.address, local_workers=None,
               shard_dir=str(tmp_path / "shards2"), max_bytes=50_000_000)
    assert code == 0 and (tmp_path / "again.nq").read_bytes() == (tmp_path / "one.nq").read_bytes()


def test_build_refuses_both_scheduler_and_cluster_and_bad_cluster_specs(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from corpkg.cli import cli

    f = str(corpus_sample()[0])
    for extra in (["--cluster", "local:2", "--scheduler", "tcp://127.0.0.1:1"], ["--cluster", "two"],
                  ["--cluster", "local:2", "--accept-truncated"]):
        result = CliRunner().invoke(cli, ["build", f, "-o", str(tmp_path / "x.nq"), *extra])
        assert result.exit_code == 2, (extra, result.output)
    no_shards = CliRunner().invoke(cli, ["build-distributed", f, "--scheduler", "tcp://127.0.0.1:1", "--store",
                                         str(tmp_path / "kg")])
    assert no_shards.exit_code == 2 and "--shards" in no_shards.stderr


@pytest.mark.slow
def test_a_task_whose_worker_dies_is_retried(client: Any, tmp_path: Path) -> None:
    from dask_helpers import crash_once

    files = corpus_sample()[:1]
    results = list(build_on_cluster(client, files, tmp_path / "shards", task=crash_once, timeout=TIMEOUT))
    assert [r.error for r in results] == [None]
    assert (tmp_path / "shards" / (files[0].name + ".crashed")).exists()
    assert {str(q) for q in ox.parse(path=results[0].shard, format=ox.RdfFormat.N_QUADS)} == one_process_quads(files)

"""`build -j 2` workers die with their parent, however the parent dies (issue 15, item 5).

A real process tree: `corpkg build -j 2` in a subprocess, its two workers seen in /proc, the
parent killed, the workers gone (or reaped zombies) within seconds."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
CORPKG = str(Path(sys.executable).parent / "corpkg")

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has exited; only its parent's reaping is left


def wait_until(predicate: Callable[[], bool], timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_killing_a_parallel_build_ends_its_workers(tmp_path: Path, sig: signal.Signals) -> None:
    filings = tmp_path / "filings"
    filings.mkdir()
    for i in range(12):  # enough work to still be running when the parent is killed
        (filings / f"f{i:02d}.txt").write_bytes((EXAMPLES / "001_39229ddd04409d79.txt").read_bytes() + f"\n{i}\n".encode())
    proc = subprocess.Popen([CORPKG, "build", str(filings), "-j", "2", "-o", str(tmp_path / "kg.trig")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        assert wait_until(lambda: len(children(proc.pid)) >= 2, 60), "the build never started two workers"
        workers = children(proc.pid)
        proc.send_signal(sig)
        proc.wait(timeout=30)
        assert wait_until(lambda: not any(alive(w) for w in workers), 10), \
            f"workers {[w for w in workers if alive(w)]} outlived their parent"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for w in workers:  # a failing run must not leave them behind either
            if alive(w):
                os.kill(w, signal.SIGKILL)


def test_die_with_parent_ends_a_child_whose_parent_was_killed(tmp_path: Path) -> None:
    """The mechanism alone: a grandchild that called die_with_parent(parent) goes with the parent."""
    pidfile = tmp_path / "grandchild.pid"
    code = (
        "import os, sys, time\n"
        "from corpkg.children import die_with_parent\n"
        "parent = os.getpid()\n"
        "if os.fork() == 0:\n"
        "    die_with_parent(parent)\n"
        f"    open({str(pidfile)!r}, 'w').write(str(os.getpid()))\n"
        "    time.sleep(120)\n"
        "    os._exit(0)\n"
        "time.sleep(120)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code])
    try:
        assert wait_until(lambda: pidfile.exists() and pidfile.read_text().strip() != "", 30)
        grandchild = int(pidfile.read_text())
        assert alive(grandchild)
        proc.kill()
        proc.wait(timeout=10)
        assert wait_until(lambda: not alive(grandchild), 10)
    finally:
        if proc.poll() is None:
            proc.kill()




def test_parallel_build_after_a_resolution_in_the_same_process(tmp_path: Path) -> None:
    """A resolution (Splink on DuckDB, whose threads live on in this process) and then `build -j 2` in
    the same process: the workers start as fresh interpreters, so none inherits a lock another thread
    held at a fork (a forked worker crashed importing spaCy, BrokenProcessPool)."""
    from corpkg.commands.build import build_paths
    from corpkg.graph import resolve
    from corpkg.graph.store import open_store
    from tests.test_resolution_rules import HEAD, filing, person

    text = HEAD + filing("m1", "2000-08-08", [(person("eldon-d-miller"), "Eldon D. Miller", "Chairman")])
    text += filing("m2", "2001-01-03", [(person("eldon-c-miller"), "Eldon C. Miller", "Chairman")])
    graph = tmp_path / "family.trig"
    graph.write_text(text, encoding="utf-8")
    result = resolve.resolve(open_store(graph))
    assert result.scored  # the model ran
    seeds = sorted(EXAMPLES.glob("*.txt"))[:2]
    assert len(seeds) == 2
    assert [r.error for r in build_paths(seeds, jobs=2)] == [None, None]

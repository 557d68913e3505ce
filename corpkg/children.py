"""Child processes that cannot outlive their parent, and that can be cut off from the network.

``build -j N`` and ``serve`` start worker processes. When the parent is killed (SIGTERM, SIGKILL,
a closed terminal) its workers must go too, instead of running on for minutes holding the
terminal's output open: :func:`die_with_parent`, meant as a process initializer.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

__all__ = ["die_with_parent", "isolate_from_network"]

_PR_SET_PDEATHSIG = 1
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWNET = 0x40000000


def _libc() -> object | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def die_with_parent(parent_pid: int) -> None:
    """End this process (SIGKILL) as soon as process ``parent_pid``, which started it, is gone.

    On Linux the kernel delivers the signal (``prctl(PR_SET_PDEATHSIG)``), even when the parent
    was killed with SIGKILL; elsewhere a daemon thread polls the parent's pid twice a second.
    Call it first thing in the child (e.g. as a ``ProcessPoolExecutor`` initializer) with the
    parent's ``os.getpid()``.
    """
    libc = _libc()
    if libc is not None:
        try:
            if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:  # type: ignore[attr-defined]  # a ctypes C function
                if os.getppid() != parent_pid:  # the parent died before prctl took effect
                    os._exit(1)
                return
        except AttributeError:  # a libc without prctl: watch instead
            pass
    threading.Thread(target=_watch_parent, args=(parent_pid,), name="corpkg-watch-parent", daemon=True).start()


def _watch_parent(parent_pid: int, interval: float = 0.5) -> None:
    while os.getppid() == parent_pid:
        time.sleep(interval)
    os._exit(1)


def isolate_from_network() -> bool:
    """Move this (single-threaded) process into a new, empty network namespace, where no address
    can be reached; True when that worked (Linux, as root or with unprivileged user namespaces).

    Defence in depth for the SPARQL endpoint's query workers: even a ``SERVICE`` clause that got
    past the check cannot make them send a request anywhere.
    """
    libc = _libc()
    if libc is None:
        return False
    for flags in (_CLONE_NEWNET, _CLONE_NEWUSER | _CLONE_NEWNET):
        try:
            if libc.unshare(flags) == 0:  # type: ignore[attr-defined]  # a ctypes C function
                return True
        except AttributeError:
            return False
    return False

"""Task functions for tests/test_distributed.py that Dask workers import by name (the fixture puts this
folder on the workers' PYTHONPATH)."""

from __future__ import annotations

import os
from pathlib import Path

from corpkg.distributed import ShardResult, build_shard


def crash_once(path: str, shard_dir: str, max_bytes: int, model: str | None = None) -> ShardResult:
    """Kills its worker process the first time it runs for a path (a lost task), then builds normally."""
    marker = Path(shard_dir) / (Path(path).name + ".crashed")
    if not marker.exists():
        marker.write_text("x")
        os._exit(1)
    return build_shard(path, shard_dir, max_bytes, model)

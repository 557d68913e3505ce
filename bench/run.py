"""Run every benchmark in bench/ (bench_*.py), in name order. `make bench` calls this."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        status |= subprocess.call([sys.executable, str(script), *sys.argv[1:]])
    return status


if __name__ == "__main__":
    sys.exit(main())

"""Shared fixtures. Tests needing ../shared skip outside CI and fail in CI when it is missing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CORPKG_SHARED", ROOT.parent / "shared"))
EXAMPLES = ROOT / "examples"
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def require_shared(*parts: str) -> Path:
    """Path under ../shared; skip (locally) or fail (in CI) when it is missing."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        msg = f"{path} is missing (tests reading ../shared need it)"
        if IN_CI:
            pytest.fail(msg)
        pytest.skip(msg)
    return path


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return require_shared()


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return require_shared("corpus")


@pytest.fixture(scope="session")
def gold_dir() -> Path:
    return require_shared("gold")


@pytest.fixture(scope="session")
def seed_paths() -> list[Path]:
    return sorted(EXAMPLES.glob("*.txt"))


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    """The default extraction pipeline, loaded once per module (a module may define its own)."""
    from corpkg.extract.pipeline import load_pipeline

    return load_pipeline()

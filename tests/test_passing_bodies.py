"""Regulators, exchanges and standard setters named only in passing (extract/patterns/passing_bodies.txt)
are no entities of the filing; one that takes part in a role fact stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.extract.pipeline import extract_filing, load_pipeline
from corpkg.extract.reader import read_filing

HEAD = """FORM 8-K
CURRENT REPORT

BRISTLECONE SYSTEMS, INC.
(Exact name of registrant as specified in its charter)

"""


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_pipeline()


def _labels(nlp, tmp_path: Path, body: str) -> set[str]:  # type: ignore[no-untyped-def]
    path = tmp_path / "f.txt"
    path.write_text(HEAD + body)
    return {e.label for e in extract_filing(read_filing(path), nlp=nlp).entities}


def test_bodies_named_in_passing_are_no_entities(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    labels = _labels(nlp, tmp_path, "The Company filed its report with the Securities and Exchange Commission. Its "
                     "shares trade on the New York Stock Exchange, and the Internal Revenue Service issued a ruling. "
                     "The Company acquired Tamarack Analytics, Inc. from Ridgeline Partners LLC.\n")
    assert not labels & {"Securities and Exchange Commission", "New York Stock Exchange", "Internal Revenue Service"}
    assert {"Tamarack Analytics, Inc.", "Ridgeline Partners LLC"} <= labels


def test_a_body_that_is_a_party_stays(nlp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    labels = _labels(nlp, tmp_path, "Legal Proceedings\n\nOn March 3, 2023, the Securities and Exchange Commission "
                     "filed a complaint against Bristlecone Systems, Inc. in the United States District Court for the "
                     "Southern District of New York, alleging violations of the antifraud provisions.\n")
    assert "Securities and Exchange Commission" in labels

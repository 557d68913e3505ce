"""The whole shared corpus in one build: every filing builds, every filing graph conforms to the shapes."""

from __future__ import annotations

import pytest

from corpkg.commands.build import build_paths, collect_inputs
from corpkg.graph.store import export, open_store, replace_filing
from corpkg.graph.validate import validate_file

pytestmark = [pytest.mark.shared, pytest.mark.slow]


def test_corpus_builds_and_every_graph_conforms(corpus_dir, tmp_path):
    files, problems = collect_inputs([str(corpus_dir)])
    assert not problems and len(files) > 500
    store = open_store()
    failures = []
    built = 0
    for result in build_paths(files, jobs=2):
        if result.error:
            failures.append(f"{result.path}: {result.error}")
            continue
        replace_filing(store, result.graph)
        built += 1
    assert not failures, "\n".join(failures)
    out = tmp_path / "corpus.trig"
    export(store, out)
    report = validate_file(out)
    assert report.conforms, report.text[:20000]
    # duplicates (the same submission twice) share one graph
    assert report.graphs <= built and report.graphs > 500

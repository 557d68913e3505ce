"""A bad file never costs data, bytes are decoded honestly, sizes never allocate, exit codes keep
their promise (issue 15, items 1, 2, 6 and 7). The endpoint is in test_serve_security.py, workers
dying with their parent in test_build_workers.py, the random-corruption property in
test_store_corruption.py, and growth with size in bench/bench_scale.py."""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest
from click.testing import CliRunner, Result

from corpkg.cli import COMMANDS, cli
from corpkg.errors import TooLargeError
from corpkg.extract import reader as reader_module
from corpkg.extract.reader import read_filing, read_limited

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SUBMISSION = ROOT / "tests" / "fixtures" / "8-K_asta-funding_2004-05-12.txt"  # a full EDGAR 8-K submission
GRAPH = "https://w3id.org/corpkg/id/graph/0001125282-04-002113"
PARTIAL = ox.NamedNode("https://w3id.org/corpkg/ontology#partial")
CORPKG = str(Path(sys.executable).parent / "corpkg")


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def quads(store: Path) -> set[str]:
    st = ox.Store.read_only(str(store))
    try:
        return {str(q) for q in st}
    finally:
        del st


def cut_inside_first_text(tmp_path: Path) -> Path:
    data = SUBMISSION.read_bytes()
    text_at = data.index(b"<TEXT>")
    assert data.index(b"</TEXT>") > text_at + 1200
    cut = tmp_path / "cut.txt"
    cut.write_bytes(data[: text_at + 1200])  # like `head -c`: the officers' paragraph is gone
    return cut


# --------------------------------------------------------------------------- 1. truncated submissions


def test_a_truncated_submission_is_refused_and_the_store_keeps_the_complete_graph(tmp_path: Path) -> None:
    store = tmp_path / "kg"
    assert run("build", str(SUBMISSION), "--store", str(store)).exit_code == 0
    before = quads(store)
    assert len(before) > 100
    cut = cut_inside_first_text(tmp_path)

    r = run("build", str(cut), "--store", str(store))
    assert r.exit_code == 3
    assert f"corpkg: error: {cut}: truncated submission: the file is cut short (document 1 (8-K) has no </TEXT>;" in r.output
    assert "--accept-truncated" in r.output
    assert quads(store) == before

    # explicitly accepted, the fragment still never replaces the complete graph
    r = run("build", str(cut), "--store", str(store), "--accept-truncated")
    assert r.exit_code == 3
    assert "already holds a complete graph of this filing" in r.output
    assert quads(store) == before


def test_accept_truncated_builds_a_partial_graph_that_a_complete_build_replaces(tmp_path: Path) -> None:
    store = tmp_path / "kg"
    cut = cut_inside_first_text(tmp_path)
    r = run("build", str(cut), "--store", str(store), "--accept-truncated")
    assert r.exit_code == 0, r.output
    assert f"corpkg: warning: {cut}: truncated submission:" in r.output and "1 partial" in r.output
    st = ox.Store(str(store))
    assert list(st.quads_for_pattern(None, PARTIAL, ox.Literal(True), ox.NamedNode(GRAPH)))
    partial = len(list(st.quads_for_pattern(None, None, None, ox.NamedNode(GRAPH))))
    del st
    assert run("build", str(SUBMISSION), "--store", str(store)).exit_code == 0
    st = ox.Store(str(store))
    assert not list(st.quads_for_pattern(None, PARTIAL, None, None))
    assert len(list(st.quads_for_pattern(None, None, None, ox.NamedNode(GRAPH)))) > partial


def test_the_partial_property_is_declared_in_the_ontology() -> None:
    from corpkg.graph.terms import CKG

    assert str(CKG.partial) == PARTIAL.value


def test_a_submission_cut_between_documents_is_truncated_too(tmp_path: Path) -> None:
    data = SUBMISSION.read_bytes()
    end_of_first = data.index(b"</DOCUMENT>") + len(b"</DOCUMENT>\n")
    cut = tmp_path / "cut.txt"
    cut.write_bytes(data[:end_of_first])  # every <DOCUMENT> present is closed; the exhibits are gone
    r = run("build", str(cut), "-o", str(tmp_path / "kg.trig"))
    assert r.exit_code == 3 and "no </SEC-DOCUMENT>" in r.output


def test_text_prints_a_truncated_submission_only_when_accepted(tmp_path: Path) -> None:
    cut = cut_inside_first_text(tmp_path)
    r = CliRunner().invoke(cli, ["text", str(cut)])
    assert r.exit_code == 3 and r.stdout_bytes == b""
    r = CliRunner().invoke(cli, ["text", str(cut), "--accept-truncated"])
    assert r.exit_code == 0 and r.stdout_bytes.decode() == read_filing(cut, accept_truncated=True).text


# --------------------------------------------------------------------------- 2. decoding


def mixed_encoding_filing(tmp_path: Path) -> Path:
    """Example 002 with a UTF-8 sentence naming Société Générale and one cp1252 dash (0x96)."""
    src = (EXAMPLES / "002_933b7785daade086.txt").read_bytes()
    head = b"ITEM 5. OTHER EVENTS AND REGULATION FD DISCLOSURE\n\n"
    sentence = ("On January 20, 2003 the Company entered into a credit agreement with Soci\u00e9t\u00e9 G\u00e9n\u00e9rale "
                "S.A., as lender ").encode("utf-8") + b"\x96 the loan is $1,000,000.\n\n"
    p = tmp_path / "mixed.txt"
    p.write_bytes(src.replace(head, head + sentence))
    return p


def test_one_stray_cp1252_byte_is_repaired_alone(tmp_path: Path) -> None:
    p = mixed_encoding_filing(tmp_path)
    doc = read_filing(p)
    assert doc.encoding == "utf-8+cp1252"
    assert "Soci\u00e9t\u00e9 G\u00e9n\u00e9rale S.A., as lender \u2013 the loan" in doc.text
    assert "\u00c3" not in doc.text  # no mojibake anywhere
    at = p.read_bytes().index(b"\x96")
    assert any(w.startswith("encoding:") and f"byte {at:,}" in w for w in doc.warnings)


def test_repaired_filing_builds_with_a_warning_and_offsets_that_match_text(tmp_path: Path) -> None:
    p = mixed_encoding_filing(tmp_path)
    out = tmp_path / "kg.nq"
    r = run("build", str(p), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert f"corpkg: warning: {p}: encoding: UTF-8 with 1 byte(s) that are not UTF-8, read as cp1252" in r.output
    st = ox.Store()
    st.load(path=str(out), format=ox.RdfFormat.N_QUADS)
    labels = {s["l"].value for s in st.query("SELECT ?l WHERE { GRAPH ?g { ?e <http://www.w3.org/2000/01/rdf-schema#label> ?l } }")}
    assert "Soci\u00e9t\u00e9 G\u00e9n\u00e9rale S.A." in labels
    text = CliRunner().invoke(cli, ["text", str(p)]).stdout_bytes.decode("utf-8")
    ckg = "https://w3id.org/corpkg/ontology#"
    rows = list(st.query(f"SELECT ?q ?s ?e WHERE {{ GRAPH ?g {{ ?ev <{ckg}quote> ?q ; <{ckg}start> ?s ; <{ckg}end> ?e }} }}"))
    assert rows
    for row in rows:
        assert text[int(row["s"].value) : int(row["e"].value)] == row["q"].value


# --------------------------------------------------------------------------- 6. --max-size


@pytest.mark.parametrize("limit", ["30G", "30GiB", str(2**63 - 1), "9" * 40, "0"])
def test_absurd_max_size_values_build_a_small_file(tmp_path: Path, limit: str) -> None:
    r = run("build", str(EXAMPLES / "002_933b7785daade086.txt"), "-o", str(tmp_path / "kg.trig"), "--max-size", limit)
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli, ["text", str(EXAMPLES / "002_933b7785daade086.txt"), "--max-size", limit])
    assert r.exit_code == 0


def test_reading_under_a_huge_limit_allocates_only_what_the_file_holds(tmp_path: Path) -> None:
    p = tmp_path / "small.txt"
    p.write_bytes(b"FORM 8-K\n" * 300)
    tracemalloc.start()
    try:
        with open(p, "rb") as fh:
            data = read_limited(fh, 30 * 10**9)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert data == p.read_bytes()
    assert peak < 5_000_000


def test_a_file_over_the_limit_is_refused_whatever_its_reported_size(tmp_path: Path) -> None:
    p = tmp_path / "f.txt"
    p.write_bytes(b"x" * 5000)
    with open(p, "rb") as fh:
        assert read_limited(fh, 4999) is None
    with open(p, "rb") as fh:
        assert read_limited(fh, 5000) == b"x" * 5000
    with pytest.raises(TooLargeError):
        read_filing(p, max_bytes=1000)
    r = subprocess.run([CORPKG, "text", "-", "--max-size", "1K"], input=b"FORM 8-K\n" * 500, capture_output=True)
    assert r.returncode == 3 and b"corpkg: error: <stdin>: input is over the limit of 1,000 bytes" in r.stderr


# --------------------------------------------------------------------------- 7. exit codes and messages


def test_an_unreadable_file_is_reported_and_the_others_are_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked.txt"
    locked.write_bytes((EXAMPLES / "002_933b7785daade086.txt").read_bytes())
    locked.chmod(0)
    if os.geteuid() == 0:  # root reads anything: make the read fail the way it fails for everyone else
        real_open, real_access = open, os.access

        def denied(file: Any, *a: Any, **kw: Any) -> Any:
            if Path(file) == locked:
                raise PermissionError(13, "Permission denied", str(file))
            return real_open(file, *a, **kw)

        monkeypatch.setattr(reader_module, "open", denied, raising=False)
        monkeypatch.setattr(os, "access", lambda path, mode, **kw: Path(path) != locked and real_access(path, mode, **kw))
    out = tmp_path / "kg.trig"
    r = run("build", str(locked), str(EXAMPLES / "001_39229ddd04409d79.txt"), "-o", str(out))
    assert r.exit_code == 1, r.output
    assert f"corpkg: error: {locked}: cannot read: Permission denied" in r.output
    assert "built 1 filing(s)" in r.output and out.exists()


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_usage_errors_exit_2_with_the_one_error_prefix(name: str) -> None:
    r = CliRunner().invoke(cli, [name, "--no-such-option"])
    assert r.exit_code == 2
    assert "corpkg: error: No such option" in r.stderr and "--no-such-option" in r.stderr
    assert not any(line.startswith("Error:") for line in r.stderr.splitlines())


def test_query_usage_errors_exit_2(tmp_path: Path) -> None:
    out = tmp_path / "kg.trig"
    assert run("build", str(EXAMPLES), "-o", str(out)).exit_code == 0
    for args, words in [
        (["SELECT ?x WHERE {"], "SPARQL syntax error"),
        (["--name", "issuer_profile", "--param", "bogus=1"], "must be variables the query projects"),
        (["--name", "issuer_profile", "--param", "org"], "--param expects NAME=VALUE"),
        (["--name", "issuer_profile", "--param", "org=<not an iri>"], "not an absolute IRI"),
    ]:
        r = run("query", str(out), *args)
        assert r.exit_code == 2, (args, r.output)
        assert f"corpkg: error: {words}" in r.output or words in r.output


def test_store_errors_exit_4(tmp_path: Path) -> None:
    r = run("query", str(tmp_path), "--name", "issuer_profile")  # a folder that is not a store
    assert r.exit_code == 4 and r.output.startswith("corpkg: error:")
    r = run("build", str(EXAMPLES), "--store", str(EXAMPLES / "001_39229ddd04409d79.txt"))
    assert r.exit_code == 2  # --store must be a directory: a usage error


def test_errors_are_one_line_each_with_the_one_prefix(tmp_path: Path) -> None:
    empty = tmp_path / "e.txt"
    empty.write_bytes(b"")
    r = subprocess.run([CORPKG, "build", str(empty), str(tmp_path / "missing.txt"), "-o", str(tmp_path / "kg.trig")],
                       capture_output=True, text=True)
    assert r.returncode == 3
    errors = [line for line in r.stderr.splitlines() if line.startswith("corpkg: error:")]
    assert errors == [f"corpkg: error: {tmp_path / 'missing.txt'}: no such file or folder",
                      f"corpkg: error: {empty}: file is empty"]



@pytest.mark.parametrize("args", [["viz", "{bad}", "-o", "{out}"], ["analyze", "{bad}"], ["validate", "{bad}"],
                                  ["query", "{bad}", "--name", "issuer_profile"]], ids=["viz", "analyze", "validate", "query"])
def test_runtime_errors_share_the_prefix(tmp_path: Path, args: list[str]) -> None:
    bad = tmp_path / "bad.ttl"
    bad.write_text("@prefix broken", encoding="utf-8")
    r = run(*(a.format(bad=bad, out=tmp_path / "page.html") for a in args))
    assert r.exit_code == 4, r.output
    assert r.output.startswith("corpkg: error:"), r.output

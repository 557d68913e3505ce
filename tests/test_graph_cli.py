"""corpkg build / query / validate / serve, end to end through the CLI."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpkg.cli import cli

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
CORPKG = str(Path(sys.executable).parent / "corpkg")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_build_writes_a_valid_graph_and_validate_says_so(tmp_path):
    out = tmp_path / "auxer.trig"
    r = run("build", str(EXAMPLES), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "built 2 filing(s)" in r.output
    r = run("validate", str(out))
    assert r.exit_code == 0, r.output
    assert "Conforms" in r.output


def test_validate_exits_1_on_violations(tmp_path):
    out = tmp_path / "auxer.nq"
    assert run("build", str(EXAMPLES), "-o", str(out)).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    # a second rdfs:label for the issuer breaks "exactly one label"
    label = next(line for line in lines if "rdf-schema#label" in line)
    lines.append(label.replace('"The Auxer Group, Inc."', '"Auxer"'))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = run("validate", str(out))
    assert r.exit_code == 1
    assert "exactly one rdfs:label" in r.output


def test_validate_unreadable_graph(tmp_path):
    bad = tmp_path / "bad.ttl"
    bad.write_text("@prefix broken", encoding="utf-8")
    r = run("validate", str(bad))
    assert r.exit_code == 4 and "bad.ttl" in r.output


def test_bad_file_is_reported_and_skipped(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    out = tmp_path / "kg.trig"
    r = run("build", str(EXAMPLES), str(empty), "-o", str(out))
    assert r.exit_code == 1
    assert f"corpkg: error: {empty}:" in r.output
    assert "built 2 filing(s)" in r.output and "1 failed" in r.output
    assert out.exists()


def test_nothing_buildable_exits_3(tmp_path):
    binary = tmp_path / "x.txt"
    binary.write_bytes(bytes(range(256)) * 10)
    r = run("build", str(binary), "-o", str(tmp_path / "kg.trig"))
    assert r.exit_code == 3
    assert not (tmp_path / "kg.trig").exists()


def test_a_bad_file_does_not_corrupt_the_store(tmp_path):
    store = tmp_path / "kg"
    assert run("build", str(EXAMPLES), "--store", str(store)).exit_code == 0
    before = run("query", str(store), "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "--format", "json")
    bad = tmp_path / "bad.html"
    bad.write_bytes(b"\x00\x01\x02 not a filing \xff\xfe" * 50)
    r = run("build", str(bad), str(EXAMPLES / "001_39229ddd04409d79.txt"), "--store", str(store))
    assert r.exit_code == 1
    after = run("query", str(store), "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "--format", "json")
    assert json.loads(before.output) == json.loads(after.output)


def test_rebuild_into_a_store_is_idempotent(tmp_path):
    store = tmp_path / "kg"
    outs = []
    for _ in range(2):
        assert run("build", str(EXAMPLES), "--store", str(store)).exit_code == 0
        outs.append(run("query", str(store), "SELECT ?s ?p ?o ?g WHERE { GRAPH ?g { ?s ?p ?o } } ORDER BY ?g ?s ?p ?o",
                        "--format", "csv").output)
    assert outs[0] == outs[1]


def test_query_named_with_params_and_formats(tmp_path):
    out = tmp_path / "auxer.trig"
    run("build", str(EXAMPLES), "-o", str(out))
    r = run("query", str(out), "--name", "issuer_profile", "--format", "json")
    rows = json.loads(r.output)
    assert [row["label"] for row in rows] == ["The Auxer Group, Inc."]
    r = run("query", str(out), "--name", "issuer_profile", "--param", "org=https://w3id.org/corpkg/id/ein/223537927",
            "--format", "csv")
    assert r.output.splitlines()[0].startswith("org,label,")
    assert len(r.output.splitlines()) == 2
    r = run("query", str(out), "--name", "issuer_profile")
    assert "The Auxer Group, Inc." in r.output and "(1 row)" in r.output
    r = run("query", str(out), "--name", "issuer_profile", "--param", 'org=x" } ; DROP ALL #')
    assert r.exit_code == 0 and "(0 rows)" in r.output
    r = run("query", str(out), "--list")
    assert "subsidiaries" in r.output and "parameters" in r.output


def test_query_errors(tmp_path):
    out = tmp_path / "auxer.trig"
    run("build", str(EXAMPLES), "-o", str(out))
    r = run("query", str(out), "SELECT WHERE {")  # a bad query is a usage error
    assert r.exit_code == 2 and "corpkg: error: SPARQL syntax error" in r.output
    r = run("query", str(out), "--name", "officer")
    assert r.exit_code == 2 and "did you mean officers" in r.output
    r = run("query", str(out), "--name", "issuer_profile", "--param", "nope=x")
    assert r.exit_code == 2 and "corpkg: error: parameter(s) nope" in r.output
    r = run("query", str(out), "--name", "issuer_profile", "--param", "nope")
    assert r.exit_code == 2 and "corpkg: error: --param expects NAME=VALUE" in r.output
    r = run("query", str(out))
    assert r.exit_code == 2 and "corpkg: error: give exactly one of" in r.output
    r = run("query", str(tmp_path / "missing.trig"), "--name", "issuer_profile")
    assert r.exit_code == 2 and "Error:" not in r.output


@pytest.mark.parametrize("cmd", ["build", "query", "validate", "serve"])
def test_help_has_an_example(cmd):
    r = run(cmd, "--help")
    assert r.exit_code == 0 and "Example:" in r.output


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_a_real_sparql_http_query(tmp_path):
    store = tmp_path / "kg"
    assert run("build", str(EXAMPLES), "--store", str(store)).exit_code == 0
    port = _free_port()
    proc = subprocess.Popen([CORPKG, "serve", "--store", str(store), "--bind", f"127.0.0.1:{port}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        q = "SELECT ?form WHERE { ?f a <https://w3id.org/corpkg/ontology#Filing> ; " \
            "<https://w3id.org/corpkg/ontology#formType> ?form } ORDER BY ?form"
        url = f"http://127.0.0.1:{port}/query?" + urllib.parse.urlencode({"query": q})
        body = None
        for _ in range(60):  # bounded retries while the server starts
            if proc.poll() is not None:
                pytest.fail(f"server exited: {proc.stderr.read().decode()}")
            try:
                req = urllib.request.Request(url, headers={"Accept": "application/sparql-results+json"})
                opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # 127.0.0.1, never a proxy
                with opener.open(req, timeout=5) as resp:
                    body = json.loads(resp.read())
                break
            except OSError:
                time.sleep(0.25)
        assert body is not None, "server did not answer"
        assert [b["form"]["value"] for b in body["results"]["bindings"]] == ["10-QSB", "8-K/A"]
    finally:
        proc.kill()
        proc.wait(timeout=10)
    _ = os

"""The endpoint never reaches out, stops runaway queries with an error status, and shares its
answers across origins only when told (issue 15, item 3). Every socket here is on 127.0.0.1."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpkg.cli import cli
from corpkg.errors import QueryUsageError
from corpkg.graph.endpoint import GRAPH_TYPES, RESULT_TYPES, negotiate, parse_bind
from corpkg.graph.federation import uses_service

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
CORPKG = str(Path(sys.executable).parent / "corpkg")
CROSS_JOIN = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
# no proxy, whatever the environment says: requests go to 127.0.0.1 and nowhere else
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Listener:
    """A TCP listener on 127.0.0.1 that records every connection made to it (a would-be victim of SSRF)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.hits: list[bytes] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/sparql"

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    self.hits.append(conn.recv(4096))
                    conn.sendall(b"HTTP/1.1 500 Nope\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    self.hits.append(b"")

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    lst = Listener()
    yield lst
    lst.close()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve") / "kg"
    r = CliRunner().invoke(cli, ["build", str(EXAMPLES), "--store", str(path)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return path


class Server:
    def __init__(self, store: Path, *args: str) -> None:
        self.proc = subprocess.Popen([CORPKG, "serve", "--store", str(store), "--bind", "127.0.0.1:0", *args],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert self.proc.stderr is not None
        line = self.proc.stderr.readline()  # the server says where it listens once it answers
        m = re.search(r"corpkg: serving \S+ at (http://127\.0\.0\.1:\d+)/query \((.*)\)$", line.strip())
        if m is None:
            self.proc.kill()
            pytest.fail(f"no 'serving' line: {line!r} {self.proc.stderr.read()!r}")
        self.base, self.summary = m.group(1), m.group(2)

    def request(self, path: str, *, data: bytes | None = None, headers: dict[str, str] | None = None,
                method: str | None = None, timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
        req = urllib.request.Request(self.base + path, data=data, headers=headers or {}, method=method)
        try:
            with OPENER.open(req, timeout=timeout) as resp:
                return resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp.read()
        except urllib.error.HTTPError as err:
            return err.code, {k.lower(): v for k, v in err.headers.items()}, err.read()

    def query(self, q: str, **kw: object) -> tuple[int, dict[str, str], bytes]:
        return self.request("/query?" + urllib.parse.urlencode({"query": q}), **kw)  # type: ignore[arg-type]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def server(store: Path) -> Iterator[Server]:
    srv = Server(store, "--timeout", "2")
    yield srv
    srv.stop()


FILINGS = "SELECT ?form WHERE { ?f a <https://w3id.org/corpkg/ontology#Filing> ; " \
          "<https://w3id.org/corpkg/ontology#formType> ?form } ORDER BY ?form"


# --------------------------------------------------------------------------- SERVICE


@pytest.mark.parametrize("query", [
    "SELECT * WHERE { SERVICE <{url}> { ?s ?p ?o } }",
    "select * where { ?s ?p ?o .service<{url}>{ ?a ?b ?c } }",
    "SELECT * WHERE { ?s ?p ?o FILTER(?o<'x>') SERVICE <{url}> { ?a ?b ?c } } #'",
    "PREFIX service: <{url}> SELECT * WHERE { SERVICE service: { ?a ?b ?c } }",
    "ASK { SERVICE SILENT <{url}> { ?a ?b ?c } }",
    "CONSTRUCT { ?s ?p ?o } WHERE { SERVICE <{url}> { ?s ?p ?o } }",
], ids=["plain", "lowercase-no-spaces", "lexer-trap", "prefixed", "ask-silent", "construct"])
def test_service_is_refused_and_nothing_is_contacted(server: Server, listener: Listener, query: str) -> None:
    status, _, body = server.query(query.replace("{url}", listener.url))
    assert status == 403, body
    assert body.startswith(b"corpkg: error: SERVICE (federated query) is disabled")
    time.sleep(0.3)
    assert listener.hits == []


def test_the_word_service_in_data_is_no_reason_to_refuse(server: Server) -> None:
    q = 'SELECT ?s WHERE { ?s ?p ?o FILTER(CONTAINS(STR(?o), "Service Corporation")) } # service'
    status, _, body = server.query(q)
    assert status == 200, body


def test_updates_are_refused_on_a_read_only_endpoint(server: Server) -> None:
    status, _, body = server.request("/update", data=b"update=" + urllib.parse.quote_plus("CLEAR ALL").encode(),
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 403 and b"read-only" in body


def test_federation_is_an_explicit_opt_in(store: Path, listener: Listener) -> None:
    srv = Server(store, "--allow-service", "--timeout", "10")
    try:
        assert "SERVICE allowed" in srv.summary
        status, _, _ = srv.query(f"SELECT * WHERE {{ SERVICE <{listener.url}> {{ ?s ?p ?o }} }}")
        assert status == 500  # the listener answers nonsense, so the query fails; but it was asked
        assert listener.hits and listener.hits[0].startswith(b"POST /sparql")
    finally:
        srv.stop()


@pytest.mark.parametrize(("query", "expected"), [
    ("SELECT * WHERE { ?s ?p ?o }", False),
    ('SELECT * WHERE { ?s ?p "SERVICE <http://x/> { }" }', False),
    ("SELECT ?service WHERE { ?service ?p ?o } # SERVICE <http://x/> {}", False),
    ("PREFIX ex: <http://example.org/service/> SELECT * WHERE { ex:SERVICE ?p ?o }", False),
    ("SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } }", True),
    ("SELECT * WHERE { ?s ?p ?o . sErViCe ?endpoint { ?a ?b ?c } }", True),
    ("SELECT * WHERE { ?s ?p ?o FILTER(?o<'x>') SERVICE <http://x/> { ?a ?b ?c } } #'", True),
    ("SELECT * WHERE { { SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } } } }", True),
])
def test_uses_service(query: str, expected: bool) -> None:
    assert uses_service(query) is expected


def test_a_broken_query_is_a_usage_error_not_a_service() -> None:
    with pytest.raises(QueryUsageError, match="syntax"):
        uses_service('SELECT * WHERE { ?s ?p "a service" . ?s ?p ?o ?x }')


def test_corpkg_query_refuses_service_unless_allowed(store: Path, listener: Listener) -> None:
    q = f"SELECT * WHERE {{ SERVICE <{listener.url}> {{ ?s ?p ?o }} }}"
    r = CliRunner().invoke(cli, ["query", str(store), q])
    assert r.exit_code == 2 and "corpkg: error: SERVICE (federated query) is disabled" in r.output
    assert "--allow-service" in r.output
    time.sleep(0.3)
    assert listener.hits == []
    r = subprocess.run([CORPKG, "query", str(store), q, "--allow-service"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 4, r.stderr  # asked, and failed cleanly: no traceback
    assert r.stderr.startswith("corpkg: error:") and "Traceback" not in r.stderr
    assert listener.hits


# --------------------------------------------------------------------------- timeout


def test_a_runaway_query_is_stopped_with_503_and_the_endpoint_keeps_answering(server: Server) -> None:
    t0 = time.monotonic()
    status, headers, body = server.query(CROSS_JOIN, timeout=60)
    elapsed = time.monotonic() - t0
    assert status == 503, body
    assert headers["content-type"].startswith("text/plain")
    assert b"corpkg: error: query timed out after 2 s and was stopped" in body
    assert elapsed < 20
    status, _, body = server.query(FILINGS, headers={"Accept": "application/sparql-results+json"})
    assert status == 200
    assert [b["form"]["value"] for b in json.loads(body)["results"]["bindings"]] == ["10-QSB", "8-K/A"]


def test_the_timeout_has_a_default() -> None:
    r = CliRunner().invoke(cli, ["serve", "--help"])
    assert "--timeout" in r.output and "30" in r.output


# --------------------------------------------------------------------------- CORS and formats


def test_no_cors_unless_asked(server: Server) -> None:
    status, headers, _ = server.query("ASK {}", headers={"Origin": "http://evil.example"})
    assert status == 200
    assert "access-control-allow-origin" not in headers


def test_cors_only_for_the_origins_given_and_star_only_when_given(store: Path) -> None:
    srv = Server(store, "--cors", "http://localhost:8888")
    try:
        _, headers, _ = srv.query("ASK {}", headers={"Origin": "http://localhost:8888"})
        assert headers["access-control-allow-origin"] == "http://localhost:8888"
        _, headers, _ = srv.query("ASK {}", headers={"Origin": "http://evil.example"})
        assert "access-control-allow-origin" not in headers
        status, headers, _ = srv.request("/query", method="OPTIONS", headers={"Origin": "http://localhost:8888"})
        assert status == 204 and "GET" in headers["access-control-allow-methods"]
    finally:
        srv.stop()
    srv = Server(store, "--cors", "*")
    try:
        _, headers, _ = srv.query("ASK {}", headers={"Origin": "http://anyone.example"})
        assert headers["access-control-allow-origin"] == "*"
    finally:
        srv.stop()
    r = CliRunner().invoke(cli, ["serve", "--store", str(store), "--cors"])
    assert r.exit_code == 2  # a bare --cors means nothing: say which origin


def test_answers_are_negotiated(server: Server) -> None:
    status, headers, body = server.query(FILINGS, headers={"Accept": "text/csv"})
    assert status == 200 and headers["content-type"].startswith("text/csv")
    assert body.decode().splitlines() == ["form", "10-QSB", "8-K/A"]
    status, headers, body = server.query("CONSTRUCT WHERE { ?s a ?t } LIMIT 3", headers={"Accept": "application/n-triples"})
    assert status == 200, body
    assert headers["content-type"].startswith("application/n-triples")
    status, _, _ = server.query(FILINGS, headers={"Accept": "image/png"})
    assert status == 406
    status, _, body = server.query("SELECT WHERE {")
    assert status == 400 and b"syntax" in body
    q = urllib.parse.quote_plus(FILINGS).encode()
    status, _, _ = server.request("/query", data=b"query=" + q, headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 200
    status, _, _ = server.request("/query", data=FILINGS.encode(), headers={"Content-Type": "application/sparql-query"})
    assert status == 200
    status, _, _ = server.request("/nowhere")
    assert status == 404


def test_negotiate() -> None:
    assert negotiate(None, RESULT_TYPES)[0] == "application/sparql-results+json"  # type: ignore[index]
    assert negotiate("text/csv;q=0.5, application/sparql-results+xml", RESULT_TYPES)[0] == "application/sparql-results+xml"  # type: ignore[index]
    assert negotiate("text/*", RESULT_TYPES)[0] == "text/csv"  # type: ignore[index]
    assert negotiate("*/*;q=0.1, text/turtle", GRAPH_TYPES)[0] == "text/turtle"  # type: ignore[index]
    assert negotiate("image/png", GRAPH_TYPES) is None
    assert negotiate("text/csv;q=0", RESULT_TYPES) is None
    assert parse_bind("127.0.0.1:7878") == ("127.0.0.1", 7878)
    assert parse_bind("[::1]:0") == ("::1", 0)
    with pytest.raises(ValueError):
        parse_bind("localhost")


# --------------------------------------------------------------------------- start-up errors


def test_nothing_says_serving_when_the_address_is_taken(store: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = subprocess.run([CORPKG, "serve", "--store", str(store), "--bind", f"127.0.0.1:{port}"],
                           capture_output=True, text=True, timeout=60)
    assert r.returncode == 4
    assert "corpkg: serving" not in r.stderr
    assert r.stderr.startswith(f"corpkg: error: cannot listen on 127.0.0.1:{port}")


def test_nothing_says_serving_when_the_store_cannot_be_opened(tmp_path: Path) -> None:
    r = subprocess.run([CORPKG, "serve", "--store", str(tmp_path), "--bind", "127.0.0.1:0"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 4
    assert "corpkg: serving" not in r.stderr
    assert r.stderr.startswith(f"corpkg: error: {tmp_path}: cannot open the store")


def test_workers_run_without_network_where_the_system_allows(server: Server, listener: Listener) -> None:
    code = ("import socket, sys\n"
            "from corpkg.children import isolate_from_network\n"
            "if not isolate_from_network():\n    print('unsupported'); sys.exit()\n"
            "try:\n    socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=2)\n    print('connected')\n"
            "except OSError:\n    print('no network')\n")
    probe = subprocess.run([sys.executable, "-c", code, str(listener.port)], capture_output=True, text=True, timeout=60)
    if probe.stdout.strip() == "unsupported":
        pytest.skip("no network namespaces here (not Linux, or unprivileged user namespaces are off)")
    assert probe.stdout.strip() == "no network", probe.stderr
    assert listener.hits == []
    assert "workers have no network" in server.summary


def test_read_write_endpoint_refuses_load_and_service_in_updates(tmp_path: Path, listener: Listener) -> None:
    path = tmp_path / "kg"
    assert CliRunner().invoke(cli, ["build", str(EXAMPLES / "002_933b7785daade086.txt"), "--store", str(path)]).exit_code == 0
    srv = Server(path, "--read-write")
    try:
        form = {"Content-Type": "application/sparql-update"}
        for update in (f"LOAD <{listener.url}>", f"INSERT {{ ?s ?p ?o }} WHERE {{ SERVICE <{listener.url}> {{ ?s ?p ?o }} }}"):
            status, _, body = srv.request("/update", data=update.encode(), headers=form)
            assert status == 403, body
        time.sleep(0.3)
        assert listener.hits == []
        status, _, _ = srv.request("/update", data=b"INSERT DATA { <http://example.org/a> <http://example.org/b> 1 }",
                                   headers=form)
        assert status == 204
        status, _, body = srv.query("ASK { <http://example.org/a> ?p ?o }")
        assert status == 200 and b"true" in body
    finally:
        srv.stop()

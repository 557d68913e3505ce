"""A SPARQL 1.1 Protocol endpoint over a corpkg store that is safe to leave running.

What it does differently from ``oxigraph serve`` (which it replaces):

* **No outbound requests.** A query (or update) with ``SERVICE`` is refused with 403 unless the
  endpoint was started with federation allowed (:mod:`corpkg.graph.federation` decides, with
  Oxigraph's own parser); updates with ``LOAD`` likewise. On Linux the query workers also run in an
  empty network namespace when possible, so nothing they do can reach another address.
* **Every query has a deadline.** Queries run in worker processes; one that has not produced its
  complete answer when the timeout expires is stopped (its worker is killed and replaced) and the
  client gets ``503 Service Unavailable`` with a message, never a 200 with a cut-off body: the
  answer is serialised in full before the status line is sent. Answers are capped in size too.
* **CORS only when asked**, for the origins given; ``*`` only when given literally.
* **Read-only by default**; ``/update`` exists only in read-write mode.

Routes: ``GET|POST /query`` (``query=``, ``default-graph-uri=``, ``named-graph-uri=``; POST as a form
or ``application/sparql-query``), ``POST /update`` (read-write mode), ``GET /`` (a short
description). Answers are negotiated from ``Accept``: SPARQL results as JSON, XML, CSV or TSV; graphs
as Turtle, N-Triples, RDF/XML or JSON-LD.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import queue
import socket
import sys
import threading
import time
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import pyoxigraph as ox

from corpkg.errors import ERROR_PREFIX, CorpkgError, GraphError, QueryUsageError, error_line

__all__ = ["EndpointConfig", "Endpoint", "negotiate", "parse_bind"]

DEFAULT_TIMEOUT = 30.0

# media type -> format, best first (the first is the default)
RESULT_TYPES: tuple[tuple[str, ox.QueryResultsFormat], ...] = (
    ("application/sparql-results+json", ox.QueryResultsFormat.JSON),
    ("application/sparql-results+xml", ox.QueryResultsFormat.XML),
    ("text/csv", ox.QueryResultsFormat.CSV),
    ("text/tab-separated-values", ox.QueryResultsFormat.TSV),
    ("application/json", ox.QueryResultsFormat.JSON),
    ("application/xml", ox.QueryResultsFormat.XML),
)
GRAPH_TYPES: tuple[tuple[str, ox.RdfFormat], ...] = (
    ("text/turtle", ox.RdfFormat.TURTLE),
    ("application/n-triples", ox.RdfFormat.N_TRIPLES),
    ("application/rdf+xml", ox.RdfFormat.RDF_XML),
    ("application/ld+json", ox.RdfFormat.JSON_LD),
    ("text/plain", ox.RdfFormat.N_TRIPLES),
)


@dataclass(frozen=True)
class EndpointConfig:
    """How the endpoint behaves; every default is the safe choice."""

    store: str
    read_write: bool = False
    allow_service: bool = False
    timeout: float = DEFAULT_TIMEOUT  # seconds per request, evaluation and serialisation included
    cors_origins: tuple[str, ...] = ()  # exact origins, or "*" only when given literally
    workers: int = 2
    max_request_bytes: int = 1_000_000
    max_result_bytes: int = 100_000_000
    verbose: bool = False


def parse_bind(bind: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[v6]:PORT`` for IPv6) → (host, port); ValueError when malformed."""
    host, sep, port = bind.rpartition(":")
    if not sep or not host or not port.isdigit() or int(port) > 65535:
        raise ValueError(f"expected HOST:PORT, got {bind!r}")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host, int(port)


def _ranges(accept: str) -> list[tuple[str, float]]:
    out = []
    for item in accept.split(","):
        parts = [p.strip() for p in item.split(";")]
        q = 1.0
        for param in parts[1:]:
            k, _, v = param.partition("=")
            if k.strip().lower() == "q":
                try:
                    q = min(1.0, max(0.0, float(v)))
                except ValueError:
                    q = 0.0
        if parts[0]:
            out.append((parts[0].lower(), q))
    return out


def negotiate(accept: str | None, offers: tuple[tuple[str, Any], ...]) -> tuple[str, Any] | None:
    """The offer the ``Accept`` header prefers: each offer gets the q of the most specific range
    that matches it (``type/sub`` over ``type/*`` over ``*/*``); the highest q wins, ties going to
    the earlier offer. No header: the first offer. Nothing acceptable: None."""
    if not accept or not accept.strip():
        return offers[0]
    ranges = _ranges(accept)
    best: tuple[str, Any] | None = None
    best_q = 0.0
    for offer in offers:
        otype = offer[0]
        matches = [(3 if r == otype else 2 if r.endswith("/*") and otype.startswith(r[:-1]) else 1, q)
                   for r, q in ranges if r == otype or r == "*/*" or (r.endswith("/*") and otype.startswith(r[:-1]))]
        if not matches:
            continue
        q = max(matches)[1]
        if q > best_q:
            best, best_q = offer, q
    return best


# --------------------------------------------------------------------------- workers


class _TooLarge(Exception):
    pass


class _Buffer(io.BytesIO):
    """A byte buffer that refuses to grow past ``cap`` bytes."""

    def __init__(self, cap: int) -> None:
        super().__init__()
        self.cap = cap

    def write(self, data: Any, /) -> int:  # Any: BytesIO takes any readable buffer
        if self.tell() + memoryview(data).nbytes > self.cap:
            raise _TooLarge()
        return super().write(data)


@dataclass(frozen=True)
class _Request:
    kind: str  # "query" | "update"
    text: str
    accept: str | None = None
    default_graphs: tuple[str, ...] = ()
    named_graphs: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Answer:
    status: int
    content_type: str
    body: bytes
    headers: tuple[tuple[str, str], ...] = field(default=())


def _text_answer(status: int, message: str) -> _Answer:
    """A plain-text answer; errors (4xx, 5xx) read ``corpkg: error: ...`` like every corpkg error."""
    text = message.rstrip("\n")
    if status >= 400 and not text.startswith(ERROR_PREFIX):
        text = f"{ERROR_PREFIX} {text}"
    return _Answer(status, "text/plain; charset=utf-8", (text + "\n").encode("utf-8"))


def _answer(store: ox.Store, req: _Request, max_bytes: int) -> _Answer:
    """Evaluate one request against ``store``; every outcome is an answer, never an exception."""
    if req.kind == "update":
        try:
            store.update(req.text)
        except SyntaxError as exc:
            return _text_answer(400, f"SPARQL syntax error: {exc}")
        except (OSError, RuntimeError, ValueError) as exc:
            return _text_answer(500, f"update failed: {exc}")
        return _Answer(204, "text/plain; charset=utf-8", b"")
    kwargs: dict[str, Any] = {}
    try:
        if req.default_graphs:
            kwargs["default_graph"] = [ox.NamedNode(g) for g in req.default_graphs]
        else:
            kwargs["use_default_graph_as_union"] = True
        if req.named_graphs:
            kwargs["named_graphs"] = [ox.NamedNode(g) for g in req.named_graphs]
    except ValueError as exc:
        return _text_answer(400, f"bad graph IRI: {exc}")
    try:
        result = store.query(req.text, **kwargs)
        buf = _Buffer(max_bytes)
        if isinstance(result, ox.QueryTriples):
            chosen = negotiate(req.accept, GRAPH_TYPES)
            if chosen is None:
                return _text_answer(406, f"cannot answer with {req.accept}; graphs come as "
                                         f"{', '.join(t for t, _ in GRAPH_TYPES)}")
            result.serialize(buf, format=chosen[1])
        else:
            chosen = negotiate(req.accept, RESULT_TYPES)
            if chosen is None:
                return _text_answer(406, f"cannot answer with {req.accept}; results come as "
                                         f"{', '.join(t for t, _ in RESULT_TYPES)}")
            result.serialize(buf, format=chosen[1])
    except SyntaxError as exc:
        return _text_answer(400, f"SPARQL syntax error: {exc}")
    except _TooLarge:
        return _text_answer(500, f"the answer is larger than {max_bytes:,} bytes; narrow the query or add a LIMIT")
    except (OSError, RuntimeError, ValueError) as exc:
        return _text_answer(500, f"query failed: {exc}")
    charset = "; charset=utf-8" if not chosen[0].endswith("xml") else ""
    return _Answer(200, chosen[0] + charset, buf.getvalue())


def _worker_main(conn: Connection, parent_pid: int, store_path: str, read_write: bool, isolate: bool,
                 max_bytes: int) -> None:
    """A query worker: opens the store, says whether it is ready, then answers requests one by one."""
    from corpkg.children import die_with_parent, isolate_from_network

    die_with_parent(parent_pid)
    isolated = isolate_from_network() if isolate else False
    try:
        store = ox.Store(store_path) if read_write else ox.Store.read_only(store_path)
    except (OSError, ValueError) as exc:
        conn.send(("error", str(exc)))
        return
    conn.send(("ready", isolated))
    while True:
        try:
            req = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(_answer(store, req, max_bytes))


class _Worker:
    def __init__(self, proc: BaseProcess, conn: Connection) -> None:
        self.proc = proc
        self.conn = conn

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.proc.join(5)
        finally:
            self.conn.close()


class _Pool:
    """Worker processes handed out one request at a time; a worker that overruns is killed and
    replaced."""

    def __init__(self, config: EndpointConfig) -> None:
        self.config = config
        self.size = 1 if config.read_write else max(1, config.workers)
        self.ctx = multiprocessing.get_context("spawn")
        self.idle: queue.Queue[_Worker] = queue.Queue()
        self.all: set[_Worker] = set()
        self.lock = threading.Lock()
        self.isolated = False
        self.closed = False
        self.respawn: queue.Queue[None] = queue.Queue()

    def start(self) -> None:
        """Start the workers (from the calling thread, which must outlive them) and the spawner."""
        for _ in range(self.size):
            w, isolated = self._spawn()
            self.isolated = isolated
            self.idle.put(w)
        threading.Thread(target=self._spawner, name="corpkg-sparql-spawner", daemon=True).start()

    def _spawn(self) -> tuple[_Worker, bool]:
        parent, child = self.ctx.Pipe()
        c = self.config
        proc = self.ctx.Process(
            target=_worker_main,
            args=(child, os.getpid(), c.store, c.read_write, not c.allow_service, c.max_result_bytes),
            name="corpkg-sparql-worker",
            daemon=True,
        )
        proc.start()
        child.close()
        w = _Worker(proc, parent)
        with self.lock:
            self.all.add(w)
        if not parent.poll(120):
            self._drop(w)
            raise GraphError("the query worker did not start within 120 s", c.store)
        try:
            status, detail = parent.recv()
        except (EOFError, OSError):
            self._drop(w)
            raise GraphError("the query worker died while opening the store", c.store) from None
        if status != "ready":
            self._drop(w)
            raise GraphError(f"cannot open the store: {detail}", c.store)
        return w, bool(detail)

    def _drop(self, w: _Worker) -> None:
        with self.lock:
            self.all.discard(w)
        w.kill()

    def _replace(self, w: _Worker) -> None:
        """Kill ``w`` and have the spawner thread start another worker in its place."""
        self._drop(w)
        if not self.closed:
            self.respawn.put(None)

    def _spawner(self) -> None:
        # Replacements are started from this one long-lived thread: a child's parent-death signal
        # (PR_SET_PDEATHSIG) fires when the *thread* that started it ends, so a worker started from
        # a short-lived request thread would be killed as soon as that thread returned.
        while True:
            self.respawn.get()
            if self.closed:
                return
            try:
                fresh, _ = self._spawn()
            except CorpkgError as exc:
                print(error_line(exc), file=sys.stderr, flush=True)
                continue
            self.idle.put(fresh)

    def run(self, req: _Request, deadline: float) -> _Answer:
        try:
            w = self.idle.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return _text_answer(503, "every query worker is busy; try again later")
        try:
            w.conn.send(req)
            remaining = max(0.0, deadline - time.monotonic())
            if w.conn.poll(remaining):
                answer: _Answer = w.conn.recv()
                self.idle.put(w)
                return answer
        except (EOFError, OSError):
            self._replace(w)
            return _text_answer(500, "the query worker died while answering; it has been replaced")
        # over time: stop the evaluation by killing its worker; the spawner starts another
        self._replace(w)
        return _text_answer(503, f"query timed out after {self.config.timeout:g} s and was stopped "
                                 "(the endpoint's --timeout); narrow it or add a LIMIT")

    def close(self) -> None:
        self.closed = True
        self.respawn.put(None)
        with self.lock:
            workers = list(self.all)
            self.all.clear()
        for w in workers:
            w.kill()


# --------------------------------------------------------------------------- HTTP


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    endpoint: Endpoint


class _Server6(_Server):
    address_family = socket.AF_INET6


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "corpkg-sparql"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    timeout = 60  # seconds a client may take to send its request

    # -- plumbing
    def log_message(self, format: str, *args: Any) -> None:
        if self.server.endpoint.config.verbose:
            sys.stderr.write(f"corpkg: serve: {self.address_string()} {format % args}\n")

    def _cors_headers(self) -> list[tuple[str, str]]:
        origins = self.server.endpoint.config.cors_origins
        if not origins:
            return []
        origin = self.headers.get("Origin")
        if "*" in origins:
            return [("Access-Control-Allow-Origin", "*")]
        if origin and origin in origins:
            return [("Access-Control-Allow-Origin", origin), ("Vary", "Origin")]
        return [("Vary", "Origin")]

    def _send(self, answer: _Answer, *, head_only: bool = False) -> None:
        self.send_response(answer.status)
        self.send_header("Content-Type", answer.content_type)
        self.send_header("Content-Length", str(len(answer.body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-store")
        for k, v in (*answer.headers, *self._cors_headers()):
            self.send_header(k, v)
        self.end_headers()
        if not head_only and answer.body:
            self.wfile.write(answer.body)

    def _error(self, status: int, message: str, *extra: tuple[str, str]) -> None:
        a = _text_answer(status, message)
        self._send(_Answer(a.status, a.content_type, a.body, tuple(extra)))

    def _body(self) -> bytes | None:
        length = self.headers.get("Content-Length")
        limit = self.server.endpoint.config.max_request_bytes
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked" or length is None:
            self._error(411, "send the request body with a Content-Length")
            return None
        try:
            n = int(length)
        except ValueError:
            self._error(400, "bad Content-Length")
            return None
        if n < 0 or n > limit:
            self._error(413, f"request body over {limit:,} bytes")
            return None
        return self.rfile.read(n)

    # -- routes
    def do_OPTIONS(self) -> None:
        extra = [("Allow", "GET, POST, OPTIONS")]
        if self.server.endpoint.config.cors_origins:
            extra += [("Access-Control-Allow-Methods", "GET, POST, OPTIONS"),
                      ("Access-Control-Allow-Headers", "Content-Type, Accept"),
                      ("Access-Control-Max-Age", "600")]
        self._send(_Answer(204, "text/plain; charset=utf-8", b"", tuple(extra)))

    def do_GET(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/":
            self._send(_text_answer(200, self.server.endpoint.describe()))
            return
        if url.path == "/update":
            self._error(405, "updates are sent with POST", ("Allow", "POST"))
            return
        if url.path != "/query":
            self._error(404, f"no such resource {url.path!r}; the SPARQL endpoint is /query")
            return
        if len(url.query) > self.server.endpoint.config.max_request_bytes:
            self._error(414, "query string too long; POST the query instead")
            return
        self._dispatch("query", urllib.parse.parse_qs(url.query, keep_blank_values=True), None)

    def do_POST(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        if url.path not in ("/query", "/update"):
            self._error(404, f"no such resource {url.path!r}; the SPARQL endpoint is /query")
            return
        kind = url.path[1:]
        body = self._body()
        if body is None:
            return
        params = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        ctype = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            self._error(400, "the request body is not UTF-8")
            return
        if ctype == "application/x-www-form-urlencoded":
            for k, v in urllib.parse.parse_qs(text, keep_blank_values=True).items():
                params.setdefault(k, []).extend(v)
            direct = None
        elif ctype == f"application/sparql-{kind}":
            direct = text
        else:
            self._error(415, f"send the {kind} as application/x-www-form-urlencoded or application/sparql-{kind}")
            return
        self._dispatch(kind, params, direct)

    def _dispatch(self, kind: str, params: Mapping[str, list[str]], direct: str | None) -> None:
        endpoint = self.server.endpoint
        if kind == "update" and not endpoint.config.read_write:
            self._error(403, "this endpoint is read-only (start it with --read-write to accept updates)")
            return
        texts = [direct] if direct is not None else params.get(kind, [])
        if len(texts) != 1:
            self._error(400, f"give exactly one {kind!r} parameter")
            return
        text = texts[0]
        if not endpoint.config.allow_service:
            refusal = endpoint.refusal(kind, text)
            if refusal is not None:
                self._error(*refusal)
                return
        req = _Request(kind, text, self.headers.get("Accept"),
                       tuple(params.get("default-graph-uri", []) if kind == "query" else ()),
                       tuple(params.get("named-graph-uri", []) if kind == "query" else ()))
        self._send(endpoint.pool.run(req, time.monotonic() + endpoint.config.timeout))


class Endpoint:
    """``Endpoint(config, host, port)`` binds, starts its workers (opening the store) and is then
    ready: :meth:`serve_forever` answers requests until :meth:`close`. Construction raises
    :class:`~corpkg.errors.GraphError` when the address cannot be bound or the store not opened."""

    def __init__(self, config: EndpointConfig, host: str, port: int) -> None:
        self.config = config
        try:
            self.httpd = (_Server6 if ":" in host else _Server)((host, port), _Handler)
        except (OSError, OverflowError) as exc:
            raise GraphError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
        self.httpd.endpoint = self
        self._started = False
        self.pool = _Pool(config)
        try:
            self.pool.start()
        except BaseException:
            self.pool.close()
            self.httpd.server_close()
            raise

    @property
    def address(self) -> tuple[str, int]:
        host, port = self.httpd.server_address[:2]
        return str(host), int(port)

    @property
    def url(self) -> str:
        host, port = self.address
        return f"http://{'[' + host + ']' if ':' in host else host}:{port}/query"

    def describe(self) -> str:
        c = self.config
        cors = ", ".join(c.cors_origins) if c.cors_origins else "off"
        return (f"{'read-write' if c.read_write else 'read-only'}; SERVICE {'allowed' if c.allow_service else 'off'}"
                f"{' (workers have no network)' if self.pool.isolated else ''}; timeout {c.timeout:g} s; CORS {cors}")

    def refusal(self, kind: str, text: str) -> tuple[int, str] | None:
        """(status, message) when a request must be refused before evaluation, else None."""
        from corpkg.graph.federation import SERVICE_HINT, uses_service

        how = "the endpoint was started without --allow-service"
        if kind == "update":
            return _update_refusal(text, how)
        try:
            if uses_service(text):
                return 403, f"{SERVICE_HINT}; {how}"
        except QueryUsageError as exc:
            return 400, exc.message
        return None

    def serve_forever(self) -> None:
        self._started = True
        self.httpd.serve_forever(poll_interval=0.2)

    def close(self) -> None:
        """Stop serving (from another thread too), release the address, end the workers."""
        if self._started:
            self.httpd.shutdown()  # returns at once when serve_forever already ended
        self.httpd.server_close()
        self.pool.close()


def _update_refusal(text: str, how: str) -> tuple[int, str] | None:
    """Updates may hold SERVICE (in a WHERE) and ``LOAD <url>`` (which fetches the url): both are
    refused. Decided as :func:`corpkg.graph.federation.uses_service` decides for queries: the
    keywords are neutralised and the result is applied to an empty in-memory store; when that
    fails to parse, the original used one of them (or is broken: refused either way)."""
    import re

    from corpkg.graph.federation import SERVICE_HINT

    if not re.search(r"servic|loa", text, re.I):
        return None
    changed = re.sub(r"(?i)(servic|loa)(.)", lambda m: m.group(1) + ("x" if m.group(2).islower() else "X"), text)
    try:
        ox.Store().update(changed)
    except SyntaxError:
        return 403, f"{SERVICE_HINT} (SERVICE and LOAD are refused in updates); {how}"
    except (OSError, RuntimeError, ValueError):
        return None
    return None

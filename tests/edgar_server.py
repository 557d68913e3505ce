"""An offline EDGAR: a local HTTP server on 127.0.0.1 that replays EDGAR-shaped responses.

Everything it serves is built from the full submissions (``<SEC-HEADER>`` files) in a folder such as
``../shared/corpus``: each header gives CIK, company, form, filing date and accession, and from those the
server answers, in EDGAR's documented formats,

- ``/files/company_tickers.json`` (``{"0": {"cik_str": …, "ticker": …, "title": …}}``);
- ``/submissions/CIK##########.json`` (``filings.recent`` columns for the newest year; a company's older
  filings go to a second page ``CIK##########-submissions-001.json`` listed under ``filings.files``, as
  EDGAR pages them);
- ``/Archives/edgar/full-index/YYYY/QTRn/{master,form}.idx`` and
  ``/Archives/edgar/daily-index/YYYY/QTRn/{master,form}.YYYYMMDD.idx`` (404 for days without filings);
- ``/Archives/edgar/data/CIK/ACCESSIONNODASHES/ACCESSION.txt`` and ``/Archives/edgar/data/CIK/ACCESSION.txt``
  (the submission's bytes; byte ranges honoured).

Bodies are gzip-compressed when the client accepts it (byte ranges are served plain). Listings carry an
ETag and answer ``If-None-Match`` with 304. Requests without a User-Agent naming an
e-mail address get 403, as EDGAR refuses undeclared clients. Faults are scripted per path
(``server.faults[path] = ["429", "503", "drop", "reset"]``, used up one per request): 429 with
``Retry-After: 1``, 503, a connection dropped halfway through the body, a connection closed before any
answer. Every request is logged (time, path, headers with lower-case names, status) for the tests to inspect.
"""

from __future__ import annotations

import gzip
import json
import re
import socket
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

__all__ = ["CorpusFiling", "EdgarReplayServer", "scan_submissions"]

_HEADER_FIELD = {
    "accession": re.compile(rb"ACCESSION NUMBER:\s*(\S+)"),
    "form": re.compile(rb"CONFORMED SUBMISSION TYPE:\s*([^\r\n]+)"),
    "filed": re.compile(rb"FILED AS OF DATE:\s*(\d{8})"),
    "company": re.compile(rb"COMPANY CONFORMED NAME:\s*([^\r\n]+)"),
    "cik": re.compile(rb"CENTRAL INDEX KEY:\s*(\d+)"),
}


@dataclass(frozen=True)
class CorpusFiling:
    cik: int
    company: str
    form: str
    filed: date
    accession: str
    path: Path

    @property
    def quarter(self) -> tuple[int, int]:
        return self.filed.year, (self.filed.month - 1) // 3 + 1


def scan_submissions(folder: Path) -> list[CorpusFiling]:
    """Full submissions under ``folder`` (one per accession), read from their SEC headers."""
    found: dict[str, CorpusFiling] = {}
    for p in sorted(folder.rglob("*.txt")):
        head = p.read_bytes()[:20_000]
        if b"<SEC-HEADER>" not in head:
            continue
        m = {k: rx.search(head) for k, rx in _HEADER_FIELD.items()}
        if not all(m.values()):
            continue
        v = {k: x.group(1).decode("latin-1").strip() for k, x in m.items() if x}
        d = v["filed"]
        f = CorpusFiling(int(v["cik"]), v["company"], v["form"], date(int(d[:4]), int(d[4:6]), int(d[6:])),
                         v["accession"], p)
        found.setdefault(f.accession, f)
    return sorted(found.values(), key=lambda f: (f.filed, f.cik, f.accession))


def _ticker(company: str, taken: set[str]) -> str:
    letters = re.sub(r"[^A-Z]", "", company.upper())
    base = letters[:4] or "X"
    t, n = base, 1
    while t in taken:
        t, n = f"{base}{n}", n + 1
    taken.add(t)
    return t


_INDEX_PREAMBLE = (
    "Description:           {title}\n"
    "Last Data Received:    {last}\n"
    "Comments:              webmaster@sec.gov\n"
    "Anonymous FTP:         ftp://ftp.sec.gov/edgar/\n"
    "Cloud HTTP:            https://www.sec.gov/Archives/\n"
    "\n \n \n"
)


def master_idx(rows: list[CorpusFiling], title: str, *, daily: bool = False) -> str:
    out = [_INDEX_PREAMBLE.format(title=title, last=rows[-1].filed.strftime("%B %d, %Y") if rows else ""),
           "CIK|Company Name|Form Type|Date Filed|Filename\n", "-" * 80 + "\n"]
    for f in sorted(rows, key=lambda f: (f.cik, f.filed, f.accession)):
        filed = f.filed.strftime("%Y%m%d") if daily else f.filed.isoformat()
        out.append(f"{f.cik}|{f.company}|{f.form}|{filed}|edgar/data/{f.cik}/{f.accession}.txt\n")
    return "".join(out)


def form_idx(rows: list[CorpusFiling], title: str) -> str:
    out = [_INDEX_PREAMBLE.format(title=title, last=rows[-1].filed.strftime("%B %d, %Y") if rows else ""),
           f"{'Form Type':<12}{'Company Name':<62}{'CIK':<12}{'Date Filed':<12}File Name\n", "-" * 141 + "\n"]
    for f in sorted(rows, key=lambda f: (f.form, f.company, f.filed)):
        out.append(f"{f.form:<12}{f.company:<62}{f.cik:<12}{f.filed.isoformat():<12}"
                   f"edgar/data/{f.cik}/{f.accession}.txt  \n")
    return "".join(out)


def _columns(rows: list[CorpusFiling]) -> dict[str, list[object]]:
    return {
        "accessionNumber": [f.accession for f in rows],
        "filingDate": [f.filed.isoformat() for f in rows],
        "reportDate": ["" for _ in rows],
        "acceptanceDateTime": [f"{f.filed.isoformat()}T16:00:00.000Z" for f in rows],
        "act": ["34" for _ in rows],
        "form": [f.form for f in rows],
        "fileNumber": ["" for _ in rows],
        "filmNumber": ["" for _ in rows],
        "items": ["" for _ in rows],
        "size": [f.path.stat().st_size for f in rows],
        "isXBRL": [0 for _ in rows],
        "isInlineXBRL": [0 for _ in rows],
        "primaryDocument": [f"{f.accession}.txt" for f in rows],
        "primaryDocDescription": [f.form for f in rows],
    }


@dataclass
class Logged:
    at: float
    path: str
    headers: dict[str, str]
    status: int


@dataclass
class EdgarReplayServer:
    """``with EdgarReplayServer(filings) as server: server.url …`` (127.0.0.1, a free port)."""

    filings: list[CorpusFiling]
    faults: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    log: list[Logged] = field(default_factory=list)
    routes: dict[str, tuple[bytes, str]] = field(default_factory=dict)  # path -> (body, content type)
    files: dict[str, Path] = field(default_factory=dict)  # path -> submission file

    def __post_init__(self) -> None:
        self._build()
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None

    # -- the site

    def _build(self) -> None:
        by_cik: dict[int, list[CorpusFiling]] = defaultdict(list)
        by_quarter: dict[tuple[int, int], list[CorpusFiling]] = defaultdict(list)
        by_day: dict[date, list[CorpusFiling]] = defaultdict(list)
        for f in self.filings:
            by_cik[f.cik].append(f)
            by_quarter[f.quarter].append(f)
            by_day[f.filed].append(f)
            nodash = f.accession.replace("-", "")
            self.files[f"/Archives/edgar/data/{f.cik}/{nodash}/{f.accession}.txt"] = f.path
            self.files[f"/Archives/edgar/data/{f.cik}/{f.accession}.txt"] = f.path
        taken: set[str] = set()
        self.tickers: dict[str, int] = {}
        tickers = {}
        for i, (cik, rows) in enumerate(sorted(by_cik.items())):
            t = _ticker(rows[0].company, taken)
            self.tickers[t] = cik
            tickers[str(i)] = {"cik_str": cik, "ticker": t, "title": rows[0].company}
        self._json("/files/company_tickers.json", tickers)
        for cik, rows in by_cik.items():
            rows = sorted(rows, key=lambda f: f.filed, reverse=True)  # EDGAR lists newest first
            # "recent" holds the newest year; earlier years go to a second page
            recent = [f for f in rows if f.filed.year == rows[0].filed.year]
            older = rows[len(recent):]
            files = []
            if older:
                page = f"CIK{cik:010d}-submissions-001.json"
                self._json(f"/submissions/{page}", _columns(older))
                files.append({"name": page, "filingCount": len(older), "filingFrom": older[-1].filed.isoformat(),
                              "filingTo": older[0].filed.isoformat()})
            self._json(f"/submissions/CIK{cik:010d}.json", {
                "cik": str(cik), "entityType": "operating", "sic": "", "name": rows[0].company,
                "tickers": [t for t, c in self.tickers.items() if c == cik], "exchanges": [],
                "filings": {"recent": _columns(recent), "files": files},
            })
        for (year, q), rows in by_quarter.items():
            base = f"/Archives/edgar/full-index/{year}/QTR{q}"
            self._text(f"{base}/master.idx", master_idx(rows, "Master Index of EDGAR Dissemination Feed"))
            self._text(f"{base}/form.idx", form_idx(rows, "Master Index of EDGAR Dissemination Feed by Form Type"))
        for day, rows in by_day.items():
            year, q = rows[0].quarter
            base = f"/Archives/edgar/daily-index/{year}/QTR{q}"
            self._text(f"{base}/master.{day:%Y%m%d}.idx",
                       master_idx(rows, "Daily Index of EDGAR Dissemination Feed", daily=True))
            self._text(f"{base}/form.{day:%Y%m%d}.idx", form_idx(rows, "Daily Index of EDGAR Dissemination Feed by Form Type"))

    def _json(self, path: str, data: object) -> None:
        self.routes[path] = (json.dumps(data).encode(), "application/json")

    def _text(self, path: str, text: str) -> None:
        self.routes[path] = (text.encode("latin-1"), "text/plain")

    # -- serving

    @property
    def url(self) -> str:
        assert self._httpd is not None
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> EdgarReplayServer:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                server._handle(self)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._httpd is not None
        self._httpd.shutdown()
        self._httpd.server_close()

    def requests_to(self, path: str) -> list[Logged]:
        return [r for r in self.log if r.path == path]

    def _record(self, h: BaseHTTPRequestHandler, status: int) -> None:
        with self._lock:
            self.log.append(Logged(time.monotonic(), h.path, {k.lower(): v for k, v in h.headers.items()}, status))

    def _send(self, h: BaseHTTPRequestHandler, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
        self._record(h, status)
        h.send_response(status)
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        path = h.path.split("?", 1)[0]
        ua = h.headers.get("User-Agent", "")
        if not re.search(r"[\w.+-]+@[\w-]+\.\w+", ua):
            self._send(h, 403, b"Your Request Originates from an Undeclared Automated Tool")
            return
        with self._lock:
            fault = self.faults[path].pop(0) if self.faults.get(path) else None
        if fault == "429":
            self._send(h, 429, b"Too Many Requests", {"Retry-After": "1"})
            return
        if fault == "503":
            self._send(h, 503, b"Service Unavailable")
            return
        if fault == "reset":
            self._record(h, 0)
            h.close_connection = True
            h.connection.shutdown(socket.SHUT_RDWR)
            return
        gzip_ok = "gzip" in h.headers.get("Accept-Encoding", "")
        if path in self.routes:
            body, ctype = self.routes[path]
            etag = f'"{hash(body) & 0xFFFFFFFF:08x}"'
            if h.headers.get("If-None-Match") == etag:
                self._send(h, 304, b"", {"ETag": etag, "Cache-Control": "no-cache"})
                return
            headers = {"Content-Type": ctype, "ETag": etag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
            if gzip_ok:  # as EDGAR does
                body = gzip.compress(body, mtime=0)
                headers["Content-Encoding"] = "gzip"
            self._send(h, 200, body, headers)
            return
        if path in self.files:
            data = self.files[path].read_bytes()
            start = 0
            m = re.fullmatch(r"bytes=(\d+)-", h.headers.get("Range", ""))
            if m:
                start = int(m.group(1))
                if start >= len(data):
                    self._send(h, 416, b"", {"Content-Range": f"bytes */{len(data)}"})
                    return
            body = data[start:]
            status = 206 if m else 200
            headers = {"Content-Type": "text/plain", "Accept-Ranges": "bytes"}
            if m:
                headers["Content-Range"] = f"bytes {start}-{len(data) - 1}/{len(data)}"
            elif gzip_ok:  # a whole file is sent compressed when the client takes gzip; ranges are of the plain bytes
                body = gzip.compress(body, mtime=0)
                headers["Content-Encoding"] = "gzip"
            if fault == "drop":  # headers promise the whole body; half of it comes, then the line goes dead
                self._record(h, -status)
                h.send_response(status)
                for k, v in headers.items():
                    h.send_header(k, v)
                h.send_header("Content-Length", str(len(body)))
                h.end_headers()
                h.wfile.write(body[: len(body) // 2])
                h.wfile.flush()
                h.close_connection = True
                h.connection.shutdown(socket.SHUT_RDWR)
                return
            self._send(h, status, body, headers)
            return
        self._send(h, 404, b"Not Found")

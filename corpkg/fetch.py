"""Fetch filings from SEC EDGAR into a local cache, as full submission ``.txt`` files.

Where filings are found, as EDGAR documents them (paths relative to the base URLs):

- ``{base}/files/company_tickers.json``: ticker → CIK;
- ``{data}/submissions/CIK##########.json``: a company's filings, columns under ``filings.recent``,
  older ones in the pages listed under ``filings.files`` (``{data}/submissions/NAME``);
- ``{base}/Archives/edgar/full-index/YYYY/QTRn/master.idx`` (or ``form.idx``): a quarter's filings;
- ``{base}/Archives/edgar/daily-index/YYYY/QTRn/master.YYYYMMDD.idx`` (or ``form.…``): a day's;
- ``{base}/Archives/edgar/data/CIK/ACCESSIONNODASHES/ACCESSION.txt``: the full submission (SGML header
  and every document), the form ``corpkg build`` reads best.

The cache mirrors EDGAR's layout: ``CACHE/CIK/ACCESSION.txt``. A download goes to ``….txt.part`` and is
renamed when complete, so a file in the cache is always whole; a later run skips it (idempotent) and
resumes a ``.part`` left by an interrupted one with an HTTP range request.

SEC fair access: every request declares a User-Agent with a contact (refused when missing), at most
10 requests per second leave the process (a sliding-window limiter from ``pyrate-limiter``: never more
than ``rate`` requests in any 1.1-second window, so ≈ 9 per second sustained), and 429/5xx answers and dropped connections are retried
with exponential backoff (``tenacity``), honouring ``Retry-After`` (which pauses every download thread,
not only the one that was told). Listings (JSON and indexes) go through
an RFC 9111 HTTP cache (``hishel``, SQLite under ``CACHE/.http/``), so a repeated run revalidates them
instead of downloading them again.
"""

from __future__ import annotations

import email.utils
import fnmatch
import json
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import httpx
from pyrate_limiter import Duration, InMemoryBucket, Limiter, Rate
from tenacity import RetryCallState, Retrying, retry_if_exception_type, stop_after_attempt, wait_exponential, wait_random

from corpkg.errors import CorpkgError

__all__ = [
    "DEFAULT_BASE_URL",
    "DEFAULT_DATA_URL",
    "USER_AGENT_ENV",
    "MAX_RATE",
    "FetchError",
    "Filing",
    "FilingQuery",
    "Listing",
    "FetchResult",
    "FetchSummary",
    "EdgarClient",
    "check_user_agent",
    "parse_master_idx",
    "parse_form_idx",
    "parse_submissions",
    "parse_company_tickers",
    "index_paths",
    "list_filings",
    "fetch_filings",
    "cache_path",
    "fetched_paths",
]

log = logging.getLogger("corpkg.fetch")

DEFAULT_BASE_URL = "https://www.sec.gov"
DEFAULT_DATA_URL = "https://data.sec.gov"
USER_AGENT_ENV = "CORPKG_USER_AGENT"
MAX_RATE = 10  # SEC fair access: no more than 10 requests per second
# the limiter counts `rate` requests per 1.1 s, not per 1 s: a request's way to the server varies by a few
# tens of milliseconds (connection set-up, threads), and the server must never see more than `rate` in 1 s
WINDOW_MARGIN_MS = 100
RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
# a quarter's range shorter than this many days is read from daily indexes, otherwise from the quarter's
DAILY_INDEX_MAX_DAYS = 20
_SUBMISSION_MARKERS = (b"<SEC-DOCUMENT>", b"<SEC-HEADER>", b"PRIVACY-ENHANCED MESSAGE", b"<IMS-DOCUMENT>", b"<IMS-HEADER>")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
_ACCESSION = re.compile(r"\d{10}-\d{2}-\d{6}")

IndexKind = Literal["master", "form"]


class FetchError(CorpkgError):
    """EDGAR (or the mirror) could not give what was asked: refused, missing, or not a filing."""

    exit_code = 3


# ---------------------------------------------------------------------------------------------------
# what is fetched


@dataclass(frozen=True, order=True)
class Filing:
    """One EDGAR submission: enough to locate it and to file it in the cache."""

    filed: date
    cik: int
    accession: str
    form: str = field(compare=False)
    company: str = field(default="", compare=False)
    path: str | None = field(default=None, compare=False)  # Archives path from an index, when known

    @property
    def url_path(self) -> str:
        """The full submission's path under the base URL."""
        if self.path:
            return self.path if self.path.startswith("Archives/") else f"Archives/{self.path}"
        return f"Archives/edgar/data/{self.cik}/{self.accession.replace('-', '')}/{self.accession}.txt"


def cache_path(cache_dir: str | Path, filing: Filing) -> Path:
    """``CACHE/CIK/ACCESSION.txt``."""
    return Path(cache_dir) / str(filing.cik) / f"{filing.accession}.txt"


@dataclass(frozen=True)
class FilingQuery:
    """Which filings: companies (CIKs and/or tickers), form types and a date range (inclusive).

    ``forms`` are matched exactly, or as shell patterns (``8-K*`` also takes ``8-K/A``); none means all.
    Without companies the range is read from EDGAR's daily/quarterly indexes and ``since`` is required.
    """

    ciks: tuple[int, ...] = ()
    tickers: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    since: date | None = None
    until: date | None = None
    index: IndexKind = "master"

    def wants(self, filing: Filing) -> bool:
        if self.since and filing.filed < self.since:
            return False
        if self.until and filing.filed > self.until:
            return False
        if self.forms and not any(fnmatch.fnmatchcase(filing.form.upper(), f.upper()) for f in self.forms):
            return False
        return True


@dataclass
class Listing:
    """The filings a query found (sorted, unique) and notes on what could not be read."""

    filings: list[Filing]
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class FetchResult:
    filing: Filing
    path: Path
    status: Literal["fetched", "present", "failed"]
    bytes: int = 0
    error: str | None = None


@dataclass
class FetchSummary:
    fetched: int = 0
    present: int = 0
    failed: int = 0
    bytes: int = 0
    seconds: float = 0.0
    results: list[FetchResult] = field(default_factory=list)

    def add(self, r: FetchResult) -> None:
        self.results.append(r)
        if r.status == "fetched":
            self.fetched += 1
            self.bytes += r.bytes
        elif r.status == "present":
            self.present += 1
        else:
            self.failed += 1


def check_user_agent(value: str | None) -> str:
    """The User-Agent to declare: ``value`` or ``$CORPKG_USER_AGENT``; refused without a contact e-mail."""
    ua = (value or os.environ.get(USER_AGENT_ENV) or "").strip()
    if not ua:
        raise FetchError(
            f"SEC fair access requires a declared User-Agent with a contact: give --user-agent "
            f"'Name or company email@example.com' or set {USER_AGENT_ENV}"
        )
    if not _EMAIL.search(ua):
        raise FetchError(f"the User-Agent {ua!r} names no contact e-mail address (SEC fair access asks for one, "
                         f"e.g. 'Jane Doe jane@example.com')")
    return ua


# ---------------------------------------------------------------------------------------------------
# EDGAR's formats


def _parse_date(text: str) -> date:
    text = text.strip()
    if re.fullmatch(r"\d{8}", text):  # daily indexes of some years write YYYYMMDD
        return date(int(text[:4]), int(text[4:6]), int(text[6:]))
    return date.fromisoformat(text[:10])


def _accession_of(path: str) -> str:
    m = _ACCESSION.search(path.rsplit("/", 1)[-1]) or _ACCESSION.search(path)
    if not m:
        raise ValueError(f"no accession number in {path!r}")
    return m.group(0)


def _index_rows(text: str) -> tuple[str, list[str]]:
    """The header line and the rows after the dashed rule of an EDGAR index file."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("-----") and i > 0:
            return lines[i - 1], [ln for ln in lines[i + 1:] if ln.strip()]
    raise FetchError("not an EDGAR index file (no header rule of dashes)")


def parse_master_idx(text: str) -> Iterator[Filing]:
    """Rows of a ``master.idx``: ``CIK|Company Name|Form Type|Date Filed|Filename``."""
    header, rows = _index_rows(text)
    if "|" not in header:
        raise FetchError(f"not a master index (header {header.strip()!r})")
    for row in rows:
        parts = row.split("|")
        if len(parts) != 5:
            continue
        cik, company, form, filed, filename = (p.strip() for p in parts)
        try:
            yield Filing(_parse_date(filed), int(cik), _accession_of(filename), form, company, filename)
        except ValueError:
            log.debug("skipped index row %r", row)


def parse_form_idx(text: str) -> Iterator[Filing]:
    """Rows of a ``form.idx`` (fixed columns: Form Type, Company Name, CIK, Date Filed, File Name).

    Columns are found from the header's positions for the first two; CIK, date and file name are the
    last three fields of each row, which holds even when a long company name overflows its column.
    """
    header, rows = _index_rows(text)
    name_at = header.find("Company Name")
    if name_at < 0:
        raise FetchError(f"not a form index (header {header.strip()!r})")
    for row in rows:
        tail = row[name_at:].rsplit(None, 3)
        if len(tail) != 4:
            continue
        company, cik, filed, filename = tail
        try:
            yield Filing(_parse_date(filed), int(cik), _accession_of(filename), row[:name_at].strip(),
                         company.strip(), filename)
        except ValueError:
            log.debug("skipped index row %r", row)


def parse_submissions(data: Mapping[str, Any], *, cik: int | None = None, company: str | None = None) -> list[Filing]:
    """Filings of a submissions JSON (its ``filings.recent`` block) or of one of its older pages
    (the same columns at the top level)."""
    block = data.get("filings", {}).get("recent") if "filings" in data else data
    if not isinstance(block, Mapping):
        raise FetchError("submissions JSON without filings.recent")
    the_cik = cik if cik is not None else int(data["cik"])
    name = company if company is not None else str(data.get("name", ""))
    cols = [block.get(k, []) for k in ("accessionNumber", "filingDate", "form")]
    out = []
    for accession, filed, form in zip(*cols, strict=True):
        out.append(Filing(_parse_date(filed), the_cik, accession, form, name))
    return out


def parse_company_tickers(data: Mapping[str, Any]) -> dict[str, int]:
    """``company_tickers.json`` (``{"0": {"cik_str": 320193, "ticker": "AAPL", "title": …}}``) → ticker → CIK."""
    return {str(v["ticker"]).upper(): int(v["cik_str"]) for v in data.values()}


def _quarter(d: date) -> int:
    return (d.month - 1) // 3 + 1


def _quarter_bounds(year: int, q: int) -> tuple[date, date]:
    start = date(year, 3 * q - 2, 1)
    end = date(year + (q == 4), 1 if q == 4 else 3 * q + 1, 1) - timedelta(days=1)
    return start, end


def index_paths(since: date, until: date, kind: IndexKind = "master") -> list[tuple[str, bool]]:
    """Index files covering ``since``..``until``: (path, is_daily). A quarter touched for fewer than
    DAILY_INDEX_MAX_DAYS days is read day by day (weekdays), otherwise from its quarterly index."""
    out: list[tuple[str, bool]] = []
    year, q = since.year, _quarter(since)
    while True:
        start, end = _quarter_bounds(year, q)
        if start > until:
            break
        lo, hi = max(start, since), min(end, until)
        if (hi - lo).days + 1 < DAILY_INDEX_MAX_DAYS:
            d = lo
            while d <= hi:
                if d.weekday() < 5:
                    out.append((f"Archives/edgar/daily-index/{year}/QTR{q}/{kind}.{d:%Y%m%d}.idx", True))
                d += timedelta(days=1)
        else:
            out.append((f"Archives/edgar/full-index/{year}/QTR{q}/{kind}.idx", False))
        year, q = (year + 1, 1) if q == 4 else (year, q + 1)
    return out


# ---------------------------------------------------------------------------------------------------
# HTTP: rate limit, retries, cache


class RateLimitedTransport(httpx.BaseTransport):
    """Waits for the limiter before every request that leaves the process (cache hits cost nothing), and
    holds every thread's requests while the server has asked for a pause (``Retry-After``)."""

    def __init__(self, inner: httpx.BaseTransport, limiter: Limiter,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.inner = inner
        self.limiter = limiter
        self.sent: list[float] = []  # time.monotonic() of each request let through
        self._sleep = sleep
        self._paused_until = 0.0
        self._lock = threading.Lock()

    @property
    def requests(self) -> int:
        return len(self.sent)

    def pause(self, seconds: float) -> None:
        """No request leaves for ``seconds`` from now (a 429/503 with Retry-After stops all threads)."""
        with self._lock:
            self._paused_until = max(self._paused_until, time.monotonic() + seconds)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.limiter.try_acquire("edgar", blocking=True)
        wait = self._paused_until - time.monotonic()  # checked after the limiter, which may have made us wait
        if wait > 0:
            self._sleep(wait)
        with self._lock:
            self.sent.append(time.monotonic())
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


class _Retryable(Exception):
    """A 429/5xx answer: worth asking again, after ``retry_after`` seconds when the server said so."""

    def __init__(self, message: str, retry_after: float | None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _check_status(response: httpx.Response, url: str) -> None:
    code = response.status_code
    if code in RETRY_STATUS:
        raise _Retryable(f"HTTP {code}", _retry_after(response.headers.get("Retry-After")))
    if code == 403:
        raise FetchError("HTTP 403 (refused): EDGAR refuses undeclared User-Agents and clients over 10 requests/s; "
                         "check --user-agent and --rate, then wait 10 minutes", url)
    if code >= 400:
        raise FetchError(f"HTTP {code}", url)


class EdgarClient:
    """EDGAR over HTTP, within SEC fair access. Thread-safe for downloads; use as a context manager.

    ``base_url``/``data_url`` point at a mirror (the data URL defaults to the base URL when only that is
    given); ``http_cache`` is the SQLite file of the listings' HTTP cache (None: no cache).
    """

    def __init__(
        self,
        user_agent: str | None,
        *,
        base_url: str = DEFAULT_BASE_URL,
        data_url: str | None = None,
        rate: int = MAX_RATE,
        retries: int = 6,
        backoff: float = 1.0,
        max_wait: float = 120.0,
        timeout: float = 60.0,
        http_cache: Path | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not 1 <= rate <= MAX_RATE:
            raise FetchError(f"rate must be between 1 and {MAX_RATE} requests per second (SEC fair access), got {rate}")
        self.user_agent = check_user_agent(user_agent)
        self.base_url = base_url.rstrip("/")
        if data_url is None:
            data_url = DEFAULT_DATA_URL if self.base_url == DEFAULT_BASE_URL else self.base_url
        self.data_url = data_url.rstrip("/")
        self.retries = retries
        self.backoff = backoff
        self.max_wait = max_wait
        self.retried = 0
        self._sleep = sleep
        self._lock = threading.Lock()
        limiter = Limiter(InMemoryBucket([Rate(rate, Duration.SECOND + WINDOW_MARGIN_MS)]), buffer_ms=50)
        headers = {"User-Agent": self.user_agent, "Accept-Encoding": "gzip, deflate"}
        timeouts = httpx.Timeout(timeout, connect=min(timeout, 15.0))
        self.transport = RateLimitedTransport(httpx.HTTPTransport(), limiter, sleep)
        self._raw = httpx.Client(transport=self.transport, headers=headers, timeout=timeouts, follow_redirects=True)
        if http_cache is not None:
            from hishel import SqliteStorage
            from hishel.httpx import CacheTransport

            http_cache.parent.mkdir(parents=True, exist_ok=True)
            cached = CacheTransport(self.transport, storage=SqliteStorage(database_path=http_cache), rfc=True)
            self._listing: httpx.Client = httpx.Client(transport=cached, headers=headers, timeout=timeouts,
                                                       follow_redirects=True)
        else:
            self._listing = self._raw

    # -- plumbing

    def __enter__(self) -> EdgarClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._listing is not self._raw:
            self._listing.close()
        self._raw.close()

    @property
    def requests(self) -> int:
        """Requests that left the process so far (retries included, cache hits not)."""
        return self.transport.requests

    def _wait(self, state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        if isinstance(exc, _Retryable) and exc.retry_after is not None:
            return min(exc.retry_after, self.max_wait)
        return float((wait_exponential(multiplier=self.backoff, max=self.max_wait) + wait_random(0, self.backoff))(state))

    def _before_sleep(self, state: RetryCallState) -> None:
        exc = state.outcome.exception() if state.outcome else None
        wait = state.next_action.sleep if state.next_action else 0.0
        with self._lock:
            self.retried += 1
        if isinstance(exc, _Retryable) and exc.retry_after is not None:
            self.transport.pause(wait)  # the server asked everyone to wait, not just this thread
        log.info("retrying after %s (attempt %d, waiting %.1f s)", exc, state.attempt_number, wait)

    def _retrying(self) -> Retrying:
        return Retrying(
            retry=retry_if_exception_type((_Retryable, httpx.TransportError, httpx.DecodingError)),
            stop=stop_after_attempt(self.retries + 1),
            wait=self._wait,
            sleep=self._sleep,
            before_sleep=self._before_sleep,
            reraise=True,
        )

    def url(self, path: str, *, data: bool = False) -> str:
        return f"{self.data_url if data else self.base_url}/{path.lstrip('/')}"

    def get(self, url: str, *, missing_ok: bool = False) -> bytes | None:
        """The body at ``url`` (through the HTTP cache), retried; None for a 404 when ``missing_ok``."""
        try:
            for attempt in self._retrying():
                with attempt:
                    response = self._listing.get(url)
                    if missing_ok and response.status_code == 404:
                        return None
                    _check_status(response, url)
                    return response.content
        except _Retryable as exc:
            raise FetchError(f"{exc}; gave up after {self.retries + 1} attempts", url) from None
        except (httpx.TransportError, httpx.DecodingError) as exc:
            raise FetchError(f"{type(exc).__name__}: {exc}; gave up after {self.retries + 1} attempts", url) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def get_json(self, url: str) -> Any:
        body = self.get(url)
        assert body is not None
        try:
            return json.loads(body)
        except ValueError as exc:
            raise FetchError(f"not JSON: {exc}", url) from None

    def download(self, url: str, dest: Path) -> int:
        """Save the body at ``url`` to ``dest`` (via ``dest.part``, resumed with a range request after a
        dropped connection); returns the bytes written. ``dest`` appears only when complete and valid."""
        part = dest.with_name(dest.name + ".part")
        dest.parent.mkdir(parents=True, exist_ok=True)
        try:
            for attempt in self._retrying():
                with attempt:
                    self._download_once(url, part)
        except _Retryable as exc:
            raise FetchError(f"{exc}; gave up after {self.retries + 1} attempts", url) from None
        except (httpx.TransportError, httpx.DecodingError) as exc:
            raise FetchError(f"{type(exc).__name__}: {exc}; gave up after {self.retries + 1} attempts "
                             f"({part.name} kept to resume)", url) from None
        with part.open("rb") as fh:
            head = fh.read(4096)
        if not any(m in head for m in _SUBMISSION_MARKERS):
            part.unlink()
            raise FetchError(f"not an EDGAR submission (begins {head[:60]!r})", url)
        size = part.stat().st_size
        os.replace(part, dest)
        return size

    def _download_once(self, url: str, part: Path) -> None:
        offset = part.stat().st_size if part.exists() else 0
        headers = {"Range": f"bytes={offset}-", "Accept-Encoding": "identity"} if offset else {}
        with self._raw.stream("GET", url, headers=headers) as response:
            if response.status_code == 416 and offset:  # the range is past the end: start again
                part.unlink()
                raise _Retryable("HTTP 416 on resume", 0.0)
            _check_status(response, url)
            resumed = offset > 0 and response.status_code == 206 and \
                response.headers.get("Content-Range", "").startswith(f"bytes {offset}-")
            expected = response.headers.get("Content-Length") if "Content-Encoding" not in response.headers else None
            written = 0
            with part.open("ab" if resumed else "wb") as fh:
                for chunk in response.iter_bytes():
                    fh.write(chunk)
                    written += len(chunk)
            if expected is not None and written != int(expected):
                raise httpx.RemoteProtocolError(f"got {written} of {expected} bytes")

    # -- EDGAR resources

    def company_tickers(self) -> dict[str, int]:
        return parse_company_tickers(self.get_json(self.url("files/company_tickers.json")))

    def submissions(self, cik: int, since: date | None = None, until: date | None = None) -> list[Filing]:
        """A company's filings: the recent block, plus the older pages that overlap since..until."""
        data = self.get_json(self.url(f"submissions/CIK{cik:010d}.json", data=True))
        name = str(data.get("name", ""))
        filings = parse_submissions(data, cik=cik, company=name)
        for page in data.get("filings", {}).get("files", []):
            lo, hi = page.get("filingFrom"), page.get("filingTo")
            if since and hi and _parse_date(hi) < since:
                continue
            if until and lo and _parse_date(lo) > until:
                continue
            more = self.get_json(self.url(f"submissions/{page['name']}", data=True))
            filings.extend(parse_submissions(more, cik=cik, company=name))
        return filings

    def index(self, path: str, kind: IndexKind, *, missing_ok: bool = False) -> list[Filing] | None:
        body = self.get(self.url(path), missing_ok=missing_ok)
        if body is None:
            return None
        text = body.decode("latin-1")
        return list(parse_master_idx(text) if kind == "master" else parse_form_idx(text))


# ---------------------------------------------------------------------------------------------------
# listing and fetching


def list_filings(client: EdgarClient, query: FilingQuery) -> Listing:
    """The filings ``query`` asks for, sorted by date, CIK and accession, each once."""
    notes: list[str] = []
    found: list[Filing] = []
    ciks = list(dict.fromkeys(query.ciks))
    if query.tickers:
        table = client.company_tickers()
        unknown = [t for t in query.tickers if t.upper() not in table]
        if unknown:
            raise FetchError(f"unknown ticker(s): {', '.join(unknown)} (not in company_tickers.json)")
        ciks.extend(c for c in (table[t.upper()] for t in query.tickers) if c not in ciks)
    if ciks:
        for cik in ciks:
            found.extend(client.submissions(cik, query.since, query.until))
    else:
        if query.since is None:
            raise FetchError("say which filings: --cik/--ticker, or a date range (--since) to read EDGAR's indexes")
        until = query.until or date.today()
        for path, daily in index_paths(query.since, until, query.index):
            rows = client.index(path, query.index, missing_ok=True)
            if rows is None:
                if not daily:
                    notes.append(f"{path}: no such index (HTTP 404)")
                continue
            found.extend(rows)
    unique = {(f.cik, f.accession): f for f in found if query.wants(f)}
    return Listing(sorted(unique.values()), notes)


def fetch_filings(
    client: EdgarClient,
    filings: Sequence[Filing],
    cache_dir: str | Path,
    *,
    workers: int = 4,
    progress: bool = False,
    on_result: Callable[[FetchResult], None] | None = None,
) -> FetchSummary:
    """Download the filings not yet in the cache (``workers`` threads sharing the client's rate limit)."""
    from tqdm import tqdm

    started = time.monotonic()
    summary = FetchSummary()
    todo: list[tuple[Filing, Path]] = []
    for f in filings:
        dest = cache_path(cache_dir, f)
        if dest.is_file() and dest.stat().st_size > 0:
            r = FetchResult(f, dest, "present")
            summary.add(r)
            if on_result:
                on_result(r)
        else:
            todo.append((f, dest))

    def one(item: tuple[Filing, Path]) -> FetchResult:
        f, dest = item
        try:
            n = client.download(client.url(f.url_path), dest)
            return FetchResult(f, dest, "fetched", n)
        except (FetchError, OSError) as exc:
            return FetchResult(f, dest, "failed", error=str(exc))

    bar = tqdm(total=len(todo), unit="filing", disable=not progress, leave=False, desc="fetch")
    try:
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            for fut in as_completed([pool.submit(one, item) for item in todo]):
                r = fut.result()
                summary.add(r)
                bar.update()
                bar.set_postfix_str(f"{summary.bytes / 1e6:.1f} MB, {summary.failed} failed", refresh=False)
                if on_result:
                    on_result(r)
    finally:
        bar.close()
    summary.seconds = time.monotonic() - started
    return summary


def fetched_paths(results: Iterable[FetchResult]) -> list[Path]:
    """The cache files of results that are on disk (fetched or already present), sorted."""
    return sorted(r.path for r in results if r.status != "failed")

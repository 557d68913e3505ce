"""`corpkg fetch` against an offline EDGAR (tests/edgar_server.py) on 127.0.0.1: formats, cache layout,
fair access (User-Agent, rate, backoff with Retry-After), resumable and idempotent downloads."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from conftest import require_shared
from edgar_server import CorpusFiling, EdgarReplayServer, form_idx, master_idx, scan_submissions

from corpkg.cli import cli
from corpkg.fetch import (
    EdgarClient,
    FetchError,
    Filing,
    FilingQuery,
    cache_path,
    check_user_agent,
    fetch_filings,
    index_paths,
    list_filings,
    parse_company_tickers,
    parse_form_idx,
    parse_master_idx,
    parse_submissions,
)

UA = "corpkg tests tests@example.com"
ASTA = 1001258  # ASTA FUNDING INC: 14 submissions in the corpus, two pages of submissions JSON


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("CORPKG_USER_AGENT", "CORPKG_CACHE", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY",
                "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture(scope="module")
def corpus_filings() -> list[CorpusFiling]:
    return scan_submissions(require_shared("corpus"))


@pytest.fixture
def edgar(corpus_filings: list[CorpusFiling]) -> Iterator[EdgarReplayServer]:
    with EdgarReplayServer(corpus_filings) as server:
        yield server


class Sleeps:
    """Stands in for time.sleep in the retry loop: records the waits, sleeps a hundredth of them."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        import time

        self.waits.append(seconds)
        time.sleep(seconds / 100)


def client(server: EdgarReplayServer, tmp_path: Path, **kw: object) -> EdgarClient:
    return EdgarClient(UA, base_url=server.url, http_cache=tmp_path / ".http" / "c.sqlite", backoff=0.05, **kw)  # type: ignore[arg-type]


def source_of(corpus_filings: list[CorpusFiling], accession: str) -> bytes:
    return next(f.path for f in corpus_filings if f.accession == accession).read_bytes()


# -- fair access -------------------------------------------------------------------------------------


def test_a_user_agent_with_a_contact_is_required(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(FetchError, match="User-Agent"):
        check_user_agent(None)
    with pytest.raises(FetchError, match="e-mail"):
        check_user_agent("corpkg/0.1")
    assert check_user_agent(UA) == UA
    monkeypatch.setenv("CORPKG_USER_AGENT", "Jane Doe jane@example.com")
    assert check_user_agent(None) == "Jane Doe jane@example.com"


def test_fetch_without_user_agent_is_a_usage_error_and_sends_nothing(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["fetch", "--cik", str(ASTA), "-o", str(tmp_path), "--base-url", edgar.url])
    assert result.exit_code == 2, result.output
    assert "User-Agent" in result.output
    assert edgar.log == []


def test_rate_above_ten_per_second_is_refused() -> None:
    with pytest.raises(FetchError, match="between 1 and 10"):
        EdgarClient(UA, rate=11)


def test_every_request_declares_the_user_agent_and_stays_within_ten_per_second(
        edgar: EdgarReplayServer, tmp_path: Path) -> None:
    with client(edgar, tmp_path) as c:
        listing = list_filings(c, FilingQuery(ciks=(ASTA,)))
        summary = fetch_filings(c, listing.filings, tmp_path, workers=4)
        sent = sorted(c.transport.sent)
    assert summary.fetched == 14
    assert len(edgar.log) == len(sent) == 16  # two pages of submissions JSON + 14 filings
    assert {r.headers["user-agent"] for r in edgar.log} == {UA}

    def busiest(times: list[float], window: float) -> int:
        return max(sum(1 for u in times if t <= u < t + window) for t in times)

    assert busiest(sent, 1.1) <= 10  # what the limiter lets through: 10 per 1.1 s
    # what the server saw: at most 10 in any second, give or take this shared machine's scheduling jitter
    assert busiest(sorted(r.at for r in edgar.log), 0.95) <= 10
    assert sent[-1] - sent[0] >= 1.1  # 16 requests at ≤ 10 per 1.1 s cannot all go at once


# -- EDGAR's formats ---------------------------------------------------------------------------------

MASTER_SAMPLE = """\
Description:           Master Index of EDGAR Dissemination Feed
Last Data Received:    March 31, 2005
Comments:              webmaster@sec.gov
Anonymous FTP:         ftp://ftp.sec.gov/edgar/

 \n \n \n\
CIK|Company Name|Form Type|Date Filed|Filename
--------------------------------------------------------------------------------
1001258|ASTA FUNDING INC|8-K|2005-03-08|edgar/data/1001258/0001125282-05-001175.txt
1324424|Expedia Group, Inc.|DEF 14A|20200507|edgar/data/1324424/0001324424-20-000029.txt
"""

FORM_SAMPLE = """\
Description:           Daily Index of EDGAR Dissemination Feed by Form Type
Last Data Received:    Jan 10, 2025
Comments:              webmaster@sec.gov
Anonymous FTP:         ftp://ftp.sec.gov/edgar/




Form Type   Company Name                                                  CIK         Date Filed  File Name
---------------------------------------------------------------------------------------------------------------------------------------------
SC TO-T/A   CVR ENERGY INC                                                1376139     20250110    edgar/data/1376139/0001104659-25-002604.txt
8-K         A COMPANY WITH A NAME FAR TOO LONG FOR ITS SIXTY-TWO CHARACTER COLUMN, INC. 943374 20241227 edgar/data/943374/0000943374-24-000509.txt
"""


def test_master_index_rows() -> None:
    rows = list(parse_master_idx(MASTER_SAMPLE))
    assert rows == [
        Filing(date(2005, 3, 8), 1001258, "0001125282-05-001175", "8-K", "ASTA FUNDING INC",
               "edgar/data/1001258/0001125282-05-001175.txt"),
        Filing(date(2020, 5, 7), 1324424, "0001324424-20-000029", "DEF 14A", "Expedia Group, Inc.",
               "edgar/data/1324424/0001324424-20-000029.txt"),
    ]
    assert rows[1].form == "DEF 14A" and rows[1].url_path == "Archives/edgar/data/1324424/0001324424-20-000029.txt"


def test_form_index_rows_with_spaces_in_form_types_and_overlong_names() -> None:
    rows = list(parse_form_idx(FORM_SAMPLE))
    assert [(r.form, r.company, r.cik, r.filed, r.accession) for r in rows] == [
        ("SC TO-T/A", "CVR ENERGY INC", 1376139, date(2025, 1, 10), "0001104659-25-002604"),
        ("8-K", "A COMPANY WITH A NAME FAR TOO LONG FOR ITS SIXTY-TWO CHARACTER COLUMN, INC.", 943374,
         date(2024, 12, 27), "0000943374-24-000509"),
    ]


def test_generated_indexes_read_back(corpus_filings: list[CorpusFiling]) -> None:
    want = {(f.cik, f.accession, f.form, f.filed) for f in corpus_filings}
    for text in (master_idx(corpus_filings, "t"), master_idx(corpus_filings, "t", daily=True), form_idx(corpus_filings, "t")):
        parse = parse_form_idx if text.find("Form Type") < text.find("CIK|") or "CIK|" not in text else parse_master_idx
        assert {(r.cik, r.accession, r.form, r.filed) for r in parse(text)} == want


def test_submissions_and_tickers_json() -> None:
    data = {"cik": "320193", "name": "Apple Inc.", "filings": {"recent": {
        "accessionNumber": ["0000320193-24-000123", "0000320193-24-000100"],
        "filingDate": ["2024-11-01", "2024-08-02"], "form": ["10-K", "8-K"], "primaryDocument": ["a.htm", "b.htm"]},
        "files": []}}
    assert parse_submissions(data) == [
        Filing(date(2024, 11, 1), 320193, "0000320193-24-000123", "10-K", "Apple Inc."),
        Filing(date(2024, 8, 2), 320193, "0000320193-24-000100", "8-K", "Apple Inc."),
    ]
    assert parse_submissions(data)[0].url_path == "Archives/edgar/data/320193/000032019324000123/0000320193-24-000123.txt"
    assert parse_company_tickers({"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}}) == {"AAPL": 320193}


def test_index_paths_daily_for_short_ranges_quarterly_for_long() -> None:
    assert index_paths(date(2024, 3, 8), date(2024, 3, 11)) == [  # Friday .. Monday: no weekend files
        ("Archives/edgar/daily-index/2024/QTR1/master.20240308.idx", True),
        ("Archives/edgar/daily-index/2024/QTR1/master.20240311.idx", True),
    ]
    assert index_paths(date(2023, 12, 30), date(2024, 6, 30), "form") == [  # Sat 30, Sun 31 Dec: no daily files
        ("Archives/edgar/full-index/2024/QTR1/form.idx", False),
        ("Archives/edgar/full-index/2024/QTR2/form.idx", False),
    ]


def test_query_filters_forms_by_pattern_and_dates() -> None:
    f = Filing(date(2005, 3, 8), 1, "0000000001-05-000001", "8-K/A")
    assert FilingQuery(forms=("8-K*",)).wants(f)
    assert not FilingQuery(forms=("8-K",)).wants(f)
    assert not FilingQuery(since=date(2005, 3, 9)).wants(f)
    assert FilingQuery(since=date(2005, 3, 8), until=date(2005, 3, 8)).wants(f)


# -- listing and fetching ----------------------------------------------------------------------------


def test_fetch_by_cik_lays_out_the_cache_by_cik_and_accession(
        edgar: EdgarReplayServer, corpus_filings: list[CorpusFiling], tmp_path: Path) -> None:
    with client(edgar, tmp_path) as c:
        listing = list_filings(c, FilingQuery(ciks=(ASTA,), forms=("8-K",), since=date(2005, 1, 1)))
        summary = fetch_filings(c, listing.filings, tmp_path)
    assert summary.failed == 0 and summary.fetched == len(listing.filings) == 8
    for r in summary.results:
        assert r.path == tmp_path / str(ASTA) / f"{r.filing.accession}.txt" == cache_path(tmp_path, r.filing)
        assert r.path.read_bytes() == source_of(corpus_filings, r.filing.accession)
    assert not list(tmp_path.rglob("*.part"))
    # only the first submissions page: the older page ends before 2005
    assert [r.path for r in edgar.log if r.path.startswith("/submissions/")] == [f"/submissions/CIK{ASTA:010d}.json"]


def test_second_run_is_idempotent_and_revalidates_listings(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    query = FilingQuery(ciks=(ASTA,), since=date(2005, 6, 1))
    with client(edgar, tmp_path) as c:
        first = fetch_filings(c, list_filings(c, query).filings, tmp_path)
    n = len(edgar.log)
    with client(edgar, tmp_path) as c:
        second = fetch_filings(c, list_filings(c, query).filings, tmp_path)
    assert first.fetched > 0 and second.fetched == 0 and second.present == first.fetched
    again = edgar.log[n:]
    assert [r.path for r in again] == [f"/submissions/CIK{ASTA:010d}.json"]  # no download at all
    assert again[0].status == 304 and "if-none-match" in again[0].headers  # hishel revalidated its copy


def test_fetch_by_ticker_and_by_daily_and_quarterly_index(
        edgar: EdgarReplayServer, corpus_filings: list[CorpusFiling], tmp_path: Path) -> None:
    ticker = next(t for t, cik in edgar.tickers.items() if cik == ASTA)
    day = date(2005, 3, 8)
    with client(edgar, tmp_path) as c:
        by_ticker = list_filings(c, FilingQuery(tickers=(ticker.lower(),), since=day, until=day))
        by_day = list_filings(c, FilingQuery(since=day, until=day))
        by_quarter = list_filings(c, FilingQuery(since=date(2005, 1, 1), until=date(2005, 3, 31), index="form"))
        summary = fetch_filings(c, by_day.filings, tmp_path)
    assert [f.accession for f in by_ticker.filings] == [f.accession for f in by_day.filings] == ["0001125282-05-001175"]
    assert f"/Archives/edgar/daily-index/2005/QTR1/master.{day:%Y%m%d}.idx" in {r.path for r in edgar.log}
    assert {f.accession for f in by_quarter.filings} == {
        f.accession for f in corpus_filings if date(2005, 1, 1) <= f.filed <= date(2005, 3, 31)}
    assert summary.fetched == 1
    assert edgar.requests_to("/Archives/edgar/data/1001258/0001125282-05-001175.txt")  # the index's own path


def test_429_503_and_a_dropped_connection_are_retried_and_the_download_resumes(
        edgar: EdgarReplayServer, corpus_filings: list[CorpusFiling], tmp_path: Path) -> None:
    sleeps = Sleeps()
    target = "/Archives/edgar/data/1001258/000112528205001175/0001125282-05-001175.txt"
    edgar.faults[f"/submissions/CIK{ASTA:010d}.json"] = ["429", "reset"]
    edgar.faults[target] = ["429", "503", "drop"]
    with client(edgar, tmp_path, sleep=sleeps) as c:
        listing = list_filings(c, FilingQuery(ciks=(ASTA,), since=date(2005, 3, 8), until=date(2005, 3, 8)))
        summary = fetch_filings(c, listing.filings, tmp_path)
        assert c.retried == 5
    assert summary.fetched == 1 and summary.failed == 0
    assert summary.results[0].path.read_bytes() == source_of(corpus_filings, "0001125282-05-001175")
    assert [r.status for r in edgar.requests_to(target)] == [429, 503, -200, 206]
    assert edgar.requests_to(target)[-1].headers["range"].startswith("bytes=")
    assert sleeps.waits.count(1.0) == 2  # Retry-After: 1 honoured for both 429s
    assert all(w < 1.0 for w in sleeps.waits if w != 1.0)  # the rest is exponential backoff from 0.05 s


def test_retry_after_pauses_every_download_thread(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    target = "/Archives/edgar/data/1001258/000112528205001175/0001125282-05-001175.txt"
    edgar.faults[target] = ["429"]
    with client(edgar, tmp_path) as c:
        listing = list_filings(c, FilingQuery(ciks=(ASTA,), since=date(2005, 1, 1)))
        summary = fetch_filings(c, listing.filings, tmp_path, workers=4)
    assert summary.fetched == 8 and summary.failed == 0
    told = next(r.at for r in edgar.log if r.status == 429)
    after = [r.at - told for r in edgar.log if r.at > told]
    # requests already on their way when the 429 went out still arrive; then nothing for a second
    assert after and max(after) >= 1.0
    assert not [t for t in after if 0.25 < t < 0.95], after


def test_an_interrupted_download_keeps_its_part_file_and_a_later_run_resumes_it(
        edgar: EdgarReplayServer, corpus_filings: list[CorpusFiling], tmp_path: Path) -> None:
    target = "/Archives/edgar/data/1001258/000112528205001175/0001125282-05-001175.txt"
    edgar.faults[target] = ["drop"]
    with client(edgar, tmp_path, retries=0) as c:
        listing = list_filings(c, FilingQuery(ciks=(ASTA,), since=date(2005, 3, 8), until=date(2005, 3, 8)))
        failed = fetch_filings(c, listing.filings, tmp_path)
    assert failed.failed == 1 and "kept to resume" in (failed.results[0].error or "")
    dest = cache_path(tmp_path, listing.filings[0])
    part = dest.with_name(dest.name + ".part")
    size = part.stat().st_size
    assert not dest.exists() and 0 < size < len(source_of(corpus_filings, "0001125282-05-001175"))
    with client(edgar, tmp_path, retries=0) as c:
        again = fetch_filings(c, listing.filings, tmp_path)
    assert again.fetched == 1 and not part.exists()
    assert dest.read_bytes() == source_of(corpus_filings, "0001125282-05-001175")
    assert edgar.requests_to(target)[-1].headers["range"] == f"bytes={size}-"


def test_giving_up_after_the_retries_reports_the_filing(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    target = "/Archives/edgar/data/1001258/000112528205001175/0001125282-05-001175.txt"
    edgar.faults[target] = ["503"] * 3
    with client(edgar, tmp_path, retries=2, sleep=Sleeps()) as c:
        listing = list_filings(c, FilingQuery(ciks=(ASTA,), since=date(2005, 3, 8), until=date(2005, 3, 8)))
        summary = fetch_filings(c, listing.filings, tmp_path)
    assert summary.failed == 1
    assert "HTTP 503; gave up after 3 attempts" in (summary.results[0].error or "")


def test_a_page_that_is_not_a_submission_is_not_cached(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    target = "/Archives/edgar/data/1001258/000112528205001175/0001125282-05-001175.txt"
    edgar.routes[target] = (b"<html><body>Mirror maintenance</body></html>", "text/html")
    with client(edgar, tmp_path) as c:
        listing = list_filings(c, FilingQuery(ciks=(ASTA,), since=date(2005, 3, 8), until=date(2005, 3, 8)))
        summary = fetch_filings(c, listing.filings, tmp_path)
    assert summary.failed == 1 and "not an EDGAR submission" in (summary.results[0].error or "")
    assert not list((tmp_path / str(ASTA)).glob("*"))


# -- the command -------------------------------------------------------------------------------------


def test_cli_fetch_lists_and_downloads(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    ticker = next(t for t, cik in edgar.tickers.items() if cik == ASTA)
    args = ["fetch", "--ticker", ticker, "--form", "8-K", "--since", "2005-03-01", "--until", "2005-06-30",
            "-o", str(tmp_path / "cache"), "--base-url", edgar.url, "--user-agent", UA, "--no-progress"]
    listed = CliRunner().invoke(cli, [*args, "--list"])
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert lines[0].split("\t") == ["cik", "accession", "form", "filed", "company", "url"]
    assert len(lines) == 3 and all(ln.startswith(f"{ASTA}\t") for ln in lines[1:])
    assert not (tmp_path / "cache" / str(ASTA)).exists()

    fetched = CliRunner().invoke(cli, args)
    assert fetched.exit_code == 0, fetched.output
    assert "2 filing(s) found; fetched 2" in fetched.stderr
    assert len(list((tmp_path / "cache" / str(ASTA)).glob("*.txt"))) == 2
    again = CliRunner().invoke(cli, args)
    assert again.exit_code == 0 and "fetched 0" in again.stderr and "2 already present" in again.stderr


def test_cli_fetch_reports_unknown_tickers_and_bad_dates(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    base = ["fetch", "-o", str(tmp_path), "--base-url", edgar.url, "--user-agent", UA]
    unknown = CliRunner().invoke(cli, [*base, "--ticker", "NOSUCH"])
    assert unknown.exit_code == 3 and "unknown ticker(s): NOSUCH" in unknown.stderr
    assert CliRunner().invoke(cli, [*base, "--since", "2005-13-01"]).exit_code == 2
    assert CliRunner().invoke(cli, base).exit_code == 2  # no company and no date range

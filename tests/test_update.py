"""`corpkg update` against the offline EDGAR (tests/edgar_server.py): only filings the store lacks are
fetched and built; without a company the range starts at the store's latest filing date."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from conftest import require_shared
from edgar_server import EdgarReplayServer, scan_submissions

from corpkg.cli import cli
from corpkg.fetch import Filing
from corpkg.graph.store import filing_graphs, open_store
from corpkg.update import in_store, latest_filing_date

UA = "corpkg tests tests@example.com"
ASTA = 1001258


@pytest.fixture
def edgar(monkeypatch: pytest.MonkeyPatch) -> Iterator[EdgarReplayServer]:
    for var in ("CORPKG_USER_AGENT", "CORPKG_CACHE", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY",
                "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    with EdgarReplayServer(scan_submissions(require_shared("corpus"))) as server:
        yield server


def test_update_fetches_and_builds_only_what_the_store_lacks(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    store_dir, cache = tmp_path / "kg", tmp_path / "filings"
    base = ["update", "--store", str(store_dir), "-o", str(cache), "--base-url", edgar.url, "--user-agent", UA,
            "--no-progress"]
    first = CliRunner().invoke(cli, [*base, "--cik", str(ASTA), "--since", "2005-03-01", "--until", "2005-05-31"])
    assert first.exit_code == 0, first.output
    assert "2 filing(s) listed since 2005-03-01; 0 already in the store; fetched 2, built 2" in first.stderr
    store = open_store(store_dir)
    assert len(filing_graphs(store)) == 2
    assert latest_filing_date(store) == date(2005, 5, 10)
    assert in_store(store, Filing(date(2005, 3, 8), ASTA, "0001125282-05-001175", "8-K"))
    del store

    # the next run reads every company's filings from the store's latest filing date on (the indexes):
    # ASTA's 05-10 filing is there already, the rest is new
    listed = [f for f in edgar.filings if f.form == "8-K" and date(2005, 5, 10) <= f.filed <= date(2005, 8, 5)]
    assert len(listed) >= 2
    downloads = len([r for r in edgar.log if "/edgar/data/" in r.path])
    second = CliRunner().invoke(cli, [*base, "--form", "8-K", "--until", "2005-08-05"])
    assert second.exit_code == 0, second.output
    new = len(listed) - 1
    assert (f"{len(listed)} filing(s) listed since 2005-05-10; 1 already in the store; fetched {new}, built {new}"
            in second.stderr)
    assert len([r for r in edgar.log if "/edgar/data/" in r.path]) == downloads + new
    store = open_store(store_dir)
    assert len(filing_graphs(store)) == 2 + new and latest_filing_date(store) == max(f.filed for f in listed)


def test_first_update_without_company_or_since_is_refused(edgar: EdgarReplayServer, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["update", "--store", str(tmp_path / "kg"), "-o", str(tmp_path / "f"),
                                      "--base-url", edgar.url, "--user-agent", UA])
    assert result.exit_code == 3 and "give --since" in result.stderr
    assert edgar.log == []

"""The due-diligence notebook runs from top to bottom on the example filings (nbclient), so it can
never silently break; and it is kept in git without outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "due_diligence.ipynb"

pytestmark = pytest.mark.slow


def test_notebook_is_stored_without_outputs():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, cell["source"][:80]


def test_notebook_executes(tmp_path, monkeypatch):
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.setenv("CORPKG_NOTEBOOK_OUT", str(tmp_path))
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}})
    client.execute()  # raises CellExecutionError with the failing cell and traceback

    outputs = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out.get("output_type") != "error", out
            outputs.append(out.get("text", "") + json.dumps(out.get("data", {})))
    text = "\n".join(outputs)
    # it read the example filings and found their issuer
    assert "2 filing(s)" in text
    assert "The Auxer Group, Inc." in text
    # it verified the evidence against the filings' text
    assert "mismatches" in text and " 0 mismatches" in text
    # and it wrote and embedded the page
    assert (tmp_path / "due_diligence.html").is_file()
    assert (tmp_path / "due_diligence.trig").is_file()
    assert "iframe srcdoc=" in text
    # identity and time: resolved identities, the timeline of one organization, the page again
    assert "row(s) of resolved identities" in text
    assert "Timeline of https://w3id.org/corpkg/id/" in text and "officers and directors resigned" in text
    assert (tmp_path / "due_diligence_resolved.html").is_file()

"""`corpkg text` prints exactly Document.text; errors are one line with the input-error exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpkg.commands.text import command as text_command
from corpkg.commands.text import parse_size
from corpkg.extract.reader import read_filing

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.name)
def test_text_output_is_document_text(path: Path) -> None:
    result = CliRunner().invoke(text_command, [str(path)])
    assert result.exit_code == 0
    assert result.stdout_bytes.decode("utf-8") == read_filing(path).text


@pytest.mark.shared
def test_text_output_of_html_filing_is_document_text(corpus_dir: Path) -> None:
    path = corpus_dir / "8-K_afc-gamma_2023-03-20.html"
    result = CliRunner().invoke(text_command, [str(path)])
    assert result.exit_code == 0
    assert result.stdout_bytes.decode("utf-8") == read_filing(path).text


def test_json_structure_has_everything_but_the_text() -> None:
    path = EXAMPLES / "002_933b7785daade086.txt"
    result = CliRunner().invoke(text_command, [str(path), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout_bytes)
    doc = read_filing(path)
    assert "text" not in data and data["text_length"] == len(doc.text)
    assert data["form_type"] == "8-K/A"
    assert data["cover"]["registrant_name"] == "THE AUXER GROUP, INC."
    assert [s["item"] for s in data["documents"][0]["sections"] if s["kind"] == "item"] == ["1", "2", "5", "7"]


def test_errors_are_one_line_with_exit_code_3(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    result = CliRunner().invoke(text_command, [str(empty)])
    assert result.exit_code == 3
    assert result.stderr.strip() == f"corpkg: error: {empty}: file is empty"
    assert result.stdout_bytes == b""


def test_max_size_option(tmp_path: Path) -> None:
    p = tmp_path / "f.txt"
    p.write_bytes(b"FORM 8-K\n" + b"x" * 2000)
    result = CliRunner().invoke(text_command, [str(p), "--max-size", "1K"])
    assert result.exit_code == 3 and "--max-size" in result.stderr
    assert CliRunner().invoke(text_command, [str(p), "--max-size", "0"]).exit_code == 0
    assert parse_size("50MB") == 50_000_000 and parse_size("200M") == 200_000_000 and parse_size("1024") == 1024
    assert CliRunner().invoke(text_command, [str(p), "--max-size", "lots"]).exit_code == 2

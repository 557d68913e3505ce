"""The CLI is a documented, thin shell: every command exists, has help text and an example."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from corpkg.cli import COMMANDS, cli


def test_every_command_is_listed_by_help() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0, result.output
    for name in COMMANDS:
        assert name in result.output, f"`corpkg {name}` missing from `corpkg --help`"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help_with_an_example(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Example" in result.output, f"`corpkg {name} --help` shows no example"
    assert f"corpkg {name}" in result.output


def test_unknown_command_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["frobnicate"])
    assert result.exit_code == 2


def test_console_script_runs() -> None:
    exe = __import__("shutil").which("corpkg", path=str(__import__("pathlib").Path(sys.executable).parent))
    assert exe, "the corpkg console script is not installed in this environment"
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, check=True)
    assert "corpkg" in out.stdout

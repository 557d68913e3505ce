"""The ``corpkg`` command: a thin shell over the library.

Each command lives in its own module under ``corpkg.commands`` and exposes ``command``
(a click command); they are loaded lazily so that ``corpkg --help`` stays fast.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

import click

from corpkg import __version__
from corpkg.errors import CorpkgError

__all__ = ["main", "cli", "COMMANDS"]

# command name -> module under corpkg.commands
COMMANDS: dict[str, str] = {
    "text": "text",
    "build": "build",
    "query": "query",
    "validate": "validate",
    "serve": "serve",
    "eval": "evaluate",
    "viz": "viz",
    "analyze": "analyze",
    "demo": "demo",
    "fetch": "fetch",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        # tests/test_cli.py checks that every entry of COMMANDS is present and documented
        return sorted(n for n, m in COMMANDS.items() if importlib.util.find_spec(f"corpkg.commands.{m}"))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        return importlib.import_module(f"corpkg.commands.{module}").command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="corpkg")
def cli() -> None:
    """Build a knowledge graph of corporate entities from SEC EDGAR filings.

    \b
    Example:
      corpkg build examples/ -o auxer.trig
      corpkg query auxer.trig --name officers
    """


def main() -> None:
    try:
        cli.main(standalone_mode=True)
    except CorpkgError as exc:  # pragma: no cover - commands normally handle their own
        click.echo(f"corpkg: error: {exc}", err=True)
        sys.exit(exc.exit_code)

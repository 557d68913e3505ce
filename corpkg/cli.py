"""The ``corpkg`` command: a thin shell over the library.

Each command lives in its own module under ``corpkg.commands`` and exposes ``command``
(a click command); they are loaded lazily so that ``corpkg --help`` stays fast.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Sequence
from typing import Any

import click

from corpkg import __version__
from corpkg.errors import CorpkgError, error_line

__all__ = ["main", "cli", "COMMANDS", "show_click_error"]

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
    "update": "update",
    "build-distributed": "build_distributed",
    "resolve": "resolve",
    "review": "review",
    "changes": "changes",
    "export": "export",
}


def show_click_error(exc: click.ClickException) -> None:
    """Report a click error with corpkg's one error prefix (usage and a help hint first for usage errors)."""
    if isinstance(exc, click.UsageError) and exc.ctx is not None:
        hint = ""
        if exc.ctx.command.get_help_option(exc.ctx) is not None:
            hint = f"Try '{exc.ctx.command_path} --help' for help.\n"
        click.echo(f"{exc.ctx.get_usage()}\n{hint}", err=True)
    click.echo(error_line(exc.format_message()), err=True)


class LazyGroup(click.Group):
    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        """Click's main, but errors are reported as ``corpkg: error: ...`` like every other error."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.ClickException as exc:
            show_click_error(exc)
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo(error_line("aborted"), err=True)
            sys.exit(1)
        except CorpkgError as exc:  # commands normally report their own
            click.echo(error_line(exc), err=True)
            sys.exit(exc.exit_code)
        sys.exit(rv if isinstance(rv, int) else 0)

    def list_commands(self, ctx: click.Context) -> list[str]:
        # tests/test_cli.py checks that every entry of COMMANDS is present and documented
        return sorted(n for n, m in COMMANDS.items() if importlib.util.find_spec(f"corpkg.commands.{m}"))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        cmd: click.Command = importlib.import_module(f"corpkg.commands.{module}").command
        return cmd


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
    cli.main(standalone_mode=True)

"""``corpkg serve --store DIR``: a SPARQL HTTP endpoint over a store (the Oxigraph server)."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import click

__all__ = ["command", "oxigraph_binary", "server_argv"]


def oxigraph_binary() -> str | None:
    """The ``oxigraph`` executable of the ``oxigraph`` PyPI package: next to this Python first, then PATH."""
    here = Path(sys.executable).parent / "oxigraph"
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    return shutil.which("oxigraph")


def server_argv(binary: str, store: str, bind: str, *, read_write: bool = False, cors: bool = False,
                timeout: int | None = None) -> list[str]:
    argv = [binary, "serve" if read_write else "serve-read-only", "--location", store, "--bind", bind,
            "--union-default-graph"]
    if cors:
        argv.append("--cors")
    if timeout:
        argv += ["--timeout-s", str(timeout)]
    return argv


@click.command("serve")
@click.option("--store", "store", required=True, type=click.Path(exists=True, file_okay=False),
              help="The store directory written by `corpkg build --store DIR`.")
@click.option("--bind", default="127.0.0.1:7878", show_default=True, help="HOST:PORT to listen on.")
@click.option("--read-write", is_flag=True,
              help="Accept SPARQL updates too (default: read-only; do not build into the store while it is served).")
@click.option("--cors", is_flag=True, help="Allow cross-origin requests (for browser notebooks).")
@click.option("--timeout", type=click.IntRange(1), default=None, help="Query timeout in seconds.")
def command(store: str, bind: str, read_write: bool, cors: bool, timeout: int | None) -> None:
    """Serve a store as a SPARQL 1.1 endpoint (the Oxigraph server, read-only by default).

    Queries see the union of all filing graphs as their default graph. The endpoint is at
    http://HOST:PORT/query (GET ?query=... or POST); Ctrl-C stops it.

    \b
    Example:
      corpkg build examples/ --store kg-store
      corpkg serve --store kg-store --bind 127.0.0.1:7878
      curl -H 'Accept: text/csv' --data-urlencode 'query=SELECT * WHERE { ?s a <https://w3id.org/corpkg/ontology#Filing> }' http://127.0.0.1:7878/query
    """
    if not re.fullmatch(r"[\w.\-\[\]:]+:\d{1,5}", bind):
        raise click.UsageError(f"--bind expects HOST:PORT, got {bind!r}")
    binary = oxigraph_binary()
    if binary is None:
        click.echo("corpkg: error: the `oxigraph` server is not installed; pip install 'corpkg[serve]' (or oxigraph)", err=True)
        sys.exit(4)
    argv = server_argv(binary, store, bind, read_write=read_write, cors=cors, timeout=timeout)
    click.echo(f"corpkg: serving {store} at http://{bind}/query ({'read-write' if read_write else 'read-only'})", err=True)
    sys.stderr.flush()
    sys.stdout.flush()
    os.execv(binary, argv)  # the server replaces this process: signals reach it directly

"""``corpkg serve --store DIR``: a SPARQL 1.1 HTTP endpoint over a store (:mod:`corpkg.graph.endpoint`)."""

from __future__ import annotations

import signal
import sys
from types import FrameType

import click

from corpkg.errors import CorpkgError, error_line

__all__ = ["command"]


@click.command("serve")
@click.option("--store", "store", required=True, type=click.Path(exists=True, file_okay=False),
              help="The store directory written by `corpkg build --store DIR`.")
@click.option("--bind", default="127.0.0.1:7878", show_default=True,
              help="HOST:PORT to listen on (port 0 picks a free one). Anything but 127.0.0.1 exposes the "
                   "store to the network: see docs/security.md.")
@click.option("--read-write", is_flag=True,
              help="Accept SPARQL updates at /update too (default: read-only; do not build into the store while it is served).")
@click.option("--cors", "cors", multiple=True, metavar="ORIGIN",
              help="Let web pages from ORIGIN (e.g. http://localhost:8888) query the endpoint; repeatable. "
                   "'*' allows every origin and is never the default.")
@click.option("--timeout", type=click.FloatRange(0.1, 86400), default=30.0, show_default=True,
              help="Seconds a query may run (evaluation and answer); past it the query is stopped and the "
                   "client gets HTTP 503.")
@click.option("--allow-service", is_flag=True,
              help="Allow SERVICE (federated queries) and LOAD, which make this machine send requests to the "
                   "addresses a client names. Off by default.")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Queries evaluated at once (worker processes; 1 in read-write mode).")
@click.option("--max-result-size", "max_result", type=str, default="100MB", show_default=True,
              help="Largest answer sent (bytes, or with K/M/G suffix).")
@click.option("-v", "--verbose", is_flag=True, help="Log every request on stderr.")
def command(store: str, bind: str, read_write: bool, cors: tuple[str, ...], timeout: float, allow_service: bool,
            workers: int, max_result: str, verbose: bool) -> None:
    """Serve a store as a SPARQL 1.1 endpoint (read-only, no federation, 30 s timeout by default).

    Queries see the union of all filing graphs as their default graph. The endpoint is at
    http://HOST:PORT/query (GET ?query=... or POST); Ctrl-C stops it. "corpkg: serving ..." is
    printed on stderr once it answers; when the address cannot be bound or the store not opened,
    an error is printed instead and the exit status is 4.

    \b
    Example:
      corpkg build examples/ --store kg-store
      corpkg serve --store kg-store --bind 127.0.0.1:7878
      curl -H 'Accept: text/csv' --data-urlencode 'query=SELECT * WHERE { ?s a <https://w3id.org/corpkg/ontology#Filing> }' http://127.0.0.1:7878/query
    """
    from corpkg.commands.text import parse_size
    from corpkg.graph.endpoint import Endpoint, EndpointConfig, parse_bind

    try:
        host, port = parse_bind(bind)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--bind'") from None
    try:
        max_result_bytes = parse_size(max_result)
    except click.BadParameter as exc:
        raise click.BadParameter(exc.message, param_hint="'--max-result-size'") from None
    for origin in cors:
        if origin != "*" and not origin.startswith(("http://", "https://")):
            raise click.BadParameter(f"expected an origin such as http://localhost:8888 or '*', got {origin!r}",
                                     param_hint="'--cors'")
    config = EndpointConfig(store=store, read_write=read_write, allow_service=allow_service, timeout=timeout,
                            cors_origins=tuple(dict.fromkeys(cors)), workers=workers,
                            max_result_bytes=max_result_bytes or 100_000_000, verbose=verbose)
    try:
        endpoint = Endpoint(config, host, port)
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        sys.exit(exc.exit_code)

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    click.echo(f"corpkg: serving {store} at {endpoint.url} ({endpoint.describe()})", err=True)
    sys.stderr.flush()
    try:
        endpoint.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        endpoint.close()

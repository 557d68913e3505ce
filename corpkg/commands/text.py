"""``corpkg text FILE``: print the plain text that evidence offsets refer to."""

from __future__ import annotations

import dataclasses
import json
import re
import sys

import click

from corpkg.errors import CorpkgError

__all__ = ["command", "parse_size"]


def parse_size(value: str) -> int:
    """``50000000``, ``50MB``, ``200M``, ``1G`` → bytes; ``0`` means no limit."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmg]?)i?b?\s*", value, re.I)
    if not m:
        raise click.BadParameter(f"expected a size such as 50000000, 50MB or 1G, got {value!r}")
    factor = {"": 1, "k": 1_000, "m": 1_000_000, "g": 1_000_000_000}[m.group(2).lower()]
    return int(float(m.group(1)) * factor)


class _Size(click.ParamType):
    name = "SIZE"

    def convert(self, value, param, ctx):  # type: ignore[no-untyped-def]
        if isinstance(value, int):
            return value
        try:
            return parse_size(value)
        except click.BadParameter as exc:
            self.fail(exc.message, param, ctx)


def structure(doc) -> dict:  # type: ignore[no-untyped-def]
    """Everything the reader found except the text itself (plus its length)."""
    d = dataclasses.asdict(doc)
    d.pop("text")
    d["text_length"] = len(doc.text)
    d["form_type"] = doc.form_type
    return d


@click.command("text")
@click.argument("file", type=click.Path(dir_okay=True, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the structure found (format, header, cover facts, documents, sections, tables) as JSON instead of the text.")
@click.option("--max-size", type=_Size(), default="50MB", show_default=True, help="Refuse files larger than this (bytes, or with K/M/G suffix; 0 = no limit).")
def command(file: str, as_json: bool, max_size: int) -> None:
    """Print the plain text of a filing, exactly as evidence offsets index it.

    For plain-text filings this is the file itself (universal newlines); for HTML the
    converted text. The output is UTF-8 and gets no extra trailing newline, so
    ``text[start:end]`` of any evidence is the quote.

    \b
    Example:
      corpkg text examples/001_39229ddd04409d79.txt | head -40
      corpkg text filing.htm --json
    """
    from corpkg.extract.reader import read_filing, read_text

    try:
        if file == "-":
            doc = read_text(sys.stdin.buffer.read(), "<stdin>", max_bytes=max_size or None)
        else:
            doc = read_filing(file, max_bytes=max_size)
    except CorpkgError as exc:
        click.echo(f"corpkg: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    out = sys.stdout.buffer
    if as_json:
        out.write(json.dumps(structure(doc), indent=1, ensure_ascii=False).encode("utf-8") + b"\n")
    else:
        out.write(doc.text.encode("utf-8", errors="surrogatepass"))
    out.flush()

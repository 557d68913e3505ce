"""``corpkg text FILE``: print the plain text that evidence offsets refer to."""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import click

from corpkg.errors import CorpkgError, TooLargeError, error_line, warning_line

if TYPE_CHECKING:
    from corpkg.extract.model import Document

__all__ = ["command", "parse_size", "Size"]


def parse_size(value: str) -> int:
    """``50000000``, ``50MB``, ``200M``, ``1.5G``, ``2KiB`` → bytes; ``0`` means no limit.

    Any size is accepted (nothing is allocated for it: files are read in chunks up to the limit),
    so ``30G`` or ``9223372036854775807`` simply mean "practically no limit".
    """
    m = re.fullmatch(r"\s*(\d{1,40}(?:\.\d{1,20})?)\s*([kmgt]?)(i?)b?\s*", value, re.I)
    if not m:
        raise click.BadParameter(f"expected a size such as 50000000, 50MB or 1G, got {value!r}")
    unit = m.group(2).lower()
    base = 1024 if m.group(3) else 1000
    factor = base ** " kmgt".index(unit or " ")
    return int(Decimal(m.group(1)) * factor)


class Size(click.ParamType):  # type: ignore[type-arg]  # ParamType is generic only from click 8.2; we support 8.1
    """A byte count written as ``parse_size`` reads it."""

    name = "SIZE"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            return parse_size(str(value))
        except click.BadParameter as exc:
            self.fail(exc.message, param, ctx)


def structure(doc: Document) -> dict[str, Any]:
    """Everything the reader found except the text itself (plus its length)."""
    d = dataclasses.asdict(doc)
    d.pop("text")
    d["text_length"] = len(doc.text)
    d["form_type"] = doc.form_type
    return d


@click.command("text")
@click.argument("file", type=click.Path(dir_okay=True, allow_dash=True, readable=False))
@click.option("--json", "as_json", is_flag=True,
              help="Print the structure found (format, header, cover facts, documents, sections, tables) as JSON "
                   "instead of the text.")
@click.option("--max-size", type=Size(), default="50MB", show_default=True,
              help="Refuse files larger than this (bytes, or with K/M/G suffix; 0 = no limit).")
@click.option("--accept-truncated", is_flag=True,
              help="Print what was read of a submission that was cut short (what `build --accept-truncated` indexes).")
def command(file: str, as_json: bool, max_size: int, accept_truncated: bool) -> None:
    """Print the plain text of a filing, exactly as evidence offsets index it.

    For plain-text filings this is the file itself (universal newlines); for HTML the
    converted text. The output is UTF-8 and gets no extra trailing newline, so
    ``text[start:end]`` of any evidence is the quote. Bytes that are not UTF-8 are read as
    cp1252, one character each, with a warning on stderr.

    \b
    Example:
      corpkg text examples/001_39229ddd04409d79.txt | head -40
      corpkg text filing.htm --json
    """
    from corpkg.extract.reader import notes, read_filing, read_limited, read_text

    try:
        if file == "-":
            data = read_limited(sys.stdin.buffer, max_size)
            if data is None:
                raise TooLargeError(f"input is over the limit of {max_size:,} bytes (raise it with --max-size)", "<stdin>")
            doc = read_text(data, "<stdin>", max_bytes=max_size or None, accept_truncated=accept_truncated)
        else:
            doc = read_filing(file, max_bytes=max_size, accept_truncated=accept_truncated)
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        sys.exit(exc.exit_code)
    for note in notes(doc):
        click.echo(warning_line(note, doc.path), err=True)
    out = sys.stdout.buffer
    if as_json:
        out.write(json.dumps(structure(doc), indent=1, ensure_ascii=False).encode("utf-8") + b"\n")
    else:
        out.write(doc.text.encode("utf-8", errors="surrogatepass"))
    out.flush()

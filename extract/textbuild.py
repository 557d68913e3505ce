"""Assemble ``Document.text`` piece by piece while keeping the offset map to the source."""

from __future__ import annotations

import re

from corpkg.extract.model import OffsetMap

__all__ = ["TextBuilder"]

_CR = re.compile(r"\r\n?")


class TextBuilder:
    """Collects text pieces, each tied to a source offset.

    A *segment* is a run in which text and source offsets advance together; a new segment
    starts whenever the correspondence jumps (a dropped tag, a decoded entity, a removed
    ``\\r``).  Consecutive pieces that continue the same correspondence are merged, so a
    verbatim copy costs one segment.
    """

    __slots__ = ("_parts", "_len", "_text_starts", "_source_starts", "_next_src")

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._len = 0
        self._text_starts: list[int] = []
        self._source_starts: list[int] = []
        self._next_src = -1  # source offset that would continue the last segment

    def __len__(self) -> int:
        return self._len

    def add(self, piece: str, src_pos: int) -> None:
        """Append ``piece`` whose first character corresponds to source offset ``src_pos``
        and whose following characters correspond to the following source characters."""
        if not piece:
            return
        if src_pos != self._next_src:
            self._text_starts.append(self._len)
            self._source_starts.append(src_pos)
        self._parts.append(piece)
        self._len += len(piece)
        self._next_src = src_pos + len(piece)

    def add_synthetic(self, piece: str, src_pos: int) -> None:
        """Append characters that stand for source offset ``src_pos`` (an entity, a tag
        rendered as a newline, a collapsed whitespace run): every one maps to ``src_pos``
        (approximately: within the piece, offsets advance from ``src_pos``)."""
        if not piece:
            return
        self._text_starts.append(self._len)
        self._source_starts.append(src_pos)
        self._parts.append(piece)
        self._len += len(piece)
        self._next_src = -1

    def add_verbatim(self, src: str, start: int, end: int) -> None:
        """Copy ``src[start:end]`` with universal-newline normalisation (``\\r\\n``/``\\r`` → ``\\n``)."""
        if start >= end:
            return
        if "\r" not in src[start:end]:
            self.add(src[start:end], start)
            return
        pos = start
        for m in _CR.finditer(src, start, end):
            self.add(src[pos : m.start()], pos)
            # a lone "\r" becomes the "\n"; for "\r\n" the "\n" maps to the source "\n"
            self.add("\n", m.start() if m.end() - m.start() == 1 else m.start() + 1)
            pos = m.end()
        self.add(src[pos:end], pos)

    def last_char(self) -> str:
        for p in reversed(self._parts):
            if p:
                return p[-1]
        return ""

    def tail(self, n: int) -> str:
        out = ""
        for p in reversed(self._parts):
            out = p + out
            if len(out) >= n:
                break
        return out[-n:]

    def text(self) -> str:
        return "".join(self._parts)

    def offset_map(self, *, identity_ok: bool = True) -> OffsetMap:
        """The map; empty when text and source coincide (identity)."""
        if identity_ok and len(self._text_starts) <= 1 and (not self._text_starts or self._source_starts[0] == 0):
            return OffsetMap()
        return OffsetMap(tuple(self._text_starts), tuple(self._source_starts))

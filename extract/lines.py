"""Lines of a filing's text, found from an offset outwards within a bounded reach.

Table, schedule and signature-block logic asks for "the line around this name" many times per
filing. A search for the previous newline from an offset back to the start of the text
(``text.rfind("\\n", 0, pos)``) finds it at once in ordinary text, but in a filing without line
breaks (one line of many megabytes, the HTML of some generators) it runs through everything
before the offset, for every name: quadratic. Every such search goes through these helpers,
which look at most :data:`LINE_REACH` characters either way; a "line" longer than that is no line
for layout logic, and its window is what the helpers return.
"""

from __future__ import annotations

__all__ = ["LINE_REACH", "line_around", "line_end", "line_start", "newline_before"]

LINE_REACH = 20_000
"""How far (characters) a line's start or end is looked for from an offset. Far longer than any
line of a filing's layout (paragraphs of HTML renderings run to a few thousand characters); it
only bounds the search in text that has no line breaks."""


def line_start(text: str, pos: int, reach: int = LINE_REACH) -> int:
    """Where the line holding ``text[pos]`` starts: after the newline before ``pos``, or 0; when
    no newline stands within ``reach`` characters before ``pos``, ``pos - reach``."""
    lo = max(0, pos - reach)
    return text.rfind("\n", lo, pos) + 1 or lo


def line_end(text: str, pos: int, reach: int = LINE_REACH) -> int:
    """Where the line holding ``text[pos]`` ends: at the first newline from ``pos`` on, or the end
    of the text; when none stands within ``reach`` characters, ``pos + reach``."""
    hi = min(len(text), pos + reach)
    end = text.find("\n", pos, hi)
    return hi if end < 0 else end


def line_around(text: str, s: int, e: int, reach: int = LINE_REACH) -> tuple[int, int]:
    """Start and end (its newline, or the end of the text) of the line holding ``text[s:e]``,
    each looked for within ``reach`` characters (see :func:`line_start`, :func:`line_end`)."""
    return line_start(text, s, reach), line_end(text, e, reach)


def newline_before(text: str, pos: int, reach: int = LINE_REACH) -> int | None:
    """Offset of the newline that ends the line before ``pos`` (-1 when the text starts on
    ``pos``'s line, as ``str.rfind`` answers), or None when no newline stands within ``reach``
    characters before ``pos`` (a line too long to be one)."""
    lo = max(0, pos - reach)
    found = text.rfind("\n", lo, pos)
    if found < 0 and lo > 0:
        return None
    return found

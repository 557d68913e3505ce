"""Is there a ``SERVICE`` (federated query) in a SPARQL query? Decided by Oxigraph's own parser.

A ``SERVICE <http://…>`` clause makes the engine send an HTTP request to any address the query
names; on an endpoint anyone can reach that is server-side request forgery. ``corpkg query`` and
``corpkg serve`` therefore refuse it unless told otherwise.

Spotting the keyword with a hand-written lexer is fragile: Oxigraph reads ``FILTER(?o<'x>')``
as a comparison with the string ``'x>'``, where a lexer that takes ``<'x>`` for an IRI would see
the following ``SERVICE`` as the inside of a string. So the decision is left to Oxigraph: every
case-insensitive occurrence of ``service`` (in keywords, names, strings, IRIs and comments alike)
is changed to ``servicx`` and the result is parsed. ``servicx`` is never a keyword, so if the
changed query parses, the original held no ``SERVICE`` clause; if it does not, the query is
refused without ever being evaluated. The changed query is only parsed against an empty
in-memory store (an ``ASK`` is evaluated there, with nothing to read and nowhere to call).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pyoxigraph as ox

from corpkg.errors import QueryUsageError, ServiceRefusedError

__all__ = ["uses_service", "refuse_service", "SERVICE_HINT"]

# letters of "service" (and the long s that case-insensitive matching folds to "s")
_SERVICE = re.compile(r"service", re.I)
# \uXXXX / \UXXXXXXXX escapes are honoured inside IRIs and strings; one that spells a letter is
# replaced by the letter so that an escaped keyword cannot slip past the check
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
_ERROR_AT = re.compile(r"error at (\d+):(\d+)")

SERVICE_HINT = "SERVICE (federated query) is disabled: it would make this machine send requests to other addresses"


def _letters_unescaped(query: str) -> str:
    def letter(m: re.Match[str]) -> str:
        code = int(m.group(1) or m.group(2), 16)
        ch = chr(code) if code < 0x110000 else ""
        return ch if ch.isalpha() else m.group(0)

    return _ESCAPE.sub(letter, query)


def _neutralised(query: str) -> tuple[str, list[tuple[int, int]]]:
    spans = [m.span() for m in _SERVICE.finditer(query)]
    chars = list(query)
    for _, e in spans:
        chars[e - 1] = "x" if chars[e - 1].islower() else "X"
    return "".join(chars), spans


def _offset(text: str, message: str) -> int | None:
    m = _ERROR_AT.search(message)
    if not m:
        return None
    line, col = int(m.group(1)), int(m.group(2))
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    return sum(len(x) + 1 for x in lines[: line - 1]) + col - 1


def uses_service(query: str, *, prefixes: Mapping[str, str] | None = None, base_iri: str | None = None) -> bool:
    """Whether ``query`` holds a ``SERVICE`` clause (or cannot be shown not to).

    Raises :class:`~corpkg.errors.QueryUsageError` for a syntax error that has nothing to do
    with ``SERVICE``. Never evaluates ``query`` itself.
    """
    text = _letters_unescaped(query)
    if not _SERVICE.search(text):
        return False
    changed, spans = _neutralised(text)
    try:
        ox.Store().query(changed, prefixes=dict(prefixes or {}), base_iri=base_iri)
    except SyntaxError as exc:
        off = _offset(changed, str(exc))
        if off is not None and not any(s <= off <= e + len(changed[e:]) - len(changed[e:].lstrip()) + 1 for s, e in spans):
            raise QueryUsageError(f"SPARQL syntax error: {exc}") from exc
        return True
    except (OSError, RuntimeError, ValueError):
        # an ASK failing on an empty store for another reason: not a SERVICE question
        return False
    return False


def refuse_service(query: str, *, prefixes: Mapping[str, str] | None = None, base_iri: str | None = None,
                   how_to_allow: str = "") -> None:
    """Raise :class:`~corpkg.errors.ServiceRefusedError` when ``query`` uses ``SERVICE``."""
    if uses_service(query, prefixes=prefixes, base_iri=base_iri):
        raise ServiceRefusedError(f"{SERVICE_HINT}{'; ' + how_to_allow if how_to_allow else ''}")

"""A small exception tree. Every error names the file (when there is one) and the problem.

Exit codes used by the CLI (documented in the README):
  0  success
  1  some inputs failed but others were processed (build) / validation found violations
  2  usage error (click; a bad SPARQL query or parameter; a refused ``SERVICE``)
  3  input error: the file cannot be read as a filing (empty, binary, truncated, too large ...)
  4  graph/store error (including an endpoint that cannot open its store or bind its address)

Every command reports an error as one line, ``corpkg: error: FILE: problem`` (:func:`error_line`),
and a warning as ``corpkg: warning: FILE: problem``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from corpkg.extract.model import Document

__all__ = [
    "ERROR_PREFIX",
    "WARNING_PREFIX",
    "error_line",
    "warning_line",
    "CorpkgError",
    "InputError",
    "EmptyFileError",
    "BinaryFileError",
    "TooLargeError",
    "MalformedFilingError",
    "TruncatedFilingError",
    "GraphError",
    "QueryError",
    "QueryUsageError",
    "ServiceRefusedError",
]

ERROR_PREFIX = "corpkg: error:"
WARNING_PREFIX = "corpkg: warning:"


def error_line(problem: object, path: str | None = None) -> str:
    """``corpkg: error: PATH: problem`` (the one error format of every command)."""
    return f"{ERROR_PREFIX} {path}: {problem}" if path else f"{ERROR_PREFIX} {problem}"


def warning_line(problem: object, path: str | None = None) -> str:
    """``corpkg: warning: PATH: problem``."""
    return f"{WARNING_PREFIX} {path}: {problem}" if path else f"{WARNING_PREFIX} {problem}"


class CorpkgError(Exception):
    """Base class of corpkg's errors."""

    exit_code = 1

    def __init__(self, message: str, path: str | None = None) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class InputError(CorpkgError):
    """A file cannot be read as a filing."""

    exit_code = 3


class EmptyFileError(InputError):
    pass


class BinaryFileError(InputError):
    pass


class TooLargeError(InputError):
    pass


class MalformedFilingError(InputError):
    pass


class TruncatedFilingError(MalformedFilingError):
    """A submission whose ``<DOCUMENT>`` or ``<TEXT>`` never closes: the file was cut short.

    ``document`` holds what could be read (for ``build --accept-truncated``, which builds it
    into a graph marked partial); building it silently would replace a complete graph of the
    same filing by a fragment.
    """

    def __init__(self, message: str, path: str | None = None, document: Document | None = None) -> None:
        super().__init__(message, path)
        self.document = document


class GraphError(CorpkgError):
    exit_code = 4


class QueryError(GraphError):
    pass


class QueryUsageError(QueryError):
    """The query itself is wrong (syntax, a parameter it does not project): a usage error."""

    exit_code = 2


class ServiceRefusedError(QueryUsageError):
    """A query asks for ``SERVICE`` (federation), which is off unless explicitly allowed."""

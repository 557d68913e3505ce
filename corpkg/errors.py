"""A small exception tree. Every error names the file (when there is one) and the problem.

Exit codes used by the CLI (documented in the README):
  0  success
  1  some inputs failed but others were processed (build) / validation found violations
  2  usage error (click)
  3  input error: the file cannot be read as a filing (empty, binary, truncated, too large ...)
  4  graph/store error
"""

from __future__ import annotations

__all__ = [
    "CorpkgError",
    "InputError",
    "EmptyFileError",
    "BinaryFileError",
    "TooLargeError",
    "MalformedFilingError",
    "GraphError",
    "QueryError",
]


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


class GraphError(CorpkgError):
    exit_code = 4


class QueryError(GraphError):
    pass

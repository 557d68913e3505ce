"""``corpkg query SOURCE --as-of DATE``: the state of the graph on a date (helper of the query command)."""

from __future__ import annotations

import re

import click

__all__ = ["AS_OF_VARIABLES", "as_of_rows"]

AS_OF_VARIABLES = ["role", "sourceLabel", "targetLabel", "title", "status", "since", "lastStated", "endDate", "endedBy",
                   "supporting", "conflicting", "source", "target"]


def as_of_rows(source: str, when: str, params: dict[str, str]) -> tuple[list[str], list[dict[str, str]]]:
    """Rows of :func:`corpkg.graph.asof.state_as_of` for ``corpkg query --as-of``; parameters: role
    (position, subsidiary, credit, proceeding, acquisition; comma-separated), entity (an IRI),
    ended (true: also facts ended by then), known_at (use statements dated up to this day)."""
    from corpkg.graph.asof import labels, state_as_of
    from corpkg.graph.store import open_store

    if not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", when):
        raise click.UsageError(f"--as-of expects a date YYYY-MM-DD, got {when!r}")
    unknown = set(params) - {"role", "entity", "ended", "known_at"}
    if unknown:
        raise click.UsageError(f"--as-of takes the parameters role, entity, ended, known_at; not {', '.join(sorted(unknown))}")
    store = open_store(source, read_only=True)
    role_names = [r.strip() for r in params.get("role", "").split(",") if r.strip()] or None
    rows = state_as_of(store, when, known_at=params.get("known_at"), include_ended=params.get("ended", "").lower() in ("1", "true", "yes"),
                       roles_=role_names, entity=params.get("entity"))
    names = labels(store)
    return AS_OF_VARIABLES, [r.as_dict(names) for r in rows]

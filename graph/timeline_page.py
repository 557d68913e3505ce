"""Page sections for identity and time: the change feed and the resolved identities of the entities
drawn, as static HTML appended to the page that :mod:`corpkg.graph.viz` writes (no script: the page's
Content-Security-Policy stays as it is)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

__all__ = ["changes_section", "identities_section", "append_sections", "MAX_ROWS"]

MAX_ROWS = 500
_STYLE = ("flex: 0 0 auto; font: 13px/1.4 system-ui, sans-serif; margin: 0; padding: 0.5em 1em; background: #fff; "
          "border-top: 1px solid #ccc; max-height: 40vh; overflow: auto")


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    head = "".join(f"<th style=\"text-align:left\">{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def changes_section(rows: Sequence[Mapping[str, str]], *, since: str, about: str = "") -> str:
    """The change feed (rows of :func:`corpkg.graph.changes.change_rows`) as a page section."""
    shown = list(rows)[:MAX_ROWS]
    more = f" (first {MAX_ROWS} of {len(rows)})" if len(rows) > MAX_ROWS else ""
    title = f"Changes since {since}" + (f" — {about}" if about else "") + more
    table = _table(["date", "change", "who / what", "title", "of", "how known", "evidence"],
                   ([r["date"], r["kind"], r["sourceLabel"], r["title"], r["targetLabel"], r["how"], r["evidence"]]
                    for r in shown))
    empty = "<p>No change stated in this period.</p>" if not shown else ""
    return f"<section id=\"changes\" style=\"{_STYLE}\"><h2>{escape(title)}</h2>{empty}{table if shown else ''}</section>"


def identities_section(canonical: Mapping[str, str], names: Mapping[str, str], drawn: Iterable[str]) -> str:
    """The resolved identities among the drawn entities: each canonical entity and the nodes judged
    the same as it (``corpkg resolve`` / ``corpkg review``)."""
    drawn_set = set(drawn)
    groups: dict[str, list[str]] = {}
    for member, canon in canonical.items():
        groups.setdefault(canon, []).append(member)
    rows = []
    for canon, members in sorted(groups.items(), key=lambda kv: names.get(kv[0], kv[0])):
        if not drawn_set & {canon, *members}:
            continue
        others = sorted(m for m in members if m != canon)
        rows.append([names.get(canon, canon), canon, "; ".join(f"{names.get(m, m)} <{m}>" for m in others)])
    if not rows:
        return ""
    return (f"<section id=\"identities\" style=\"{_STYLE}\"><h2>Resolved identities ({len(rows)})</h2>"
            + _table(["entity", "canonical id", "the same as"], rows[:MAX_ROWS]) + "</section>")


def append_sections(page: str | Path, sections: Iterable[str]) -> None:
    """Insert ``sections`` at the end of the page's body."""
    path = Path(page)
    html = path.read_text(encoding="utf-8")
    extra = "".join(s for s in sections if s)
    if not extra:
        return
    at = html.rfind("</body>")
    html = html[:at] + extra + html[at:] if at >= 0 else html + extra
    path.write_text(html, encoding="utf-8")


def page_sections(source: Any, drawn: Iterable[str], *, since: str | None, org: str | None) -> list[str]:
    """The identity and (with ``since``) change-feed sections for a page of ``source``."""
    from corpkg.graph.asof import canonical_links, labels
    from corpkg.graph.changes import change_rows
    from corpkg.graph.store import open_store

    store = open_store(source, read_only=True) if isinstance(source, (str, Path)) else source
    names = labels(store)
    out = [identities_section(canonical_links(store), names, drawn)]
    if since:
        out.append(changes_section(change_rows(store, since, org=org), since=since, about=names.get(org or "", "")))
    return out

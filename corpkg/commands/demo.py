"""``corpkg demo DIR --out-dir OUT``: run corpkg over a folder of filings and show what it found.

Each step is its own function so that later steps (entities, roles, graph, page) slot in.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from corpkg.errors import CorpkgError

if TYPE_CHECKING:
    from corpkg.extract.model import Document

__all__ = ["command", "find_filings", "read_filings", "describe", "ReadResult", "graph_step"]

_SKIP_NAMES = {"MANIFEST.tsv", "README.md"}


@dataclass
class ReadResult:
    path: Path
    document: Document | None
    error: CorpkgError | None


def find_filings(folder: Path) -> list[Path]:
    """Filing files under ``folder`` (recursively), hidden files and manifests skipped."""
    if folder.is_file():
        return [folder]
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.name not in _SKIP_NAMES and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )


def read_filings(paths: list[Path], *, max_bytes: int) -> list[ReadResult]:
    """Read every filing; an unreadable one is kept with its error instead of stopping the run."""
    from corpkg.extract.reader import read_filing

    out = []
    for p in paths:
        try:
            out.append(ReadResult(p, read_filing(p, max_bytes=max_bytes), None))
        except CorpkgError as exc:
            out.append(ReadResult(p, None, exc))
    return out


def describe(doc: Document) -> dict[str, Any]:
    """A short, JSON-ready account of what the reader found in one filing."""
    from corpkg.extract.reader import issuer_name

    cover = doc.cover
    header = doc.header
    return {
        "path": doc.path,
        "format": doc.format,
        "form_type": doc.form_type,
        "issuer": issuer_name(doc),
        "accession_number": header.accession_number if header else None,
        "filed_as_of": header.filed_as_of if header else None,
        "period_of_report": (header.period_of_report if header else None) or (cover.period_of_report if cover else None),
        "date_of_report": cover.date_of_report if cover else None,
        "cover": {
            k: getattr(cover, k)
            for k in ("registrant_name", "state_of_incorporation", "commission_file_number", "irs_employer_id", "address", "phone",
                      "shares_outstanding")
            if cover is not None and getattr(cover, k) is not None
        },
        "documents": [f"{d.type or '?'} ({d.content}, {d.end - d.start:,} chars)" for d in doc.documents],
        "sections": len(doc.sections),
        "tables": len(doc.tables),
        "text_length": len(doc.text),
        "warnings": list(doc.warnings),
    }


def print_summary(summary: dict[str, Any]) -> None:
    click.echo(f"{summary['path']}")
    click.echo(f"  {summary['format']}, form {summary['form_type'] or '?'}, issuer {summary['issuer'] or '?'}")
    dates = [f"{k} {summary[k]}" for k in ("filed_as_of", "period_of_report", "date_of_report") if summary[k]]
    if dates:
        click.echo("  " + ", ".join(dates))
    for k, v in summary["cover"].items():
        click.echo(f"  cover {k}: {v}")
    click.echo(f"  {len(summary['documents'])} document(s): {'; '.join(summary['documents'][:6])}")
    click.echo(f"  {summary['sections']} sections, {summary['tables']} tables, {summary['text_length']:,} characters of text")
    for w in summary["warnings"]:
        click.echo(f"  warning: {w}")


def write_summaries(summaries: list[dict[str, Any]], out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "filings.json"
    target.write_text(json.dumps(summaries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def page_step(documents: list, out_dir: Path, store: object | None = None) -> Path:  # type: ignore[type-arg]
    """Write the interactive page (out_dir/graph.html) for the filings; builds an in-memory store
    from ``documents`` unless a filled ``store`` is given."""
    from corpkg.graph.viz import page_for

    if store is None:
        from corpkg.extract.pipeline import extract_filing
        from corpkg.graph.store import add_extraction, open_store

        store = open_store()
        for doc in documents:
            add_extraction(store, extract_filing(doc))
    path, drawn = page_for(store, out_dir / "graph.html", title="corpkg demo", keep_isolates=True)
    click.echo(f"interactive page ({drawn.number_of_nodes()} entities, {drawn.number_of_edges()} relations): {path.resolve()}")
    return path


def graph_step(documents: list, out_dir: Path) -> object:  # type: ignore[type-arg]
    """Extract every filing into a persistent store (out_dir/store), write out_dir/graph.trig and
    print a few named-query answers; returns the store."""
    from corpkg.commands.query import format_rows
    from corpkg.extract.pipeline import extract_filing
    from corpkg.graph.query import load_named, select
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.store import export, open_store, replace_filing

    store = open_store(out_dir / "store")
    for doc in documents:
        try:
            replace_filing(store, build_filing_graph(extract_filing(doc)))
        except CorpkgError as exc:
            click.echo(f"corpkg: error: {doc.path}: {exc.message}", err=True)
    export(store, out_dir / "graph.trig")
    store.flush()
    click.echo(f"graph ({len(store):,} quads in {len(list(store.named_graphs()))} filing graph(s)): "
               f"{(out_dir / 'graph.trig').resolve()}; store: {(out_dir / 'store').resolve()}")
    for name in ("issuer_profile", "subsidiaries", "officers", "acquisitions"):
        variables, rows = select(store, load_named(name))
        keep = [v for v in variables if v.endswith("Label") or v in ("label", "titles", "relation", "kind", "filings", "ein", "asOf")]
        click.echo(f"\n== corpkg query {out_dir / 'graph.trig'} --name {name}")
        click.echo(format_rows(keep or variables, rows, "table"), nl=False)
    return store


@click.command("demo")
@click.argument("folder", type=click.Path(exists=True, file_okay=True, dir_okay=True, path_type=Path))
@click.option("--out-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("demo-output"), show_default=True,
              help="Where to write the results.")
@click.option("--max-size", type=int, default=50_000_000, show_default=True, help="Skip filings larger than this many bytes.")
def command(folder: Path, out_dir: Path, max_size: int) -> None:
    """Read every filing in FOLDER and show what corpkg found in each.

    \b
    Example:
      corpkg demo examples/ --out-dir demo-output
    """
    paths = find_filings(folder)
    if not paths:
        click.echo(f"corpkg: error: {folder}: no filings found", err=True)
        sys.exit(3)
    results = read_filings(paths, max_bytes=max_size)
    summaries = []
    for r in results:
        if r.error is not None:
            click.echo(f"corpkg: error: {r.error}", err=True)
            continue
        if r.document is None:
            continue
        s = describe(r.document)
        print_summary(s)
        summaries.append(s)
    target = write_summaries(summaries, out_dir)
    click.echo(f"{len(summaries)} of {len(results)} filing(s) read; summary written to {target}")
    if not summaries:
        sys.exit(3)
    documents = [r.document for r in results if r.document is not None]
    store = graph_step(documents, out_dir)
    page_step(documents, out_dir, store)

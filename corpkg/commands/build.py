"""``corpkg build PATH... -o OUT``: read filings, extract, write the graph and/or fill a store."""

from __future__ import annotations

import logging
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import click

from corpkg.errors import CorpkgError, GraphError

__all__ = ["command", "collect_inputs", "build_paths", "BuildResult", "FILING_SUFFIXES"]

# files a folder contributes (files named explicitly are always read)
FILING_SUFFIXES = {".txt", ".htm", ".html", ".xml", ".sgml", ".nc"}
DEFAULT_MAX_BYTES = 50_000_000


def collect_inputs(paths: list[str]) -> tuple[list[Path], list[tuple[str, str]]]:
    """Files to build (folders recursed, sorted, hidden files skipped) and (path, problem) pairs."""
    files: list[Path] = []
    problems: list[tuple[str, str]] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(
                f for f in p.rglob("*")
                if f.is_file() and f.suffix.lower() in FILING_SUFFIXES
                and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
            if not found:
                problems.append((raw, f"folder holds no filings ({', '.join(sorted(FILING_SUFFIXES))})"))
            files.extend(found)
        elif p.is_file():
            files.append(p)
        elif p.exists():
            problems.append((raw, "not a regular file or folder"))
        else:
            problems.append((raw, "no such file or folder"))
    seen: set[Path] = set()
    unique = []
    for f in files:
        r = f.resolve()
        if r not in seen:
            seen.add(r)
            unique.append(f)
    return unique, problems


@dataclass
class BuildResult:
    path: str
    graph: object | None = None  # corpkg.graph.rdf.FilingGraph
    error: str | None = None


def build_one(path: str, max_bytes: int = DEFAULT_MAX_BYTES, model: str | None = None) -> BuildResult:
    """Read, extract and map one filing; errors become a message, never an exception."""
    from corpkg.extract.pipeline import extract_filing
    from corpkg.extract.reader import read_filing
    from corpkg.graph.rdf import build_filing_graph

    try:
        doc = read_filing(path, max_bytes=max_bytes)
        extraction = extract_filing(doc, model=model)
        fg = build_filing_graph(extraction)
        return BuildResult(path, fg)
    except CorpkgError as exc:
        return BuildResult(path, error=exc.message)
    except MemoryError:
        return BuildResult(path, error="out of memory while building this filing")
    except Exception as exc:  # a bug in one extractor must not stop the whole build
        return BuildResult(path, error=f"internal error ({type(exc).__name__}: {exc}); please report it")


def _build_star(args: tuple[str, int, str | None]) -> BuildResult:
    return build_one(*args)


def build_paths(files: list[Path], *, max_bytes: int = DEFAULT_MAX_BYTES, jobs: int = 1,
                model: str | None = None, progress: bool = False):
    """Yield a BuildResult per file (in order), using ``jobs`` processes."""
    from tqdm import tqdm

    args = [(str(f), max_bytes, model) for f in files]
    bar = tqdm(total=len(args), unit="filing", disable=not progress, file=sys.stderr, leave=False)
    try:
        if jobs > 1 and len(args) > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for r in pool.map(_build_star, args, chunksize=1):
                    bar.update()
                    yield r
        else:
            for a in args:
                r = _build_star(a)
                bar.update()
                yield r
    finally:
        bar.close()


@click.command("build")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False),
              help="Write the graph here; the extension picks the format: .trig, .nq, .ttl, .nt or .jsonld "
                   "(.ttl/.nt hold the union of all filing graphs).")
@click.option("--store", "store_dir", type=click.Path(file_okay=False),
              help="Add the filings to this Oxigraph store directory (created if missing); a filing built "
                   "again replaces its own named graph and nothing else.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Build this many filings in parallel (processes).")
@click.option("--max-size", "max_size", default="50MB", show_default=True,
              help="Refuse filings larger than this (bytes, or with K/M/G suffix; 0 = no limit).")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar (default: when building 20 or more files on a terminal).")
@click.option("-v", "--verbose", is_flag=True, help="Also list the statements dropped while mapping to RDF, and why.")
def command(paths: tuple[str, ...], output: str | None, store_dir: str | None, jobs: int, max_size: str,
            progress: bool | None, verbose: bool) -> None:
    """Read filings (files or folders, recursed) and build their knowledge graph.

    Each filing becomes one named graph (described with PROV-O). Give -o to write a graph file,
    --store to fill a persistent store, or both. A file that cannot be built is reported on stderr
    as "corpkg: error: FILE: problem" and skipped; the others are still built. Exit status: 0 when
    every file was built, 1 when some failed, 3 when none could be built, 4 when the output cannot
    be written.

    \b
    Example:
      corpkg build examples/ -o auxer.trig
      corpkg build filings/ --store kg-store -j 2
    """
    from corpkg.commands.text import parse_size
    from corpkg.graph.store import format_for

    try:
        max_bytes = parse_size(max_size)
    except click.BadParameter as exc:
        raise click.UsageError(str(exc.message)) from None
    if not output and not store_dir:
        raise click.UsageError("say where the graph goes: -o FILE (.trig, .nq, .ttl, .nt, .jsonld) and/or --store DIR")
    if output:
        try:
            format_for(output)
        except GraphError as exc:
            raise click.UsageError(exc.message) from None

    sys.exit(_run(list(paths), output, store_dir, jobs, max_bytes, progress, verbose))


def _run(paths: list[str], output: str | None, store_dir: str | None, jobs: int, max_bytes: int,
         progress: bool | None, verbose: bool) -> int:
    """The build; returns the exit status (the store is closed when this returns)."""
    from corpkg.graph.store import export, format_for, open_store, replace_filing, serialize_quads

    logging.getLogger("corpkg.graph.rdf").setLevel(logging.WARNING if verbose else logging.ERROR)
    files, problems = collect_inputs(paths)
    for path, problem in problems:
        click.echo(f"corpkg: error: {path}: {problem}", err=True)
    if not files:
        click.echo("corpkg: error: no filings to build", err=True)
        return 3

    try:
        store = open_store(store_dir) if store_dir else open_store(None)
    except GraphError as exc:
        click.echo(f"corpkg: error: {exc}", err=True)
        return exc.exit_code

    show = progress if progress is not None else (len(files) >= 20 and sys.stderr.isatty())
    built: list[str] = []
    failed = len(problems)
    triples = 0
    dropped = 0
    from tqdm import tqdm

    for result in build_paths(files, max_bytes=max_bytes, jobs=jobs, progress=show):
        if result.error is not None:
            failed += 1
            tqdm.write(f"corpkg: error: {result.path}: {result.error}", file=sys.stderr)
            continue
        fg = result.graph
        try:
            triples += replace_filing(store, fg)
        except GraphError as exc:
            failed += 1
            tqdm.write(f"corpkg: error: {result.path}: {exc.message}", file=sys.stderr)
            continue
        built.append(str(fg.graph))
        dropped += len(fg.warnings)
        if verbose:
            for w in fg.warnings:
                tqdm.write(f"corpkg: warning: {result.path}: {w}", file=sys.stderr)

    if built and output:
        try:
            if store_dir:  # only this run's graphs
                import pyoxigraph as ox

                quads = [q for g in built for q in store.quads_for_pattern(None, None, None, ox.NamedNode(g))]
                data = serialize_quads(quads, format_for(output))
                Path(output).parent.mkdir(parents=True, exist_ok=True)
                tmp = Path(output).with_name(Path(output).name + ".part")
                tmp.write_bytes(data)
                os.replace(tmp, output)
            else:
                export(store, output)
        except (GraphError, OSError) as exc:
            click.echo(f"corpkg: error: {exc}", err=True)
            return 4
    if store_dir:
        store.flush()

    msg = f"corpkg: built {len(built)} filing(s), {triples} triples"
    if failed:
        msg += f"; {failed} failed"
    if dropped:
        msg += f"; {dropped} statement(s) dropped while mapping{'' if verbose else ' (-v lists them)'}"
    if output and built:
        msg += f"; wrote {output}"
    if store_dir:
        msg += f"; store {store_dir}"
    click.echo(msg, err=True)
    if not built:
        return 3
    return 1 if failed else 0

"""``corpkg resolve STORE``: decide which entity nodes of a store are the same (entity resolution)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from corpkg.errors import CorpkgError, error_line

if TYPE_CHECKING:
    import pyoxigraph as ox

__all__ = ["command", "open_for_update", "refresh_timeline", "save"]


def open_for_update(source: str) -> ox.Store:
    """The store to write judgements into: a store directory as it is, a graph file loaded in memory
    (written back by :func:`save`)."""
    from corpkg.graph.store import open_store

    return open_store(source)


def refresh_timeline(store: ox.Store) -> int:
    """Recompute the end claims of the timeline graph (they follow the resolved identities)."""
    from corpkg.graph.asof import write_timeline

    return write_timeline(store)


def save(store: ox.Store, source: str, out: str | None) -> None:
    """Write an in-memory store back to its graph file (or to OUT); a store directory is already saved."""
    from corpkg.graph.store import export

    target = out or (source if Path(source).is_file() else None)
    if target:
        export(store, target)


@click.command("resolve")
@click.argument("source", type=click.Path(exists=True))
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False),
              help="Write the store with its resolution graph here (default: back into SOURCE when it is a graph file).")
@click.option("--positive", type=click.FloatRange(0, 1), default=None,
              help="Match probability at or above which the model judges a pair the same (default 0.80).")
@click.option("--negative", type=click.FloatRange(0, 1), default=None,
              help="Match probability at or below which the model judges a same-name pair different (default 0.05).")
@click.option("--evaluate", "pairs_file", type=click.Path(exists=True, dir_okay=False),
              help="Also score the result on annotated identity pairs (JSON; filings relative to --shared).")
@click.option("--split", type=click.Choice(["dev", "test", "all"]), default="dev", show_default=True,
              help="Which annotated pairs to score: dev (sha1(id) %% 3 != 0), the locked test set, or all.")
@click.option("--shared", type=click.Path(file_okay=False), default="../shared", show_default=True,
              help="Folder the pairs' filing paths are relative to (only file names are matched).")
@click.option("--no-run", is_flag=True, help="With --evaluate: score the judgements already in SOURCE, without resolving again.")
@click.option("--model-out", type=click.Path(dir_okay=False),
              help="Write the models as used (per kind: how m and u were set, each level's m, u and weight) as JSON.")
@click.option("--priors", is_flag=True, help="Score with the prior m probabilities, without training them by EM.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
def command(source: str, out: str | None, positive: float | None, negative: float | None, pairs_file: str | None,
            split: str, shared: str, no_run: bool, fmt: str, model_out: str | None = None, priors: bool = False) -> None:
    """Find, score and judge pairs of entity nodes of SOURCE that may be the same.

    Candidate pairs come from blocking (identifiers, normalised names, surname and first initial,
    phonetic keys); a Splink model on DuckDB scores them (name parts, generational suffix, issuer,
    organizations served, years, named apart in one filing; CIK/EIN/file number, legal form, address
    for companies), its u probabilities estimated from random pairs (seeded) and its m probabilities
    by expectation maximisation over the candidate pairs (--model-out records them). Confident
    pairs are judged positive or negative by the model, the rest unsure (see `corpkg review`). The
    judgements and the canonical links (ckg:canonical) go to the named graph id/graph/resolution,
    the end claims of the timeline (for the named query as_of) to id/graph/timeline; the filings'
    graphs are not touched. A person's earlier verdicts are kept and override the
    model. Exit status 0; 2 for a bad option; 4 when the store cannot be read or written.

    \b
    Example:
      corpkg build ../shared/corpus --store kg -j 2
      corpkg resolve kg
      corpkg review kg
      corpkg query kg --name resolved_entities
    """
    from corpkg.graph import resolve as R

    try:
        store = open_for_update(source)
        result = None
        if not no_run:
            result = R.resolve(store, positive=R.POSITIVE if positive is None else positive,
                               negative=R.NEGATIVE if negative is None else negative, train=not priors)
            if model_out:
                Path(model_out).write_text(json.dumps(result.parameters, indent=2) + "\n", encoding="utf-8")
            refresh_timeline(store)
            save(store, source, out)
        report: dict[str, object] = {}
        if result is not None:
            report = {"entities": result.records, "candidate_pairs": result.candidates, "positive": result.positive,
                      "negative": result.negative, "unsure": result.unsure, "entities_linked": result.canonical,
                      "m_probabilities": "; ".join(f"{k}: {v['m_probabilities']}" for k, v in result.parameters.items())}
        if pairs_file:
            from corpkg.graph.identity_eval import evaluate, load_pairs

            pairs = load_pairs(pairs_file, None if split == "all" else split)
            score = evaluate(store, pairs)
            report["evaluation"] = {"split": split, **score.as_dict()}
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        sys.exit(exc.exit_code)
    except (OSError, ValueError, RuntimeError) as exc:
        click.echo(error_line(f"resolution failed: {exc}", source), err=True)
        sys.exit(4)
    if fmt == "json":
        click.echo(json.dumps(report, indent=2))
        return
    for key, value in report.items():
        if isinstance(value, dict):
            click.echo(f"{key}: " + ", ".join(f"{k} {v}" for k, v in value.items()))
        else:
            click.echo(f"{key.replace('_', ' ')}: {value}")
    if result is not None and result.unsure:
        click.echo(f"{result.unsure} pair(s) wait for review: corpkg review {source}")

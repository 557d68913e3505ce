"""``corpkg review STORE``: a person's verdicts on the pairs entity resolution left unsure."""

from __future__ import annotations

import sys
import textwrap
from typing import TYPE_CHECKING, Any

import click

from corpkg.errors import CorpkgError, error_line

if TYPE_CHECKING:
    import pyoxigraph as ox

__all__ = ["command", "side_by_side", "parse_pair"]

_VERDICTS = {"s": "same", "same": "same", "d": "different", "different": "different", "u": "unsure", "unsure": "unsure"}


def side_by_side(left: dict[str, Any], right: dict[str, Any], width: int = 58) -> str:
    """Two entities' evidence in two columns, field by field."""
    lines = []
    for field in ("entity", "names", "attributes", "organizations", "filings", "quotes"):
        a, b = left.get(field), right.get(field)
        ta = a if isinstance(a, list) else [a or ""]
        tb = b if isinstance(b, list) else [b or ""]
        wa = [w for item in ta for w in (textwrap.wrap(str(item), width) or [""])]
        wb = [w for item in tb for w in (textwrap.wrap(str(item), width) or [""])]
        for i in range(max(len(wa), len(wb), 1)):
            head = field if i == 0 else ""
            lines.append(f"{head:<14}{(wa[i] if i < len(wa) else ''):<{width}} | {wb[i] if i < len(wb) else ''}".rstrip())
    return "\n".join(lines)


def parse_pair(store: ox.Store, text: str) -> tuple[str, str]:
    """A pair given as "LEFT,RIGHT" (two entity IRIs), a judgement IRI, or N (the N-th pair of the
    review queue, 1-based)."""
    from corpkg.graph import resolve as R

    text = text.strip()
    if "," in text:
        a, b = (x.strip().strip("<>") for x in text.split(",", 1))
        return a, b
    if text.isdigit():
        queue = R.review_queue(store, limit=int(text))
        if int(text) < 1 or int(text) > len(queue):
            raise click.UsageError(f"the review queue has {len(queue)} pair(s); no pair {text}")
        j = queue[int(text) - 1]
        return j.left, j.right
    for j in R.judgements(store):
        if j.iri == text.strip("<>"):
            return j.left, j.right
    raise click.UsageError(f"PAIR must be LEFT,RIGHT (two entity IRIs), a judgement IRI or a queue number, not {text!r}")


@click.command("review")
@click.argument("source", type=click.Path(exists=True))
@click.option("--decide", nargs=2, metavar="PAIR VERDICT",
              help="Record a verdict without prompting: PAIR is LEFT,RIGHT (entity IRIs), a judgement IRI or a queue "
                   "number; VERDICT is same, different or unsure.")
@click.option("--withdraw", "withdraw_pair", metavar="PAIR",
              help="Withdraw the judgements of PAIR (only yours with --by); they stay as history but no longer count.")
@click.option("--by", "reviewer", default="reviewer", show_default=True, help="Your name, recorded as person:NAME.")
@click.option("--note", default="", help="A note recorded with the verdict.")
@click.option("--limit", type=click.IntRange(1), default=10, show_default=True, help="How many pairs to show.")
@click.option("--list", "list_only", is_flag=True, help="List the queue (most uncertain first) and exit.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False),
              help="Write the store here afterwards (default: back into SOURCE when it is a graph file).")
def command(source: str, decide: tuple[str, str] | None, withdraw_pair: str | None, reviewer: str, note: str, limit: int,
            list_only: bool, out: str | None) -> None:
    """Review the pairs `corpkg resolve` left unsure: the most uncertain first, the two entities'
    names, identifiers, organizations, filings and quotes side by side; answer same, different or
    unsure. Each verdict is a judgement by person:NAME with the time, kept in id/graph/resolution;
    it overrides the model, and `--withdraw` takes it back. Exit status 0; 2 for a bad pair or
    verdict; 4 when the store cannot be read or written.

    \b
    Example:
      corpkg review kg                        # prompts pair by pair
      corpkg review kg --list
      corpkg review kg --decide 1 different --by alice
      corpkg review kg --decide https://w3id.org/corpkg/id/cik/0000100493,https://w3id.org/corpkg/id/ein/710225165 same
      corpkg review kg --withdraw 1 --by alice
    """
    from corpkg.commands.resolve import open_for_update, refresh_timeline, save
    from corpkg.graph import resolve as R

    by = f"person:{reviewer}"
    try:
        store = open_for_update(source)
        if decide:
            left, right = parse_pair(store, decide[0])
            verdict = _VERDICTS.get(decide[1].lower())
            if verdict is None:
                raise click.UsageError(f"VERDICT must be same, different or unsure, not {decide[1]!r}")
            j = R.decide(store, left, right, verdict, by=by, note=note)
            refresh_timeline(store)
            save(store, source, out)
            click.echo(f"recorded {j.verdict} by {j.judged_by} at {j.judged_at}: {j.left} / {j.right}")
            return
        if withdraw_pair:
            if "," in withdraw_pair or withdraw_pair.isdigit():
                left, right = parse_pair(store, withdraw_pair)
                hit = R.withdraw(store, left, right, by=by if reviewer != "reviewer" else None)
            else:
                hit = R.withdraw(store, withdraw_pair.strip("<>"), None)
            refresh_timeline(store)
            save(store, source, out)
            for j in hit:
                click.echo(f"withdrew {j.verdict} by {j.judged_by} ({j.judged_at}): {j.left} / {j.right}")
            return
        queue = R.review_queue(store, limit=limit)
        if not queue:
            click.echo("nothing to review: no unsure pair is waiting (run corpkg resolve first?)")
            return
        for i, j in enumerate(queue, 1):
            click.echo(f"[{i}] score {j.score if j.score is not None else '?'}: {j.left}  |  {j.right}")
            if list_only:
                continue
            click.echo(side_by_side(R.evidence_of(store, j.left), R.evidence_of(store, j.right)))
            click.echo(f"model: {j.explanation}")
            answer = click.prompt("same / different / unsure / skip / quit", default="skip",
                                  type=click.Choice(["s", "d", "u", "k", "q", "same", "different", "unsure", "skip", "quit"]),
                                  show_choices=False)
            if answer in ("q", "quit"):
                break
            if answer in ("k", "skip"):
                continue
            done = R.decide(store, j.left, j.right, _VERDICTS[answer], by=by, note=note)
            click.echo(f"recorded {done.verdict}")
        if not list_only:
            refresh_timeline(store)
            save(store, source, out)
    except CorpkgError as exc:
        click.echo(error_line(exc), err=True)
        sys.exit(exc.exit_code)
    except (OSError, ValueError, RuntimeError) as exc:
        click.echo(error_line(f"review failed: {exc}", source), err=True)
        sys.exit(4)

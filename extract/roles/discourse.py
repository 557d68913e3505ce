"""Small discourse helpers for the acquisition and litigation rules: what a pronoun subject
("it", "they", "which") stands for within a sentence, and a per-filing memory of the deals a
section has introduced, so that a later "completed the acquisition" / "the Merger became
effective" can be tied to the parties named sentences or passages earlier.

The memory lives on the filing's :class:`~corpkg.extract.roles.common.RoleContext` (one per
filing, shared by the passages of that filing, which are processed in document order).
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, field

from corpkg.extract.roles.common import COMMON, Mention, Passage, RoleContext, enumeration_from, regexes

__all__ = ["pronoun_subject", "DealMemory", "memory"]

_RX = regexes(COMMON)
_PRONOUN = _RX["pronoun_subject"]
_OPENER = _RX["sentence_opener"]


def pronoun_subject(p: Passage, a: int, pos: int, *, exclude: Set[str] = frozenset()) -> list[Mention]:
    """Mentions a pronoun right before ``pos`` stands for: "it"/"which" → the sentence's opening
    subject when the sentence opens with a name (after an optional date clause), else the nearest
    organization before the pronoun; "they" → the enumeration the sentence opens with."""
    m = _PRONOUN.search(p.text, a, pos)
    if not m or m.end() != pos:
        return []
    before = [x for x in p.mentions_in(a, m.start()) if x.key not in exclude]
    if not before:
        return []
    first = before[0]
    opens = bool(_OPENER.fullmatch(p.text[a : first.start]))
    if m.group("pro").lower() == "they":
        return enumeration_from(p, first, m.start()) if opens else []
    if opens and first.label == "ORG" and m.group("pro").lower() == "it":
        return [first]
    orgs = [x for x in before if x.label == "ORG"]
    return [orgs[-1]] if orgs else []


@dataclass
class DealMemory:
    """Deals introduced earlier in the filing: (acquirer keys, target key, section title)."""

    deals: list[tuple[tuple[str, ...], str, str | None]] = field(default_factory=list)

    def remember(self, acquirers: list[str], target: str, section: str | None) -> None:
        item = (tuple(acquirers), target, section)
        if item in self.deals:
            self.deals.remove(item)
        self.deals.append(item)

    def last(self, section: str | None) -> tuple[tuple[str, ...], str] | None:
        """The latest deal introduced in the same section."""
        for acq, target, sec in reversed(self.deals):
            if sec == section:
                return acq, target
        return None


def memory(ctx: RoleContext) -> DealMemory:
    mem = ctx.memo.get("deal_memory")
    if not isinstance(mem, DealMemory):
        mem = ctx.memo["deal_memory"] = DealMemory()
    return mem

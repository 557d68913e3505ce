"""Each role's trigger test, borrowed from its rule component's prefilter.

Distant supervision labels every sentence naming both ends of a gold fact, most of which do not
state it ("Neither the Company nor the Bank admitted any wrongdoing").  A sentence without any of
the role's trigger words (the ``prefilter`` regexes of the role's pattern file: "subsidiar",
"owns", "acqui", "merger", "loan", "v.", "plaintiff", a title ...) keeps no positive label of
that role in training, and the trained model proposes no fact of that role from it.  The
patterns come from the registered role components (:mod:`corpkg.extract.roles.base`), so a
trigger added to a role's pattern file reaches the model too.
"""

from __future__ import annotations

import importlib
import re
from functools import cache

from corpkg.extract.roles.base import RoleComponent, components_for

__all__ = ["role_trigger", "any_trigger", "triggered"]


@cache
def role_trigger(role: str) -> re.Pattern[str] | None:
    """The union of the prefilters of the passage-level components making facts of ``role``
    (None when no component declares one)."""
    parts: list[str] = []
    for spec in components_for(role):
        if not spec.passage_level:
            continue
        module = importlib.import_module(spec.module)
        for obj in vars(module).values():
            if (isinstance(obj, type) and issubclass(obj, RoleComponent) and obj is not RoleComponent
                    and getattr(obj, "role_name", None) == spec.name and hasattr(obj, "prefilter")):
                parts.append(obj.prefilter.pattern)
    return re.compile("|".join(f"(?:{p})" for p in dict.fromkeys(parts)), re.I) if parts else None


@cache
def any_trigger(roles: frozenset[str] | None = None) -> re.Pattern[str]:
    """One test for the trigger words of every role the classifier decides (or of ``roles`` only)."""
    from corpkg.extract.learned.candidates import ROLE_SLOTS

    wanted = [r for r in ROLE_SLOTS if roles is None or r in roles]
    parts = [p.pattern for p in (role_trigger(r) for r in wanted) if p is not None]
    return re.compile("|".join(f"(?:{p})" for p in parts) or r"(?!)", re.I)


def triggered(role: str, text: str) -> bool:
    """Whether ``text`` holds one of ``role``'s trigger words (True when the role has none)."""
    pattern = role_trigger(role)
    return pattern is None or pattern.search(text) is not None

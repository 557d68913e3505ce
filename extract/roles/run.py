"""The filing-level stages around the role components, and the role facts' finalisation.

* ``issuer`` (:class:`IssuerStage`): the issuer and the other header/cover parties;
* ``exhibit21`` (:class:`Exhibit21Stage`): subsidiaries listed in an EX-21 exhibit;
* ``finalize`` (:class:`FinalizeStage`): tentative subsidiary ends are confirmed or dropped,
  companies that "became a subsidiary" also become acquisitions, and facts with the same defining
  participants are merged (:func:`finalize_facts`).

They work on the :class:`~corpkg.extract.pipeline.FilingContext` of the filing Doc; the role
components between them work on the filing's passage Docs (:mod:`corpkg.extract.roles.base`).
:func:`build_roles_pipeline` puts the registered role components alone in a pipeline, for
passage Docs made by hand (tests); :func:`extract_roles` runs a pipeline's role part (role
components, Exhibit 21, finalisation) given an entity index and, optionally, the passage Docs.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from corpkg.extract.model import Document, Entity, Fact
from corpkg.extract.names import load_list
from corpkg.extract.roles import acquisitions as _acq
from corpkg.extract.roles import lenders as _len
from corpkg.extract.roles import officers as _off
from corpkg.extract.roles import subsidiaries as _sub
from corpkg.extract.roles.base import filing_context, filing_stage, role_components
from corpkg.extract.roles.common import RoleContext, merge_facts
from corpkg.extract.roles.exhibit21 import exhibit21_facts
from corpkg.extract.roles.issuer import extract_issuer

if TYPE_CHECKING:
    from corpkg.extract.entities import EntityIndex

__all__ = ["build_roles_pipeline", "roles_context", "extract_roles", "RoleResult", "finalize_facts", "IssuerStage",
           "Exhibit21Stage", "FinalizeStage"]


def build_roles_pipeline(nlp: Language | None = None) -> Language:
    """A pipeline holding the registered role components (added to ``nlp`` if given, else to a
    blank English one), for passage Docs."""
    nlp = nlp if nlp is not None else spacy.blank("en")
    for spec in role_components():
        if spec.name not in nlp.component_names:
            nlp.add_pipe(spec.factory, name=spec.name)
    return nlp


# --------------------------------------------------------------------------- the per-filing role context

def _report_date(document: Document) -> str | None:
    cov = document.cover
    if cov and cov.date_of_report:
        return cov.date_of_report
    if document.header and document.header.period_of_report:
        return document.header.period_of_report
    return None


def _signer_key(document: Document, ctx: RoleContext) -> str | None:
    """Who signs a schedule (SC 13D, SC TO ...): the filed-by party, not the subject company."""
    form = (document.form_type or "").upper()
    if not form.startswith("SC") or document.header is None:
        return None
    for role in ("filed-by", "reporting-owner"):
        for party in document.header.parties:
            if party.role == role and party.name:
                key = ctx.resolve_key(party.name)
                if key:
                    return key
    return None


def roles_context(document: Document, index: EntityIndex | None, issuer_key: str | None) -> RoleContext:
    """What the role rules know about the filing beyond a passage: the issuer, the index that
    resolves names, the form, the report date and who signs a schedule."""
    ctx = RoleContext(
        issuer_key=issuer_key,
        document=document,
        index=index,
        form_type=document.form_type,
        report_date=_report_date(document),
    )
    ctx.signer_key = _signer_key(document, ctx)
    return ctx


@dataclass(frozen=True)
class RoleResult:
    facts: tuple[Fact, ...]  # finalised, not yet filtered to the filing's known entities
    entities: tuple[Entity, ...]  # entities the roles had to add (Exhibit 21 names unknown to the index)


def extract_roles(document: Document, index: Any, *, docs: Iterable[Doc] | None = None, issuer_key: str | None = None,
                  nlp: Language | None = None) -> RoleResult:
    """Role facts of one filing from its entity index (``resolve``, ``issuer_key``,
    ``passages``/``mentions_in``) without the issuer and entities stages: the role components and
    ``exhibit21`` of ``nlp`` (default: the package's pipeline), then :func:`finalize_facts`.
    ``docs``: the passage Docs, if made already (by hand, in tests)."""
    from corpkg.extract.pipeline import default_pipeline, filing_doc

    nlp = nlp if nlp is not None else default_pipeline()
    fdoc = filing_doc(nlp, document)
    ctx = filing_context(fdoc)
    ctx.index = index
    rctx = roles_context(document, index, issuer_key or getattr(index, "issuer_key", None))
    ctx.use_passages(docs, rctx)
    skip = {"issuer", "entities", "finalize"}
    for name, proc in nlp.pipeline:
        if name not in skip:
            fdoc = proc(fdoc)
    return RoleResult(tuple(finalize_facts(ctx.role_facts())), tuple(ctx.entities.values()))


# --------------------------------------------------------------------------- filing-level stages

@filing_stage("corpkg_issuer", name="issuer", role="issuer", assigns=["doc._.filing"])
class IssuerStage:
    """Issuer, filer, subject company, filed-by and reporting owners from the SGML header and the
    cover page (:func:`corpkg.extract.roles.issuer.extract_issuer`), with the ``issuer`` facts."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        ctx = filing_context(doc)
        result = extract_issuer(ctx.document)
        for e in result.entities:
            added = ctx.add_entity(e)
            if e.is_issuer:
                ctx.issuer = added
        ctx.facts.extend(result.facts)
        return doc


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@filing_stage("corpkg_exhibit21", name="exhibit21", role="subsidiary", assigns=["doc._.filing"])
class Exhibit21Stage:
    """Subsidiaries listed in the filing's EX-21 exhibits (:mod:`corpkg.extract.roles.exhibit21`);
    names the entity index does not know become new organizations."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        ctx = filing_context(doc)
        rctx = ctx.roles_context
        known = {e.key for e in getattr(ctx.index, "entities", ())}
        minted: dict[str, str] = {}

        def make_key(name: str) -> str:
            from corpkg.extract.names import name_key

            key = name_key(name) or _slug(name)
            if key in known or (key in minted and minted[key] != name):
                key = _slug(name)
            minted[key] = name
            return key

        facts, entities = exhibit21_facts(ctx.document, rctx.resolve_key, rctx.issuer_key, make_key)
        ctx.pending.extend(facts)
        for e in entities:
            ctx.add_entity(e)
        return doc


@filing_stage("corpkg_finalize", name="finalize", assigns=["doc._.filing"])
class FinalizeStage:
    """The role facts of the filing, finalised (:func:`finalize_facts`); a fact is kept when every
    participant is a known entity of the filing."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        ctx = filing_context(doc)
        keys = set(ctx.entities)
        ctx.facts.extend(f for f in finalize_facts(ctx.role_facts()) if all(k in keys for _, k in f.participants))
        taking_part = {k for f in ctx.facts for _, k in f.participants}
        for key in [k for k, e in ctx.entities.items() if k not in taking_part and not e.is_issuer and _passing(e)]:
            del ctx.entities[key]  # a regulator or exchange named in passing (patterns/passing_bodies.txt)
        for key in _fragments(ctx.entities, taking_part):
            del ctx.entities[key]
        ctx.finalised = True
        return doc


def _fragments(entities: dict[str, Entity], taking_part: set[str]) -> list[str]:
    """Organizations only ever seen inside another organization's longer name ("NORTH CAROLINA, N.A." of
    "WACHOVIA BANK OF NORTH CAROLINA, N.A." read from an agreement's party list) and in no fact: pieces
    of a name, not entities."""
    spans = sorted((m.start, m.end, k) for k, e in entities.items() if e.kind == "Organization"
                   for m in e.mentions if m.end > m.start)
    starts = [s for s, _, _ in spans]

    def held(k: str, a: int, b: int) -> bool:  # a longer name of another organization holds [a, b)
        hi = bisect.bisect_right(starts, a)
        return any(ok != k and os <= a and oe >= b and oe - os > b - a
                   for os, oe, ok in spans[max(0, hi - _FRAGMENT_LOOKBACK):hi])

    return [k for k, e in entities.items()
            if e.kind == "Organization" and not e.is_issuer and k not in taking_part and e.mentions
            and all(held(k, m.start, m.end) for m in e.mentions)]


_FRAGMENT_LOOKBACK = 40  # spans starting before a mention searched for one that holds it


@lru_cache(maxsize=1)
def _passing_bodies() -> frozenset[str]:
    return frozenset(_passing_norm(x) for x in load_list("passing_bodies.txt"))


def _passing_norm(name: str) -> str:
    words = re.sub(r"[^\w\s]", " ", name.lower()).split()
    while words and words[0] in ("the", "u", "s", "us"):
        words = words[1:]
    return " ".join(words)


def _passing(e: Entity) -> bool:
    """Whether ``e`` is a regulator, exchange or standard setter of ``passing_bodies.txt``."""
    return e.kind == "Organization" and any(_passing_norm(n) in _passing_bodies() for n in (e.label, *e.aliases))


def finalize_facts(facts: list[Fact]) -> list[Fact]:
    """Filing-level clean-up: confirm or drop tentative subsidiary ends; "X became a
    subsidiary of Y" also records Y's acquisition of X, and acquiring all the outstanding stock of X
    makes X a subsidiary; merge same-participant facts."""
    out = _sub.finalize(_off.finalize(_len.finalize(facts)))
    derived = []
    for f in out:
        if f.role != "subsidiary" or _sub.BECAME not in dict(f.attributes):
            continue
        attrs = [("kind", "company")]
        start = f.attribute("startDate")
        if start:
            attrs.append(("date", start[0]))
        derived.append(Fact("acquisition", (("acquirer", f.participant("owner")[0]), ("target", f.participant("owned")[0])),
                            tuple(attrs), f.evidence))
    for f in out:
        if f.role != "acquisition" or _acq.WHOLE not in dict(f.attributes):
            continue
        attrs = [("percentage", "100")] + [("startDate", d) for d in f.attribute("date")[:1]]
        derived.append(Fact("subsidiary", (("owner", f.participant("acquirer")[0]), ("owned", f.participant("target")[0])),
                            tuple(attrs), f.evidence))
    out = [Fact(f.role, f.participants, tuple(a for a in f.attributes if not a[0].startswith("_")), f.evidence)
           if any(a[0].startswith("_") for a in f.attributes) else f for f in out]
    return merge_facts(out + derived)

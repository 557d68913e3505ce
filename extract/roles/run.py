"""Run the role components over a filing: passage Docs in, filing-level facts out.

``extract_roles(document, index)`` builds the passage Docs (``corpkg.extract.entities.
iter_passage_docs``), sets the per-filing :class:`RoleContext` on each, runs the five role
components, reads Exhibit 21 lists, and finishes at the filing level: tentative subsidiary ends
are confirmed or dropped, companies that "became a subsidiary" also become acquisitions, and
facts with the same defining participants are merged.

``roles_stage`` is the :mod:`corpkg.extract.pipeline` stage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from corpkg.extract.model import Document, Entity, Fact
from corpkg.extract.roles import acquisitions as _acq  # noqa: F401 - registers the factories
from corpkg.extract.roles import lenders as _len  # noqa: F401
from corpkg.extract.roles import litigation as _lit  # noqa: F401
from corpkg.extract.roles import officers as _off  # noqa: F401
from corpkg.extract.roles import subsidiaries as _sub
from corpkg.extract.roles.common import RoleContext, merge_facts
from corpkg.extract.roles.exhibit21 import exhibit21_facts

__all__ = ["ROLE_PIPES", "build_roles_pipeline", "run_components", "extract_roles", "finalize_facts", "RoleResult",
           "roles_stage"]

# factory name -> the Doc._ attribute it writes
ROLE_PIPES: dict[str, str] = {
    "corpkg_subsidiaries": "role_subsidiaries",
    "corpkg_officers": "role_officers",
    "corpkg_lenders": "role_lenders",
    "corpkg_litigation": "role_litigation",
    "corpkg_acquisitions": "role_acquisitions",
}

_NLP: Language | None = None


def build_roles_pipeline(nlp: Language | None = None) -> Language:
    """A pipeline holding the five role components (added to ``nlp`` if given, else to a
    blank English one)."""
    nlp = nlp if nlp is not None else spacy.blank("en")
    for factory in ROLE_PIPES:
        if factory not in nlp.pipe_names:
            nlp.add_pipe(factory, name=factory)
    return nlp


def _roles_nlp() -> Language:
    global _NLP
    if _NLP is None:
        _NLP = build_roles_pipeline()
    return _NLP


def run_components(docs: Iterable[Doc], nlp: Language | None = None) -> list[Fact]:
    """Apply the role components to ready passage Docs; their facts in passage order."""
    nlp = nlp or _roles_nlp()
    procs = [(name, proc) for name, proc in nlp.pipeline if name in ROLE_PIPES]
    facts: list[Fact] = []
    for doc in docs:
        for name, proc in procs:
            doc = proc(doc)
            facts.extend(doc._.get(ROLE_PIPES[name]) or [])
    return facts


@dataclass(frozen=True)
class RoleResult:
    facts: tuple[Fact, ...]
    entities: tuple[Entity, ...]  # entities the roles had to add (Exhibit 21 names unknown to the index)


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


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def extract_roles(
    document: Document,
    index: Any,
    *,
    docs: Iterable[Doc] | None = None,
    issuer_key: str | None = None,
    nlp: Language | None = None,
) -> RoleResult:
    """Role facts of one filing.  ``index`` is the filing's EntityIndex (``resolve``,
    ``issuer_key``, ``passages``/``mentions``); ``docs`` the passage Docs if already built."""
    issuer_key = issuer_key or getattr(index, "issuer_key", None)
    ctx = RoleContext(
        issuer_key=issuer_key,
        document=document,
        index=index,
        form_type=document.form_type,
        report_date=_report_date(document),
    )
    ctx.signer_key = _signer_key(document, ctx)
    if docs is None:
        from corpkg.extract.entities import iter_passage_docs

        docs = iter_passage_docs(document, index, nlp or _roles_nlp())

    def with_ctx(ds: Iterable[Doc]) -> Iterable[Doc]:
        for d in ds:
            d._.roles_context = ctx
            yield d

    facts = run_components(with_ctx(docs), nlp)

    known = {e.key: e for e in getattr(index, "entities", ())}

    def resolve(name: str) -> str | None:
        return ctx.resolve_key(name)

    minted: dict[str, str] = {}

    def make_key(name: str) -> str:
        from corpkg.extract.names import name_key

        key = name_key(name) or _slug(name)
        if key in known or (key in minted and minted[key] != name):
            key = _slug(name)
        minted[key] = name
        return key

    ex_facts, ex_entities = exhibit21_facts(document, resolve, issuer_key, make_key)
    facts += ex_facts
    return RoleResult(tuple(finalize_facts(facts)), tuple(ex_entities))


def finalize_facts(facts: list[Fact]) -> list[Fact]:
    """Filing-level clean-up: confirm or drop tentative subsidiary ends; "X became a
    subsidiary of Y" also records Y's acquisition of X, and acquiring all the outstanding stock of X
    makes X a subsidiary; merge same-participant facts."""
    out = _sub.finalize(facts)
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


# --------------------------------------------------------------------------- pipeline stage

def roles_stage(state: Any) -> None:
    """Pipeline stage: role facts from the entity index the entity stage left in
    ``state.extras["entity_index"]`` (computed here when no entity stage ran)."""
    if state.extras.get("entity_index") is None:
        from corpkg.extract.entities import entities_stage

        entities_stage(state)
    index = state.extras["entity_index"]
    issuer_key = getattr(index, "issuer_key", None) or (state.issuer.key if state.issuer else None)
    result = extract_roles(state.document, index, issuer_key=issuer_key)
    for e in result.entities:
        state.add_entity(e)
    keys = set(state.entities)
    for f in result.facts:
        if all(k in keys for _, k in f.participants):
            state.facts.append(f)

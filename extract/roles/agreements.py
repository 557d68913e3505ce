"""Role facts from agreements read as documents (``Document.agreements``): a credit agreement's
lenders, borrowers, guarantors and agents (a ``credit`` fact), a merger agreement's parent and
company (an ``acquisition``, and merger sub as the parent's subsidiary), and every signature block
(a ``position``: the signer, the title, the signing entity).

Lenders come from the preamble ("as Lenders", "(the “Lender”)") and from signature pages (an entity
signing "as Lender" or under a "LENDER:" caption counts even when the preamble names only "the
Lenders party hereto"); an agent lends only when its capacity says so.  Names the entity index does
not know become new entities.  Evidence: the preamble's name and capacity, the signature block.
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.language import Language
from spacy.tokens import Doc

from corpkg.extract.agreements import is_lending_capacity
from corpkg.extract.model import Agreement, Document, Entity, EntityKind, Evidence, Fact
from corpkg.extract.names import name_key, normalize_name
from corpkg.extract.roles.base import filing_context, filing_stage
from corpkg.extract.roles.common import EXTRACTOR_VERSION, load_json, regexes

__all__ = ["ROLE", "agreement_facts", "AgreementsStage"]

ROLE = "credit"
PATTERNS = "agreements.json"
EXTRACTOR = f"corpkg.roles.agreements@{EXTRACTOR_VERSION}"
_LENDER_NAME = regexes("lenders.json")["lender_like_name"]  # "… Bank", "… Trust Company", "…, N.A."


def _words(key: str) -> set[str]:
    return set(load_json(PATTERNS)[key])


def _has(capacity: str, key: str) -> bool:
    words = _words(key)
    cap = capacity.lower()
    return cap in words or any(part.strip() in words for part in cap.replace(" and ", ",").split(","))


def _is_agent(capacity: str, key: str = "agent") -> bool:
    cap = capacity.lower()
    return any(w in cap.split() or cap.endswith(w) for w in _words(key))


def _ev(doc: Document, a: int, b: int) -> Evidence:
    sec = doc.section_at(a)
    return Evidence(quote=doc.text[a:b], start=a, end=b, section=sec.title if sec else None, extractor=EXTRACTOR)


Resolve = Callable[[str, EntityKind, Evidence], str]


def agreement_facts(doc: Document, ag: Agreement, resolve: Resolve, issuer_key: str | None) -> list[Fact]:
    """The role facts of one agreement; ``resolve(name, kind, evidence)`` gives an entity key."""
    facts: list[Fact] = []
    slots: dict[str, dict[str, list[Evidence]]] = {"lender": {}, "borrower": {}, "guarantor": {}, "agent": {},
                                                   "arranger": {}}
    acq: dict[str, dict[str, list[Evidence]]] = {"acquirer": {}, "target": {}, "merger_sub": {}}

    def put(table: dict[str, dict[str, list[Evidence]]], slot: str, name: str, ev: Evidence) -> None:
        key = resolve(name, "Organization", ev)
        table[slot].setdefault(key, []).append(ev)

    for p in ag.parties:
        ev = _ev(doc, p.start, p.quote_end)
        cap = p.capacity
        if not cap:
            continue
        if is_lending_capacity(cap):
            put(slots, "lender", p.name, ev)
        if _has(cap, "borrower"):
            put(slots, "borrower", p.name, ev)
        if _has(cap, "guarantor"):
            put(slots, "guarantor", p.name, ev)
        if _is_agent(cap):
            put(slots, "agent", p.name, ev)
        if _is_agent(cap, "arranger"):
            put(slots, "arranger", p.name, ev)
        if _has(cap, "acquirer"):
            put(acq, "acquirer", p.name, ev)
        if _has(cap, "target"):
            put(acq, "target", p.name, ev)
        if _has(cap, "merger_sub"):
            put(acq, "merger_sub", p.name, ev)
    # banks signing a syndicated agreement's signature pages without a printed capacity lend
    # once another signer lends ("BANK OF AMERICA, N.A., as a Bank" … "HARRIS TRUST AND SAVINGS BANK")
    uncaptioned = ag.kind in _words("uncaptioned_lender_kinds") and any(
        s.org and s.capacity and is_lending_capacity(s.capacity) for s in ag.signatories)
    with_part = {normalize_name(p.name) for p in ag.parties if p.capacity}
    for s in ag.signatories:
        if not s.org:
            continue
        ev = _ev(doc, s.start, s.end)
        if s.capacity and _is_agent(s.capacity):
            put(slots, "agent", s.org, ev)
        if s.capacity and _is_agent(s.capacity, "arranger"):
            put(slots, "arranger", s.org, ev)
        if s.capacity and is_lending_capacity(s.capacity):
            put(slots, "lender", s.org, ev)
        elif (uncaptioned and not s.capacity and _LENDER_NAME.search(s.org.title() if s.org.isupper() else s.org)
              and normalize_name(s.org) not in with_part):
            put(slots, "lender", s.org, ev)
        if s.person and s.title:
            org_key = resolve(s.org, "Organization", ev)
            person_key = resolve(s.person, "Person", _ev(doc, s.person_start, s.person_end))
            facts.append(Fact("position", (("holder", person_key), ("organization", org_key)),
                              (("title", s.title), ("status", "current")), (ev,)))
    if ag.kind in _words("credit_kinds") and slots["lender"]:
        if not slots["borrower"] and issuer_key and ag.issuer is not None:
            slots["borrower"][issuer_key] = [_ev(doc, ag.issuer.start, ag.issuer.quote_end)]
        parts = tuple((slot, k) for slot in ("lender", "borrower", "guarantor", "agent", "arranger") for k in slots[slot]
                      if not (slot == "lender" and k in slots["borrower"]))
        if slots["borrower"] and any(slot == "lender" for slot, _ in parts):
            evs = tuple(dict.fromkeys(e for slot in slots.values() for es in slot.values() for e in es))
            attrs: list[tuple[str, str]] = [("facilityType", ag.kind)] + ([("startDate", ag.date)] if ag.date else [])
            attrs += [("agreementTitle", " ".join(ag.title.split()))] if ag.title.strip() else []
            attrs += [("amendsAgreement", ag.amends)] if ag.amends else []
            attrs += [("amendedAgreementDate", ag.amends_date)] if ag.amends_date else []
            facts.append(Fact("credit", parts, tuple(attrs), (_ev(doc, ag.start, ag.end), *evs)))
    if ag.kind in _words("merger_kinds") and acq["acquirer"] and acq["target"]:
        parent = next(iter(acq["acquirer"]))
        target = next(iter(acq["target"]))
        if parent != target:
            attrs = [("kind", "company")] + ([("date", ag.date)] if ag.date else [])
            facts.append(Fact("acquisition", (("acquirer", parent), ("target", target)), tuple(attrs),
                              (*acq["acquirer"][parent], *acq["target"][target])))
            for sub, sub_evs in acq["merger_sub"].items():
                if sub != parent:
                    facts.append(Fact("subsidiary", (("owner", parent), ("owned", sub)), (), tuple(sub_evs)))
    return facts


@filing_stage("corpkg_agreements", name="agreements", role=ROLE, assigns=["doc._.filing"])
class AgreementsStage:
    """Credit, acquisition, subsidiary and position facts of the filing's agreements
    (:func:`agreement_facts`); unknown names become new entities."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        ctx = filing_context(doc)
        document: Document = ctx.document
        if not document.agreements:
            return doc
        rctx = ctx.roles_context

        def resolve(name: str, kind: EntityKind, ev: Evidence) -> str:
            key = rctx.resolve_key(name)
            if key:
                return str(key)
            key = name_key(name) or normalize_name(name)
            known = ctx.entities.get(key)
            if known is None or known.kind == kind:
                ctx.add_entity(Entity(key=key, kind=kind, label=name, mentions=(ev,)))
            return key

        for ag in document.agreements:
            ctx.pending.extend(agreement_facts(document, ag, resolve, rctx.issuer_key))
        return doc

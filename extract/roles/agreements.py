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

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from spacy.language import Language
from spacy.tokens import Doc

from corpkg.extract.agreements import commitment_lines, is_lending_capacity, looks_like_name
from corpkg.extract.model import Agreement, Document, Entity, EntityKind, Evidence, Fact
from corpkg.extract.names import name_key, normalize_name
from corpkg.extract.roles.base import filing_context, filing_stage
from corpkg.extract.roles.common import (
    EXTRACTOR_VERSION,
    find_money,
    find_percents,
    junk_party_name,
    limits,
    load_json,
    regexes,
)

__all__ = ["ROLE", "Commitment", "read_commitments", "agreement_facts", "AgreementsStage"]

ROLE = "credit"
PATTERNS = "agreements.json"
EXTRACTOR = f"corpkg.roles.agreements@{EXTRACTOR_VERSION}"
_LENDER_NAME = regexes("lenders.json")["lender_like_name"]  # "… Bank", "… Trust Company", "…, N.A."
_RX = regexes(PATTERNS)
_LIM = limits(PATTERNS)


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


@dataclass(frozen=True)
class Commitment:
    """One lender's commitment as an agreement prints it: the lender's name as printed, the amount
    (plain decimal) in ``currency`` (ISO 4217), its share of the facility when printed (0-100), and
    the span of the row or line stating it (the evidence)."""

    lender: str
    amount: str
    currency: str
    percentage: str | None
    start: int
    end: int


def _amount(cells: str, currency: str | None) -> tuple[str, str, int] | None:
    """The first amount above zero among a row's cells: (decimal, currency, end offset in ``cells``)."""
    for _, me, amount, cur in find_money(cells):
        if float(amount) > 0:
            return amount, cur, me
    for m in _RX["bare_amount"].finditer(cells):
        amount = m.group().replace(",", "")
        if float(amount) > 0:
            return amount, currency or "USD", m.end()
    return None


def _wraps(name: str) -> bool:
    """Whether a lender's name goes on on the next line ("Harris Trust and", "SouthTrust Bank of Alabama,")."""
    return bool(_RX["name_wraps"].search(name))


def _schedule_rows(text: str, head: re.Match[str], e: int) -> list[Commitment]:
    """The rows under a commitment schedule's head row: lender name, amount, share.  A name may wrap
    onto the next line ("Israel Discount Bank" / "of New York") or begin on the line above the amount
    ("SouthTrust Bank of Alabama," / "National Association   10%   $10,000,000")."""
    signs = {cur for _, _, _, cur in find_money(text[head.start(): min(e, head.end() + 4000)])}
    currency = next(iter(signs)) if len(signs) == 1 else None
    out: list[Commitment] = []
    gap = 0
    pos = head.end() + 1
    above: tuple[str, int] | None = None  # a name-only line just above (the start of a wrapped name)
    last_row = False  # the line before was a row
    while pos < e and len(out) < _LIM["commitment_rows"] and gap <= _LIM["commitment_gap_lines" if not out else "commitment_row_gap_lines"]:
        nl = text.find("\n", pos, e)
        line_end = nl if nl >= 0 else e
        line = text[pos:line_end]
        row_start = pos + len(line) - len(line.lstrip())
        nxt = line_end + 1
        cells = [c.strip() for c in _RX["cell_gap"].split(line.strip()) if c.strip()]
        if not cells or _RX["rule_line"].match(line.strip()):
            gap += 1 if not out and not cells else 0  # blank lines and rules between rows
            above, last_row = None, False
            pos = nxt
            continue
        if _RX["commitment_total"].match(cells[0]) or _RX["commitment_table_head"].match(line) \
                or (out and gap and _RX["schedule_end"].match(line.strip())):
            break
        rest = "\t".join(cells[1:])
        found = _amount(rest, currency) if len(cells) > 1 else None
        if found is None:
            if len(cells) == 1 and last_row and out and (_wraps(out[-1].lender) or _RX["name_goes_on"].match(cells[0])):
                prev = out[-1]  # the name of the row above goes on here
                out[-1] = Commitment(f"{prev.lender} {cells[0]}", prev.amount, prev.currency, prev.percentage,
                                     prev.start, pos + len(line.rstrip()))
                last_row = False
            else:
                above = (cells[0], row_start) if len(cells) == 1 and _wraps(cells[0]) else None
                gap += 1
                last_row = False
            pos = nxt
            continue
        name, start = cells[0], row_start
        if above is not None:
            name, start = f"{above[0]} {name}", above[1]
        above = None
        if not looks_like_name(name) or find_money(cells[0]):
            gap += 1
            pos = nxt
            continue
        gap = 0
        amount, cur, after = found
        pcts = find_percents(rest)
        pct = next((v for ps, _, v in pcts if ps >= after), pcts[0][2] if pcts else None)
        out.append(Commitment(name, amount, cur, pct, start, pos + len(line.rstrip())))
        last_row = True
        pos = nxt
    return out


def read_commitments(doc: Document, ag: Agreement) -> list[Commitment]:
    """Every lender's commitment printed in the agreement's document: schedule rows ("Schedule 2.01
    Commitments": Lender | Commitment | Applicable Percentage, HTML tables as tab-separated rows or
    plain-text columns), amounts printed beside a signing lender ("$71,250,000   BARCLAYS BANK PLC")
    and commitments stated under a lender's signature block ("Revolving Credit Commitment: $24,000,000")."""
    text = doc.text
    sub = doc.document_at(ag.start)
    s, e = (sub.start, sub.end) if sub is not None else (ag.start, len(text))
    out: list[Commitment] = []
    for party, a, b in commitment_lines(text, s, e):
        money = find_money(text[a:b])
        if money:
            out.append(Commitment(" ".join(party.name.split()), money[0][2], money[0][3], None, a, party.end))
    sigs = [sg for sg in ag.signatories if sg.org]
    for m in _RX["commitment_caption"].finditer(text, s, e):
        before = [sg for sg in sigs if sg.end <= m.start() and m.start() - sg.end <= _LIM["commitment_caption_reach"]]
        money = find_money(m.group("money"))
        if before and money:
            sg = max(before, key=lambda x: x.end)
            org = sg.org or ""
            if any(o.start >= sg.start and o.org != sg.org for o in sigs if o.start < m.start()):
                continue  # another entity's block comes in between
            start = m.start() + len(m.group()) - len(m.group().lstrip())
            out.append(Commitment(" ".join(org.split()), money[0][2], money[0][3], None, start, m.end()))
    for head in _RX["commitment_table_head"].finditer(text, s, e):
        out.extend(_schedule_rows(text, head, e))
    seen: set[tuple[str, str, int]] = set()
    unique = []
    for c in out:
        k = (c.lender.lower(), c.amount, c.start)
        if k not in seen:
            seen.add(k)
            unique.append(c)
    return unique


Resolve = Callable[[str, EntityKind, Evidence], str]


def agreement_facts(doc: Document, ag: Agreement, resolve: Resolve, issuer_key: str | None) -> list[Fact]:
    """The role facts of one agreement; ``resolve(name, kind, evidence)`` gives an entity key."""
    facts: list[Fact] = []
    slots: dict[str, dict[str, list[Evidence]]] = {"lender": {}, "borrower": {}, "guarantor": {}, "agent": {},
                                                   "arranger": {}}
    acq: dict[str, dict[str, list[Evidence]]] = {"acquirer": {}, "target": {}, "merger_sub": {}}
    names: dict[str, str] = {}  # entity key -> the name as printed
    sub_guarantors: dict[str, list[Evidence]] = {}  # who guarantees as a subsidiary ("X, as Subsidiary Guarantor")

    def put(table: dict[str, dict[str, list[Evidence]]], slot: str, name: str, ev: Evidence) -> str:
        key = resolve(name, "Organization", ev)
        names.setdefault(key, name)
        table[slot].setdefault(key, []).append(ev)
        return key

    for p in ag.parties:
        ev = _ev(doc, p.start, p.quote_end)
        cap = p.capacity
        if not cap or junk_party_name(p.name):
            continue
        if is_lending_capacity(cap):
            put(slots, "lender", p.name, ev)
        if _has(cap, "borrower"):
            put(slots, "borrower", p.name, ev)
        guarantor = put(slots, "guarantor", p.name, ev) if _has(cap, "guarantor") else None
        if _has(cap, "subsidiary_guarantor"):
            sub_guarantors.setdefault(guarantor or resolve(p.name, "Organization", ev), []).append(ev)
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
    signer_lends = any(s.org and s.capacity and is_lending_capacity(s.capacity) for s in ag.signatories)
    uncaptioned = ag.kind in _words("uncaptioned_lender_kinds") and signer_lends
    # a note purchase agreement's buyers sign under the first buyer's block, each without a capacity of its own
    buyers_sign = ag.kind in _words("note_purchase_kinds") and signer_lends
    with_part = {normalize_name(p.name) for p in ag.parties if p.capacity}
    signed_guarantors: set[str] = set()  # who signs as a guarantor only: no agent, whatever the preamble's list seemed to say
    lend_group = False  # the last block's caption ("LENDERS:") lends: blocks under it without a capacity lend too
    group = ""  # a plural caption ("SUBSIDIARY GUARANTORS:") heads the blocks under it until the next capacity
    for s in ag.signatories:
        if not s.org:
            continue
        ev = _ev(doc, s.start, s.end)
        cap = s.capacity or group
        group = s.capacity if s.capacity and _has(s.capacity, "guarantor_group") else group if not s.capacity else ""
        if cap and _has(cap, "guarantor") and not is_lending_capacity(cap) and not _is_agent(cap):
            key = put(slots, "guarantor", s.org, ev)
            signed_guarantors.add(key)
            if _has(cap, "subsidiary_guarantor"):
                sub_guarantors.setdefault(key, []).append(ev)
        if s.capacity and _is_agent(s.capacity):
            put(slots, "agent", s.org, ev)
        if s.capacity and _is_agent(s.capacity, "arranger"):
            put(slots, "arranger", s.org, ev)
        if s.capacity:
            lend_group = s.captioned and is_lending_capacity(s.capacity) and not _is_agent(s.capacity) and not _has(s.capacity, "borrower")
        if s.capacity and is_lending_capacity(s.capacity):
            put(slots, "lender", s.org, ev)
        elif lend_group and ag.kind in _words("credit_kinds") and normalize_name(s.org) not in with_part:
            put(slots, "lender", s.org, ev)  # "LENDER:" over several blocks: each block after it lends
        elif (uncaptioned and not s.capacity and _LENDER_NAME.search(s.org.title() if s.org.isupper() else s.org)
              and normalize_name(s.org) not in with_part):
            put(slots, "lender", s.org, ev)
        elif buyers_sign and not s.capacity and normalize_name(s.org) not in with_part:
            put(slots, "lender", s.org, ev)
        if s.person and s.title:
            org_key = resolve(s.org, "Organization", ev)
            person_key = resolve(s.person, "Person", _ev(doc, s.person_start, s.person_end))
            facts.append(Fact("position", (("holder", person_key), ("organization", org_key)),
                              (("title", s.title), ("status", "current")), (ev,)))
    commitments: list[tuple[str, Commitment, Evidence]] = []
    if ag.kind in _words("credit_kinds"):
        for c in read_commitments(doc, ag):
            ev = _ev(doc, c.start, c.end)
            key = resolve(c.lender, "Organization", ev)
            if key not in slots["borrower"]:
                slots["lender"].setdefault(key, []).append(ev)
                commitments.append((key, c, ev))
    # a guarantee or credit document whose lenders go unnamed ("the Lenders party hereto") still says who
    # guarantees whose debt to which agent: the agent stands for the lenders (the credit shape: a lender or an agent)
    for key in signed_guarantors & set(slots["agent"]):
        del slots["agent"][key]
    for_agent = bool(slots["agent"] and slots["guarantor"])
    if for_agent and not slots["lender"]:
        for key in [k for k in slots["agent"] if not looks_like_name(names.get(k, k).rstrip(")"))
                    or names.get(k, k).count("(") != names.get(k, k).count(")")]:
            del slots["agent"][key]  # a capacity read as a name ("Administrative Agent)")
        for_agent = bool(slots["agent"]) and (bool(slots["borrower"]) or issuer_key not in slots["guarantor"])
    # a credit agreement's preamble naming its borrower and its agent, the lenders unnamed ("the Lenders party
    # hereto"): the agent acts for the lenders
    agent_only = ag.kind in _words("agent_only_kinds") and not slots["lender"] and any(
        p.capacity and _is_agent(p.capacity) and "agent" in p.capacity and _has(q.capacity, "borrower")
        for p in ag.parties for q in ag.parties)
    for key in [k for k in slots["agent"] if k in slots["borrower"]]:
        del slots["agent"][key]  # a borrower read as an agent too ("X (as successor to Y), as Agent")
    agent_only = agent_only and bool(slots["agent"]) and bool(slots["borrower"])
    if ag.kind in _words("credit_kinds") and (slots["lender"] or for_agent or agent_only):
        if not slots["borrower"] and issuer_key and ag.issuer is not None:
            slots["borrower"][issuer_key] = [_ev(doc, ag.issuer.start, ag.issuer.quote_end)]
        parts = tuple((slot, k) for slot in ("lender", "borrower", "guarantor", "agent", "arranger") for k in slots[slot]
                      if not (slot == "lender" and k in slots["borrower"]))
        if slots["borrower"] and any(slot == "lender" or (for_agent and slot == "guarantor") or (agent_only and slot == "agent")
                                     for slot, _ in parts):
            evs = tuple(dict.fromkeys(e for slot in slots.values() for es in slot.values() for e in es))
            attrs: list[tuple[str, str]] = [("facilityType", ag.kind)] + ([("startDate", ag.date)] if ag.date else [])
            attrs += [("agreementTitle", " ".join(ag.title.split()))] if ag.title.strip() else []
            attrs += [("amendsAgreement", ag.amends)] if ag.amends else []
            attrs += [("amendedAgreementDate", ag.amends_date)] if ag.amends_date else []
            attrs += [("commitment", json.dumps({"lender": key, "amount": c.amount, "currency": c.currency,
                                                 "percentage": c.percentage, "start": c.start, "end": c.end},
                                                sort_keys=True)) for key, c, _ in commitments]
            evs = tuple(dict.fromkeys((*evs, *(ev for _, _, ev in commitments))))
            facts.append(Fact("credit", parts, tuple(attrs), (_ev(doc, ag.start, ag.end), *evs)))
    if ag.kind in _words("credit_kinds"):
        facts += _parent_facts(doc, ag, resolve, issuer_key, slots, sub_guarantors)
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


def _parent_facts(doc: Document, ag: Agreement, resolve: Resolve, issuer_key: str | None,
                  slots: dict[str, dict[str, list[Evidence]]], sub_guarantors: dict[str, list[Evidence]]) -> list[Fact]:
    """What a credit document's parent company owns: the party defined or acting as its "Parent" or
    "Holdings" owns each borrower and each subsidiary guarantor. Without such a party, a filer that
    guarantees the debt and does not borrow owns each borrower ("SkyWater Technology Foundry, Inc., …,
    as Borrowers; SkyWater Technology, Inc., as Guarantor", filed by SkyWater Technology), and a filer
    that borrows or guarantees owns each subsidiary guarantor."""
    terms = _words("parent_terms")
    parent: str | None = None
    parent_evs: list[Evidence] = []
    owned: dict[str, list[Evidence]] = {}
    found = next((p for p in ag.parties if not junk_party_name(p.name)
                  and ((p.term or "").lower() in terms or p.capacity in terms)), None)
    if found is not None:
        ev = _ev(doc, found.start, found.quote_end)
        parent, parent_evs = resolve(found.name, "Organization", ev), [ev]
        owned = {**slots["borrower"], **sub_guarantors}
    elif issuer_key is not None and (issuer_key in slots["guarantor"] or issuer_key in slots["borrower"]):
        parent, parent_evs = issuer_key, slots["guarantor"].get(issuer_key) or slots["borrower"][issuer_key]
        if issuer_key not in slots["borrower"]:
            owned.update(slots["borrower"])
        owned.update(sub_guarantors)
    if parent is None:
        return []
    lenders = set(slots["lender"]) | set(slots["agent"])
    return [Fact("subsidiary", (("owner", parent), ("owned", key)), (), tuple(dict.fromkeys((*evs, *parent_evs))))
            for key, evs in owned.items() if key != parent and key not in lenders]


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
            name = " ".join(name.split())  # a name wrapped over two lines of a text filing is one label
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

"""Agreements read as documents: an EX-10 credit agreement, a guarantee, a merger agreement ...

An agreement is its own document even without an SEC header.  From the top of a document this
module reads its title (and so its kind), its date, the exhibit type it is filed as, the parties
its preamble names with the capacity each acts in ("as Borrower", "(the “Agent”)", "the Lenders
party hereto"), and from its signature pages each signing entity with its capacity and the person
who signs (``By: /s/ …``, ``Name:``, ``Title:``).  The party an exhibit is about (its issuer when
no header names one) is the preamble's "Borrower", "Issuer", "Parent" or "Company".

Every pattern and number is data: ``extract/patterns/agreements.json``.  Offsets index
``Document.text``.
"""

from __future__ import annotations

import dataclasses
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from corpkg.extract.lines import LINE_REACH, line_start
from corpkg.extract.model import Agreement, AgreementParty, Signatory, SubDocument

__all__ = ["read_agreement", "read_agreements", "agreement_kind", "is_lending_capacity", "patterns", "commitment_lines",
           "looks_like_name"]

_FILE = Path(__file__).resolve().parent / "patterns" / "agreements.json"
_NOT_A_NAME = {"the", "and", "each", "by", "among", "between", "of"}


@lru_cache(maxsize=1)
def patterns() -> dict[str, Any]:
    """The pattern file, its regexes compiled (case-sensitive where capitals matter)."""
    data: dict[str, Any] = json.loads(_FILE.read_text(encoding="utf-8"))
    rx: dict[str, re.Pattern[str]] = {}
    case_sensitive = {"title_line", "title_inline", "name_shape", "sig_capacity_line", "sig_by", "sig_name", "sig_title",
                      "and_split", "commitment_line", "amended_reference",
                      "upper_and_after", "and_inside_name", "address_end"}
    for key, value in data["regex"].items():
        if key.startswith("_"):
            continue
        flags = re.M if key.startswith("sig_") or key in ("title_line", "commitment_line") else 0
        rx[key] = re.compile(value, flags | (0 if key in case_sensitive else re.I))
    data["_rx"] = rx
    data["_kinds"] = [(kind, re.compile(p, re.I)) for kind, p in data["kinds"]]
    return data


def _rx(key: str) -> re.Pattern[str]:
    return patterns()["_rx"][key]  # type: ignore[no-any-return]  # built by patterns()


def _limit(key: str) -> int:
    return int(patterns()["limits"][key])


def agreement_kind(title: str) -> str | None:
    """The kind of agreement a title names (credit agreement, amendment, guarantee, ...)."""
    for kind, rx in patterns()["_kinds"]:
        if rx.search(title):
            return str(kind)
    return None


def is_lending_capacity(capacity: str) -> bool:
    """Whether a capacity says the party lends ("Lender", "a Bank", "Agent and Lender")."""
    return bool(_rx("lend_capacity").search(capacity))


def _capacity_of_term(term: str) -> str | None:
    t = " ".join(term.lower().split()).rstrip(".,;:")
    terms: dict[str, str] = patterns()["capacity_terms"]
    if t in terms:
        return terms[t]
    for k, v in terms.items():
        if t.endswith(" " + k):
            return v
    return None


def _names_capacity(caption: str) -> bool:
    """Whether a caption or capacity line holds a capacity word ("ADMINISTRATIVE AGENT", "Lender/Agent")."""
    return any(_capacity_of_term(w) for w in caption.lower().replace(",", " ").replace("/", " ").split())


def _is_capacity_phrase(name: str) -> bool:
    """A capacity, not a name: "Administrative Agent", "the Swingline Lender" — but a name that
    ends in a capacity word ("Colorado National Bank", "Acme Company") is a name."""
    if _capacity_of_term(name) is None:
        return False
    words = {w for k in patterns()["capacity_terms"] for w in k.split()} | set(patterns()["capacity_modifiers"])
    return all(w.strip(",.") in words for w in name.lower().split())


def _own_capacity(m: re.Match[str], cap: str | None = None) -> str:
    """The capacity a ``capacity`` match names; "individually and as Agent" acts in its own right too — a
    bank's own right in a credit agreement is lending: "lender and agent"."""
    clean = _clean_capacity(m.group(1) if cap is None else cap)
    return f"lender and {clean}" if _rx("individually").match(m.group(0)) and not is_lending_capacity(clean) else clean


def _clean_capacity(cap: str, *, caption: bool = False) -> str:
    cap = " ".join(cap.replace("\n", " ").split()).strip(" ,;").lower()
    cap = _rx("caption_continued").sub("", cap).strip(" ,;") or cap  # "guarantors continued" -> "guarantors"
    if caption and cap.rstrip(": ") in patterns()["group_captions"]:
        return cap.rstrip(": ")  # "GUARANTORS:" over several blocks stays plural
    return str(patterns()["capacity_terms"].get(cap, cap))


_CONNECTORS = {"of", "and", "&", "de", "du", "la", "der", "y", "for"}


def _name_tail(words: str) -> str:
    """The proper name ending a phrase: 'has requested that TIB, National Association' -> 'TIB,
    National Association'."""
    toks = words.split()
    i = len(toks)
    while i > 0 and (toks[i - 1][:1].isupper() or toks[i - 1][:1].isdigit() or toks[i - 1] in _CONNECTORS):
        i -= 1
    while i < len(toks) and toks[i] in _CONNECTORS:
        i += 1
    return " ".join(toks[i:])


def _is_place(name: str) -> bool:
    from corpkg.extract.names import lexicon

    return " ".join(name.strip(" ,.").lower().replace("’", "").replace("'", "").split()) in lexicon().places


def _name_ok(name: str) -> bool:
    if not name or name.lower() in _NOT_A_NAME or not _rx("name_shape").match(name):
        return False
    if _is_place(name):
        return False  # "an individual residing in Denver, Colorado": a place ends the description
    if _is_capacity_phrase(name) or _rx("not_name").search(name):
        return False
    lower = [t for t in name.split() if t[:1].islower() and t not in _CONNECTORS]
    if len(lower) > 1:
        return False
    return not _rx("generic").match(name) and any(c.isalpha() for c in name)


def _pieces(text: str, base: int, indent: int = 0) -> list[tuple[str, int, int]]:
    """Split a party list into pieces at commas, semicolons, line breaks and ' and ', keeping a
    name's legal suffix ("Bird Global, Inc.") and parentheses in one piece."""
    out: list[tuple[str, int, int]] = []
    depth = 0
    start = 0
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        cut = 0
        if depth == 0:
            if c in ",;":
                cut = 1
            elif c in " \n" and text.startswith("and ", i + 1) and _rx("and_split").match(" " + text[i + 1 : i + 12]) \
                    and not _rx("and_inside_name").search(text[start:i]):
                cut = 5  # " and " or a line break then "and "
            elif c in " \n" and text.startswith("AND ", i + 1) and _rx("upper_and_after").search(text[start:i]):
                cut = 5  # "SECURITIES, LLC AND BOFA SECURITIES, INC.": a legal form ends the name before
            elif c == "\n":
                line_start = text.rfind("\n", 0, i) + 1
                lead = indent if line_start == 0 else 0  # the list's first line began before the list
                cut = 1 if lead + len(text[line_start:i].strip()) < _limit("wrapped_line") else 0
                if not cut:
                    i += 1
                    continue
        if cut:
            out.append((text[start:i], base + start, base + i))
            start = i + cut
            i += cut
            continue
        i += 1
    out.append((text[start:], base + start, base + n))
    merged: list[tuple[str, int, int]] = []
    for piece, s, e in out:
        stripped = piece.strip()
        merged.append((piece, s, e))
        # a legal suffix or branch continues the name before it ("New" / "York Branch" joined first)
        while len(merged) > 1 and stripped and _rx("legal_tail").match(stripped) and merged[-2][0].strip():
            ps, pstart, _ = merged[-2]
            merged[-2:] = [(ps + text[pstart - base + len(ps): e - base], pstart, e)]
            stripped = merged[-1][0].strip()
    return [(p, s, e) for p, s, e in merged if p.strip()]


def _parties(text: str, a: int, b: int) -> list[AgreementParty]:
    """The parties of the party list ``text[a:b]``."""
    out: list[AgreementParty] = []
    pending: list[int] = []  # parties waiting for an "as ..." capacity
    since_capacity: list[int] = []  # every party since the last capacity, across " and "
    prev_and = False
    after_comma = False  # the piece before ended at a comma
    bare_and = False  # an "and" alone on its line joined the pending names: a singular capacity is the last one's
    address = 0  # pieces of a postal address still to skip ("having its principal place of business at …")
    carry = 0  # an address begun inside the previous piece
    group_cap: str | None = None  # the capacity of the unnamed group just read ("the Lenders party hereto")
    including: str | None = None  # "…, including A and B": the group's capacity for the names that follow
    included: list[tuple[int, str]] = []
    for piece, s, e in _pieces(text[a:b], a, a - line_start(text, a)):
        address, carry = max(address, carry), 0
        inc = _rx("including").match(piece.strip())
        if inc:
            including = group_cap
            lead = len(piece) - len(piece.lstrip()) + inc.end()
            piece, s = piece[lead:], s + lead
            if not piece.strip():
                continue
        lead = len(piece) - len(piece.lstrip())
        piece = piece.strip()
        s += lead
        e = s + len(piece)
        if _rx("skip_piece").match(piece):
            continue
        if address and _rx("enumerator").match(piece):
            address = 0  # "…, Pudong, Shanghai; (2) Wen Qiao (“Borrower”)": a numbered party ends the address
        if _rx("address_start").match(piece):
            address = _limit("address_pieces")
        elif not address and (addr_m := _rx("address_inside").search(piece)):
            # "a California corporation with an office located at 535 Fifth Avenue": the address
            # runs on into the next pieces; what precedes it is read as usual
            piece = piece[: addr_m.start()].rstrip()
            e = s + len(piece)
            carry = _limit("address_pieces")
        pre_term = _rx("defined").search(piece)
        if address or _rx("address_end").search(piece[: pre_term.start()] if pre_term else piece):
            # "X, a Delaware LLC, having its principal place of business at 20 Main Street, Suite 5,
            # Houston, Texas 77046 (the “Borrower”)": no party; the term after the ZIP code is X's
            defined = _rx("defined").search(piece)
            ended = bool(_rx("address_end").search(piece[: defined.start()] if defined else piece)) or (
                # "…, Can Tho City, Vietnam (the “Borrower”)": a foreign address ends at its country, the term after it
                defined is not None and _is_place(piece[: defined.start()]))
            address = 0 if ended else max(0, address - 1)
            if ended and defined and out and out[-1].term is None:
                pending = _term_to_last(out, pending, defined.group(1).strip(), defined.group(0))
            continue
        lead_and = piece.lower().startswith("and ") or prev_and
        # an "and" alone on its line after a name without a comma joins it to the next as " and " does
        # ("LONE STAR VALVE & FITTING COMPANY" / "and" / "LSV MANUFACTURING, INC.," / "as Borrowers,")
        prev_and = piece.lower() == "and" and after_comma
        bare_and = bare_and or (piece.lower() == "and" and not after_comma)
        after_comma = text[e : e + 1] == ","
        collectively = _rx("collective_capacity").match(piece) is not None
        lead_m = _rx("enumerator").match(piece) or _rx("lead_strip").match(piece)
        while lead_m:  # "RECITALS A. Lantern Mobility, Inc.": a heading, then a list marker
            piece, s = piece[lead_m.end():], s + lead_m.end()
            lead_m = _rx("enumerator").match(piece) or _rx("lead_strip").match(piece)
        defined = _rx("defined").search(piece)
        term = defined.group(1).strip() if defined else None
        body = piece[: defined.start()].rstrip() if defined else piece
        acting = _rx("acting_capacity").search(body)  # "A, B and C are acting as Joint Lead Arrangers"
        if acting:
            body = body[: acting.start()] + " " + body[acting.end():]
        cap_m = _rx("capacity").search(body)
        capacity = _own_capacity(cap_m) if cap_m else None
        name_part = body[: cap_m.start()].strip(" ,") if cap_m else body.strip(" ,")
        if cap_m and cap_m.start() == 0 or (not name_part and capacity):
            targets = since_capacity if collectively and capacity else pending
            if bare_and and capacity and not _rx("plural_capacity").search(body.rstrip(" ,;.")):
                targets = targets[-1:]  # "THE LENDERS …" / "and" / "X BANK," / "as Agent": X alone is the agent
            bare_and = False
            if not targets and included and included[-1][0] == len(out) - 1:
                targets = [included.pop()[0]]  # "…, including A and B, and C, as Agent": C's own capacity
                including = None
            for i in targets:
                out[i] = _with_capacity(out[i], capacity or "")
            pending, since_capacity = [], []
            if term and out and (len(out) - 1) not in pending:
                out[-1] = _with_term(out[-1], term)
            continue
        # (an unnamed group keeps its words: "THE LENDERS FROM TIME TO TIME PARTY HERETO" is no "FROM" lead)
        lead_cut = None if _rx("generic").match(name_part) else _rx("party_lead").search(name_part)
        if lead_cut:  # "1995 among DELTA TEXTILE MILLS, INC.": the list's opening words are no part of the name
            at = body.find(name_part)
            s += at + lead_cut.end() if at >= 0 else 0
            name_part = name_part[lead_cut.end():]
        if name_part and not _name_ok(name_part) and not _rx("descriptor").match(name_part):
            tail = _name_tail(name_part)
            if tail and tail != name_part and _name_ok(tail):
                s += body.rfind(tail) if body.rfind(tail) > 0 else 0
                name_part = tail
        if _rx("generic").match(name_part) and not lead_and and not _rx("generic_joins").search(name_part):
            pending = []  # "the financial institutions listed herein" parts the names before it from a later capacity
        if _rx("generic").match(name_part):
            group_cap = next((c for w in name_part.split() if (c := _capacity_of_term(w.strip(",.;"))) is not None), None)
            including = None
        if _rx("descriptor").match(name_part) or _rx("generic").match(name_part) or not _name_ok(name_part):
            if term and out and out[-1].term is None and (_rx("descriptor").match(name_part) or not name_part
                                                          or _is_place(name_part) or _rx("registration_number").fullmatch(name_part)):
                # "Helen Marsh, an individual residing in Austin, Texas (the “Lender”)": the term is Helen Marsh's
                pending = _term_to_last(out, pending, term, defined.group(0) if defined else "")
                if out[-1].capacity and included and included[-1][0] == len(out) - 1:
                    # "…, including A and B, and C, a Delaware corporation (“Parent”)": C's term is its own capacity,
                    # and the group's list ends before it
                    included.pop()
                    including = None
            elif (defined and term and since_capacity and (group_cap := _capacity_of_term(term))
                  and _rx("generic").match(" ".join(name_part.split()))
                  and (lead_and or _rx("generic_joins").search(name_part))
                  and _rx("collective").search(defined.group(0))):
                # "A, B and the other lending institutions listed on Schedule 1 (collectively, the “Banks”)":
                # the group's defined term is the capacity of the parties named before it
                for i in since_capacity:
                    out[i] = _with_capacity(out[i], group_cap)
                pending, since_capacity = [], []
            continue
        if capacity is None and term:
            capacity = _term_capacity(term, defined.group(0) if defined else "")
        party = AgreementParty(name=name_part, capacity=capacity or "", term=term, start=s, end=s + len(name_part),
                               quote_end=e)
        out.append(party)
        if capacity:
            including = None
        if lead_and:
            pending = []
        if not capacity and including:
            included.append((len(out) - 1, including))  # the group names it: no later capacity of others is its
        elif not capacity:
            pending.append(len(out) - 1)
            since_capacity.append(len(out) - 1)
        else:
            if acting:
                for i in since_capacity:
                    out[i] = _with_capacity(out[i], capacity)
            since_capacity = []
            if term and defined and _rx("collective").search(defined.group(0)):
                for i in pending:
                    out[i] = _with_capacity(out[i], capacity)
            pending = []
        if len(out) >= _limit("max_parties"):
            break
    for i, cap in included:  # "the Lenders party hereto, including A and B": A and B lend, unless they say otherwise
        if not out[i].capacity:
            out[i] = _with_capacity(out[i], cap)
    return _joined_terms(text[a:b], _group_terms(text, a, b, out))


def _group_terms(text: str, a: int, b: int, out: list[AgreementParty]) -> list[AgreementParty]:
    """Capacities a definition gives several parties at once: parties named by their terms in another's
    definition ("Lumenvale and Lumenvale Securities, individually and collectively, jointly and
    severally, “Borrower”"), and "(each a “Lender” and collectively, the “Lenders”)" after a list,
    which reaches back over the parties with no capacity (and those lending already) to the first
    one acting otherwise."""
    for m in _rx("terms_together").finditer(text, a, b):
        cap = _capacity_of_term(m.group("term"))
        if not cap:
            continue
        named = {" ".join(x.split()).lower() for x in _rx("names_split").split(m.group("names")) if x.strip()}
        for i, p in enumerate(out):
            if not p.capacity and ((p.term and " ".join(p.term.split()).lower() in named)
                                   or " ".join(p.name.split()).lower() in named):
                out[i] = _with_capacity(p, cap)
    for m in _rx("each_collectively").finditer(text, a, b):
        cap = _capacity_of_term(m.group("term"))
        if not cap:
            continue
        for i in range(len(out) - 1, -1, -1):
            p = out[i]
            if p.start >= m.start():
                continue
            if not p.capacity:
                out[i] = _with_capacity(p, cap)
            elif p.capacity != cap and not (is_lending_capacity(cap) and is_lending_capacity(p.capacity)):
                break
    return out


def _joined_terms(text: str, out: list[AgreementParty]) -> list[AgreementParty]:
    """A party joined to a group by another's definition ("B.V. (the “Foreign Borrower” and, together
    with the Company, the “Borrowers”)"): the Company acts in the group's capacity too, in place of the
    capacity its own term only echoed ("company")."""
    for m in _rx("together_with").finditer(text):
        cap = _capacity_of_term(m.group(2))
        ref = " ".join(m.group(1).lower().split())
        if not cap:
            continue
        for i, p in enumerate(out):
            if p.term and p.term.lower() == ref and (not p.capacity or p.capacity == _capacity_of_term(p.term)
                                                     or p.capacity in patterns()["weak_capacities"]):
                out[i] = dataclasses.replace(p, capacity=cap)
    return out


def _with_capacity(p: AgreementParty, capacity: str) -> AgreementParty:
    return dataclasses.replace(p, capacity=capacity) if not p.capacity else p


def _term_capacity(term: str, definition: str = "") -> str | None:
    """The capacity a party's defined term names; in a definition of several terms ("(the “Company” or
    the “Lead Borrower”)", "(“Brightwater” or the “New Lender”)") another term's capacity says more than
    a bare name or a weak one ("company", "parent")."""
    cap = _capacity_of_term(term)
    weak = patterns()["weak_capacities"]
    if definition and (cap is None or cap in weak):
        alts = [c for t in _rx("quoted_term").findall(definition)[1:] if (c := _capacity_of_term(t))]
        cap = next((c for c in alts if c not in weak), cap or next(iter(alts), None))
    return cap


def _term_to_last(out: list[AgreementParty], pending: list[int], term: str, definition: str = "") -> list[int]:
    """Give the last party the defined term that follows it (and the capacity the term names,
    "the “Borrower”"); returns what is still pending a capacity."""
    out[-1] = _with_term(out[-1], term)
    cap = _term_capacity(term, definition)
    if cap and not out[-1].capacity:
        out[-1] = _with_capacity(out[-1], cap)
        return [i for i in pending if i != len(out) - 1]
    return pending


def _with_term(p: AgreementParty, term: str) -> AgreementParty:
    return dataclasses.replace(p, term=term)


def _title(text: str, s: int, e: int) -> tuple[str, int, int] | None:
    head_end = min(e, s + _limit("head"))
    toc = _rx("toc").search(text, s, head_end)
    if toc:
        head_end = toc.start()
    legend_end = s
    for m in _rx("title_line").finditer(text, s, head_end):
        line = m.group(1).strip()
        if m.start() < legend_end:
            continue
        if line.lower().startswith(("exhibit", "the indebtedness", "execution")) or len(line.split()) > 18:
            continue
        if _rx("legend_line").search(line):
            # "THIS NOTE AND THE INDEBTEDNESS EVIDENCED HEREBY ARE SUBORDINATE …": a legend over the title,
            # to the end of its paragraph
            blank = _rx("blank_line").search(text, m.start(), head_end)
            legend_end = blank.end() if blank else head_end
            continue
        if line.endswith(".") and len(line.split()) > 8:
            continue  # a sentence, not a title
        pre = _rx("preamble_title").match(line)
        if pre:  # the preamble's first line: "This Amendment No. 1 dated as of … is among A, B" -> "Amendment No. 1"
            return pre.group("title"), m.start(1) + pre.start("title"), m.start(1) + pre.end("title")
        return line, m.start(1), m.start(1) + len(line)
    inline = _rx("title_inline").search(text, s, head_end)
    if inline:
        return inline.group(1), inline.start(1), inline.end(1)
    return None


def _date_after(text: str, a: int, b: int) -> str | None:
    from corpkg.extract.roles.common import find_dates

    for m in _rx("dated").finditer(text, a, b):
        for ds, _, iso in find_dates(text[m.end(): m.end() + 40]):
            if ds == 0:
                return iso
    return None


def read_agreement(text: str, sub: SubDocument, *, standalone: bool) -> Agreement | None:
    """The agreement ``sub`` holds, or None when its top names no agreement."""
    s, e = sub.start, sub.end
    found = _title(text, s, e)
    if found is None:
        return None
    title, ts, te = found
    kind = agreement_kind(title) or "other"
    title = " ".join(title.split())
    head_end = min(e, ts + _limit("head"))
    if kind in {"purchase agreement", "note"} and _rx("note_purchase_title").search(title) \
            and _rx("notes_defined").search(text, te, head_end):
        kind = "note purchase agreement"  # "Securities Purchase Agreement … (the “Notes”)": its buyers lend
    # the party list: after the title, "among/between/made by ..." up to the sentence's end
    parties: list[AgreementParty] = []
    start_m = _rx("party_start").search(text, te, head_end)
    if start_m:
        limit = min(head_end, start_m.end() + _limit("party_list"))
        stop = _rx("party_stop").search(text, start_m.end(), limit)
        parties = _parties(text, start_m.end(), stop.start() if stop else limit)
    # defined-term parentheses of the preamble's first sentences name more parties
    # the preamble paragraph: the first after the title that defines a term
    para_start, para_end = te, -1
    first_def = _rx("defined").search(text, te, head_end)
    if first_def and not any(p.term for p in parties):
        para_start = max(te, text.rfind("\n\n", te, first_def.start()) + 2)
        para_end = text.find("\n\n", first_def.end(), head_end)
    extra = _parties(text, para_start, para_end if para_end > 0 else head_end)
    named = {p.name for p in parties}
    ranked = set(patterns()["issuer_terms"])
    parties += [p for p in extra if p.term and _capacity_of_term(p.term) and p.name not in named
                and (para_end > 0 or p.term.lower() in ranked)]
    recital: list[AgreementParty] = []
    if kind in patterns()["lending_kinds"] and not any("borrower" in p.capacity for p in parties):
        recital = _recital_borrowers(text, te, head_end, {p.name for p in parties})
    date = _date_after(text, ts, min(head_end, ts + 1500))
    cap = _rx("exhibit_caption").match(text, s, min(e, s + 400))
    exhibit = f"EX-{cap.group(1)}" if cap else None
    if sub.type and sub.type.upper().startswith("EX-"):
        exhibit = sub.type
    if exhibit is None and standalone:
        exhibit = patterns()["exhibit_of_kind"].get(kind, patterns()["default_exhibit"])
    issuer = _issuer_party(parties, kind)
    parties += recital  # a borrower the recitals define is a party, never the one the document is about
    if kind in patterns()["lending_kinds"]:
        lending = {" ".join(p.name.lower().split()) for p in parties if is_lending_capacity(p.capacity)}
        parties += [p for p in _commitments(text, s, e) if " ".join(p.name.lower().split()) not in lending]
    sigs = _signatories(text, s, e)
    amends = _amended(text, title, te, min(e, te + _limit("amended_reach")), date) if kind == "amendment" else None
    return Agreement(kind=kind, title=title, start=ts, end=te, date=date, exhibit_type=exhibit,
                     parties=tuple(parties), signatories=tuple(sigs), issuer=issuer,
                     amends=amends[0] if amends else None, amends_date=amends[1] if amends else None)


def _recital_borrowers(text: str, a: int, b: int, named: set[str]) -> list[AgreementParty]:
    """A guarantee or security document whose preamble names no borrower defines it in its recitals
    ("the Lender has agreed to make a term loan to X, a Florida limited liability company (the
    “Borrower”)"): the borrower of the paragraph holding the first such definition."""
    m = _rx("borrower_defined").search(text, a, b)
    if m is None:
        return []
    para_start = max(a, text.rfind("\n\n", a, m.start()) + 2)
    para_end = text.find("\n\n", m.end(), b)
    return [p for p in _parties(text, para_start, para_end if para_end > 0 else b)
            if "borrower" in p.capacity and p.name not in named][:1]


def _amended(text: str, title: str, a: int, b: int, own_date: str | None) -> tuple[str, str | None] | None:
    """The agreement an amendment amends: its title as the preamble or recitals refer to it, with
    the date printed after it ("the Loan Agreement, dated as of March 2, 2018"; a date not before
    the amendment's own is the amendment's), else as the amendment's own title names it
    ("Amendment No. 8 to Loan and Security Agreement", no date)."""
    in_title = _rx("amended_in_title").search(title)
    head = " ".join(in_title.group("amended").lower().split()[-2:]) if in_title else None
    undated: tuple[str, str | None] | None = None
    for m in _rx("amended_reference").finditer(text, a, b):
        name = _title_case(" ".join(m.group("amended").split()))
        if len(name.split()) < 2 or (head and not name.lower().endswith(head.split()[-1])):
            continue  # a bare "Note", or some other agreement than the one the title amends
        date = _date_after(text, m.end(), min(b, m.end() + 120))
        if date and own_date and date >= own_date:
            date = None  # "This Second Amendment to Credit Agreement, dated as of <its own date>"
        if date:
            return name, date
        undated = undated or (name, None)
    if undated is None and in_title:
        undated = _title_case(" ".join(in_title.group("amended").split())), None
    return undated


def _title_case(name: str) -> str:
    """An upper-case title as a title: 'AMENDED AND RESTATED CREDIT AGREEMENT' -> 'Amended and
    Restated Credit Agreement'; a mixed-case one as printed."""
    if not name.isupper():
        return name
    small = set(patterns()["title_small_words"])
    return " ".join(w.lower() if i and w.lower() in small else w.capitalize() for i, w in enumerate(name.split()))


def _issuer_party(parties: list[AgreementParty], kind: str) -> AgreementParty | None:
    rank = {t: i for i, t in enumerate(patterns()["issuer_terms"])}
    best: tuple[int, int] | None = None
    chosen = None
    borrowing = kind in patterns()["lending_kinds"]
    if borrowing:
        # several borrowers and one guarantor of them all: the guarantor is their parent, the filer
        borrowers = [p for p in parties if p.capacity in patterns()["co_borrower_capacities"]]
        guarantors = [p for p in parties if p.capacity in patterns()["parent_guarantor_capacities"]
                      and not (p.term or "").lower().endswith("s")]
        if len(borrowers) >= 2 and len(guarantors) == 1:
            return guarantors[0]
    for i, p in enumerate(parties):
        if borrowing and is_lending_capacity(p.capacity) or _individual(p.name):
            continue
        term = " ".join((p.term or "").lower().split())
        keys = [k for k in (term, p.capacity.lower()) if k in rank]
        if not keys:
            continue
        if term in rank:
            level = min(rank[k] for k in keys)  # "(the “Company” or the “Borrower”)": the better of term and capacity
        elif term:
            # a qualified term ("Foreign Borrower", "Subsidiary Borrower") ranks after every plain one: the
            # filer is the plain "Company" or "Borrower" beside it
            level = len(rank) + min(rank[k] for k in keys)
        else:
            level = min(rank[k] for k in keys)
        r = (level, i)
        if best is None or r < best:
            best, chosen = r, p
    if chosen is None and any(_individual(p.name) for p in parties):
        # a company's loan to a person ("Bing Yu (“Borrower”), a citizen of China"): the company files it
        chosen = next((p for p in parties if _rx("org_word").search(p.name) and not _individual(p.name)
                       and not _rx("not_issuer").search(p.capacity)), None)
    elif chosen is None:  # else the first party that neither lends nor acts as agent or trustee
        chosen = next((p for p in parties if not is_lending_capacity(p.capacity) and not _rx("not_issuer").search(p.capacity)), None)
    return chosen


def _individual(name: str) -> bool:
    """A party that is a natural person: a person's name shape and no legal form."""
    from corpkg.extract.names import classify_name, has_legal_suffix

    if has_legal_suffix(name):
        return False
    kind, score = classify_name(name)
    return kind == "Person" and score >= 0.7


def _commitments(text: str, s: int, e: int) -> list[AgreementParty]:
    """Lenders of a commitment printed over a signature block ("$71,250,000   BARCLAYS BANK PLC" /
    "By ______"), signed or not: each lends (its name may go on on the next line)."""
    return [party for party, _, _ in commitment_lines(text, s, e)]


def commitment_lines(text: str, s: int, e: int) -> list[tuple[AgreementParty, int, int]]:
    """Each commitment printed over a signature block between ``s`` and ``e``: the lending party
    and the span of its amount ("$71,250,000")."""
    out: list[tuple[AgreementParty, int, int]] = []
    for m in _rx("commitment_line").finditer(text, s, e):
        start, end, lead = m.start("name"), m.end("name"), ""
        if len(m.group("name").split()) == 1 and m.start() > s:  # "GENERAL ELECTRIC CAPITAL" / "$75,000,000  CORPORATION"
            prev_start = max(s, line_start(text, m.start() - 1))
            last = _rx("sig_column_gap").split(text[prev_start: m.start() - 1].strip())[-1]
            if last.isupper() and _rx("org_word").search(m.group("name")):
                start, lead = text.rfind(last, prev_start, m.start()), last + " "
        nl = text.find("\n", end, end + LINE_REACH)
        nxt = nl + 1 if nl >= 0 else len(text)  # no line break within reach: no line below
        line_end = text.find("\n", nxt, nxt + LINE_REACH)
        follow = text[nxt: line_end].strip() if 0 < nxt < e and line_end > 0 else ""
        if follow and follow.isupper() and not _rx("sig_by").match(follow) and not _rx("sig_title").match(follow):
            end = nxt + len(text[nxt: line_end].rstrip())  # the name's second line
            nxt = line_end + 1
        window = text[nxt: min(e, nxt + _limit("commitment_by_window"))]
        if not any(_rx("sig_by").match(ln) for ln in window.splitlines()):
            continue
        name = _rx("seal_mark").sub("", lead + text[m.start("name"):end])
        if _name_ok(" ".join(name.split())):
            out.append((AgreementParty(name=name, capacity="lender", term=None, start=start, end=end, quote_end=end),
                        text.index("$", m.start()), m.end("amount")))
    return out


def looks_like_name(name: str) -> bool:
    """Whether ``name`` (one line of a party list, a schedule's cell) can be a party's name."""
    return _name_ok(" ".join(name.split()))


def _signatories(text: str, s: int, e: int) -> list[Signatory]:
    """Signature blocks: [capacity caption] entity [, as capacity] / By: /s/ person / Name: / Title:."""
    out: list[Signatory] = []
    for by in _rx("sig_by").finditer(text, s, e):
        pos = by.end()
        nxt = pos
        lines_after: list[tuple[str, int]] = []
        for _ in range(6):
            j = text.find("\n", nxt + 1, min(e + 1, nxt + 1 + LINE_REACH))
            if j < 0:
                break
            line = text[nxt + 1: j]
            if line.strip() and not _rx("sig_rule").match(line):  # a signature line's rule: "-----"
                lines_after.append((line, nxt + 1))
            nxt = j
        person = _rx("sig_column_gap").split(by.group(1).strip())[0]
        title = ""
        p_span = (by.start(1), by.start(1) + len(person))
        end = by.end()
        for n_line, (line, ls) in enumerate(lines_after[:3]):
            nm = _rx("sig_name").match(line)
            tm = _rx("sig_title").match(line)
            if nm and nm.group(1).strip():
                person = _rx("sig_column_gap").split(nm.group(1).strip())[0]
                p_span = (ls + nm.start(1), ls + nm.start(1) + len(person))
                end = max(end, ls + nm.end(1))
            elif tm and tm.group(1).strip():
                title = _rx("sig_column_gap").split(tm.group(1).strip())[0]
                end = max(end, ls + tm.end(1))
                nxt_line = lines_after[n_line + 1] if n_line + 1 < len(lines_after) else None
                if nxt_line and _rx("sig_title_wrapped").search(title) and not any(
                        _rx(key).match(nxt_line[0]) for key in ("sig_by", "sig_name", "sig_title")) \
                        and _rx("sig_title_more").match(nxt_line[0]):
                    # "Title: Executive Vice President and" / "Chief Financial Officer"
                    more = _rx("sig_column_gap").split(nxt_line[0].strip())[0]
                    title = f"{title} {more}"
                    end = max(end, nxt_line[1] + len(nxt_line[0].rstrip()))
                break
        if not person or person.startswith("_") or not any(c.isalpha() for c in person):
            continue
        # the signing entity: the nearest non-empty line above that is a name
        org = None
        org_span = (0, 0)
        capacity = ""
        captioned = False
        k = by.start()
        extras: list[tuple[str, int]] = []  # more entities listed one a line over the same By line
        blank_after_org = False
        looked = 0
        while looked < _limit("signature_lookback"):
            looked += 1
            j = text.rfind("\n", max(s, k - 1 - LINE_REACH), max(s, k - 1))
            if j < s:
                break
            line = text[j + 1: k].strip()
            # a blank line between this line and the one below it ends a list of entities
            blank_after_org = blank_after_org or (org is not None and "\n" in text[j + 1: k])
            k = j + 0
            if not line:
                continue
            # a capacity wrapped onto the next line: "NATIONSBANK OF TEXAS, N.A., as Co-Agent" / "and Lender"
            while True:
                cut = text.rfind("\n", max(s, j - LINE_REACH), max(s, j))
                prev = text[cut + 1: j].strip() if cut >= s else ""
                if not prev or any(_rx(key).match(prev) for key in ("sig_by", "sig_name", "sig_title")):
                    break
                if not (_rx("sig_wrap_end").search(prev) or _rx("sig_wrap_start").match(line)):
                    break
                line, j, k = f"{prev} {line}", cut, cut
            if _rx("sig_title").match(line) or _rx("sig_by").match(line) or _rx("sig_name").match(line):
                if org is None and out and out[-1].org and out[-1].end > j:
                    # a second signer right under the first one's block signs for the same entity
                    prev_sig = out[-1]
                    org, org_span, capacity = prev_sig.org, (prev_sig.org_start, prev_sig.org_end), prev_sig.capacity
                    captioned = prev_sig.captioned
                break
            capm = _rx("capacity").match(line.lstrip(", "))
            if capm and org is None:
                capacity = _own_capacity(capm, line.lstrip(", ")[capm.start(1):])
                continue
            cl = _rx("sig_capacity_line").match(line)
            if cl and not _names_capacity(cl.group(1)):
                cl = None
                if org is not None:
                    break
                continue
            if cl and org is not None:
                captioned = not capacity
                capacity = capacity or _clean_capacity(cl.group(1))
                break
            if org is None and not cl and _rx("sig_address_line").search(_rx("sig_column_gap").split(line)[0].strip()) \
                    and not _rx("org_word").search(line):
                continue  # "767 Third Avenue" / "New York, NY 10017-2023" between the entity and its By line
            if org is None and not cl:
                side = _rx("sig_caption_left").match(line)  # "ADMINISTRATIVE AGENT:        HANCOCK WHITNEY BANK,"
                if side and _names_capacity(side.group(1)):
                    line = side.group(2)
                    if not capacity:
                        capacity, captioned = _clean_capacity(side.group(1), caption=True), True
                left = _rx("sig_column_gap").split(line)[0]  # two blocks side by side: the By line's own column
                name = _rx("enumerator").sub("", _rx("descriptor_tail").sub("", left.rstrip(",")))
                inner = _rx("capacity").search(name)
                if inner and inner.start() > 0:
                    capacity = _own_capacity(inner, name[inner.start(1):])  # the rest of the line: "Agent, Lender and ..."
                    name = name[: inner.start()].rstrip(", ")
                prev_end, prev = j, ""
                while not prev and prev_end > s:
                    cut = text.rfind("\n", max(s, prev_end - LINE_REACH), max(s, prev_end))
                    if cut < s:
                        break
                    prev, prev_end = text[cut + 1: prev_end].strip(), cut
                wrapped = prev and (_rx("wrapped_name").search(prev)
                                    or (not _rx("org_word").search(name) and _rx("org_word").search(prev)
                                        and prev.isupper() and name.split()[0].isupper()))
                if wrapped and ":" not in prev and not _rx("sig_by").match(prev) and not _rx("sig_title").match(prev):
                    name = f"{prev} {name}"  # a name printed over two lines
                    k = prev_end
                if _name_ok(name) and len(name.split()) <= 12:
                    first = name.split()[0]
                    off = text.find(first, k + 1 if k < j else j + 1)
                    org, org_span = name, (off, off + len(name))
                    continue
                break
            if org is not None and cl is None:
                # the block's first entity may carry the caption on its left ("GUARANTORS:    A LLC" / "B, INC." / By)
                side = _rx("sig_caption_left").match(line)
                if side and not _names_capacity(side.group(1)):
                    side = None
                extra = None if blank_after_org or len(extras) >= _limit("block_entities") \
                    else _block_entity(side.group(2) if side else line)
                if extra is None:
                    break
                extras.append((extra, text.find(extra.split()[0], j + 1)))
                if side:
                    if not capacity:
                        capacity, captioned = _clean_capacity(side.group(1), caption=True), True
                    break  # a caption heads its block
                looked -= 1  # a listed entity does not use up the lines searched for the block's caption
                continue
        out.append(Signatory(person=person, title=title, org=org, capacity=capacity, person_start=p_span[0],
                             person_end=p_span[1], org_start=org_span[0], org_end=org_span[1],
                             start=org_span[0] if org else by.start(), end=end, captioned=captioned))
        for name, off in reversed(extras):
            out.insert(len(out) - 1, Signatory(person=person, title=title, org=name, capacity=capacity,
                                               person_start=p_span[0], person_end=p_span[1], org_start=off,
                                               org_end=off + len(name), start=off, end=off + len(name)))
    return out


def _block_entity(line: str) -> str | None:
    """An entity's name when ``line`` is one of several listed one a line over a single By line
    ("GWH SUNSET FARMS, LLC, an Arizona limited liability company"): a name ending in a legal form,
    its descriptor cut, and no capacity of its own."""
    left = _rx("sig_column_gap").split(line)[0]
    name = _rx("enumerator").sub("", _rx("descriptor_tail").sub("", left.rstrip(","))).strip(" ,")
    if not _rx("block_entity_line").search(name) or _rx("capacity").search(name) or ":" in name:
        return None
    return name if _name_ok(name) and len(name.split()) <= 12 else None


def read_agreements(text: str, documents: tuple[SubDocument, ...], *, has_header: bool) -> tuple[Agreement, ...]:
    """The agreements among ``documents``: exhibits of a submission (EX-2, EX-4, EX-10, EX-99), or a
    document standing alone without a header whose top names an agreement."""
    out = []
    for d in documents:
        if d.content == "binary":
            continue
        dtype = (d.type or "").upper()
        standalone = not has_header and len(documents) == 1 and not (dtype and not dtype.startswith("EX-"))
        if not (dtype.startswith(("EX-2", "EX-4", "EX-10", "EX-99")) or standalone):
            continue
        ag = read_agreement(text, d, standalone=standalone)
        if ag is not None:
            out.append(ag)
    return tuple(out)

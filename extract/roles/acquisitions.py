"""Acquisitions: who acquired which company, business or control, when and for what.

Signals (``patterns/roles/acquisitions.json``):
- "A acquired (all of the outstanding stock of | substantially all the assets of | 80% of) T",
  "A completed its acquisition of T", "A's acquisition of T", "the acquisition of T by A";
- mergers: "T merged with and into A" (survivor A), "the merger of T with and into A";
  "… with T surviving as a wholly owned subsidiary of P" → P acquires T;
- sales: "S sold T to B", "the sale of T to B" → B acquires T, seller S;
- control: "X, Y and Z … obtained control of us" (kind control), tender offers;
- exchange agreements: "a Stock Exchange Agreement … with T, pursuant to which we issued …
  shares to the shareholders of T".
Kinds: company | assets | control | merger.  Companies that "became a subsidiary" are turned
into acquisitions by :func:`corpkg.extract.roles.finalize_facts`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from corpkg.extract.model import Fact
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import (
    COMMON,
    Mention,
    Passage,
    RoleContext,
    enumeration_before,
    enumeration_from,
    event_date,
    find_money,
    prefilter_of,
    regexes,
    thresholds,
    windows,
)
from corpkg.extract.roles.discourse import memory, pronoun_subject

__all__ = ["AcquisitionExtractor", "WHOLE", "is_merger_sub_name", "sentence_acquirers"]

ROLE = "acquisition"
SHARES = "_shares"  # an object "N shares of T": company/control when the stake is stated, else no kind
WHOLE = "_whole"  # all the outstanding stock: the target becomes the acquirer's subsidiary (run.finalize_facts)
PATTERNS = "acquisitions.json"
_RX = regexes(PATTERNS)
_COMMON_RX = regexes(COMMON)
_W = windows(PATTERNS)
_T = thresholds(PATTERNS)

_WHOLE = _RX["whole_stake"]
_ACQ = _RX["acquire_clause"]
_NOUN = _RX["acquisition_noun_clause"]
_MERGE = _RX["merge_clause"]
_MERGER_OF = _RX["merger_of_clause"]
_SALE = _RX["sale_clause"]
_CONTROL = _RX["control_clause"]
_TENDER = _RX["tender_offer_clause"]
_EXCHANGE = _RX["exchange_agreement_with"]
_SURVIVE = _RX["survive_word"]
_CONSIDERATION = _RX["consideration_before"]
_EXCLUDE = _RX["excluded_before"]
_SUBJ_GAP = _RX["subject_gap"]
_TO = _RX["to_buyer_gap"]
_SHARES = _RX["share_count"]
_PCT = _RX["percent_number"]
_BY = _RX["by_gap"]
_POSS_ASSET = _RX["possessive_asset"]
_PENDING = _RX["pending_word"]
_PENDING_SENT = _RX["pending_in_sentence"]
_DONE = _RX["completed_word"]
_MERGER_SUB = _RX["merger_sub_name"]
_PARENT = _RX["subsidiary_of"]
_BECAME = _RX["became_subsidiary_of"]
_PASSIVE = _RX["acquired_by_passive"]
_PRONOUN_PASSIVE = _RX["pronoun_acquired_by"]
_ITS_NOUN = _RX["its_acquisition_by"]
_OFFER_BY = _RX["offer_by"]
_OFFER_FOR = _RX["offer_to_purchase_of"]
_COMBINE = _RX["combine_with"]
_COMBINE_UNDER = _RX["combine_under"]
_ANNOUNCE_GAP = _RX["announced_gap"]
_LOOSE_GAP = _RX["loose_enumeration_gap"]
_GROUP = _RX["group_majority"]
_REPORTING = _RX["reporting_person_row"]


# a direction signal for a merger agreement "with T": an acquisition verb/noun or a merge verb outside
# agreement names and quoted defined terms ("(the “Merger Agreement”)")
_DIRECTED = _RX["direction_word"]
_NAMES_OFF = _RX["agreement_names"]
# "Peoples’ wholly owned subsidiary, Peoples Bank": the subsidiary named after the parent's possessive
_SUB_AFTER = _RX["subsidiary_named_after"]
_POSS_SUB = _RX["possessive_subsidiary_named_after"]
# a relative clause between a subject and its verb: "X and Y, which combined operate …, to merge into"
_RELATIVE = _RX["relative_clause_before_verb"]

# "a wholly owned subsidiary of" right before a name: the name is the acting parent
_SUB_OF = _RX["wholly_owned_subsidiary_of_before"]
_THROUGH = _RX["through_its_subsidiary_before"]

_SUB_PHRASE = _RX["subsidiary_phrase"]
_BY_SUB = _RX["by_wholly_owned_subsidiary_of"]
_NOUN_BY = _RX["acquisition_by_of"]

_SUB_LEAD = _RX["its_subsidiary_lead"]
_ASSET_OBJ = _RX["asset_object"]
_TO_NOT = _RX["to_not_buyer"]

_PARENT_GAP = _RX["parent_gap"]
# "the Agreement and Plan of Merger … among A, Merger Sub (a wholly owned subsidiary of A) and T"
_AMONG = _RX["agreement_among"]
_IN_ROLE = _RX["party_in_role_after"]
# "Nuance’s previously announced acquisition of T"
_POSS_NOUN = _RX["possessive_noun_gap"]
# deals the issuer's own report tells without naming the acquirer: "X, Inc. (acquired March 2, 2001)",
# "the X acquisition", "integration costs related to the acquisition of X"
_ISSUER_FORM = _RX["issuer_report_form"]
_ACQ_PAREN = _RX["acquired_parenthetical"]
_NAME_ACQ = _RX["name_acquisition"]
_NAME_ACQ_LEAD = _RX["name_acquisition_lead"]
_ISSUER_CUE = _RX["issuer_deal_cue"]
# "agreed to acquire a portfolio of storage assets from Hartree Partners"
_FROM_SELLER = _RX["asset_from_seller"]
_RECALL = _RX["completed_without_parties"]


def reporting_persons(ctx: RoleContext) -> list[str]:
    """Entity keys of a schedule's reporting persons: the cover pages' "Names of Reporting
    Persons" rows and the header's filed-by / reporting-owner parties (cached per filing)."""
    cached = ctx.memo.get("reporting_persons")
    if isinstance(cached, list):
        return cached
    keys: list[str] = []
    doc = ctx.document
    if doc is not None:
        for m in _REPORTING.finditer(doc.text):
            name = _COMMON_RX["whitespace"].sub(" ", m.group("name")).strip(" .:;")
            key = ctx.resolve_key(name) if name else None
            if key and key not in keys:
                keys.append(key)
        if doc.header is not None:
            for party in doc.header.parties:
                if party.role in ("filed-by", "reporting-owner") and party.name:
                    key = ctx.resolve_key(party.name)
                    if key and key not in keys:
                        keys.append(key)
    ctx.memo["reporting_persons"] = keys
    return keys


def _in_closed_parenthesis(text: str, a: int, m: Mention, pos: int) -> bool:
    """``m`` stands inside a parenthesis opened after ``a`` and closed before ``pos``."""
    o = text.rfind("(", a, m.start)
    return o >= 0 and text.find(")", o, m.start) < 0 and 0 <= text.find(")", m.end, pos)


class AcquisitionExtractor(RoleComponent):
    attr = "role_acquisitions"
    role_name = "acquisitions"
    prefilter = prefilter_of(PATTERNS)

    # -- helpers -------------------------------------------------------------------------
    def _ok(self, p: Passage, m: Mention) -> bool:
        return not _EXCLUDE.search(p.text[max(0, m.start - _W["excluded_before"]) : m.start])

    def _subject(self, p: Passage, a: int, pos: int, *, relative: bool = True) -> list[Mention]:
        # a name inside a parenthesis closed before the verb is no subject ("Acme Corp. (NYSE: ACM) has signed")
        allm = [m for m in p.mentions_in(a, pos) if not _in_closed_parenthesis(p.text, a, m, pos)]
        if allm and _SUBJ_GAP.fullmatch(p.text[allm[-1].end : pos]):
            parent = self._sub_parent(p, a, allm[-1])
            if parent is not None:
                return [parent]  # "a wholly owned subsidiary of the Company acquired X" → the Company
        before = [m for m in allm if self._ok(p, m)]
        if before and _RX["comma_gap"].fullmatch(p.text[before[-1].end : pos]):
            owner = self._through(p, a, before[-1])
            if owner is not None:
                return [owner]
        if not before or not _SUBJ_GAP.fullmatch(p.text[before[-1].end : pos]):
            found = pronoun_subject(p, a, pos) if before else []
            if not found and relative:
                rel = _RELATIVE.search(p.text, a, pos)
                if rel is not None:
                    found = self._subject(p, a, rel.start(), relative=False)
            return found
        out = [m for m in enumeration_before(p, before[-1], a) if self._ok(p, m)]
        if len(out) == 1:
            owner = self._through(p, a, out[0])
            if owner is not None:
                return [owner]
        return out

    def _through(self, p: Passage, a: int, sub: Mention) -> Mention | None:
        """"X, (acting) through its wholly owned subsidiary Y, acquired T": X acquires."""
        via = _THROUGH.search(p.text, a, sub.start)
        if via is None:
            return None
        owner = [m for m in p.mentions_in(a, via.start()) if self._ok(p, m)]
        if owner and _SUBJ_GAP.fullmatch(p.text[owner[-1].end : via.start()]):
            return owner[-1]
        return None

    def _sub_parent(self, p: Passage, a: int, m: Mention) -> Mention | None:
        """The parent when ``m`` is named as "(a|one of its) wholly owned subsidiary of <m>"."""
        if _SUB_OF.search(p.text, max(a, m.start - _W["subsidiary_of_before"]), m.start):
            return m
        return None

    def _object(self, p: Passage, pos: int, b: int, *, check: bool = True) -> Mention | None:
        for m in p.mentions_in(max(0, pos - _W["object_lookback"]), b):
            if m.end <= pos:
                continue
            if m.start - pos <= _W["object_gap"] and (not check or self._ok(p, m)):
                return m
            break
        return None

    def _clauses(self, p: Passage, rx: re.Pattern[str], a: int, b: int) -> Iterator[tuple[list[Mention], Mention]]:
        """For each match of ``rx`` in [a, b) with a subject right before it and an object
        mention right after it: (subject mentions, object mention)."""
        for m in rx.finditer(p.text, a, b):
            obj = self._object(p, m.end(), b)
            subj = self._subject(p, a, m.start())
            if obj is not None and subj:
                yield subj, obj

    def _attrs(self, p: Passage, a: int, b: int, kind: str, obj: str | None = None) -> list[tuple[str, str]]:
        s = p.text[a:b]
        attrs = [("kind", kind)] if kind and kind != SHARES else []
        date = event_date(p, a, b)
        if date:
            attrs.append(("date", date))
        for ms, me, amount, cur in find_money(s):
            if _CONSIDERATION.search(s[max(0, ms - _W["consideration_cue"]) : ms]):
                attrs += [("considerationAmount", amount), ("currency", cur)]
                end = _RX["consideration_end"].search(s[me:])
                attrs.append(("consideration", _COMMON_RX["whitespace"].sub(" ", s[ms : me + (end.start() if end else 0)]).strip()))
                break
        sh = _SHARES.search(s)
        if sh:
            n = sh.group("n")
            if "million" in n:
                from decimal import Decimal

                n = format((Decimal(n.split()[0]) * 1000000).normalize(), "f")
            attrs.append(("shares", n.replace(",", "")))
        if obj:
            pct = _PCT.search(obj)
            if pct:
                attrs.append(("percentage", pct.group(1)))
        return attrs

    def _kind(self, obj: str | None) -> str | None:
        if not obj:
            return "company"
        o = obj.lower()
        if _RX["asset_word"].search(o):
            return "assets"
        pct = _PCT.search(o)
        if pct:
            v = float(pct.group(1))
            if v > _T["whole_above"]:
                return "company"
            return "control" if v > _T["control_above"] else None
        if "majority" in o or "controlling" in o or _RX["control_of_object"].match(o):
            return "control"
        if "remaining" in o or "minority" in o:
            return "company"
        if _RX["share_count_object"].match(o) and not _WHOLE.search(o):
            return SHARES  # a number of shares: the kind depends on the stake (see _stake)
        return "company"

    # -- rules ---------------------------------------------------------------------------
    def extract(self, p: Passage) -> list[Fact]:
        out: list[Fact] = []
        for a, b in p.sentences:
            if not p.mentions_in(a, b):
                found = self._recall(p, a, b)
                out += found
                continue
            found = self.sentence_deals(p, a, b)
            if not found:
                found = self._recall(p, a, b)
            section = p.ctx.section_title(p.start + a)
            for f in found:
                memory(p.ctx).remember(list(f.participant("acquirer")), f.participant("target")[0], section)
            out += found
        return out

    def sentence_deals(self, p: Passage, a: int, b: int) -> list[Fact]:
        """The deals the sentence [a, b) states by itself (no recall of an earlier sentence's deal)."""
        found = self._acquire(p, a, b)
        found += self._passive(p, a, b)
        found += self._noun_by(p, a, b)
        found += self._merge(p, a, b)
        found += self._sale(p, a, b)
        found += self._control(p, a, b)
        found += self._offer(p, a, b)
        found += self._group(p, a, b)
        found += self._combine(p, a, b)
        found += self._exchange(p, a, b)
        found += self._issuer_deals(p, a, b)
        if not found:
            found = self._intent(p, a, b)
        if not found:
            found = self._agreement_parties(p, a, b)
        return found

    def _intent(self, p: Passage, a: int, b: int) -> list[Fact]:
        """A company's stated intent, proposal or offer to acquire, its "its" pointing back to the
        sentence's subject ("Nuance issued a press release announcing its intent to commence a cash
        tender offer to purchase all of the outstanding shares of Zi Corporation", "reaffirming its
        proposal to acquire Zi Corporation"): a pending deal of the subject, the first company named."""
        m = _RX["intent_to_acquire"].search(p.text, a, b)
        if m is None:
            return []
        subject = [x for x in p.mentions_in(a, m.start(), "ORG") if self._ok(p, x) and not self._is_merger_sub(p, x)]
        target = self._object(p, m.end(), b)
        if not subject or target is None or target.key == subject[0].key:
            return []
        return self._emit(p, [subject[0].key], target.key, a, b, self._attrs(p, a, b, "company") + [("status", "pending")])

    # -- more rules --------------------------------------------------------------------------
    def _passive(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"T was acquired by A", "until it was acquired by A", "until its acquisition by A",
        "T became a wholly owned subsidiary of A"."""
        out = []
        for m in p.mentions_in(a, b):
            pm = _PASSIVE.match(p.text, m.end)
            if pm and self._ok(p, m):
                acq = self._object(p, pm.end(), b)
                if acq is not None and acq.key != m.key:
                    target = [m] if _SUBJ_GAP.fullmatch("") else [m]
                    attrs = self._attrs(p, a, b, "company") + self._status(p, a, pm.start(), pm.end())
                    out += self._emit(p, [acq.key], target[0].key, a, b, attrs)
            out += self._relative(p, a, b, m)
            bm = _BECAME.match(p.text, m.end)
            if bm and not m.pronoun:
                owner = self._object(p, bm.end(), b, check=False)
                if owner is not None and owner.key != m.key:
                    out += self._emit(p, [owner.key], m.key, a, b, self._attrs(p, a, b, "company"))
        for rx in (_PRONOUN_PASSIVE, _ITS_NOUN):
            for im in rx.finditer(p.text, a, b):
                if rx is _ITS_NOUN and "sale" in im.group(0).lower():
                    continue
                acq = self._object(p, im.end(), b)
                if acq is None:
                    continue
                orgs = [x for x in p.mentions_in(a, im.start(), "ORG") if x.key != acq.key and self._ok(p, x)]
                if not orgs:
                    continue
                attrs = self._attrs(p, a, b, "company") + self._status(p, a, im.start(), im.end())
                out += self._emit(p, [acq.key], orgs[-1].key, a, b, attrs)
        return out

    def _offer(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"an offer by A to purchase up to N shares of common stock of T" (tender offers); in a
        third-party tender offer statement (SC TO-T) the filed-by party is an offeror too."""
        out = []
        for m in _OFFER_BY.finditer(p.text, a, b):
            by = self._object(p, m.end(), b)
            if by is None:
                continue
            offerors = enumeration_from(p, by, b)
            acq = [x.key for x in offerors]
            rest = _OFFER_FOR.match(p.text, offerors[-1].end)
            if not rest:
                continue
            target = None
            for of in _RX["of_word"].finditer(p.text[rest.start() : min(b, rest.end() + _W["offer_target_after"])]):
                if (rest.start() + of.start() < rest.end() - len(of.group(0))
                        or _RX["clause_end"].search(p.text[rest.start() : rest.start() + of.start()])):
                    continue
                target = self._object(p, rest.start() + of.end(), b)
                if target is not None:
                    break
            if target is None:
                continue
            form = (p.ctx.form_type or "").upper().replace(" ", "")
            if form.startswith("SCTO-T") and p.ctx.signer_key:
                acq.append(p.ctx.signer_key)
            kind = self._stake(p.text[target.end : b])
            out += self._emit(p, list(dict.fromkeys(acq)), target.key, a, b, self._attrs(p, a, b, kind))
        return out

    def _group(self, p: Passage, a: int, b: int) -> list[Fact]:
        """A schedule's reporting group holding a majority: "the Reporting Persons control more
        than 50% of the voting power" → each reporting person acquires control of the issuer."""
        form = (p.ctx.form_type or "").upper()
        if not form.startswith("SC") or not p.ctx.issuer_key:
            return []
        out = []
        for m in _GROUP.finditer(p.text, a, b):
            pct = m.group("pct")
            more = (m.group("more") or "").lower()
            if pct.lower() != "majority" and not (float(pct.rstrip("% ")) > _T["control_above"] or
                                                   (float(pct.rstrip("% ")) == _T["control_above"] and more[:1] in ("m", "o", "i"))):
                continue
            if _RX["hypothetical"].search(p.text[a : m.start()]):
                continue
            what = m.group("what").lower()
            if not _RX["voting_class_words"].search(what):
                continue
            members = reporting_persons(p.ctx)
            target = p.ctx.issuer_key
            members = [k for k in members if k != target]
            if members:
                out += self._emit(p, members, target, a, b, self._attrs(p, a, b, "control"))
        return out

    def _combine(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"A … will combine its business with the business of T1 and T2"; "A, T1 and T2 announced
        they will combine their firms under A" (the named holding company acquires the others)."""
        out = []
        for acq, first in self._clauses(p, _COMBINE, a, b):
            for t in enumeration_from(p, first, b):
                out += self._emit(p, [x.key for x in acq], t.key, a, b,
                                  self._attrs(p, a, b, "company") + [("status", "pending")] * bool(not _DONE.search(p.text[a:b])))
        for m in _COMBINE_UNDER.finditer(p.text, a, b):
            holder = self._object(p, m.end(), b)
            before = p.mentions_in(a, m.start())
            if holder is None or not before:
                continue
            gap = p.text[before[-1].end : m.start()]
            if not _ANNOUNCE_GAP.fullmatch(gap):
                continue
            parties = [before[-1]]
            for x in reversed(before[:-1]):
                if _LOOSE_GAP.fullmatch(p.text[x.end : parties[0].start]):
                    parties.insert(0, x)
                else:
                    break
            others = [x.key for x in parties if x.key != holder.key]
            if len(others) < len(parties):  # the holding company is one of the combining parties
                for k in dict.fromkeys(others):
                    out += self._emit(p, [holder.key], k, a, b, self._attrs(p, a, b, "company") + [("status", "pending")])
        return out

    def _recall(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"… completed the acquisition" / "the Merger became effective" with no party named in
        the sentence: the deal the section introduced last."""
        m = _RECALL.search(p.text, a, b)
        if not m:
            return []
        last = memory(p.ctx).last(p.ctx.section_title(p.start + a))
        if last is None:
            return []
        acq, target = last
        kind = "merger" if "merger" in m.group(0).lower() else "company"
        return self._emit(p, list(acq), target, a, b, self._attrs(p, a, b, kind))

    def _emit(self, p: Passage, acquirers: list[str], target: str, a: int, b: int, attrs: Sequence[tuple[str, str]],
              extra: Sequence[tuple[str, str]] = ()) -> list[Fact]:
        res: list[Fact] = []
        if self._role_term(p, target):
            return res
        for k in acquirers:
            if k == target or self._role_term(p, k):
                continue
            parts = [("acquirer", k), ("target", target), *extra]
            res.append(p.fact(ROLE, parts, attrs, (a, b), self.extractor))
        return res

    def _role_term(self, p: Passage, key: str) -> bool:
        """A party the passage names only by a merger role ("the Surviving Corporation", "the Interim
        Surviving Corporation"): no company of its own, so no acquirer or target."""
        texts = [m.text for m in p.mentions if m.key == key and not m.pronoun]
        return bool(texts) and all(_RX["merger_role_term"].fullmatch(t.strip()) for t in texts)

    def _acquire(self, p: Passage, a: int, b: int) -> list[Fact]:
        out = []
        verb_spans: list[tuple[int, int]] = []
        for rx in (_ACQ, _NOUN):
            for m in rx.finditer(p.text, a, b):
                if rx is _ACQ:
                    verb_spans.append(m.span())
                elif any(x <= m.start() < y for x, y in verb_spans):
                    continue
                target = self._object(p, m.end(), b)
                from_seller = None
                sold_by: Mention | None = None
                if target is None and rx is _ACQ and not m.group("obj"):
                    target, sold_by = self._shares_from(p, m.end(), b)
                if target is None and rx is _ACQ and not m.group("obj"):
                    from_seller = _FROM_SELLER.match(p.text, m.end(), b)
                    target = self._object(p, from_seller.end(), b) if from_seller else None
                    if target is not None and (target.label != "ORG" or target.pronoun):
                        target = None
                if target is None:
                    continue
                kind = "assets" if from_seller else "company" if sold_by is not None else self._kind(m.group("obj"))
                topped_up = False  # an additional stake that brings the holding to the whole company
                if kind is None:
                    kind = self._resulting_stake(p.text[target.end : b], m.group("obj"))
                    topped_up = kind == "company"
                if kind is None:
                    continue
                if rx is _NOUN:
                    by = p.mentions_in(target.end, b)
                    by = [x for x in by if _BY.fullmatch(p.text[target.end : x.start]) or
                          _RX["comma_by_gap"].fullmatch(p.text[target.end : x.start])]
                    if not by:
                        via = _BY_SUB.match(p.text, target.end)
                        parent = self._object(p, via.end(), b, check=False) if via else None
                        by = [parent] if parent is not None and parent.key != target.key else []
                    if by:
                        acq = [by[0]]
                    else:
                        acq = self._subject(p, a, m.start())
                        if not acq:
                            head = p.text[max(a, m.start() - _W["possessive_before_noun"]) : m.start()]
                            poss = _RX["possessive_before_noun"].search(head)
                            if poss and p.ctx.issuer_key:
                                acq = [Mention(m.start(), m.start(), p.ctx.issuer_key, "ORG", "", pronoun=True)]
                            else:
                                acq = self._possessor(p, a, m.start())
                            if not acq and self._issuer_report(p) and _ISSUER_CUE.search(
                                    p.text, max(a, m.start() - _W["issuer_deal_cue"]), m.start()):
                                acq = [self._issuer_mention(p, m.start())]
                else:
                    acq = self._subject(p, a, m.start())
                    if len(acq) == 1:
                        # "entered into an agreement with S to acquire T": S is the counterparty
                        w = _RX["agreement_with_before"].search(p.text, max(a, acq[0].start - _W["agreement_with_before"]), acq[0].start)
                        if w is not None:
                            acq = self._subject(p, a, w.start())
                if not acq:
                    continue
                if self._is_merger_sub(p, target):
                    continue
                if kind == SHARES:
                    kind = self._stake(p.text[target.end : b])
                if kind == "company" and _POSS_ASSET.match(p.text, target.end):
                    kind = "assets"  # "acquired X's product line": not the company
                attrs = self._attrs(p, a, b, kind, m.group("obj"))
                status = self._status(p, a, m.start(), m.end())
                if kind == "company" and (_WHOLE.search(m.group("obj") or "") or self._whole_company(p, m, target, status)
                                          or topped_up and not status):
                    attrs.append((WHOLE, "1"))
                attrs += status
                targets = [target]
                # "acquisitions of A and B" / "acquired control of two railroads, A and B"
                if (_RX["plural_acquisition"].search(m.group(0))
                        or _RX["listed_object_end"].search(m.group("obj") or "")):
                    targets = [t for t in self._listed(p, target, b) if self._ok(p, t) and not self._is_merger_sub(p, t)]
                elif self._company_list(p, m, target):
                    # "we acquired A, Inc. and B LLC": a bare list of legal-form names after a purchase verb
                    targets = self._listed(p, target, b)
                extra = [("seller", sold_by.key)] if sold_by is not None else []
                for t in targets:
                    out += self._emit(p, [x.key for x in acq], t.key, a, b, attrs, extra)
        return out

    def _shares_from(self, p: Passage, pos: int, b: int) -> tuple[Mention | None, Mention | None]:
        """"agreed to purchase from AOL LLC, a wholly owned subsidiary of Time Warner Inc., all of the
        outstanding shares of Tegic": the company whose shares are bought (the target) and its seller."""
        fm = _RX["from_word"].match(p.text, pos, b)
        seller = self._object(p, fm.end(), b, check=False) if fm else None
        if seller is None or seller.pronoun:
            return None, None
        at = seller.end
        app = _RX["seller_apposition"].match(p.text, at, b)
        sh = _RX["all_shares_of"].match(p.text, app.end() if app else at, b)
        target = self._object(p, sh.end(), b) if sh else None
        if target is None or target.pronoun or target.label != "ORG" or target.key == seller.key:
            return None, None
        return target, seller

    def _listed(self, p: Passage, first: Mention, b: int) -> list[Mention]:
        """``first`` and the organizations listed after it, each possibly with a short name in
        parentheses ("A (NW) and B (Southern)"); a mention of the same entity inside the parentheses is
        skipped."""
        out = [first]
        cur = first
        for m in p.mentions_in(first.end, b, "ORG", pronouns=False):
            if m.start < cur.end or m.key == cur.key:
                continue
            if not _RX["listed_gap"].fullmatch(p.text, cur.end, m.start):
                break
            out.append(m)
            cur = m
        return out

    def _relative(self, p: Passage, a: int, b: int, m: Mention) -> list[Fact]:
        """"T, which we acquired in 2016, …" / "T, which A acquired from B" / "T, acquired by A in
        2016, …": a clause after the target names its acquirer (a completed deal)."""
        if m.pronoun or m.label != "ORG" or not self._ok(p, m):
            return []
        if _RX["relative_head_before"].search(p.text, max(a, m.start - _W["excluded_before"]), m.start):
            return []
        acq: Mention | None = None
        pm = _RX["participle_acquired_by"].match(p.text, m.end, b)
        if pm:
            acq = self._object(p, pm.end(), b)
        else:
            wm = _RX["which_relative_after"].match(p.text, m.end, b)
            if wm is None:
                # "Zip2 Corporation, a provider of software, which was acquired by Compaq"
                gm = _RX["relative_apposition_gap"].match(p.text, m.end, b)
                wm = (_RX["which_relative_after"].match(p.text, gm.end(), b)
                      if gm and all(x.key == m.key for x in p.mentions_in(m.end, gm.end(), "ORG", pronouns=False))
                      else None)
            if wm is not None:
                vm = _RX["which_passive_after"].match(p.text, wm.end(), b)
                if vm is not None:
                    acq = self._object(p, vm.end(), b)
                else:
                    subj = self._object(p, wm.end(), b, check=False)
                    if subj is not None and subj.start == wm.end() and subj.label == "ORG" \
                            and _RX["relative_acquired_after"].match(p.text, subj.end, b):
                        acq = subj
        if acq is None or acq.key == m.key or acq.label != "ORG":
            return []
        return self._emit(p, [acq.key], m.key, a, b, self._attrs(p, a, b, "company"))

    def _company_list(self, p: Passage, m: re.Match[str], target: Mention) -> bool:
        """"acquired A, Inc. and B LLC" / "completed the acquisition of A Corp. and B Ltd.": a bare
        object (no stake or asset phrase) after a purchase verb, listing two or more names that each
        end in a legal form (a brand or a business line after "and" is left out)."""
        if m.group("obj") or not _RX["completed_acquire_verb"].match(m.group(0)):
            return False
        listed = self._listed(p, target, p.sentence_of(target.start)[1])
        return len(listed) > 1 and all(
            not t.pronoun and t.label == "ORG" and self._ok(p, t) and not self._is_merger_sub(p, t)
            and _RX["company_form_name"].search(t.text.rstrip(" ,")) for t in listed)

    def _whole_company(self, p: Passage, m: re.Match[str], target: Mention, status: list[tuple[str, str]]) -> bool:
        """"completed the acquisition of Pensando Systems, Inc." / "acquired X Corp.": a completed
        purchase whose bare object is a company's legal name buys the whole company (it becomes a
        subsidiary); a pending deal, a stake, a business line or a bare brand name does not."""
        if status or m.group("obj") or target.pronoun or target.label != "ORG":
            return False
        if not _RX["completed_acquire_verb"].match(m.group(0)):
            return False
        return bool(_RX["company_form_name"].search(target.text.rstrip(" ,")))

    def _issuer_report(self, p: Passage) -> bool:
        """The issuer writes about itself (10-K, 10-Q, 8-K, prospectus …): a deal it tells without
        an acquirer is its own."""
        return bool(p.ctx.issuer_key and _ISSUER_FORM.match((p.ctx.form_type or "").strip()))

    def _issuer_mention(self, p: Passage, pos: int) -> Mention:
        return Mention(pos, pos, p.ctx.issuer_key or "", "ORG", "", pronoun=True)

    def _issuer_deals(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"Rocky Mountain Consultants, Inc. (acquired December 21, 2000)", "A, Inc. and B, Inc.
        (collectively acquired June 29, 2001)", "the Geeknet acquisition" in the issuer's report."""
        if not self._issuer_report(p):
            return []
        issuer = p.ctx.issuer_key or ""
        out = []
        ments = p.mentions_in(a, b, "ORG")
        for pm in _ACQ_PAREN.finditer(p.text, a, b):
            last = next((x for x in reversed(ments) if x.end == pm.start()), None)
            if last is None:
                continue
            targets = enumeration_before(p, last, a, "ORG") if pm.group("all") else [last]
            for t in targets:
                if not t.pronoun and t.key != issuer and self._ok(p, t):
                    out += self._emit(p, [issuer], t.key, a, b, [("kind", "company")])
        for x in ments:
            if x.pronoun or x.key == issuer or not _NAME_ACQ.match(p.text, x.end, b):
                continue
            if _NAME_ACQ_LEAD.search(p.text, max(a, x.start - _W["name_acquisition_lead"]), x.start) and self._ok(p, x):
                out += self._emit(p, [issuer], x.key, a, b, self._attrs(p, a, b, "company"))
        return out

    def _possessor(self, p: Passage, a: int, pos: int) -> list[Mention]:
        """The company named in the possessive before an acquisition noun: "Nuance’s previously
        announced acquisition of T" → Nuance."""
        before = [x for x in p.mentions_in(a, pos, "ORG") if x.end <= pos and self._ok(p, x)]
        if before and not self._is_merger_sub(p, before[-1]) and _POSS_NOUN.fullmatch(p.text, before[-1].end, pos):
            return [before[-1]]
        return []

    def _agreement_parties(self, p: Passage, a: int, b: int) -> list[Fact]:
        """A merger agreement whose parties the sentence lists, one of them a merger subsidiary:
        the subsidiary's parent acquires the one other company party ("… among A, Merger Sub, a
        wholly owned subsidiary of A, and T"; "A and Merger Sub entered into a Merger Agreement
        with T"). Agents and representatives (", as escrow agent") are no party to the deal."""
        m = _AMONG.search(p.text, a, b)
        if m is None:
            return []
        lo = m.end() if m.group("among") else a
        ments = [x for x in p.mentions_in(lo, b, "ORG") if self._ok(p, x) and (not x.pronoun or x.key == p.ctx.issuer_key)]
        # a merger subsidiary by its own name and with a parent named ("X Acquisition Corp." alone
        # may be a listed acquisition company, the acquirer itself)
        subs = {x.key: k for x in ments if _MERGER_SUB.search(x.text) and (k := self._sub_parent_key(p, x)) is not None}
        parents = set(subs.values())
        if not subs:
            return self._listed_parent(p, a, b, ments)
        if len(parents) != 1:
            return []
        parent = parents.pop()
        sub_keys = set(subs)
        others = [x for x in ments if x.key not in sub_keys and x.key != parent and not _IN_ROLE.match(p.text, x.end, b)
                  and not _RX["defined_term_before"].search(p.text, max(a, x.start - _W["defined_term_before"]), x.start)]
        keys = list(dict.fromkeys(x.key for x in others))
        if len(keys) != 1:
            return []
        return self._emit(p, [parent], keys[0], a, b, self._attrs(p, a, b, "merger") + self._merger_status(p, a, b))

    @staticmethod
    def _merger_status(p: Passage, a: int, b: int) -> list[tuple[str, str]]:
        """A merger agreement told by its party list is pending unless the sentence says it closed."""
        sent = p.text[a:b]
        return [] if _DONE.search(sent) or _RX["done_verb"].search(sent) else [("status", "pending")]

    def _listed_parent(self, p: Passage, a: int, b: int, ments: list[Mention]) -> list[Fact]:
        """A merger agreement's party list naming no merger subsidiary's parent, the subsidiary between the
        two others ("among Parent, Merger Sub and the Company", "between the Company, Ridge Merger Sub, Inc.,
        TouchCommerce, Inc."): the party before the subsidiary acquires the one after it. A list
        ending in the subsidiary ("among Tyson Foods, Inc., AdvancePierre Foods Holdings, Inc. and DVB Merger
        Sub, Inc.") is Parent, Company, Sub as often as Company, Parent, Sub, and says nothing. Only a name of
        the strict shape ("Merger Sub") counts: an "Acquisition Corp." may be the acquisition company."""
        am = _AMONG.search(p.text, a, b)
        among = _RX["among_word"].search(p.text, am.start(), b) if am else None
        if among is None:
            return []  # "A and Merger Sub entered into a support agreement with X": no party list
        # the merger agreement's own list, on its line (an exhibit index lists the next agreement below it)
        nl = p.text.find("\n", among.end(), b)
        hi = nl if nl >= 0 else b
        parties = [x for x in ments if among.end() <= x.start < hi and not _IN_ROLE.match(p.text, x.end, b)]
        # Parent, Merger Sub and the Company come first; a fourth and later party is a representative or an
        # escrow agent ("… and Shareholder Representative Services LLC")
        order = list(dict.fromkeys(x.key for x in parties))
        if len(order) < 3:
            return []
        # only a name of the strict shape: "Wren Acquisition Corporation" may be the acquisition company itself,
        # unless the sentence tells the deal closed ("the close of the transactions contemplated by the Agreement
        # and Plan of Merger between the Company, Tanzania Acquisition Corporation, TouchCommerce, Inc. …")
        subs = [k for k in order if any(_RX["strict_merger_sub"].search(x.text) for x in parties if x.key == k)]
        if not subs and (_DONE.search(p.text[a:b]) or _RX["deal_stated"].search(p.text, a, b)):
            subs = [k for k in order if any(_MERGER_SUB.search(x.text) for x in parties if x.key == k)]
        if len(subs) != 1 or order.index(subs[0]) != 1:
            return []  # "A, B and Merger Sub" is Parent, Company, Sub as often as Company, Parent, Sub
        parent, target = order[0], order[2]
        return self._emit(p, [parent], target, a, b, self._attrs(p, a, b, "merger") + self._merger_status(p, a, b))

    def _sub_parent_key(self, p: Passage, sub: Mention) -> str | None:
        """The parent of a merger subsidiary, as this passage or an earlier one of the filing names it."""
        known = p.ctx.memo.setdefault("merger_sub_parents", {})
        parent = self._parent_of(p, sub)
        if parent is not None and parent.key != sub.key:
            known[sub.key] = parent.key
            return parent.key
        got = known.get(sub.key)
        return got if isinstance(got, str) else None

    def _noun_by(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"the acquisition by A of T"; "the acquisition by one of its wholly owned subsidiaries of
        T" (its = the organization the sentence names before, else the issuer)."""
        out = []
        for m in _NOUN_BY.finditer(p.text, a, b):
            target = self._object(p, m.end(), b)
            if target is None:
                continue
            agent = self._object(p, m.start("by"), m.end("by"), check=False)
            if agent is not None:
                if not _COMMON_RX["only_space"].fullmatch(p.text[agent.end : m.end("by")]):
                    continue
                acq = agent
            elif _SUB_PHRASE.fullmatch(m.group("by")):
                poss = m.group("by").split()[0].lower() if not m.group("by").lower().startswith("one") else m.group("by").split()[2].lower()
                orgs = [x for x in p.mentions_in(a, m.start(), "ORG") if self._ok(p, x) and x.key != target.key]
                if poss in ("its", "their") and orgs and not orgs[-1].pronoun:
                    acq = orgs[-1]
                elif p.ctx.issuer_key and (poss in ("our", "the") or poss in ("its", "their") and not orgs):
                    acq = Mention(m.start(), m.start(), p.ctx.issuer_key, "ORG", "", pronoun=True)
                elif orgs:
                    acq = orgs[-1]
                else:
                    continue
            else:
                continue
            attrs = self._attrs(p, a, b, "company") + self._status(p, a, m.start(), m.end())
            out += self._emit(p, [acq.key], target.key, a, b, attrs)
        return out

    def _resulting_stake(self, tail: str, obj: str | None) -> str | None:
        """Kind of an additional minority stake by the holding it results in ("an additional 50 percent
        interest in X … and now own 100 percent of X"); None when no resulting holding is stated."""
        if not obj or not _RX["additional_stake"].search(obj):
            return None
        res = _RX["stake_result_after"].match(tail)
        if not res:
            return None
        v = float(res.group(1))
        return "company" if v > _T["whole_above"] else "control" if v > _T["control_above"] else None

    def _stake(self, tail: str) -> str:
        """Kind of a purchase of a number of shares: by the percentage stated right after the target
        ("… of X representing 99.93% of the shares")."""
        pct = _RX["stake_percent_after"].match(tail)
        if not pct:
            return SHARES
        v = float(pct.group(1))
        return "company" if v > _T["whole_above"] else "control" if v > _T["control_above"] else SHARES

    def _status(self, p: Passage, a: int, start: int, end: int) -> list[tuple[str, str]]:
        """("status", "pending") for an agreed or announced deal that is not said to be completed."""
        s = p.text[max(a, start - _W["pending_before"]) : end]
        sent = p.text[a : p.sentence_of(start)[1]]
        if _DONE.search(sent):
            return []
        return [("status", "pending")] if _PENDING.search(s) or _PENDING_SENT.search(sent) else []

    def _merge(self, p: Passage, a: int, b: int) -> list[Fact]:
        out = []
        for merged, into in self._clauses(p, _MERGE, a, b):
            owned_by = _SUB_AFTER if into.text.endswith(("'s", "’s")) else _POSS_SUB  # "the registrant's" is one mention
            ps = owned_by.match(p.text, into.end, b)
            named = self._object(p, ps.end(), b, check=False) if ps else None
            vehicle = None
            if named is not None and self._is_merger_sub(p, named):
                vehicle = named.key  # "into the registrant's wholly-owned subsidiary, SW Acquisition, Inc.": the parent acquires
            elif named is not None:
                into = named  # "merge into Peoples’ wholly owned subsidiary, Peoples Bank"
            subs = [x for x in merged if self._is_merger_sub(p, x)]
            if subs:
                out += self._sub_merger(p, a, b, subs[0], into)
                continue
            out += self._merged(p, a, b, [x.key for x in merged], into, vehicle)
        out += self._into_subsidiary(p, a, b)
        for m in _MERGER_OF.finditer(p.text, a, b):
            first = self._object(p, m.end(), b)
            if first is None:
                continue
            rest = _RX["merger_into_with"].match(p.text[first.end : b])
            if not rest:
                continue
            second = self._object(p, first.end + rest.end(), b)
            if second is None:
                continue
            if self._is_merger_sub(p, first):
                out += self._sub_merger(p, a, b, first, second)
                continue
            out += self._merged(p, a, b, [first.key], second)
        return out

    def _into_subsidiary(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"T will merge with and into a newly formed wholly owned subsidiary of P": P acquires T
        (the subsidiary is not named)."""
        out = []
        for m in _MERGE.finditer(p.text, a, b):
            sm = _RX["into_subsidiary_of"].match(p.text, m.end(), b)
            if sm is None:
                continue
            parent = self._object(p, sm.end(), b, check=False)
            merged = [x for x in self._subject(p, a, m.start()) if not self._is_merger_sub(p, x)]
            if parent is None or not merged:
                continue
            attrs = self._attrs(p, a, b, "merger") + self._status(p, a, m.start(), m.end())
            out += self._emit(p, [parent.key], merged[0].key, a, b, attrs) if len(merged) == 1 else \
                [f for x in merged for f in self._emit(p, [parent.key], x.key, a, b, attrs)]
        return out

    def _is_merger_sub(self, p: Passage, m: Mention) -> bool:
        """A merger subsidiary ("AJ Acquisition, Inc.", "Merger Sub", "Junglee Merger Sub")."""
        if m.pronoun:
            return False
        if _MERGER_SUB.search(m.text):
            return True
        ent = p.ctx.index.resolve(m.text) if p.ctx.index is not None else None
        return bool(ent is not None and _MERGER_SUB.search(getattr(ent, "label", "") or ""))

    def _parent_of(self, p: Passage, sub: Mention) -> Mention | None:
        """The parent a passage names for a merger subsidiary: "S, a wholly owned subsidiary of P"
        or "… subsidiary of P ("S")"."""
        names = {sub.text.lower()} | {x.text.lower() for x in p.mentions if x.key == sub.key}
        for pm in _PARENT.finditer(p.text):
            parent = self._object(p, pm.end(), len(p.text), check=False)
            after_parent = p.text[parent.end : parent.end + _W["name_after_parent"]] if parent is not None else ""
            if parent is None or parent.key == sub.key and sub.text.lower() not in after_parent.lower():
                continue
            before = [x for x in p.mentions_in(max(0, pm.start() - _W["name_before_parent"]), pm.start())
                      if x.text.lower() in names or x.key == sub.key]
            after = _RX["defined_name_after"].match(p.text[parent.end :])
            named_after = bool(after and after.group(1).lower() in names)
            near = before and _PARENT_GAP.fullmatch(p.text[before[-1].end : pm.start()])
            if named_after or near:
                return parent
        return None

    def _sub_merger(self, p: Passage, a: int, b: int, sub: Mention, target: Mention) -> list[Fact]:
        """A merger subsidiary merged with and into T: its parent acquires T (T survives unless the
        sentence says otherwise)."""
        parent = self._parent_of(p, sub)
        tail = p.text[target.end : b]
        if parent is None:  # "… with T surviving as a wholly owned subsidiary of P"
            owned = _RX["subsidiary_of_in_tail"].search(tail)
            parent = self._object(p, target.end + owned.end(), b, check=False) if owned else None
        if parent is None or parent.key == target.key or parent.key == sub.key:
            return []
        survivor = target.key
        sv = _SURVIVE.search(tail)
        if sv:
            ms = [x for x in p.mentions_in(target.end, target.end + sv.start())]
            if ms and ms[-1].key not in (target.key,) and ms[-1].text.lower() == sub.text.lower():
                survivor = sub.key
        attrs = self._attrs(p, a, b, "merger") + [("survivor", survivor)] + self._status(p, a, a, b)
        return self._emit(p, [parent.key], target.key, a, b, attrs)

    def _merged(self, p: Passage, a: int, b: int, merged: list[str], into: Mention, vehicle: str | None = None) -> list[Fact]:
        tail = p.text[into.end : b]
        sv = _SURVIVE.search(tail)
        survivor = into.key
        if sv:
            # "… with X surviving": the mention nearest before the survival word
            ms = [x for x in p.mentions_in(into.end, into.end + sv.start()) if x.key in merged or x.key in (into.key, vehicle)]
            if ms:
                survivor = ms[-1].key
        if vehicle is not None and survivor == vehicle:
            attrs = self._attrs(p, a, b, "merger") + [("survivor", vehicle)]
            return [f for k in merged for f in self._emit(p, [into.key], k, a, b, attrs)]
        parent = _RX["subsidiary_of_in_tail"].search(tail)
        attrs = self._attrs(p, a, b, "merger") + [("survivor", survivor)]
        if parent:
            owner = self._object(p, into.end + parent.end(), b, check=False)
            if owner is not None and owner.key != survivor:
                return self._emit(p, [owner.key], survivor, a, b, [x for x in attrs if x[0] != "kind"] + [("kind", "company")])
        if survivor != into.key:
            return []
        return [f for k in merged for f in self._emit(p, [into.key], k, a, b, attrs)]

    def _sale(self, p: Passage, a: int, b: int) -> list[Fact]:
        out = []
        for m in _SALE.finditer(p.text, a, b):
            lead = _SUB_LEAD.match(p.text, m.end())  # "sold its subsidiary, X, to Y"
            target = self._object(p, lead.end() if lead else m.end(), b)
            if target is None or target.pronoun:
                out += self._asset_sale(p, a, b, m)
                continue
            to = [x for x in p.mentions_in(target.end, b) if _TO.fullmatch(p.text[target.end : x.start])]
            if not to or to[0].key == target.key:
                continue
            buyer = to[0]
            seller = self._subject(p, a, m.start())
            kind = self._kind(m.group("obj")) or "company"
            if kind == "company" and _POSS_ASSET.match(p.text, target.end):
                kind = "assets"  # "the sale of X's imaging business to B"
            extra = [("seller", s.key) for s in seller if s.key not in (buyer.key, target.key)]
            attrs = self._attrs(p, a, b, kind, m.group("obj"))
            if kind == "company" and _WHOLE.search(m.group("obj") or ""):
                attrs.append((WHOLE, "1"))
            out += self._emit(p, [buyer.key], target.key, a, b, attrs, extra)
        return out

    def _asset_sale(self, p: Passage, a: int, b: int, m: re.Match[str]) -> list[Fact]:
        """"S (or S's subsidiaries) sold certain assets … to B", "the sale of its imaging business
        to B": B acquires the seller's assets (target = the selling company; kind assets)."""
        if m.group(0).lower().startswith("transfer") or m.group("obj") and not _RX["asset_or_business"].search(m.group("obj")):
            return []
        am = _ASSET_OBJ.match(p.text, m.start("obj") if m.group("obj") else m.end())
        if am is None or am.end() > b:
            return []
        buyer = None
        for to in _RX["to_word"].finditer(p.text[am.end() : min(b, am.end() + _W["asset_buyer_after"])]):
            if _TO_NOT.search(p.text, am.end(), am.end() + to.start()):
                continue
            x = self._object(p, am.end() + to.end(), b)
            if x is not None and x.label == "ORG" and not x.pronoun:
                buyer = x
            break
        if buyer is None:
            return []
        poss = (am.group("poss") or "").lower()
        seller: Mention | None = None
        if poss.startswith(("our", "the")) and p.ctx.issuer_key:
            seller = Mention(m.start(), m.start(), p.ctx.issuer_key, "ORG", "", pronoun=True)
        else:
            subj = [x for x in p.mentions_in(a, m.start())]
            last = subj[-1] if subj and _SUBJ_GAP.fullmatch(p.text[subj[-1].end : m.start()]) else None
            if last is not None:
                seller = self._parent_named(p, a, last) or last
            elif poss in ("its", "their"):
                orgs = [x for x in p.mentions_in(a, m.start(), "ORG") if x.key != buyer.key]
                seller = orgs[-1] if orgs else None
        if seller is None or seller.key == buyer.key or seller.label != "ORG":
            return []
        attrs = self._attrs(p, a, b, "assets") + self._status(p, a, m.start(), m.end())
        return self._emit(p, [buyer.key], seller.key, a, b, attrs)

    def _parent_named(self, p: Passage, a: int, m: Mention) -> Mention | None:
        """The company whose subsidiaries ``m`` stands for: "subsidiaries of X" right before ``m``,
        or "subsidiaries of X (collectively, the “Group”)" when ``m`` is the defined name."""
        defined = _RX["defined_name_opening"].search(p.text[max(a, m.start - _W["defined_name_before"]) : m.start])
        opening = len(defined.group(0)) if defined else 0
        head = [x for x in p.mentions_in(a, m.start - opening) if x.end <= m.start] if defined else []
        cand = head[-1] if head and _COMMON_RX["only_space"].fullmatch(p.text[head[-1].end : m.start - opening]) else m
        if _RX["subsidiaries_of_before"].search(p.text[max(a, cand.start - _W["subsidiaries_of_before"]) : cand.start]):
            return cand
        return None

    def _control(self, p: Passage, a: int, b: int) -> list[Fact]:
        out = []
        for m in _CONTROL.finditer(p.text, a, b):
            if m.group(0).lower().startswith(("change", "controlling")):
                continue
            target = self._object(p, m.end(), b)
            if target is None:
                continue
            acq = [x for x in p.mentions_in(a, b) if x.key != target.key and not x.pronoun and self._ok(p, x)]
            out += self._emit(p, list(dict.fromkeys(x.key for x in acq)), target.key, a, b, self._attrs(p, a, b, "control"))
        for m in _TENDER.finditer(p.text, a, b):
            verb = _RX["tender_verb_before"].search(p.text, max(a, m.start() - _W["tender_verb_before"]), m.start())
            acq = self._subject(p, a, m.start()) or (self._subject(p, a, verb.start()) if verb else [])
            acq = [self._parent_mention(p, x) for x in acq]
            tail = _RX["tender_offer_object"].search(p.text[m.end() : b])
            if not acq or not tail:
                continue
            target = self._object(p, m.end() + tail.end(), b)
            if target is None:
                continue
            out += self._emit(p, [x.key for x in acq], target.key, a, b, self._attrs(p, a, b, "control"))
        return out

    def _parent_mention(self, p: Passage, m: Mention) -> Mention:
        """A merger subsidiary stands for its parent when the passage names one: "Merger Sub, a
        wholly owned subsidiary of A, commenced a tender offer" → A."""
        if not self._is_merger_sub(p, m):
            return m
        parent = self._parent_of(p, m)
        return parent if parent is not None else m

    def _exchange(self, p: Passage, a: int, b: int) -> list[Fact]:
        out = []
        for m in _EXCHANGE.finditer(p.text, a, b):
            target = self._object(p, m.end(), b)
            if target is None or target.label != "ORG" or target.pronoun:
                continue
            entered = p.text.rfind("entered", a, m.start()) if "entered" in p.text[a : m.start()] else m.start()
            acq = self._subject(p, a, m.start()) or self._subject(p, a, entered)
            acq = [x for x in acq if not self._is_merger_sub(p, x)]
            if not acq:
                continue
            if self._is_merger_sub(p, target):
                # "… with Merger Sub, Inc., a wholly owned subsidiary of A, and T": the other party
                keys = {x.key for x in acq} | {target.key}
                nxt = [x for x in p.mentions_in(target.end, b, "ORG") if x.key not in keys and not x.pronoun
                       and not self._is_merger_sub(p, x) and _RX["and_before"].search(p.text[max(a, x.start - _W["and_before"]) : x.start])]
                if not nxt:
                    continue
                target = nxt[0]
            tail = p.text[target.end : b]
            if not _RX["shares_issued_to_holders_of"].search(tail) \
                    and not _DIRECTED.search(_NAMES_OFF.sub(" ", p.text[a:b])):
                continue  # an agreement's own name ("Agreement and Plan of Merger") tells no direction
            sent = p.text[a:b]
            status = [("status", "pending")] if _RX["entered_into"].search(sent) and not _DONE.search(sent) \
                and not _RX["done_verb"].search(sent) else []
            out += self._emit(p, [x.key for x in acq], target.key, a, b, self._attrs(p, a, b, "company") + status)
        return out


make_acquisitions = role_factory("corpkg_acquisitions", AcquisitionExtractor, role=ROLE)

# the acquisition rules as a reader for other roles: its rules need no pipeline, only ``extractor``
_READER = AcquisitionExtractor.__new__(AcquisitionExtractor)


def sentence_acquirers(p: Passage, a: int, b: int) -> list[tuple[str, str]]:
    """(acquirer, target) keys of the deals the sentence [a, b) of ``p`` states: "A acquired T
    pursuant to an Agreement and Plan of Merger by and among A, Merger Sub and T" → [(A, T)]."""
    out = []
    for f in _READER.sentence_deals(p, a, b):
        for acq in f.participant("acquirer"):
            out.append((acq, f.participant("target")[0]))
    return list(dict.fromkeys(out))


def is_merger_sub_name(name: str) -> bool:
    """A merger subsidiary's name ("DVB Merger Sub, Inc.", "Vanhalen Acquisition Corporation")."""
    return bool(_MERGER_SUB.search(name))

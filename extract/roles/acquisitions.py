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
from typing import Iterator

from corpkg.extract.model import Fact
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import (
    Mention,
    Passage,
    enumeration_before,
    enumeration_from,
    event_date,
    find_money,
    group_builder,
    load_json,
    prefilter_of,
)
from corpkg.extract.roles.discourse import memory, pronoun_subject

__all__ = ["AcquisitionExtractor", "WHOLE"]

ROLE = "acquisition"
SHARES = "_shares"  # an object "N shares of T": company/control when the stake is stated, else no kind
WHOLE = "_whole"  # all the outstanding stock: the target becomes the acquirer's subsidiary (run.finalize_facts)
_WHOLE = re.compile(r"\ball\b[^%]*\b(?:stock|shares|equity|interests|units)\b|\b100(?:\.0+)?\s?%", re.I)
_DATA = load_json("acquisitions.json")
_alt = group_builder("acquisitions.json")


_ACQ = re.compile(r"(?<![\w-])" + _alt("acquire_verb") + r"\s+(?P<obj>" + _alt("object_of") + r"\s+)?(?:the\s+)?", re.I)
_NOUN = re.compile(r"(?<![\w-])" + _alt("acquisition_noun") + r"\s+(?P<obj>" + _alt("object_of") + r"\s+)?(?:the\s+)?", re.I)
_MERGE = re.compile(r"(?<![\w-])" + _alt("merge") + r"\s+(?:the\s+)?", re.I)
_MERGER_OF = re.compile(r"(?<![\w-])" + _alt("merger_of") + r"\s+(?:the\s+)?", re.I)
_SALE = re.compile(r"(?<![\w-])" + _alt("sale") + r"\s+(?P<obj>" + _alt("object_of") + r"\s+)?(?:the\s+)?", re.I)
_CONTROL = re.compile(_alt("control") + r"\s+(?:the\s+)?", re.I)
_TENDER = re.compile(_alt("tender_offer"), re.I)
_EXCHANGE = re.compile(_alt("exchange_agreement") + r"[^.;]{0,80}?\bwith\s+(?:the\s+)?", re.I)
_SURVIVE = re.compile(_alt("survive"), re.I)
_CONSIDERATION = re.compile(_alt("consideration_cue") + r"\s+(?:\w+\s+){0,3}?$", re.I)
_EXCLUDE = re.compile(_alt("exclude_before") + r"\s+(?:the\s+)?$", re.I)
_SUBJ_GAP = re.compile(r"[”\"’']?\)?\s*(?:\([^)]{0,60}\))?\s*(?:,[^,;]{0,80},)?\s*(?:(?<=[”\"’')])\s*,)?\s*(?:'s|’s)?\s*(?:(?:has|have|had|also|then|recently|today|subsequently|successfully|previously|will|would|shall|through\s+\w+(?:\s+\w+)?)\s+)*$", re.I)
_TO = re.compile(r"\s*(?:,[^,;]{0,80},\s*)?(?:[^.;]{0,80}?\s)?to\s+(?:the\s+)?$", re.I)
_SHARES = re.compile(r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s+million)\s+(?:of\s+(?:our|its|the\s+Company's|\w+'s)\s+)?(?:(?:restricted|newly\s+issued|common|ordinary|preferred)\s+)*shares", re.I)
_PCT = re.compile(r"(\d+(?:\.\d+)?)\s?%")
_BY = re.compile(r"\s*by\s+(?:the\s+)?$", re.I)
_POSS_ASSET = re.compile(r"(?:'s|’s|'|’)\s+(?:[\w-]+\s+){0,3}?" + _alt("asset_nouns") + r"\b", re.I)
_PENDING = re.compile(r"\b" + _alt("pending_cue") + r"\b", re.I)
_PENDING_SENT = re.compile(r"\b" + _alt("pending_sentence") + r"\b", re.I)
_DONE = re.compile(r"\b" + _alt("completed_cue") + r"\b", re.I)
_MERGER_SUB = re.compile(_alt("merger_sub_name"), re.I)
_PARENT = re.compile(r"(?:a|an|its|the)?\s*(?:indirect\s+|direct\s+)?(?:wholly[- ]owned\s+|newly[- ]formed\s+|majority[- ]owned\s+)*subsidiary\s+of\s+(?:the\s+)?", re.I)
_BECAME = re.compile(r"\s*(?:has\s+|had\s+|thereby\s+|then\s+)?became\s+(?:an?\s+)?(?:indirect\s+|direct\s+)?(?:wholly[- ]owned\s+)?subsidiary\s+of\s+(?:the\s+)?", re.I)
_PASSIVE = re.compile(r"\s*,?\s*(?:which\s+)?(?:was|were|has\s+been|had\s+been|have\s+been|is\s+being|will\s+be|would\s+be)\s+(?:subsequently\s+|later\s+|then\s+)?(?:acquired|purchased|bought)\s+by\s+(?:the\s+)?", re.I)
_ITS_NOUN = re.compile(r"\b(?:its|their)\s+(?:subsequent\s+|later\s+)?(?:acquisition|purchase|sale)\s+(?:in\s+\d{4}\s+)?(?:by|to)\s+(?:the\s+)?", re.I)
_OFFER_BY = re.compile(r"\b(?:tender\s+|exchange\s+)?offer\s+by\s+(?:the\s+)?", re.I)
_OFFER_FOR = re.compile(r"(?:[^.;]|\.(?=\d)){0,60}?\bto\s+(?:purchase|acquire)\s+(?:[^.;]|\.(?=\d)){0,200}?\b(?:shares|stock|units|interests)\b(?:[^.;]|\.(?=\d)){0,120}?\bof\s+(?:the\s+)?", re.I)
_COMBINE = re.compile(r"\b(?:will|would|to|agreed\s+to|plans?\s+to|intends?\s+to)\s+combine\s+(?:its|their|the)\s+(?:[\w-]+\s+){0,6}?(?:business(?:es)?|operations|firms|companies)\s+with\s+(?:the\s+(?:[\w-]+\s+){0,6}?(?:business(?:es)?|operations|firms|companies)\s+(?:of\s+)?){0,2}(?:the\s+)?", re.I)
_COMBINE_UNDER = re.compile(r"\bcombine\s+[^.;]{0,120}?\bunder\s+(?:the\s+)?", re.I)
_ANNOUNCE_GAP = re.compile(r"\s*(?:\([^)]{0,40}\))?\s*,?\s*(?:(?:today|jointly|have|has|also)\s+)*(?:announced|said|stated|agreed)\s+(?:that\s+)?(?:they|it)?\s*(?:will|would|have\s+agreed\s+to|agreed\s+to|plan\s+to|intend\s+to|are\s+to|to)\s+$", re.I)
_LOOSE_GAP = re.compile(r"\s*(?:\([^)]{0,40}\))?\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:[a-z]+\s+){0,2}$")
_GROUP = re.compile(_alt("group_subject") + r"\s+(?:(?:together|collectively|jointly|currently|may\s+be\s+deemed\s+to|now|therefore)\s+)*" + _alt("group_verb") + r"\s+(?:(?:beneficial\s+ownership\s+of|an\s+aggregate\s+of|in\s+the\s+aggregate|sole\s+or\s+shared\s+voting\s+power\s+over)\s+)?(?P<more>more\s+than|over|in\s+excess\s+of|approximately|about|a)?\s*(?P<pct>\d+(?:\.\d+)?\s?%|majority)\s+(?:of\s+)?(?:the\s+)?(?P<what>[^.;]{0,120})", re.I)
_REPORTING = re.compile(r"Names?\s+of\s+Reporting\s+Persons?[ \t]*(?:\n|[ \t]*)(?:[ \t]*(?:I\.?R\.?S\.?|S\.?S\.?)[^\n]*\n)?[ \t:.]*(?P<name>[^\n\t]{3,120})", re.I)


# a direction signal for a merger agreement "with T": an acquisition verb/noun or a merge verb outside
# agreement names and quoted defined terms ("(the “Merger Agreement”)")
_DIRECTED = re.compile(r"acqui|\bmerge[sd]?\b|\bmerging\b", re.I)
_NAMES_OFF = re.compile(_alt("exchange_agreement") + r"|[“\"][^”\"]{0,60}[”\"]", re.I)
# "Peoples’ wholly owned subsidiary, Peoples Bank": the subsidiary named after the parent's possessive
_SUB_AFTER = re.compile(r"\s+(?:(?:indirect|direct|wholly[- ]owned|newly[- ]formed|bank(?:ing)?|principal|operating)\s+)*subsidiary\s*,?\s*(?:the\s+)?", re.I)
_POSS_SUB = re.compile(r"(?:'s|’s|'|’)\s+(?:(?:indirect|direct|wholly[- ]owned|newly[- ]formed|bank(?:ing)?|principal|operating)\s+)*subsidiary\s*,?\s*(?:the\s+)?", re.I)
# a relative clause between a subject and its verb: "X and Y, which combined operate …, to merge into"
_RELATIVE = re.compile(r",\s*(?:which|who)\b[^;]{0,300}?,\s*$", re.I)

# "a wholly owned subsidiary of" right before a name: the name is the acting parent
_SUB_OF = re.compile(r"(?:^|[^\w])(?:an?|one\s+of\s+(?:the|its|their|our))\s+(?:(?:indirect|direct|newly[- ]formed)\s+)*wholly[- ]owned\s+(?:(?:indirect|direct|newly[- ]formed)\s+)*subsidiar(?:y|ies)\s+of\s+(?:the\s+)?$", re.I)
_THROUGH = re.compile(r",?\s*(?:acting\s+)?through\s+(?:its|their|our|a|an|one\s+of\s+its)\s+(?:(?:indirect|direct|newly[- ]formed|wholly[- ]owned)\s+)*subsidiar(?:y|ies)\s*,?\s*(?:the\s+)?$", re.I)

_SUB_PHRASE = r"(?:(?:one|some|certain)\s+of\s+)?(?:its|their|our|the\s+Company's|the\s+Company’s)\s+(?:(?:indirect|direct|newly[- ]formed|wholly[- ]owned|operating)\s+)*subsidiar(?:y|ies)"
_BY_SUB = re.compile(r"\s*,?\s*by\s+(?:an?|one\s+of\s+the)\s+(?:(?:indirect|direct|newly[- ]formed)\s+)*wholly[- ]owned\s+(?:(?:indirect|direct|newly[- ]formed)\s+)*subsidiar(?:y|ies)\s+of\s+(?:the\s+)?", re.I)
_NOUN_BY = re.compile(r"\b(?:acquisition|purchase)\s+by\s+(?P<by>(?:(?:one|some|certain)\s+of\s+)?(?:the\s+)?[^.;]{1,80}?)\s+of\s+(?:the\s+)?", re.I)

_SUB_LEAD = re.compile(r"\s*(?:its|their|our|the\s+Company's|the\s+Company’s)\s+(?:(?:indirect|direct|wholly[- ]owned|majority[- ]owned|operating)\s+)*subsidiary\s*,?\s*", re.I)
_ASSET_OBJ = re.compile(r"\s*(?:(?:certain|substantially\s+all|all|some|part|a\s+portion)\s+(?:of\s+)?)?(?:the\s+)?(?P<poss>its|their|our|the\s+Company's|the\s+Company’s)?\s*(?:[\w-]+\s+){0,4}?(?:assets|business(?:es)?|division|operations|line\s+of\s+business)\b(?!\s+of\b)", re.I)
_TO_NOT = re.compile(r"\b(?:relating|related|pursuant|according|due|prior|belonging|attributable|applicable|subject|addition|respect|regard|similar|used|up|relation|reference|equal|owed|payable|sold\s+to\s+customers)\s+$", re.I)

_PARENT_GAP = re.compile(r"\s*(?:\([^)]{0,60}\))?\s*,\s*(?:a|an)\s+(?:[\w-]+\s+){0,4}?(?:corporation|company|limited\s+liability\s+company|partnership|entity)?\s*(?:and\s+)?$|\s*,\s*$", re.I)
_RECALL = re.compile(r"\b(?:completed|consummated|closed)\s+(?:the|its|this|such)\s+(?:previously\s+announced\s+)?(?:acquisition|merger|purchase)\b(?!\s+of)|\bthe\s+(?:acquisition|merger|purchase)\s+(?:was|has\s+been)\s+(?:completed|consummated|closed)\b|\bthe\s+merger\s+became\s+effective\b", re.I)


def reporting_persons(ctx) -> list[str]:  # noqa: ANN001 - RoleContext
    """Entity keys of a schedule's reporting persons: the cover pages' "Names of Reporting
    Persons" rows and the header's filed-by / reporting-owner parties (cached per filing)."""
    cached = getattr(ctx, "_reporting_persons", None)
    if cached is not None:
        return cached
    keys: list[str] = []
    doc = ctx.document
    if doc is not None:
        for m in _REPORTING.finditer(doc.text):
            name = re.sub(r"\s+", " ", m.group("name")).strip(" .:;")
            key = ctx.resolve_key(name) if name else None
            if key and key not in keys:
                keys.append(key)
        if doc.header is not None:
            for party in doc.header.parties:
                if party.role in ("filed-by", "reporting-owner") and party.name:
                    key = ctx.resolve_key(party.name)
                    if key and key not in keys:
                        keys.append(key)
    setattr(ctx, "_reporting_persons", keys)
    return keys


class AcquisitionExtractor(RoleComponent):
    attr = "role_acquisitions"
    role_name = "acquisitions"
    prefilter = prefilter_of("acquisitions.json")

    # -- helpers -------------------------------------------------------------------------
    def _ok(self, p: Passage, m: Mention) -> bool:
        return not _EXCLUDE.search(p.text[max(0, m.start - 40) : m.start])

    def _subject(self, p: Passage, a: int, pos: int, *, relative: bool = True) -> list[Mention]:
        allm = p.mentions_in(a, pos)
        if allm and _SUBJ_GAP.fullmatch(p.text[allm[-1].end : pos]):
            parent = self._sub_parent(p, a, allm[-1])
            if parent is not None:
                return [parent]  # "a wholly owned subsidiary of the Company acquired X" → the Company
        before = [m for m in allm if self._ok(p, m)]
        if before and re.fullmatch(r"\s*,\s*", p.text[before[-1].end : pos]):
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
        if _SUB_OF.search(p.text, max(a, m.start - 80), m.start):
            return m
        return None

    def _object(self, p: Passage, pos: int, b: int, *, check: bool = True) -> Mention | None:
        for m in p.mentions_in(max(0, pos - 4), b):
            if m.end <= pos:
                continue
            if m.start - pos <= 3 and (not check or self._ok(p, m)):
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
            if _CONSIDERATION.search(s[max(0, ms - 50) : ms]):
                attrs += [("considerationAmount", amount), ("currency", cur)]
                end = re.search(r"[,;.](?:\s|$)", s[me:])
                attrs.append(("consideration", re.sub(r"\s+", " ", s[ms : me + (end.start() if end else 0)]).strip()))
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
        if "asset" in o or "business" in o:
            return "assets"
        pct = _PCT.search(o)
        if pct:
            v = float(pct.group(1))
            if v >= 100 or v > 99:
                return "company"
            return "control" if v > 50 else None
        if "majority" in o or "controlling" in o:
            return "control"
        if "remaining" in o or "minority" in o:
            return "company"
        if re.match(r"\s*(?:[\d,.]+\s+(?:million\s+)?)?(?:shares|ordinary)", o) and not _WHOLE.search(o):
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
            if not found:
                found = self._recall(p, a, b)
            section = p.ctx.section_title(p.start + a)
            for f in found:
                memory(p.ctx).remember(list(f.participant("acquirer")), f.participant("target")[0], section)
            out += found
        return out

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
                    out += self._emit(p, [acq.key], target[0].key, a, b, self._attrs(p, a, b, "company") + self._status(p, a, pm.start(), pm.end()))
            bm = _BECAME.match(p.text, m.end)
            if bm and not m.pronoun:
                owner = self._object(p, bm.end(), b, check=False)
                if owner is not None and owner.key != m.key:
                    out += self._emit(p, [owner.key], m.key, a, b, self._attrs(p, a, b, "company"))
        for rx in (re.compile(r"\b(?:it|which)" + r"\s+" + _PASSIVE.pattern[len(r"\s*,?\s*(?:which\s+)?"):], re.I), _ITS_NOUN):
            for im in rx.finditer(p.text, a, b):
                if rx is _ITS_NOUN and "sale" in im.group(0).lower():
                    continue
                acq = self._object(p, im.end(), b)
                if acq is None:
                    continue
                orgs = [x for x in p.mentions_in(a, im.start(), "ORG") if x.key != acq.key and self._ok(p, x)]
                if not orgs:
                    continue
                out += self._emit(p, [acq.key], orgs[-1].key, a, b, self._attrs(p, a, b, "company"))
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
            for of in re.finditer(r"\bof\s+(?:the\s+)?", p.text[rest.start() : min(b, rest.end() + 160)]):
                if rest.start() + of.start() < rest.end() - len(of.group(0)) or re.search(r"\.(?!\d)|;", p.text[rest.start() : rest.start() + of.start()]):
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
            if pct.lower() != "majority" and not (float(pct.rstrip("% ")) > 50 or
                                                   (float(pct.rstrip("% ")) == 50 and more[:1] in ("m", "o", "i"))):
                continue
            if re.search(r"\b(?:if|would|could|assuming)\b", p.text[a : m.start()], re.I):
                continue
            what = m.group("what").lower()
            if not re.search(r"voting|outstanding|common|shares|stock|class|capital", what):
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
            if not _ANNOUNCE_GAP.fullmatch(gap + "combine "[: 0]) and not _ANNOUNCE_GAP.fullmatch(gap):
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

    def _emit(self, p: Passage, acquirers: list[str], target: str, a: int, b: int, attrs, extra=()) -> list[Fact]:  # noqa: ANN001
        res = []
        for k in acquirers:
            if k == target:
                continue
            parts = [("acquirer", k), ("target", target), *extra]
            res.append(p.fact(ROLE, parts, attrs, (a, b), self.extractor))
        return res

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
                if target is None:
                    continue
                kind = self._kind(m.group("obj"))
                if kind is None:
                    continue
                if rx is _NOUN:
                    by = p.mentions_in(target.end, b)
                    by = [x for x in by if _BY.fullmatch(p.text[target.end : x.start]) or
                          re.fullmatch(r"\s*,?\s*by\s+(?:the\s+)?", p.text[target.end : x.start], re.I)]
                    if not by:
                        via = _BY_SUB.match(p.text, target.end)
                        parent = self._object(p, via.end(), b, check=False) if via else None
                        by = [parent] if parent is not None and parent.key != target.key else []
                    if by:
                        acq = [by[0]]
                    else:
                        acq = self._subject(p, a, m.start())
                        if not acq:
                            poss = re.search(r"(?:our|its|the\s+Company's)\s+(?:\w+\s+){0,2}$", p.text[max(a, m.start() - 40) : m.start()], re.I)
                            if poss and p.ctx.issuer_key:
                                acq = [Mention(m.start(), m.start(), p.ctx.issuer_key, "ORG", "", pronoun=True)]
                else:
                    acq = self._subject(p, a, m.start())
                if not acq:
                    continue
                if self._is_merger_sub(p, target):
                    continue
                if kind == SHARES:
                    kind = self._stake(p.text[target.end : b])
                if kind == "company" and _POSS_ASSET.match(p.text, target.end):
                    kind = "assets"  # "acquired X's product line": not the company
                attrs = self._attrs(p, a, b, kind, m.group("obj"))
                if kind == "company" and _WHOLE.search(m.group("obj") or ""):
                    attrs.append((WHOLE, "1"))
                attrs += self._status(p, a, m.start(), m.end())
                out += self._emit(p, [x.key for x in acq], target.key, a, b, attrs)
        return out

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
                if not re.fullmatch(r"\s*", p.text[agent.end : m.end("by")]):
                    continue
                acq = agent
            elif re.fullmatch(_SUB_PHRASE, m.group("by"), re.I):
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

    def _stake(self, tail: str) -> str:
        """Kind of a purchase of a number of shares: by the percentage stated right after the target
        ("… of X representing 99.93% of the shares")."""
        pct = re.match(r"[^.;%]{0,80}?\b(?:representing|constituting|or|being|equal\s+to)\s+(?:approximately\s+|about\s+)?(\d+(?:\.\d+)?)\s?%", tail, re.I)
        if not pct:
            return SHARES
        v = float(pct.group(1))
        return "company" if v > 99 else "control" if v > 50 else SHARES

    def _status(self, p: Passage, a: int, start: int, end: int) -> list[tuple[str, str]]:
        """("status", "pending") for an agreed or announced deal that is not said to be completed."""
        s = p.text[max(a, start - 60) : end]
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
        for m in _MERGER_OF.finditer(p.text, a, b):
            first = self._object(p, m.end(), b)
            if first is None:
                continue
            rest = re.match(r"(?:\s*,[^;]{0,160}?,)?\s*(?:with\s+and\s+into|into|with)\s+(?:the\s+)?", p.text[first.end : b], re.I)
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
            if parent is None or parent.key == sub.key and sub.text.lower() not in p.text[parent.end : parent.end + 80].lower():
                continue
            before = [x for x in p.mentions_in(max(0, pm.start() - 200), pm.start()) if x.text.lower() in names or x.key == sub.key]
            after = re.match(r"\s*\(\s*(?:the\s+)?[“\"']([^”\"']{1,60})[”\"']", p.text[parent.end :])
            named_after = bool(after and after.group(1).lower() in names)
            near = before and _PARENT_GAP.fullmatch(p.text[before[-1].end : pm.start()])
            if named_after or near:
                return parent
        return None

    def _sub_merger(self, p: Passage, a: int, b: int, sub: Mention, target: Mention) -> list[Fact]:
        """A merger subsidiary merged with and into T: its parent acquires T (T survives unless the
        sentence says otherwise)."""
        parent = self._parent_of(p, sub)
        if parent is None or parent.key == target.key:
            return []
        tail = p.text[target.end : b]
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
        parent = re.search(r"(?:wholly[- ]owned\s+)?subsidiary\s+of\s+(?:the\s+)?", tail, re.I)
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
        if m.group(0).lower().startswith("transfer") or m.group("obj") and not re.search(r"asset|business", m.group("obj"), re.I):
            return []
        am = _ASSET_OBJ.match(p.text, m.start("obj") if m.group("obj") else m.end())
        if am is None or am.end() > b:
            return []
        buyer = None
        for to in re.finditer(r"\bto\s+(?:the\s+)?", p.text[am.end() : min(b, am.end() + 400)]):
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
        defined = re.search(r"\(\s*(?:(?:collectively|together|each)\s*,?\s*)?(?:the\s+)?[“\"']?$", p.text[max(a, m.start - 40) : m.start])
        head = [x for x in p.mentions_in(a, m.start - len(defined.group(0))) if x.end <= m.start] if defined else []
        cand = head[-1] if head and re.fullmatch(r"\s*", p.text[head[-1].end : m.start - len(defined.group(0))]) else m
        if re.search(r"subsidiar(?:y|ies)\s+of\s+(?:the\s+)?$", p.text[max(a, cand.start - 40) : cand.start], re.I):
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
            acq = self._subject(p, a, m.start())
            tail = re.search(r"(?:for|to\s+purchase|to\s+acquire)\s+[^.;]{0,120}?(?:shares|stock|units)\s+of\s+(?:the\s+)?", p.text[m.end() : b], re.I)
            if not acq or not tail:
                continue
            target = self._object(p, m.end() + tail.end(), b)
            if target is None:
                continue
            out += self._emit(p, [x.key for x in acq], target.key, a, b, self._attrs(p, a, b, "control"))
        return out

    def _exchange(self, p: Passage, a: int, b: int) -> list[Fact]:
        out = []
        for m in _EXCHANGE.finditer(p.text, a, b):
            target = self._object(p, m.end(), b)
            if target is None or target.label != "ORG" or target.pronoun:
                continue
            acq = self._subject(p, a, m.start()) or self._subject(p, a, p.text.rfind("entered", a, m.start()) if "entered" in p.text[a:m.start()] else m.start())
            acq = [x for x in acq if not self._is_merger_sub(p, x)]
            if not acq:
                continue
            if self._is_merger_sub(p, target):
                # "… with Merger Sub, Inc., a wholly owned subsidiary of A, and T": the other party
                keys = {x.key for x in acq} | {target.key}
                nxt = [x for x in p.mentions_in(target.end, b, "ORG") if x.key not in keys and not x.pronoun
                       and not self._is_merger_sub(p, x) and re.search(r"\band\s+(?:the\s+)?$", p.text[max(a, x.start - 12) : x.start])]
                if not nxt:
                    continue
                target = nxt[0]
            tail = p.text[target.end : b]
            if not re.search(r"(?:issued?|exchange|deliver)[^.;]{0,80}shares[^.;]{0,60}(?:shareholders|stockholders|holders|owners)\s+of", tail, re.I) \
                    and not _DIRECTED.search(_NAMES_OFF.sub(" ", p.text[a:b])):
                continue  # an agreement's own name ("Agreement and Plan of Merger") tells no direction
            sent = p.text[a:b]
            status = [("status", "pending")] if re.search(r"\bentered\s+into\b", sent, re.I) and not _DONE.search(sent) \
                and not re.search(r"\b(?:issued|acquired|merged)\b", sent, re.I) else []
            out += self._emit(p, [x.key for x in acq], target.key, a, b, self._attrs(p, a, b, "company") + status)
        return out


make_acquisitions = role_factory("corpkg_acquisitions", AcquisitionExtractor, role=ROLE)

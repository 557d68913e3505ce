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

from spacy.language import Language

from corpkg.extract.model import Fact
from corpkg.extract.roles.base import RoleComponent
from corpkg.extract.roles.common import (
    Mention,
    Passage,
    enumeration_before,
    enumeration_from,
    find_dates,
    find_money,
    lead_date,
    load_json,
)

__all__ = ["AcquisitionExtractor", "WHOLE"]

ROLE = "acquisition"
WHOLE = "_whole"  # all the outstanding stock: the target becomes the acquirer's subsidiary (run.finalize_facts)
_WHOLE = re.compile(r"\ball\b[^%]*\b(?:stock|shares|equity|interests|units)\b|\b100(?:\.0+)?\s?%", re.I)
_DATA = load_json("acquisitions.json")


def _alt(key: str) -> str:
    return "(?:" + "|".join(sorted(_DATA[key], key=len, reverse=True)) + ")"


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
_SUBJ_GAP = re.compile(r"\s*(?:\([^)]{0,60}\))?\s*(?:,[^,;]{0,80},)?\s*(?:'s|’s)?\s*(?:(?:has|have|had|also|then|recently|today|subsequently|successfully|previously|will|would|shall|through\s+\w+(?:\s+\w+)?)\s+)*$", re.I)
_TO = re.compile(r"\s*(?:,[^,;]{0,80},\s*)?(?:[^.;]{0,80}?\s)?to\s+(?:the\s+)?$", re.I)
_SHARES = re.compile(r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s+million)\s+(?:of\s+(?:our|its|the\s+Company's|\w+'s)\s+)?(?:(?:restricted|newly\s+issued|common|ordinary|preferred)\s+)*shares", re.I)
_PCT = re.compile(r"(\d+(?:\.\d+)?)\s?%")
_BY = re.compile(r"\s*by\s+(?:the\s+)?$", re.I)


class AcquisitionExtractor(RoleComponent):
    attr = "role_acquisitions"
    role_name = "acquisitions"
    prefilter = re.compile("|".join(_DATA["prefilter"]), re.I)

    # -- helpers -------------------------------------------------------------------------
    def _ok(self, p: Passage, m: Mention) -> bool:
        return not _EXCLUDE.search(p.text[max(0, m.start - 40) : m.start])

    def _subject(self, p: Passage, a: int, pos: int) -> list[Mention]:
        before = [m for m in p.mentions_in(a, pos) if self._ok(p, m)]
        if not before or not _SUBJ_GAP.fullmatch(p.text[before[-1].end : pos]):
            return []
        return [m for m in enumeration_before(p, before[-1], a) if self._ok(p, m)]

    def _object(self, p: Passage, pos: int, b: int, *, check: bool = True) -> Mention | None:
        for m in p.mentions_in(max(0, pos - 4), b):
            if m.end <= pos:
                continue
            if m.start - pos <= 3 and (not check or self._ok(p, m)):
                return m
            break
        return None

    def _attrs(self, p: Passage, a: int, b: int, kind: str, obj: str | None = None) -> list[tuple[str, str]]:
        s = p.text[a:b]
        attrs = [("kind", kind)]
        found = find_dates(s)
        date = found[0][2] if found else lead_date(p, a)
        if date is None and p.ctx.is_8k and p.ctx.report_date:
            date = p.ctx.report_date[:7]  # an 8-K reports events of its report month
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
        return "company"

    # -- rules ---------------------------------------------------------------------------
    def extract(self, p: Passage) -> list[Fact]:
        out: list[Fact] = []
        for a, b in p.sentences:
            if not p.mentions_in(a, b):
                continue
            out += self._acquire(p, a, b)
            out += self._merge(p, a, b)
            out += self._sale(p, a, b)
            out += self._control(p, a, b)
            out += self._exchange(p, a, b)
        return out

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
                attrs = self._attrs(p, a, b, kind, m.group("obj"))
                if kind == "company" and _WHOLE.search(m.group("obj") or ""):
                    attrs.append((WHOLE, "1"))
                out += self._emit(p, [x.key for x in acq], target.key, a, b, attrs)
        return out

    def _merge(self, p: Passage, a: int, b: int) -> list[Fact]:
        out = []
        for m in _MERGE.finditer(p.text, a, b):
            into = self._object(p, m.end(), b)
            merged = self._subject(p, a, m.start())
            if into is None or not merged:
                continue
            out += self._merged(p, a, b, [x.key for x in merged], into)
        for m in _MERGER_OF.finditer(p.text, a, b):
            first = self._object(p, m.end(), b)
            if first is None:
                continue
            rest = re.match(r"\s*(?:with\s+and\s+into|into|with)\s+(?:the\s+)?", p.text[first.end : b], re.I)
            if not rest:
                continue
            second = self._object(p, first.end + rest.end(), b)
            if second is None:
                continue
            out += self._merged(p, a, b, [first.key], second)
        return out

    def _merged(self, p: Passage, a: int, b: int, merged: list[str], into: Mention) -> list[Fact]:
        tail = p.text[into.end : b]
        sv = _SURVIVE.search(tail)
        survivor = into.key
        if sv:
            # "… with X surviving": the mention nearest before the survival word
            ms = [x for x in p.mentions_in(into.end, into.end + sv.start()) if x.key in merged or x.key == into.key]
            if ms:
                survivor = ms[-1].key
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
            target = self._object(p, m.end(), b)
            if target is None or target.pronoun:
                continue
            to = [x for x in p.mentions_in(target.end, b) if _TO.fullmatch(p.text[target.end : x.start])]
            if not to or to[0].key == target.key:
                continue
            buyer = to[0]
            seller = self._subject(p, a, m.start())
            kind = self._kind(m.group("obj")) or "company"
            extra = [("seller", s.key) for s in seller if s.key not in (buyer.key, target.key)]
            attrs = self._attrs(p, a, b, kind, m.group("obj"))
            if kind == "company" and _WHOLE.search(m.group("obj") or ""):
                attrs.append((WHOLE, "1"))
            out += self._emit(p, [buyer.key], target.key, a, b, attrs, extra)
        return out

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
            if not acq:
                continue
            tail = p.text[target.end : b]
            if not re.search(r"(?:issued?|exchange|deliver)[^.;]{0,80}shares[^.;]{0,60}(?:shareholders|stockholders|holders|owners)\s+of", tail, re.I) \
                    and not re.search(r"acqui|merge", p.text[a:b], re.I):
                continue
            out += self._emit(p, [x.key for x in acq], target.key, a, b, self._attrs(p, a, b, "company"))
        return out


@Language.factory(
    "corpkg_acquisitions",
    assigns=["doc._.role_acquisitions"],
    requires=["doc.ents"],
)
def make_acquisitions(nlp: Language, name: str) -> AcquisitionExtractor:
    return AcquisitionExtractor(nlp, name)

"""Litigation: parties and sides of legal proceedings, with court, case number, filing date,
amount claimed, status and counterclaims.

Signals (``patterns/roles/litigation.json``):
- captions "A, B and C vs. D and E - Superior Court of …, Index No. L1120-02, filed on …";
- narrative: "X filed a complaint against Y", "X sued Y", "Y was named as a defendant in a
  suit filed by X";
- counterclaims in the same passage: "On April 12, 2002, D and E filed a counterclaim" →
  ``counterclaimant`` + ``counterclaimFiledOn``.
Courts and arbitral bodies named in the passage are attributes, never parties.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpkg.extract.model import Fact
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import (
    Mention,
    Passage,
    date_at,
    enumeration_before,
    enumeration_from,
    find_dates,
    find_money,
    group_builder,
    load_json,
    prefilter_of,
)

__all__ = ["LitigationExtractor"]

ROLE = "proceeding"
_DATA = load_json("litigation.json")
_alt = group_builder("litigation.json")


_SEP = re.compile(_alt("caption_sep"), re.I)
_COURT = re.compile(r"(?<![\w])" + _alt("court_cs"))
_CASE_NO = re.compile(_alt("case_number") + r"(?P<num>[A-Z0-9][A-Za-z0-9:./-]*\d[A-Za-z0-9:./-]*(?:\s*\([A-Z]{2,5}\))?)", re.I)
_NOUN = _alt("suit_noun")
_FILED_AGAINST = re.compile(
    r"(?P<verb>" + _alt("suit_verb") + r")\s+(?:(?:a|an|the|its|their|his|her|two|three|several|separate|putative|purported|"
    r"new|second|first|verified|shareholder|stockholder|securities|federal|state)\s+)*(?:[\w-]+\s+){0,3}?" + _NOUN
    + r"s?\s+(?:[^.;]{0,80}?\s)?against\s+(?:the\s+)?",
    re.I,
)
_AGAINST_NOUN = re.compile(_NOUN + r"s?\s+(?:\w+\s+){0,3}?against\s+(?:the\s+)?", re.I)
_SUED = re.compile(_alt("sued") + r"\s+(?:the\s+)?", re.I)
_PASSIVE = re.compile(_alt("defendant_passive"), re.I)
_COUNTER = re.compile(_alt("counterclaim"), re.I)
_CLAIM_CUE = re.compile(_alt("claim_cue") + r"\s+(?:\w+\s+){0,3}?$", re.I)
_EXCLUDE_BEFORE = re.compile(_alt("party_exclude_before") + r"\s+(?:the\s+)?$", re.I)
_HOLDER_SUIT = re.compile(_alt("holder_suit"), re.I)
_STATUS = [(re.compile(rx, re.I), name) for rx, name in _DATA["status"]]
_SUBJ_GAP = re.compile(r"[”\"’']?\)?\s*(?:\([^)]{0,60}\))?\s*,?\s*(?:,[^,;]{0,60},)?\s*(?:(?:has|have|had|also|jointly|subsequently|then|recently|previously|each|both)\s+)*$", re.I)
_BY = re.compile(r"\b(?:filed|brought|commenced|initiated)\s+by\s+(?:the\s+)?$", re.I)
# "three lawsuits were filed by Expedia Group stockholders in the Delaware Court of Chancery against the Company"
_FILED_PASSIVE = re.compile(
    _NOUN + r"s?\s+(?:\([^)]{0,60}\)\s+)?(?:was|were|has\s+been|have\s+been|had\s+been)\s+(?:filed|brought|commenced|instituted|initiated)\b"
    r"(?P<mid>[^.;]{0,200}?)\bagainst\s+(?:the\s+)?",
    re.I,
)
_IN_RE = re.compile(r"\bIn\s+re\s+(?:the\s+)?")
_IN_RE_TAIL = re.compile(r"\s*(?:,?\s*Inc\.?\s*)?" + _alt("in_re_kind") + r"?\s*(?:[A-Z][\w-]*\s+){0,2}?Litigation\b")
_HOLDERS_AFTER = re.compile(r"\s*(?:'s\s+|’s\s+)?" + _alt("holder_nouns") + r"\b", re.I)
_VOLUNTARY = re.compile(_alt("voluntary_petition"), re.I)


@dataclass
class _Draft:
    plaintiffs: list[str] = field(default_factory=list)
    defendants: list[str] = field(default_factory=list)
    counter: list[str] = field(default_factory=list)
    attrs: dict[str, str] = field(default_factory=dict)
    start: int = 0
    end: int = 0

    def parties(self) -> set[str]:
        return set(self.plaintiffs) | set(self.defendants)


class LitigationExtractor(RoleComponent):
    attr = "role_litigation"
    role_name = "litigation"
    prefilter = prefilter_of("litigation.json")

    def extract(self, p: Passage) -> list[Fact]:
        courts = [(m.start(), m.end()) for m in _COURT.finditer(p.text)]
        drafts: list[_Draft] = []
        for a, b in p.sentences:
            for d in self._captions(p, a, b, courts) + self._narrative(p, a, b, courts):
                same = next((x for x in drafts if x.parties() & d.parties()), None)
                if same:
                    same.plaintiffs += [k for k in d.plaintiffs if k not in same.plaintiffs]
                    same.defendants += [k for k in d.defendants if k not in same.defendants and k not in same.plaintiffs]
                    same.end = max(same.end, d.end)
                else:
                    drafts.append(d)
        if not drafts:
            return []
        for a, b in p.sentences:
            for cm in _COUNTER.finditer(p.text, a, b):
                subj = self._subject(p, a, cm.start(), courts)
                d = next((x for x in drafts if set(subj) & set(x.defendants)), drafts[-1] if len(drafts) == 1 else None)
                if d is None or not subj:
                    continue
                d.counter += [k for k in subj if k not in d.counter]
                found = find_dates(p.text[a:b])
                if found:
                    d.attrs.setdefault("counterclaimFiledOn", found[0][2])
                d.end = max(d.end, b)
        out = []
        for d in drafts:
            if not d.plaintiffs and not d.defendants:
                continue
            self._attributes(p, d, courts)
            parts = [("plaintiff", k) for k in d.plaintiffs] + [("defendant", k) for k in d.defendants]
            parts += [("counterclaimant", k) for k in d.counter]
            span = (d.start, d.end) if d.end - d.start <= 2000 else p.sentence_of(d.start)
            out.append(p.fact(ROLE, parts, list(d.attrs.items()), span, self.extractor))
        return out

    # -- parties -------------------------------------------------------------------------
    def _ok(self, p: Passage, m: Mention, courts: list[tuple[int, int]]) -> bool:
        if any(a <= m.start < b or a < m.end <= b for a, b in courts):
            return False
        if _HOLDERS_AFTER.match(p.text, m.end):  # "Expedia Group stockholders" are not Expedia Group
            return False
        return not _EXCLUDE_BEFORE.search(p.text[max(0, m.start - 40) : m.start])

    def _subject(self, p: Passage, a: int, pos: int, courts) -> list[str]:  # noqa: ANN001
        before = [m for m in p.mentions_in(a, pos) if self._ok(p, m, courts)]
        if not before or not _SUBJ_GAP.fullmatch(p.text[before[-1].end : pos]):
            return []
        return [m.key for m in enumeration_before(p, before[-1], a) if self._ok(p, m, courts)]

    def _object(self, p: Passage, pos: int, b: int, courts) -> list[str]:  # noqa: ANN001
        after = [m for m in p.mentions_in(max(0, pos - 4), b) if m.end > pos and self._ok(p, m, courts)]
        if not after or after[0].start - pos > 3:
            return []
        return [m.key for m in enumeration_from(p, after[0], b) if self._ok(p, m, courts)]

    def _captions(self, p: Passage, a: int, b: int, courts) -> list[_Draft]:  # noqa: ANN001
        out = []
        for sm in _SEP.finditer(p.text, a, b):
            before = [m for m in p.mentions_in(a, sm.start()) if self._ok(p, m, courts)]
            if not before or not re.fullmatch(r"(?:,?\s*et\s+al\.?)?\s*", p.text[before[-1].end : sm.start()], re.I):
                continue
            plaintiffs = [m.key for m in enumeration_before(p, before[-1], a)]
            defendants = self._object(p, sm.end(), b, courts)
            if not defendants:
                continue
            defendants = [k for k in defendants if k not in plaintiffs]
            out.append(_Draft(plaintiffs=plaintiffs, defendants=defendants, start=a, end=b))
        return out

    def _narrative(self, p: Passage, a: int, b: int, courts) -> list[_Draft]:  # noqa: ANN001
        out = []
        if _VOLUNTARY.search(p.text, a, b):
            return []
        for fm in _FILED_AGAINST.finditer(p.text, a, b):
            defendants = self._object(p, fm.end(), b, courts)
            plaintiffs = self._subject(p, a, fm.start(), courts)
            if not plaintiffs:
                by = [m for m in p.mentions_in(fm.start(), b) if _BY.search(p.text[max(a, m.start - 30) : m.start])]
                plaintiffs = [by[0].key] if by else []
            if defendants:
                out.append(_Draft(plaintiffs=[k for k in plaintiffs if k not in defendants], defendants=defendants, start=a, end=b))
        if not out:
            for fm in _FILED_PASSIVE.finditer(p.text, a, b):
                defendants = self._object(p, fm.end(), b, courts)
                if not defendants:
                    continue
                mid_a = fm.start("mid")
                by = [m for m in p.mentions_in(mid_a, fm.end("mid")) if self._ok(p, m, courts)
                      and re.search(r"\bby\s+(?:the\s+)?$", p.text[max(a, m.start - 12) : m.start])]
                plaintiffs = [m.key for m in enumeration_from(p, by[0], fm.end("mid")) if self._ok(p, m, courts)] if by else []
                out.append(_Draft(plaintiffs=[k for k in plaintiffs if k not in defendants], defendants=defendants, start=a, end=b))
        if not out:
            out += self._in_re(p, a, b, courts)
        if not out:
            for sm in _SUED.finditer(p.text, a, b):
                defendants = self._object(p, sm.end(), b, courts)
                plaintiffs = self._subject(p, a, sm.start(), courts)
                if defendants and plaintiffs:
                    out.append(_Draft(plaintiffs=plaintiffs, defendants=defendants, start=a, end=b))
        if not out:
            for pm in _PASSIVE.finditer(p.text, a, b):
                defendants = self._subject(p, a, pm.start(), courts)
                if not defendants:
                    continue
                by = [m for m in p.mentions_in(pm.end(), b)
                      if self._ok(p, m, courts) and re.search(r"\bby\s+(?:the\s+)?$", p.text[max(a, m.start - 20) : m.start])]
                plaintiffs = [m.key for m in enumeration_from(p, by[0], b)] if by else []
                out.append(_Draft(plaintiffs=plaintiffs, defendants=defendants, start=a, end=b))
        return out

    def _in_re(self, p: Passage, a: int, b: int, courts) -> list[_Draft]:  # noqa: ANN001
        """"In re Expedia Group Stockholders Litigation": a caption without sides; the company it
        names is the defendant when the passage says holders sued (stockholder, securities,
        derivative or class actions)."""
        out = []
        for m in _IN_RE.finditer(p.text, a, b):
            co = next((x for x in p.mentions_in(m.end(), min(b, m.end() + 3)) if x.label == "ORG"), None)
            if co is None:
                co = next((x for x in p.mentions_in(m.end(), b) if x.label == "ORG" and x.start - m.end() <= 3), None)
            if co is None or not _IN_RE_TAIL.match(p.text, co.end):
                continue
            if not _HOLDER_SUIT.search(p.text[max(0, a - 2000) : min(len(p.text), b + 500)]) \
                    and not re.match(r"\s*(?:Stockholders?|Shareholders?|Securities|Derivative)\b", p.text[co.end :], re.I):
                continue
            out.append(_Draft(defendants=[co.key], start=a, end=b))
        return out

    # -- attributes ----------------------------------------------------------------------
    def _attributes(self, p: Passage, d: _Draft, courts) -> None:  # noqa: ANN001
        text = p.text
        lo, hi = d.start, max(d.end, min(len(text), d.start + 1500))
        for a, b in courts:
            if lo <= a < hi:
                d.attrs.setdefault("court", re.sub(r"\s+", " ", text[a:b]).strip(" ,"))
                break
        cn = _CASE_NO.search(text, lo, hi)
        if cn:
            d.attrs.setdefault("caseNumber", cn.group("num").rstrip(".,"))
        for fm in re.finditer(r"\bfiled\s+(?:on\s+|in\s+)?", text[lo:hi], re.I):
            date = date_at(text, lo + fm.end(), 30)
            if date:
                d.attrs.setdefault("filedOn", date)
                break
        if "filedOn" not in d.attrs:
            m = re.match(r"\s*On\s+", text[d.start : d.start + 10])
            if m:
                date = date_at(text, d.start + m.end(), 30)
                if date and re.search(r"\bfiled\b", text[d.start : d.end]):
                    d.attrs["filedOn"] = date
        for ms, me, amount, cur in find_money(text[lo:hi]):
            if _CLAIM_CUE.search(text[max(lo, lo + ms - 60) : lo + ms]):
                d.attrs.setdefault("amountClaimed", amount)
                d.attrs.setdefault("currency", cur)
                break
        for rx, name in _STATUS:
            if rx.search(text, lo, hi):
                d.attrs.setdefault("status", name)
                break


make_litigation = role_factory("corpkg_litigation", LitigationExtractor, role=ROLE)

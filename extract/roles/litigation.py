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
    COMMON,
    Mention,
    Passage,
    date_at,
    enumeration_before,
    enumeration_from,
    find_dates,
    find_money,
    load_json,
    prefilter_of,
    regexes,
    windows,
)

__all__ = ["LitigationExtractor"]

ROLE = "proceeding"
PATTERNS = "litigation.json"
_DATA = load_json(PATTERNS)
_RX = regexes(PATTERNS)
_COMMON_RX = regexes(COMMON)
_W = windows(PATTERNS)
Courts = list[tuple[int, int]]  # spans of the court names of a passage

_SEP = _RX["caption_separator"]
_COURT = _RX["court_name"]
_CASE_NO = _RX["case_number_value"]
_FILED_AGAINST = _RX["filed_against"]
_SUED = _RX["sued_verb"]
_PASSIVE = _RX["defendant_passive_verb"]
_COUNTER = _RX["counterclaim_verb"]
_CLAIM_CUE = _RX["claim_cue_before"]
_EXCLUDE_BEFORE = _RX["excluded_before"]
_HOLDER_SUIT = _RX["holder_suit_word"]
_STATUS = [(re.compile(rx, re.I), name) for rx, name in _DATA["status"]]
_SUBJ_GAP = _RX["subject_gap"]
_BY = _RX["filed_by_before"]
# "three lawsuits were filed by Expedia Group stockholders in the Delaware Court of Chancery against the Company"
_FILED_PASSIVE = _RX["filed_passive_against"]
_IN_RE = _RX["in_re"]
_IN_RE_TAIL = _RX["in_re_tail"]
_HOLDERS_AFTER = _RX["holders_after"]
_VOLUNTARY = _RX["voluntary_petition_word"]
# "against the Company, its Chief Executive Officer, David Michery, and current or former directors Jane Roe"
_PARTY_GAP = _RX["party_list_gap"]


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
    prefilter = prefilter_of(PATTERNS)

    def extract(self, p: Passage) -> list[Fact]:
        courts = [(m.start(), m.end()) for m in _COURT.finditer(p.text)]
        drafts: list[_Draft] = []
        for a, b in p.sentences:
            here = self._captions(p, a, b, courts) + self._narrative(p, a, b, courts) + self._defined_sides(p, a, b, courts)
            here += self._side_words(p, a, b, courts) + self._disputes(p, a, b, courts)
            self._plaintiff_subjects(p, a, b, courts, here)
            for d in here:
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
                sued = next((x for x in drafts if set(subj) & set(x.defendants)), drafts[-1] if len(drafts) == 1 else None)
                if sued is None or not subj:
                    continue
                sued.counter += [k for k in subj if k not in sued.counter]
                found = find_dates(p.text[a:b])
                if found:
                    sued.attrs.setdefault("counterclaimFiledOn", found[0][2])
                sued.end = max(sued.end, b)
        out = []
        for d in drafts:
            if not d.plaintiffs and not d.defendants:
                continue
            self._attributes(p, d, courts)
            parts = [("plaintiff", k) for k in d.plaintiffs] + [("defendant", k) for k in d.defendants]
            parts += [("counterclaimant", k) for k in d.counter]
            span = (d.start, d.end) if d.end - d.start <= _W["evidence_span"] else p.sentence_of(d.start)
            out.append(p.fact(ROLE, parts, list(d.attrs.items()), span, self.extractor))
        return out

    # -- parties -------------------------------------------------------------------------
    def _ok(self, p: Passage, m: Mention, courts: list[tuple[int, int]]) -> bool:
        if any(a <= m.start < b or a < m.end <= b for a, b in courts):
            return False
        if _RX["broken_name_before"].search(p.text, max(0, m.start - _W["broken_name_before"]), m.start):
            return False  # "Michigan\nMutual Insurance Company": only the tail of a name cut by a line break
        if _HOLDERS_AFTER.match(p.text, m.end):  # "Expedia Group stockholders" are not Expedia Group
            return False
        return not _EXCLUDE_BEFORE.search(p.text[max(0, m.start - _W["excluded_before"]) : m.start])

    def _subject(self, p: Passage, a: int, pos: int, courts: Courts) -> list[str]:
        before = [m for m in p.mentions_in(a, pos) if self._ok(p, m, courts)]
        if not before or not _SUBJ_GAP.fullmatch(p.text[before[-1].end : pos]):
            return []
        members = self._related_before(p, enumeration_before(p, before[-1], a), a)
        return [m.key for m in members if self._ok(p, m, courts)]

    def _related_before(self, p: Passage, members: list[Mention], a: int) -> list[Mention]:
        """Prepend the party joined to the first member as its kin ("A and its parent B", "A and its
        wholly owned subsidiary B"): both sue or are sued together."""
        first = members[0]
        prev = [m for m in p.mentions_in(a, first.start) if m.end <= first.start]
        kin = [m for m in prev if not m.pronoun or _RX["issuer_reference"].fullmatch(m.text)]
        prev = [m for m in prev if not m.pronoun]
        if kin and kin[-1].end > (prev[-1].end if prev else -1) \
                and _RX["related_party_gap"].fullmatch(p.text, kin[-1].end, first.start):
            # "The Company and its subsidiary, X, were named as defendants": the issuer and X
            return [kin[-1], *members]
        if (len(members) == 1 and prev and prev[-1].key == first.key
                and _RX["defined_term_gap"].fullmatch(p.text, prev[-1].end, first.start)):
            # "A and its parent B (collectively “B”)": the defined term stands for the whole group
            return self._related_before(p, enumeration_before(p, prev[-1], a), a)
        if prev and _RX["related_party_gap"].fullmatch(p.text, prev[-1].end, first.start):
            return [*enumeration_before(p, prev[-1], a), *members]
        return members

    def _object(self, p: Passage, pos: int, b: int, courts: Courts) -> list[str]:
        return [m.key for m in self._object_mentions(p, pos, b, courts)]

    def _object_mentions(self, p: Passage, pos: int, b: int, courts: Courts) -> list[Mention]:
        after = [m for m in p.mentions_in(max(0, pos - _W["object_lookback"]), b) if m.end > pos and self._ok(p, m, courts)]
        if not after or after[0].start - pos > _W["object_gap"]:
            return []
        first = after[0]
        kin = _RX["possessive_kin_gap"].match(p.text, first.end, b)
        if kin and len(after) > 1 and after[1].start == kin.end():
            first = after[1]  # "against the Company’s subsidiary X": X is sued, not its parent
        return [m for m in self._party_list(p, first, b) if self._ok(p, m, courts)]

    def _party_list(self, p: Passage, first: Mention, limit: int) -> list[Mention]:
        """``first`` and the parties listed after it: a plain enumeration, or one whose members
        carry a descriptor ("its Chief Executive Officer, David Michery") or a defined term."""
        out = enumeration_from(p, first, limit)
        cut = next((i for i, x in enumerate(out) if i and self._possessive(p, x)), None)
        out = out if cut is None else out[:cut]  # "Jane Roe, our CEO, and …": "our" opens a descriptor
        while True:
            cur = out[-1]
            # a descriptor may itself hold a name ("current or former Company directors Jane Roe"):
            # the next party is one of the next few mentions
            nxt = [m for m in p.mentions if m.start >= cur.end and m.end <= limit][: _W["party_list_lookahead"]]
            m = next((x for x in nxt if not self._possessive(p, x) and _PARTY_GAP.fullmatch(p.text, cur.end, x.start)
                      or _RX["related_party_gap"].fullmatch(p.text, cur.end, x.start)), None)
            if m is None:
                # a possessive ("Jane Roe, the Company’s former CEO, and John Doe") only describes a party
                out = [x for x in out if x is first or not self._possessive(p, x)]
                gaps = [p.text[x.end : y.start] for x, y in zip(out, out[1:], strict=False)]
                if gaps and all(_RX["bare_comma"].fullmatch(g) for g in gaps):
                    return out[:1]  # "In a lawsuit brought by X, the Company is alleged …": commas alone make no list
                return out
            out.append(m)

    @staticmethod
    def _possessive(p: Passage, m: Mention) -> bool:
        return bool(_RX["possessive_reference"].match(m.text) or _RX["possessive_after"].match(p.text, m.end))

    def _captions(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        out = []
        names = p.mentions_in(a, b)
        for sm in _SEP.finditer(p.text, a, b):
            letter = sm.start() + len(sm.group()) - len(sm.group().lstrip())
            if any(m.start <= letter < m.end for m in names):
                continue  # the initial of a name ("/s/ V. Lawrence Evans", "Corp.\n V. Lawrence Evans"), not "v."
            before = [m for m in p.mentions_in(a, sm.start()) if self._ok(p, m, courts)]
            if not before or not _RX["et_al_gap"].fullmatch(p.text[before[-1].end : sm.start()]):
                continue
            plaintiffs = [m.key for m in self._related_before(p, enumeration_before(p, before[-1], a), a)]
            defendants = self._object(p, sm.end(), b, courts)
            if not defendants:
                continue
            defendants = [k for k in defendants if k not in plaintiffs]
            if defendants:
                out.append(_Draft(plaintiffs=plaintiffs, defendants=defendants, start=a, end=b))
        return out

    def _narrative(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        out = []
        if _VOLUNTARY.search(p.text, a, b):
            return []
        for fm in _FILED_AGAINST.finditer(p.text, a, b):
            if _RX["passive_before"].search(p.text, max(a, fm.start() - _W["passive_before"]), fm.start()):
                continue  # "X was served with a complaint alleging that …": X is sued (defendant_passive_verb)
            defendants = self._object(p, fm.end(), b, courts)
            plaintiffs = self._subject(p, a, fm.start(), courts)
            if not plaintiffs:
                by = [m for m in p.mentions_in(fm.start(), b) if _BY.search(p.text[max(a, m.start - _W["filed_by_before"]) : m.start])]
                plaintiffs = [by[0].key] if by else []
            if defendants:
                out.append(_Draft(plaintiffs=[k for k in plaintiffs if k not in defendants], defendants=defendants, start=a, end=b))
        if not out:
            for fm in _FILED_PASSIVE.finditer(p.text, a, b):
                if _RX["negated_suit_before"].search(p.text, max(a, fm.start() - _W["hypothetical_before"]), fm.start()):
                    continue  # "no lawsuit has been filed against the Company", "if any action were brought against"
                defendants = self._object(p, fm.end(), b, courts)
                if not defendants:
                    continue
                mid_a = fm.start("mid")
                by = [m for m in p.mentions_in(mid_a, fm.end("mid")) if self._ok(p, m, courts)
                      and _RX["by_before"].search(p.text[max(a, m.start - _W["by_before_in_passive"]) : m.start])]
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
            out += self._findings(p, a, b, courts)
        if not out:
            for sm in _RX["suit_against"].finditer(p.text, a, b):
                if _RX["hypothetical_before"].search(p.text, max(a, sm.start() - _W["hypothetical_before"]), sm.start()):
                    continue
                sued = self._object_mentions(p, sm.end(), b, courts)
                if not sued:
                    continue
                # "the arbitration filed against X by Y": Y is the plaintiff
                bm = _RX["by_after_parties"].match(p.text, sued[-1].end, b)
                claimants = self._object(p, bm.end(), b, courts) if bm else []
                sued_keys = [m.key for m in sued]
                out.append(_Draft(plaintiffs=[k for k in claimants if k not in sued_keys], defendants=sued_keys, start=a, end=b))
        if not out:
            out += self._review_petitions(p, a, b, courts)
        if not out:
            out += self._named_defendants(p, a, b, courts)
        if not out:
            out += self._guilty_plea(p, a, b, courts)
        if not out:
            out += self._settlements(p, a, b, courts) + self._awards(p, a, b, courts) + self._received(p, a, b, courts)
        if not out:
            for pm in _PASSIVE.finditer(p.text, a, b):
                defendants = self._subject(p, a, pm.start(), courts)
                if not defendants:
                    continue
                by = [m for m in p.mentions_in(pm.end(), b)
                      if self._ok(p, m, courts)
                      and _RX["by_before"].search(p.text[max(a, m.start - _W["by_before_after_defendant"]) : m.start])]
                plaintiffs = [m.key for m in enumeration_from(p, by[0], b)] if by else []
                out.append(_Draft(plaintiffs=plaintiffs, defendants=defendants, start=a, end=b))
        if not out and not _RX["against_word"].search(p.text, a, b):
            for fm in _RX["filed_in_forum"].finditer(p.text, a, b):
                plaintiffs = self._subject(p, a, fm.start(), courts)
                if plaintiffs:
                    out.append(_Draft(plaintiffs=plaintiffs, start=a, end=b))
        if not out:
            for bm in _RX["suit_brought_by"].finditer(p.text, a, b):
                by_mentions = self._object_mentions(p, bm.end(), b, courts)
                plaintiffs = [x.key for x in by_mentions]
                sv = _RX["settle_verb_before"].search(p.text, max(a, bm.start() - _W["settle_verb_before"]), bm.start())
                defendants = self._subject(p, a, sv.start(), courts) if sv else []
                am = _RX["then_against"].match(p.text, by_mentions[-1].end, b) if by_mentions else None
                if am:  # "a complaint filed by X in the Court against Y", "… by X naming the Company as respondent"
                    sued = self._object_mentions(p, am.end(), b, courts)
                    if am.group("naming") and sued and not _RX["as_defendants_after"].match(p.text, sued[-1].end, b):
                        sued = []
                    if sued:
                        defendants += [x.key for x in sued if x.key not in defendants]
                        out.append(_Draft(plaintiffs=plaintiffs, defendants=[k for k in defendants if k not in plaintiffs], start=a, end=b))
                        continue
                against = _RX["against_after"].match(p.text, bm.end(), b)
                if plaintiffs and (not against or (_RX["against_insiders"].match(p.text, against.end(), b)
                                                   and not self._object_mentions(p, against.end(), b, courts))):
                    # "… filed by X on behalf of the Company against each of the members of its Board": the
                    # defendants are unnamed, the plaintiff is not
                    out.append(_Draft(plaintiffs=plaintiffs, defendants=[k for k in defendants if k not in plaintiffs], start=a, end=b))
        return out

    def _side_words(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """Parties named with their side's word: "plaintiff City of Westland Police and Fire
        Retirement System", "defendants Jane Roe and John Doe", "appointed Dr. Roe as Lead Plaintiff"."""
        d = _Draft(start=a, end=b)
        done = -1
        for m in p.mentions_in(a, b):
            if m.start < done or m.pronoun or not self._ok(p, m, courts):
                continue
            wb = _RX["side_word_before"].search(p.text, max(a, m.start - _W["side_word_before"]), m.start)
            wa = _RX["side_word_after"].match(p.text, m.end, b)
            if wb:
                side = d.plaintiffs if wb.group("plaintiff") else d.defendants
                members = enumeration_from(p, m, b)
                done = members[-1].end
            elif wa:
                side = d.plaintiffs if wa.group("plaintiff") else d.defendants
                members = enumeration_before(p, m, a)
            else:
                continue
            side += [x.key for x in members if self._ok(p, x, courts) and not x.pronoun and x.key not in d.parties()]
        return [d] if d.parties() else []

    def _plaintiff_subjects(self, p: Passage, a: int, b: int, courts: Courts, here: list[_Draft]) -> None:
        """"X is the plaintiff in a lawsuit against Y": X joins the sentence's proceeding that has no
        plaintiff yet (or opens one)."""
        for pm in _RX["plaintiff_passive_verb"].finditer(p.text, a, b):
            subj = self._subject(p, a, pm.start(), courts)
            if not subj:
                continue
            d = next((x for x in here if not x.plaintiffs), None)
            if d is None:
                here.append(_Draft(plaintiffs=subj, start=a, end=b))
            else:
                d.plaintiffs = [k for k in subj if k not in d.defendants]

    def _named_defendants(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """"The amended complaint names as defendants the Company, four current and former officers,
        the underwriters, and Baker Hughes Company": the listed parties are defendants."""
        out = []
        for nm in _RX["names_as_defendants"].finditer(p.text, a, b):
            defendants = self._object(p, nm.end(), b, courts)
            for m in p.mentions_in(nm.end(), b):
                if m.key not in defendants and self._ok(p, m, courts) \
                        and _RX["list_gap_before"].search(p.text[max(a, m.start - _W["list_gap_before"]) : m.start]):
                    defendants.append(m.key)
            if defendants:
                filers = self._filers_before(p, a, nm.start(), courts, defendants)
                out.append(_Draft(plaintiffs=filers, defendants=defendants, start=a, end=b))
        for nm in _RX["names_verb"].finditer(p.text, a, b):
            # "the complaint names the Company and Jane Roe as defendants"
            listed = self._object_mentions(p, nm.end(), b, courts)
            if listed and _RX["as_defendants_after"].match(p.text, listed[-1].end, b):
                keys = [m.key for m in listed]
                out.append(_Draft(plaintiffs=self._filers_before(p, a, nm.start(), courts, keys), defendants=keys, start=a, end=b))
        return out

    def _filers_before(self, p: Passage, a: int, pos: int, courts: Courts, sued: list[str]) -> list[str]:
        """"a complaint filed by X naming the Company as a respondent": the parties right after
        "filed by" that end just before ``pos`` are the plaintiffs."""
        by = [m for m in p.mentions_in(a, pos) if self._ok(p, m, courts)
              and _BY.search(p.text[max(a, m.start - _W["filed_by_before"]) : m.start])]
        if not by:
            return []
        filers = enumeration_from(p, by[-1], pos)
        if not _RX["filers_gap"].fullmatch(p.text, filers[-1].end, pos):
            return []
        return [m.key for m in filers if self._ok(p, m, courts) and m.key not in sued]

    def _review_petitions(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """"X filed a petition for inter partes review of the Company’s patent": a patent office
        proceeding; the petitioner is the plaintiff, the patent's owner the defendant."""
        out = []
        for rm in _RX["review_petition"].finditer(p.text, a, b):
            owner = next((m for m in p.mentions_in(max(a, rm.end() - _W["object_lookback"]), b)
                          if m.end > rm.end() and m.start - rm.end() <= _W["object_gap"] and self._ok(p, m, courts)), None)
            if owner is None or not _RX["patent_after_owner"].match(p.text, owner.end, b):
                continue
            petitioners = self._subject(p, a, rm.start(), courts)
            if petitioners and owner.key not in petitioners:
                out.append(_Draft(plaintiffs=petitioners, defendants=[owner.key], start=a, end=b))
        return out

    def _guilty_plea(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """"X agreed to plead guilty to antitrust charges by the Antitrust Division of the US
        Department of Justice": the prosecutor is the plaintiff, the sentence's first party the defendant."""
        out = []
        for gm in _RX["plead_guilty"].finditer(p.text, a, b):
            prosecutor = self._object(p, gm.end(), b, courts)
            if not prosecutor:
                nxt = next((m for m in p.mentions_in(gm.end(), b) if self._ok(p, m, courts)), None)
                prosecutor = [nxt.key] if nxt is not None and nxt.start - gm.end() <= _W["side_word_before"] else []
            first = next((m for m in p.mentions_in(a, gm.start()) if self._ok(p, m, courts) and m.key not in prosecutor), None)
            if prosecutor and first is not None:
                out.append(_Draft(plaintiffs=prosecutor, defendants=[first.key], start=a, end=b))
        return out

    def _regulators(self, p: Passage, pos: int, b: int, courts: Courts) -> list[str]:
        """The parties right after ``pos`` when every one names a government body or regulator."""
        found = self._object_mentions(p, pos, b, courts)
        if not found or not all(_RX["regulator_shape"].match(_COMMON_RX["whitespace"].sub(" ", m.text)) for m in found):
            return []
        return [m.key for m in found]

    def _settlements(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """"X entered into a settlement agreement with the Department of Justice", "X agreed to pay
        $5 million to settle charges brought by the SEC": the regulator (or the named claimant) is
        the plaintiff, X the defendant. A private settlement "with" a counterparty gives nothing."""
        out = []
        for sm in _RX["settled_with"].finditer(p.text, a, b):
            regulators = self._regulators(p, sm.end(), b, courts)
            settled = self._subject(p, a, sm.start(), courts)
            if regulators and settled:
                out.append(_Draft(plaintiffs=regulators, defendants=[k for k in settled if k not in regulators], start=a, end=b))
        out += self._claimant_after(p, a, b, courts, "settle_charges_by")
        return [d for d in out if d.defendants]

    def _awards(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """"an arbitration award in favor of X and against Y": X is the plaintiff, Y the defendant."""
        out = []
        for fm in _RX["in_favor_of"].finditer(p.text, a, b):
            if not _RX["ruling_word"].search(p.text, max(a, fm.start() - _W["ruling_before"]), fm.start()):
                continue
            listed = self._object_mentions(p, fm.end(), b, courts)
            # the party list runs on over "and against": cut it there
            cut = next((i for i, m in enumerate(listed) if _RX["and_against"].match(p.text, m.end, b)), None)
            if cut is None:
                continue
            winners = listed[: cut + 1]
            am = _RX["and_against"].match(p.text, winners[-1].end, b)
            losers = self._object(p, am.end(), b, courts) if am else []
            if losers:
                keys = [m.key for m in winners]
                out.append(_Draft(plaintiffs=keys, defendants=[k for k in losers if k not in keys], start=a, end=b))
        return out

    def _disputes(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """"We continue to be involved in a contract dispute with X. … the Court dismissed our counter-claims
        …": a proceeding told by its subject's involvement with X, whose sides only what the passage says
        next tells (our counter-claims, a judgment against us: the subject defends; an award to us, our
        claims against X: it claims). Both signs, or neither, give no fact."""
        out = []
        for dm in _RX["dispute_with"].finditer(p.text, a, b):
            before = [m for m in p.mentions_in(a, dm.start()) if self._ok(p, m, courts)]
            if not before or not _RX["dispute_subject_gap"].fullmatch(p.text, before[-1].end, dm.start()):
                continue
            other = self._object(p, dm.end(), b, courts)
            subject = [k for k in (before[-1].key,) if k not in other]
            if not other or not subject:
                continue
            window = p.text[dm.end() : b] + " " + p.text[b : b + _W["dispute_sides_after"]]
            defends = bool(_RX["subject_defends_after"].search(window))
            claims = bool(_RX["subject_claims_after"].search(window))
            if defends == claims:
                continue
            plaintiffs, defendants = (other, subject) if defends else (subject, other)
            out.append(_Draft(plaintiffs=plaintiffs, defendants=defendants, start=a, end=b))
        return out

    def _received(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """"X received a demand for arbitration from Y": Y is the plaintiff, X the defendant."""
        return self._claimant_after(p, a, b, courts, "received_suit_from")

    def _claimant_after(self, p: Passage, a: int, b: int, courts: Courts, pattern: str) -> list[_Draft]:
        """Each match of the pattern between the sentence's subject (the defendants) and its object
        (the plaintiffs): "X received a demand for arbitration from Y", "X agreed to pay $5 million
        to settle charges brought by Y"."""
        out = []
        for vm in _RX[pattern].finditer(p.text, a, b):
            claimants = self._object(p, vm.end(), b, courts)
            sued = self._subject(p, a, vm.start(), courts)
            if claimants and sued:
                out.append(_Draft(plaintiffs=claimants, defendants=[k for k in sued if k not in claimants], start=a, end=b))
        return out

    def _defined_sides(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """Parties named with their side's defined term: "TOA Trading LLC and Munshibari LLC
        (“Plaintiffs”)", "CCSC and Ms. Springsteen-Abbott (the “Respondents”)"."""
        d = _Draft(start=a, end=b)  # one proceeding: the sides a sentence defines
        for dm in _RX["defined_side"].finditer(p.text, a, b):
            last = next((m for m in reversed(p.mentions_in(a, dm.start())) if m.end == dm.start()), None)
            if last is None or not self._ok(p, last, courts):
                continue
            side = d.plaintiffs if dm.group("plaintiff") else d.defendants
            side += [m.key for m in enumeration_before(p, last, a) if self._ok(p, m, courts) and m.key not in d.parties()]
        return [d] if d.parties() else []

    def _findings(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """A regulator's findings and penalties: "the Risk Committee at CME Group found that X
        violated Rule 930"; "CME Group fined X" (the regulator is the plaintiff, X the defendant)."""
        out = []
        for fm in _RX["finding_that"].finditer(p.text, a, b):
            regulator = self._subject(p, a, fm.start(), courts)
            first = next((m for m in p.mentions_in(fm.end(), min(b, fm.end() + _W["finding_gap"]))
                          if self._ok(p, m, courts)), None)
            if not regulator or first is None or p.mentions_in(fm.end(), first.start):
                continue
            found = self._party_list(p, first, b)
            if _RX["violated_after"].match(p.text, found[-1].end, b):
                out.append(_Draft(plaintiffs=regulator, defendants=[m.key for m in found if m.key not in regulator],
                                  start=a, end=b))
        for pm in _RX["penalty_verb_word"].finditer(p.text, a, b):
            regulator = self._subject(p, a, pm.start(), courts)
            fined = self._object(p, pm.end(), b, courts)
            if regulator and fined:
                out.append(_Draft(plaintiffs=regulator, defendants=[k for k in fined if k not in regulator], start=a, end=b))
        for cm in _RX["charged_verb"].finditer(p.text, a, b):
            # "the SEC charged Jane Roe with fraud": only a regulator's or prosecutor's charge is a proceeding
            before = [m for m in p.mentions_in(a, cm.start()) if self._ok(p, m, courts)]
            regulator = self._subject(p, a, cm.start(), courts)
            if not regulator or not _RX["regulator_shape"].match(_COMMON_RX["whitespace"].sub(" ", before[-1].text)):
                continue
            charged = self._object_mentions(p, cm.end(), b, courts)
            if charged and _RX["charged_with_after"].match(p.text, charged[-1].end, b):
                out.append(_Draft(plaintiffs=regulator, defendants=[m.key for m in charged if m.key not in regulator],
                                  start=a, end=b))
        return [d for d in out if d.defendants]

    def _in_re(self, p: Passage, a: int, b: int, courts: Courts) -> list[_Draft]:
        """"In re Expedia Group Stockholders Litigation": a caption without sides; the company it
        names is the defendant when the passage says holders sued (stockholder, securities,
        derivative or class actions)."""
        out = []
        for m in _IN_RE.finditer(p.text, a, b):
            co = next((x for x in p.mentions_in(m.end(), min(b, m.end() + _W["in_re_company_gap"])) if x.label == "ORG"), None)
            if co is None:
                co = next((x for x in p.mentions_in(m.end(), b) if x.label == "ORG" and x.start - m.end() <= _W["in_re_company_gap"]), None)
            if co is None or not _IN_RE_TAIL.match(p.text, co.end):
                continue
            if not _HOLDER_SUIT.search(p.text[max(0, a - _W["holder_suit_before"]) : min(len(p.text), b + _W["holder_suit_after"])]) \
                    and not _RX["holder_suit_caption_after"].match(p.text[co.end :]):
                continue
            out.append(_Draft(defendants=[co.key], start=a, end=b))
        return out

    # -- attributes ----------------------------------------------------------------------
    def _attributes(self, p: Passage, d: _Draft, courts: Courts) -> None:
        text = p.text
        lo, hi = d.start, max(d.end, min(len(text), d.start + _W["attributes_after"]))
        for a, b in courts:
            if lo <= a < hi:
                d.attrs.setdefault("court", _COMMON_RX["whitespace"].sub(" ", text[a:b]).strip(" ,"))
                break
        cn = _CASE_NO.search(text, lo, hi)
        if cn:
            d.attrs.setdefault("caseNumber", cn.group("num").rstrip(".,"))
        for fm in _RX["filed_word"].finditer(text[lo:hi]):
            date = date_at(text, lo + fm.end(), _W["filing_date_after"])
            if date:
                d.attrs.setdefault("filedOn", date)
                break
        if "filedOn" not in d.attrs:
            m = _RX["on_opening"].match(text[d.start : d.start + _W["on_opening"]])
            if m:
                date = date_at(text, d.start + m.end(), _W["filing_date_after"])
                if date and _RX["filed_in_draft"].search(text[d.start : d.end]):
                    d.attrs["filedOn"] = date
        for ms, _me, amount, cur in find_money(text[lo:hi]):
            if _CLAIM_CUE.search(text[max(lo, lo + ms - _W["claim_cue_before"]) : lo + ms]):
                d.attrs.setdefault("amountClaimed", amount)
                d.attrs.setdefault("currency", cur)
                break
        for rx, name in _STATUS:
            if rx.search(text, lo, hi):
                d.attrs.setdefault("status", name)
                break


make_litigation = role_factory("corpkg_litigation", LitigationExtractor, role=ROLE)

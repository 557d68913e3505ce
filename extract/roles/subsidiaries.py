"""Subsidiaries: who owns whom, with percentage, jurisdiction, start and end.

Signals (patterns in ``patterns/roles/subsidiaries.json``):
- apposition/copula: "X, a wholly owned subsidiary of Y", "X became a wholly owned subsidiary
  of the Company", "X, our subsidiary" (owner: the issuer unless "of Y" names another);
- introduction: "our subsidiary X", "Y and its subsidiaries A and B", "two subsidiaries: A and B";
- majority stakes: "we own 80% of the outstanding stock of X";
- ends: "X was dissolved and merged into Y" (endDate, endReason); a bare "X was dissolved on
  DATE" only dates a subsidiary found elsewhere in the filing (see :func:`finalize`).

Exhibit 21 lists are read from the Document by :mod:`corpkg.extract.roles.exhibit21`.
"""

from __future__ import annotations

import re

from spacy.language import Language

from corpkg.extract.model import Fact
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import (
    Mention,
    Passage,
    enumeration_before,
    enumeration_from,
    find_dates,
    find_percents,
    group_builder,
    lead_date,
    prefilter_of,
    role_patterns,
)

__all__ = ["SubsidiaryExtractor", "finalize", "TENTATIVE", "BECAME"]

ROLE = "subsidiary"
TENTATIVE = "_tentative"
BECAME = "_became"  # "X became a subsidiary of Y": also an acquisition (see run.finalize_facts)


_alt = group_builder("subsidiaries.json")


_FORM = (r"(?:corporation|limited\s+liability\s+company|limited\s+partnership|company|bank|savings\s+bank|"
         r"state[- ]chartered\s+bank|statutory\s+trust|trust|partnership|general\s+partnership|business\s+trust)")
# "a Delaware corporation and (a) wholly owned subsidiary of ..."
_FORM_AND = r"an?\s+(?:(?-i:[A-Z])[\w.]*\s+){1,3}" + _FORM + r"\s*,?\s+and\s+"


def _build() -> dict[str, re.Pattern[str]]:
    mod = _alt("modifier")
    mods = rf"(?:(?:{mod})[\s,-]*(?:and\s+)?)*"
    det = (r"(?:an?|our|its|the|their|his|her|one\s+of\s+(?:our|its|the\s+Company's|the)|each\s+a|both|all|"
           r"(?:the\s+)?(?:Company|Issuer|Registrant|Corporation|Partnership|Bank|Trust)['’]s)")
    return {
        # after the owned mention: ", a wholly owned subsidiary (of Y)"
        "after": re.compile(
            rf"\s*(?:\((?:the\s+)?[\"“'][^)]{{1,40}}\)\s*)?,?\s*(?:\(\s*)?(?:{_alt('copula')}\s+)*(?:{_FORM_AND})?(?:(?:{det})\s+)?{mods}subsidiar(?:y|ies)\b"
            rf"(?P<of>\s+(?:of|to)\s+)?",
            re.I,
        ),
        # before a list: "our (wholly owned) subsidiary(ies)[,:] (namely) X"
        "before": re.compile(
            rf"(?P<poss>\b(?:our|its|the\s+Company's|the\s+Registrant's|their|\w[\w.&-]*'s)\s+)?{mods}"
            rf"subsidiar(?:y|ies)\b(?P<tail>\s*(?:\(\s*[^)]{{0,40}}\)\s*)?[,:\-–—]?\s*(?:(?:{_alt('list_intro')})\s*[,:]?\s*)?)$",
            re.I,
        ),
        "dissolution": re.compile(_alt("dissolution"), re.I),
        "merged_into": re.compile(_alt("merged_into"), re.I),
        "stake": re.compile(_alt("majority_stake") + r"$", re.I),
        "connective": re.compile(r"^\W*(?:" + _alt("connective") + r")\b", re.I),
        "share_verb": re.compile(_alt("stake_share_verb") + r"$", re.I),
        "stake_after": re.compile(_alt("stake_after"), re.I),
        "owns": re.compile(_alt("owns_verb"), re.I),
        "cover_name": re.compile(_alt("cover_name"), re.I),
        "cover_percent": re.compile(_alt("cover_percent"), re.I),
        "cover_type": re.compile(_alt("cover_type"), re.I),
        "schedule": re.compile(_alt("schedule_forms"), re.I),
    }


# "X is the parent (company) of Y", "X, the parent of Y", "X (parent of Y)"
_PARENT_OF = re.compile(
    r"\s*[,.]*\s*(?:(?:is|was|became|as|remains)\s+)?(?:(?:the|its|our)\s+(?:ultimate\s+|direct\s+|indirect\s+|sole\s+)?"
    r"(?:parent|holding)(?:\s+(?:company|corporation|entity))?|(?:,\s*|\(\s*|(?:is|was)\s+)(?:ultimate\s+|direct\s+|indirect\s+)?"
    r"parent(?:\s+(?:company|corporation|entity))?)\s+(?:of|for)\s+", re.I)
# "we formed a wholly-owned Australian subsidiary, X": the subject owns what it formed or has
_FORMED = re.compile(r"(?P<subj>\b(?:we|the\s+Company|the\s+Registrant|(?-i:[A-Z])[\w.&-]*(?:\s+(?-i:[A-Z])[\w.&,-]*){0,4}))"
                     r"\s+(?:\w+\s+)?(?:formed|established|created|incorporated|organized|organised|owns|own|has|have|had)\s+"
                     r"(?:an?|one|two|three|four|five|several|the\s+following)\s+[^,;()]{0,60}$", re.I)
_DEMONYM = re.compile(r"(?:[A-Z][a-z]+(?:an|ian|ese|ish|ic)|Dutch|French|Swiss|Greek|Thai|Israeli|Kuwaiti|Saudi)")
# an enumeration member followed by a short description: "A, a full-service brokerage and B, an online company"
_APPOS_GAP = re.compile(r"\s*,\s*(?:an?|the)\s+[^,;.()]{1,60}?,?\s+(?:and|&)\s+(?:the\s+)?|\s*,?\s*(?:and|&)\s+(?:the\s+)?|\s*,\s*", re.I)
_NOT_OWNED_AFTER = re.compile(r"\s*(?:['’]s\b|shares\b|stock\b|common\b|units\b|securities\b|notes\b|bonds\b|warrants\b)", re.I)
_JURISDICTION = re.compile(r"\s*,?\s*(?:\(\s*)?an?\s+(?P<j>(?:[A-Z][a-z]+\s+){0,2}[A-Z][a-z]+)\s+" + _FORM)


class SubsidiaryExtractor(RoleComponent):
    attr = "role_subsidiaries"
    role_name = "subsidiaries"
    prefilter = prefilter_of("subsidiaries.json")

    def __init__(self, nlp: Language, name: str) -> None:
        super().__init__(nlp, name)
        self.rx = _build()

    # -- helpers -------------------------------------------------------------------------
    def _owner_after(self, p: Passage, pos: int, b: int, skip: set[str]) -> Mention | None:
        """The ORG mention that starts right after ``pos`` (an "of " just matched)."""
        for m in p.mentions_in(pos, b, "ORG"):
            gap = p.text[pos : m.start]
            if re.fullmatch(r"\s*(?:the\s+)?", gap, re.I) or m.start == pos:
                return m if m.key not in skip else None
            break
        return None

    def _antecedent(self, p: Passage, a: int, before: int, skip: set[str]) -> Mention | None:
        for m in reversed(p.mentions_in(a, before, "ORG")):
            if m.key not in skip:
                return m
        return None

    def _start_date(self, p: Passage, a: int, b: int) -> str | None:
        """The date of a "became a subsidiary" sentence, or of the sentence it refers back
        to ("As a result, ...")."""
        sent = p.text[a:b]
        found = find_dates(sent)
        if found:
            return found[0][2]
        if self.rx["connective"].match(sent):
            prev = p.previous_sentence(a)
            if prev:
                found = find_dates(p.text[prev[0] : prev[1]])
                if found:
                    return found[0][2]
        return lead_date(p, a)

    # -- rules ---------------------------------------------------------------------------
    def extract(self, p: Passage) -> list[Fact]:
        facts: list[Fact] = []
        issuer = p.ctx.issuer_key
        facts += self._cover(p, issuer)
        for a, b in p.sentences:
            sent_ments = p.mentions_in(a, b)
            if not sent_ments:
                continue
            facts += self._apposition(p, a, b, issuer)
            facts += self._introduced(p, a, b, issuer)
            facts += self._stake(p, a, b, issuer)
            facts += self._dissolution(p, a, b, issuer)
            facts += self._parent_of(p, a, b)
            facts += self._stake_after(p, a, b)
            facts += self._owns(p, a, b)
        return facts

    def _cover(self, p: Passage, issuer: str | None) -> list[Fact]:
        """A Schedule 13D/TO cover block: "NAME OF REPORTING PERSON / X … PERCENT OF CLASS
        REPRESENTED BY AMOUNT IN ROW (11) / 67.2% … TYPE OF REPORTING PERSON / PN": an
        organization (type not IN) reporting more than 50% of the subject company's class owns
        that company."""
        if issuer is None or not p.ctx.form_type or not self.rx["schedule"].match(p.ctx.form_type):
            return []
        out = []
        names = list(self.rx["cover_name"].finditer(p.text))
        for i, nm in enumerate(names):
            end = names[i + 1].start() if i + 1 < len(names) else len(p.text)
            pc = self.rx["cover_percent"].search(p.text, nm.end(), end)
            ty = self.rx["cover_type"].search(p.text, nm.end(), end)
            if not pc or not ty:
                continue
            types = set(re.findall(r"[A-Z]{2}", ty.group("type")))
            if not types or types & {"IN"}:
                continue
            pct = float(pc.group("pct"))
            if pct <= 50 or pct > 100:
                continue
            line_end = p.text.find("\n", p.text.find("\n", nm.end()) + 1)
            cands = [m for m in p.mentions_in(nm.end(), line_end if line_end > 0 else end, "ORG", pronouns=False)]
            if not cands or cands[0].key == issuer:
                continue
            out.append(p.fact(ROLE, [("owner", cands[0].key), ("owned", issuer)], [("percentage", pc.group("pct"))],
                              (nm.start(), ty.end()), self.extractor))
        return out

    def _enumeration(self, p: Passage, first: Mention, b: int) -> list[Mention]:
        """``first`` and the organizations listed after it, each possibly followed by a short
        description ("A, a full-service brokerage and B, an online trading company")."""
        out = [first]
        cur = first
        for m in p.mentions_in(first.end, b, "ORG", pronouns=False):
            if m.start < cur.end:
                continue
            if not _APPOS_GAP.fullmatch(p.text, cur.end, m.start):
                break
            out.append(m)
            cur = m
        return out

    def _stake_after(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"Y acquired 39,773,792 shares of the common stock of X ("X") representing 99.93% of
        the shares issued and outstanding": the percentage printed after the owned name."""
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            sa = self.rx["stake_after"].match(p.text, m.end, b)
            if not sa:
                continue
            pct = float(sa.group("pct"))
            if pct <= 50 or pct > 100:
                continue
            verb = self.rx["share_verb"].search(p.text, max(a, m.start - 200), m.start)
            if not verb:
                continue
            ante = self._antecedent(p, a, verb.start(), {m.key})
            if ante is None:
                continue
            attrs = [("percentage", sa.group("pct"))]
            if re.match(r"acquired|purchased|bought", verb.group(0), re.I):
                d = find_dates(p.text[a:b])
                if d:
                    attrs.append(("startDate", d[0][2]))
            out.append(p.fact(ROLE, [("owner", ante.key), ("owned", m.key)], attrs, (a, b), self.extractor))
        return out

    def _owns(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"X, which owns A, a brokerage, and B": an organization owning organizations."""
        out = []
        for m in p.mentions_in(a, b, "ORG"):
            ow = self.rx["owns"].match(p.text, m.end, b)
            if not ow or not re.search(r"own", ow.group(0), re.I):
                continue
            first = next((x for x in p.mentions_in(ow.end(), b, "ORG", pronouns=False) if x.start == ow.end()), None)
            if first is None or first.key == m.key:
                continue
            owned = self._enumeration(p, first, b)
            attrs = [("percentage", "100")] if re.search(r"\ball\b|100|wholly", ow.group(0), re.I) else []
            for o in owned:
                if o.key == m.key or _NOT_OWNED_AFTER.match(p.text, o.end, b):
                    continue
                out.append(p.fact(ROLE, [("owner", m.key), ("owned", o.key)], attrs, (a, b), self.extractor))
        return out

    def _apposition(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            mm = self.rx["after"].match(p.text, m.end, b)
            if not mm:
                continue
            if _DEMONYM.fullmatch(m.text) and re.match(r"\s+\w", p.text[m.end : mm.end()]):
                continue  # "our Australian subsidiary": a nationality, not a company
            owned_list = enumeration_before(p, m, a, "ORG")
            owned_list = [o for o in owned_list if not o.pronoun]
            owner: str | None = None
            end = mm.end()
            phrase = mm.group(0).lower()
            if mm.group("of"):
                om = self._owner_after(p, mm.end(), b, {o.key for o in owned_list})
                if om is None:
                    continue
                owner, end = om.key, om.end
            elif re.search(r"\b(?:company|issuer|registrant|corporation|partnership|bank|trust)['’]s\b", phrase):
                owner = issuer
            elif re.search(r"\bits\b", phrase):
                ante = self._antecedent(p, a, owned_list[0].start, {o.key for o in owned_list})
                owner = ante.key if ante else None
            else:
                owner = issuer
            if owner is None:
                continue
            attrs: list[tuple[str, str]] = []
            pct = re.search(r"(\d+(?:\.\d+)?)\s?(?:%|percent)[- ]owned", phrase)
            if pct:
                attrs.append(("percentage", pct.group(1)))
            elif "wholly" in phrase:
                attrs.append(("percentage", "100"))
            if re.search(r"\b(?:became|become|becomes|has become|will become|to become|had become)\b", phrase):
                attrs.append(("startDate", self._start_date(p, a, b) or ""))
                attrs.append((BECAME, "1"))
            for o in owned_list:
                if o.key == owner:
                    continue
                j = _JURISDICTION.match(p.text, o.end, b)
                extra = [("jurisdiction", j.group("j"))] if j and len(owned_list) == 1 else []
                out.append(p.fact(ROLE, [("owner", owner), ("owned", o.key)], attrs + extra,
                                  (a, b), self.extractor))
        return out

    def _introduced(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        out = []
        text = p.text
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            window_start = max(a, m.start - 160)
            mm = self.rx["before"].search(text, window_start, m.start)
            if not mm or mm.end() != m.start:
                continue
            # the trigger must not be inside another mention
            if any(x.start <= mm.start() < x.end for x in p.mentions if x is not m and not x.pronoun):
                continue
            # "such subsidiary (…), the Company has …": a reference back, and a generic name, are no introduction
            if not mm.group("poss") and re.search(r"\b(?:such|any|each|every|that|this|which|no|other)\s+$",
                                                  text[max(a, mm.start() - 12) : mm.start()], re.I):
                continue
            if re.fullmatch(r"(?:the\s+)?(?:Company|Registrant|Corporation|Issuer)", m.text, re.I):
                continue
            owned = [o for o in enumeration_from(p, m, b, "ORG") if not o.pronoun]
            poss = (mm.group("poss") or "").strip().lower()
            owner: str | None
            if poss in ("our", "the company's", "the registrant's"):
                owner = issuer
            elif poss in ("its", "their"):
                ante = self._antecedent(p, a, mm.start(), {o.key for o in owned})
                owner = ante.key if ante else issuer
            elif poss.endswith("'s"):
                # "Acme's subsidiary X": the possessor must be a mention ending right there
                pm = [x for x in p.mentions_in(a, mm.start() + len(mm.group("poss").rstrip()), "ORG")
                      if mm.start() + len(poss) - 2 - 1 <= x.end <= mm.start() + len(poss)]
                owner = pm[-1].key if pm else None
            else:
                if "," not in (mm.group("tail") or "") and ":" not in (mm.group("tail") or "") and not re.search(
                    r"(?:namely|including|known|called|named)", mm.group("tail") or "", re.I
                ):
                    # "subsidiary X" without a possessive or a list mark is too loose
                    if not re.search(r"wholly|majority|owned", mm.group(0), re.I):
                        continue
                subj = _FORMED.search(text, a, mm.start())
                if subj:  # "we formed a wholly-owned Australian subsidiary, X"
                    sm = [x for x in p.mentions_in(subj.start(), subj.end("subj"), "ORG")]
                    owner = sm[0].key if sm else None
                else:
                    ante = self._antecedent(p, a, mm.start(), {o.key for o in owned})
                    # a name right before "subsidiary" qualifies it ("an Australian subsidiary"), it owns nothing
                    if ante is not None and not text[ante.end : mm.start()].strip():
                        continue
                    owner = ante.key if ante else issuer
            if owner is None:
                continue
            attrs = [("percentage", "100")] if re.search(r"wholly", mm.group(0), re.I) else []
            for o in owned:
                if o.key != owner:
                    out.append(p.fact(ROLE, [("owner", owner), ("owned", o.key)], attrs, (a, b), self.extractor))
        return out

    def _stake(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            mm = self.rx["stake"].search(p.text, max(a, m.start - 200), m.start)
            if not mm or mm.end() != m.start:
                continue
            pct = float(mm.group("pct"))
            if pct <= 50 or pct > 100:
                continue
            ante = self._antecedent(p, a, mm.start(), {m.key})
            owner = ante.key if ante else None
            if owner is None:
                continue
            attrs = [("percentage", mm.group("pct"))]
            d = find_dates(p.text[a:b])
            if d and re.search(r"acquired|purchased", mm.group(0), re.I):
                attrs.append(("startDate", d[0][2]))
            out.append(p.fact(ROLE, [("owner", owner), ("owned", m.key)], attrs, (a, b), self.extractor))
        return out

    def _parent_of(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"X is the parent (company) of Y" / "X, the parent of Y"."""
        out = []
        for m in p.mentions_in(a, b, "ORG"):
            mm = _PARENT_OF.match(p.text, m.end, b)
            if not mm:
                continue
            om = self._owner_after(p, mm.end(), b, {m.key})
            if om is None:
                continue
            for o in enumeration_from(p, om, b, "ORG"):
                if o.key != m.key:
                    out.append(p.fact(ROLE, [("owner", m.key), ("owned", o.key)], [], (a, b), self.extractor))
        return out

    def _dissolution(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        out = []
        for dm in self.rx["dissolution"].finditer(p.text, a, b):
            before = [m for m in p.mentions_in(a, dm.start(), "ORG", pronouns=False)]
            if not before:
                continue
            subj = before[-1]
            gap = p.text[subj.end : dm.start()]
            if len(gap) > 40 or re.search(r"[.;]", gap):
                continue
            rest = p.text[dm.end() : b]
            date = None
            found = find_dates(p.text[a:b])
            if found:
                date = found[0][2]
            owner = None
            reason = "dissolved" if "dissolv" in dm.group(0).lower() else "merged"
            into = self.rx["merged_into"].search(p.text, dm.start(), b)
            if into:
                pos = into.end()
                om = self._owner_after(p, pos, b, {subj.key})
                if om is not None:
                    owner = om.key
                    reason = "dissolved and merged into parent" if "dissolv" in p.text[a:b].lower() else "merged into parent"
            if "liquidat" in dm.group(0).lower():
                reason = "liquidated"
            attrs = [("endDate", date or ""), ("endReason", reason)]
            if owner is None:
                if issuer is None or subj.key == issuer:
                    continue
                owner = issuer
                attrs.append((TENTATIVE, "1"))
            elif owner != issuer:
                # "X merged into Y" between other companies is an acquisition (acquisitions.py)
                continue
            if subj.key == owner:
                continue
            del rest
            out.append(p.fact(ROLE, [("owner", owner), ("owned", subj.key)], attrs, (a, b), self.extractor))
        return out


def finalize(facts: list[Fact]) -> list[Fact]:
    """Filing-level clean-up: a tentative end ("X was dissolved on DATE" without a named
    parent) only dates a subsidiary that another sentence establishes; internal attributes
    are dropped."""
    from corpkg.extract.roles.common import merge_facts

    confirmed_owned = {f.participant("owned")[0] for f in facts
                       if f.role == ROLE and TENTATIVE not in dict(f.attributes)}
    kept = []
    for f in facts:
        if f.role == ROLE and TENTATIVE in dict(f.attributes):
            if f.participant("owned")[0] not in confirmed_owned:
                continue
            f = Fact(f.role, f.participants, tuple(x for x in f.attributes if x[0] != TENTATIVE), f.evidence)
        kept.append(f)
    kept = merge_facts(kept)
    return kept + _indirect(kept)


def _indirect(facts: list[Fact]) -> list[Fact]:
    """One step of indirect ownership stated in one sentence of running text: "A is the parent
    of B, which owns C" → A owns C too (through B).  Exhibit 21 lists are left alone (their nesting is the
    ownership chain already), ended relations and self-ownership are skipped."""
    text_facts = [f for f in facts if f.role == ROLE and not f.attribute("endDate")
                  and any(".subsidiaries@" in (e.extractor or "") for e in f.evidence)]
    have = {(f.participant("owner")[0], f.participant("owned")[0]) for f in facts if f.role == ROLE}
    out = []
    for f in text_facts:
        a, b = f.participant("owner")[0], f.participant("owned")[0]
        for g in text_facts:
            if g.participant("owner")[0] != b:
                continue
            c = g.participant("owned")[0]
            if c in (a, b) or (a, c) in have:
                continue
            # only a chain told in one sentence: a wrong link elsewhere must not multiply
            if not {(e.start, e.end) for e in f.evidence} & {(e.start, e.end) for e in g.evidence}:
                continue
            have.add((a, c))
            ev = tuple(dict.fromkeys(f.evidence + g.evidence))
            out.append(Fact(ROLE, (("owner", a), ("owned", c)), (), ev))
    return out


make_subsidiaries = role_factory("corpkg_subsidiaries", SubsidiaryExtractor, role=ROLE)

"""Officers and directors: who holds which title at which organization, since and until when.

Signals (``patterns/roles/officers.json``; titles in ``patterns/roles/titles.tsv``):
- a person followed by a run of titles: apposition ("Robert J. Scott, President"), copula and
  tenure ("X has served as our Chief Financial Officer since 2001"), appointments ("X was
  appointed Chief Executive Officer", "X became the Company's sole Director and President"),
  resignations ("Mr. Shaver has resigned his position as Executive Vice President"),
  signature blocks ("/s/ X" … "President, Chief Executive Officer and Director") and
  management tables ("X   52   President and Director");
- a run of titles followed by a person ("President Robert J. Scott", "our Chief Executive
  Officer, X"; "the Board appointed X as CFO").
The organization is the one named with the title ("President of Acme", "Acme's President"),
the company heading a signature block, otherwise the issuer.
"""

from __future__ import annotations

import re

from spacy.language import Language

from corpkg.extract.model import Fact
from corpkg.extract.roles.base import RoleComponent
from corpkg.extract.roles.common import (
    Mention,
    Passage,
    find_dates,
    find_titles,
    lead_date,
    load_json,
)

__all__ = ["OfficerExtractor"]

ROLE = "position"


def _alt(key: str) -> str:
    return "(?:" + "|".join(sorted(load_json("officers.json")[key], key=len, reverse=True)) + ")"


_APPOINT = re.compile(r"\b" + _alt("appointment") + r"(?!\w)", re.I)
_RESIGN = re.compile(r"\b" + _alt("resignation") + r"(?!\w)", re.I)
_FORMER = re.compile(r"\b" + _alt("former") + r"(?!\w)", re.I)

# words allowed between a person and the titles that follow ("Mr. Shaver has resigned his
# position as Executive Vice President")
_FILLER_WORD = (
    r"(?:,|\(|is|was|are|were|has|have|had|been|be|being|will|would|shall|currently|now|then|also|"
    r"serves?|served|serving|as|the|our|its|their|his|her|a|an|sole|interim|acting|co-|"
    r"position(?:s)?|office(?:s)?|role(?:s)?|title(?:s)?|of|duties|capacity|capacities|each|both|"
    r"named|appointed|elected|re-elected|reelected|designated|promoted|hired|became|become|becomes|"
    r"resigned|resigns|resign|retired|retires|retire|stepped\s+down|step\s+down|from|"
    r"to|joined|assumed|succeeded|succeeds?|continues?|continued|remains?|remained|"
    r"former|formerly|previously|newly|duly|effective(?:\s+immediately)?|immediately|"
    r"who|which|since|\d{1,3}|age|aged|Company's|Registrant's|Corporation's|Bank's|"
    r"Name:|Title:|Its:|By:|/s/|[-_=.|:]+)"
)
_FILLER = re.compile(r"(?:\s*" + _FILLER_WORD + r"(?![\w'])\s*)*\s*", re.I)
_BOARD = re.compile(
    r"(?:to|on|of|join(?:ed|s)?)\s+(?:the|our|its|the\s+Company's)\s+Board(?:\s+of\s+(?:Directors|Trustees))?(?![\w])",
    re.I,
)
_RUN_GAP = re.compile(r"\s*(?:,|&|/|and|,\s*and|and\s+(?:the|its|our)|,\s*(?:the|its|our))?\s*(?:sole|interim|acting|co-)?\s*$", re.I)
_BEFORE_GAP = re.compile(r"^[ \t,]*(?:(?:Mr|Mrs|Ms|Dr)\.?[ \t]*)?$")
_ORG_TAIL = re.compile(r"\s*(?:of|for|at|with)\s+(?:the\s+)?$", re.I)
_OF_SOMETHING = re.compile(r"[ \t]+(?:of|for|at)[ \t]+(?!the[ \t]+(?:Company|Registrant|Corporation|Issuer|Board)\b)[\w“\"]", re.I)
_PRONOUN = re.compile(r"(?:^|(?<=[.;]\s)|(?<=\n))(?:He|She)\b")
_SIGNATURE = re.compile(_alt("signature_marker"), re.I)


class OfficerExtractor(RoleComponent):
    attr = "role_officers"
    role_name = "officers"
    prefilter = re.compile("|".join(load_json("officers.json")["prefilter"]), re.I)

    # -- pieces ------------------------------------------------------------------------
    @staticmethod
    def _runs(p: Passage, a: int, b: int) -> list[tuple[int, int, list[str]]]:
        """Maximal runs of titles in [a, b): (start, end, canonical titles)."""
        found = [(a + s, a + e, c) for s, e, c in find_titles(p.text[a:b])]
        found += [(a + m.start(), a + m.end(), ("Director",)) for m in _BOARD.finditer(p.text[a:b])]
        found.sort()
        runs: list[tuple[int, int, list[str]]] = []
        for s, e, canon in found:
            if runs and s >= runs[-1][1] and _RUN_GAP.match(p.text[runs[-1][1] : s]):
                rs, _, rc = runs[-1]
                runs[-1] = (rs, e, rc + [c for c in canon if c not in rc])
            elif runs and s < runs[-1][1]:
                continue
            else:
                runs.append((s, e, list(canon)))
        return runs

    def _org_after(self, p: Passage, end: int, b: int) -> tuple[Mention | None, int]:
        for m in p.mentions_in(end, b, "ORG"):
            if _ORG_TAIL.fullmatch(p.text[end : m.start]):
                return m, m.end
            break
        return None, end

    def _org_before(self, p: Passage, start: int, a: int) -> Mention | None:
        """"Acme's President", "our President", "the Company's Chief Executive Officer"."""
        head = p.text[max(a, start - 120) : start]
        for m in reversed(p.mentions_in(max(a, start - 120), start, "ORG")):
            gap = p.text[m.end : start]
            if re.fullmatch(r"(?:'s|’s|')?\s*(?:then[- ]|former\s+|current\s+|sole\s+|interim\s+|acting\s+)?", gap, re.I):
                return m
            break
        del head
        return None

    def _signature_org(self, p: Passage, person: Mention) -> Mention | None:
        if not _SIGNATURE.search(p.text):
            return None
        orgs = [m for m in p.mentions_in(0, person.start, "ORG", pronouns=False)]
        if orgs:
            return orgs[-1]
        return self._heading_org(p)

    @staticmethod
    def _heading_org(p: Passage) -> Mention | None:
        """The company named on its own line just above a signature passage
        ("CHINA INVESTMENT CORPORATION" / blank line / "By: /s/ …")."""
        index, doc = p.ctx.index, p.ctx.document
        if index is None or doc is None or not hasattr(index, "mentions_in"):
            return None
        text = doc.text
        lo = max(0, p.start - 300)
        for s, e, key, label in reversed(index.mentions_in(lo, p.start)):
            if label != "ORG":
                continue
            line_start = text.rfind("\n", 0, s) + 1
            line_end = text.find("\n", e)
            line = text[line_start : line_end if line_end >= 0 else len(text)]
            gap = text[e : p.start]
            if re.fullmatch(r"[\s,]*(?:\((?:Registrant|Issuer)\))?[\s,]*", gap) is None and not re.fullmatch(r"[\s,]*", gap[:3]):
                return None
            if re.fullmatch(r"\s*" + re.escape(text[s:e]) + r"[\s,.]*(?:\((?:Registrant|Issuer)\))?\s*", line):
                return Mention(s - p.start, e - p.start, key, label, text[s:e])
            return None
        return None

    def _dates(self, p: Passage, a: int, b: int, kind: str) -> list[tuple[str, str]]:
        found = find_dates(p.text[a:b])
        date = found[0][2] if found else lead_date(p, a)
        if date is None and kind == "start" and p.ctx.is_8k and p.ctx.report_date:
            date = p.ctx.report_date[:7]  # an 8-K reports events of its report month
        if date is None:
            return []
        return [("startDate" if kind == "start" else "endDate", date)]

    # -- rules -------------------------------------------------------------------------
    def extract(self, p: Passage) -> list[Fact]:
        facts: list[Fact] = []
        self._pronouns(p)
        for a, b in self._blocks(p):
            persons = p.mentions_in(a, b, "PERSON")
            if not persons:
                continue
            runs = self._runs(p, a, b)
            if not runs:
                continue
            used_runs: set[int] = set()
            for person in persons:
                fact = self._after(p, a, b, person, runs, used_runs) or self._before(p, a, b, person, runs, used_runs)
                if fact is not None:
                    facts.append(fact)
        return facts

    @staticmethod
    def _pronouns(p: Passage) -> None:
        """Sentence-initial "He"/"She" in a biography passage about one person is that person."""
        people = {m.key for m in p.mentions if m.label == "PERSON"}
        if len(people) != 1:
            return
        (key,) = people
        first = min(m.start for m in p.mentions if m.label == "PERSON")
        extra = [Mention(m.start(), m.end(), key, "PERSON", m.group(0), pronoun=True)
                 for m in _PRONOUN.finditer(p.text) if m.start() > first]
        if extra:
            p.mentions = sorted(p.mentions + extra, key=lambda m: (m.start, m.end))

    def _blocks(self, p: Passage) -> list[tuple[int, int]]:
        """Sentences; signature blocks and tables (several short lines) are read line-wise
        as one block."""
        if _SIGNATURE.search(p.text) or p.text.count("\n") >= 2 and len(p.text) / (p.text.count("\n") + 1) < 90:
            return [(0, len(p.text))]
        return p.sentences

    def _after(self, p, a, b, person, runs, used) -> Fact | None:  # noqa: ANN001
        # the filler must not cross another person
        nxt = [m.start for m in p.mentions_in(person.end, b, "PERSON") if m.key != person.key]
        limit = min(nxt) if nxt else b
        pos = person.end
        # skip a repeated name ("/s/ X ---- X President")
        while True:
            fm = _FILLER.match(p.text, pos, limit)
            pos = fm.end() if fm else pos
            same = [m for m in p.mentions_in(pos, limit, "PERSON") if m.start == pos and m.key == person.key]
            if same:
                pos = same[0].end
                continue
            break
        run = next((r for r in runs if r[0] == pos), None)
        if run is None:
            return None
        filler = p.text[person.end : run[0]]
        if "\n\n" in filler or len(filler) > 160:
            return None
        used.add(run[0])
        return self._make(p, a, b, person, run, filler, after=True)

    def _before(self, p, a, b, person, runs, used) -> Fact | None:  # noqa: ANN001
        cands = [r for r in runs if r[1] <= person.start and r[0] not in used]
        if not cands:
            return None
        run = cands[-1]
        if not _BEFORE_GAP.match(p.text[run[1] : person.start]):
            return None
        # "the Board appointed X as President" is read by _after; here "President X"
        return self._make(p, a, b, person, run, p.text[max(a, run[0] - 60) : run[0]], after=False)

    def _make(self, p, a, b, person, run, filler, *, after: bool) -> Fact | None:  # noqa: ANN001
        start, end, titles = run
        org, org_end = self._org_after(p, end, b)
        if org is None and _OF_SOMETHING.match(p.text, end, b):
            return None  # "Chairman of the Compensation Committee of …": not a seat we can place
        if org is None:
            org = self._org_before(p, start, a)
        if org is None:
            org = self._signature_org(p, person)
        if org is None and p.ctx.signer_key and _SIGNATURE.search(p.text):
            org_key = p.ctx.signer_key
        else:
            org_key = org.key if org is not None else p.ctx.issuer_key
        if org_key is None:
            return None
        ctx_text = p.text[a:b]
        attrs: list[tuple[str, str]] = [("title", t) for t in titles]
        attrs.append(("printedTitle", re.sub(r"\s+", " ", p.text[start:end])))
        nxt = [m.start for m in p.mentions_in(end, b, "PERSON") if m.key != person.key]
        tail = p.text[end : min([b, end + 80, *nxt])]
        resign = _RESIGN.search(filler) or (after and _RESIGN.search(tail) and not _APPOINT.search(tail))
        appoint = _APPOINT.search(filler) or re.search(
            r"\b(?:appointed|elected|named|hired|promoted|designated)\s+(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?$",
            p.text[max(a, person.start - 40) : person.start], re.I)
        if resign:
            attrs.append(("status", "former"))
            attrs += self._dates(p, a, b, "end")
        elif _FORMER.search(filler[-40:]) and re.search(r"\b(?:former|formerly|previously|then)\b", filler[-40:], re.I):
            attrs.append(("status", "former"))
        else:
            if appoint:
                attrs += self._dates(p, a, b, "start")
            since = re.search(r"\bsince\s+", ctx_text, re.I)
            if since:
                d = find_dates(ctx_text[since.end() : since.end() + 30])
                if d and d[0][0] == 0:
                    attrs.append(("startDate", d[0][2]))
            attrs.append(("status", "current"))
        span = (a, b) if b - a <= 600 else (min(person.start, start), max(person.end, org_end, end))
        return p.fact(ROLE, [("holder", person.key), ("organization", org_key)], attrs, span, self.extractor)


@Language.factory(
    "corpkg_officers",
    assigns=["doc._.role_officers"],
    requires=["doc.ents"],
)
def make_officers(nlp: Language, name: str) -> OfficerExtractor:
    return OfficerExtractor(nlp, name)

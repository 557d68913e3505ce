"""Subsidiaries: who owns whom, with percentage, jurisdiction, start and end.

Signals (patterns in ``patterns/roles/subsidiaries.json``):
- apposition/copula: "X, a wholly owned subsidiary of Y", "X became a wholly owned subsidiary
  of the Company", "X, our subsidiary" (owner: the issuer unless "of Y" names another);
- introduction: "our subsidiary X", "Y and its subsidiaries A and B", "two subsidiaries: A and B";
- majority stakes: "we own 80% of the outstanding stock of X";
- ends: "X was dissolved and merged into Y" (endDate, endReason); a bare "X was dissolved on
  DATE" only dates a subsidiary found elsewhere in the filing (see :func:`finalize`);
- "A, B and certain other subsidiaries of Y", "A, a Utah corporation, together with the
  Subsidiaries of Y", "X, a special purpose entity wholly owned by Y", "We ... and are a subsidiary
  of Y", "Ethicon, a Johnson & Johnson company", "our majority-owned X subsidiary", "X (X), NS’
  subsidiary";
- agreements: guarantors listed under a signature caption ("SUBSIDIARY GUARANTORS:", or
  "GUARANTORS:" when the agreement defines them as subsidiaries of a party), and change-of-control
  clauses ("Holdings shall cease to own all of the capital stock of the Borrower").

Exhibit 21 lists are read from the Document by :mod:`corpkg.extract.roles.exhibit21`.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from corpkg.extract.model import Fact
from corpkg.extract.nlp import doc_text
from corpkg.extract.roles.acquisitions import is_merger_sub_name, sentence_acquirers
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import (
    Mention,
    Passage,
    enumeration_before,
    enumeration_from,
    find_dates,
    lead_date,
    load_json,
    member_end,
    merge_facts,
    prefilter_of,
    quoted_term,
    regexes,
    thresholds,
    windows,
)

__all__ = ["SubsidiaryExtractor", "finalize", "TENTATIVE", "BECAME"]

ROLE = "subsidiary"
TENTATIVE = "_tentative"
BECAME = "_became"  # "X became a subsidiary of Y": also an acquisition (see run.finalize_facts)
NO_CHAIN = "_no_chain"  # a clause of a list ("(a) ... (b) ..."): no indirect ownership through it (see _indirect)


PATTERNS = "subsidiaries.json"
_RX = regexes(PATTERNS)
_W = windows(PATTERNS)
_T = thresholds(PATTERNS)


# "X is the parent (company) of Y", "X, the parent of Y", "X (parent of Y)"
_PARENT_OF = _RX["parent_of_after"]
# "we formed a wholly-owned Australian subsidiary, X": the subject owns what it formed or has
_FORMED = _RX["formed_subsidiary_before"]
_DEMONYM = _RX["demonym"]
# an enumeration member followed by a short description: "A, a full-service brokerage and B, an online company"
_APPOS_GAP = _RX["apposition_enumeration_gap"]
_NOT_OWNED_AFTER = _RX["not_owned_after"]
_JURISDICTION = _RX["jurisdiction_after"]
# the defined terms that name the issuer itself ("each Subsidiary of the Company")
_ISSUER_TERMS = frozenset(load_json(PATTERNS)["issuer_terms"])


def _wholly(phrase: str) -> list[tuple[str, str]]:
    """``percentage`` 100 when the phrase says the subsidiary is wholly owned, else nothing."""
    return [("percentage", "100")] if _RX["wholly_word"].search(phrase) else []


class SubsidiaryExtractor(RoleComponent):
    attr = "role_subsidiaries"
    role_name = "subsidiaries"
    prefilter = prefilter_of(PATTERNS)

    def __call__(self, doc: Doc) -> Doc:
        """The base component's passage test, widened: a paragraph right under a guarantor
        caption ("GUARANTORS:") holds the list of names and no trigger word of its own."""
        if not self.prefilter.search(doc_text(doc)) and not self._under_guarantor_caption(Passage(doc)):
            doc._.set(self.attr, [])
            return doc
        doc._.set(self.attr, merge_facts(self.extract(Passage(doc))))
        return doc

    def _caption_before(self, p: Passage) -> re.Match[str] | None:
        """The guarantor caption ending the text right before the passage, if any."""
        doc = p.ctx.document
        if doc is None:
            return None
        before = doc.text[max(0, p.start - _W["guarantor_caption_before"]) : p.start]
        found = [m for m in _RX["guarantor_caption"].finditer(before) if not before[m.end() :].strip()]
        return found[-1] if found else None

    def _under_guarantor_caption(self, p: Passage) -> bool:
        return p.ctx.document is not None and self._caption_before(p) is not None

    # -- helpers -------------------------------------------------------------------------
    def _owner_after(self, p: Passage, pos: int, b: int, skip: set[str]) -> Mention | None:
        """The ORG mention that starts right after ``pos`` (an "of " just matched)."""
        for m in p.mentions_in(pos, b, "ORG"):
            gap = p.text[pos : m.start]
            if _RX["the_gap"].fullmatch(gap) or m.start == pos:
                m = self._run_together_head(p, m)
                return m if m.key not in skip else None
            break
        return None

    def _run_together_head(self, p: Passage, m: Mention) -> Mention:
        """"a wholly owned subsidiary of Tyson and AdvancePierre Foods Holdings, Inc.": when the entity
        stage ran the parent and the next party together into one name — the part after "and" is a
        known name of the mention's own entity, the part before it a known name of another — that
        other entity is the owner."""
        rt = _RX["run_together_name"].fullmatch(m.text)
        if rt is None or p.ctx.resolve_key(rt.group("rest")) != m.key:
            return m
        key = p.ctx.resolve_key(rt.group("head"))
        if key is None or key == m.key:
            return m
        return Mention(m.start, m.start + len(rt.group("head")), key, m.label, rt.group("head"), m.pronoun)

    def _antecedent(self, p: Passage, a: int, before: int, skip: set[str]) -> Mention | None:
        for m in reversed(p.mentions_in(a, before, "ORG")):
            if m.key not in skip:
                return m
        return None

    def _became(self, p: Passage, a: int, b: int) -> list[tuple[str, str]]:
        """The attributes of a "became a subsidiary" statement: its date (or none) and the mark."""
        return [("startDate", self._start_date(p, a, b) or ""), (BECAME, "1")]

    def _start_date(self, p: Passage, a: int, b: int) -> str | None:
        """The date of a "became a subsidiary" sentence, or of the sentence it refers back
        to ("As a result, ...")."""
        sent = p.text[a:b]
        found = find_dates(sent)
        if found:
            return found[0][2]
        if _RX["connective_opening"].match(sent):
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
            facts += self._others(p, a, b, issuer)
            facts += self._owned_by(p, a, b)
            facts += self._issuer_subject(p, a, b, issuer)
            facts += self._issuer_became(p, a, b, issuer)
            facts += self._issuer_subsidiaries_are(p, a, b, issuer)
            facts += self._group_company(p, a, b)
            facts += self._ceases_to_own(p, a, b)
            facts += self._possessor_apposition(p, a, b)
            facts += self._owner_named_first(p, a, b)
            facts += self._operating_partnership(p, a, b, issuer)
            facts += self._named_subsidiary(p, a, b, issuer)
            facts += self._defined_term(p, a, b, issuer)
            facts += self._formed(p, a, b)
            facts += self._stock_owned_by(p, a, b)
            facts += self._merger_sub_parties(p, a, b)
            facts += self._acquired_and_became(p, a, b)
        facts += self._guarantor_list(p, issuer)
        facts += self._guaranty_preamble(p, issuer)
        facts += self._signature_chain(p)
        return facts

    def _guaranty_preamble(self, p: Passage, issuer: str | None) -> list[Fact]:
        """"THIS GUARANTY is … executed and delivered by each of A, a North Carolina corporation, B, …":
        the guarantors listed are subsidiaries — of the issuer for a subsidiary guaranty, else of the party
        whose subsidiaries the filing defines the guarantors to be (``_guarantor_owner``)."""
        out: list[Fact] = []
        for gm in _RX["guaranty_preamble"].finditer(p.text):
            first = next((m for m in p.mentions_in(gm.end(), gm.end() + _W["guarantor_list"], "ORG", pronouns=False)
                          if m.start == gm.end()), None)
            if first is None:
                continue
            # "… by each of A, a North Carolina corporation, …, and AHP of Utah, Inc., a Utah corporation, together
            # with the Subsidiaries of the Company that may from time to time become a party hereto": every
            # organization named before the closing phrase is listed
            together = _RX["together_with_subsidiaries"].search(p.text, first.end, first.end + _W["together_with_list"])
            if together is not None and any(a <= first.start and together.start() < b for a, b in p.sentences):
                listed = p.mentions_in(first.start, together.start(), "ORG", pronouns=False)
            else:
                together = None
                listed = self._enumeration_forward(p, first, len(p.text))
            owner = (issuer if gm.group("sub") else self._term_owner(p, together.group("term"), issuer) if together
                     else self._guarantor_owner(p, issuer))
            if owner is None:
                continue
            for o in listed:
                if o.key != owner:
                    out.append(p.fact(ROLE, [("owner", owner), ("owned", o.key)], [], (gm.start(), o.end),
                                      self.extractor))
        return out

    def _signature_chain(self, p: Passage) -> list[Fact]:
        """A signature chain ("TYBEE CAUSEWAY HOTEL OWNER, LLC" / "By: LOWCOUNTRY HOSPITALITY OP, LP, a Delaware
        limited partnership, its sole member"): an entity signing as the sole or managing member of the
        entity above it owns that entity (a general partner only controls an LP: "Apollo Capital Management
        GP, LLC, its general partner" owns no part of the fund)."""
        out: list[Fact] = []
        # the entity signed for may head the block in the passage before (a blank line between): the
        # filing's index, not the passage, holds it
        index, doc = p.ctx.index, p.ctx.document
        if index is None or doc is None or not hasattr(index, "mentions_in"):
            return out
        for bm in _RX["chain_by"].finditer(p.text):
            here = [m for m in p.mentions_in(bm.end(), bm.end() + _W["chain_name"], "ORG", pronouns=False)
                    if m.start == bm.end()]
            if not here:
                continue
            owner = here[0]
            link = _RX["chain_link"].match(p.text, owner.end)
            if not link:
                continue
            at = p.start + bm.start()
            above = [m for m in index.mentions_in(max(0, at - _W["chain_above"]), at)
                     if m[3] == "ORG" and m[2] != owner.key and doc.text[max(0, m[0] - 1) : m[0]] not in ("\"", "“")]
            if not above:
                continue
            attrs = [("percentage", "100")] if "sole" in link.group(0).lower() else []
            out.append(p.fact(ROLE, [("owner", owner.key), ("owned", above[-1][2])], attrs,
                              (bm.start(), link.end()), self.extractor))
        return out

    def _enumeration_back(self, p: Passage, last: Mention, a: int) -> list[Mention]:
        """``last`` and the organizations listed before it in the sentence, each possibly with a
        description and a defined term ("A, a Florida corporation ("Kendall"), B and C")."""
        out = [last]
        cur = last
        for m in reversed(p.mentions_in(a, last.start, "ORG", pronouns=False)):
            if m.end > cur.start or quoted_term(p.text, m):
                continue  # a member's own defined term is no member
            if not _RX["described_enumeration_gap"].fullmatch(p.text, member_end(p.text, m), cur.start):
                break
            out.insert(0, m)
            cur = m
        return out

    def _enumeration_forward(self, p: Passage, first: Mention, b: int) -> list[Mention]:
        """``first`` and the organizations listed after it, each possibly with a description
        ("A, a Mississippi corporation, B, a California corporation, and C")."""
        out = [first]
        cur_end = member_end(p.text, first)
        for m in p.mentions_in(first.end, b, "ORG", pronouns=False):
            if m.start < cur_end or quoted_term(p.text, m):
                continue
            if not _RX["described_enumeration_gap"].fullmatch(p.text, cur_end, m.start):
                break
            out.append(m)
            cur_end = member_end(p.text, m)
        return out

    def _merger_sub_parties(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"A acquired T pursuant to an Agreement and Plan of Merger by and among A, X Acquisition
        Corporation (“Sub I”), T …": a merger subsidiary listed among the parties, with no parent of
        its own named in apposition, belongs to the one acquirer the sentence names."""
        m = _RX["merger_agreement_parties"].search(p.text, a, b)
        if m is None:
            return []
        subs = [x for x in p.mentions_in(m.end(), b, "ORG", pronouns=False)
                if is_merger_sub_name(x.text) and not _RX["subsidiary_after_name"].match(p.text, x.end, b)]
        if not subs:
            return []
        sub_keys = {x.key for x in subs}
        deals = [(acq, t) for acq, t in sentence_acquirers(p, a, b) if acq not in sub_keys and t not in sub_keys]
        owners = {acq for acq, _t in deals}
        targets = {t for _acq, t in deals}
        if len(owners) != 1:
            return []
        owner = owners.pop()
        return [p.fact(ROLE, [("owner", owner), ("owned", k)], [], (a, b), self.extractor)
                for k in dict.fromkeys(x.key for x in subs) if k != owner and k not in targets]

    def _acquired_and_became(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"T was acquired by A in 2018 and became a wholly owned subsidiary of A" / "… and became its
        subsidiary": the second predicate shares the passive subject T of the deal the sentence
        states, so T is owned by the Y after "of", else by the acquirer A. Past or present only
        ("will become" is a pending deal)."""
        out = []
        for acq, target in sentence_acquirers(p, a, b):
            for am in p.mentions_in(a, b, "ORG", pronouns=False):
                if am.key != acq:
                    continue
                tm = next((t for t in p.mentions_in(a, am.start, "ORG", pronouns=False)
                           if t.key == target and _RX["passive_acquired_gap"].fullmatch(p.text, t.end, am.start)), None)
                bm = _RX["acquired_and_became"].match(p.text, am.end, b) if tm else None
                if tm is None or bm is None:
                    continue
                owner: str | None = acq
                if bm.group("of"):
                    om = self._owner_after(p, bm.end(), b, {target})
                    owner = om.key if om is not None and not om.pronoun else None
                if owner is None or owner == target:
                    continue
                attrs = _wholly(bm.group(0)) + self._became(p, a, b)
                out.append(p.fact(ROLE, [("owner", owner), ("owned", target)], attrs, (a, b), self.extractor))
                break
        return out

    def _owned_by(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"X, a special purpose entity wholly owned by Y" / "X, which is 80% owned by Y" / "X and its
        parent Y"."""
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            om = _RX["owned_by_after_name"].match(p.text, m.end, b) or _RX["its_parent_after"].match(p.text, m.end, b)
            if not om:
                continue
            pct = om.groupdict().get("pct")
            if pct and not _T["majority_above"] < float(pct) <= _T["percent_max"]:
                continue
            after = p.mentions_in(om.end(), b)
            owner = after[0] if after and _RX["the_gap"].fullmatch(p.text, om.end(), after[0].start) else None
            if owner is None or owner.key == m.key:
                continue
            attrs = [("percentage", pct)] if pct else _wholly(om.group(0))
            out.append(p.fact(ROLE, [("owner", owner.key), ("owned", m.key)], attrs, (a, b), self.extractor))
        return out

    def _ceases_to_own(self, p: Passage, a: int, b: int) -> list[Fact]:
        """A change-of-control clause states the ownership it guards: "Holdings shall cease to own
        all of the capital stock of the Borrower", "the failure of X to own, directly or indirectly,
        100% of the Equity Interests of Y"."""
        out = []
        for m in p.mentions_in(a, b, "ORG"):
            cm = _RX["ceases_to_own_after"].match(p.text, m.end, b)
            if cm is None and _RX["failure_of_before"].search(p.text, max(a, m.start - _W["failure_of_before"]), m.start):
                cm = _RX["to_own_after"].match(p.text, m.end, b)
            if cm is None:
                continue
            after = p.mentions_in(cm.end(), b, "ORG")
            if not after or not _RX["the_gap"].fullmatch(p.text, cm.end(), after[0].start) or after[0].key == m.key:
                continue
            out.append(p.fact(ROLE, [("owner", m.key), ("owned", after[0].key)], [("percentage", "100"), (NO_CHAIN, "1")],
                              (a, b), self.extractor))
        return out

    def _owner_named_first(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"a wholly-owned subsidiary of the Registrant, Larkspur Corporation, a California
        corporation": the owner before the owned, the owned in apposition."""
        out = []
        for om in p.mentions_in(a, b, "ORG"):
            sm = _RX["subsidiary_of_before_owner"].search(p.text, max(a, om.start - _W["subsidiary_before_name"]), om.start)
            if sm is None:
                continue
            prev = p.mentions_in(a, sm.start(), "ORG")
            if (prev and _RX["apposition_of_name_before"].fullmatch(p.text, prev[-1].end, sm.start())
                    or _RX["description_and_before"].search(p.text, max(a, sm.start() - _W["subsidiary_before_name"]),
                                                            sm.start())):
                continue  # "New Disney, a Delaware corporation and a wholly owned subsidiary of the Registrant, ..."
            after = [x for x in p.mentions_in(om.end, b, "ORG", pronouns=False) if x.key != om.key]
            if not after or not _RX["owner_then_name_gap"].fullmatch(p.text, om.end, after[0].start):
                continue
            owned = after[0]
            if not _RX["apposition_tail_after"].match(p.text, owned.end, b):
                continue
            attrs = _wholly(sm.group(0))
            out.append(p.fact(ROLE, [("owner", om.key), ("owned", owned.key)], attrs, (a, b), self.extractor))
        return out

    def _operating_partnership(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        """A REIT's operating partnership: "our operating partnership, X", "X, of which we are the
        sole general partner"."""
        if issuer is None:
            return []
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            if m.key == issuer:
                continue
            before = _RX["operating_partnership_before"].search(p.text, max(a, m.start - _W["subsidiary_before_name"]), m.start)
            gp = _RX["general_partner_after"].match(p.text, m.end, b)
            owner: str | None = issuer
            if gp is not None and gp.group("it"):
                # "X conducts its business through Y, of which it is the sole general partner": X owns Y
                first = p.mentions_in(a, m.start, "ORG")
                owner = first[0].key if first else None
            if (before or gp) and owner is not None and owner != m.key:
                out.append(p.fact(ROLE, [("owner", owner), ("owned", m.key)], [], (a, b), self.extractor))
        return out

    def _possessor_apposition(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"Triple Crown Services Company (Triple Crown), NS’ subsidiary" / "X, Acme's wholly owned
        subsidiary": the possessor owns the organization named before it."""
        out = []
        ments = p.mentions_in(a, b, "ORG", pronouns=False)
        for x, y in zip(ments, ments[1:], strict=False):
            if x.key == y.key or not _RX["possessor_apposition_gap"].fullmatch(p.text, x.end, y.start):
                continue
            pm = _RX["possessive_subsidiary_after"].match(p.text, y.end, b)
            if pm is None:
                continue
            attrs = _wholly(pm.group(0))
            out.append(p.fact(ROLE, [("owner", y.key), ("owned", x.key)], attrs, (a, b), self.extractor))
        return out

    def _group_company(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"Ethicon, a Johnson & Johnson company": the group named before "company" owns the
        organization named before it."""
        out = []
        ments = p.mentions_in(a, b, "ORG", pronouns=False)
        for x, y in zip(ments, ments[1:], strict=False):
            if x.key == y.key or not _RX["group_company_after_name"].fullmatch(p.text, x.end, y.start):
                continue
            if _RX["company_word_after"].match(p.text, y.end, b):
                out.append(p.fact(ROLE, [("owner", y.key), ("owned", x.key)], [], (a, b), self.extractor))
        return out

    def _named_subsidiary(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        """"the Company's majority-owned PhonePe subsidiary" / "our Ottava subsidiary": a name
        between the owner's possessive and "subsidiary"."""
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            if not _RX["subsidiary_word_after"].match(p.text, m.end, b):
                continue
            pm = _RX["named_subsidiary_before"].search(p.text, max(a, m.start - _W["subsidiary_before_name"]), m.start)
            if not pm or (_DEMONYM.fullmatch(m.text)):
                continue
            poss = pm.group("poss").lower()
            owner: str | None
            if poss == "its":
                ante = self._antecedent(p, a, pm.start(), {m.key})
                owner = ante.key if ante else None
            else:
                owner = issuer
            if owner is None or owner == m.key:
                continue
            phrase = pm.group(0).lower()
            pct = _RX["percent_owned"].search(phrase)
            attrs = ([("percentage", pct.group(1))] if pct
                     else _wholly(phrase))
            out.append(p.fact(ROLE, [("owner", owner), ("owned", m.key)], attrs, (a, b), self.extractor))
        return out

    def _issuer_subject(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        """"We were incorporated in 1905 and are a subsidiary of Y": the issuer, subject of the
        sentence, is Y's subsidiary."""
        if issuer is None:
            return []
        sm = _RX["issuer_subject_subsidiary"].match(p.text, a, b)
        if not sm or p.mentions_in(a, sm.end() - 1, "ORG", pronouns=False):
            return []
        owner = self._owner_after(p, sm.end(), b, {issuer})
        if owner is None or owner.pronoun:
            return []
        attrs = _wholly(sm.group(0))
        return [p.fact(ROLE, [("owner", owner.key), ("owned", issuer)], attrs, (a, b), self.extractor)]

    def _issuer_became(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        """"Upon completion of the merger, the Company became a wholly owned subsidiary of Y" (also
        "we became …", anywhere in the sentence, past tense only): Y owns the issuer from then on, and
        ``finalize_facts`` records Y's acquisition of it. "will become" (a pending deal) says nothing."""
        if issuer is None:
            return []
        out = []
        for m in p.mentions_in(a, b, "ORG"):
            if not m.pronoun or m.key != issuer:
                continue
            bm = _RX["issuer_became_after"].match(p.text, m.end, b)
            if not bm or _RX["issuer_became_not_before"].search(p.text, a, m.start):
                continue
            owner = self._owner_after(p, bm.end(), b, {issuer})
            if owner is None or owner.pronoun:
                continue
            attrs = _wholly(bm.group(0)) + self._became(p, a, b)
            out.append(p.fact(ROLE, [("owner", owner.key), ("owned", issuer)], attrs, (a, b), self.extractor))
        return out

    def _issuer_subsidiaries_are(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        """"Our principal operating subsidiaries are A and B", "The Company's wholly owned
        subsidiaries include A, B and C": the names right after the verb are the issuer's."""
        if issuer is None:
            return []
        out = []
        for sm in _RX["issuer_subsidiaries_are"].finditer(p.text, a, b):
            first = next((m for m in p.mentions_in(sm.end(), b, "ORG", pronouns=False) if m.start == sm.end()), None)
            if first is None:
                continue
            owned = [m for m in self._enumeration_forward(p, first, b)
                     if m.key != issuer and not _RX["name_continues_after"].match(p.text[m.end : m.end + 3])]
            if not owned or owned[0] is not first:
                continue
            attrs = _wholly(sm.group(0))
            for o in owned:
                out.append(p.fact(ROLE, [("owner", issuer), ("owned", o.key)], attrs, (a, b), self.extractor))
        return out

    def _others(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        """"A, B and certain other subsidiaries of Y" / "A, a Utah corporation, together with the
        Subsidiaries of Y": the named ones are Y's subsidiaries too."""
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            om = _RX["others_after_name"].match(p.text, m.end, b)
            if not om:
                continue
            phrase = om.group(0).lower()
            if not om.group("other") and not (om.group("of") and _RX["together_with_word"].search(phrase)):
                continue
            owned = self._enumeration_back(p, m, a)
            skip = {o.key for o in owned}
            owner: str | None = None
            if om.group("of"):
                found = self._owner_after(p, om.end(), b, skip)
                owner = found.key if found else None
            elif _RX["our_word"].search(phrase):
                owner = issuer
            elif _RX["its_word"].search(phrase):
                ante = self._antecedent(p, a, owned[0].start, skip)
                owner = ante.key if ante else None
            if owner is None:
                continue
            attrs = _wholly(phrase)
            for o in owned:
                if o.key != owner:
                    out.append(p.fact(ROLE, [("owner", owner), ("owned", o.key)], attrs, (a, b), self.extractor))
        return out

    def _stock_owned_by(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"All the common stock of X was owned directly by Y" / "80% of the shares of X are held by Y":
        Y owns X (a stake above the majority threshold)."""
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            sb = _RX["stock_of_before"].search(p.text, max(a, m.start - _W["stake_before"]), m.start)
            if sb is None:
                continue
            pct = sb.group("pct")
            if pct and not _T["majority_above"] < float(pct) <= _T["percent_max"]:
                continue
            ob = _RX["stock_owned_by_after"].match(p.text, m.end, b)
            if ob is None:
                continue
            owner = self._owner_after(p, ob.end(), b, {m.key})
            if owner is None:
                continue
            out.append(p.fact(ROLE, [("owner", owner.key), ("owned", m.key)], [("percentage", pct or "100")], (a, b),
                              self.extractor))
        return out

    def _formed(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"On November 9, 2022, the Company formed X LLC, a limited liability company in the State of
        Delaware, to hold …": the founder owns the entity it formed (a joint venture excepted)."""
        if _RX["joint_venture_word"].search(p.text, a, b):
            return []
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            vm = _RX["formed_verb_before"].search(p.text, max(a, m.start - _W["stake_before"]), m.start)
            if vm is None or not _RX["formed_entity_after"].match(p.text, m.end, b):
                continue
            subj = [x for x in p.mentions_in(a, vm.start(), "ORG")
                    if _RX["formed_subject_gap"].fullmatch(p.text, x.end, vm.start())]
            if not subj or subj[-1].key == m.key:
                continue
            out.append(p.fact(ROLE, [("owner", subj[-1].key), ("owned", m.key)], [], (a, b), self.extractor))
        return out

    def _defined_term(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        """An agreement's definition of a subsidiary term that names its members: "“Restricted Foreign
        Subsidiary” means (a)(i) A (United Kingdom); (a)(ii) B …, and (b) each other Subsidiary of Y",
        "“Excluded Subsidiary” means any Subsidiary of Y … (the Borrower has designated A, B and C as
        Excluded Subsidiaries)": the named ones are Y's subsidiaries (the issuer's when no Y is named)."""
        ments = p.mentions_in(a, b, "ORG", pronouns=False)
        if not ments:
            return []
        out = self._defined_parents(p, a, b, ments)
        starts: list[Mention] = []
        for m in ments:
            head = p.text[max(a, m.start - _W["subsidiary_before_name"]) : m.start]
            if _RX["defined_subsidiary_term"].search(head):
                starts.append(m)
            elif _RX["designated_word_before"].search(head):
                listed = self._enumeration_forward(p, m, b)
                if _RX["designated_as_subsidiaries"].match(p.text, listed[-1].end, b):
                    starts.append(m)
        if not starts:
            return out
        owner_m = next((m for m in ments if _RX["owner_position_before"].search(
            p.text, max(a, m.start - _W["subsidiary_before_name"]), m.start)), None)
        owner = owner_m.key if owner_m is not None else issuer
        if owner is None:
            return out
        for first in starts:
            for o in self._enumeration_forward(p, first, b):
                if o.key != owner:
                    out.append(p.fact(ROLE, [("owner", owner), ("owned", o.key)], [(NO_CHAIN, "1")], (a, b),
                                      self.extractor))
        return out

    def _defined_parents(self, p: Passage, a: int, b: int, ments: list[Mention]) -> list[Fact]:
        """"“Parent”: each of ABG, X Holding Company LLC and any other direct or indirect parent of
        Holdings": the named ones own the organization after "parent of"."""
        first = next((m for m in ments if _RX["defined_parent_term"].search(
            p.text, max(a, m.start - _W["subsidiary_before_name"]), m.start)), None)
        if first is None:
            return []
        owned = next((m for m in ments if m.start > first.end and _RX["parent_of_before"].search(
            p.text, max(a, m.start - _W["subsidiary_before_name"]), m.start)), None)
        if owned is None:
            return []
        return [p.fact(ROLE, [("owner", o.key), ("owned", owned.key)], [(NO_CHAIN, "1")], (a, b), self.extractor)
                for o in self._enumeration_forward(p, first, b) if o.key != owned.key]

    def _guarantor_owner(self, p: Passage, issuer: str | None) -> str | None:
        """Whose subsidiaries the guarantors are, when the filing defines them so (""Guarantor"
        means each Subsidiary of Borrower"): that party's entity key; None when no such definition."""
        memo = p.ctx.memo
        if "subsidiary_guarantor_owner" not in memo:
            owner: str | None = None
            doc = p.ctx.document
            d = _RX["guarantors_are_subsidiaries"].search(doc.text) if doc is not None else None
            if d is not None:
                owner = self._term_owner(p, d.group("term"), issuer)
            memo["subsidiary_guarantor_owner"] = owner
        found: str | None = memo["subsidiary_guarantor_owner"]
        return found

    @staticmethod
    def _term_owner(p: Passage, term: str, issuer: str | None) -> str | None:
        """The entity key of the party an agreement of the filing defines as ``term`` ("Borrower",
        "Parent"), else the issuer for a term naming it ("the Company"); None when neither."""
        term = term.lower()
        doc = p.ctx.document
        for ag in doc.agreements if doc is not None else ():
            party = next((x for x in ag.parties if (x.term or "").lower() == term or x.capacity == term), None)
            if party is not None:
                key = p.ctx.resolve_key(party.name)
                if key is not None:
                    return str(key)
                break
        return issuer if term in _ISSUER_TERMS else None

    def _guarantor_list(self, p: Passage, issuer: str | None) -> list[Fact]:
        """Organizations listed under a signature caption "SUBSIDIARY GUARANTORS:" (the issuer's
        subsidiaries), or under "GUARANTORS:" when the filing defines the guarantors as
        subsidiaries of a party; one name a line, the list ending at the next caption."""
        before = self._caption_before(p)
        captions: list[tuple[int, re.Match[str]]] = [(0, before)] if before else []
        captions += [(m.end(), m) for m in _RX["guarantor_caption"].finditer(p.text)]
        out: list[Fact] = []
        for at, cm in captions:
            sub = bool(cm.group("sub") or cm.group("sub2"))
            owner = issuer if sub else self._guarantor_owner(p, issuer)
            if owner is None:
                continue
            begin = at
            stop_m = _RX["caption_line"].search(p.text, begin, begin + _W["guarantor_list"])
            stop = stop_m.start() if stop_m else min(len(p.text), begin + _W["guarantor_list"])
            for m in p.mentions_in(begin, stop, "ORG", pronouns=False):
                if m.key == owner or not _RX["line_start_before"].search(p.text, max(0, m.start - 40), m.start):
                    continue
                line_end = p.text.find("\n", m.end)
                out.append(p.fact(ROLE, [("owner", owner), ("owned", m.key)], [],
                                  (m.start, line_end if line_end > 0 else m.end), self.extractor))
        return out

    def _cover(self, p: Passage, issuer: str | None) -> list[Fact]:
        """A Schedule 13D/TO cover block: "NAME OF REPORTING PERSON / X … PERCENT OF CLASS
        REPRESENTED BY AMOUNT IN ROW (11) / 67.2% … TYPE OF REPORTING PERSON / PN": an
        organization (type not IN) reporting more than 50% of the subject company's class owns
        that company."""
        if issuer is None or not p.ctx.form_type or not _RX["schedule_form"].match(p.ctx.form_type):
            return []
        out = []
        names = list(_RX["cover_name_row"].finditer(p.text))
        for i, nm in enumerate(names):
            end = names[i + 1].start() if i + 1 < len(names) else len(p.text)
            pc = _RX["cover_percent_row"].search(p.text, nm.end(), end)
            ty = _RX["cover_type_row"].search(p.text, nm.end(), end)
            if not pc or not ty:
                continue
            types = set(_RX["type_code"].findall(ty.group("type")))
            if not types or types & {"IN"}:
                continue
            pct = float(pc.group("pct"))
            if pct <= _T["majority_above"] or pct > _T["percent_max"]:
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
            sa = _RX["stake_after_name"].match(p.text, m.end, b)
            if not sa:
                continue
            pct = float(sa.group("pct"))
            if pct <= _T["majority_above"] or pct > _T["percent_max"]:
                continue
            verb = _RX["share_verb_before"].search(p.text, max(a, m.start - _W["stake_before"]), m.start)
            if not verb:
                continue
            ante = self._antecedent(p, a, verb.start(), {m.key})
            if ante is None:
                continue
            attrs = [("percentage", sa.group("pct"))]
            if _RX["purchase_verb"].match(verb.group(0)):
                d = find_dates(p.text[a:b])
                if d:
                    attrs.append(("startDate", d[0][2]))
            out.append(p.fact(ROLE, [("owner", ante.key), ("owned", m.key)], attrs, (a, b), self.extractor))
        return out

    def _owns(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"X, which owns A, a brokerage, and B": an organization owning organizations."""
        out = []
        for m in p.mentions_in(a, b, "ORG"):
            ow = _RX["owns_after"].match(p.text, m.end, b)
            if not ow or not _RX["own_word"].search(ow.group(0)):
                continue
            first = next((x for x in p.mentions_in(ow.end(), b, "ORG", pronouns=False) if x.start == ow.end()), None)
            if first is None or first.key == m.key:
                continue
            owned = self._enumeration(p, first, b)
            attrs = [("percentage", "100")] if _RX["whole_ownership_word"].search(ow.group(0)) else []
            for o in owned:
                if o.key == m.key or _NOT_OWNED_AFTER.match(p.text, o.end, b):
                    continue
                out.append(p.fact(ROLE, [("owner", m.key), ("owned", o.key)], attrs, (a, b), self.extractor))
        return out

    def _apposition(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            mm = _RX["subsidiary_after_name"].match(p.text, m.end, b)
            if not mm or _RX["bare_quantifier_lead"].match(mm.group(0)):
                continue
            if _DEMONYM.fullmatch(m.text) and _RX["space_word"].match(p.text[m.end : mm.end()]):
                continue  # "our Australian subsidiary": a nationality, not a company
            owned_list = enumeration_before(p, m, a, "ORG")
            # a name right after "subsidiary of" owns in its own apposition ("A, a subsidiary of B, C, a subsidiary of A")
            owned_list = [o for o in owned_list if not o.pronoun and (o is m or not _RX["owner_position_before"].search(
                p.text, max(a, o.start - _W["subsidiary_before_name"]), o.start))]
            owner: str | None = None
            phrase = mm.group(0).lower()
            if mm.group("of"):
                om = self._owner_after(p, mm.end(), b, {m.key})
                if om is None:
                    continue
                owner = om.key
                heads = [o for o in owned_list if o.key == owner]
                if heads:
                    # "among Nuance, Sonic Corp., a wholly owned subsidiary of Nuance": the owner, named alike,
                    # heads the list and only the name before "a subsidiary" is owned; a name the index merged
                    # with another ("New Disney", "Disney") or a plural phrase says nothing sure
                    # a head with a defined term of its own ("The Walt Disney Company (“Disney”), TWC Merger
                    # Enterprises 2 Corp., a … subsidiary of Disney") is a party list's member, named alike or not
                    if _RX["plural_subsidiaries"].search(phrase) or not any(
                            o.text == om.text or member_end(p.text, o) > o.end for o in heads):
                        continue
                    owned_list = [m]
            elif _RX["issuer_possessive"].search(phrase):
                owner = issuer
            elif _RX["its_word"].search(phrase):
                ante = self._antecedent(p, a, owned_list[0].start, {o.key for o in owned_list})
                owner = ante.key if ante else None
            else:
                owner = issuer
            if owner is None:
                continue
            attrs: list[tuple[str, str]] = []
            pct = _RX["percent_owned"].search(phrase)
            if pct:
                attrs.append(("percentage", pct.group(1)))
            elif "wholly" in phrase:
                attrs.append(("percentage", "100"))
            if _RX["became_word"].search(phrase):
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
            window_start = max(a, m.start - _W["subsidiary_before_name"])
            mm = _RX["subsidiary_before_name"].search(text, window_start, m.start)
            if not mm or mm.end() != m.start:
                continue
            # the trigger must not be inside another mention, but for the possessor naming the owner ("the
            # Company's wholly owned subsidiary, X", "Acme's subsidiary X")
            poss_end = mm.end("poss") if mm.group("poss") else mm.start()
            if any(x.start <= mm.start() < x.end and x.end > poss_end for x in p.mentions if x is not m and not x.pronoun):
                continue
            # "such subsidiary (…), the Company has …": a reference back, and a generic name, are no introduction
            reference = text[max(a, mm.start() - _W["back_reference_before"]) : mm.start()]
            if not mm.group("poss") and _RX["back_reference_before"].search(reference):
                continue
            if _RX["issuer_name_word"].fullmatch(m.text):
                continue
            owned = [o for o in enumeration_from(p, m, b, "ORG") if not o.pronoun]
            described = self._enumeration_forward(p, m, b)
            if len(described) > len(owned):
                owned = described
            poss = (mm.group("poss") or "").strip().lower().replace("’", "'")
            owner: str | None
            if poss in ("our", "the company's", "the registrant's"):
                owner = issuer
            elif poss in ("its", "their"):
                ante = self._antecedent(p, a, mm.start(), {o.key for o in owned})
                owner = ante.key if ante else issuer
            elif poss.endswith("'s"):
                # "Acme's subsidiary X": the possessor must be a mention ending right there
                pm = [x for x in p.mentions_in(a, mm.start() + len(mm.group("poss").rstrip()), "ORG")
                      if mm.start() + len(poss) - len("'s") - _W["possessor_end_slack"] <= x.end <= mm.start() + len(poss)]
                owner = pm[-1].key if pm else None
            else:
                tail = mm.group("tail") or ""
                if "," not in tail and ":" not in tail and not _RX["list_intro_word"].search(tail):
                    # "subsidiary X" without a possessive or a list mark is too loose
                    if not _RX["ownership_word"].search(mm.group(0)):
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
            attrs = _wholly(mm.group(0))
            for o in owned:
                if o.key != owner:
                    out.append(p.fact(ROLE, [("owner", owner), ("owned", o.key)], attrs, (a, b), self.extractor))
        return out

    def _stake(self, p: Passage, a: int, b: int, issuer: str | None) -> list[Fact]:
        out = []
        for m in p.mentions_in(a, b, "ORG", pronouns=False):
            mm = _RX["majority_stake_before"].search(p.text, max(a, m.start - _W["stake_before"]), m.start)
            if not mm or mm.end() != m.start:
                continue
            pct = float(mm.group("pct"))
            if pct <= _T["majority_above"] or pct > _T["percent_max"]:
                continue
            ante = self._antecedent(p, a, mm.start(), {m.key})
            owner = ante.key if ante else None
            if owner is None:
                continue
            attrs = [("percentage", mm.group("pct"))]
            d = find_dates(p.text[a:b])
            if d and _RX["acquired_or_purchased"].search(mm.group(0)):
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
        for dm in _RX["dissolution_verb"].finditer(p.text, a, b):
            before = [m for m in p.mentions_in(a, dm.start(), "ORG", pronouns=False)]
            if not before:
                continue
            subj = before[-1]
            gap = p.text[subj.end : dm.start()]
            if len(gap) > _W["dissolved_subject_gap"] or _RX["sentence_punctuation"].search(gap):
                continue
            rest = p.text[dm.end() : b]
            date = None
            found = find_dates(p.text[a:b])
            if found:
                date = found[0][2]
            owner = None
            reason = "dissolved" if "dissolv" in dm.group(0).lower() else "merged"
            into = _RX["merged_into_verb"].search(p.text, dm.start(), b)
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
    derived = _indirect(kept)
    return [_without(f, NO_CHAIN) for f in kept] + derived


def _without(f: Fact, attribute: str) -> Fact:
    if f.role != ROLE or attribute not in dict(f.attributes):
        return f
    return Fact(f.role, f.participants, tuple(x for x in f.attributes if x[0] != attribute), f.evidence)


def _indirect(facts: list[Fact]) -> list[Fact]:
    """One step of indirect ownership stated in one sentence of running text: "A is the parent
    of B, which owns C" → A owns C too (through B).  Exhibit 21 lists are left alone (their nesting is the
    ownership chain already), ended relations and self-ownership are skipped."""
    text_facts = [f for f in facts if f.role == ROLE and not f.attribute("endDate") and not f.attribute(NO_CHAIN)
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

"""Lenders: credit facilities, loans, lines of credit, security, factoring and note agreements.

Per sentence with a facility noun or a lending verb (``patterns/roles/lenders.json``):
- lender: the organization introduced by "with/from/by/provided by" near a facility noun
  ("a credit facility agreement with Quantum Corporate Funding Ltd."), the subject of a lending
  verb ("Quantum … agreed to lend"), or a bank named "as administrative agent" (also ``agent``);
  defined terms ("the Lender") reach us as mentions through ``RoleContext.defined_terms`` or
  the entity index;
- borrower: "loan to X", else the nearest organization (or "we"/"the Company") before the
  facility noun, else the issuer;
- guarantor: "guaranteed by X", "X has provided guarantees";
- terms: amount (+ currency), interest rate as stated, facility type, start and maturity
  dates — from the sentence and the following sentences of the same passage that name no other
  lender ("The credit facility currently permits borrowings of up to $500,000 …").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from spacy.tokens import Doc

from corpkg.extract.agreements import is_lending_capacity
from corpkg.extract.model import Agreement, Fact
from corpkg.extract.names import name_key
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import (
    COMMON,
    Mention,
    Passage,
    date_at,
    find_dates,
    find_money,
    junk_party_name,
    load_json,
    prefilter_of,
    quoted_term,
    regexes,
    windows,
)

__all__ = ["LenderExtractor", "finalize"]

ROLE = "credit"
BY_DEFAULT = "_borrower_by_default"  # the sentence named no borrower: the filer stands in (see finalize)
PATTERNS = "lenders.json"
_DATA = load_json(PATTERNS)
_RX = regexes(PATTERNS)
_COMMON_RX = regexes(COMMON)
_W = windows(PATTERNS)

_FACILITY = _RX["facility_noun"]
_LEND_VERB = _RX["lend_verb_after"]
_PREP = _RX["lender_preposition_before"]
_AGENT = _RX["agent_after"]
_GUARANTEE_BY = _RX["guaranteed_by_before"]
_GUARANTOR_VERB = _RX["guarantor_verb_after"]
_GUARANTOR_LIST_GAP = _RX["guarantor_list_gap"]
_LENDER_LIST_GAP = _RX["lender_list_gap"]
_BORROWER_TO = _RX["borrower_to_before"]
_NOT_LENDER_BEFORE = _RX["owner_of_before"]
_RATE = _RX["interest_rate"]
_MATURITY = _RX["maturity_cue"]
_START = _RX["start_cue"]
_AMOUNT_CUE = _RX["amount_cue_before"]
_AGENT_ONLY = _RX["unnamed_lenders"]  # "the lenders party thereto", "a syndicate of lenders"
_DEFINITION = _RX["definition_sentence"]  # "“Amendment No. 2” means that certain …"
_TYPES = [(re.compile(rx, re.I), name) for rx, name in _DATA["facility_types"]]
_BORROWED_FROM = _RX["borrowed_from_before"]
_PLEDGE = _RX["pledge_before"]
_PLEDGE_TAIL = _RX["pledge_tail_after"]
_BETWEEN = _RX["between_parties_before"]
_LENDER_NAME = _RX["lender_like_name"]
_PREP_LIST = _RX["lender_preposition_list_before"]
_SUCCESSOR = _RX["successor_gap"]
_COUNTERPARTY = _RX["counterparty_before"]
_NOT_LENDER_NAME = _RX["not_lender_name"]
_BY_AFTER_FACILITY = _RX["by_after_facility"]
_LENT_TO = _RX["lent_to_before"]
_GROUP_CAP = _RX["group_capacity_after"]
_GROUP_TERM = _RX["group_term_after"]
_GROUP_UNNAMED_TAIL = _RX["group_unnamed_tail"]
_GROUP_GAP = _RX["group_gap"]
_GROUP_CUT = _RX["group_capacity_cut"]
_GROUP_LENDS = _RX["group_lends"]
_GROUP_AGENT = _RX["group_agent"]
_GROUP_BORROWS = _RX["group_borrows"]
_GROUP_DEF = _RX["group_definition_before"]
_GROUP_OTHER_AGENT = _RX["group_other_agent"]
_GROUP_ARRANGER = _RX["group_arranger"]
_GROUP_GUARANTEES = _RX["group_guarantees"]
_GROUP_PLURAL = _RX["group_plural_capacity"]
_GROUP_EACH = _RX["group_each"]
_GROUP_SUBSIDIARY = _RX["group_subsidiary_apposition"]
_GROUP_RELATIVE = _RX["group_relative_clause"]
_GROUP_OWNER_OF = _RX["group_owner_of_before"]
_GROUP_ALIAS_END = _RX["group_alias_end"]
_NAME_ALIAS = _RX["name_alias_after"]
_BORROWER_OBJECT = _RX["borrower_object_before"]
_POSSESSIVE = _RX["borrower_possessive"]
_BORROWER_DEFINED = _RX["borrower_definition"]
_LIST_CUE = _RX["lender_list_cue"]
_LIST_ITEM = _RX["list_item_line"]
_APPOSITION = _RX["apposition_after"]
_PERSON_PREP = _RX["person_lender_preposition"]
_NOTE_TO = _RX["note_to_before"]
_COLON_LINE = _RX["colon_line_end"]
_LENDERS_NAMED = _RX["lenders_named_before"]
_RELATIVE_BEFORE = _RX["relative_lender_before"]
_RELATIVE_LENDS = _RX["relative_lends_after"]
_LENDER_STATUS = _RX["lender_status_after"]
_ASSIGNED_TO = _RX["assigned_to_before"]


def _no_lender_head(head: str) -> bool:
    """The words before a name make it no lender: "subsidiary of", "guaranteed by", "relationship with"."""
    return bool(_NOT_LENDER_BEFORE.search(head) or _GUARANTEE_BY.search(head) or _COUNTERPARTY.search(head))


def _lends_after(text: str, end: int, b: int) -> bool:
    """A lending verb, or a lender's standing ("which had been a lender under …"), follows the name ending
    at ``end``, right after it or past an apposition ("X, a member of our Board of Directors, advanced …")."""
    if _LEND_VERB.match(text, end, b) or _LENDER_STATUS.match(text, end, b):
        return True
    appos = _APPOSITION.match(text, end, b)
    return bool(appos and (_LEND_VERB.match(text, appos.end(), b) or _LENDER_STATUS.match(text, appos.end(), b)))


def _list_cue_before(text: str, start: int) -> bool:
    """The text before ``start`` ends in a sentence announcing a list of lenders ("The lenders
    participating in the Amended Credit Agreement … are:")."""
    return start > 0 and bool(_LIST_CUE.search(text[max(0, start - _W["list_cue_before"]) : start].rstrip()))


def _table_continues(text: str, start: int) -> bool:
    """A commitment table whose header row lies before ``start`` goes on at ``start``: every line between
    the header and ``start`` is a row, a rule or a total (a blank line between a table's sections makes
    the rows after it a passage of their own)."""
    lo = max(0, start - _W["table_continues_before"])
    headers = list(_RX["table_header_line"].finditer(text, lo, start))
    header = headers[-1] if headers else None
    if header is None:
        return False
    nl = text.find("\n", header.end(), start)
    for line in text[nl + 1 if nl >= 0 else start : start].splitlines():
        if line.strip() and not (_RX["list_skip_line"].match(line) or (
                len(line) <= _W["list_item_line"] + 40 and find_money(line))):
            return False
    return True


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line of ``text`` with its offset."""
    pos = 0
    for line in text.split("\n"):
        yield pos, line
        pos += len(line) + 1


def _cells(line: str, offset: int = 0) -> list[tuple[int, str]]:
    """The cells of a table row (text between tabs or runs of spaces), each with its offset."""
    return [(m.start() + offset, m.group(0)) for m in _RX["table_cell"].finditer(line)]


def _lender_header(cells: list[tuple[int, str]]) -> tuple[int, int | None] | None:
    """The "Lender" column (and the "Borrower" column, if any) of a debt table's header row: a lender
    heading beside a rate, maturity, balance or commitment heading; None for any other row."""
    heads = [i for i, (_, c) in enumerate(cells) if _RX["lender_column"].fullmatch(c)]
    if not heads or not any(_RX["debt_header_word"].search(c) for _, c in cells):
        return None
    return heads[0], next((i for i, (_, c) in enumerate(cells) if _RX["borrower_column"].fullmatch(c)), None)


def _numeric_row(cells: list[tuple[int, str]]) -> bool:
    """Whether a table row holds an amount, a rate or a dash (a debt table's row does)."""
    return any(_RX["numeric_cell"].match(c) for _, c in cells)


def _lender_column_before(text: str, start: int) -> tuple[int, int | None] | None:
    """The "Lender" (and "Borrower") column of a debt table whose header row lies before ``start``, when
    every line between is a row of it (a table's rows may make a passage of their own)."""
    lo = max(0, start - _W["table_continues_before"])
    lines = text[lo:start].split("\n")
    for i in range(len(lines) - 1, -1, -1):
        cells = _cells(lines[i])
        header = _lender_header(cells)
        if header is not None:
            return header
        if lines[i].strip() and (len(cells) < 2 or not _numeric_row(cells)):
            return None
    return None


def _alias_end(text: str, at: int, b: int, name: str = "") -> int:
    """Where a short name defined right after ``name`` ends ("Barclays Bank plc (“Barclays”)"), so
    that a capacity printed after it is read as the name's; ``at`` when there is none, or when the
    term is itself a capacity ("(the “Administrative Agent”)", read as the group's term) rather than
    a short form of the name (its first word is the name's: "Pelham Bank AG (“Pelham Bank”)")."""
    am = _NAME_ALIAS.match(text, at, b)
    if am is None:
        return at
    term = am.group("term")
    first = term.split()[0].lower() if term.split() else ""
    short = bool(first) and first in name.lower().split()
    return am.end() if short or not _capacity_word(term) else at


def _capacity_word(term: str) -> bool:
    """Whether a defined term or capacity names a part in a facility (lends, agents, borrows, arranges)."""
    return any(rx.search(term) for rx in (_GROUP_LENDS, _GROUP_AGENT, _GROUP_BORROWS, _GROUP_ARRANGER, _GROUP_OTHER_AGENT))


def _same_company(lender: str, borrower: str) -> bool:
    """The lender is the borrower or a short form of its name ("ford" for "ford-motor"): a
    company's own or an intra-group line, not a lender of the borrower."""
    return lender == borrower or borrower.startswith(lender + "-")


@dataclass(frozen=True)
class _Capacity:
    """What a narrative party list says a name does: lends, acts as agent/arranger, borrows, guarantees."""

    lends: bool
    agent: bool
    borrows: bool
    arranger: bool = False
    guarantees: bool = False


@dataclass
class _Draft:
    lenders: list[Mention]
    borrower: str
    co_borrowers: list[str] = field(default_factory=list)  # the party list's other borrowers ("A and B, as borrowers")
    agents: list[str] = field(default_factory=list)
    arrangers: list[str] = field(default_factory=list)
    guarantors: list[str] = field(default_factory=list)
    attrs: dict[str, str] = field(default_factory=dict)
    span: tuple[int, int] = (0, 0)


class LenderExtractor(RoleComponent):
    attr = "role_lenders"
    role_name = "lenders"
    prefilter = prefilter_of(PATTERNS)

    def wants(self, doc: Doc) -> bool:
        """A passage of the prefilter's words, or a list whose cue ends the text before it ("The lenders
        participating in the Amended Credit Agreement are:"), or the rows of a commitment table whose
        header lies before it."""
        if super().wants(doc):
            return True
        ctx = doc._.roles_context
        if ctx is None or ctx.document is None:
            return False
        start = int(doc._.passage_start or 0)
        if _list_cue_before(ctx.document.text, start):
            return True
        text = doc.text
        if "\t" not in text and "  " not in text:
            return False  # no table row: the table look-backs need not run
        return _table_continues(ctx.document.text, start) or _lender_column_before(ctx.document.text, start) is not None

    def extract(self, p: Passage) -> list[Fact]:
        drafts: list[_Draft] = []
        # whom a sentence naming no borrower lends to: the document's "Borrower", an agreement's first borrower
        # (a commitment schedule of the agreement a filing attaches), else the filer
        issuer = self._defined_borrower(p) or self._agreement_borrower(p) or p.ctx.issuer_key
        sentences = self._sentences(p)
        remembered = 0  # drafts whose facility terms are remembered
        for i, (a, b) in enumerate(sentences):
            self._remember_terms(p, drafts[remembered:])
            remembered = len(drafts)
            triggers = list(_FACILITY.finditer(p.text, a, b))
            lender_is = i > 0 and _RX["lender_is"].match(p.text, a) is not None
            if not triggers and lender_is \
                    and _FACILITY.search(p.text, *sentences[i - 1]) is not None:
                # "… entered into a Term Loan Agreement … . The loan was made by CoBank …": the opening reference
                # to the facility told before is this sentence's facility noun
                anaphor = _RX["facility_anaphor"].match(p.text, a)
                if anaphor is not None:
                    triggers = [anaphor]
            lenders, agents, arrangers, borrowers, listed = self._lenders(p, a, b, triggers)
            guarantors = self._guarantors(p, a, b, listed)
            if not lenders and agents and triggers and _AGENT_ONLY.search(p.text, a, b) and not self._in_agreement(p) \
                    and not _DEFINITION.search(p.text, a, b):
                # "entered into a Term Loan Agreement with the lenders party thereto and X, as
                # administrative agent": the lenders are unnamed, the agent and the borrower are not
                borrower_ = self._or_issuer(self._sentence_borrower(p, a, b, triggers, [], guarantors, agents + arrangers,
                                                                borrowers, None), issuer)
                if borrower_ is not None and borrower_ not in agents:
                    d = _Draft(lenders=[], borrower=borrower_, agents=agents, arrangers=arrangers, span=(a, b))
                    d.co_borrowers = [k for k in borrowers[1:] if k not in agents]
                    d.guarantors = [g for g in guarantors if g != borrower_ and g not in agents]
                    self._terms(p, a, b, triggers, d)
                    drafts.append(d)
                    self._remember_table_borrower(p, a, b, borrower_)
                    # the agent of a facility whose borrower is named ("Red Mesa … entered into a Credit Agreement with
                    # Compass Bank, as administrative agent, and the other lenders"): a later "Compass Bank … holds a
                    # commitment of $70.0 million" that names no borrower lends to that borrower
                    self._remember_lenders(p, [m for m in p.mentions_in(a, b, "ORG", pronouns=False) if m.key in agents],
                                           borrower_)
                continue
            if lenders:
                by_default = False
                known_of: dict[int, str] = {}
                if not borrowers and not triggers and all(m.start in listed for m in lenders):
                    borrower: str | None = issuer  # "“Swingline Lender” means A": the document's own borrower
                else:
                    # "… entered into a credit agreement. The lenders include A and B.": the passage's last borrower
                    found = self._sentence_borrower(p, a, b, triggers, lenders, guarantors, agents + arrangers,
                                                    borrowers, drafts[-1].borrower if drafts else None)
                    if found is None and lender_is:
                        found = self._told_before(p, sentences[i - 1], drafts)
                    if found is None:
                        found = self._lent_before(p, lenders)
                        if found is None and i and _RX["facility_back_reference"].search(p.text, a, b) is not None:
                            # "DekaBank joined the facility as a lender": the facility the sentence before told
                            found = self._told_before(p, sentences[i - 1], drafts)
                        if found is None:
                            # "Borrowings from SVB and RBC bear floating rates.": a lender an earlier sentence gave
                            # its own borrower ("Ventrix Canada maintains a line of credit with RBC") keeps it
                            known_of = self._known_borrowers(p, lenders)
                    else:
                        self._remember_lenders(p, lenders, found)
                    borrower = self._or_issuer(found, issuer)
                    by_default = found is None and borrower == p.ctx.issuer_key
                if borrower is None:
                    continue
                lending = {m.key for m in lenders}
                clause_of = {} if borrowers else self._clause_borrowers(p, a, lenders, lending)
                for start, k in known_of.items():
                    clause_of.setdefault(start, k)
                for k in dict.fromkeys([borrower, *clause_of.values()]):
                    own = [m for m in lenders if clause_of.get(m.start, borrower) == k]
                    if not own:
                        continue
                    d = _Draft(lenders=own, borrower=k, agents=agents if k == borrower else [],
                               arrangers=arrangers if k == borrower else [], span=(a, b))
                    if borrowers:
                        d.co_borrowers = [x for x in borrowers[1:] if x not in lending]
                    d.guarantors = [g for g in guarantors if g not in lending and g != k and g not in d.co_borrowers]
                    self._terms(p, a, b, triggers, d)
                    if by_default and k == borrower:
                        d.attrs[BY_DEFAULT] = "1"
                    drafts.append(d)
            elif drafts and (triggers or guarantors or _RATE.search(p.text, a, b)):
                # a follow-up sentence of the same passage: "The credit facility currently permits …"
                d = drafts[-1]
                d.guarantors += [g for g in guarantors if g not in d.guarantors and g != d.borrower]
                before = dict(d.attrs)
                self._terms(p, a, b, triggers, d)
                if d.attrs != before or guarantors:
                    d.span = (d.span[0], b)
        self._remember_terms(p, drafts[remembered:])
        last_told = next((d.borrower for d in reversed(drafts) if d.borrower), None)
        # the borrower of the last facility the passage told, when no draft gave one (read once, used twice below)
        told_facility = self._facility_borrower(p, sentences) if sentences and not last_told else None
        if sentences:
            # a passage ending on a sentence that announces its table without naming a borrower ("CK Operating is
            # the borrower under a Credit Agreement with WFB … The lenders and their commitments are:"): the table
            # lends to the facility the sentence refers to, else to the passage's last borrower, else, when the
            # passage told a facility without its lenders ("… signed a RMB 350 million fixed asset loan agreement
            # … The lenders and their commitments are:"), to that facility's borrower
            la, lb = sentences[-1]
            memo = p.ctx.memo.get("table_borrower")
            if (memo is None or memo[0] != p.start + lb) and _RX["table_follows"].search(p.text[la:lb].rstrip()):
                told = self._term_borrower(p, la, lb) or (last_told if drafts else told_facility)
                self._remember_table_borrower(p, la, lb, told)
        # a table or list whose own passage follows a sentence announcing it ("CSE maintains a Revolving Credit
        # Agreement with KeyBank, as administrative agent, and the lenders listed below"): its rows lend to the
        # borrower that sentence named, not to the filer by default
        issuer = self._announced_borrower(p) or issuer
        # the borrower a lone announcing sentence after this passage refers to: its last lender's, else that of the
        # last facility it told without lenders ("Bramblewood Canada ULC entered into a revolving credit
        # agreement … ⏎ The lenders and their commitments are:")
        told_last = last_told or told_facility
        if told_last:
            p.ctx.memo["last_borrower"] = (p.start + len(p.text), told_last)
        p.ctx.memo["passage_end"] = p.start + len(p.text)
        drafts += self._pledges(p, {m.key for d in drafts for m in d.lenders})
        drafts += self._loans_made(p, sentences, drafts)
        drafts += self._seller_notes(p, sentences)
        drafts += self._listed(p, issuer, {m.key for d in drafts for m in d.lenders})
        drafts += self._debt_table(p, issuer)
        drafts += self._investments(p)
        parties = self._agreement_parties(p)
        if parties:
            # the agreement's own parties say who lends to whom (corpkg.extract.agreements): a sentence of it
            # retelling that its lender lends to another of its parties (the guarantor, nearest the verb) is
            # no loan of its own; a loan to anyone else (an earlier facility it recites) still is
            lends, borrows, named = parties
            drafts = [d for d in drafts if not (any(m.key in lends for m in d.lenders)
                                                and d.borrower in named and d.borrower not in borrows)]
        facts = []
        texts = {m.key: m.text for m in p.mentions_in(0, len(p.text), pronouns=False)}
        for d in drafts:
            if junk_party_name(texts.get(d.borrower, "")):
                continue
            d.lenders = [m for m in d.lenders if not any(_same_company(m.key, k) for k in [d.borrower, *d.co_borrowers])
                         and not junk_party_name(m.text)]
            if not d.lenders and not d.agents:
                continue
            parts = [("lender", m.key) for m in d.lenders] + [("borrower", d.borrower)]
            parts += [("borrower", k) for k in d.co_borrowers if k != d.borrower]
            parts += [("agent", k) for k in d.agents] + [("arranger", k) for k in d.arrangers]
            parts += [("guarantor", k) for k in d.guarantors]
            facts.append(p.fact(ROLE, parts, list(d.attrs.items()), d.span, self.extractor))
        return facts

    def _sentence_borrower(self, p: Passage, a: int, b: int, triggers: list[re.Match[str]], lenders: list[Mention],
                           guarantors: list[str], others: list[str], borrowers: list[str], last: str | None) -> str | None:
        """Whom a sentence's facility lends to, before the issuer fallback: the party list's first borrower, the
        borrower ``_borrower`` finds, the one the facility term the sentence names was remembered with ("… (the
        “Credit Agreement”) …" passages before: "The lenders under the Credit Agreement are A, B"), else
        ``last`` (the passage's last borrower); None when none is found, "" when unnamed others borrow."""
        if borrowers:
            return borrowers[0]
        found = self._borrower(p, a, b, triggers, lenders, guarantors, others)
        if found is None:
            found = self._term_borrower(p, a, b)
        return last if found is None else found

    def _told_before(self, p: Passage, before: tuple[int, int], drafts: list[_Draft]) -> str | None:
        """The borrower of the facility the sentence before told without a lender ("Tamarack Canada's fleet was
        financed by a C$60.0 million term loan. The lender is National Bank of Canada.")."""
        pa, pb = before
        triggers = list(_FACILITY.finditer(p.text, pa, pb))
        if not triggers or any(d.span[0] <= pa < d.span[1] for d in drafts):
            return None
        return self._borrower(p, pa, pb, triggers, [], [], []) or None

    def _facility_borrower(self, p: Passage, sentences: list[tuple[int, int]]) -> str | None:
        """The borrower of the last facility the passage's sentences tell (by ``_borrower``), None when none."""
        for sa, sb in reversed(sentences):
            triggers = list(_FACILITY.finditer(p.text, sa, sb))
            if triggers:
                return self._borrower(p, sa, sb, triggers, [], [], []) or None
        return None

    @staticmethod
    def _remember_table_borrower(p: Passage, a: int, b: int, borrower: str | None) -> None:
        """Remember the borrower a sentence names when it announces the table or list after it ("… and the
        lenders listed below, which hold the following commitments:"), with where the sentence ends."""
        if borrower and borrower != p.ctx.issuer_key and _RX["table_follows"].search(p.text[a:b].rstrip()):
            p.ctx.memo["table_borrower"] = (p.start + b, borrower)

    @staticmethod
    def _announced_borrower(p: Passage) -> str | None:
        """The borrower remembered by ``_remember_table_borrower`` when this passage opens right after the
        announcing sentence (only blank space between) and is a table or list."""
        memo = p.ctx.memo.get("table_borrower")
        doc = p.ctx.document
        if doc is None or not ("\t" in p.text or "  " in p.text):
            return None
        if memo:
            end, borrower = memo
            if 0 <= p.start - end <= _W["announced_table_gap"] and not doc.text[end : p.start].strip():
                return str(borrower)
        # an announcing sentence standing alone between the passage that told a facility and the table ("…
        # guaranteed by the Company. ⏎ The original lenders and their commitments are: ⏎ <table>"): the
        # borrower that passage ended on
        last = p.ctx.memo.get("last_borrower")
        end = p.ctx.memo.get("passage_end")
        if LenderExtractor._defined_borrower(p) is not None or LenderExtractor._in_agreement(p):
            return None  # an agreement's schedule lends to the agreement's own borrower
        if not last or end is None or not 0 <= p.start - last[0] <= _W["announced_sentence_alone"]:
            return None
        between = doc.text[end : p.start].strip()
        if between and "\n\n" not in between and _RX["table_follows"].search(between) and _RX["lending_cue_word"].search(between):
            return str(last[1])
        return None

    @staticmethod
    def _remember_lenders(p: Passage, lenders: list[Mention], borrower: str) -> None:
        """Remember, for the filing, whom each lender of a sentence naming its borrower lends to."""
        if not borrower or borrower == p.ctx.issuer_key:
            return
        memo: dict[str, str] = p.ctx.memo.setdefault("lent_to", {})
        for m in lenders:
            memo.setdefault(m.key, borrower)

    @staticmethod
    def _lent_before(p: Passage, lenders: list[Mention]) -> str | None:
        """The one borrower other than the filer that an earlier sentence of the filing named for every lender of
        a sentence naming none ("On March 12, X Owner LLC obtained a mortgage loan from Y." … a press release: "the
        financing from Y"): the lender's known borrower, not the filer by default."""
        known = LenderExtractor._known_borrowers(p, lenders)
        borrowers = set(known.values())
        return borrowers.pop() if len(known) == len(lenders) and len(borrowers) == 1 else None

    @staticmethod
    def _known_borrowers(p: Passage, lenders: list[Mention]) -> dict[int, str]:
        """Each lender (by its mention's start) that an earlier sentence of the filing gave its own borrower
        (``_remember_lenders``), with that borrower."""
        memo: dict[str, str] = p.ctx.memo.get("lent_to", {})
        return {m.start: memo[m.key] for m in lenders if m.key in memo}

    @staticmethod
    def _remember_terms(p: Passage, drafts: list[_Draft]) -> None:
        """Remember, for the filing, the borrower of each facility term the drafts' sentences define
        ("… entered into a Credit Agreement (the “Credit Agreement”) …": "Credit Agreement" → its borrower)."""
        memo = p.ctx.memo.setdefault("facility_terms", {})
        for d in drafts:
            if not d.borrower:
                continue
            for m in _RX["facility_term"].finditer(p.text, d.span[0], d.span[1]):
                term = m.group("term").strip()
                if _FACILITY.search(term) and term[:1].isupper():
                    memo[term] = d.borrower

    @staticmethod
    def _term_borrower(p: Passage, a: int, b: int) -> str | None:
        """The borrower remembered for the first defined facility term a sentence refers to."""
        memo: dict[str, str] = p.ctx.memo.get("facility_terms", {})
        best: tuple[int, str] | None = None
        for term, key in memo.items():
            at = p.text.find(term, a, b)
            while at >= 0 and (p.text[at - 1 : at].isalnum() or p.text[at + len(term) : at + len(term) + 1].isalnum()):
                at = p.text.find(term, at + 1, b)
            if at >= 0 and (best is None or at < best[0]):
                best = (at, key)
        return best[1] if best else None

    @staticmethod
    def _clause_borrowers(p: Passage, a: int, lenders: list[Mention], lending: set[str]) -> dict[int, str]:
        """Lenders whose own clause names its borrower as subject ("…, Xinfeng Orchard borrowed RMB
        5,000,000 from Bank of Jiangxi, and Jiayuan Cold Chain drew RMB 4,000,000 under its facility
        with Postal Savings Bank"): the subject nearest before the lender, after the lender before it,
        by the lender's start."""
        out: dict[int, str] = {}
        lo = a
        for m in sorted(lenders, key=lambda x: x.start):
            subjects = [x for x in p.mentions_in(lo, m.start, "ORG") if x.key not in lending
                        and _RX["clause_subject_after"].match(p.text, x.end, m.start)]
            if subjects and lo > a:  # the sentence's first clause keeps the sentence's borrower
                out[m.start] = subjects[-1].key
            lo = m.end
        return out

    def _loans_made(self, p: Passage, sentences: list[tuple[int, int]], drafts: list[_Draft]) -> list[_Draft]:
        """Loans a named party, the issuer included, makes to another ("the Company lent RMB 1,500,000 to
        X", "Harborline SBIC I made a $12.0 million first-lien term loan to Y", "we provided a $4.2 million
        mezzanine loan to Z"): the subject of the lending verb lends, the name after "to" borrows."""
        out: list[_Draft] = []
        have = {(m.key, k) for d in drafts for m in d.lenders for k in [d.borrower, *d.co_borrowers]}
        for a, b in sentences:
            for y in p.mentions_in(a, b, pronouns=False):
                vm = _RX["loan_made_to_before"].search(p.text, max(a, y.start - _W["loan_made_to_before"]), y.start)
                if vm is None or y.key == p.ctx.issuer_key:
                    continue
                before = [x for x in p.mentions_in(a, vm.start()) if x.key != y.key
                          and not _RX["loan_subject_stop"].search(p.text, x.end, vm.start())]
                # an apposition's owner is no subject ("X, a wholly owned subsidiary of the Company, has advanced")
                subjects = [x for x in before if not _NOT_LENDER_BEFORE.search(
                    p.text[max(a, x.start - _W["owner_of_before"]) : x.start])]
                if not subjects or vm.start() - subjects[-1].end > _W["loan_subject_gap"] + (
                        _W["loan_apposition_gap"] if subjects[-1] is not before[-1] else 0):
                    continue
                lender = subjects[-1]
                if lender.label == "PERSON" and y.label == "PERSON" or (lender.key, y.key) in have:
                    continue
                have.add((lender.key, y.key))
                for other in drafts:  # "to Y" names the borrower a fallback of the same sentence did not
                    if other.span == (a, b) and other.borrower != y.key:
                        other.lenders = [m for m in other.lenders if m.key != lender.key]
                d = _Draft(lenders=[lender], borrower=y.key, span=(a, b))
                self._terms(p, a, b, list(_FACILITY.finditer(p.text, a, b)), d)
                out.append(d)
        return out

    @staticmethod
    def _seller_notes(p: Passage, sentences: list[tuple[int, int]]) -> list[_Draft]:
        """Sellers paid in part with the buyer's promissory notes lend to the buyer: "acquired all of the stock of X
        from A and B. The purchase price consisted of $2,100,000 in cash and a $1,200,000 promissory note payable
        to the Dahlgrens" — the names after "from" in a sentence that acquires, when that sentence or one of the
        next two pays the price with notes to the sellers; the buyer is the subject before the verb (else the filer)."""
        out: list[_Draft] = []
        for i, (a, b) in enumerate(sentences):
            vm = _RX["acquired_from"].search(p.text, a, b)
            if vm is None:
                continue
            after = [m for m in p.mentions_in(vm.end(), b, pronouns=False) if m.label in ("ORG", "PERSON")]
            if not after or not _RX["seller_gap"].fullmatch(p.text, vm.end(), after[0].start):
                continue
            sellers = [after[0]]
            for n in after[1:]:
                if not _LENDER_LIST_GAP.fullmatch(p.text, sellers[-1].end, n.start):
                    break
                sellers.append(n)
            span_end = sentences[min(len(sentences) - 1, i + 2)][1]
            paid = _RX["seller_note_paid"].search(p.text, a, span_end)
            if paid is None:
                continue
            subjects = [m for m in p.mentions_in(a, vm.start(), "ORG") if not _NOT_LENDER_BEFORE.search(
                p.text[max(a, m.start - _W["owner_of_before"]) : m.start])]
            buyer = subjects[-1].key if subjects else p.ctx.issuer_key
            lenders = [m for m in sellers if m.key != buyer]
            if buyer and lenders:
                out.append(_Draft(lenders=lenders, borrower=buyer, span=(a, span_end if paid.start() >= b else b)))
        return out

    @staticmethod
    def _debt_table(p: Passage, borrower: str | None) -> list[_Draft]:
        """Lenders of a debt table: the cell under a "Lender" column (its row's "Borrower" cell borrows when
        the table has one), or a row labelled "<instrument> – <lender> (<borrower>)" with an amount in it
        ("Mortgage note - Alpine Bank   $ 2,812,406", "Export prepayment – Banco Safra S.A. (Company)")."""
        if borrower is None:
            return []
        pairs: dict[tuple[str, str], tuple[Mention, int]] = {}
        col: int | None = None
        bcol: int | None = None
        doc = p.ctx.document
        before = _lender_column_before(doc.text, p.start) if doc is not None and p.start > 0 else None
        if before is not None:
            col, bcol = before
        elif not _RX["debt_table_hint"].search(p.text) and not any(
                _lender_header(_cells(line, start)) for start, line in _lines(p.text) if "  " in line or "\t" in line):
            return []  # neither a lender column nor an instrument – lender row label: no debt table here
        for start, line in _lines(p.text):
            cells = _cells(line, start)
            if not cells:
                continue
            header = _lender_header(cells)
            if header is not None:
                col, bcol = header
                continue
            if _RX["list_skip_line"].match(line):
                continue
            found: list[tuple[Mention, str]] = []
            if col is not None and len(cells) > col and _numeric_row(cells):
                at, cell = cells[col]
                here = [m for m in p.mentions_in(at, at + len(cell)) if not m.pronoun]
                # one lender filling the cell, or several listed in it ("DNB Bank ASA; Skandinaviska Enskilda
                # Banken AB (publ)") with only separators between them
                whole = len(here) == 1 and len(here[0].text) >= 0.6 * len(cell.strip(" ()*0123456789"))
                listed = len(here) > 1 and all(
                    _RX["cell_list_gap"].fullmatch(p.text, x, y)
                    for x, y in zip([at, *(m.end for m in here)], [*(m.start for m in here), at + len(cell.rstrip())], strict=True))
                if whole or listed:
                    owner = borrower
                    if bcol is not None and len(cells) > bcol:
                        bat, bcell = cells[bcol]
                        bm = [m for m in p.mentions_in(bat, bat + len(bcell), "ORG")]
                        # the row's borrower, by a name the entity recogniser saw or a defined short name
                        owner = bm[0].key if bm else (p.ctx.resolve_key(bcell.strip()) or owner)
                    found += [(m, owner) for m in here]
            elif col is not None:
                col = None
            rm = _RX["debt_row_label"].fullmatch(cells[0][1])
            if rm and not found and (len(cells) > 1 or find_money(line)):
                at = cells[0][0] + rm.start("name")
                here = [m for m in p.mentions_in(at, cells[0][0] + rm.end("name")) if not m.pronoun
                        and not _RX["debt_row_owner_of"].search(p.text, at, m.start)]  # "former shareholders of X"
                if here:  # "Term loan – PNC, Mellon and Fulton Bank, due 2004": each of them lends
                    owner = borrower
                    if rm.group("borrower"):
                        owner = p.ctx.resolve_key(rm.group("borrower")) or owner
                    # "Tamarack Canada Term loan – National Bank of Canada": the organization the label opens with
                    elif (lead := next((x for x in p.mentions_in(cells[0][0], at, "ORG") if not x.pronoun), None)) \
                            and not p.text[cells[0][0] : lead.start].strip():
                        owner = lead.key
                    found += [(m, owner) for m in here]
            for m, owner in found:
                if m.key != owner and (m.key, owner) not in pairs:
                    pairs[(m.key, owner)] = (m, start)
        out = []
        for (_, owner), (m, at) in pairs.items():
            d = _Draft(lenders=[m], borrower=owner, span=(at, at + max(1, p.text.find("\n", at) - at)))
            if owner == p.ctx.issuer_key:
                d.attrs[BY_DEFAULT] = "1"  # the table names no borrower of the row: the filer stands in
            out.append(d)
        return out

    @staticmethod
    def _investments(p: Passage) -> list[_Draft]:
        """A schedule of investments (a business development company's, a lender's): under a header row
        "Portfolio Company … Investment …", each row whose first cell names an organization and whose
        investment is a loan ("First lien senior secured term loan", "Subordinated note") is a loan the
        filer made to that organization."""
        lender = p.ctx.issuer_key
        if lender is None or not _RX["investee_header_hint"].search(p.text):
            return []
        out: list[_Draft] = []
        seen: set[str] = set()
        issuer_mentions = [m for m in p.mentions_in(0, len(p.text)) if m.key == lender]
        on = False
        for start, line in _lines(p.text):
            cells = _cells(line, start)
            if len(cells) >= 2 and _RX["investee_column"].fullmatch(cells[0][1]) \
                    and any(_RX["investment_column"].search(c) for _, c in cells[1:]):
                on = True
                continue
            if not on:
                continue
            if not line.strip():
                continue  # a blank line does not end the schedule; prose does
            if len(line) > _W["investment_row"]:
                on = False
                continue
            if len(cells) < 2 or not _RX["loan_investment"].search(line):
                continue
            at, cell = cells[0]
            here = [m for m in p.mentions_in(at, at + len(cell), "ORG") if not m.pronoun]
            if len(here) == 1 and here[0].key != lender and here[0].key not in seen:
                seen.add(here[0].key)
                # the filer lends; its mention stands for it here (a schedule's rows never name it)
                me = issuer_mentions[0] if issuer_mentions else Mention(start, start, lender, "ORG", "", pronoun=True)
                out.append(_Draft(lenders=[me], borrower=here[0].key, span=(start, start + len(line))))
        return out

    @staticmethod
    def _or_issuer(found: str | None, issuer: str | None) -> str | None:
        """The borrower ``_borrower`` found, the issuer when it found none, None when it found that unnamed
        others borrow ("")."""
        return issuer if found is None else (found or None)

    @staticmethod
    def _listed(p: Passage, borrower: str | None, known: set[str]) -> list[_Draft]:
        """The lenders of a list announced by a sentence ending in a colon ("The lenders participating
        in the Amended Credit Agreement … are:"), or of a commitment table under its header row ("Lender
        Revolving Commitment  Term Loan A Commitment"): one organization a line, bullets, amounts in
        columns, rules and total rows aside; the cue may end the passage before (a press release's list
        is a passage of its own)."""
        if borrower is None:
            return []
        starts = []
        doc = p.ctx.document
        if doc is not None and (_list_cue_before(doc.text, p.start) or _table_continues(doc.text, p.start)):
            starts.append(0)
        for m in _COLON_LINE.finditer(p.text):
            if _LIST_CUE.search(p.text[max(0, m.start() - _W["list_cue_before"]) : m.start() + 1]):
                starts.append(m.end())
        tables = set()  # starts at a table's header row: one row under it is enough
        for m in _RX["table_header_line"].finditer(p.text):
            line_start = p.text.rfind("\n", 0, m.start()) + 1
            if line_start == m.start() or not p.text[line_start : m.start()].strip(" \t|"):
                starts.append(line_start)
                tables.add(line_start)
        out = []
        taken: set[int] = set()
        for start in sorted(set(starts)):
            if start in taken:
                continue
            found: list[Mention] = []
            pos, end = start, start
            headers = 0  # the list may open with header lines ("Revolving   Term Loan A" / "Lender   Commitment")
            while pos < len(p.text):
                nl = p.text.find("\n", pos)
                line_end = len(p.text) if nl < 0 else nl
                line = p.text[pos:line_end]
                if line.strip():
                    taken.add(pos)
                    here = [m for m in p.mentions_in(pos, line_end, "ORG") if not m.pronoun]
                    if _RX["list_skip_line"].match(line) and not here:
                        pos = line_end + 1
                        continue
                    item = _LIST_ITEM.match(line)
                    name = item.group("name").strip() if item else ""
                    if not found and headers < _W["list_header_lines"] and not here and not find_money(line) \
                            and len(line) <= _W["list_item_line"] + 40:
                        headers += 1
                        pos = line_end + 1
                        continue
                    if not name or len(line) > _W["list_item_line"] + 40 or len(here) != 1 \
                            or len(here[0].text) < 0.6 * len(name):
                        break
                    if here[0].key not in known and all(m.key != here[0].key for m in found):
                        found.append(here[0])
                    end = line_end
                pos = line_end + 1
            found = [m for m in found if m.key != borrower]
            if len(found) >= (1 if start in tables else 2):
                out.append(_Draft(lenders=found, borrower=borrower, span=(start, end)))
        return out

    @staticmethod
    def _defined_borrower(p: Passage) -> str | None:
        """The party the passage's document defines as "the Borrower" before the passage ("Harrowgate
        Operating Company, LLC, a Delaware limited liability company (the “Borrower”) and a wholly owned
        subsidiary of the Company"), when the term names one entity; else None (the issuer borrows)."""
        doc = p.ctx.document
        if doc is None:
            return None
        here = doc.document_at(p.start)
        a, b = (here.start, here.end) if here is not None else (0, len(doc.text))
        memo: dict[tuple[int, int], tuple[int, str] | None] = p.ctx.memo.setdefault("defined_borrower", {})
        if (a, b) not in memo:
            m = _BORROWER_DEFINED.search(doc.text, a, b)
            key = p.ctx.resolve_key(m.group("term")) if m else None
            memo[(a, b)] = (m.start(), key) if m and key else None
        found = memo[(a, b)]
        if found is None or found[0] >= p.start + len(p.text):
            return None
        return found[1]

    @staticmethod
    def _in_agreement(p: Passage) -> bool:
        """Whether the passage lies in a document read as an agreement (its parties are read by the
        agreements stage; its inner references to other facilities make no facts of their own)."""
        return bool(LenderExtractor._agreements_here(p))

    @staticmethod
    def _agreements_here(p: Passage) -> list[Agreement]:
        """The agreements read from the document the passage lies in."""
        doc = p.ctx.document
        if doc is None or not doc.agreements:
            return []
        here = doc.document_at(p.start)
        if here is None:
            return []
        return [ag for ag in doc.agreements if doc.document_at(ag.start) is here]

    @staticmethod
    def _party_key(p: Passage, name: str) -> str:
        """The entity key of an agreement party's name as the agreements stage printed it."""
        return p.ctx.resolve_key(" ".join(name.split())) or name_key(name)

    @staticmethod
    def _agreement_borrower(p: Passage) -> str | None:
        """The key of the first borrower the parties of the agreement the passage lies in name."""
        known: dict[int, str | None] = p.ctx.memo.setdefault("agreement_borrower", {})
        for ag in LenderExtractor._agreements_here(p):
            if id(ag) not in known:
                first = next((q for q in ag.parties if "borrower" in q.capacity), None)
                known[id(ag)] = None if first is None else LenderExtractor._party_key(p, first.name)
            if known[id(ag)]:
                return known[id(ag)]
        return None

    @staticmethod
    def _agreement_parties(p: Passage) -> tuple[set[str], set[str], set[str]] | None:
        """The keys of the lenders, the borrowers and all parties of the agreement the passage lies in,
        when its parties name a lender and a borrower (resolved once per agreement and filing)."""
        known: dict[int, tuple[set[str], set[str], set[str]] | None] = p.ctx.memo.setdefault("agreement_party_keys", {})
        for ag in LenderExtractor._agreements_here(p):
            if id(ag) not in known:
                keys = {q.name: LenderExtractor._party_key(p, q.name) for q in ag.parties}
                lends = {keys[q.name] for q in ag.parties if is_lending_capacity(q.capacity)}
                borrows = {keys[q.name] for q in ag.parties if "borrower" in q.capacity}
                known[id(ag)] = (lends, borrows, set(keys.values())) if lends and borrows else None
            found = known[id(ag)]
            if found is not None:
                return found
        return None

    @staticmethod
    def _sentences(p: Passage) -> list[tuple[int, int]]:
        """The passage's sentences, a party list's clauses joined: a sentence ending in ';' goes
        on in the next one of the same paragraph ("among A, as Borrower; B, as Lender; and C, as
        Agent."); an exhibit index's items apart ("10.4   Loan Agreement … between A and B")."""
        out: list[tuple[int, int]] = []
        for a, b in p.sentences:
            if out and p.text[out[-1][1] - 1] == ";" and "\n\n" not in p.text[out[-1][1] : a] \
                    and b - out[-1][0] <= _W["clause_chain"]:
                out[-1] = (out[-1][0], b)
            else:
                out.append((a, b))
        # an exhibit index read as one sentence: each item is a sentence of its own
        split: list[tuple[int, int]] = []
        for a, b in out:
            cuts = [m.start() for m in _RX["exhibit_item_start"].finditer(p.text, a, b) if m.start() > a]
            for x, y in zip([a, *cuts], [*cuts, b], strict=True):
                if p.text[x:y].strip():
                    split.append((x, y))
        return split

    # -- participants --------------------------------------------------------------------
    @staticmethod
    def _groups(p: Passage, a: int, b: int) -> dict[int, _Capacity]:
        """The capacity a narrative party list gives each name, by the name's start: "among the
        Registrant, as a Borrower; A, as a Lender and Administrative Agent; B and C, as Lenders
        and Syndication Agents; D, E and F, as Lenders", "with A, B and C (collectively, the
        “Commitment Parties”)".  A capacity (or a defined term) printed after the last name of a
        group holds for every name of the group; names with no capacity word are left out."""
        out: dict[int, _Capacity] = {}
        ms = p.mentions_in(a, b, "ORG")
        group: list[Mention] = []
        defined: str | None = None  # "“Swingline Lender” means A": a term defined before the group

        opener: list[Mention] = []  # the first name after "among"/"between", when it has no capacity of its own

        def close(cap: str | None, each: bool = False) -> None:
            if cap is not None and len(group) > 1 and not each and not _GROUP_PLURAL.search(cap):
                # "among A, B and C, as agent and sole lender": a singular capacity is the last name's alone
                del group[:-1]
            cap = cap if cap is not None else defined
            if cap is not None:
                other = bool(_GROUP_OTHER_AGENT.search(cap))  # a rights or transfer agent: neither lends nor agents
                c = _Capacity(not other and bool(_GROUP_LENDS.search(cap)), not other and bool(_GROUP_AGENT.search(cap)),
                              not other and bool(_GROUP_BORROWS.search(cap)), not other and bool(_GROUP_ARRANGER.search(cap)),
                              not other and bool(_GROUP_GUARANTEES.search(cap)))
                if other or c.lends or c.agent or c.borrows or c.arranger or c.guarantees:
                    for g in group:
                        # "among Pinewood, Tralee Bank, as administrative agent": a party list opens with its
                        # borrower, which joins a group of borrowers but not the agent's or the lenders'
                        if len(group) > 1 and g is group[0] and opener and opener[-1] is g and not c.borrows:
                            continue
                        out[g.start] = c
            group.clear()

        consumed = a  # a capacity read so far: names inside it ("as a Departing Lender") are no parties
        inside = a  # the end of a short name defined after the last name ("Barclays Bank plc (“Barclays”)")
        for i, m in enumerate(ms):
            if (group and m.start < group[-1].end) or m.start < consumed or m.start < inside:
                continue
            if not group:
                dm = _GROUP_DEF.search(p.text, max(a, m.start - _W["group_definition"]), m.start)
                defined = dm.group("term") if dm else None
            group.append(m)
            cm = _GROUP_CAP.match(p.text, m.end, b)
            if len(group) == 1 and cm is None and _RX["party_list_open_before"].search(
                    p.text, max(a, m.start - _W["party_list_open_before"]), m.start):
                opener.append(m)  # a party list's first name: see close()
            um = None if cm else _GROUP_UNNAMED_TAIL.match(p.text, m.end, b)
            if um and (i + 1 >= len(ms) or um.end() <= ms[i + 1].start):
                cm = _GROUP_CAP.match(p.text, um.end(), b)  # "…, B and Crestline, ACB, as …": a name we did not see
            alias_end = _alias_end(p.text, m.end, b, m.text) if not cm else m.end
            inside = alias_end
            if alias_end > m.end:
                cm = _GROUP_CAP.match(p.text, alias_end, b)  # "Barclays Bank plc (“Barclays”), as administrative agent"
            rm = None if cm else _GROUP_RELATIVE.match(p.text, alias_end, b)
            if rm:
                cm = _GROUP_CAP.match(p.text, rm.end(), b)  # "X, of which the Company is the general partner, as borrower"
                if cm:
                    alias_end = inside = rm.end()
            if cm and _GROUP_OWNER_OF.search(p.text, max(a, m.start - _W["group_owner_of_before"]), m.start):
                group.pop()  # "certain subsidiaries of the Operating Partnership, as subsidiary guarantors": not its own
            # the next name, skipping one that only repeats the capacity's own words (or the short name)
            later = [x.start for x in ms[i + 1 :] if not (cm and x.start == cm.start("cap")) and x.start >= alias_end]
            nxt = later[0] if later else b
            cap = None
            each = False
            if cm and cm.start("cap") < nxt:
                each = bool(_GROUP_EACH.search(p.text, cm.start(), cm.start("cap")))
                cap = p.text[cm.start("cap") : min(cm.end("cap"), nxt)]
                consumed = cm.start("cap") + len(cap)
                cut = _GROUP_CUT.search(cap)
                cap = cap[: cut.start()] if cut else cap
            else:
                tm = _GROUP_TERM.match(p.text, m.end, b) if alias_end == m.end else None  # a short name is no capacity
                if tm and tm.end() <= nxt:
                    cap = tm.group("term")
                    after = _GROUP_ALIAS_END.match(p.text, tm.end(), nxt)
                    if after and i + 1 < len(ms) and not _capacity_word(cap) \
                            and _GROUP_GAP.fullmatch(p.text, after.end(), nxt):
                        # "X (the “Company”), Y and Z, as borrowers": a short name, not a capacity
                        inside = after.end()
                        continue
            if cap is not None and len(group) == 1 and i > 0 and ms[i - 1].start not in out \
                    and _GROUP_SUBSIDIARY.fullmatch(p.text, ms[i - 1].end, m.start):
                group[0] = ms[i - 1]  # "X, a wholly-owned subsidiary of the Company (the “Borrower”)": X's term
            if cap is not None or not (i + 1 < len(ms) and _GROUP_GAP.fullmatch(p.text, alias_end, nxt)):
                close(cap, each)
        return out

    def _lenders(self, p: Passage, a: int, b: int,
                 triggers: list[re.Match[str]]
                 ) -> tuple[list[Mention], list[str], list[str], list[str], dict[int, _Capacity]]:
        issuer = p.ctx.issuer_key
        found: list[Mention] = []
        agents: list[str] = []
        arrangers: list[str] = []
        borrowers: list[str] = []
        groups = self._groups(p, a, b)
        # "the Company had loaned amounts to X … Loan Agreement between the Company and X": X borrows
        lent_to = {m.key for m in p.mentions_in(0, len(p.text), "ORG", pronouns=False)
                   if _LENT_TO.search(p.text, max(0, m.start - _W["lent_to_before"]), m.start)}
        for m in p.mentions_in(a, b, "ORG"):
            g = groups.get(m.start)
            if g is not None:
                # the party list says what the name does: an agent lends only when it says so too
                if g.borrows and m.key not in borrowers:
                    borrowers.append(m.key)
                if g.agent and m.key not in agents and m.key != issuer:
                    agents.append(m.key)
                if g.arranger and m.key not in arrangers and m.key != issuer:
                    arrangers.append(m.key)
                # the filer lends only when the party list says so and names another party borrowing ("between
                # Tidewater Pipeline Company, LLC, as borrower, and Pinecrest Energy Holdings, Inc., as lender")
                filer_lends = m.key == issuer and not g.guarantees and not g.agent and any(
                    gg.borrows and x.key != issuer for x in p.mentions_in(a, b, "ORG", pronouns=False)
                    if (gg := groups.get(x.start)) is not None)
                if g.lends and not g.borrows and not m.pronoun and (m.key != issuer or filer_lends) and m.key not in lent_to \
                        and m.key not in {f.key for f in found} and not _NOT_LENDER_NAME.search(m.text):
                    found.append(m)
                elif (g.agent or g.arranger) and not g.lends and triggers:
                    pm = _PREP.search(p.text[max(a, m.start - _W["lender_head"]) : m.start])
                    if pm and not _RX["bare_by"].fullmatch(pm.group(0)) and any(
                            0 <= m.start - t.end() <= _W["lender_after_facility"] for t in triggers):
                        self._enumeration(p, m, b, groups, found)
                continue
            if m.pronoun or m.key == issuer or m.key in lent_to:
                continue
            head = p.text[max(a, m.start - _W["lender_head"]) : m.start]
            if _no_lender_head(head):
                continue
            if _NOT_LENDER_NAME.search(m.text):
                continue
            ok = False
            pm = _PREP.search(head)
            if pm is None and _LENDER_NAME.search(m.text):
                # "from Citigroup, UBS Investment Bank and …": a list begun by a name we did not recognise
                pm = _PREP_LIST.search(head)
            if pm and _RX["bare_by"].fullmatch(pm.group(0)):
                # a bare "by" lends only right after the facility noun ("a term loan by X"), not in
                # "quoted by", "prepayments made by", "indebtedness by"
                ok = any(_BY_AFTER_FACILITY.fullmatch(p.text, t.end(), m.start) for t in triggers)
            elif pm:
                ok = (any(0 <= m.start - t.end() <= _W["lender_after_facility"] for t in triggers)
                      or any(0 <= t.start() - m.end <= _W["lender_before_facility"] for t in triggers)
                      # the preposition names the lenders itself ("the lenders party thereto, including X",
                      # "the lenders under the facility are X"): no facility noun need be near
                      or bool(_RX["lenders_word"].search(pm.group(0))))
            if not ok and _lends_after(p.text, m.end, b):
                ok = True
            if not ok and _BORROWED_FROM.search(head):
                ok = True
            if not ok and _RELATIVE_LENDS.match(p.text, m.end, b) and _RELATIVE_BEFORE.search(
                    p.text, max(a, m.start - _W["relative_lender_before"]), m.start):
                ok = True  # "the $24.6 million mortgage loan that X had made to Y"
            if not ok:
                # "the lenders party thereto, which on the Closing Date consisted of X, Y and Z", "The lenders
                # thereunder are X, Y and Z"
                cue = _LENDERS_NAMED.search(p.text, max(a, m.start - _W["lenders_named_before"]), m.start)
                ok = bool(cue and (triggers or _RX["lending_cue_word"].search(cue.group(0))))
            ag = _AGENT.match(p.text, m.end, b) or _AGENT.match(p.text, _alias_end(p.text, m.end, b, m.text), b)
            if ag and (triggers or ok or ("lender" in ag.group(0).lower() and not _DEFINITION.search(p.text, a, b))):
                # "X, as a Lender" says it lends (not in a definition: "… shall mean an agreement among a Co-op
                # Corporation, a lender, and a Mortgagor")
                role = ag.group(0).lower()
                if "arranger" in role and "agent" not in role:
                    # an arranger syndicates the loan; it lends only when named a lender otherwise
                    if m.key not in arrangers:
                        arrangers.append(m.key)
                else:
                    ok = True
                    if "agent" in role:
                        agents.append(m.key)
            if ok and m.key not in {f.key for f in found}:
                found.append(m)
                self._enumeration(p, m, b, groups, found)
        # "Barclays Bank PLC, Royal Bank of Canada and KeyBank National Association are the other lenders": the
        # names listed before the last one whose lending verb or standing follows lend too
        orgs = [m for m in p.mentions_in(a, b, "ORG") if not m.pronoun]
        for j in range(len(orgs) - 1, 0, -1):
            m = orgs[j]
            status = _LENDER_STATUS.match(p.text, m.end, b)
            if not any(f.start == m.start for f in found) or not status or not _RX["plural_standing"].search(status.group(0)):
                continue  # a plural standing only: "… and C lends to Y" keeps the names before it out
            k = j
            while k > 0 and _RX["lender_enumeration_gap"].fullmatch(p.text, orgs[k - 1].end, orgs[k].start):
                x = orgs[k - 1]
                if x.key == issuer or x.key in lent_to or x.key in borrowers or _NOT_LENDER_NAME.search(x.text):
                    break
                if x.key not in {f.key for f in found}:
                    found.append(x)
                k -= 1
        found.sort(key=lambda x: x.start)
        found += self._person_lenders(p, a, b, triggers, {f.key for f in found})
        # an enumeration of lenders mixing people and organizations ("Peter A. Kozlowski, The Dunmore Family
        # Trust, Elkhorn Ventures II, L.P. and Gerald T. Mabry"): each name after a lender in the list lends
        named = [m for m in p.mentions_in(a, b, pronouns=False) if m.label in ("ORG", "PERSON")]
        have = {f.start for f in found}
        for i, m in enumerate(named):
            if m.start not in have:
                continue
            cur = m
            for n in named[i + 1 :]:
                if n.start in have:
                    cur = n
                    continue
                if n.key == issuer or n.key in borrowers or (n.start in groups and not groups[n.start].lends) \
                        or not _LENDER_LIST_GAP.fullmatch(p.text, cur.end, n.start) \
                        or _RX["clause_subject_after"].match(p.text, n.end, b) or _NOT_LENDER_NAME.search(n.text):
                    break
                if n.key not in {f.key for f in found}:
                    found.append(n)
                have.add(n.start)
                cur = n
        return found, agents, arrangers, borrowers, groups

    @staticmethod
    def _person_lenders(p: Passage, a: int, b: int, triggers: list[re.Match[str]], known: set[str]) -> list[Mention]:
        """Individuals who lend, on the narrower cues a person's loan is told by: the subject of a
        lending verb ("Gregory V. Halloran, a member of our Board of Directors, advanced $100,000 to
        the Company"), "borrowed from X", "a note payable to X", "a promissory note to X", or "from X"
        right after a facility noun
        ("a promissory note from Raymond T. Okafor"). A person "with" whom a facility is made, its
        guarantor or its signer does not lend."""
        out: list[Mention] = []
        for m in p.mentions_in(a, b, "PERSON"):
            if m.key in known or any(o.key == m.key for o in out):
                continue
            head = p.text[max(a, m.start - _W["lender_head"]) : m.start]
            if _no_lender_head(head):
                continue
            ok = _lends_after(p.text, m.end, b) or bool(_BORROWED_FROM.search(head)) or bool(_NOTE_TO.search(head))
            if not ok:
                # "The other Bridge Lenders are Peter A. Kozlowski, …": the lenders said to be the names that follow
                cue = _LENDERS_NAMED.search(p.text, max(a, m.start - _W["lenders_named_before"]), m.start)
                ok = bool(cue and (triggers or _RX["lending_cue_word"].search(cue.group(0))))
            if not ok:
                pm = _PREP.search(head)
                ok = bool(pm and _PERSON_PREP.match(pm.group(0))
                          and any(0 <= m.start - t.end() <= _W["person_after_facility"] for t in triggers))
            if ok:
                out.append(m)
        # "Dale R. Kimbrough and Sandra K. Kimbrough, the former partners of X, financed …": a person joined
        # by "and" to a person who lends lends too
        persons = p.mentions_in(a, b, "PERSON")
        for i in range(len(persons) - 2, -1, -1):
            m, n = persons[i], persons[i + 1]
            if any(o.key == n.key for o in out) and m.key not in known and all(o.key != m.key for o in out) \
                    and _RX["person_and_gap"].fullmatch(p.text, m.end, n.start):
                out.insert(0, m)
        return out

    @staticmethod
    def _enumeration(p: Passage, m: Mention, b: int, groups: dict[int, _Capacity], found: list[Mention]) -> None:
        """"with A, as agent, and B": the rest of the enumeration after a lender (or an agent the
        facility is "with") lends too, up to a name the list gives another capacity."""
        cur = m
        for n in p.mentions_in(m.end, b, "ORG", pronouns=False):
            if n.key == cur.key and "(" in p.text[cur.end : n.start]:
                continue  # the short name defined right after it ("Wells Fargo Bank, N.A. (“Wells Fargo”)")
            gap = p.text[cur.end : n.start]
            if n.start in groups and not groups[n.start].lends:
                break
            if n.key == p.ctx.issuer_key or not (_LENDER_LIST_GAP.fullmatch(gap) or _SUCCESSOR.fullmatch(gap)):
                break
            if _RX["clause_subject_after"].match(p.text, n.end, b):
                break  # "from A, and B drew …": B opens a clause of its own
            if n.key not in {f.key for f in found}:
                found.append(n)
            cur = n

    def _between(self, p: Passage, a: int, lenders: list[Mention]) -> str | None:
        """"Loan Agreement between A and B": A borrows from B — unless only A's name looks
        like a lender's (a bank, a finance company), then the sides swap."""
        if _RX["assignment_word"].search(p.text, a, lenders[0].start if lenders else a):
            return None  # "between A (the “Assignor”) and B (the “Assignee”)": two lenders
        for i, m in enumerate(lenders):
            bm = _BETWEEN.search(p.text, max(a, m.start - _W["between_before"]), m.start)
            if not bm:
                continue
            firsts = [x for x in p.mentions_in(bm.start("first"), bm.end("first"), "ORG") if x.key != m.key]
            if not firsts:
                continue
            first = firsts[-1]
            if _LENDER_NAME.search(first.text) and not _LENDER_NAME.search(m.text) and not first.pronoun:
                lenders[i] = first
                return m.key
            return first.key
        return None

    def _pledges(self, p: Passage, known: set[str]) -> list[_Draft]:
        """Shares pledged to secure a loan ("held by Mr. Kern, all of which were pledged as
        collateral to secure a loan account to X Bank, N.A."): X lends to the pledgor — the
        nearest person (else organization) named before "pledged"."""
        out: list[_Draft] = []
        for a, b in p.sentences:
            for m in p.mentions_in(a, b, "ORG", pronouns=False):
                if m.key in known:
                    continue
                pm = _PLEDGE.search(p.text, max(a, m.start - _W["pledge_before"]), m.start)
                if not pm:
                    continue
                tm = None if _RX["secure_word"].search(pm.group(0)) else _PLEDGE_TAIL.match(p.text, m.end, b)
                if tm is None and not _RX["secure_word"].search(pm.group(0)):
                    continue
                before = [x for x in p.mentions_in(a, m.start) if x.key != m.key]
                persons = [x for x in before if x.label == "PERSON"]
                pledgors = persons or before
                if not pledgors:
                    continue
                pledgor = pledgors[-1]
                d = _Draft(lenders=[m], borrower=pledgor.key, span=(a, b))
                tail = pm.group(0) + (tm.group(0) if tm else "")
                for rx, name in _TYPES:
                    if rx.search(tail) and name != "note":
                        d.attrs["facilityType"] = name
                        break
                out.append(d)
                known.add(m.key)
        return out

    def _borrower(self, p: Passage, a: int, b: int, triggers: list[re.Match[str]], lenders: list[Mention],
                  guarantors: list[str], agents: list[str]) -> str | None:
        """The borrower of a sentence's facility: "between A and B", "loans to X", the party defined as
        the Borrower, else the nearest candidate before the facility; None when there is none (the issuer
        then borrows), "" when unnamed others borrow ("Independent dealers … with lenders, including X")."""
        between = self._between(p, a, lenders)
        if between is not None:
            return between
        lender_keys = {m.key for m in lenders} | set(agents)  # an agent or arranger does not borrow
        for m in p.mentions_in(a, b, "ORG"):
            if m.key in lender_keys:
                continue
            if _BORROWER_TO.search(p.text[max(a, m.start - _W["borrower_to_before"]) : m.start]) \
                    and not _ASSIGNED_TO.search(p.text, max(a, m.start - _W["assigned_to_before"]), m.start):
                return m.key
        first = min([t.start() for t in triggers] + [m.start for m in lenders])
        cands = [m for m in p.mentions_in(a, first, "ORG")
                 if m.key not in lender_keys and not _NOT_LENDER_BEFORE.search(p.text[max(a, m.start - _W["owner_of_before"]) : m.start])
                 and not quoted_term(p.text, m) and not _NOT_LENDER_NAME.search(m.text)]  # no exchange borrows
        if any(m.key not in guarantors for m in cands):
            cands = [m for m in cands if m.key not in guarantors]  # "the Company, as parent guarantor": no borrower
        if _RX["generic_borrower_subject"].match(p.text, a, first) and all(
                m.key == p.ctx.issuer_key and _RX["possessive_after"].match(p.text, m.end, first) for m in cands):
            return ""  # "Independent dealers … finance their purchases with third-party lenders, including X": no fact
        defined = self._defined_borrower(p)
        if defined is not None and any(m.key == defined for m in cands):
            return defined  # the party the document calls "the Borrower" is named before the facility
        # the issuer when its reference is the nearest candidate that is no object of a preposition
        # ("the acquisition of X, we entered into …"; a possessive only in the facility's own clause:
        # "our credit facility"), else the nearest named candidate as before
        subjects = [m for m in cands
                    if not _BORROWER_OBJECT.search(p.text, max(a, m.start - _W["borrower_object_before"]), m.start)
                    and not (m.pronoun and _POSSESSIVE.fullmatch(m.text) and "," in p.text[m.end : first])]
        head = next((m for m in subjects if not m.pronoun and _RX["relative_clause_after"].match(p.text, m.end, first)), None)
        if head is not None:
            # "X (the “Nantong JV”), which is owned 60% by the Company's subsidiary Y and 40% by Z, signed a loan
            # agreement": the subject before the relative clause borrows, not a name inside it
            return head.key
        if subjects:
            # "we"/"the Company" nearest, or the named subject: an object named after it ("X, the operating
            # partnership of Y, entered into …"; "the acquisition of Y, X entered into …") does not borrow
            return subjects[-1].key
        named = [m for m in cands if not m.pronoun]
        if named:
            return named[-1].key
        if cands:
            return cands[-1].key
        return None

    def _guarantors(self, p: Passage, a: int, b: int, listed: dict[int, _Capacity]) -> list[str]:
        """Who guarantees a sentence's facility: "guaranteed by X", "X guarantees …", or a party list's
        "X, as parent guarantor" (``listed``: the capacities _groups read)."""
        out = []
        prev: Mention | None = None  # the guarantor before, whose list a name may go on
        for m in p.mentions_in(a, b):
            if prev is not None and m.start < prev.end:
                continue
            head = p.text[max(a, m.start - _W["guaranteed_by_before"]) : m.start]
            g = listed.get(m.start)
            by = bool(_GUARANTEE_BY.search(head))
            listed_on = prev is not None and bool(_GUARANTOR_LIST_GAP.fullmatch(p.text, prev.end, m.start))
            if (g is not None and g.guarantees and not g.lends and not g.borrows) or listed_on or by \
                    or _GUARANTOR_VERB.match(p.text, m.end, b):
                if m.key not in out:
                    out.append(m.key)
                prev = m if by or listed_on else None
            else:
                prev = None
        return out

    # -- terms ---------------------------------------------------------------------------
    def _terms(self, p: Passage, a: int, b: int, triggers: list[re.Match[str]], d: _Draft) -> None:
        s = p.text[a:b]
        if triggers and "facilityType" not in d.attrs:
            t = triggers[0].group(0)
            for rx, name in _TYPES:
                if rx.search(t):
                    d.attrs["facilityType"] = name
                    break
        if "amount" not in d.attrs:
            best = None
            for ms, me, amount, cur in find_money(s):
                if _RX["installment_before"].search(s, max(0, ms - _W["amount_cue_before"]), ms):
                    continue  # "due in monthly installments of $5,000": a payment, not the facility's amount
                cue = _AMOUNT_CUE.search(s[max(0, ms - _W["amount_cue_before"]) : ms])
                strong = cue and cue.group(0).strip().lower() not in ("of",)
                follows_noun = bool(_FACILITY.match(s, me + _W["amount_noun_gap"])) or bool(_RX["facility_word_after_amount"].match(s[me:]))
                rank = 0 if (strong or follows_noun) else 1 if cue else 2
                if best is None or rank < best[0]:
                    best = (rank, amount, cur)
            if best and best[0] < 2:
                d.attrs["amount"], d.attrs["currency"] = best[1], best[2]
        if "interestRate" not in d.attrs:
            r = _RATE.search(s)
            if r:
                d.attrs["interestRate"] = _COMMON_RX["whitespace"].sub(" ", r.group(0)).strip()
        for name, cue_rx in (("maturityDate", _MATURITY), ("startDate", _START)):
            if name not in d.attrs:
                cm = cue_rx.search(s)
                date = date_at(s, cm.end(), _W["date_after_cue"], slack=_W["date_after_cue_slack"]) if cm else None
                if date:
                    d.attrs[name] = date
        if "startDate" not in d.attrs and _RX["signed_verb"].search(s):
            found = find_dates(s)
            if found:
                d.attrs["startDate"] = found[0][2]


make_lenders = role_factory("corpkg_lenders", LenderExtractor, role=ROLE)


def finalize(facts: list[Fact]) -> list[Fact]:
    """Filing-level clean-up of the filer standing in for a borrower no sentence named: a lender that another
    sentence of the filing pairs with a named borrower other than the filer ("X Owner LLC obtained a loan from
    Y" … "the financing from Y") lends to that borrower, not to the filer as well. The marker itself goes with
    the other internal attributes in ``run.finalize_facts``."""
    named: dict[str, set[str]] = {}
    for f in facts:
        if f.role == ROLE and BY_DEFAULT not in dict(f.attributes):
            for k in f.participant("lender"):
                named.setdefault(k, set()).update(f.participant("borrower"))
    out = []
    for f in facts:
        if f.role != ROLE or BY_DEFAULT not in dict(f.attributes):
            out.append(f)
            continue
        borrowers = set(f.participant("borrower"))
        gone = {k for k in f.participant("lender") if named.get(k, set()) - borrowers}
        parts = tuple(x for x in f.participants if not (x[0] == "lender" and x[1] in gone))
        if gone and not any(s in ("lender", "agent") for s, _ in parts):
            continue
        out.append(Fact(f.role, parts, f.attributes, f.evidence) if gone else f)
    return out

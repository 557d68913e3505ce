"""Officers and directors: who holds which title at which organization, since and until when.

Signals (``patterns/roles/officers.json``; titles in ``patterns/roles/titles.tsv``):
- a person followed by a run of titles: apposition ("Robert J. Scott, President"), copula and
  tenure ("X has served as our Chief Financial Officer since 2001"), appointments ("X was
  appointed Chief Executive Officer", "X became the Company's sole Director and President"),
  resignations ("Mr. Shaver has resigned his position as Executive Vice President"),
  signature blocks ("/s/ X" … "President, Chief Executive Officer and Director") and
  management tables ("X   52   President and Director");
- a run of titles followed by a person ("President Robert J. Scott", "our Chief Executive
  Officer, X"; "the Board appointed X as CFO"), unless an unrecognised body's name stands
  before the titles ("ELFA President X");
- further seats of the same person, each with its own organization ("CEO of A from 2006 to
  2013, and before that CFO of B plc"; "EVP since 2022; Managing Director at C, a bank, from
  2013 to 2021"); "X joined Y in 2001 as Vice President";
- nominees in the vote results of an election of directors, and "the continuing Class III
  Directors are A, B and C" (directors of the issuer).
The organization is the one named with the title ("President of Acme", "Acme's President",
"President, Acme Corp., said", "CEO of <division> at Acme"), the company heading a signature
block (every company of a list headed by it, one per line or run together; a co-signer with a
title shares it), the company below a letter's closing, otherwise the issuer — never the issuer
when an unrecognised party heads the signature block ("Bank of Montreal, as a Lender").
Mentions typed PERSON whose words name a body ("White House") hold no seat.
"""

from __future__ import annotations

import re
from dataclasses import replace

from spacy.tokens import Doc

from corpkg.extract import lines
from corpkg.extract.model import Document, Evidence, Fact
from corpkg.extract.names import gendered_honorifics, load_list
from corpkg.extract.nlp import doc_text
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import (
    COMMON,
    Mention,
    Passage,
    RoleContext,
    date_at,
    enumeration_before,
    enumeration_from,
    event_date,
    find_dates,
    find_titles,
    limits,
    load_json,
    merge_facts,
    prefilter_of,
    regexes,
    template,
    windows,
)

__all__ = ["OfficerExtractor", "finalize"]

ROLE = "position"
UNLESS_SEATED = "_unless_seated"  # a seat only the agreement tells: dropped when the filing gives the person a titled one
PATTERNS = "officers.json"
Run = tuple[int, int, list[str]]  # a run of titles: start, end, canonical titles

_DATA = load_json(PATTERNS)
_RX = regexes(PATTERNS)
_COMMON_RX = regexes(COMMON)
_W = windows(PATTERNS)
_L = limits(PATTERNS)
_HEADING_LINE = template(PATTERNS, "heading_line")
_APPOINT = _RX["appointment_word"]
_RESIGN = _RX["resignation_word"]
_FORMER = _RX["former_word"]

# words allowed between a person and the titles that follow ("Mr. Shaver has resigned his
# position as Executive Vice President")
_FILLER = _RX["filler"]
# "joined the Board", "resigned from the Board", "serves on the boards of directors of": a seat (Director);
# the run starts at "Board" (the preposition and determiner are filler)
_BOARD = _RX["board_seat"]
_RUN_GAP = _RX["title_run_gap"]
_BEFORE_GAP = _RX["title_before_person_gap"]
# "President of Acme", "a partner at the law firm of Acme", "Chairman of both A and B"
_ORG_TAIL = _RX["organization_tail"]
# "Vice President of Services Marketing at Apple, Inc."
_DEPT_TAIL = _RX["department_tail"]
# "Vice President of Finance and Administration": a function inside the organization, not another body
_FUNCTIONAL = _RX["functional_after"]
_EXPLICIT = frozenset(_DATA["explicit_org_titles"])
# "Director of Finance", "Head of Corporate Affairs": a seat only at an organization named with it
_FUNCTIONAL_TITLE = _RX["functional_title"]
_NOT_BEFORE_EXPLICIT = _RX["manager_not_before_word"]
_GAP_DROP = [re.compile(x) for x in _DATA["enumeration_gap_drop"]]
_APPOSITION = _RX["apposition_gap"]
_ENUM_GAP = _RX["organization_enumeration_gap"]
_PERSON_ENUM_GAP = _RX["person_enumeration_gap"]
_RELATIVE = _RX["relative_clause"]
_OF_SOMETHING = _RX["of_something_after"]
_PRONOUN = _RX["he_she"]
_GENDERS = {h.lower(): g for h, g in gendered_honorifics().items()}
# a gendered honorific right before or inside a person mention ("Ms. Roe")
_GENDERED_HONORIFIC = template(PATTERNS, "gendered_honorific").compile(
    honorifics="|".join(sorted(map(re.escape, gendered_honorifics()), key=len, reverse=True)))
# what may stand before a person who opens a sentence: a quote mark, an honorific ("Mr. Roe was …")
_SENTENCE_OPENING = template(PATTERNS, "sentence_opening").compile(
    honorifics="|".join(sorted({re.escape(h.rstrip(".")) for h in load_list("honorifics.txt")}, key=len, reverse=True)))
_SIGNATURE = _RX["signature_word"]
# a line of a signature block between the company heading it and the signer ("By: /s/ X", "Name: X")
_SIG_LINE = _RX["signature_line_start"]
# the company line above a signer: "CHINA INVESTMENT CORPORATION", "By: Icahn Enterprises G.P. Inc., its
# general partner", "ACME, INC. (Registrant)"
_SIG_ORG_BEFORE = _RX["signature_org_before"]
_SIG_ORG_AFTER = _RX["signature_org_after"]
# Schedule A tables: "Officers and Directors of X", "Position with X"
_TABLE_HEAD = _RX["table_heading_of"]
_ISSUER_WORD = _RX["issuer_word"]
_TITLE_LEAD = _RX["title_lead"]
_GROUP_TITLES: dict[str, str] = _DATA["group_titles"]


def _strip_titles(text: str) -> str:
    """``text`` without its title phrases (what remains between them)."""
    out, pos = [], 0
    for a, b, _ in find_titles(text):
        out.append(text[pos:a])
        pos = b
    out.append(text[pos:])
    return "".join(out)


class OfficerExtractor(RoleComponent):
    attr = "role_officers"
    role_name = "officers"
    prefilter = prefilter_of(PATTERNS)
    _heads_cache: tuple[Document | None, list[tuple[int, str | None]]] | None = None

    # -- pieces ------------------------------------------------------------------------
    @staticmethod
    def _runs(p: Passage, a: int, b: int) -> list[tuple[int, int, list[str]]]:
        """Maximal runs of titles in [a, b): (start, end, canonical titles)."""
        found = [(a + s, a + e, c) for s, e, c in find_titles(p.text[a:b])]
        found += [(a + m.start("seat"), a + m.end(), ("Trustee",) if "trustee" in m.group("seat").lower() else ("Director",))
                  for m in _BOARD.finditer(p.text[a:b])]
        # "elected A and B as Directors": a plural seat shared by an enumeration, never "the Board of Directors"
        found += [(a + m.start("seat"), a + m.end("seat"), ("Director",)) for m in _RX["plural_seat"].finditer(p.text[a:b])]
        functional = OfficerExtractor._functional_runs(p, a, b)
        found = [f for f in found if not any(s < f[1] and f[0] < e for s, e, _ in functional)] + functional
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

    @staticmethod
    def _functional_runs(p: Passage, a: int, b: int) -> list[tuple[int, int, tuple[str, ...]]]:
        """Department-qualified titles in [a, b) ("Director of Finance", "Head of Public Affairs"),
        each its own canonical title; none that holds a recognised organization ("Head of Acme")."""
        orgs = p.mentions_in(a, b, "ORG", pronouns=False)
        out: list[tuple[int, int, tuple[str, ...]]] = []
        for m in _FUNCTIONAL_TITLE.finditer(p.text, a, b):
            if any(o.start < m.end() and m.start() < o.end for o in orgs):
                continue
            out.append((m.start(), m.end(), (_COMMON_RX["whitespace"].sub(" ", m.group(0)),)))
        return out

    def _org_after(self, p: Passage, end: int, b: int) -> tuple[Mention | None, int]:
        for m in p.mentions_in(end, b, "ORG"):
            gap = p.text[end : m.start]
            if _ORG_TAIL.fullmatch(gap) or (not m.pronoun and _DEPT_TAIL.fullmatch(gap)):
                # "CEO of Wealth Management at JPMorgan Chase & Co.": a division, then its company
                later = [x for x in p.mentions_in(m.end, b, "ORG", pronouns=False) if x.start >= m.end]
                if later and not m.pronoun and _RX["division_at"].fullmatch(p.text, m.end, later[0].start):
                    return later[0], later[0].end
                if not m.pronoun and _RX["function_noun_after"].match(p.text, m.end, b):
                    return None, end  # "Director of ETF operations": a function, not an employer
                return m, m.end
            # "Tom Poe, President, Harbor Leasing Company, said", "Senior Vice President, Regulatory
            # Affairs, Gizmo AG from 1999": the company in apposition, ending the phrase
            if not m.pronoun and _RX["comma_apposition_org"].fullmatch(gap) and _RX["apposition_org_end"].match(p.text, m.end):
                return m, m.end
            # a table cell "Chairman and Chief Executive Officer, China Investment Corporation" (the
            # reader renders cells tab-separated): the company ends the cell
            if (not m.pronoun and _RX["comma_space"].fullmatch(gap) and _RX["cell_end"].match(p.text[m.end :])
                    and "\t" in p.text[p.text.rfind("\n", 0, end) + 1 : end]):
                return m, m.end
            break
        return None, end

    @staticmethod
    def _represented(p: Passage, a: int, person: Mention) -> Mention | None:
        """"… and on behalf of Parent were Mark Land, Chief Executive Officer, and Andrew Hopkins, Chief
        Scientific Officer": the organization the persons listed after "on behalf of X were" speak for
        (no other organization named between)."""
        for m in reversed(p.mentions_in(a, person.start, "ORG")):
            if not _RX["on_behalf_before"].search(p.text, max(a, m.start - _W["on_behalf_before"]), m.start):
                return None  # the nearest organization before the person is no "on behalf of X"
            return m if _RX["behalf_verb_after"].match(p.text, m.end, person.start) else None
        return None

    @staticmethod
    def _org_below(p: Passage, end: int) -> Mention | None:
        """A cover-page contact block: name / title / company, one per line ("Andrew Teno" /
        "President and Chief Executive Officer" / "Icahn Enterprises L.P.")."""
        nl = _RX["line_break"].match(p.text[end:])
        if nl is None or _SIGNATURE.search(p.text):
            return None
        at = end + nl.end()
        for m in p.mentions_in(at, len(p.text), "ORG", pronouns=False):
            line_end = p.text.find("\n", m.end)
            rest = p.text[m.end : line_end if line_end >= 0 else len(p.text)]
            if m.start == at and _RX["trailing_punctuation"].fullmatch(rest):
                return m
            break
        return None

    @staticmethod
    def _org_enum(p: Passage, first: Mention, persons: list[Mention]) -> list[Mention]:
        """``first`` and the organizations that continue an enumeration after it: "the board of
        directors of A, B (parent of X) and C", "IAC since 2008, Liberty Expedia since November 2016",
        "Ripple, a financial services technology startup; and Turo"."""
        out = [first]
        cur = first
        for m in p.mentions_in(first.end, len(p.text), "ORG", pronouns=False):
            if m.start < cur.end:
                continue
            gap = p.text[cur.end : m.start]
            if gap.count("(") > gap.count(")"):
                continue  # a parenthesis about the previous member ("(parent of Shutterfly)")
            if any(cur.end <= q.start < m.start for q in persons):
                break
            if _RX["apposition_open"].fullmatch(gap):
                continue  # a company inside an apposition about the previous member (", a Tidal Group company")
            g = gap.replace(",.", ",")
            for rx in _GAP_DROP:
                g = rx.sub(" ", g)
            g = _APPOSITION.sub(" ", g)
            if not _ENUM_GAP.fullmatch(g):
                break
            if p.text.startswith(("'s", "’s"), m.end):
                break  # "of Brindle Bank, the Company’s banking subsidiary": the owner of what follows, no seat
            if m.key != cur.key and m.key not in {o.key for o in out}:
                out.append(m)
            cur = m
        return out

    def _org_before(self, p: Passage, start: int, a: int) -> Mention | None:
        """"Acme's President", "our President", "the Company's Chief Executive Officer"."""
        for m in reversed(p.mentions_in(max(a, start - _W["organization_before_title"]), start, "ORG")):
            gap = p.text[m.end : start]
            if _RX["possessive_before_title"].fullmatch(gap):
                return m
            break
        return None

    def _signature_org(self, p: Passage, person: Mention) -> Mention | None:
        if not _SIGNATURE.search(p.text):
            return None
        above = self._block_heading(p, person)
        if above is not None:
            return above
        if self._unnamed_party_heading(p, person):
            return None  # "UNION BANK OF CALIFORNIA" (not recognised) heads the block: not the company above it
        orgs = [m for m in p.mentions_in(0, person.start, "ORG", pronouns=False)]
        if orgs:
            return orgs[-1]
        return self._heading_org(p)

    @staticmethod
    def _block_heading(p: Passage, person: Mention) -> Mention | None:
        """The company heading the signer's own block, found by walking up from the signer's
        name over the block's lines ("By: /s/ X", "Name: X", blank lines) to the first line that
        is a company name ("CHINA INVESTMENT CORPORATION", "By: IEP GP LLC, its general
        partner"), over the block of a co-signer who signs with a title too; another signer's
        name otherwise means the block has no heading."""
        index, doc = p.ctx.index, p.ctx.document
        if index is None or doc is None or not hasattr(index, "mentions_in"):
            return None
        full = doc.text
        s = p.start + person.start
        cur = lines.newline_before(full, s)
        if cur is None:
            return None  # a line longer than any block's
        if not _SIG_LINE.match(full, cur + 1) and not _RX["honorific_before_name"].match(full[cur + 1 : s]):
            return None  # the name must open its line or follow a block label ("By: /s/", "Name:")
        seen = 0
        co_signer = False
        while cur > 0 and seen < _L["block_heading_lines"] and s - cur < _W["block_heading_reach"]:
            above = lines.newline_before(full, cur)
            if above is None:
                return None
            ls = above + 1
            line = full[ls:cur]
            line_end, cur = cur, ls - 1
            if not line.strip():
                continue
            seen += 1
            if _RX["capacity_line"].fullmatch(line) or _RX["descriptor_line"].fullmatch(line) \
                    or (_RX["capacity_continuation_line"].fullmatch(line)
                        and not any(m[3] == "ORG" for m in index.mentions_in(ls, line_end))):
                continue  # "HANCOCK WHITNEY BANK," / "as Administrative Agent" / "By: /s/ X"; "By: X, INC.," /
                # "a Maryland corporation, its general partner" / "By: /s/ Y": Y signs for X
            ms = index.mentions_in(ls, line_end)
            if _RX["title_line"].match(line):
                co_signer = True
            if any(m[3] == "PERSON" and m[2] != person.key for m in ms):
                if co_signer and _SIG_LINE.match(line) and not any(m[3] == "ORG" for m in ms):
                    continue  # a co-signer's block with its title ("Name: Paul Arens" / "Title: Director"): same heading
                return None
            orgs = _company_line(full, ls, line_end, [m for m in ms if m[3] == "ORG"])
            if orgs:
                os_, oe, key, _ = orgs[0]
                return Mention(os_ - p.start, oe - p.start, key, "ORG", full[os_:oe])
            if any(m[3] == "ORG" for m in ms):
                return None
            if _SIG_LINE.match(line):
                continue
            return None
        return None

    @staticmethod
    def _unnamed_party_heading(p: Passage, person: Mention) -> bool:
        """The first line above a signer's block lines is a party heading naming no recognised
        organization ("Bank of Montreal, as a New Revolving Lender", "FIRST STATE BANK"): the
        signer signs for that party, not for the issuer."""
        index, doc = p.ctx.index, p.ctx.document
        if index is None or doc is None or not hasattr(index, "mentions_in"):
            return False
        full = doc.text
        cur = lines.newline_before(full, p.start + person.start)
        if cur is None or not _SIG_LINE.match(full, cur + 1):
            return False
        for _ in range(_L["block_heading_lines"]):
            above = lines.newline_before(full, cur) if cur > 0 else None
            if above is None:
                return False
            ls = above + 1
            line, cur = full[ls:cur], ls - 1
            if not line.strip() or _SIG_LINE.match(line) or _RX["capacity_line"].fullmatch(line):
                continue
            le = ls + len(line)
            # a heading wrapped over lines ("NATIONSBANK OF TEXAS, N.A., as Co-Agent" / "and Lender",
            # "KLEINWORT BENSON LIMITED, as" / "Lender")
            while cur > 0:
                wrapped = lines.newline_before(full, cur)
                if wrapped is None:
                    break
                ps = wrapped + 1
                if not (_RX["continued_line"].match(line) or _RX["continues_below"].search(full, ps, cur)):
                    break
                ls, line, cur = ps, full[ps:cur].rstrip() + " " + line.strip(), ps - 1
            if index.mentions_in(ls, le):
                return False  # a recognised company heads the block, or another signer's name line
            caption = _RX["signature_caption_prefix"].match(line)  # "ADMINISTRATIVE AGENT:      PELHAM NATIONAL BANK,"
            return bool(_RX["party_heading"].fullmatch(line[caption.end():] if caption else line))
        return False

    @staticmethod
    def _heading_list(p: Passage, head: Mention) -> list[Mention]:
        """``head`` and the companies listed on the lines right above it, one per line, that the
        same signer signs for ("GUARANTORS:" / "A LLC, a Delaware limited liability company" /
        "B LLC, an Arizona limited liability company" / "By: /s/ X"); the list ends at the first
        line that is no such company (a label, a blank line, another signer's title); a line shaped
        like one whose name the recogniser missed is passed over."""
        index, doc = p.ctx.index, p.ctx.document
        if index is None or doc is None or not hasattr(index, "mentions_in"):
            return [head]
        full = doc.text
        out = [head]
        hs = p.start + head.start
        cur = lines.newline_before(full, hs)
        if cur is None or full[cur + 1 : hs].strip():
            return out  # "By: Babson Capital LLC, as adviser": the signer signs for the line above's company through it
        line_end = lines.line_end(full, hs)
        # a list one per paragraph ("A LLC" / "" / "B LLC" / "" / "By: /s/ X") walks over its blank lines
        above = lines.line_start(full, cur) if cur > 0 else 0
        spaced = cur > 0 and not full[above:cur].strip()
        for _ in range(_L["heading_list_lines"]):
            ls = cur + 1
            ms = index.mentions_in(ls, line_end)
            blank = not full[ls:line_end].strip()
            if blank and not spaced:
                break
            if any(m[3] == "PERSON" for m in ms):
                break
            label = None
            if blank:
                orgs = []
            else:
                label = _RX["party_label"].match(full, ls)
                start = label.end() if label else ls
                orgs = _company_line(full, start, line_end, [m for m in ms if m[3] == "ORG" and m[0] >= start])
            if not blank and not orgs and _RX["company_line_shape"].fullmatch(full, ls, line_end):
                orgs = []  # "GWH NCC 13 & 14, LLC, an Arizona limited liability company" not (wholly) recognised: the list goes on
            elif not blank and not orgs:
                break
            for os_, oe, key, _ in orgs:
                if key not in {m.key for m in out}:
                    out.append(Mention(os_ - p.start, oe - p.start, key, "ORG", full[os_:oe]))
            if cur <= 0 or label is not None:
                break  # "BORROWERS:\tACME CORP.": the label opens the list
            up = lines.newline_before(full, cur)
            if up is None:
                break  # a line longer than any list's
            line_end, cur = cur, up
        return out

    @staticmethod
    def _heading_org(p: Passage) -> Mention | None:
        """The company named on its own line just above a signature passage
        ("CHINA INVESTMENT CORPORATION" / blank line / "By: /s/ …")."""
        index, doc = p.ctx.index, p.ctx.document
        if index is None or doc is None or not hasattr(index, "mentions_in"):
            return None
        text = doc.text
        lo = max(0, p.start - _W["heading_organization_before"])
        for s, e, key, label in reversed(index.mentions_in(lo, p.start)):
            if label != "ORG":
                continue
            line_start, line_end = lines.line_around(text, s, e)
            line = text[line_start:line_end]
            gap = text[e : p.start]
            if _RX["registrant_mark_gap"].fullmatch(gap) is None and not _RX["comma_space_only"].fullmatch(gap[:3]):
                return None
            if _HEADING_LINE.compile(name=re.escape(text[s:e])).fullmatch(line):
                return Mention(s - p.start, e - p.start, key, label, text[s:e])
            return None
        return None

    def _dates(self, p: Passage, a: int, b: int, kind: str) -> list[tuple[str, str]]:
        date = event_date(p, a, b, report_month=kind == "start")
        if date is None:
            return []
        return [("startDate" if kind == "start" else "endDate", date)]

    # -- Schedule A tables -----------------------------------------------------------
    def _table_heads(self, p: Passage) -> list[tuple[int, str | None]]:
        """(offset, organization key) of every table heading of the filing ("Officers and
        Directors of X", "Position with X"; None when the heading names no known organization)."""
        doc, index = p.ctx.document, p.ctx.index
        cache = self._heads_cache
        if cache is not None and cache[0] is doc:
            return cache[1]
        heads: list[tuple[int, str | None]] = []
        if doc is not None and index is not None and hasattr(index, "mentions_in"):
            full = doc.text
            for m in _TABLE_HEAD.finditer(full):
                after = [x for x in index.mentions_in(m.end(), m.end() + _W["table_heading_organization_after"]) if x[3] == "ORG"]
                if after and after[0][0] == m.end():
                    heads.append((m.start(), after[0][2]))
                elif (_ISSUER_WORD.match(full, m.end()) and full[m.start() - _W["table_heading_context"] : m.start()].strip() != ""
                      and _RX["the_before"].search(full[m.end() - _W["table_heading_the"] : m.end()])):
                    heads.append((m.start(), p.ctx.issuer_key))
                else:
                    heads.append((m.start(), None))
        self._heads_cache = (doc, heads)
        return heads

    def _schedule_row(self, p: Passage, person: Mention) -> list[Fact]:
        """A Schedule A row: the name alone on its line, an optional address line, then
        "Position ⇥ Present principal occupation"; the organization is the nearest table heading
        above (``_table_heads``); an occupation "Vice Chairman of Y" is a seat at Y too."""
        doc, index = p.ctx.document, p.ctx.index
        if person.pronoun or doc is None or index is None or not hasattr(index, "mentions_in"):
            return []
        full = doc.text
        s, e = p.start + person.start, p.start + person.end
        ls, le = lines.line_around(full, s, e)
        if not _RX["honorific_only"].fullmatch(full[ls:s]) or not _RX["footnote_mark_only"].fullmatch(full[e:le]):
            return []
        heads = [h for h in self._table_heads(p) if h[0] < s]
        if not heads or s - heads[-1][0] > _W["schedule_row_after_heading"] or heads[-1][1] is None:
            return []
        org_key = heads[-1][1]
        # the row: up to two lines without a tab (an address), then the position line
        pos, row = le, None
        for _ in range(_L["schedule_row_lines"]):
            while pos < len(full) and full[pos] == "\n":
                pos += 1
            nl = lines.line_end(full, pos)
            line = full[pos:nl]
            if not line.strip() or pos - le > _W["schedule_row_reach"]:
                break
            if any(m[3] == "PERSON" for m in index.mentions_in(pos, nl)):
                break
            if "\t" in line:
                row = (pos, nl)
                break
            if find_titles(line):
                break
            pos = nl
        if row is None:
            return []
        cells = full[row[0] : row[1]].split("\t")
        first = self._cell_titles(cells[0])
        if first is None:
            return []
        facts = [self._row_fact(p, person, org_key, first, cells[0].strip(), s, row[1])]
        if len(cells) > 1:
            cell_start = row[0] + len(cells[0]) + 1
            occ = self._occupation(p, full, cell_start, cell_start + len(cells[1]), org_key)
            if occ is not None and occ[0] != org_key:
                facts.append(self._row_fact(p, person, occ[0], occ[1], occ[2], s, row[1]))
        return facts

    @staticmethod
    def _cell_titles(cell: str) -> list[str] | None:
        """Canonical titles of a position cell that opens with a title ("Non-Executive
        Director", "Chairman of the Board of Supervisors" → no canonical title but a seat);
        None when the cell is no position."""
        found = find_titles(cell)
        lead = _TITLE_LEAD.match(cell)
        if not found or found[0][0] != (lead.end() if lead else 0):
            return None
        out: list[str] = []
        for _, end, canon in found:
            if _OF_SOMETHING.match(cell, end) and not _FUNCTIONAL.match(cell, end):
                continue  # "Chairman of the Board of Supervisors", "Secretary of Discipline … Commission"
            out += [c for c in canon if c not in out]
        return out

    def _occupation(self, p: Passage, full: str, a: int, b: int, org_key: str) -> tuple[str, list[str], str] | None:
        """"Vice Chairman, President and Chief Investment Officer of China Investment
        Corporation" → (organization key, titles, printed title); the organization must end
        the cell (a parenthesised short name may follow)."""
        index = p.ctx.index
        if index is None or not hasattr(index, "mentions_in"):
            return None
        for os_, oe, key, label in index.mentions_in(a, b):
            if label != "ORG":
                continue
            gap = _RX["occupation_org_gap"].search(full[a:os_])
            if gap is None or not _RX["cell_tail"].fullmatch(full[oe:b]):
                continue
            inner = _RX["inner_body"].search(full[os_:oe])
            if inner and p.ctx.resolve_key(inner.group(1)) == org_key:
                return None  # "Secretary of Discipline Inspecting Commission of CIC": a body inside CIC
            printed = full[a : a + gap.start()].strip()
            titles = self._cell_titles(printed)
            if not titles or not _RX["title_list_glue"].fullmatch(_strip_titles(printed)):
                return None
            return key, titles, printed
        return None

    def _signature_below(self, p: Passage, person: Mention) -> list[Fact]:
        """A signer's name under or after "By: /s/ …" ("Michael D. Craighead", "By: /s/ Wendy
        Cassity", "Name: Daniel D. Tempesta", "Date: … By: Spencer G. Smul") with the title on
        the lines below, each its own passage in HTML renderings ("Chief Financial Officer",
        "Title: Executive Vice President", two title lines; when the next line repeats the signer
        ("Name: X"), that line is read instead); the organization heads the block (``_block_heading``), else the
        schedule's signer or the issuer."""
        doc, index = p.ctx.document, p.ctx.index
        if doc is None:
            return []
        full = doc.text
        s, e = p.start + person.start, p.start + person.end
        ls = lines.line_start(full, s)
        if not _RX["signer_prefix"].fullmatch(full, ls, s) or not _RX["signed_by"].search(full[max(0, s - _W["signed_by_before"]) : s]):
            return []
        if not _RX["line_end_only"].match(full, e):
            return []
        printed: list[str] = []
        canon: list[str] = []
        pos, end = e, e
        for _ in range(_L["signature_below_lines"]):
            m = _RX["next_line"].match(full, pos)
            if m is None:
                break
            line = m.group(1)
            if not _RX["signature_line_marks"].sub("", line):
                pos = m.end()  # a rule under the signature ("By: /s/ X" / "-----" / "Its: CEO")
                continue
            if index is not None and hasattr(index, "mentions_in") and not printed:
                same = [x for x in index.mentions_in(m.start(1), m.end(1)) if x[3] == "PERSON"]
                if same and all(x[2] == person.key for x in same) and _RX["signer_prefix"].fullmatch(full, m.start(1), same[0][0]) \
                        and _RX["line_end_only"].match(full, same[-1][1]):
                    return []  # "Name: X" repeating the signer under "By: /s/ X": read from there
            label = _RX["title_label"].match(line)
            body = line[label.end() :] if label else line
            if not printed and _same_name(body, person.text):
                # "/s/ SUSAN J. ROE" / "Susan J. Roe Chief Accounting Officer (Principal Accounting
                # Officer)": the signer's name printed again in another case, then the titles
                body = body.lstrip()[len(person.text) :]
                body = _RX["title_parentheses"].sub(" ", body)
            titles = find_titles(body)
            if not titles or _RX["title_glue_chars"].sub("", _strip_titles(body)):
                break
            printed.append(body.strip())
            for _, _, c in titles:
                canon += [x for x in c if x not in canon]
            pos = end = m.end()
        if not printed:
            return []
        head = self._block_heading(p, person) or self._company_below(p, end)
        org_key = head.key if head is not None else (p.ctx.signer_key or p.ctx.issuer_key)
        if org_key is None:
            return []
        return [self._row_fact(p, person, org_key, canon, ", ".join(printed), s, end)]

    def _signer_repeated(self, p: Passage, person: Mention) -> list[Fact]:
        """A signer whose name the next line prints again in another case before the titles
        ("Date: … ⇥ /s/ SUSAN J. ROE" / "Susan J. Roe Chief Accounting Officer"), read like a title
        under the signer (the line's name is no mention, so nothing else reads it)."""
        doc = p.ctx.document
        if doc is None or person.pronoun:
            return []
        m = _RX["next_line"].match(doc.text, p.start + person.end)
        if m is None or not _same_name(m.group(1), person.text):
            return []
        return self._signature_below(p, person)

    @staticmethod
    def _company_below(p: Passage, at: int) -> Mention | None:
        """The company on the next non-blank line below a closing's title line ("Sincerely," /
        "Sal Roe" / "President" / "Teucrium Trading, LLC,"), alone on it or with its capacity."""
        index, doc = p.ctx.index, p.ctx.document
        if index is None or doc is None or not hasattr(index, "mentions_in"):
            return None
        full = doc.text
        m = _RX["next_line"].match(full, at)
        if m is None:
            return None
        ls, le = m.start(1), m.end(1)
        orgs = [x for x in index.mentions_in(ls, le) if x[3] == "ORG"]
        if orgs and orgs[0][0] == ls and _SIG_ORG_AFTER.fullmatch(full, orgs[0][1], le):
            os_, oe, key, _ = orgs[0]
            return Mention(os_ - p.start, oe - p.start, key, "ORG", full[os_:oe])
        return None

    def _row_fact(self, p: Passage, person: Mention, org_key: str, titles: list[str], printed: str, s: int, e: int) -> Fact:
        doc = p.ctx.document
        assert doc is not None, "a row fact is made only for a passage of a Document"
        full = doc.text
        attrs = [("title", t) for t in titles]
        attrs += [("printedTitle", _COMMON_RX["whitespace"].sub(" ", printed)), ("status", "current")]
        ev = Evidence(quote=full[s:e], start=s, end=e, section=p.ctx.section_title(s), extractor=self.extractor)
        return Fact(role=ROLE, participants=(("holder", person.key), ("organization", org_key)),
                    attributes=tuple(dict.fromkeys(attrs)), evidence=(ev,))

    def __call__(self, doc: Doc) -> Doc:
        """Passages without a title word can still hold a Schedule A row's name line, a row of vote
        results or of an executives' pay table."""
        if self.prefilter.search(doc_text(doc)) or not any(ent.label_ == "PERSON" for ent in doc.ents):
            return super().__call__(doc)
        p = Passage(doc)
        _drop_unlikely_persons(p)
        facts: list[Fact] = []
        for m in p.mentions_in(0, len(p.text), "PERSON", pronouns=False):
            facts += self._schedule_row(p, m) or self._signature_below(p, m) or self._vote_row(p, m) or self._pay_row(p, m)
        doc._.set(self.attr, merge_facts([_with_title(f) for f in facts]))
        return doc

    def _issuer_row(self, p: Passage, person: Mention, cells: str, above_key: str) -> tuple[str, Evidence, str] | None:
        """A table row of the filing whose line the person's name opens (after a list mark or an
        honorific) and whose other cells ``_RX[cells]`` read to the line end, with an issuer to hold the
        seat: (the issuer, the row as evidence, the text of the ``_W[above_key]`` characters above it)."""
        doc, issuer = p.ctx.document, p.ctx.issuer_key
        if person.pronoun or doc is None or issuer is None:
            return None
        full = doc.text
        s, e = p.start + person.start, p.start + person.end
        ls, le = lines.line_around(full, s, e)
        if not _RX["vote_row_lead"].fullmatch(full[ls:s]) or not _RX[cells].fullmatch(full, e, le):
            return None
        ev = Evidence(quote=full[s:le], start=s, end=le, section=p.ctx.section_title(s), extractor=self.extractor)
        return issuer, ev, full[max(0, ls - _W[above_key]) : ls]

    @staticmethod
    def _issuer_seat(person: Mention, issuer: str, ev: Evidence, title: str) -> list[Fact]:
        """The seat a table row gives its person at the issuer."""
        attrs = (("title", title), ("printedTitle", title), ("status", "current"))
        return [Fact(role=ROLE, participants=(("holder", person.key), ("organization", issuer)), attributes=attrs, evidence=(ev,))]

    def _vote_row(self, p: Passage, person: Mention) -> list[Fact]:
        """A row of the results of an election of directors ("Election of Directors:" / "Nominee
        ⇥ For ⇥ Against" / "Susan E. Arnold ⇥ 1,127,767,300 ⇥ 27,422,463"): the nominee is a
        director of the issuer. The name opens its line and vote counts alone follow it; the last
        proposal named above the row must be the election (not a ratification or an advisory vote)."""
        row = self._issuer_row(p, person, "vote_counts", "vote_heading_before")
        if row is None:
            return []
        issuer, ev, above = row
        heads = list(_RX["election_heading"].finditer(above))
        if not heads or _RX["other_proposal"].search(above, heads[-1].end()):
            return []
        return self._issuer_seat(person, issuer, ev, "Director")

    def _pay_row(self, p: Passage, person: Mention) -> list[Fact]:
        """A row of an executives' pay table ("Name ⇥ Fiscal 2014 Target Bonus …" / "Paul A. Ricci ⇥
        $1,200,000 ⇥ 50% ⇥ 39,113 ⇥ $600,000"), the text above it about bonuses, salaries or awards of the
        (named) executive officers and not of the directors: the person is an executive officer of the
        issuer. The name opens its line and amounts alone, one in dollars, follow it."""
        row = self._issuer_row(p, person, "pay_amounts", "pay_heading_before")
        if row is None:
            return []
        issuer, ev, above = row
        heads = list(_RX["pay_table_head"].finditer(above))
        if not heads:
            return []
        said = above[: heads[-1].start()]
        if not _RX["pay_cue"].search(said) or _RX["pay_not_cue"].search(said):
            return []
        return self._issuer_seat(person, issuer, ev, "Named Executive Officer" if _RX["named_executive"].search(said)
                                 else "Executive Officer")

    # -- rules -------------------------------------------------------------------------
    def extract(self, p: Passage) -> list[Fact]:
        """Position facts of a passage; every one carries a ckg:title (the contract requires it):
        a seat whose printed title maps to no canonical title keeps the printed one as its title."""
        facts = _committee_chairs(p, [_with_title(f) for f in self._extract(p)])
        titled = {f.participant("holder")[0] for f in facts if f.participant("holder") and UNLESS_SEATED not in dict(f.attributes)}
        facts = [f for f in facts if UNLESS_SEATED not in dict(f.attributes) or f.participant("holder")[0] not in titled]
        facts += self._also_directors(p, facts)
        issuer = p.ctx.issuer_key
        if issuer and any(("organization", issuer) in f.participants for f in facts) and (manager := _manager_key(p.ctx)):
            # a partnership, fund or trust with no officers of its own: its officers and directors
            # are its general partner's, sponsor's or managing owner's (trustees stay the trust's)
            facts = [replace(f, participants=tuple((s, manager if s == "organization" and k == issuer else k) for s, k in f.participants))
                     if not any(k == "title" and v == "Trustee" for k, v in f.attributes) else f for f in facts]
        return facts

    def _also_directors(self, p: Passage, facts: list[Fact]) -> list[Fact]:
        """"Each director of the Company also serves as a director of the Bank" (a bank holding
        company and its bank, a parent and its operating company): from that statement on, every
        director of the issuer is a director of that organization too, each seat with the statement
        as a second piece of evidence."""
        issuer = p.ctx.issuer_key
        if issuer is None:
            return []
        for m in _RX["also_directors_of"].finditer(p.text):
            org = next((o for o in p.mentions_in(m.start(), len(p.text), "ORG") if m.end() - 4 <= o.start <= m.end()), None)
            if org is not None and org.key != issuer:
                p.ctx.memo["also_directors_of"] = (org.key, p.evidence(m.start(), org.end, self.extractor))
        also = p.ctx.memo.get("also_directors_of")
        if also is None:
            return []
        key, said = also
        out: list[Fact] = []
        for f in facts:
            if (("organization", issuer) in f.participants and ("title", "Director") in f.attributes
                    and not any(("organization", key) in g.participants and g.participant("holder") == f.participant("holder")
                                for g in facts)):
                attrs = tuple(a for a in f.attributes if a[0] in ("status", "startDate", "endDate")) + (("title", "Director"),)
                out.append(replace(f, participants=tuple((s, key if s == "organization" else k) for s, k in f.participants),
                                   attributes=attrs + (("printedTitle", "Director"),), evidence=f.evidence + (said,)))
        return out

    def _extract(self, p: Passage) -> list[Fact]:
        facts: list[Fact] = []
        _drop_unlikely_persons(p)
        self._pronouns(p)
        rows: set[tuple[int, int]] = set()
        for m in p.mentions_in(0, len(p.text), "PERSON", pronouns=False):
            found = self._schedule_row(p, m) or self._vote_row(p, m) or self._pay_row(p, m) or self._signer_repeated(p, m)
            if found:
                facts += found
                rows.add((m.start, m.end))
        if rows:
            p.mentions = [m for m in p.mentions if (m.start, m.end) not in rows]
        for a, b in self._blocks(p):
            persons = p.mentions_in(a, b, "PERSON")
            if not persons:
                continue
            runs = self._runs(p, a, b)
            if not runs:
                continue
            used_runs: set[int] = set()
            succeeded: set[int] = set()  # persons succeeded, whose seat _succeeds has read
            for person in persons:
                if person.start in succeeded:
                    continue
                facts += (self._succeeds(p, a, b, person, runs, used_runs, succeeded) or self._after(p, a, b, person, runs, used_runs)
                          or self._before(p, a, b, person, runs, used_runs))
            facts += self._continued(p, a, b, runs, used_runs)
            facts += self._second_predicate(p, a, b, runs, used_runs)
        for a, b in self._blocks(p):
            facts += self._directors_are(p, a, b)
            facts += self._boards_of(p, a, b)
            facts += self._founded(p, a, b)
        if not any(m.label == "PERSON" for m in p.mentions):
            facts += self._detached_signature(p)
        return facts

    @staticmethod
    def _pronouns(p: Passage) -> None:
        """Sentence-initial "He"/"She" in a biography passage about one person is that person; in a
        passage about several, the person who opens the closest sentence before it (the subject of
        a biography's sentences), passing over one whose honorific says the other gender ("Ms. Roe
        joined us in 2015. Mr. Doe … She previously served as" → Ms. Roe)."""
        persons = [m for m in p.mentions if m.label == "PERSON" and not m.pronoun]
        people = {m.key for m in persons}
        if not people:
            return
        found = [(m.span(g), m.group(g)) for m in _PRONOUN.finditer(p.text)
                 for g in ("pronoun", "late", "lead", "bare") if m.group(g)]
        first = min(m.start for m in persons)
        extra: list[Mention] = []
        if len(people) == 1:
            (key,) = people
            extra = [Mention(s, e, key, "PERSON", p.text[s:e], pronoun=True) for (s, e), _ in found if s > first]
        else:
            gender = {m.key: g for m in persons if (g := _honorific_gender(p.text, m))}
            openers = [m for m in persons if _opens_sentence(p, m)]
            for (s, e), word in found:
                want = "male" if word.lower() in ("he", "his") else "female"
                cands = [m for m in openers if m.end <= s and gender.get(m.key, want) == want]
                if cands:
                    extra.append(Mention(s, e, cands[-1].key, "PERSON", p.text[s:e], pronoun=True))
        if extra:
            p.mentions = sorted(p.mentions + extra, key=lambda m: (m.start, m.end))

    def _blocks(self, p: Passage) -> list[tuple[int, int]]:
        """Sentences; signature blocks and tables (several short lines) are read line-wise
        as one block."""
        breaks = p.text.count("\n")
        if _SIGNATURE.search(p.text) or breaks >= _L["block_line_breaks"] and len(p.text) / (breaks + 1) < _W["block_line_length"]:
            return [(0, len(p.text))]
        # a list of seats, one per line, each closed by a semicolon ("… since January 2025;" /
        # "Managing Director at C, a bank, from 2013 to 2021;"): the lines after the first name no
        # person and belong to the one named above them
        out: list[tuple[int, int]] = []
        for a, b in p.sentences:
            if (out and _RX["list_item_break"].fullmatch(p.text, out[-1][1] - 1, a)
                    and not p.mentions_in(a, b, "PERSON", pronouns=False)):
                out[-1] = (out[-1][0], b)
            else:
                out.append((a, b))
        return out

    def _after(self, p: Passage, a: int, b: int, person: Mention, runs: list[Run], used: set[int]) -> list[Fact]:
        facts = self._after_from(p, a, b, person, person.end, runs, used) or self._joined(p, a, b, person, runs, used)
        if facts:
            # "X, who has served as CFO of Y since 2015, was appointed to the Board": the seat inside the relative
            # clause and the one after it
            rel = _RELATIVE.match(p.text, person.end, b)
            if rel is not None:
                facts += self._after_from(p, a, b, person, rel.end(), runs, used, skip_to=rel.end())
            return facts
        # "each of A, B and C, who had been nominated by X, resigned from the Board": the
        # enumeration's members share what follows its last member
        pos, cur = person.end, person
        for m in p.mentions_in(person.end, b, "PERSON"):
            if m.start < pos:
                continue
            if m.key == person.key or not _PERSON_ENUM_GAP.fullmatch(p.text[pos : m.start]):
                break
            pos, cur = m.end, m
        rel = _RELATIVE.match(p.text, pos, b)
        if rel:
            pos = rel.end()
        elif cur is person:
            return []
        return self._after_from(p, a, b, person, pos, runs, used, skip_to=cur.end)

    def _succeeds(self, p: Passage, a: int, b: int, person: Mention, runs: list[Run], used: set[int],
                  succeeded: set[int]) -> list[Fact]:
        """"X will succeed Y as Chief Financial Officer", "X replaces Y, who is retiring, as CEO":
        the title run after the person succeeded starts X's seat and ends Y's."""
        if person.pronoun:
            return []
        for other in p.mentions_in(person.end, b, "PERSON", pronouns=False):
            if other.key == person.key or not _RX["succeeds_person"].fullmatch(p.text, person.end, other.start):
                break
            run = next((r for r in runs if r[0] >= other.end and r[0] not in used
                        and _RX["succeeds_as"].fullmatch(p.text, other.end, r[0])), None)
            if run is None:
                return []
            used.add(run[0])
            succeeded.add(other.start)
            return (self._make(p, a, b, person, run, "appointed ", after=True)
                    + self._make(p, a, b, other, run, "resigned ", after=True))
        return []

    def _agreements_with_executives(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"The Company entered into amendments to the employment agreements with A, B, C and D": the filer's
        employment, retention, severance or change-in-control agreements make each person named an executive
        officer of the filer; the sentence before the agreement must name the filer (not a bank subsidiary, not
        the person as the one who signs "with the Company")."""
        issuer = p.ctx.issuer_key
        facts: list[Fact] = []
        if issuer is None:
            return facts
        for m in _RX["agreements_with_executives"].finditer(p.text, a, b):
            if not any(x.key == issuer for x in p.mentions_in(a, m.start(), "ORG")):
                continue
            first = next((x for x in p.mentions_in(m.end(), b, "PERSON", pronouns=False) if x.start == m.end()), None)
            if first is None:
                continue
            attrs = [("title", "Executive Officer"), ("printedTitle", "executive officer"), ("status", "current"),
                     (UNLESS_SEATED, "1")]
            for person in enumeration_from(p, first, b, "PERSON"):
                facts.append(p.fact(ROLE, [("holder", person.key), ("organization", issuer)], attrs,
                                    (m.start(), person.end), self.extractor))
        return facts

    def _committee_members(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"The Committee has four members: A, B (Chair), C, and D", "The members of the Compensation
        Committee are A and B": each member of a committee of the issuer's board is a director of the
        issuer (not a committee of an adviser or a lender: an investment or credit committee, or one "of"
        another organization). A chair's mark after a member's name is the committee's chair, not the
        board's: the seat such a mark gave elsewhere is dropped (``_committee_chairs``)."""
        issuer = p.ctx.issuer_key
        facts: list[Fact] = []
        for m in _RX["committee_members_are"].finditer(p.text, a, b):
            name = m.group("name") or m.group("name2") or ""
            if _RX["not_board_committee"].search(name):
                continue  # an adviser's investment committee, a lender's credit committee
            end = len(p.text)  # the list may run past the block's end ("B (Chair), C")
            first = next((x for x in p.mentions_in(m.end(), end, "PERSON", pronouns=False) if x.start == m.end()), None)
            if first is None or issuer is None:
                continue
            members = enumeration_from(p, first, end, "PERSON", _RX["committee_list_gap"])
            attrs = [("title", "Director"), ("printedTitle", "Director"), ("status", "current")]
            for person in members:
                chair = _RX["chair_mark"].match(p.text, person.end)
                if chair is not None:
                    for member in members:
                        p.ctx.memo.setdefault("committee_chairs", set()).add((member.key, p.start + chair.start(), p.start + chair.end()))
                facts.append(p.fact(ROLE, [("holder", person.key), ("organization", issuer)], attrs,
                                    (m.start(), person.end), self.extractor))
        return facts

    def _directors_are(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"The continuing Class III Directors are A, B and C", "the Board appointed A, B and C
        to serve as directors (of X)": each is a director of the issuer (or X); a present-tense
        list, never "former directors"."""
        issuer = p.ctx.issuer_key
        if issuer is None:
            return []
        facts: list[Fact] = []
        for m in _RX["directors_are"].finditer(p.text, a, b):
            first = next((x for x in p.mentions_in(m.end(), b, "PERSON", pronouns=False) if x.start == m.end()), None)
            if first is None:
                continue
            attrs = [("title", "Director"), ("printedTitle", "Director"), ("status", "current")]
            for person in enumeration_from(p, first, b, "PERSON"):
                facts.append(p.fact(ROLE, [("holder", person.key), ("organization", issuer)], attrs,
                                    (m.start(), person.end), self.extractor))
        facts += self._committee_members(p, a, b)
        facts += self._agreements_with_executives(p, a, b)
        # "The five managers of Tidal are: A, B, and C": each holds the group's seat at Tidal
        for body in p.mentions_in(a, b, "ORG"):
            head = _RX["members_of_before"].search(p.text, max(a, body.start - _W["members_of_before"]), body.start)
            are = _RX["members_are_after"].match(p.text, body.end, b)
            if head is None or are is None:
                continue
            first = next((x for x in p.mentions_in(are.end(), b, "PERSON", pronouns=False) if x.start == are.end()), None)
            if first is None:
                continue
            title = _GROUP_TITLES[_COMMON_RX["whitespace"].sub(" ", head.group("group").lower())]
            attrs = [("title", title), ("printedTitle", head.group("group")), ("status", "current")]
            key = issuer if body.pronoun else body.key
            for person in enumeration_from(p, first, b, "PERSON"):
                facts.append(p.fact(ROLE, [("holder", person.key), ("organization", key)], attrs,
                                    (head.start(), person.end), self.extractor))
        # "the Board appointed A, B and C to serve as directors (of the Company)"
        for m in _RX["as_directors"].finditer(p.text, a, b):
            last = next((x for x in reversed(p.mentions_in(a, m.start(), "PERSON", pronouns=False))
                         if not p.text[x.end : m.start()].strip(" ,")), None)
            if last is None:
                continue
            org = next((x for x in p.mentions_in(m.end(), b, "ORG") if _RX["of_org_gap"].fullmatch(p.text, m.end(), x.start)), None)
            key = org.key if org is not None else issuer
            attrs = [("title", "Director"), ("printedTitle", "Director"), ("status", "current")]
            for person in enumeration_before(p, last, a, "PERSON"):
                facts.append(p.fact(ROLE, [("holder", person.key), ("organization", key)], attrs,
                                    (person.start, m.end()), self.extractor))
        return facts

    def _founded(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"Mr. Roe founded Acme in 1990", "She also co-founded the Company": the person is a
        Founder of the organization named right after the verb."""
        facts: list[Fact] = []
        persons = p.mentions_in(a, b, "PERSON")
        for org in p.mentions_in(a, b, "ORG"):
            before = [m for m in persons if m.end <= org.start]
            if not before:
                continue
            person = before[-1]
            m = _RX["founded_gap"].fullmatch(p.text, person.end, org.start)
            if m is None:
                continue
            key = p.ctx.issuer_key if org.pronoun else org.key
            if key is None:
                continue
            attrs = [("title", "Founder"), ("printedTitle", "Co-Founder" if m.group("co") else "Founder"), ("status", "current")]
            facts.append(p.fact(ROLE, [("holder", person.key), ("organization", key)], attrs, (person.start, org.end), self.extractor))
        return facts

    def _joined(self, p: Passage, a: int, b: int, person: Mention, runs: list[Run], used: set[int]) -> list[Fact]:
        """"X, age 44, joined Commonwealth in 2001 as Vice President", "X worked at Acme, Inc., as
        Treasurer", "X would remain employed with Acme and serve as CEO", "X has served in various
        roles at Acme since 2005, including as CFO of Acme Canada from 2013 to 2016": the seat is at
        the organization named, unless the title names its own; worked/was employed, or a closed
        period after the title, make it past."""
        m = _RX["joined_before_org"].match(p.text, person.end, b)
        if m is None:
            return []
        org = next((o for o in p.mentions_in(m.end(), b, "ORG") if o.start - m.end() <= _W["joined_org_slack"]), None)
        if org is None:
            return []
        g = _RX["joined_after_org"].match(p.text, org.end, b)
        # "…, where she was an audit partner": a lower-case qualifier or two may open the title
        run = next((r for r in runs if g is not None and r[0] not in used and r[0] >= g.end()
                    and _RX["title_qualifier_words"].fullmatch(p.text, g.end(), r[0])), None)
        if run is None:
            return []
        used.add(run[0])
        filler = p.text[person.end : run[0]]
        if m.group("stay"):
            filler = "is "  # an extended term ("would remain employed … and serve as CEO from 2019 to 2021")
        elif m.group("past") or _RX["closed_period_after"].search(_blanked(p, run[1], min(b, run[1] + _W["after_run"]))):
            filler = "was previously "  # a past seat, its dates read after the title or opening the sentence
        return self._make(p, a, b, person, run, filler, after=True, org_hint=org)

    def _boards_of(self, p: Passage, a: int, b: int) -> list[Fact]:
        """"X holds a degree from Y and serves on the boards of A, B and C": in a sentence about
        one person (a name or its pronoun), each organization of the boards named is a seat
        (Director), current unless the verb is past ("served on the board of A until 2010")."""
        people = p.mentions_in(a, b, "PERSON")
        if len({m.key for m in people}) != 1:
            return []
        facts: list[Fact] = []
        for m in _RX["serves_on_boards"].finditer(p.text, a, b):
            if not any(x.end <= m.start() for x in people):
                continue
            first = next((o for o in p.mentions_in(m.end(), b, "ORG", pronouns=False) if o.start == m.end()), None)
            if first is None:
                continue
            holder = [x for x in people if x.end <= m.start()][-1]
            past = bool(m.group("past")) and not _RX["since_bare"].search(p.text, m.end(), min(b, m.end() + _W["after_run"]))
            # the board's members hold its title ("the board of trustees of X": Trustee); a board of directors,
            # governors or a bare board: Director
            title = _DATA["group_titles"].get((m.group("body") or "").lower(), "Director")
            attrs = [("title", title), ("printedTitle", title), ("status", "former" if past else "current")]
            for org in self._org_enum(p, first, people):
                facts.append(p.fact(ROLE, [("holder", holder.key), ("organization", org.key)], attrs,
                                    (holder.start, org.end), self.extractor))
        return facts

    def _after_from(self, p: Passage, a: int, b: int, person: Mention, pos: int, runs: list[Run], used: set[int],
                    skip_to: int | None = None) -> list[Fact]:
        # the filler must not cross another person
        nxt = [m.start for m in p.mentions_in(skip_to or person.end, b, "PERSON") if m.key != person.key]
        limit = min(nxt) if nxt else b
        # the filler may hold a finance function ("Director of Accounting and PAO"); a
        # department title of the person's own is a run, where the filler stops
        functional = [r[0] for r in runs if r[0] >= pos and any(_FUNCTIONAL_TITLE.fullmatch(t) for t in r[2])]
        # skip a repeated name ("/s/ X ---- X President")
        while True:
            fm = _FILLER.match(p.text, pos, min([limit, *[f for f in functional if f >= pos]]))
            pos = fm.end() if fm else pos
            same = [m for m in p.mentions_in(pos, limit, "PERSON") if m.start == pos and m.key == person.key]
            if same:
                pos = same[0].end
                continue
            break
        run = next((r for r in runs if r[0] == pos), None)
        if run is None:
            # "she was an audit partner", "a senior research scientist": lower-case qualifiers before a
            # title that is a seat only with its organization named
            run = next((r for r in runs if pos < r[0] < limit and all(t in _EXPLICIT for t in r[2])
                        and _RX["title_qualifier_words"].fullmatch(p.text, pos, r[0])), None)
        if run is None:
            return []
        filler = p.text[person.end : run[0]] if skip_to is None else p.text[skip_to : run[0]]
        if "\n\n" in filler or len(filler) > _W["filler"] + (0 if skip_to is None else _W["filler_after_enumeration"]):
            return []
        used.add(run[0])
        return self._make(p, a, b, person, run, filler, after=True)

    def _before(self, p: Passage, a: int, b: int, person: Mention, runs: list[Run], used: set[int]) -> list[Fact]:
        cands = [r for r in runs if r[1] <= person.start and r[0] not in used]
        if not cands:
            return []
        run = cands[-1]
        if not _BEFORE_GAP.match(p.text[run[1] : person.start]):
            return []
        # "the Board appointed X as President" is read by _after; here "President X"
        return self._make(p, a, b, person, run, p.text[max(a, run[0] - _W["filler_before_run"]) : run[0]], after=False)

    def _make(self, p: Passage, a: int, b: int, person: Mention, run: Run, filler: str, *, after: bool,
              org_hint: Mention | None = None) -> list[Fact]:
        start, end, titles = run
        explicit_only = all(t in _EXPLICIT or _FUNCTIONAL_TITLE.fullmatch(t) for t in titles)
        if any(t in _EXPLICIT for t in titles) and _NOT_BEFORE_EXPLICIT.search(p.text, max(0, start - _W["manager_not_before"]), start):
            return []  # "a sales manager", "a limited partner": an employee or an investor, not an office
        poss = self._org_before(p, start, a)
        org: Mention | None
        if poss is not None and _RX["possessive_mark"].match(p.text, poss.end, start):
            org, org_end = poss, end  # "David Neibert, the Company’s Chief Operating Officer, … was appointed … of X"
        else:
            org, org_end = self._org_after(p, end, b if after else len(p.text))
        orgs: list[Mention] = []
        if org is not None:
            orgs = self._org_enum(p, org, p.mentions_in(0, len(p.text), "PERSON"))
            org_end = max(org_end, orgs[-1].end)
        if org is None and _OF_SOMETHING.match(p.text, end, b) and not _FUNCTIONAL.match(p.text, end, b):
            return []  # "Chairman of the Compensation Committee of …": not a seat we can place
        if org is None:
            org = org_hint
        if org is None:
            org = self._represented(p, a, person)
        if org is None:
            org = self._org_below(p, end)
        if org is None:
            org = self._org_before(p, start, a)
            if org is not None and org.pronoun and explicit_only:
                org = None
        if org is None and not after and self._unknown_owner(p, a, start):
            return []  # "ELFA President and CEO Ralph Petta said": the title of a body not recognised
        if org is None:
            org = self._signature_org(p, person)
            if org is not None and not orgs and self._block_heading(p, person) == org:
                orgs = self._heading_list(p, org)
        if org is None and _SIGNATURE.search(p.text) and self._unnamed_party_heading(p, person):
            return []  # "Bank of Montreal, as a New Revolving Lender" above the block, not recognised
        org_key: str | None
        if org is None and p.ctx.signer_key and _SIGNATURE.search(p.text):
            org_key = p.ctx.signer_key
        elif explicit_only and org is None:
            return []  # a manager or partner of an organization the passage does not name
        else:
            org_key = org.key if org is not None else p.ctx.issuer_key
        if org_key is None:
            return []
        keys = [m.key for m in orgs] if orgs else [org_key]
        ctx_text = p.text[a:b]
        attrs: list[tuple[str, str]] = [("title", t) for t in titles]
        attrs.append(("printedTitle", _COMMON_RX["whitespace"].sub(" ", p.text[start:end])))
        nxt = [m.start for m in p.mentions_in(end, b, "PERSON") if m.key != person.key]
        tail = p.text[end : min([b, end + _W["resignation_tail"], *nxt])]
        resign = _RESIGN.search(filler) or (after and _RESIGN.search(tail) and not _APPOINT.search(tail))
        before_person = p.text[max(a, person.start - _W["appointed_before_person"]) : person.start]
        appoint = _APPOINT.search(filler) or _RX["appointed_before_person"].search(before_person)
        if resign:
            attrs.append(("status", "former"))
            attrs += self._dates(p, a, b, "end")
        elif _FORMER.search(filler[-_W["former_filler"] :]) and _RX["former_filler_word"].search(filler[-_W["former_filler"] :]):
            attrs.append(("status", "former"))
        elif after and not appoint and self._past(p, a, person, filler, end):
            attrs.append(("status", "former"))
        else:
            if appoint:
                attrs += self._dates(p, a, b, "start")
            since = _RX["since_word"].search(ctx_text)
            if since:
                d = date_at(ctx_text, since.end(), _W["since_date"])
                if d:
                    attrs.append(("startDate", d))
            attrs.append(("status", "current"))
        period = self._closed_period(p, a, person, filler, org_end if org is not None else end, b)
        if period and not appoint and not resign:
            # "served as Vice President at Dover from 2012 to 2024", "From 2012 to 2024, he was …": a past seat
            # with its dates
            attrs = _past_seat(attrs, *period)
        if len(keys) > 1:  # each member of "A since 2008, B since November 2016" has its own start
            attrs = [x for x in attrs if x[0] != "startDate"]
            per_org = {m.key: self._since_after(p, m) for m in orgs}
        else:
            per_org = {}
        span = (a, max(b, org_end)) if b - a <= _W["evidence_sentences"] else (min(person.start, start), max(person.end, org_end, end))
        return [p.fact(ROLE, [("holder", person.key), ("organization", k)], attrs + per_org.get(k, []), span, self.extractor)
                for k in keys]

    @staticmethod
    def _unknown_owner(p: Passage, a: int, start: int) -> bool:
        """A capitalised word right before a title that names no known organization ("ELFA
        President Ralph Petta", "Acme Widgets CEO Jane Roe" with Acme Widgets
        unrecognised): the title is that body's, not the issuer's."""
        ls = max(a, p.text.rfind("\n", 0, start) + 1)
        m = _RX["owner_word_before_title"].search(p.text, ls, start)
        return m is not None and not _RX["owner_word_allowed"].fullmatch(m.group("word"))

    def _continued(self, p: Passage, a: int, b: int, runs: list[Run], used: set[int]) -> list[Fact]:
        """Further seats of the person whose title run comes first: "CEO of A from 2006 to 2013, and
        before that CFO of B plc", "EVP since 2022; Managing Director at C, a bank, from 2013 to
        2021". Only a run that names its own organization is read, and no other person may stand
        between."""
        facts: list[Fact] = []
        ordered = sorted(runs)
        for i, run in enumerate(ordered):
            if i == 0 or run[0] in used:
                continue
            prev = ordered[i - 1]
            if prev[0] not in used:
                continue
            people = p.mentions_in(a, run[0], "PERSON")
            if not people:
                continue
            person = people[-1]
            if person.end > prev[0]:
                continue  # the person stands between the runs: read by _after or _before
            gap = p.text[prev[1] : run[0]]
            if len(gap) > _W["continuation_gap"] or not _RX["continuation_gap"].search(gap):
                continue
            if _RX["sentence_break"].search(_blanked(p, prev[1], run[0])):
                continue
            used.add(run[0])  # the chain goes on through a run without its own organization
            org, _ = self._org_after(p, run[1], b)
            if org is None or org.pronoun:
                continue
            cut = max(gap.rfind(" and "), gap.rfind(";"))  # the period after the joining word, not the first seat's
            gp = _RX["gap_period"].search(gap, max(0, cut))
            past = bool(_RX["closed_period_after"].search(_blanked(p, org.end, min(b, org.end + _W["after_run"])))
                        or _RX["earlier_lead"].search(gap) or gp)
            filler = "previously served " if past else ""
            made = self._make(p, a, b, person, run, filler, after=True)
            d1, d2 = _period_dates(gp) if gp else (None, None)
            if d1 and d2:
                # "… and from October 2000 to October 2002 was Senior Vice President of …": this seat's period
                made = [replace(f, attributes=tuple(_past_seat(list(f.attributes), d1, d2))) for f in made]
            # the sentence's start date is the first seat's; a closed period of this seat's own stays
            facts += [f if f.attribute("endDate") else replace(f, attributes=tuple(x for x in f.attributes if x[0] != "startDate"))
                      for f in made]
        return facts

    def _second_predicate(self, p: Passage, a: int, b: int, runs: list[Run], used: set[int]) -> list[Fact]:
        """A seat in a second predicate after an organization: "X held finance roles at A and was
        Treasurer of B", "X joined A in 2001 and later served as CFO of B". The one person of the
        sentence before the run holds it; only a run that names its own organization is read."""
        facts: list[Fact] = []
        for run in sorted(runs):
            if run[0] in used:
                continue
            people = p.mentions_in(a, run[0], "PERSON")
            if len({m.key for m in people}) != 1:
                continue
            prev = [o for o in p.mentions_in(people[-1].end, run[0], "ORG") if o.end <= run[0]]
            if not prev or prev[-1].pronoun or any(r[0] < run[0] and r[1] > people[-1].end for r in runs if r is not run):
                continue
            gap = p.text[prev[-1].end : run[0]]
            if not _RX["second_predicate_gap"].fullmatch(gap):
                continue
            org, _ = self._org_after(p, run[1], b)
            if org is None or org.pronoun:
                continue
            used.add(run[0])
            past = _RX["second_predicate_past"].search(gap)
            facts += self._make(p, a, b, people[-1], run, "previously served " if past else gap, after=True)
        return facts

    @staticmethod
    def _past(p: Passage, a: int, person: Mention, filler: str, end: int) -> bool:
        """A past seat in a biography: "Prior to joining us, Mr. X was the Vice President of … at Y",
        "Mr. X served as a director of Y from 2005 to 2010"; not "has served … since"."""
        if not _RX["past_verb"].search(filler) or _RX["present_word"].search(filler):
            return False
        after_run = p.text[end : end + _W["after_run"]]
        if _RX["since_bare"].search(after_run) and not _RX["until_year"].search(after_run):
            return False
        opening = p.text[a : person.start]
        return bool(_RX["past_opening"].match(opening)
                    or _RX["from_to_years"].search(after_run)
                    or _RX["until_word"].search(after_run[: _W["until_after_run"]]))

    @staticmethod
    def _closed_period(p: Passage, a: int, person: Mention, filler: str, org_end: int, b: int) -> tuple[str, str] | None:
        """The closed period of a past seat: right after the organization ("at Dover Corporation from
        2012 to 2024") or opening the sentence ("From 2012 to 2024, Mr. X was"), when the words between
        the person and the title are past ("was", "served"); ISO dates, a bare year as the year."""
        if not _RX["past_verb"].search(filler) or _RX["present_word"].search(filler):
            return None
        m = _RX["closed_period"].match(p.text, org_end, min(b, org_end + _W["closed_period_after"]))
        if m is None:
            m = _RX["closed_period"].match(p.text, a, person.start)
        if m is None:
            return None
        d1, d2 = _period_dates(m)
        return (d1, d2) if d1 and d2 and d1[:4] <= d2[:4] else None

    @staticmethod
    def _since_after(p: Passage, org: Mention) -> list[tuple[str, str]]:
        m = _RX["since_after_organization"].match(p.text[org.end : org.end + _W["since_after_organization"]])
        if m is None:
            return []
        d = date_at(p.text, org.end + m.end(), _W["since_date"])
        return [("startDate", d)] if d else []

    def _detached_signature(self, p: Passage) -> list[Fact]:
        """A title alone in its passage under a signature whose name stands in the passage above
        ("By: /s/ Michael D. Craighead" / "Michael D. Craighead" / "Chief Financial Officer")."""
        index, doc = p.ctx.index, p.ctx.document
        text = p.text.strip()
        if index is None or doc is None or not hasattr(index, "mentions_in") or not text or len(text) > _W["detached_title"]:
            return []
        runs = self._runs(p, 0, len(p.text))
        if len(runs) != 1 or _RX["space_or_punctuation"].sub("", p.text[: runs[0][0]] + p.text[runs[0][1] :]):
            return []
        full = doc.text
        people = [m for m in index.mentions_in(max(0, p.start - _W["detached_signer_before"]), p.start) if m[3] == "PERSON"]
        if not people:
            return []
        s, e, key, _ = people[-1]
        if full[e : p.start].strip():
            return []
        line_start = lines.line_start(full, s)
        if _RX["signature_line_marks"].sub("", full[line_start:s]):
            return []
        if not _RX["signed_by"].search(full[max(0, s - _W["signed_by_before"]) : s]):
            return []
        org_key = None
        for os_, oe, okey, label in reversed(index.mentions_in(max(0, s - _W["detached_organization_before"]), s)):
            if label != "ORG":
                continue
            ls, le = lines.line_around(full, os_, oe)
            if _RX["registrant_mark_line"].fullmatch(full[ls:os_] + full[oe:le]):
                org_key = okey
            break
        org_key = org_key or p.ctx.signer_key or p.ctx.issuer_key
        if org_key is None:
            return []
        rs, re_, titles = runs[0]
        attrs = [("title", t) for t in titles]
        attrs.append(("printedTitle", _COMMON_RX["whitespace"].sub(" ", p.text[rs:re_])))
        attrs.append(("status", "current"))
        end = p.start + re_
        ev = Evidence(quote=full[s:end], start=s, end=end, section=p.ctx.section_title(s), extractor=self.extractor)
        return [Fact(role=ROLE, participants=(("holder", key), ("organization", org_key)),
                     attributes=tuple(dict.fromkeys(attrs)), evidence=(ev,))]


make_officers = role_factory("corpkg_officers", OfficerExtractor, role=ROLE)


def _manager_key(ctx: RoleContext) -> str | None:
    """The entity that manages an issuer with no officers of its own — a limited partnership's
    general partner, a commodity pool's sponsor or managing owner, a trust's manager — when the
    filing defines it ("Harrowgate Terminal Management, Inc. (the “General Partner”)", "Our general
    partner is X", "X serves as sponsor of the Fund") and the issuer is such a vehicle (its name
    says partnership, fund or trust, or the filing says it has no directors or officers).  Its
    officers and directors hold their seats there: the officers rule gives it the positions it
    would otherwise give the issuer.  Read once per filing (``ctx.memo``), when a passage first gives
    the issuer a seat."""
    if "manager_key" not in ctx.memo:
        ctx.memo["manager_key"] = _find_manager(ctx)
    key: str | None = ctx.memo["manager_key"]
    return key


def _find_manager(ctx: RoleContext) -> str | None:
    """:func:`_manager_key` computed: the manager most often named, if the issuer is a vehicle."""
    document = ctx.document
    if ctx.issuer_key is None or ctx.index is None or document is None or not document.text:
        return None
    try:
        issuer = ctx.index.entity(ctx.issuer_key)  # type: ignore[attr-defined]
    except Exception:  # an index without entity(): no issuer name to read
        return None
    names = [getattr(issuer, "label", ""), *getattr(issuer, "aliases", ())]
    if not (any(_RX["managed_vehicle_name"].search(n) for n in names) or _RX["has_no_officers"].search(document.text)):
        return None
    counts: dict[str, int] = {}
    for m in _RX["manager_definition"].finditer(document.text):
        key = _name_after(ctx, document.text, m.end()) if m.group("after") else _name_before(ctx, document.text, m.start())
        if key and key != ctx.issuer_key:
            counts[key] = counts.get(key, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else None


_NAME_WORDS = 12  # the longest name _name_before/_name_after try, in words


def _name_before(ctx: RoleContext, text: str, end: int) -> str | None:
    """The known entity whose name ends right before ``end`` (the longest of the last few words), an
    appositive passed over ("X, a Delaware corporation (the “General Partner”)")."""
    seg = text[max(0, end - 200) : end].rstrip(" ,")
    app = _RX["appositive_after_name"].search(seg)
    if app is not None:
        seg = seg[: app.start()]
    words = seg.split()
    for n in range(min(_NAME_WORDS, len(words)), 0, -1):
        key = ctx.resolve_key(" ".join(words[-n:]).strip(" ,"))
        if key:
            return key
    return None


def _name_after(ctx: RoleContext, text: str, start: int) -> str | None:
    """The known entity whose name starts at ``start`` (the longest of the next few words)."""
    words = text[start : start + 200].split()
    for n in range(min(_NAME_WORDS, len(words)), 0, -1):
        key = ctx.resolve_key(" ".join(words[:n]).strip(" ,.;"))
        if key:
            return key
    return None


def _honorific_gender(text: str, m: Mention) -> str | None:
    """"male"/"female" when the mention carries or follows a gendered honorific ("Ms. Roe")."""
    h = _GENDERED_HONORIFIC.search(text, max(0, m.start - _W["honorific_before"]), m.end)
    return _GENDERS.get(h.group("h").lower()) if h else None


def _committee_chairs(p: Passage, facts: list[Fact]) -> list[Fact]:
    """Without the Chairman seats read from a committee's chair mark ("B (Chair)" in "The Committee
    has four members: A, B (Chair), C") for any of its members: B chairs the committee, not the board."""
    marks: set[tuple[str, int, int]] = p.ctx.memo.get("committee_chairs", set())
    if not marks:
        return facts

    def chair_of_committee(f: Fact) -> bool:
        holder = f.participant("holder")
        return ("title", "Chairman") in f.attributes and any(
            key in holder and ev.start <= a and b <= ev.end for ev in f.evidence for key, a, b in marks)
    return [f for f in facts if not chair_of_committee(f)]


def _opens_sentence(p: Passage, m: Mention) -> bool:
    """Whether a person mention opens its sentence (an honorific or a quote mark may stand first)."""
    a = max((a for a, _ in p.sentences if a <= m.start), default=0)
    return bool(_SENTENCE_OPENING.fullmatch(p.text, a, m.start))


def _drop_unlikely_persons(p: Passage) -> None:
    """Mentions typed PERSON whose words name a body or a place ("White House", "Whiting
    Petroleum", "Volvo Cars") hold no seat: the passage forgets them."""
    p.mentions = [m for m in p.mentions if m.label != "PERSON" or m.pronoun or not _RX["not_a_person"].search(m.text)]


def _company_line(full: str, ls: int, le: int, orgs: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    """The companies of a line that heads a signature block: one company with what may stand
    around it ("By: IEP GP LLC, its general partner", "ACME LLC, a Delaware limited liability
    company"), or several with nothing but commas and spaces between them (a list of guarantors
    run together on one line); else []."""
    if not orgs:
        return []
    if len(orgs) == 1:
        os_, oe = orgs[0][0], orgs[0][1]
        ok = _SIG_ORG_BEFORE.fullmatch(full, ls, os_) and _SIG_ORG_AFTER.fullmatch(full, oe, le)
        return orgs if ok else []
    gaps = [full[ls : orgs[0][0]], full[orgs[-1][1] : le]] + [full[x[1] : y[0]] for x, y in zip(orgs, orgs[1:], strict=False)]
    return orgs if all(_RX["company_list_gap"].fullmatch(g) for g in gaps) else []


def _same_name(line: str, name: str) -> bool:
    """``line`` opens with ``name`` printed in another case ("SUSAN J. ROE" / "Susan J. Roe …"),
    the name's last word ending there."""
    head = line.lstrip()[: len(name)]
    rest = line.lstrip()[len(name) :]
    return head != name and head.lower() == name.lower() and not rest[:1].isalnum()


def _past_seat(attrs: list[tuple[str, str]], start: str, end: str) -> list[tuple[str, str]]:
    """A seat's attributes as a past seat held from ``start`` to ``end``."""
    return [x for x in attrs if x[0] not in ("status", "startDate", "endDate")] + [
        ("startDate", start), ("endDate", end), ("status", "former")]


def _period_dates(m: re.Match[str]) -> tuple[str | None, str | None]:
    """The two dates of a matched period (groups ``d1`` and ``d2``)."""
    return _period_date(m.group("d1")), _period_date(m.group("d2"))


def _period_date(text: str) -> str | None:
    """'March 2012' -> '2012-03', '2012' -> '2012'."""
    found = find_dates(text)
    if found:
        return found[0][2]
    y = _RX["period_year"].search(text)
    return y.group(0) if y else None


def _blanked(p: Passage, a: int, b: int) -> str:
    """``p.text[a:b]`` with the names of organizations replaced by letters ("Acme Co., a bank"
    → "xxxxxxxx, a bank"): their periods end no sentence."""
    out = list(p.text[a:b])
    for m in p.mentions_in(a, b, "ORG", pronouns=False):
        s, e = max(a, m.start), min(b, m.end)
        out[s - a : e - a] = "x" * (e - s)
    return "".join(out)


def _with_title(fact: Fact) -> Fact:
    if fact.attribute("title") or not fact.attribute("printedTitle"):
        return fact
    return replace(fact, attributes=(("title", fact.attribute("printedTitle")[0]), *fact.attributes))


def finalize(facts: list[Fact]) -> list[Fact]:
    """Filing-level clean-up: a seat an employment agreement alone gives ("entered into employment agreements
    with A and B": executive officer) is dropped when another fact of the filing seats the person at the same
    organization with a title of its own (the agreement adds nothing to "A, Chief Financial Officer"). The marker
    goes with the other internal attributes in ``run.finalize_facts``."""
    seated = {(f.participant("holder")[0], f.participant("organization")[0]) for f in facts
              if f.role == ROLE and UNLESS_SEATED not in dict(f.attributes) and f.participant("holder") and f.participant("organization")}
    return [f for f in facts if not (f.role == ROLE and UNLESS_SEATED in dict(f.attributes) and f.participant("holder")
                                     and f.participant("organization")
                                     and (f.participant("holder")[0], f.participant("organization")[0]) in seated)]

"""Find organization and person mentions in one passage of text, without a trained model.

A passage (a paragraph) is scanned with a few regular expressions: runs of capitalised words
("chunks", joined by "of", "and", "&" ...; a legal suffix after a comma is kept), then each
chunk is weighed by the signals around it:

- legal-form suffix ("Bash, LLC") and organization head words ("Clifton Telecard Alliance");
- honorifics ("Mr. Shaver"), signature blocks ("/s/ Name", "By: Name", a title on the next
  line), title appositions ("Robert J. Scott, President"), first names and name shape;
- enumerations where one member is typed ("A Corporation, Robert J. Scott, Joan Jolitz, ...")
  and case captions ("A, B and C vs. D, E") lend their context to the untyped members;
- defined terms (``("Quantum")``, ``(the "Lender")``), acronyms in parentheses and "d/b/a",
  "doing business as", "formerly known as" make aliases (:class:`Link`);
- products, segments, places, documents and generic phrases are rejected (product cues such
  as "under the name", "a"/"an" before a name, segment heads with common words, stop phrases).

The result is per passage (offsets relative to the passage); grouping mentions into entities
across the filing is :mod:`corpkg.extract.entities`' job.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from corpkg.extract import lines
from corpkg.extract.names import (
    Kind,
    _key,
    classify_name,
    designated_letter,
    has_legal_suffix,
    is_numbered_company,
    is_pension_system,
    lexicon,
    load_list,
    normalize_name,
    strip_legal_suffix,
)

__all__ = ["Candidate", "Link", "PassageMentions", "find_mentions", "iter_passages", "ACCEPT"]

ACCEPT = 0.6  # a candidate at or above this score is an entity mention by itself


@dataclass
class Candidate:
    start: int
    end: int
    text: str
    kind: Kind | None
    score: float
    signals: list[str] = field(default_factory=list)
    rejected: str | None = None  # why this capitalised phrase is not an entity
    group: int = -1  # enumeration group id

    @property
    def accepted(self) -> bool:
        return self.rejected is None and self.kind is not None and self.score >= ACCEPT


@dataclass(frozen=True)
class Link:
    """``alias`` (at alias_start..alias_end) is another name of the candidate at ``target``."""

    kind: Literal["defined", "dba", "acronym", "former"]
    target: int  # index into PassageMentions.candidates
    alias: str
    alias_start: int
    alias_end: int


@dataclass
class PassageMentions:
    candidates: list[Candidate]
    links: list[Link]

    @property
    def accepted(self) -> list[Candidate]:
        return [c for c in self.candidates if c.accepted]


# --------------------------------------------------------------------------- passages

_BLANK = re.compile(r"\n[ \t\r\f\v]*\n\s*")


def iter_passages(text: str, start: int = 0, end: int | None = None, max_len: int = 6000) -> Iterator[tuple[int, int]]:
    """(start, end) of the paragraphs of ``text[start:end]`` (blank-line separated); very long
    ones are cut at line ends.  Offsets are absolute."""
    end = len(text) if end is None else end
    pos = start
    for m in _BLANK.finditer(text, start, end):
        yield from _cut(text, pos, m.start(), max_len)
        pos = m.end()
    yield from _cut(text, pos, end, max_len)


def _cut(text: str, a: int, b: int, max_len: int) -> Iterator[tuple[int, int]]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    if a >= b:
        return
    while b - a > max_len:
        cut = text.rfind("\n", a + max_len // 2, a + max_len)
        if cut < 0:
            cut = text.rfind(" ", a + max_len // 2, a + max_len)
        if cut < 0:
            cut = a + max_len
        yield a, cut
        a = cut
        while a < b and text[a].isspace():
            a += 1
    if a < b:
        yield a, b


# --------------------------------------------------------------------------- regexes

_TOK = r"(?:[A-Z][\w'’\-\.&/]*[\w.](?:(?<=[a-z]s)['’](?=[ ]{1,2}[A-Z]))?|[A-Z]|[a-z]{1,4}[A-Z][\w'’\-\.]*|\d[\d,]*[A-Za-z][\w\-]*)"
_CONNECT = r"(?:of|and|&|de|du|des|del|della|di|da|la|le|van|von|der|den|y|the|e|zu|bin|binti|bint|ibn)"
_SEP = r"(?:[ ]{1,2}|[ ]*\n[ \t]*)"


@lru_cache(maxsize=1)
def _regexes() -> dict[str, re.Pattern[str]]:
    lex = lexicon()
    sfx = []
    for s in lex.legal_suffixes:
        if s in _NO_COMMA_SUFFIXES:
            continue  # "Commercial Banks, Trust Companies": after a comma these words start a new item
        for v in dict.fromkeys((s, s.upper())):
            if v != s and v in lex.state_codes:
                continue  # "Denver, CO" is a place
            sfx.append(re.escape(v).replace(r"\ ", r"\s+"))
    sfx_alt = "(?:" + "|".join(sfx) + ")"
    name_sfx = r"(?:Jr|Sr|II|III|IV|Esq|Ph\.D|M\.D|CPA)\.?"
    chunk = (
        rf"(?:(?<=/s/)|(?<=/S/)|(?<![\w'’\-/&.,]))(?:\d{{1,4}}[ ](?=[A-Z])|\d{{5,10}}[ ](?=[A-Z]))?(?:&[ \t]+)?{_TOK}(?:{_SEP}(?:{_CONNECT}{_SEP})*(?:{_TOK}|&|\d{{1,3}}(?=,?[ ]+[A-Z])|\([A-Z][A-Za-z]+(?:\s[A-Z][a-z]+){{0,2}}\)(?=[ ]+[A-Z]|,[ ]*(?:Inc|Incorporated|Ltd|Limited|LLC|L\.L\.C|Corp|Corporation|L\.P|LP)\b)|\([“\"][A-Z][a-z]+[”\"]\)(?=[ ]+[A-Z][a-z])|[“\"][A-Z][a-z]+[”\"](?=[ ]+[A-Z])|r\.l\.|plc|p\.l\.c\.|r\.o\.|s\.r\.o\.))*"  # noqa: E501 - one token grammar, read as a whole
        # "Apollo Capital Management, GP, LLC": a general partner's "GP" between commas, before a legal suffix
        rf"(?:(?:[ \t]*,[ \t]*\n?[ \t]*|[ ])(?:{sfx_alt}|{name_sfx}|G\.?P\.?(?=[ \t]*,[ \t]*{sfx_alt}))(?![\w\-]))*"
    )
    titles = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in lex.titles)
    return {
        "chunk": re.compile(chunk),
        "title_after": re.compile(
            r"\A(?:[ \t]*,[ \t]*\n?[ \t]*|[ \t]*\n[ \t]*|[ \t]*\([ \t]*|[ \t]+[-–—]+[ \t]+|[ ]*\t[ \t]*(?:\d{2}[ \t]+)?)"
            r"(?:(?:the|our|its|their|a|an|then|former|current|interim|acting|sole|new|non-executive|executive)\s+)*"
            rf"(?:{titles})(?![\w])",
            re.IGNORECASE,
        ),
        "place_after": re.compile(
            r"\A[ \t]*,[ \t]*(?:" + "|".join(re.escape(p) for p in _state_names()) + r"|"
            + "|".join(sorted(lex.state_codes)) + r")(?![\w])"
        ),
        "age_after": re.compile(r"\A\s*,\s*(?:age|aged)\s+\d", re.IGNORECASE),
        "title_before": re.compile(rf"(?:^|[\s,(])(?:{titles})[ \t]*,?[ \t]*\Z", re.IGNORECASE),
        "signature_before": re.compile(r"(?:/s/|\bBy:|\bBY:|\bName:|\bNAME:)[ \t]*(?:/s/)?[ \t]*\Z"),
        "honorific_before": re.compile(r"(?<![\w])(?:Mr|Mrs|Ms|Dr|Messrs|Prof|Hon|Rev|Sir)\.?[ \t]*\Z"),
        "org_apposition": re.compile(
            r"\A\s*,?\s*(?:a|an)\s+(?:(?:(?!\bor\b)[\w.\-/ ]){0,60}\s)?(?:corporation|company|limited liability company|"
            r"partnership|limited partnership|bank|banking corporation|trust|national banking association|"
            r"association|business trust|statutory trust|societe|subsidiary|affiliate|firm|startup|"
            r"start-up|marketplace|provider|institution|organization|organisation|fund|manufacturer|producer|"
            r"developer|operator|retailer|distributor|venture|agency|insurer|lender|conglomerate|publisher|"
            r"broadcaster|carrier|airline|utility|REIT|nonprofit|non-profit|charity|foundation|university|"
            r"consultancy|maker|holding company|group|network|chain|brokerage|exchange|studio|laboratory)s?\b",
            re.IGNORECASE,
        ),
        # a lender named after its loan ("borrowed $750,000 from Five Points Bank", "a term loan from …"): the
        # phrase is an organization even when its words are ordinary ones
        "lending_org_before": re.compile(
            r"(?<![\w-])(?:borrowed|borrowings?|loans?|lines?\s+of\s+credit|credit\s+(?:facility|line|agreement)|"
            r"financing|advances?|promissory\s+notes?|indebted(?:ness)?|owed|owing)\b[^.;:()]{0,60}?"
            r"(?<![\w-])(?:from|with|by|to)\s+(?:the\s+)?\Z",
            re.IGNORECASE,
        ),
        # a party named with the capacity it signs or acts in ("SYNOVUS BANK, as a Lender", "PINNACLE BANK, as
        # Administrative Agent and a Lender", "X TRUST COMPANY, not in its individual capacity but solely as Trustee")
        "capacity_after": re.compile(
            r"\A[ \t]*,\s*(?:not\s+in\s+its\s+individual\s+capacity\s+but\s+solely\s+|individually\s+and\s+)?"
            r"as\s+(?:an?\s+|the\s+)?(?:[A-Za-z/-]+\s+){0,4}?(?:lenders?|agent|borrowers?|guarantors?|issuing\s+banks?|"
            r"l/c\s+issuer|arrangers?|trustee|purchasers?|noteholders?)\b",
            re.IGNORECASE,
        ),
        "org_before": re.compile(
            r"(?<![\w-])(?:(?:marketed|manufactured|distributed|developed|sold|produced|owned|acquired|licensed|supplied|made|"
            r"published|sponsored|operated|managed|advised|audited|purchased|bought|leased|spun\s+off)\s+(?:by|from)|"
            r"(?:subsidiary|subsidiaries|division|affiliate|unit|parent|customer|client|supplier|competitor|"
            r"directors|trustees|shareholder|stockholder|member|members|partner|founder|co-founder|employee)\s+of|"
            r"(?<![\w-])(?:officer|director|president|partner|consultant|analyst|associate|correspondent|manager|leader|"
            r"executive|employee|banker|attorney|lawyer|counsel|chairman|chair|head|founder|investor|intern)"
            r"\s+(?:at|for|with)|"
            r"(?<![\w-])(?:officer|president|chairman|chairwoman|controller|treasurer)\s+of|"
            r"(?<![\w-])(?:roles?|positions?|career|worked|working|employed|employment|internship)\s+(?:at|with|for|by)|"
            r"(?<![\w-])(?:subsidiary|subsidiaries|affiliate|affiliates|partnership|joint\s+venture|division)\s*,?|"
            r"(?<![\w-])joined\s+the|(?<![\w-])(?:merger\s+with|acquisition\s+of|agreement\s+with|competes\s+with))"
            r"\s+(?:the\s+)?\Z",
            re.IGNORECASE,
        ),
        "article_before": re.compile(r"(?<![\w])(?:a|an|any|each|every|such|no)[ \t]+\Z"),
        "possessive_before": re.compile(r"(?<![\w])(?:our|its|their|his|her|your)[ \t]+\Z"),
        "product_after": re.compile(r"\A\s?[®™℠]|\A\s?\((?:R|TM)\)"),
        "product_before": re.compile(
            r"(?:" + "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in lex.product_cues) + r")[ \t,:]*[\"“]?\Z",
            re.IGNORECASE,
        ),
        "list_gap": re.compile(r"\A(?:\s*,\s*(?:and\s+|or\s+|&\s+)?|\s+(?:and|or|&)\s+|\s*;\s*(?:and\s+)?)\Z"),
        "caption_gap": re.compile(r"\A(?:,?\s*et\s+al\.|\s*&\s*(?:Others|Ors|Another|Anor)\.?)?\s*,?\s+(?:v\.?|vs\.?|versus)\s+\Z",
                                  re.IGNORECASE),
        "defined": re.compile(
            r"\(\s*(?:(?:hereinafter|herein)\s+(?:referred\s+to\s+as\s+|called\s+|collectively\s+)?,?\s*)?"
            r"(?:(?:collectively|together|jointly|each|individually|and\s+together)[^\"“”()]{0,80}?,?\s+)?"
            # a term may wrap onto the next line of a fixed-width filing ('("Ventrix\nCanada")'), never past a blank one
            r"(?:as\s+)?(?:the\s+|a\s+|an\s+|The\s+)?[\"“‘']((?:[^\"“”‘’'\n]|\n(?![ \t]*\n)){1,60}?)[\"”’']"
            r"(?:\s*(?:,|or|and)\s*(?:the\s+)?[\"“‘']((?:[^\"“”‘’'\n]|\n(?![ \t]*\n)){1,60}?)[\"”’']"
            # '(“HFab” and, together with the Company, the “Borrowers”)': the group's term is not the name's
            r"|\s*,?\s*(?:and|or)?\s*,?\s*(?:together|collectively)\s+with\s+[^\"“”()]{1,80}?,?\s*(?:the\s+)?"
            r"[\"“][^\"“”\n]{1,60}[\"”])?\s*\)"
        ),
        "dba": re.compile(
            r"(?:\bd/b/a\b|\bd\.b\.a\.|\bdba\b|\bdoing\s+business\s+as\b|\btrading\s+as\b|\bformerly\s+known\s+as\b|"
            r"\bf/k/a\b|\bformerly\b|\ba/k/a\b|\balso\s+known\s+as\b|\bnow\s+known\s+as\b|\bn/k/a\b)"
            r"[ \t\n]*[\"“]?",
            re.IGNORECASE,
        ),
        "acronym_after": re.compile(r"\A(?:[ \t]+(?i:and[ \t]+(?:its[ \t]+)?(?:consolidated[ \t]+)?subsidiaries))?"
                                   r"[ \t]*\([ \t]*[\"“]?([A-Z][A-Za-z0-9&]{1,11})[\"”]?[ \t]*\)"),
    }


_LEADING_STRIP_MAX = 4
_NO_COMMA_SUFFIXES = {"Trust", "Bancorp", "Bancorporation", "Bancshares"}


def _state_names() -> list[str]:
    from corpkg.extract.names import load_list

    return sorted((p for p in load_list("places.txt") if p[:1].isupper()), key=len, reverse=True)


def _tokens(text: str, a: int, b: int) -> list[tuple[int, int]]:
    return [(m.start() + a, m.end() + a) for m in re.finditer(r"[^\s]+", text[a:b])]


@lru_cache(maxsize=1)
def _suffix_forms() -> frozenset[str]:
    return frozenset(s.lower() for s in lexicon().legal_suffixes)


def _no_period_suffix(tok: str) -> bool:
    """"LLC." or "Corporation." at a sentence end: the period is the sentence's."""
    forms = _suffix_forms()
    return tok.lower() not in forms and tok[:-1].lower() in forms


_ABBREVIATIONS = {"assoc", "assn", "bros", "mfg", "intl", "natl", "dept", "univ", "inst", "svcs", "grp", "hldgs", "tech",
                  "ins", "fin", "mgmt", "dev", "ctr", "sys", "ent", "comm", "amer", "st", "co", "no", "jr", "sr", "ft",
                  "mt", "corp", "inc", "ltd", "cos", "govt", "admin", "elec", "pharm", "prods", "ind", "inds", "invs"}


def _is_abbrev(tok: str) -> bool:
    lex = lexicon()
    k = _key(tok)
    return (
        len(tok.rstrip(".")) == 1
        or k in lex.legal_suffix_keys
        or k in lex.name_suffixes
        or k in lex.honorifics
        or bool(re.fullmatch(r"(?:[A-Za-z]\.){2,}", tok))
        or k in _ABBREVIATIONS
    )


# --------------------------------------------------------------------------- the finder

def find_mentions(text: str, *, lowercase_words: frozenset[str] | set[str] = frozenset()) -> PassageMentions:
    """Candidates (capitalised phrases, weighed) and alias links of one passage."""
    rx = _regexes()
    cands: list[Candidate] = []
    for m in rx["chunk"].finditer(text):
        for a0, b0 in _split_layout(text, m.start(), m.end()):
            for a, b in _split_sentences(text, a0, b0):
                for c in _make_candidates(text, a, b, lowercase_words):
                    cands.append(c)
    cands.sort(key=lambda c: c.start)
    cands = _slash_pairs(cands)
    _merge_firm_lists(text, cands, lowercase_words)
    _lowercase_suffixed(text, cands)
    _join_for(text, cands)
    _join_head_for(text, cands)
    _known_across_runs(text, cands)
    _join_co(text, cands)
    _join_branch(text, cands)
    _join_campus(text, cands)
    _context(text, cands, lowercase_words)
    _groups(text, cands)
    _list_context(text, cands)
    _person_rows(text, cands)
    _cued_list(text, cands)
    _deal_list(text, cands)
    _capacity_persons(text, cands)
    _split_repeated(text, cands)
    links = _links(text, cands)
    # a phrase that is only an alias (inside the parenthesis, after d/b/a) is not a new entity
    alias_spans = [(ln.alias_start, ln.alias_end) for ln in links]
    for c in cands:
        if c.rejected is None and any(s <= c.start and c.end <= e for s, e in alias_spans):
            c.rejected = "alias"
        elif c.rejected is None and _quoted_phrase(text, c):
            c.rejected = "quoted phrase"
    return PassageMentions(cands, links)


_OPEN_QUOTES, _CLOSE_QUOTES = "\"“", "\"”"


def _quoted_phrase(text: str, c: Candidate) -> bool:
    """A capitalised phrase standing alone in quotes is a defined concept or a heading referred to
    ("“Securities Entitlements”; “Securities Intermediary”", "“CD Reference Banks” means …", "see
    “Non-GAAP Financial Measures”"), not a name: names in quotes are defined terms of a name
    before them (links) or carry a legal suffix."""
    if c.score >= 0.9 or has_legal_suffix(c.text) or c.start == 0:
        return False
    end = c.end
    while end < len(text) and text[end] in ",.;:":
        end += 1
    return text[c.start - 1] in _OPEN_QUOTES and text[end : end + 1] in set(_CLOSE_QUOTES) and end < len(text)


def _split_layout(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """Cut a chunk at line breaks that end a short (layout) line: a cover page, a signature
    block or a table, rather than wrapped prose."""
    pieces = []
    start = a
    pos = text.find("\n", a, b)
    while pos >= 0:
        line_start = text.rfind("\n", 0, pos) + 1
        line = text[line_start:pos].strip()
        next_end = text.find("\n", pos + 1)
        next_line = text[pos + 1 : next_end if next_end >= 0 else len(text)].strip()
        # an indented line is layout (a centred cover line, a signature block) unless it is the
        # first line of an indented paragraph, whose next line starts at the margin
        indented = _indent(text, line_start) > 12 and not (len(line) >= 60 and _indent(text, pos + 1) <= 2)
        if len(line) < 50 or len(next_line) < 8 or indented or _COLUMNS.search(line):
            piece_end = pos
            while piece_end > start and text[piece_end - 1] in " \t,":
                piece_end -= 1
            pieces.append((start, piece_end))
            start = pos + 1
            while start < b and text[start] in " \t":
                start += 1
        pos = text.find("\n", pos + 1, b)
    pieces.append((start, b))
    return [(s, e) for s, e in pieces if e > s]


_COLUMNS = re.compile(r"\S {3,}\S|\t")


def _split_sentences(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """Cut after a token ending in a period that is not an abbreviation ("Industries. Auxer"), after a
    legal suffix ("Ltd. The"), and after a name suffix before a sentence opener ("Trust II. Before")."""
    lex = lexicon()
    out = []
    start = a
    for m in re.finditer(r"\S+\.(?=\s+\S)", text[a:b]):
        tok = m.group(0)
        suffix = _key(tok) in lex.legal_suffix_keys
        after = re.match(r"\s+(\S+)", text[a + m.end() : b])
        if after and _key(after.group(1) if suffix else f"{tok} {after.group(1)}") in lex.legal_suffix_keys:
            continue  # "Co. Ltd."; "Pte. Ltd.", "Pty. Ltd.": the first word of a two-word legal form
        letter = len(tok) == 2 and tok[0].isupper() and designated_letter(text, a + m.start())  # "Term Loan B. Wells"
        if _is_abbrev(tok) and not suffix and not letter:
            nxt = re.match(r"\s+([A-Z][a-z]+)\b", text[a + m.end() : b])
            if not (_key(tok) in lex.name_suffixes and nxt and nxt.group(1) in lex.leading_stopwords):
                continue  # "Tidal Trust II. Before joining", "John Smith Jr. He": the period ends the sentence
        out.append((start, a + m.end()))
        start = a + m.end()
        while start < b and text[start].isspace():
            start += 1
    out.append((start, b))
    return [(s, e) for s, e in out if e > s]


def _indent(text: str, line_start: int) -> int:
    n = 0
    while line_start + n < len(text) and text[line_start + n] in " \t":
        n += 1
    return n


_CONNECTORS = {"of", "and", "&", "the", "de", "du", "des", "del", "della", "di", "da", "la", "le", "van", "von", "der",
               "den", "y", "e", "zu", "bin", "binti", "bint", "ibn"}
_CAPS_BREAK = {"to", "for", "in", "on", "at", "by", "with", "from", "is", "are", "was", "were", "a", "an", "as", "or",
               "if", "check", "box", "appropriate", "names", "address", "source", "amount", "percent", "aggregate",
               "vs", "vs.", "into", "under", "over", "about", "announces", "announce", "reports", "report", "completes",
               "signs", "enters", "regarding", "re:", "via", "per", "upon", "this", "that", "its", "his", "her", "their"}
_ARTICLES = {"The", "THE"}
_OTHERS = {"Others", "Ors", "Another", "Anor"}  # "A & Others v. B": the unnamed co-parties of a caption
_PLACE_HEADS = {"County", "City", "Parish", "Township", "Borough", "Valley", "Island", "Islands", "Beach", "Springs",
                "Province", "District", "Prefecture", "Heights", "Hills"}
_TITLE_BREAK = {"With", "To", "In", "On", "At", "By", "From", "Into", "Versus", "Vs.", "Regarding", "Between", "Among", "As",
                "Is", "Are", "Was", "Were", "Has", "Have", "Will", "Shall", "May", "If", "When", "Upon", "This", "That",
                "These", "Those", "It", "We", "Our", "They", "Their", "He", "She", "His", "Her", "There", "Such", "Each",
                "Could", "Would", "Should", "Can", "Might", "Must"}  # a modal verb: a heading written as a sentence
_OF_KEEP_HEADS = {"bank", "university", "court", "department", "commission", "association", "institute", "college",
                  "board", "council", "society", "office", "ministry", "government", "state", "commonwealth",
                  "republic", "city", "county", "district", "school", "museum", "foundation", "trust", "fund",
                  "federation", "union", "agency", "authority", "bureau", "service", "academy", "church", "hospital",
                  "center", "centre", "chamber", "exchange", "reserve", "system", "division", "circuit", "people",
                  "province", "kingdom", "town", "village", "port", "order", "league", "club", "house", "mission",
                  "friends"}


def _make_candidates(text: str, a: int, b: int, lower: frozenset[str] | set[str]) -> list[Candidate]:
    """Weighed candidates of one capitalised run text[a:b] (possibly several names)."""
    lex = lexicon()
    toks = _tokens(text, a, b)
    if not toks:
        return []
    flat = " ".join(text[a:b].split())
    if _known_org(flat):
        return [Candidate(a, b, text[a:b], "Organization", 0.9, ["known"])]
    if flat.endswith(".") and _known_org(flat[:-1]):  # "the U.S. Department of Justice." ending a sentence
        return [Candidate(a, b - 1, text[a : b - 1], "Organization", 0.9, ["known"])]
    if 2 <= len(toks) <= 14:
        ws = [text[s:e] for s, e in toks]
        for n in range(len(ws) - 1, 0, -1):  # the longest known name inside the run
            for i in range(0, len(ws) - n + 1):
                if n > 1 and _known_org(" ".join(ws[i : i + n]), companies=False):
                    rest_ws = ws[i + n :]
                    if i == 0 and rest_ws[:1] == ["of"] and 2 <= len(rest_ws) <= 4 \
                            and all(x[:1].isupper() for x in rest_ws[1:]) and _key(ws[n - 1]) in lex.org_heads:
                        # "Federal Home Loan Bank of Pittsburgh": one of the known body's regional banks
                        end = b - 1 if text[b - 1] == "." and not _is_abbrev(ws[-1]) else b
                        return [Candidate(a, end, text[a:end], "Organization", 0.9, ["known"])]
                    if i == 0 and ws[n - 1].endswith(("'s", "’s")):
                        # "Standard & Poor's Ratings Services": the known owner's own firm, one name
                        return [Candidate(a, b, text[a:b], "Organization", 0.9, ["known"])]
                    lead = 1 if i > 1 and ws[0] in _ARTICLES else 0
                    if i > lead and _place_prefix(ws[lead:i]):
                        # "the Ohio Environmental Protection Agency", "United States Department of Justice":
                        # a state's or a country's own body, not the federal one
                        s0, e0 = toks[lead][0], toks[i + n - 1][1]
                        out = [Candidate(s0, e0, text[s0:e0], "Organization", 0.9, ["public-body"])]
                        if i + n < len(ws):
                            out.extend(_make_candidates(text, toks[i + n][0], b, lower))
                        return out
                    out = _make_candidates(text, a, toks[i - 1][1], lower) if i > 0 else []
                    out.append(Candidate(toks[i][0], toks[i + n - 1][1], text[toks[i][0] : toks[i + n - 1][1]],
                                         "Organization", 0.9, ["known"]))
                    if i + n < len(ws):
                        out.extend(_make_candidates(text, toks[i + n][0], b, lower))
                    return out
    pieces: list[tuple[list[tuple[int, int]], list[str]]] = []
    # 1. cut before honorifics and after possessives inside the run
    cur: list[tuple[int, int]] = []
    sig: list[str] = []
    caps = flat.isupper()
    skip = -1
    for i, (s, e) in enumerate(toks):
        w = text[s:e]
        if "_" in w or (text[e : e + 1] == ":" and w.lower() in lex.field_labels):
            # a blank to fill in ("Chris Doe______") or a form label ("Jane Doe Name: Jane Doe")
            keep = w.split("_", 1)[0] if "_" in w and text[e : e + 1] != ":" else ""
            if keep:
                cur.append((s, s + len(keep)))
            if cur:
                pieces.append((cur, sig))
            cur, sig = [], []
            continue
        if _DOCKET.fullmatch(w.rstrip(".,;")):
            if cur:  # "Case No. A-18-774890-B & Gaft v. …": a docket number ends a name run
                pieces.append((cur, sig))
            cur, sig = [], []
            continue
        if caps and w.lower() in _CAPS_BREAK:
            if cur:
                pieces.append((cur, sig))
            cur, sig = [], []
            continue
        if caps and w in {"OF", "AND", "THE"}:
            cur.append((s, e))
            continue
        if not caps and cur and (w in _TITLE_BREAK or (w == "The" and i > 0)
                                 or (w == "the" and text[cur[-1][0] : cur[-1][1]] not in _CONNECTORS)):
            pieces.append((cur, sig))
            cur, sig = [], []
            continue
        if cur and _key(w) in lex.honorifics and w[:1].isupper() and i + 1 < len(toks) and not _DOTTED.fullmatch(w):
            pieces.append((cur, sig))
            cur, sig = [], []
        if w == "&" and cur and i + 1 < len(toks) and text[toks[i + 1][0] : toks[i + 1][1]] in _OTHERS:
            pieces.append((cur, sig))  # "Ms S Brierley & Others v. …": a caption's unnamed co-parties
            cur, sig = [], []
            skip = i + 1
            continue
        if i == skip:
            continue
        cur.append((s, e))
        if w.endswith(("'s", "’s", "s'", "s’")) and i + 1 < len(toks):
            rest = " ".join(text[x:y] for x, y in toks[i + 1 :])
            owner = " ".join(text[x:y] for x, y in cur)[: -1 if w.endswith(("s'", "s’")) else -2]
            nxt = text[toks[i + 1][0] : toks[i + 1][1]]
            strong = (len(cur) >= 2 or normalize_name(owner, strip_suffix=False) in lex.stop_phrases
                      or all(x.lower() in lex.common_words or _key(x) in lex.org_heads for x in rest.split())
                      or (owner.isupper() and len(owner) >= 2) or _known_org(owner) is not None
                      or nxt in lex.non_entity_starts or _is_title(rest.rstrip(".,;:")) or nxt in lex.leading_stopwords
                      or normalize_name(rest, strip_suffix=False) in lex.stop_phrases)
            head_words = list(itertools.takewhile(lambda x: x[:1].isupper(), rest.split()))  # "Bankers' Bank of Florida": Bank
            members_body = w.endswith(("s'", "s’")) and bool(head_words) and (
                _key(rest.split()[-1].rstrip(".,;:")) in _MEMBERS_BODY_HEADS
                or _key(head_words[-1].rstrip(".,;:")) in _MEMBERS_BODY_HEADS)
            if strong and not (has_legal_suffix("X " + rest) and len(rest.split()) <= 2) and nxt != "Republic" \
                    and not members_body and not _possessive_firm(owner, [text[x:y] for x, y in toks[i + 1 :]]):
                pieces.append((cur, sig))
                cur, sig = [], []
    if cur:
        pieces.append((cur, sig))
    found: list[Candidate] = []
    for ptoks, psig in pieces:
        found.extend(_candidates_of_piece(text, ptoks, list(psig), lower))
    return found


Tok = tuple[int, int]


# "Lakeshore Municipal Employees' Retirement System", "Teachers' Pension Fund", "Commonwealth Bankers' Bank",
# "Farmers' Cooperative": a plural possessive inside the name of its members' body
_MEMBERS_BODY_HEADS = frozenset({"system", "fund", "funds", "association", "union", "trust", "plan", "board", "council",
                                 "bank", "cooperative", "society", "league", "federation", "alliance", "exchange"})


def _possessive_firm(owner: str, rest: list[str]) -> bool:
    """"Standard & Poor's Ratings Group", "Moody's Investors Service, Inc.": a possessive inside a
    firm's name, the words after it (up to an "and") ending in a legal suffix or an organization
    head; not "the Company's Board"."""
    lex = lexicon()
    head: list[str] = []
    for x in rest:
        if x in {"and", "AND", "or", "&"}:
            break
        head.append(x)
    if not 1 <= len(head) <= 4 or not all(x[:1].isupper() for x in head):
        return False
    owner_norm = normalize_name(owner, strip_suffix=False)
    if owner_norm in lex.stop_phrases or any(owner_norm == p.lower() for p, _ in lex.issuer_synonyms) \
            or _is_title(owner) or owner.split()[0] in lex.leading_stopwords:
        return False
    tail = " ".join(head).rstrip(",.")
    last = _key(head[-1].rstrip(","))
    compound_owner = "&" in owner.split()  # "Standard & Poor's Ratings Services", not "Apple's Services Group"
    return has_legal_suffix("X " + tail) or (len(head) >= 2 and last in lex.org_heads
                                             and (compound_owner or last not in lex.segment_heads))


@dataclass
class _Piece:
    """One run of capitalised tokens on its way to a :class:`Candidate`: the steps of
    :data:`PIECE_STEPS` trim it (``toks``), note what they saw (``signals``) or settle it."""

    text: str
    toks: list[Tok]
    signals: list[str]
    lower: frozenset[str] | set[str]

    def word(self, i: int) -> str:
        a, b = self.toks[i]
        return self.text[a:b]

    def words(self, toks: list[Tok] | None = None) -> list[str]:
        return [self.text[a:b] for a, b in (self.toks if toks is None else toks)]


PieceStep = Callable[[_Piece], "list[Candidate] | None"]
"""A step trims ``piece.toks`` in place and returns None to go on, or returns the piece's
candidates (possibly none) to settle it."""


_UPPER_LINKS = frozenset({"AND", "OR", "OF", "THE", "BY", "TO", "IN", "FOR", "WITH", "AT", "ON", "BETWEEN", "AMONG",
                          "FROM", "AS", "AN", "IF", "WHEREAS", "NOW", "THIS", "THAT", "SEE"})


def _strip_leading_words(p: _Piece) -> list[Candidate] | None:
    """Leading sentence words, honorifics ("Mr." → a personal signal) and list markers:
    "However, Acme Corp." → "Acme Corp."; an initial ("A. George Battle") stays, a lettered
    paragraph's letter before a legal name or ordinary words goes."""
    lex = lexicon()
    text = p.text
    stripped = 0
    for j in range(len(p.toks) - 1):
        if _BASED.search(p.word(j)):
            p.toks = p.toks[j + 1 :]  # "Northwestern Washington-based Horizon Bank": a description before the name
            break
    while p.toks and stripped < _LEADING_STRIP_MAX:
        raw = p.word(0)
        tk = raw.rstrip(".,")
        if _INITIAL.fullmatch(raw) and len(p.toks) > 1:
            rest = " ".join(p.words(p.toks[1:]))
            line_start = not text[text.rfind("\n", 0, p.toks[0][0]) + 1 : p.toks[0][0]].strip()
            siblings = {x for x in _LIST_MARKERS.findall(text) if x != raw[0]}
            if line_start and siblings and (has_legal_suffix(rest) or all(
                    _ordinary_word(w.rstrip(".,:;"), p.lower) for w in p.words(p.toks[1:]))):
                # "A. Asta Funding Acquisition II, LLC", "E. Tenant covenants", "B. Except as …" at a
                # line start among other lettered paragraphs: a list marker, not an initial
                p.toks = p.toks[1:]
                continue
            break  # an initial: "A. George Battle"
        if len(p.toks) > 1 and p.word(1) == "&" and tk != "&":
            break  # "A & B Builders, Inc."
        # an upper-case stop word opens an upper-case run ("IN WITNESS WHEREOF"), but before mixed-case words
        # it is an acronym of the name ("HIS Realty Holdings LLC", "ALL Capital Partners LLC")
        upper_stop = tk.isupper() and len(tk) > 1 and tk.title() in lex.leading_stopwords and not (
            len(p.toks) > 1 and p.word(1)[:1].isupper() and not p.word(1).isupper() and tk not in _UPPER_LINKS)
        if tk in lex.leading_stopwords or tk == "&" or upper_stop \
                or (len(p.toks) > 1 and len(tk) > 5 and tk.endswith("ly") and tk.lower() in lex.common_words):
            p.toks = p.toks[1:]
            stripped += 1
            continue
        if _key(tk) in lex.honorifics and len(p.toks) > 1 and not _DOTTED.fullmatch(raw) \
                and p.word(1) not in {"of", "OF"}:
            # not "M.S." (a degree, not "Ms.") nor "Professor of Electrical Engineering" (a chair)
            p.signals.append("honorific")
            p.toks = p.toks[1:]
            stripped += 1
            continue
        if tk in {"The", "THE"} and len(p.toks) > 1 and p.word(1).rstrip(".,") in lex.leading_stopwords:
            p.toks = p.toks[1:]
            continue
        break
    return None


def _strip_leading_number(p: _Piece) -> list[Candidate] | None:
    """A year or a count before a name ("2004 Acme"), not "1895 Bancorp of Wisconsin, Inc."."""
    if p.word(0).isdigit():
        whole = " ".join(p.words())
        before = p.text[max(0, p.toks[0][0] - 12) : p.toks[0][0]]
        # "2136305 Ontario Inc.", "1393631 B.C.": a numbered company
        numbered = (len(p.word(0)) >= 5 and has_legal_suffix(whole)) or is_numbered_company(p.words())
        # "DenCo, 4400 Holdings, LLC": without its number the name is generic words only
        bare = (has_legal_suffix(whole) and not re.fullmatch(r"(?:19|20)\d\d", p.word(0))
                and not _distinctive_core(" ".join(p.words(p.toks[1:]))))
        if not numbered and not bare and (not has_legal_suffix(whole) or _NUMBER_CONTEXT_BEFORE.search(before)):
            p.toks = p.toks[1:]
    return None


_ACRONYM = re.compile(r"[A-Z]{2,6}")


def _cut_of(p: _Piece) -> list[Candidate] | None:
    """"X of Y": cut when X is a title, a document, a quantity ... (not "Bank of America")."""
    lex = lexicon()
    text = p.text
    ws = p.words()
    if _is_public_body(ws):
        return None  # "Attorney General of New York", "Office of the Attorney General of the State of California"
    for i, w in enumerate(ws):
        if w not in ("of", "OF") or i == 0 or i == len(ws) - 1:
            continue
        left, right = p.toks[:i], p.toks[i + 1 :]
        lw = p.words(left)
        if any(x in ("and", "AND") and has_legal_suffix(" ".join(lw[:j])) for j, x in enumerate(lw)):
            continue  # "UBS Loan Finance LLC and Bank of America, N.A.": two names, for "split 'A and B'" to part
        left_text = " ".join(lw)
        right_text = re.sub(r"['’]s?\Z", "", " ".join(p.words(right)))  # "of the Company’s Board": the Company
        keep = _key(lw[-1]) in _OF_KEEP_HEADS or _key(lw[-1]).rstrip("s") in _OF_KEEP_HEADS or _key(lw[-1]) in lex.org_heads
        rws = [x for x in p.words(right) if x not in ("the", "The", "THE")]
        core_right = strip_legal_suffix(" ".join(rws)).split()
        pws = [re.sub(r"['’]s\Z", "", x.rstrip(".,;:")) for x in rws]  # "of America." ending a sentence, "of America, N.A.", "of America’s"
        place_right = bool(rws) and (pws[0].lower() in lex.places or " ".join(pws[:2]).lower() in lex.places
                                     or " ".join(pws[:3]).lower() in lex.places
                                     or (1 < len(core_right) <= 3 and core_right[-1] in _PLACE_HEADS))
        if keep and has_legal_suffix(right_text) and not place_right and (
                len([x for x in lw if not x.isdigit() and (x not in _ARTICLES or rws[0].lower() in lex.common_words)]) > 1
                or _key(lw[-1]) not in _OF_KEEP_HEADS | {"bancorp", "bancshares"}):
            keep = False  # "Compensation Committee of Fair Isaac Corporation", "Management of GAINSCO, INC."
        if not keep and place_right and has_legal_suffix(right_text) and not _is_title(left_text) \
                and lw[0] not in lex.non_entity_starts:
            keep = True  # "Waste Management of New York City, Inc.", "Banc of America Securities LLC"
        if not keep and place_right and has_legal_suffix(left_text) and not _is_title(left_text) \
                and lw[0] not in lex.non_entity_starts and len([x for x in lw if x not in _ARTICLES]) >= 2:
            keep = True  # "The Prudential Insurance Company of America", "Pruco Life Insurance Company of New Jersey"
        if not keep and len(lw) == 1 and _ACRONYM.fullmatch(lw[0]) and has_legal_suffix(right_text) \
                and not right_text.isupper() and len(rws) == len(p.words(right)) \
                and not _is_title(left_text) and lw[0] not in lex.non_entity_starts:
            keep = True  # "AHP of Fayetteville, Inc.", "AHE of Irvine, Inc.": a group's acronym and a place it serves
        if keep and len(lw) == 1 and len(rws) == 1 and not has_legal_suffix(right_text) and _key(lw[0]) != "bank" \
                and lw[0] not in _institution_heads() and pws[0].lower() not in lex.places and pws[0] not in lex.state_codes:
            keep = False  # "Exchange of Bitcoin" (but "Bank of America", "Bank of Montreal", "University of Dayton")
        if lw[0] in lex.non_entity_starts or _is_title(left_text) or not keep:
            if right and text[right[0][0] : right[0][1]] in {"the", "The", "THE"}:
                right = right[1:]
            rest = _candidates_of_piece(text, right, [], p.lower) if right else []
            if _is_title(left_text) and rest and rest[0].kind == "Organization" \
                    and _key(lw[-1]) not in _chair_titles():
                rest[0].signals.append("title-of")
            elif lw[0] not in lex.non_entity_starts and (has_legal_suffix(right_text)
                                                          or _capacity_before(text, left[0][0])) \
                    and _person_shaped(left_text):
                # "the trustee, James P. Doe of Doe & Roe LLP": a person of a firm
                s0, e0 = left[0][0], left[-1][1]
                rest.insert(0, Candidate(s0, e0, text[s0:e0], "Person", 0.75, ["person-of-firm"]))
            return rest
        break
    return None


def _strip_leading_titles(p: _Piece) -> list[Candidate] | None:
    """Titles before the name: "President Robert Scott", "Chairman and Chief Executive Officer X"."""
    lex = lexicon()
    if _is_public_body(p.words()):
        return None  # "Attorney General of New York" is an office, not a title before a name
    changed = True
    while changed and len(p.toks) >= 2:
        changed = False
        low = " ".join(p.words()).lower()
        for t in lex.titles:
            if low.startswith(t + " ") and t not in _TITLES_KEPT_IN_NAMES:
                n = len(t.split())
                rest = " ".join(p.words(p.toks[n:]))
                if t.endswith("holder") and has_legal_suffix(rest) and not _distinctive_core(rest):
                    break  # "Shareholder Representative Services LLC": the holders' word opens a name of generic words
                if n < len(p.toks) - (0 if p.toks[n:] and p.word(n) in ("and", "AND", "of") else 1):
                    p.toks = p.toks[n:]
                    p.signals.append("title")
                    changed = True
                    while p.toks and p.word(0) in {"and", "AND", "&", "of", "OF"}:
                        p.toks = p.toks[1:]
                break
    return None


@lru_cache(maxsize=1)
def _titles_by_first_word() -> dict[str, tuple[tuple[str, ...], ...]]:
    """The titles of the lexicon as word tuples, by their first word."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for t in lexicon().titles:
        words = tuple(t.split())
        if words:
            out.setdefault(words[0], []).append(words)
    return {k: tuple(v) for k, v in out.items()}


def _split_inner_title(p: _Piece) -> list[Candidate] | None:
    """A company's name, a title and a person's name in one run, as press releases write them
    ("Zurn Chairman George H. Schofield said", "Acme CEO Jane M. Roe"): the company and the person
    are two candidates, the person with the title's signal."""
    ws = p.words()
    if len(ws) < 4 or "and" in ws or "AND" in ws:
        return None
    by_first = _titles_by_first_word()
    low = [w.lower().rstrip(",") for w in ws]
    for k in range(1, len(ws) - 2):
        title = max((t for t in by_first.get(low[k], ()) if tuple(low[k : k + len(t)]) == t), key=len, default=None)
        if title is None:
            continue
        n = len(title)
        left, right = ws[:k], ws[k + n :]
        if not 2 <= len(right) <= 4 or _is_title(" ".join(left)) or not all(w[:1].isupper() for w in left):
            return None
        if not _person_shaped(" ".join(right).rstrip(".,")):
            return None
        out = _candidates_of_piece(p.text, p.toks[:k], list(p.signals), p.lower)
        person = _candidates_of_piece(p.text, p.toks[k + n :], list(p.signals) + ["title"], p.lower)
        return out + person
    return None


def _strip_trailing_titles(p: _Piece) -> list[Candidate] | None:
    """A person's name and a title in one run, as a table cell prints them ("Dennis C. Joines President",
    "Steven L. Hoekstra Executive Vice President"): the title is cut off when what stays is shaped like a
    person's name."""
    lex = lexicon()
    ws = p.words()
    for k in range(2, len(ws)):
        rest = " ".join(ws[k:]).rstrip(".,").lower()
        if rest in lex.titles:
            if _person_shaped(" ".join(ws[:k]).rstrip(",")):
                p.toks = p.toks[:k]
                p.signals.append("title-after")
            return None
    return None


def _split_and(p: _Piece) -> list[Candidate] | None:
    """"A and B": two names unless one organization's name ("Securities and Exchange Commission")."""
    ws = p.words()
    if "and" in ws or "AND" in ws:
        parts = _split_and_tokens(p.text, p.toks)
        if len(parts) > 1:
            out = []
            for part in parts:
                out.extend(_candidates_of_piece(p.text, part, list(p.signals), p.lower))
            return out
    return None


def _trim_connectors(p: _Piece) -> list[Candidate] | None:
    """Connectors, "The" and numbers at the end; connectors at the start."""
    while p.toks and (p.word(-1) in _CONNECTORS | {"The", "THE"} or p.word(-1).rstrip(",").isdigit()):
        p.toks = p.toks[:-1]
    while p.toks and p.word(0) in _CONNECTORS:
        p.toks = p.toks[1:]
    return None


def _weigh_piece(p: _Piece) -> list[Candidate] | None:
    """The span from the first to the last token, less a possessive, a sentence's full stop and
    trailing punctuation, weighed by :data:`WEIGH_CHECKS`."""
    lex = lexicon()
    text = p.text
    s, e = p.toks[0][0], p.toks[-1][1]
    last = text[p.toks[-1][0] : e]
    if last.endswith(("'s", "’s")) and len(last) > 2:
        e -= 2
    elif last.endswith(("s'", "s’")) and len(last) > 2:
        e -= 1
    elif last.endswith(".") and (not _is_abbrev(last) or _no_period_suffix(last)
                                 or (_ROMAN_WITH_STOP.fullmatch(last) and any(
                                     _key(text[a:b]) in lex.org_heads for a, b in p.toks[:-1]))):
        e -= 1  # "... Fund II." at a sentence end
    while e > s and text[e - 1] in ",;:/":
        e -= 1
    if e <= s:
        return []
    c = _weigh(text, s, e, p.signals, p.lower)
    return [c] if c is not None else []


PIECE_STEPS: tuple[tuple[str, PieceStep], ...] = (
    ("strip leading words", _strip_leading_words),
    ("strip a leading number", _strip_leading_number),
    ("cut 'X of Y'", _cut_of),
    ("strip leading titles", _strip_leading_titles),
    ("split 'Org Title Person'", _split_inner_title),
    ("split 'A and B'", _split_and),
    ("trim connectors", _trim_connectors),
    ("strip trailing titles", _strip_trailing_titles),
    ("weigh", _weigh_piece),
)
"""The steps from a run of tokens to candidates, in order; the first to return a list settles
the piece, and a piece trimmed to nothing gives no candidate."""


def _candidates_of_piece(text: str, toks: list[Tok], signals: list[str],
                         lower: frozenset[str] | set[str]) -> list[Candidate]:
    piece = _Piece(text, toks, signals, lower)
    for _name, step in PIECE_STEPS:
        if not piece.toks:
            return []
        settled = step(piece)
        if settled is not None:
            return settled
    return []


_INITIAL = re.compile(r"[A-Z]\.")
_BASED = re.compile(r"[a-z]-(?:based|headquartered)\Z")
_DOTTED = re.compile(r"(?:[A-Z]\.){2,}")  # "M.S.", "B.A.": letters with stops, never an honorific
_LIST_MARKERS = re.compile(r"(?m)^[ \t]*([A-Z])\.[ \t]")
_NUMBER_CONTEXT_BEFORE = re.compile(r"(?:,|\d|[A-Z][a-z]+)\s*\Z")
_ROMAN_WITH_STOP = re.compile(r"[IVX]+\.")
_TITLES_KEPT_IN_NAMES = frozenset({"member", "owner", "principal", "partner", "counsel", "manager", "officer"})


@lru_cache(maxsize=1)
def _degrees() -> frozenset[str]:
    return frozenset(load_list("degrees.txt"))


@lru_cache(maxsize=1)
def _chair_titles() -> frozenset[str]:
    """Last words of academic titles whose "of X" is a discipline ("Professor of Economics")."""
    return frozenset(_key(t.split()[-1]) for t in load_list("chair_titles.txt"))


def _is_title(phrase: str) -> bool:
    lex = lexicon()
    parts = [p.strip().lower() for p in re.split(r"/|,| and ", phrase) if p.strip()]
    if not parts:
        return False
    ok = 0
    for p in parts:
        p = re.sub(r"^(?:the|our|its|senior|executive|former|interim|acting|co-)\s+", "", p)
        if p in lex.titles or any(p.endswith(" " + t) or p == t for t in ("officer", "president", "director", "chairman",
                                                                         "chair", "secretary", "treasurer", "counsel",
                                                                         "executive", "partner", "principal", "professor",
                                                                         "member", "controller", "manager")):
            ok += 1
    return ok == len(parts)


def _distinctive_core(name: str) -> bool:
    lex = lexicon()
    core = normalize_name(name).split()
    return any(w not in lex.org_heads and w not in lex.common_words and w not in _CONNECTORS for w in core)


def _split_and_tokens(text: str, toks: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    lex = lexicon()
    ws = [text[s:e] for s, e in toks]
    idx = [i for i, w in enumerate(ws) if w in ("and", "AND")]
    if not idx:
        return [toks]
    whole = " ".join(ws)
    heads = any(_key(w) in lex.org_heads for w in ws) or is_pension_system(whole)
    suffixed = has_legal_suffix(whole)
    cuts = []
    for i in idx:
        left = " ".join(ws[:i])
        right = " ".join(ws[i + 1 :])
        r_first = ws[i + 1] if i + 1 < len(ws) else ""
        l_last = ws[i - 1] if i > 0 else ""
        if _key(l_last) in _BANK_NAME_BEFORE_AND and _key(r_first) in _BANK_NAME_GOES_ON \
                and (_key(l_last) != "corporate" or (i >= 2 and i + 2 < len(ws) and _key(ws[i + 2]) == "bank")):
            # "Harris Trust and Savings Bank", "First Citizens Bank and Trust Company", "Crédit Agricole
            # Corporate and Investment Bank": one bank (not a segment: "Corporate and Investment Banking")
            continue
        if (
            (not heads and not suffixed)
            or r_first in {"the", "The"}
            or normalize_name(left, strip_suffix=False) in lex.stop_phrases
            or (i == 1 and _key(l_last).split("-")[-1] in lex.capacity_words)  # "Grantor and U.S. Bank …", "Co-Agent and …"
            or normalize_name(right, strip_suffix=False) in lex.stop_phrases
            or (_complete(left) and _complete(right) and not _one_body(ws[:i], ws[i + 1 :]))
            or (has_legal_suffix(right) and _distinctive_core(right)
                and (i >= 2 or (l_last.isupper() and len(l_last) >= 2) or re.search(r"\.[a-z]{2,4}$", l_last)))
            or has_legal_suffix(left)
            # "Truist Bank and Capital One, National Association", "The Bank of Nova Scotia and Associated Bank,
            # N.A.": a bank's name, then a national bank's legal name of its own (not "Farmers and Merchants Bank, N.A.")
            or (i >= 2 and _NATIONAL_BANK_END.search(right) is not None and _key(r_first) not in _BANK_NAME_GOES_ON
                and any(_key(w) in {"bank", "bancorp", "trust"} for w in ws[:i]))
            # "KeyBank and Regions Bank", "JPMorgan and Wells Fargo Bank": a one-word name written in
            # camel case is a name by itself, and the words after "and" one of their own
            or (i == 1 and _CAMEL.fullmatch(l_last) is not None and len(ws) - i - 1 >= 2 and r_first[:1].isupper()
                and (_key(ws[-1]) in lex.org_heads or has_legal_suffix(right)))
            or ((r_first.isupper() and len(r_first) >= 2 and i + 2 == len(ws)) and _complete(left))
            # "Truist Bank and U.S. Bank National Association": a bank, then a legal-form name of its own (not
            # "First Citizens Bank and Trust Company")
            or (i >= 2 and _key(l_last) == "bank" and len(ws) - i - 1 >= 2 and _key(r_first) not in lex.org_heads
                and r_first[:1].isupper() and re.search(r"(?:National\s+Association|N\.A\.|\bBank)[.,;]*$", right, re.I))
        ):
            cuts.append(i)
    if not cuts:
        return [toks]
    parts = []
    prev = 0
    for i in cuts:
        parts.append(toks[prev:i])
        prev = i + 1
    parts.append(toks[prev:])
    return [p for p in parts if p]


_BANK_NAME_BEFORE_AND = frozenset({"bank", "trust", "savings", "corporate"})
_BANK_NAME_GOES_ON = frozenset({"trust", "savings", "loan", "banking", "investment"})  # "First Citizens Bank and Trust Company, N.A."
_NATIONAL_BANK_END = re.compile(r",\s*(?:National\s+Association|NATIONAL\s+ASSOCIATION|N\.\s?A\.)[.,;]*\Z")
_CAMEL = re.compile(r"(?!Mc|Mac|De|Di|La|Le|Van|Von|Du)[A-Z][a-z]+[A-Z][A-Za-z]*")


def _one_body(left: list[str], right: list[str]) -> bool:
    """"National Development and Reform Commission of the People's Republic of China": a left side of
    ordinary words only (no name by itself) and a right side headed by an organization word make one name."""
    lex = lexicon()
    left = _without_municipality(left)  # "City of Westland Police and Fire Retirement System"
    if not left or not right or has_legal_suffix(" ".join(right)):
        return False
    cut = right.index("of") if "of" in right else len(right)

    def ordinary(ws: list[str]) -> bool:
        ws = [w.rstrip(".,;:") for w in ws]  # "… Retirement System." ending a sentence
        return all(w.lower() in lex.common_words or w.lower() in lex.english_words or _key(w) in lex.org_heads for w in ws)

    kind, score = classify_name(" ".join(left))
    return (all(w[:1].isupper() for w in left) and ordinary(left) and (kind is None or score < 0.5)
            and cut > 0 and (_key(right[cut - 1]) in lex.org_heads or is_pension_system(" ".join(right[:cut])))
            and ordinary(right[:cut]))


_DOCKET = re.compile(r"(?=(?:[^\d]*\d){4})[A-Za-z0-9]+(?:[-:][A-Za-z0-9]+){2,}"  # "A-18-774890-B", "1:18-cv-09640"
                     r"|[A-Z]{2,4}\d{4}-\d{4,6}")  # a patent review's number: "IPR2025-01102"
_MUNICIPAL = {"City", "County", "State", "Town", "Village", "Township", "Commonwealth", "Borough", "Parish"}


def _without_municipality(ws: list[str]) -> list[str]:
    """The words after a leading public owner ("City of Westland", "State of Ohio", "Ohio"): a public
    pension fund's name goes on with ordinary words ("Police", "Teachers")."""
    if ws and ws[0] in _ARTICLES:
        ws = ws[1:]
    if len(ws) >= 4 and ws[0] in _MUNICIPAL and ws[1] == "of":
        n = next((n for n in (3, 2) if len(ws) > 2 + n and _simple_place(" ".join(ws[2 : 2 + n]))), 1)
        return ws[2 + n :]
    n = next((n for n in (3, 2, 1) if len(ws) > n and _place_prefix(ws[:n])), 0)
    return ws[n:]


def _complete(name: str) -> bool:
    words = [w for w in name.split() if w[:1].isupper() and len(w.rstrip(".")) > 1]
    if has_legal_suffix(name):
        return _distinctive_core(name)
    return len(words) >= 2


@dataclass
class _Weighing:
    """One capitalised phrase text[s:e] being weighed, with the facts the checks of
    :data:`WEIGH_CHECKS` share; ``kind``/``score`` hold the shape's verdict once it is classified."""

    text: str
    s: int
    e: int
    signals: list[str]
    lower: frozenset[str] | set[str]
    c: Candidate
    flat: str
    words: list[str]
    norm_full: str
    all_caps: bool
    suffix: bool
    kind: Kind | None = None
    score: float = 0.0

    def reject(self, why: str) -> Candidate:
        self.c.rejected = why
        return self.c


WeighCheck = Callable[[_Weighing], "Candidate | None"]
"""A check returns the settled candidate (rejected, or typed and scored) or None to go on."""


def _known_body(w: _Weighing) -> Candidate | None:
    """Known bodies (SEC, IRS, FDIC ...)."""
    if _known_org(w.flat) and not (" " not in w.flat and _PERSONAL & set(w.signals)):  # "Mr. Fitch" is a person
        w.c.kind, w.c.score = "Organization", 0.9
        w.c.signals.append("known")
        return w.c
    return None


def _stop_phrase_or_place(w: _Weighing) -> Candidate | None:
    lex = lexicon()
    if w.norm_full in lex.stop_phrases or w.norm_full in lex.places or w.flat in lex.state_codes:
        return w.reject("stop-phrase" if w.norm_full in lex.stop_phrases else "place")
    return None


def _contents_line(w: _Weighing) -> Candidate | None:
    """"Financial Information........ 32": a heading in a table of contents, not a name."""
    if ".." in w.flat or _DOT_LEADER.match(w.text, w.e):
        return w.reject("contents line")
    return None


_DOT_LEADER = re.compile(r"[ \t]*(?:\.[ \t]*){3,}")


def _credentials(w: _Weighing) -> Candidate | None:
    """"MBA, CPA" (after "Venessa D. Green,"), "M.S.": professional credentials and degrees alone are
    no name."""
    lex = lexicon()
    if not w.suffix and all(_key(x) in lex.name_suffixes or x in _degrees() for x in w.words):
        return w.reject("credential")
    return None


def _calendar(w: _Weighing) -> Candidate | None:
    """"February & June" (2005): months and weekdays joined by "&" are a date."""
    lex = lexicon()
    words = [x for x in w.words if x not in _CONNECTORS]
    if words and all(_key(x) in lex.calendar_words for x in words) and not (_PERSONAL & set(w.signals)):  # "Ms. May"
        return w.reject("date")
    return None


_EXHIBIT_LABEL = re.compile(r"(?i)ex(?:h(?:ibit)?)?[-.]?\d")  # "Ex-99.1", "EX-10.2", "Exh.4"
_ADJECTIVE_COMPOUND = re.compile(r"[A-Za-z0-9.]-[a-z]{2,}(?:ed|ing)\Z")  # "AI-based", "Cloud-enabled", "U.S.-listed"


def _label_or_compound(w: _Weighing) -> Candidate | None:
    """An exhibit label ("Ex-99.1 Financial statements of …") or a phrase opened by an adjective
    compound ("AI-based Technologies", "Company-owned Stores") is no name."""
    if not w.suffix and (_EXHIBIT_LABEL.match(w.words[0]) or _ADJECTIVE_COMPOUND.search(w.words[0])):
        return w.reject("generic")
    return None


def _capacity(w: _Weighing) -> Candidate | None:
    """"Co-Documentation Agents", "[ASSIGNOR]", "Joint Lead Arrangers": a party's capacity in an
    agreement (``capacity_words.txt``), without a legal suffix or an organization head, is a role."""
    lex = lexicon()
    last = _key(w.words[-1])
    if w.suffix or not (last in lex.capacity_words or (last.endswith("s") and last[:-1] in lex.capacity_words)):
        return None
    if any(_key(x) in lex.org_heads or _proper_word(x, w.lower) for x in w.words[:-1]):
        return None  # "Sunnova Business Markets Borrower (LLC)": a name before the capacity word
    return w.reject("capacity")


def _proper_word(word: str, lower: frozenset[str] | set[str]) -> bool:
    """A word that only a name explains: no dictionary or filing word, no short acronym, no compound."""
    lex = lexicon()
    lw = word.lower()
    if "-" in word or (word.isupper() and len(word) <= 5) or word in _CONNECTORS:
        return False
    return not (lw in lex.english_words or lw in lex.common_words or lw in lower or lw.rstrip("s") in lex.english_words)


def _statute(w: _Weighing) -> Candidate | None:
    """"Financial Institutions Reform, Recovery and Enforcement Act": the head of a statute's name."""
    if not w.suffix and _STATUTE_TAIL.match(w.text, w.e):
        return w.reject("non-entity word")
    return None


def _tail_after_year(w: _Weighing) -> Candidate | None:
    """"… Isely 2012 Irrevocable Family Trust": ordinary words after a year are a cut-off tail."""
    lex = lexicon()
    before_year = _NAME_AND_YEAR_BEFORE.search(w.text[max(0, w.s - 40) : w.s])
    if w.suffix and before_year and before_year.group(1) not in lex.leading_stopwords | _TITLE_BREAK and all(
            x.lower() in lex.common_words or x.lower() in lex.english_words or _key(x) in lex.legal_suffix_keys
            for x in w.words):
        return w.reject("generic")
    return None


def _city_before_state(w: _Weighing) -> Candidate | None:
    """"ENGLEWOOD CLIFFS, N.J., March 7": a city in a dateline or an address."""
    if not w.suffix and not (_PERSONAL & set(w.signals)) and _state_after(w.text, w.e):
        return w.reject("place")
    return None


def _place_name(w: _Weighing) -> Candidate | None:
    """"Zhejiang Province", "Liandu District", "Caterina Heights": one or two proper words before a
    place head are a place ("Dallas Independent School District", with ordinary words, is a body)."""
    lex = lexicon()
    if w.suffix or (_PERSONAL & set(w.signals)) or not 2 <= len(w.words) <= 3 or w.words[-1].title() not in _PLACE_HEADS:
        return None
    others = w.words[:-1]
    if all(x[:1].isupper() and x.lower() not in lex.common_words and x.lower() not in w.lower and _key(x) not in lex.org_heads
           and x.lower() not in lex.english_words for x in others):
        return w.reject("place")
    return None


def _hyphenated_phrase(w: _Weighing) -> Candidate | None:
    """"At-the-Market", "Mark-to-Market"."""
    if not w.suffix and any(_INNER_HYPHEN_WORD.search(x) for x in w.words):
        return w.reject("generic")
    return None


def _non_entity_word(w: _Weighing) -> Candidate | None:
    if not w.suffix and any(_key(x) in _NON_ENTITY_ANYWHERE for x in w.words):
        return w.reject("non-entity word")
    return None


def _court(w: _Weighing) -> Candidate | None:
    """A court is where a proceeding is, not a party: kept as an attribute."""
    if any(_key(x) in {"court", "courts", "tribunal"} for x in w.words):
        return w.reject("court")
    return None


def _is_public_body(words: list[str]) -> bool:
    """"Office of the Attorney General of the State of California", "Department of Labor", "New York
    Attorney General", "National Labor Relations Board": a public-body head (``public_body_heads.txt``)
    before "of" and a proper name that is no company organ ("Board of Directors of the Company"), or
    after a public modifier or a place ("European Commission", "California Air Resources Board")."""
    lex = lexicon()
    ws = [x.rstrip(",") for x in words if x not in _ARTICLES and x != "the"]
    heads = lex.public_body_heads
    for n in (2, 1):
        if len(ws) > n + 1 and " ".join(ws[:n]).lower() in heads and ws[n] in ("of", "OF"):
            right = ws[n + 1 :]
            proper = [x for x in right if x[:1].isupper() and x not in _CONNECTORS]
            rest = " ".join(right)
            norm = normalize_name(rest, strip_suffix=False)
            return bool(proper) and right[0].lower() not in lex.public_body_organs and not has_legal_suffix(rest) \
                and norm not in lex.stop_phrases and not any(norm == p.lower() for p, _ in lex.issuer_synonyms) \
                and (not _is_title(rest) or rest.lower() in heads) and _public_words(proper)
    for n in (2, 1):
        if len(ws) > n and " ".join(ws[-n:]).lower() in heads:
            before = ws[:-n]
            if any(x.lower() in lex.public_body_organs or not x[:1].isupper() for x in before):
                return False
            place = _simple_place(" ".join(before)) or (len(before) > 1 and _simple_place(" ".join(before[:2])))
            modifier = before[0].lower() in lex.public_body_modifiers or " ".join(before[:2]).lower() in lex.public_body_modifiers
            if len(before) == 1:  # "European Commission", "Texas Attorney General"; not "Regional Office"
                return (place or before[0].lower() == "european") and ws[-1].lower() not in {"office", "department"}
            return bool(place or modifier)
    return False


def _place_prefix(words: list[str]) -> bool:
    """Words naming a U.S. state or a country before a public body ("Ohio", "United States", "U.S.")."""
    phrase = " ".join(words)
    return _simple_place(phrase) or phrase in _COUNTRY_PREFIXES


_COUNTRY_PREFIXES = {"United States", "U.S.", "US", "UNITED STATES"}


def _without_place(name: str) -> str:
    """"United States Department of Justice" → "Department of Justice" (for its acronym "DOJ")."""
    ws = name.split()
    if ws and ws[0] in _ARTICLES:
        ws = ws[1:]
    for k in (3, 2, 1):
        if len(ws) > k + 1 and _place_prefix(ws[:k]):
            return " ".join(ws[k:])
    return name


def _public_words(words: list[str]) -> bool:
    """The words after "Department of", "Office of": ordinary words, places, public heads ("Justice",
    "Labor", "the Attorney General of the State of California"), never a company's name ("Board of NIKE")."""
    lex = lexicon()
    words = [x.rstrip(".,") for x in words]
    i = 0
    while i < len(words):
        n = next((n for n in (3, 2, 1) if i + n <= len(words) and _simple_place(" ".join(words[i : i + n]))), 0)
        if n:
            i += n
            continue
        low = words[i].lower().rstrip(",")
        if not (low in lex.common_words or low in lex.english_words or low in lex.public_body_heads
                or low in lex.public_body_modifiers or low in {"attorney", "general"}):
            return False
        i += 1
    return True


def _simple_place(phrase: str) -> bool:
    lex = lexicon()
    low = phrase.lower()
    return low in lex.places or low in _US_STATES


def _public_body(w: _Weighing) -> Candidate | None:
    """Government bodies, regulators and associations are organizations (:func:`_is_public_body`)."""
    if w.suffix or ({"honorific", "signature", "name-line"} & set(w.signals)) or w.all_caps or not _is_public_body(w.words):
        return None
    w.c.kind, w.c.score = "Organization", 0.85
    w.c.signals.append("public-body")
    return w.c


@lru_cache(maxsize=1)
def _institution_heads() -> frozenset[str]:
    return frozenset(load_list("institution_heads.txt"))


def _non_entity_start(w: _Weighing) -> Candidate | None:
    lex = lexicon()
    first = w.words[0]
    if (first in lex.non_entity_starts or (first.isupper() and first.title() in lex.non_entity_starts)) and not w.suffix:
        if len(w.words) >= 3 and w.words[-1] in _institution_heads():
            return None  # "Case Western Reserve University"
        return w.reject("non-entity start")
    return None


def _title_only(w: _Weighing) -> Candidate | None:
    return w.reject("title") if _is_title(w.flat) else None


def _suffix_only(w: _Weighing) -> Candidate | None:
    lex = lexicon()
    bare = re.sub(r"\A(?:an?|the)\s+", "", w.flat, flags=re.IGNORECASE).strip(" ,.").lower()
    if all(_key(x) in lex.legal_suffix_keys for x in w.words) or bare in _suffix_phrases():
        return w.reject("suffix only")  # "LLC", "A Professional Corporation"
    return None


@lru_cache(maxsize=1)
def _suffix_phrases() -> frozenset[str]:
    return frozenset(x.lower().rstrip(".") for x in load_list("legal_suffixes.txt") if " " in x)


_PLAIN_WORD = re.compile(r"[A-Z][a-z]+")


def _non_entity_head(w: _Weighing) -> Candidate | None:
    lex = lexicon()
    last_key = _key(w.words[-1])
    if not w.suffix and (last_key in lex.non_entity_heads or last_key.rstrip("s") in lex.non_entity_heads):
        if _surname_head(w):
            return None  # "Mr. Parks", "Robert Parks, age 48": a surname that is also a head word
        if _body_of_place(w.words):
            return None  # "Development Authority of Richmond County": the head is the body's, the county its seat
        return w.reject("non-entity head")
    return None


def _body_of_place(words: list[str]) -> bool:
    """"<body> of <place>": an organization head before the last "of" and a place of at most three words after
    it ("Development Authority of Richmond County", "Water District of Harris County")."""
    lex = lexicon()
    if "of" not in words:
        return False
    i = len(words) - 1 - words[::-1].index("of")
    left, right = words[:i], [x for x in words[i + 1 :] if x not in _ARTICLES]
    return bool(left) and 1 <= len(right) <= 3 and _key(left[-1]) in lex.org_heads and right[-1] in _PLACE_HEADS


def _surname_head(w: _Weighing) -> bool:
    """A listed surname after an honorific ("Mr. Parks"), or after a listed first name that is no
    common word ("Robert Parks"), is a person's name even when the word also ends places or documents;
    the second shape stays weak (0.5) until a title or an age beside it confirms the person."""
    lex = lexicon()
    if w.all_caps or w.words[-1].lower() not in lex.last_names:
        return False
    if "honorific" in w.signals and len(w.words) <= 3:
        return True
    if len(w.words) != 2 or not all(_PLAIN_WORD.fullmatch(x) for x in w.words):
        return False
    first = w.words[0].lower()
    if first not in lex.first_names or first in lex.common_words or first in w.lower:
        return False
    w.signals.append("surname-head")
    return True


def _word_pair_name(w: _Weighing) -> bool:
    """Two plain words, a listed first name and a listed surname that are both ordinary words too ("Mark
    Fields", "Dean Banks"): a weak person, which a title or an age beside it confirms (``_context``)."""
    lex = lexicon()
    if w.all_caps or w.suffix or len(w.words) != 2 or not all(_PLAIN_WORD.fullmatch(x) for x in w.words):
        return False
    first, last = (x.lower() for x in w.words)
    return first in lex.first_names and last in lex.last_names and _key(w.words[1]) not in lex.org_heads


def _too_long(w: _Weighing) -> Candidate | None:
    if len([x for x in w.words if x not in _CONNECTORS]) > _MAX_NAME_WORDS and not w.suffix:
        return w.reject("too long")
    return None


def _legal_suffix_name(w: _Weighing) -> Candidate | None:
    """"Foo Corporation" is a name unless every other word is common ("the Corporation") or the
    rest is the numbered tail of a name cut by a line break ("Acquisition I, LLC")."""
    if not w.suffix:
        return None
    lex = lexicon()
    core = [x for x in normalize_name(w.flat).split() if x not in {"&", "and", "of"}]
    if len(core) == 1 and (core[0] in lex.stop_phrases or core[0] in lex.org_heads or core[0] in lex.segment_heads
                           or core[0] in _GENERIC_CORES or core[0] in lex.places
                           or (w.all_caps and core[0] in lex.common_words)):
        core = []
    if len(core) > 1 and " ".join(core) in lex.places:
        core = []  # "a New Jersey LLC": a place and a legal form describe a party, they name none
    if len(core) == 1 and _participle(core[0], w.lower):
        core = []  # "the Surviving Corporation", "Controlled Company": a state of a company, no name
    numerals = [x for x in core if _NUMERAL.fullmatch(x)]
    acronyms = {x.lower() for x in w.words if x.isupper() and len(x) >= 2 and not w.all_caps}
    numbered = bool(core) and core[0].isdigit() and len(core[0]) >= 3 and w.words[0].isdigit()  # "4400 Holdings, LLC"
    if numerals and not numbered and all(x in numerals or (x not in acronyms and (x in _GENERIC_CORES or x in lex.org_heads
                                                                                  or x in lex.common_words)) for x in core):
        core = []
    if not core:
        return w.reject("generic")
    w.c.kind, w.c.score = "Organization", 0.95
    w.c.signals.append("legal-suffix")
    return w.c


def _participle(word: str, lower: frozenset[str] | set[str]) -> bool:
    """An ordinary "-ing"/"-ed" word the filing also writes in lower case ("surviving", "combined"),
    not a name ("Sterling", "Fielding")."""
    lex = lexicon()
    return word.endswith(("ing", "ed")) and word in lower and word not in lex.last_names \
        and word not in lex.first_names and (word in lex.english_words or word in lex.common_words)


def _classify_shape(w: _Weighing) -> Candidate | None:
    """No suffix: the name's shape decides (first names, surnames, organization heads ...);
    "Friends of the High Line" has a charity's shape; a lone generic plural is no name."""
    check = w.flat.title() if w.all_caps else w.flat
    w.kind, w.score = classify_name(check, lowercase_words=w.lower)
    if "surname-head" in w.signals:
        w.kind, w.score = "Person", 0.5  # "Robert Parks": weak until a title or an age confirms it
    if _FRIENDS_OF.match(w.flat) and len(w.words) >= 3:
        w.kind, w.score = "Organization", 0.8
    if w.kind is None and _word_pair_name(w):
        w.kind, w.score = "Person", 0.3  # "Mark Fields": below acceptance until a title or an age beside it
    if w.kind is None or (len(w.words) == 1 and _generic_plural(w.words[0])):
        return w.reject("generic")  # "Supervisors" (from "the Board of Supervisors")
    return None


def _personal_signals(w: _Weighing) -> Candidate | None:
    """An honorific makes a person of anything but a clear organization; a title before a
    person's name raises its score."""
    if "honorific" in w.signals:
        if w.kind == "Organization" and w.score >= 0.8:
            w.c.signals.remove("honorific")
        else:
            w.kind, w.score = "Person", 0.9
    elif "title" in w.signals and w.kind == "Person":
        w.score = max(w.score, 0.8)
    return None


def _segment(w: _Weighing) -> Candidate | None:
    """Segments and divisions: a segment head with only common words around it."""
    lex = lexicon()
    if w.kind == "Organization" and any(_key(x) in lex.segment_heads for x in w.words):
        others = [x for x in w.words if _key(x) not in lex.segment_heads and _key(x) not in {"of", "and", "&", "the"}]
        if all(x.lower() in lex.common_words or x.lower() in w.lower or x.lower().rstrip("s") in w.lower for x in others):
            return w.reject("segment")
    return None


def _ordinary_pair(w: _Weighing) -> Candidate | None:
    """"Fabric & Home Care", "Lawn & Garden": ordinary words joined by "&", none a name or an
    organization head, are a product line or a segment ("Johnson & Johnson", "Standard & Poor"
    have surnames)."""
    if w.kind != "Organization" or "&" not in w.words or w.all_caps or (_PERSONAL & set(w.signals)):
        return None
    others = [x.strip("/") for x in w.words if x not in {"&", "and", "of", "the", "The"}]
    if w.text[w.e : w.e + 2] in {"'s", "’s"}:
        return None  # "Standard & Poor's"
    if others and all(x[:1].isupper() and (_ordinary_word(x, w.lower) or _dictionary_word(x)) for x in others):
        return w.reject("segment")  # (a surname that is a plain word counts as the word here: "Kitchens & Bath")
    return None


def _dictionary_word(word: str) -> bool:
    """A plain English word (or its plural) that is neither a first name nor an organization head."""
    lex = lexicon()
    lw = word.lower()
    return lw not in lex.first_names and _key(word) not in lex.org_heads and (
        lw in lex.english_words or (lw.endswith("s") and lw[:-1] in lex.english_words))


def _ordinary_word(word: str, lower: frozenset[str] | set[str]) -> bool:
    lex = lexicon()
    lw = word.lower()
    if lw in lex.first_names or _key(word) in lex.org_heads:
        return False
    if lw in lower or (lw.endswith("s") and lw[:-1] in lower):
        return True  # the filing writes it in lower case ("garden", "blades")
    return lw not in lex.last_names and (lw in lex.english_words or lw in lex.common_words
                                         or (lw.endswith("s") and lw[:-1] in lex.english_words))


def _bank_name_of_common_words(w: _Weighing) -> bool:
    """A bank's name made of common words ("First Union National Bank", "City National Bank", "Associated
    Bank"): it ends in "Bank", every word is capitalised, none is a connector, and no determiner stands right
    before it ("the Savings Bank", "such National Bank" are references, not names)."""
    ws = w.words
    if len(ws) < 2 or ws[-1] != "Bank" or not all(x[:1].isupper() for x in ws) \
            or any(_key(x) in _bank_capacity_words() for x in ws[:-1]):
        return False  # "Reference Bank", "Issuing Bank": a capacity (data in bank_capacity_words.txt)
    before = w.text[max(0, w.s - 12) : w.s].split()
    after = w.text[w.e : w.e + 2]
    if after[:1] in {":", "”", '"'} or w.text[max(0, w.s - 1) : w.s] in {"“", '"'}:
        return False  # a form's label ("Quoting Bank:") or a defined term (“Agent Bank”)
    return not (before and before[-1].lower() in {"the", "a", "an", "such", "each", "any", "our", "its", "their", "this", "that"})


@lru_cache(maxsize=1)
def _bank_capacity_words() -> frozenset[str]:
    return frozenset(_key(x) for x in load_list("bank_capacity_words.txt"))


def _generic_head(w: _Weighing) -> Candidate | None:
    """An organization head alone ("Securities") is no name; with only generic words around it
    ("Financial Services", "Superior Court") it is a weak one."""
    lex = lexicon()
    if w.kind == "Organization" and w.score >= 0.8:
        others = [x for x in w.words if _key(x) not in lex.org_heads and _key(x) not in {"of", "and", "&", "the"}]
        if not others:
            return w.reject("head only")
        if all(x.lower() in lex.common_words or x.lower() in w.lower for x in others) and not w.all_caps:
            if _bank_name_of_common_words(w):
                return None  # "First Union National Bank", "City National Bank", "Associated Bank"
            w.score = 0.5
            w.c.signals.append("generic-head")
    return None


def _typed(w: _Weighing) -> Candidate | None:
    """Settle the shape's verdict; all capitals (a heading) stay weak unless a signature or a
    list promotes them later."""
    if w.all_caps and "honorific" not in w.signals and w.score < 0.9:
        w.score = min(w.score, 0.5)
    w.c.kind, w.c.score = w.kind, w.score
    return w.c


WEIGH_CHECKS: tuple[tuple[str, WeighCheck], ...] = (
    ("known body", _known_body),
    ("stop phrase or place", _stop_phrase_or_place),
    ("contents line", _contents_line),
    ("credentials", _credentials),
    ("months and weekdays", _calendar),
    ("exhibit label or adjective compound", _label_or_compound),
    ("a party's capacity", _capacity),
    ("statute", _statute),
    ("tail after a year", _tail_after_year),
    ("city before a state", _city_before_state),
    ("place name", _place_name),
    ("hyphenated phrase", _hyphenated_phrase),
    ("non-entity word", _non_entity_word),
    ("court", _court),
    ("public body", _public_body),
    ("non-entity start", _non_entity_start),
    ("title only", _title_only),
    ("suffix only", _suffix_only),
    ("non-entity head", _non_entity_head),
    ("too long", _too_long),
    ("legal-suffix name", _legal_suffix_name),
    ("shape", _classify_shape),
    ("personal signals", _personal_signals),
    ("segment", _segment),
    ("ordinary words joined by '&'", _ordinary_pair),
    ("generic head", _generic_head),
    ("typed", _typed),
)
"""How a capitalised phrase is weighed, in order: the first check to return a candidate settles
it (rejected with a reason, or typed and scored); the last always does."""


def _weigh(text: str, s: int, e: int, signals: list[str], lower: frozenset[str] | set[str]) -> Candidate | None:
    name = text[s:e]
    flat = " ".join(name.split())
    words = flat.replace(",", " ").split()
    if not words:
        return None
    letters = [ch for ch in flat if ch.isalpha()]
    w = _Weighing(
        text=text, s=s, e=e, signals=signals, lower=lower,
        c=Candidate(s, e, name, None, 0.0, signals),
        flat=flat, words=words, norm_full=normalize_name(flat, strip_suffix=False),
        all_caps=bool(letters) and all(ch.isupper() for ch in letters),
        suffix=has_legal_suffix(flat),
    )
    for _name, check in WEIGH_CHECKS:
        settled = check(w)
        if settled is not None:
            return settled
    return w.c  # pragma: no cover - "typed" always settles


_NAME_AND_YEAR_BEFORE = re.compile(r"([A-Z][\w.'’\-]*)[ \t]+\d{4}[ \t]*\Z")
_INNER_HYPHEN_WORD = re.compile(r"-[a-z]+-")
_FRIENDS_OF = re.compile(r"(?:Friends|FRIENDS) (?:of|OF) (?:the |THE )?[A-Z]")
_NUMERAL = re.compile(r"x{0,3}(?:ix|iv|v?i{1,3}|v)|x{1,3}|\d+")
_MAX_NAME_WORDS = 9  # more words than this (connectors aside) and no legal suffix: a heading or a sentence


_FORMER_CUE = re.compile(r"(?i)f|formerly|now")
_STATUTE_TAIL = re.compile(r",[ \t]*(?:[A-Z][a-z]+,?[ \t]+){0,4}(?:and[ \t]+)?(?:[A-Z][a-z]+[ \t]+){0,3}Act\b")


@lru_cache(maxsize=1)
def _state_after_rx() -> re.Pattern[str]:
    lex = lexicon()
    states = sorted(set(load_list("state_abbreviations.txt")) | set(lex.state_codes)
                    | {p.title() for p in lex.places if p in _US_STATES}, key=len, reverse=True)
    alt = "|".join(re.escape(x).replace("\\ ", " ").replace(" ", r"[ \t]?") for x in states)
    # ", STATE" then a comma, a ZIP code, a date, a line end: "Englewood Cliffs, NJ 07632", "Boston, Mass., May 3"
    return re.compile(r"\A,[ \t]*(?:" + alt + r")(?:(?<=\.)|(?![\w.]))[ \t]*(?:,|\n|\Z|\d{5}\b|\(|/|--|[A-Z][a-z]{2,8}\.?[ \t]+\d)")


_US_STATES = {"alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut", "delaware", "florida",
              "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas", "kentucky", "louisiana", "maine",
              "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri", "montana", "nebraska",
              "nevada", "new hampshire", "new jersey", "new mexico", "new york", "north carolina", "north dakota", "ohio",
              "oklahoma", "oregon", "pennsylvania", "rhode island", "south carolina", "south dakota", "tennessee", "texas",
              "utah", "vermont", "virginia", "washington", "west virginia", "wisconsin", "wyoming"}


def _state_after(text: str, end: int) -> bool:
    """The name is followed by ", STATE" closing an address or a dateline (a city, not a company)."""
    return _state_after_rx().match(text[end : end + 40]) is not None


def _generic_plural(word: str) -> bool:
    """A single plural of an ordinary English word ("Supervisors", "Trustees"): not a name by itself."""
    lex = lexicon()
    w = word.lower()
    if not (word[:1].isupper() and word[1:].islower() and w.endswith("s") and len(w) > 4):
        return False
    if w in lex.last_names or w in lex.first_names:
        return False
    stems = {w[:-1], w[:-2] if w.endswith("es") else w[:-1], w[:-3] + "y" if w.endswith("ies") else w[:-1]}
    return w not in lex.english_words and any(x in lex.english_words for x in stems)


_NON_ENTITY_ANYWHERE = {"act", "rule", "rules", "regulation", "regulations", "agreement", "plan", "exhibit", "section",
                        "article", "litigation", "transaction", "codification", "topic", "award", "medal", "prize",
                        "class", "series", "rsu", "rsus", "spin-off", "amendment", "proposal", "committee", "peer",
                        "guidelines", "interlocks", "highlights", "meeting", "statement", "statements", "stockholders",
                        "shareholders", "bylaws", "charter", "certificate", "website", "tel", "fax", "telephone",
                        "e-mail", "email", "facsimile", "phone", "attention", "attn", "program", "index", "indices"}
_GENERIC_CORES = {"merger", "acquisition", "sub", "newco", "holdco", "parent", "buyer", "seller", "purchaser",
                  "borrower", "lender", "company", "target", "software", "media", "management", "services", "holding"}


def _forms_of(rows: tuple[tuple[str, ...], ...]) -> dict[str, str]:
    """Each form of each row (as written and in upper case) -> the row's label."""
    return {f: row[0] for row in rows for form in row for f in (form, form.upper())}


@lru_cache(maxsize=1)
def _known_forms() -> dict[str, str]:
    return _forms_of(lexicon().known_orgs)


@lru_cache(maxsize=1)
def _company_forms() -> dict[str, str]:
    return _forms_of(lexicon().known_companies)


def _known_org(flat: str, *, companies: bool = True) -> str | None:
    """The known body (``known_orgs.txt``) or, with ``companies``, the known company
    (``known_companies.txt``: the whole name as written only) a name is."""
    forms = _known_forms()
    if flat in forms:
        return forms[flat]
    if companies:
        company = _company_forms().get(flat) or _company_forms().get(re.sub(r"(?:'s|’s)\Z", "", flat))
        if company:
            return company
    bare = strip_legal_suffix(flat)
    if bare != flat and bare in forms and " " in bare:  # not "Fitch Co." of "Abercrombie & Fitch Co."
        return forms[bare]  # "National Association of Securities Dealers, Inc."
    if flat.startswith(("The ", "THE ")) and flat[4:] in forms:
        return forms[flat[4:]]
    for prefix in _COUNTRY_PREFIXES:  # "United States Securities and Exchange Commission" is the SEC
        if flat.startswith(prefix + " ") and flat[len(prefix) + 1 :] in forms:
            return forms[flat[len(prefix) + 1 :]]
    return None


def _merge_firm_lists(text: str, cands: list[Candidate], lower: frozenset[str] | set[str] = frozenset()) -> None:
    """"Leonard, Street and Deinard, P.A." / "Skadden, Arps, Slate, Meagher & Flom LLP": single
    surnames separated by commas and ending in a suffixed member are one firm's name."""
    i = 0
    while i < len(cands):
        j = i
        two = _two_surnames(cands[i], lower)  # "Merrill Lynch, Pierce, Fenner & Smith Incorporated"
        while (
            j + 1 < len(cands)
            and ((len(cands[j].text.split()) == 1 and _surname_like(cands[j].text)) or (j == i and two))
            and cands[j].text.lower() not in lower
            and re.fullmatch(r"[ \t]*,[ \t]*", text[cands[j].end : cands[j + 1].start])
        ):
            j += 1
        core = normalize_name(cands[j].text).split()
        if j > i + int(two) and has_legal_suffix(cands[j].text) and (len(core) == 1 or (len(core) <= 4 and "and" in core)):
            first, last = cands[i], cands[j]
            merged = Candidate(first.start, last.end, text[first.start : last.end], "Organization", 0.95,
                               ["legal-suffix", "firm-list"])
            cands[i : j + 1] = [merged]
        i += 1


def _two_surnames(c: Candidate, lower: frozenset[str] | set[str]) -> bool:
    """Two surname-shaped words with no personal signal: the head of a partners' firm name."""
    ws = c.text.split()
    return (len(ws) == 2 and not (_PERSONAL & set(c.signals)) and all(_surname_like(x) and x.lower() not in lower for x in ws)
            and ws[-1].lower() in lexicon().last_names)


def _distinctive_word(word: str, lower: frozenset[str] | set[str], *, english: bool = True) -> bool:
    """A single capitalised word that is not a common word, a first name or a place (nor, with
    ``english``, any English word: a strong context such as a suit's party slot may waive that)."""
    lex = lexicon()
    w = word.strip(",. ")
    lw = w.lower()
    return (len(w) >= 3 and " " not in w and lw not in lex.common_words and lw not in lower
            and not (english and lw in lex.english_words)
            and lw.rstrip("s") not in lower and lw.rstrip("s") not in lex.common_words
            and lw not in lex.first_names and lw not in lex.places and w not in lex.leading_stopwords
            and lw not in lex.stop_phrases and lw not in lex.org_heads)


def _surname_like(word: str) -> bool:
    lex = lexicon()
    w = word.strip(",")
    return (w[:1].isupper() and w[1:].islower() and w.isalpha() and w.lower() not in lex.places
            and w not in lex.leading_stopwords and w.lower() not in lex.org_heads and w.lower() not in lex.common_words
            and w.lower() not in lex.stop_phrases and w.lower() not in lex.role_terms)


_DESCRIPTION_BEFORE = re.compile(r"(?:^|[^\w-])(?:a|an)\s+(?:(?:leading|global|new|separate|private|public|diversified|major|"
                                 r"large|small|premier|independent|privately[- ]held|publicly[- ]traded)\s+)*\Z", re.I)


def _context(text: str, cands: list[Candidate], lower: frozenset[str] | set[str]) -> None:
    rx = _regexes()
    for c in cands:
        before = text[max(0, c.start - 60) : c.start]
        after = text[c.end : c.end + 80]
        if c.rejected is None and rx["place_after"].match(after) and not has_legal_suffix(c.text) and c.kind != "Organization":
            c.rejected = "place"
            continue
        if c.rejected is None and _DESCRIPTION_BEFORE.search(before) and c.text.split()[-1].lower() == "company" \
                and len(c.text.split()) >= 2 and not has_legal_suffix(" ".join(c.text.split()[:-1])):
            c.rejected = "description"  # "eCera, a leading Taiwanese FCP Company", "into a Separate Public Company"
            continue
        if c.rejected is None and (rx["product_before"].search(before) or rx["product_after"].match(after)
                                   or _GLUED_MARK.search(c.text)):
            c.rejected = "product"
            continue
        if c.rejected is None and "known" not in c.signals and not has_legal_suffix(c.text) \
                and len([w for w in c.text.split() if w not in _ARTICLES]) >= 2 and _unit_after_rx().match(after):
            c.rejected = "unit"  # "the U.S. Retail Coffee segment", "the Acme Cloud platform"
            continue
        if c.rejected is not None and c.rejected != "generic":
            continue
        if rx["signature_before"].search(before):
            if c.kind != "Organization" or c.score < 0.8:
                c.kind, c.score = "Person", max(c.score, 0.85) if c.rejected is None else 0.8
                c.rejected = None if _nameish(c.text) else c.rejected
                c.signals.append("signature")
            continue
        if c.rejected is not None:
            continue
        if rx["honorific_before"].search(before) and c.kind != "Organization":
            c.kind, c.score = "Person", 0.9
            c.signals.append("honorific")
        if rx["title_after"].search(after) or rx["age_after"].search(after) or rx["title_before"].search(before):
            ws = c.text.split()
            lex = lexicon()
            # a listed first name that is also a word ("Officer, Mark Benjamin"): the title beside it makes the
            # person unless the surname is a common word too; an age makes it even then ("Dean Banks, age 47")
            first_named = ws[0].lower() in lex.first_names and (
                ws[-1].lower() not in lex.common_words or bool(rx["age_after"].search(after))
                or (len(ws) == 2 and ws[-1].lower() in lex.last_names and bool(rx["title_after"].search(after))))
            if c.kind == "Person" or (c.score < 0.5 and _nameish(c.text) and 2 <= len(ws) <= 4
                                      and (first_named or not any(w.lower() in lex.common_words for w in ws))):
                c.kind, c.score = "Person", max(c.score, 0.85)
                c.signals.append("title")
        if ((c.kind == "Organization" and c.score < ACCEPT) or (c.kind == "Person" and c.score <= 0.75)) \
                and (rx["org_before"].search(before) or "title-of" in c.signals) \
                and "generic-head" not in c.signals and (len(c.text.split()) >= 2 or _distinctive_word(c.text, lower)):
            c.kind = "Organization"
            c.score = 0.7
            c.signals.append("org-context")
        if c.kind == "Organization" and 0.45 <= c.score < ACCEPT and len(c.text.split()) >= 2 \
                and _key(c.text.split()[-1]) in lexicon().org_heads and rx["lending_org_before"].search(before) \
                and not all(w.lower() in lexicon().generic_lender_words for w in c.text.split()[:-1]):
            c.score = 0.7  # "borrowed $750,000 from Five Points Bank": a lender, not a generic phrase
            c.signals.append("lending-context")
        if c.kind == "Organization" and 0.45 <= c.score < ACCEPT and len(c.text.split()) >= 2 \
                and _key(c.text.split()[-1]) in lexicon().org_heads and rx["capacity_after"].match(after) \
                and _CAPTION_BEFORE.fullmatch(before[before.rfind("\n") + 1 :]) \
                and not all(w.lower() in lexicon().generic_lender_words for w in c.text.split()[:-1]):
            c.score = 0.7  # "SYNOVUS BANK, as a Lender" heading a signature block: a party, not a heading
            c.signals.append("capacity-context")
        if c.kind == "Person" and c.score < ACCEPT and _nameish(c.text) and len(c.text.split()) >= 2 \
                and _SIDE_WORD_BEFORE.search(before):
            c.score = 0.8  # "Plaintiffs Ada Finch and Tom Beale allege …": named individual parties
            c.signals.append("party-context")
        if c.kind == "Organization" and c.score < ACCEPT and "generic-head" not in c.signals \
                and (len(c.text.split()) >= 2 or _distinctive_word(c.text, lower, english=False)) \
                and c.text.lower() not in lexicon().role_terms and _party_of_suit(before, after):
            c.score = 0.7  # "Whinstone filed a petition against …", "a complaint against Whinstone"
            c.signals.append("party-context")
        if (c.kind == "Organization" and c.score < ACCEPT and c.text.startswith("The ") and len(c.text.split()) >= 3
                and re.search(r"[a-z,]\s+\Z", before)):
            c.score = 0.7  # "a member of The Business Council": a capital "The" inside a sentence
            c.signals.append("the-inside")
        after_paren = re.sub(r"\A\s*\([^()\n]{1,40}\)", "", after)  # 'Foo Association ("FA"), a trade ...'
        personal = c.kind == "Person" and (c.score >= 0.7 or {"title", "honorific", "signature"} & set(c.signals))
        if c.score < 0.9 and not personal and (rx["org_apposition"].search(after) or rx["org_apposition"].search(after_paren)) and (
                len(c.text.split()) >= 2 or _distinctive_word(c.text, lower)):
            c.kind, c.score = "Organization", 0.9
            c.signals.append("org-apposition")
        if c.score < ACCEPT and _deal_party(c, before, after, lower):
            c.kind, c.score = "Organization", 0.7  # "the Geeknet acquisition", "our Mellanox acquisition"
            c.signals.append("deal-context")
            continue
        if rx["article_before"].search(before) and not has_legal_suffix(c.text):
            c.rejected = "indefinite"
            continue
        if rx["possessive_before"].search(before) and not has_legal_suffix(c.text) and c.kind == "Organization" \
                and c.score < 0.9:
            c.rejected = "possessive"
    _units_listed(text, cands)
    _sovereign_parties(text, cands)


_SOVEREIGN = re.compile(r"(?:The\s+|the\s+)?(?:United\s+States(?:\s+of\s+America)?|(?:People\s+of\s+the\s+)?State\s+of\s+[A-Z][a-z]+"
                        r"(?:\s+[A-Z][a-z]+)?|Commonwealth\s+of\s+[A-Z][a-z]+|(?:City|County|Town|Village)\s+of\s+[A-Z][a-z]+"
                        r"(?:\s+[A-Z][a-z]+)?)")
_SOVEREIGN_AFTER = re.compile(r",?\s+(?:v\.|vs\.?|versus)\s|\s+(?:has\s+|have\s+)?(?:filed|brought|sued|commenced|intervened)\b")
_SOVEREIGN_BEFORE = re.compile(r"(?:\bv\.|\bvs\.?|\bversus)\s+\Z")


def _sovereign_parties(text: str, cands: list[Candidate]) -> None:
    """A state, the United States or a city as a party of a suit ("State of Oregon v. Quillon
    Pharmaceuticals, Inc.", "… v. City of Barberton", "the United States filed suit"): an organization
    there, however generic its words are elsewhere."""
    for c in cands:
        if c.rejected is None or not _SOVEREIGN.fullmatch(c.text):
            continue
        if _SOVEREIGN_AFTER.match(text, c.end) or _SOVEREIGN_BEFORE.search(text[max(0, c.start - 12) : c.start]):
            c.kind, c.score, c.rejected = "Organization", 0.85, None
            c.signals.append("sovereign-party")


_LIST_JOIN = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def _units_listed(text: str, cands: list[Candidate]) -> None:
    """The names listed before a unit noun are units as the last one is: "the Core Laboratory
    Diagnostics, Rapid Diagnostics, Molecular Diagnostics and Point of Care Diagnostics divisions"
    (a name with a legal form, a known name or a strong one ends the list)."""
    ordered = sorted(cands, key=lambda c: c.start)
    for i, c in enumerate(ordered):
        if c.rejected != "unit" and not (c.rejected == "generic" and _unit_after_rx().match(text[c.end : c.end + 80])):
            continue
        cur = c
        for p in reversed(ordered[:i]):
            if p.end > cur.start or not _LIST_JOIN.fullmatch(text[p.end : cur.start]):
                break
            if has_legal_suffix(p.text) or "known" in p.signals or (p.rejected is None and p.score >= 0.9):
                break
            if p.rejected is None:
                p.rejected = "unit"
            cur = p  # a member already rejected ("Heart Failure", generic) keeps the list going


_GLUED_MARK = re.compile(r"[a-z](?:TM|SM)\Z")  # "Partnership ProgramTM": a trademark sign flattened to letters


@lru_cache(maxsize=1)
def _unit_after_rx() -> re.Pattern[str]:
    nouns = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in lexicon().unit_nouns)
    return re.compile(rf"\A[ \t]+(?:{nouns})(?![\w-])")


@lru_cache(maxsize=1)
def _deal_after_rx() -> re.Pattern[str]:
    nouns = "|".join(re.escape(n) for n in lexicon().deal_nouns)
    return re.compile(rf"\A[ \t]+(?:{nouns})(?![\w-])")


_DEAL_DETERMINER = re.compile(r"(?<![\w-])(?:the|our|its|their|this|that|[Tt]he|[Oo]ur|[Ii]ts|[Tt]heir|[Tt]his)[ \t]+\Z")


def _deal_party(c: Candidate, before: str, after: str, lower: frozenset[str] | set[str]) -> bool:
    """A name between a determiner and a deal noun ("the Geeknet acquisition", "our Mellanox
    acquisition") stands for the other party of the deal: a company, when the name is one distinctive
    word (no English or common word) or two words or more of which one is distinctive; never a person
    with a personal signal, never a name with a legal suffix (typed already)."""
    if has_legal_suffix(c.text) or c.kind == "Person" and ({"title", "honorific", "signature"} & set(c.signals)):
        return False
    if not _DEAL_DETERMINER.search(before) or not _deal_after_rx().match(after):
        return False
    words = [w for w in c.text.split() if w not in _ARTICLES]
    if len(words) == 1:
        return _distinctive_word(words[0], lower)
    return any(_distinctive_word(w, lower) for w in words)


_SIDE_WORD_BEFORE = re.compile(r"(?<![\w-])(?:[Ll]ead\s+)?(?:[Pp]laintiffs?|[Dd]efendants?|[Pp]etitioners?|[Rr]espondents?|"
                               r"[Cc]laimants?)\s+\Z")


@lru_cache(maxsize=1)
def _suit_rx() -> tuple[re.Pattern[str], re.Pattern[str]]:
    nouns = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in lexicon().suit_nouns)
    before = re.compile(rf"(?<![\w-])(?:{nouns})\s+(?:\w+\s+){{0,2}}?against\s+\Z", re.IGNORECASE)
    after = re.compile(rf"\A(?:\s*\([^()\n]{{1,40}}\))?,?\s+(?:has\s+|had\s+|also\s+)?(?:filed|brought|commenced|"
                       rf"initiated|served)\s+(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?:{nouns})\b", re.IGNORECASE)
    return before, after


def _party_of_suit(before: str, after: str) -> bool:
    """A name in a party's slot of a suit: "X filed a complaint", "a petition against X"."""
    rb, ra = _suit_rx()
    return bool(rb.search(before) or ra.match(after))


_NAMEISH_WORD = re.compile(r"^(?:[A-Z][a-zA-Z'’\-]+|[A-Z]\.?|[A-Z][a-z]*\.|[A-Z]+,?|Jr\.?|Sr\.?|I{2,3},?|de|van|von|der|del|la)$")


def _nameish(name: str) -> bool:
    words = name.replace(",", " ").split()
    return 1 <= len(words) <= 5 and all(_NAMEISH_WORD.match(w) for w in words)


def _groups(text: str, cands: list[Candidate]) -> None:
    """Enumerations and case captions: members of a list with one typed member (or the two
    sides of "A vs. B") are parties even when bare."""
    rx = _regexes()
    gid = 0
    groups: list[list[Candidate]] = []
    current: list[Candidate] = []
    captions: list[tuple[int, int]] = []  # group ids on either side of "vs."
    for c in cands:
        if current and rx["list_gap"].match(text[current[-1].end : c.start]):
            current.append(c)
            continue
        if current:
            groups.append(current)
            if rx["caption_gap"].match(text[current[-1].end : c.start]):
                captions.append((len(groups) - 1, len(groups)))
        current = [c]
    if current:
        groups.append(current)
    caption_groups = {g for pair in captions for g in pair if g < len(groups)}
    for g, members in enumerate(groups):
        for c in members:
            c.group = gid + g
        caption = g in caption_groups
        if len(members) < 2 and not caption:
            continue
        live = [c for c in members if c.rejected is None]
        typed = [c for c in live if c.kind is not None and c.score >= 0.7]
        if not caption and (not typed or len(live) * 2 < len(members)):
            continue
        for c in live:
            multi = len([w for w in c.text.split() if len(w.rstrip(".")) > 1]) >= 2
            if not caption and not multi:
                continue  # a bare single word in a list may be a product, a place, a brand
            if c.kind is not None and c.score < ACCEPT and c.score >= 0.35 and "generic-head" not in c.signals:
                c.score = 0.7
                c.signals.append("caption" if caption else "enumeration")
            elif c.kind is not None and "generic-head" in c.signals and caption:
                c.score = 0.7
                c.signals.append("caption")



def _name_like_term(term: str, target: Candidate) -> bool:
    """A defined term worth keeping as an alias: a name ("Quantum", "OBS") or a party's role
    ("the Lender"), not a defined concept ("Confidential Information", "Closing Date")."""
    lex = lexicon()
    low = term.lower()
    if low in lex.role_terms or low.split()[-1] in lex.role_terms:
        return True
    words = re.findall(r"[A-Za-z][A-Za-z'’\-\.&]*", term)
    if not words:
        return False
    if target.kind == "Person":
        names = {w.lower().strip(".,") for w in target.text.split()}
        return all(w[:1].isupper() for w in words) and len(words) <= 3 and any(w.lower() in names for w in words)
    distinctive = [w for w in words if w.lower() not in lex.common_words and w.lower() not in _CONNECTORS]
    if not distinctive:
        return False
    tnorm = normalize_name(target.text)
    # the term shares a word or the initials of the name, or is an acronym
    if _numeric_acronym(term, target.text):
        return True  # "Twenty-First Century Fox, Inc. (“21CF”)"
    if re.search(r"\d", term) and not re.fullmatch(r"[A-Za-z]+\d?", term):
        # "ASC 320-10-65": a code; but "Tessaro Newbuild 7 Ltd. (“Newbuild 7”)": the name's own words
        own = {w.lower().strip(".,") for w in target.text.split()}
        return len(term.split()) >= 2 and all(w.lower() in own for w in term.split())
    initials = "".join(w[0] for w in tnorm.split() if w)
    tl = term.replace(".", "").replace(" ", "").lower()
    return any(w.lower() in tnorm.split() for w in words) or tl == initials[: len(tl)] or \
        (term.isupper() and _acronym_of(tl, tnorm)) or any(tnorm.replace(" ", "").startswith(w.lower()[:4]) for w in words)


_NUMERIC_ACRONYM = re.compile(r"(\d{1,3})([A-Z]{1,5})")


def _numeric_acronym(term: str, name: str) -> bool:
    """A term of digits and capitals that spells the name: its leading number (in words or digits) as
    the number and the next words' initials as the letters ("21CF" / "Twenty-First Century Fox",
    "21CFA" / "21st Century Fox America"), or a letter
    repeated as often as the number says ("3M" / "Minnesota Mining and Manufacturing")."""
    m = _NUMERIC_ACRONYM.fullmatch(term.strip())
    if not m:
        return False
    number, letters = int(m.group(1)), m.group(2).lower()
    values = dict(lexicon().number_words)
    words = [w for w in re.split(r"[\s\-]+", strip_legal_suffix(name).lower()) if w and w not in _CONNECTORS]
    total, i = 0, 0
    ordinal = re.fullmatch(r"(\d{1,3})(?:st|nd|rd|th)?", words[0]) if words else None
    if ordinal:
        total, i = int(ordinal.group(1)), 1  # "21st Century Fox America, Inc. (“21CFA”)"
    while not ordinal and i < len(words) and words[i] in values:
        total += values[words[i]]
        i += 1
    initials = "".join(w[0] for w in words[i:] if w[:1].isalpha())
    if i and total == number and initials.startswith(letters):
        return True
    return not i and len(letters) == 1 and number >= 2 and initials == letters * number


# "references to the “Operating Partnership” refer to Bramblewood Industrial OP, L.P.", "the term “Parent” means
# X": a defined term that names the party right after the cue
_REFERS_TO = re.compile(r"(?:\b[Rr]eferences?\s+(?:herein\s+|in\s+this\s+[\w-]+(?:\s+[\w-]+)?\s+)?to|\b[Tt]he\s+terms?)"
                        r"\s+(?:the\s+|our\s+)?[“\"](?P<term>[A-Z][^”\"]{1,40}?)[,.]?[”\"]\s*,?\s+"
                        r"(?:refers?|are|is|means?)\s+(?:(?:to|solely\s+to|only\s+to)\s+)?(?:the\s+)?")
# "Larkspur Lodging OP, LP, the Company’s operating partnership (the “Operating Partnership”)": a defined term
# repeating the words of a possessive apposition names the party before the apposition
_POSSESSIVE_APPOSITION = re.compile(r",\s+(?:the\s+(?:Company|Partnership|Trust|Registrant)['’]s|our|its|their)\s+"
                                    r"(?P<np>(?:[\w-]+\s+){0,4}?[\w-]+)\s*\(\s*(?:the\s+|our\s+)?[“\"](?P<term>[^”\"]{2,40})[”\"]\s*\)")
_GLOSSARY_ROW = re.compile(r"(?:^|(?<=\n))[ ]*([A-Z][A-Z0-9&]{1,9})[ ]*\t[ \t]*")


def _acronym_of(acro: str, norm: str) -> bool:
    """"gmacis" / "gmac investment services", "rbc" / "risk based capital": the acronym's letters
    in order in the name, starting with its first letter."""
    letters = norm.replace(" ", "")
    if not acro or not letters or acro[0] != letters[0]:
        return False
    pos = 0
    for ch in acro:
        pos = letters.find(ch, pos)
        if pos < 0:
            return False
        pos += 1
    return True


_TICKER_BEFORE = re.compile(r"\([ \t]*(?:NASDAQ|Nasdaq|NYSE|Nyse|AMEX|NYSE\s+American|NYSE\s+MKT|OTC|OTCQB|OTCQX|TSX|"
                            r"Nasdaq\s+GS|Nasdaq\s+GM|Nasdaq\s+CM|LSE|ASX)[ \t]*:[ \t]*[A-Z][A-Z.\-]{0,7}[ \t]*\)\s*\Z")
_ADDRESS_GAP = 240  # how far before a defined term an address clause opening after the party's name is looked for
_ADDRESS_BEFORE = re.compile(r",?\s*\b(?:whose|with\s+its|having\s+its|and\s+its)\s+(?:registered\s+|head\s+|principal\s+|executive\s+)*"
                             r"(?:office|offices|address|place\s+of\s+business)\b[^()“”\"]*$")
_APPOSITION_OBJECT = re.compile(r"\A\s*,\s*(?:a|an)\s+[^()\"“”;]{0,120}?\b(?:of|to|by|with)\s+(?:the\s+)?\Z", re.IGNORECASE)


def _apposition_head(text: str, cands: list[Candidate], t: int, term: str) -> int:
    """'AJ Acquisition, Inc., a Delaware corporation and wholly owned subsidiary of Amazon.com
    ("Junglee Merger Sub")': a defined term after an apposition names the apposition's head, not
    the company the apposition mentions (unless the term shares a word with that company)."""
    j = t - 1
    while j >= 0 and cands[j].rejected in {"place", "generic", "stop-phrase"} and cands[t].start - cands[j].end < 160:
        j -= 1  # "a Delaware corporation": the place inside the apposition
    if j < 0:
        return t
    prev = cands[j]
    c = cands[t]
    if prev.rejected is not None or prev.kind != "Organization" or prev.score < ACCEPT:
        return t
    if not _APPOSITION_OBJECT.match(text[prev.end : c.start]):
        return t
    words = {w.lower().strip(".,") for w in term.split()}
    if words & {"parent", "owner", "sponsor"}:
        return t  # 'a subsidiary of Bar Corp. (the "Parent")': the term names the object
    if words & set(normalize_name(c.text).split()) or term.replace(".", "").isupper() and \
            _acronym_of(term.replace(".", "").lower(), normalize_name(c.text)):
        return t
    return j


def _links(text: str, cands: list[Candidate]) -> list[Link]:
    rx = _regexes()
    lex = lexicon()
    links: list[Link] = []
    starts = [c.start for c in cands]

    def target_before(pos: int, max_gap: int = 160) -> int | None:
        tick = _TICKER_BEFORE.search(text, max(0, pos - 60), pos)
        if tick:
            pos = tick.start()  # 'Icahn Enterprises L.P. (NASDAQ: IEP) ("IEP")'
        address = _ADDRESS_BEFORE.search(text, max(0, pos - _ADDRESS_GAP), pos)
        if address:
            # "X, a joint stock company …, whose head office is at Lot 27, …, Can Tho City, Vietnam (the
            # “Borrower”)": the party named before its address, not a place in it
            pos = address.start()
        i = bisect.bisect_left(starts, pos) - 1
        while i >= 0:
            c = cands[i]
            if c.end > pos:
                i -= 1
                continue
            gap = text[c.end : pos]
            if len(gap) > max_gap or re.search(r"[.;:]\s+[A-Z(]|\n\s*\n|[()]", gap):
                return None
            if c.rejected in {"place", "indefinite"}:
                i -= 1
                continue
            if c.rejected is None and c.kind is not None and (c.score >= 0.35):
                return i
            return None
        return None

    for m in _POSSESSIVE_APPOSITION.finditer(text):
        term = m.group("term").strip()
        if not term[:1].isupper() or not {w.lower() for w in term.split()} <= {w.lower() for w in m.group("np").split()}:
            continue
        i = bisect.bisect_left(starts, m.start()) - 1
        if i >= 0 and cands[i].end == m.start() and cands[i].accepted and cands[i].kind == "Organization":
            links.append(Link("defined", i, term, m.start("term"), m.end("term")))
    for m in rx["defined"].finditer(text):
        if any(ln.alias_start in (m.start(1), m.start(2)) for ln in links):
            continue
        t = target_before(m.start())
        if t is None:
            continue
        t = _apposition_head(text, cands, t, m.group(1) or "")
        for g in (1, 2):
            term = m.group(g)
            if not term:
                continue
            term = term.strip(" ,")
            words = term.split()
            if not words or not (term[:1].isupper() or _NUMERIC_ACRONYM.fullmatch(term)) or len(words) > 6:
                continue
            if _key(words[-1]) in lex.non_entity_heads or words[0] in lex.non_entity_starts:
                continue
            if not _name_like_term(term, cands[t]):
                continue
            gap = text[cands[t].end : m.start()]
            tick = _TICKER_BEFORE.search(gap)
            if tick:
                gap = gap[: tick.start()]
            if re.search(r"(?<![\w])" + re.escape(term.lower()) + r"s?(?![\w])", gap.lower()) \
                    and not re.match(r"\s*,\s*(?:a|an)\s", gap):
                continue  # "Nuance ... with the lenders party thereto (the "Lenders")": the term names the gap
            c = cands[t]
            if c.score < 0.45 or "generic-head" in c.signals:
                continue  # a defined term does not make a weak phrase a name
            links.append(Link("defined", t, term, m.start(g), m.start(g) + len(m.group(g).rstrip(" ,"))))
            if c.score < ACCEPT:
                c.score = ACCEPT
                c.signals.append("defined-term")
    for m in rx["dba"].finditer(text):
        pos = m.start()
        while pos > 0 and text[pos - 1] in " \t\n(":
            pos -= 1
        t = target_before(pos, max_gap=40)
        if t is None:
            continue
        # the alias is the candidate starting right after the cue
        for c in cands:
            if c.start >= m.end() and c.start - m.end() <= 6:
                if c.rejected in (None, "generic", "segment") and c.text[:1].isupper():
                    kind: Literal["former", "dba"] = "former" if _FORMER_CUE.match(m.group(0).strip()) else "dba"
                    links.append(Link(kind, t, c.text, c.start, c.end))
                    c.rejected = "alias"
                    if cands[t].score < ACCEPT:
                        cands[t].score = ACCEPT
                break
    for m in _REFERS_TO.finditer(text):
        term = m.group("term").strip(" ,.")
        if len(term.split()) > 6 or any(_key(term) == _key(p) for p, _ in lex.issuer_synonyms):
            continue  # "references to the “Company” refer to X": the filer's own synonyms are read elsewhere
        i = bisect.bisect_left(starts, m.end())  # the first candidate after the cue
        if i < len(cands) and cands[i].start - m.end() <= 2 and cands[i].accepted and cands[i].kind is not None \
                and not any(ln.alias_start == m.start("term") for ln in links):
            links.append(Link("defined", i, term, m.start("term"), m.start("term") + len(term)))
    for i, c in enumerate(cands):
        if not c.accepted or c.kind != "Organization":
            continue
        am = rx["acronym_after"].match(text[c.end : c.end + 60])
        if not am:
            continue
        acro = am.group(1)
        if acro[0].upper() not in {normalize_name(c.text)[:1].upper(), normalize_name(_without_place(c.text))[:1].upper()} \
                or _key(acro) in lex.legal_suffix_keys:
            continue
        if sum(ch.isupper() for ch in acro) < 2 or acro.lower() in lex.places or acro in lex.state_codes:
            continue  # "(Argentina)", "(Japan)": a place, not an acronym
        a0 = c.end + am.start(1)
        if any(ln.alias_start == a0 for ln in links):
            continue
        links.append(Link("acronym", i, acro, a0, a0 + len(acro)))
    for i, c in enumerate(cands):
        # a glossary row "EC<TAB>European Commission": the acronym at the line start, the name filling the row
        if not c.accepted or c.kind != "Organization" or text[c.end : c.end + 1] not in {"", "\n"}:
            continue
        gm = _GLOSSARY_ROW.search(text, max(0, c.start - 20), c.start)
        if not gm or gm.end() != c.start:
            continue
        acro = gm.group(1)
        if any(ln.alias_start == gm.start(1) for ln in links) or acro.lower() in lex.places or acro in lex.state_codes \
                or not _acronym_of(acro.lower(), normalize_name(c.text).lower()):
            continue
        links.append(Link("acronym", i, acro, gm.start(1), gm.end(1)))
    return links


# --------------------------------------------------------------------------- names typed by their surroundings

@lru_cache(maxsize=1)
def _lower_suffixed_rx() -> re.Pattern[str]:
    sfx = sorted({s for s in lexicon().legal_suffixes if "." in s or s[:1].isupper()} | {"inc.", "corp.", "ltd."},
                 key=len, reverse=True)
    alt = "|".join(re.escape(s).replace(r"\ ", r"\s+") for s in sfx if s not in _NO_COMMA_SUFFIXES)
    return re.compile(rf"(?<![\w&'’\-./])([a-z][a-z0-9]*(?:[A-Z][A-Za-z0-9]*)*(?:\.(?:com|net|io|ai|org))?)"
                      rf"(?:,?[ ]+)(?:{alt})(?![\w\-])")


def _lowercase_suffixed(text: str, cands: list[Candidate]) -> None:
    """"trivago N.V.", "salesforce.com, inc.": a lower-case word that is not an ordinary English
    word, followed by a legal suffix, is an organization's name."""
    if not re.search(r"(?<![\w.])[a-z][a-z0-9.]*,?[ ]+[A-Za-z.]+", text):
        return
    lex = lexicon()
    rx = _lower_suffixed_rx()
    added = False
    for m in rx.finditer(text):
        word = m.group(1)
        base = word.split(".")[0]
        if len(base) < 3 or base in lex.english_words or base in lex.common_words or base in _CONNECTORS \
                or base.rstrip("s") in lex.english_words or base in lex.last_names or base.rstrip("s") in lex.last_names \
                or base in lex.first_names:  # the word list leaves out words that are also names ("apple")
            continue
        if not re.search(r"[A-Z]", m.group(0)[len(word):]) and "." not in word:
            continue  # "inc." after a lower-case word needs a domain-like name: "salesforce.com, inc."
        s, e = m.start(), m.end()
        cands[:] = [c for c in cands if c.end <= s or c.start >= e]
        cands.append(Candidate(s, e, text[s:e], "Organization", 0.95, ["legal-suffix", "lower-case"]))
        added = True
    if added:
        cands.sort(key=lambda c: c.start)


def _join_adjacent(text: str, cands: list[Candidate], join: Callable[[str, Candidate, Candidate], Candidate | None]) -> None:
    """Replace each pair of neighbouring candidates that ``join`` makes one name by that name (the merged
    candidate may join its next neighbour in turn)."""
    i = 0
    while i + 1 < len(cands):
        merged = join(text, cands[i], cands[i + 1])
        if merged is not None:
            cands[i : i + 2] = [merged]
            continue
        i += 1


def _join_for(text: str, cands: list[Candidate]) -> None:
    """"Innovations for Poverty Action": a capitalised word or two, "for", and an organization's
    name are one name (the connective "for" is not part of a capitalised run)."""
    _join_adjacent(text, cands, _for_joined)


def _for_joined(text: str, a: Candidate, b: Candidate) -> Candidate | None:
    gap = text[a.end : b.start]
    if gap in (" for ", " For ") and b.rejected is None and b.kind == "Organization" \
            and not a.text.isupper() and len(a.text.split()) <= 3 and a.rejected in (None, "generic") \
            and not (a.kind == "Organization" and a.score >= ACCEPT) \
            and _key(a.text.split()[-1]) not in lexicon().org_heads:  # "Intimate Brands for Limited Brands, Inc.": two names
        lex = lexicon()
        lw = a.text.split()
        before = text[max(0, a.start - 3) : a.start]
        ends_org = has_legal_suffix(b.text) or _key(b.text.split()[-1]) in lex.org_heads \
            or bool(_regexes()["org_apposition"].match(text[b.end : b.end + 80]))
        if ends_org and not _is_title(a.text) and lw[0] not in lex.non_entity_starts \
                and not any(_key(w) in lex.honorifics for w in lw) and a.kind != "Person" \
                and not re.search(r"(?:^|[.!?:]\s*|\n\s*)\Z", before) \
                and not (re.search(r"(?<![\w])of\s+\Z", text[max(0, a.start - 4) : a.start])
                         and all(w.lower() in lex.common_words for w in lw)):  # "Vice President of Finance for X"
            return Candidate(a.start, b.end, text[a.start : b.end], "Organization", b.score, b.signals + ["for-joined"])
    return None


@lru_cache(maxsize=1)
def _known_split_forms() -> tuple[str, ...]:
    """Known names a capitalised run cannot hold whole (a lower-case "for" inside)."""
    return tuple(sorted((f for f in _known_forms() if " for " in f or " FOR " in f), key=len, reverse=True))


def _known_across_runs(text: str, cands: list[Candidate]) -> None:
    """"Organisation for Economic Co-operation and Development": a known name the runs cut at "for" is
    one candidate again, replacing the pieces inside it."""
    for form in _known_split_forms():
        start = text.find(form)
        while start >= 0:
            end = start + len(form)
            if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
                cands[:] = [c for c in cands if c.end <= start or c.start >= end]
                cands.append(Candidate(start, end, form, "Organization", 0.9, ["known"]))
            start = text.find(form, end)
    cands.sort(key=lambda c: c.start)


def _join_head_for(text: str, cands: list[Candidate]) -> None:
    """"Halloran Institute for Cancer Research": an institution's head word ("Institute", "Foundation",
    data in ``for_heads.txt``), "for" and capitalised words are one name."""
    _join_adjacent(text, cands, _head_for_joined)


@lru_cache(maxsize=1)
def _for_heads() -> frozenset[str]:
    return frozenset(_key(x) for x in load_list("for_heads.txt"))


def _head_for_joined(text: str, a: Candidate, b: Candidate) -> Candidate | None:
    gap = text[a.end : b.start]
    if not (gap in (" for ", " For ") or (gap == " FOR " and a.text.isupper() and b.text.isupper())) \
            or a.kind != "Organization" or a.rejected is not None:
        return None  # "JAPAN BANK FOR INTERNATIONAL COOPERATION": upper case on both sides
    lw, bw = a.text.split(), b.text.split()
    if _key(lw[-1]) not in _for_heads() or len(lw) < 2 or has_legal_suffix(b.text) or len(bw) > 6:
        return None
    if b.rejected not in (None, "generic") or (b.kind == "Person" and b.score >= ACCEPT) or b.text.isupper() != a.text.isupper():
        return None
    if not all(w[:1].isupper() or w in _CONNECTORS for w in bw):
        return None
    return Candidate(a.start, b.end, text[a.start : b.end], "Organization", max(a.score, ACCEPT), a.signals + ["for-joined"])


def _join_co(text: str, cands: list[Candidate]) -> None:
    """"Marygold & Co. Advisory Services, LLC": a name ending in "Co." and, right after it, a legal-form
    name of generic words only are one name (the "Co." closed the first capitalised run)."""
    _join_adjacent(text, cands, _co_joined)


def _co_joined(text: str, a: Candidate, b: Candidate) -> Candidate | None:
    if (text[a.end : b.start] == " " and a.rejected is None and b.rejected is None
            and a.kind == "Organization" and b.kind == "Organization" and a.text.endswith(" Co.")
            and has_legal_suffix(b.text) and not _distinctive_core(b.text)):
        return Candidate(a.start, b.end, text[a.start : b.end], "Organization", max(a.score, b.score),
                         b.signals + ["co-joined"])
    return None


def _split_repeated(text: str, cands: list[Candidate]) -> None:
    """"/s/Robert C. Diehl ROBERT C. DIEHL", "/s/ V. Lawrence Evans V. Lawrence Evans": a signature and the
    printed name rendered on one line are two mentions of one name, not a name twice as long."""
    i = 0
    while i < len(cands):
        c = cands[i]
        ws = [(m.start(), m.end()) for m in re.finditer(r"\S+", c.text)]
        n = len(ws) // 2
        if c.rejected is None and len(ws) >= 4 and len(ws) % 2 == 0 and [c.text[a:b].lower() for a, b in ws[:n]] == \
                [c.text[a:b].lower() for a, b in ws[n:]]:
            first_end, second_start = c.start + ws[n - 1][1], c.start + ws[n][0]
            cands[i : i + 1] = [Candidate(c.start, first_end, text[c.start:first_end], c.kind, c.score, list(c.signals)),
                                Candidate(second_start, c.end, text[second_start:c.end], c.kind, c.score, list(c.signals))]
            i += 2
            continue
        i += 1


_BRANCH = re.compile(r"(?:[A-Z][\w.-]*\s+){1,3}(?:Branch|BRANCH)|(?i:instituci[oó]n\s+de\s+banca\s+m[uú]ltiple)"
                     r"|(?:Grupo\s+Financiero|GRUPO\s+FINANCIERO)(?:\s+[A-Z][\w.-]*){1,3}|U\.S\.A\.|USA")


def _join_branch(text: str, cands: list[Candidate]) -> None:
    """"Credit Suisse AG, Cayman Islands Branch", "UBS AG, Stamford Branch": a bank and, after a comma, the
    place of its branch are one lender's name; so are a Mexican bank's legal form and its group after
    commas ("BBVA México, S.A., Institución de Banca Múltiple, Grupo Financiero BBVA México"), and the
    country a company's legal form is followed by ("Yamaha Motor Corporation, U.S.A.")."""
    _join_adjacent(text, cands, _branch_joined)


def _branch_joined(text: str, a: Candidate, b: Candidate) -> Candidate | None:
    if (a.rejected is None and a.kind == "Organization" and re.fullmatch(r",[ \t]*", text[a.end : b.start])
            and _BRANCH.fullmatch(b.text) and (b.text not in ("U.S.A.", "USA") or has_legal_suffix(a.text))):
        return Candidate(a.start, b.end, text[a.start : b.end], "Organization", a.score, a.signals + ["branch-joined"])
    return None


def _join_campus(text: str, cands: list[Candidate]) -> None:
    """"University of California, Berkeley", "University of Texas at Austin": a state university and the
    campus printed after it (``campus_names.txt``) are one institution's name."""
    _join_adjacent(text, cands, _campus_joined)


_UNIVERSITY_OF = re.compile(r"(?:\A|\s)(?:University|UNIVERSITY)\s+of\s+(?:the\s+)?[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*){0,3}\Z")
_CAMPUS_GAP = re.compile(r",[ \t]+|[ \t]+at[ \t]+")
_CAMPUS_END = re.compile(r"[ \t]*(?:[,;.:)(]|\n|(?:and|where|in|with|from)\b|\Z)")


@lru_cache(maxsize=1)
def _campuses() -> frozenset[str]:
    return frozenset(load_list("campus_names.txt"))


def _campus_joined(text: str, a: Candidate, b: Candidate) -> Candidate | None:
    if a.rejected is not None or a.kind != "Organization" or not _UNIVERSITY_OF.search(a.text):
        return None
    if not _CAMPUS_GAP.fullmatch(text[a.end : b.start]) or b.text not in _campuses() or not _CAMPUS_END.match(text, b.end):
        return None
    return Candidate(a.start, b.end, text[a.start : b.end], "Organization", max(a.score, 0.8), a.signals + ["campus-joined"])


_PERSONAL = {"honorific", "title", "signature", "name-line"}
# what may stand before a party heading its signature block on its line: nothing, or a caption ("LENDERS:")
_CAPTION_BEFORE = re.compile(r"[ \t]*(?:[A-Z][A-Z ,&/-]{1,60}:[ \t]*)?")
_LIST_CUE = re.compile(r"(?<![\w-])(?:competitors|customers|clients|companies|peers|firms|banks|suppliers|vendors|brands|"
                       r"retailers|insurers|carriers|manufacturers|distributors|licensees)[ \t]+(?:such[ \t]+as|include|"
                       r"including|includes|included|are|were|like)[ \t:,]*\Z", re.IGNORECASE)


@lru_cache(maxsize=1)
def _cue_rx() -> re.Pattern[str]:
    nouns = "|".join(re.escape(n) for n in lexicon().list_cue_nouns)
    verbs = r"such[ \t]+as|include|includes|including|included|are|were|like"
    return re.compile(rf"(?<![\w-])(?:{nouns})(?:[ \t]+(?!{verbs})[\w-]+){{0,4}}?[ \t]+(?:{verbs})[ \t:,]*\Z",
                      re.IGNORECASE)


_MIN_CUED_LIST = 3
_LOWER_COMPOUND = re.compile(r"-[a-z]")  # "India-based (service providers)": an adjective, not a name


def _cued_list(text: str, cands: list[Candidate]) -> None:
    """Bare one-word members of a list opened by a cue ("Our competitors include: Alphabet (Google),
    Amazon, BMC and Broadcom"; ``patterns/list_cue_nouns.txt``) are companies. A parenthesis after
    a member (an acronym, a parent's name) does not end the list."""
    for members in _lists_after(text, cands, _cue_rx(), 90, parentheses=True):
        if len(members) >= _MIN_CUED_LIST:
            _listed_companies(members, "cued-list")


def _lists_after(text: str, cands: list[Candidate], cue: re.Pattern[str], lookback: int, *,
                 parentheses: bool) -> Iterator[list[Candidate]]:
    """The lists of candidates that ``cue`` opens (it must end right before the first member, looked for
    ``lookback`` characters back), members joined by list gaps; with ``parentheses`` a parenthesis after a
    member does not end its list."""
    gap = _regexes()["list_gap"]
    i = 0
    while i < len(cands):
        first = cands[i]
        if not cue.search(text[max(0, first.start - lookback) : first.start]):
            i += 1
            continue
        members, end, j = [first], first.end, i + 1
        while j < len(cands):
            d, between = cands[j], text[end : cands[j].start]
            if parentheses and between.strip() == "(":  # inside a parenthesis after the member: skip to its end
                close = text.find(")", d.end, d.end + 60)
                if close < 0:
                    break
                end, j = close + 1, j + 1
                continue
            if not gap.match(between):
                break
            members.append(d)
            end, j = d.end, j + 1
        yield members
        i = max(j, i + 1)


def _listed_companies(members: list[Candidate], signal: str) -> None:
    """Undecided organization candidates of a cued list become companies (``signal`` says which cue)."""
    for m in members:
        if m.rejected is None and m.kind == "Organization" and 0.35 <= m.score < ACCEPT \
                and "generic-head" not in m.signals and not _LOWER_COMPOUND.search(m.text):
            m.score = 0.7
            m.signals.append(signal)


@lru_cache(maxsize=1)
def _deal_cue_rx() -> re.Pattern[str]:
    cues = "|".join(r"[ \t]*".join(re.escape(w) for w in c.split()) for c in load_list("deal_list_cues.txt"))
    return re.compile(rf"(?<![\w-])(?:{cues})[ \t]+(?:the[ \t]+)?\Z", re.IGNORECASE)


def _deal_list(text: str, cands: list[Candidate]) -> None:
    """Bare members of a list right after a deal cue ("our acquisitions of Dictaphone, BeVocal and
    Tegic"; ``patterns/deal_list_cues.txt``) are the companies the deal was made with."""
    for members in _lists_after(text, cands, _deal_cue_rx(), 60, parentheses=False):
        _listed_companies(members, "deal-list")


@lru_cache(maxsize=1)
def _jurisdiction_rx() -> re.Pattern[str]:
    return re.compile(
        r"\A[ \t]*\([ \t]*(?:(?:a|an)[ \t]+)?(?:(?:organized|incorporated|formed|registered)[ \t]+(?:in|under)[ \t]+"
        r"(?:the[ \t]+laws[ \t]+of[ \t]+)?)?(?:the[ \t]+)?([A-Z][A-Za-z.\-]*(?:[ \t]+[A-Z][A-Za-z.\-]*){0,3})"
        r"(?:[ \t]+(?:corporation|company|limited[ \t]+liability[ \t]+company|partnership|limited[ \t]+partnership|"
        r"general[ \t]+partnership|trust|business[ \t]+trust|statutory[ \t]+trust|bank|banking[ \t]+corporation|"
        r"association|LLC|L\.L\.C\.|corp\.?))?[ \t]*\)"
    )


def _jurisdiction_after(text: str, end: int) -> bool:
    """"Nova Spurghi (Italy)", "Foo (a Delaware corporation)": a jurisdiction in parentheses."""
    m = _jurisdiction_rx().match(text[end : end + 80])
    if not m:
        return False
    place = m.group(1)
    lex = lexicon()
    return normalize_name(place, strip_suffix=False) in lex.places or place in lex.state_codes


def _weak_person(c: Candidate) -> bool:
    return c.rejected is None and c.kind == "Person" and c.score < 0.9 and not (_PERSONAL & set(c.signals))


_ROW_REST = re.compile(r"\A(?:[ ]{2,}|[ ]*\t)[ \t]*[$(]?[ \t]*\d")  # the next cell holds a figure
_ROW_INITIAL = re.compile(r"[A-Z]\.?\Z")


def _person_rows(text: str, cands: list[Candidate]) -> None:
    """A table whose rows open with a person's name and go on with figures (votes for and against
    each director, a compensation table): when two row names at least are persons and none is an
    organization, a weaker row name of a person's shape ("Mark Laret", "Sanjay Vaswani": a first
    name that is also a word, a surname no list holds) is a person too."""
    heads = []
    for c in cands:
        if text[lines.line_start(text, c.start) : c.start].strip() == "" and _ROW_REST.match(text[c.end : c.end + 40]):
            heads.append(c)
    if len(heads) < 3:
        return
    live = [c for c in heads if c.rejected is None and c.kind is not None]
    if any(c.kind == "Organization" and (c.score >= ACCEPT or has_legal_suffix(c.text)) for c in live):
        return
    if sum(1 for c in live if c.kind == "Person" and c.score >= 0.75) < 2:
        return
    lex = lexicon()
    for c in live:
        if c.score >= ACCEPT:
            continue
        words = c.text.split()
        names = [w for w in words if not _ROW_INITIAL.match(w)]
        if not 2 <= len(names) <= 3 or not all(_PLAIN_WORD.fullmatch(w) for w in names) \
                or any(_key(w) in lex.org_heads for w in names):
            continue
        if c.kind == "Person" or names[0].lower() in lex.first_names:
            c.kind, c.score = "Person", 0.75
            c.signals.append("person-rows")


_SLASH = re.compile(r"(?<=[a-z.])/(?=[A-Z])")


def _person_shaped(name: str, *, cued: bool = False) -> bool:
    """A person's shape, never capitalisation alone: two to four words with a listed first name
    (or an initial) and a surname that is no ordinary word, no organization head, no place."""
    lex = lexicon()
    words = name.split()
    if not 2 <= len(words) <= 4 or has_legal_suffix(name) or "&" in words:
        return False
    plain = [w for w in words if not _ROW_INITIAL.match(w)]
    if not plain or any(_key(w) in lex.org_heads for w in words):
        return False
    last = plain[-1]
    if not _PLAIN_WORD.fullmatch(last) and not re.fullmatch(r"(?:Mc|Mac|O'|De|Di|Van|Von)[A-Z][a-z]+", last):
        return False
    if last.lower() in lex.common_words or last.lower() in lex.english_words or last.lower() in lex.places:
        return False
    first_listed = words[0].lower() in lex.first_names
    initials = len(plain) < len(words)
    kind, score = classify_name(name)
    if cued and first_listed and kind != "Person":
        # after a cue a listed first name that is also a word ("Mark", "Rose") still opens a name
        return len(plain) <= 3 and all(_PLAIN_WORD.fullmatch(w) for w in plain[1:])
    return kind == "Person" and score >= 0.7 and (first_listed or initials)


def _slash_pairs(cands: list[Candidate]) -> list[Candidate]:
    """"Alexis Doe/Deborah Roe" (a contact line): two persons joined by a slash are two names,
    when both sides have a person's shape."""
    out: list[Candidate] = []
    for c in cands:
        parts = _SLASH.split(c.text)
        if c.rejected is None and len(parts) == 2 and all(_person_shaped(x.strip()) for x in parts):
            left, right = parts[0].strip(), parts[1].strip()
            s1 = c.start + c.text.index(right, len(parts[0]))
            out.append(Candidate(c.start, c.start + len(left), left, "Person", 0.8, ["slash-pair"]))
            out.append(Candidate(s1, s1 + len(right), right, "Person", 0.8, ["slash-pair"]))
        else:
            out.append(c)
    return out


@lru_cache(maxsize=1)
def _capacity_rx() -> re.Pattern[str]:
    alts = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in lexicon().person_capacity_words)
    return re.compile(rf"\b(?:{alts})\s*[,:]\s*\Z", re.IGNORECASE)


def _capacity_before(text: str, start: int) -> bool:
    return bool(_capacity_rx().search(text[max(0, start - 40) : start]))


def _capacity_persons(text: str, cands: list[Candidate]) -> None:
    """"the escrow agent, Mark Doe, will hold": a name of a person's shape after a person's
    capacity (``patterns/person_capacity_words.txt``) and a comma is a person."""
    for c in cands:
        if c.rejected is None and c.score < ACCEPT and c.kind in (None, "Person", "Organization") \
                and _capacity_before(text, c.start) and _person_shaped(c.text, cued=True):
            c.kind, c.score = "Person", 0.75
            c.signals.append("capacity")


def _list_context(text: str, cands: list[Candidate]) -> None:
    """Names typed by the list they stand in: a jurisdiction in parentheses after a name
    (subsidiary lists), enumerations and line lists whose typed members are organizations
    ("Our competitors include AHP, Warner Chilcott, Barr Labs ..."; a peer-group table)."""
    for c in cands:
        if c.rejected is None and c.kind is not None and (c.kind == "Organization" or _weak_person(c)) \
                and c.score < 0.9 and _jurisdiction_after(text, c.end):
            c.kind, c.score = "Organization", 0.9
            c.signals.append("jurisdiction")
    # enumerations: organizations outnumber persons two to one and no member is personal
    by_group: dict[int, list[Candidate]] = {}
    for c in cands:
        if c.group >= 0:
            by_group.setdefault(c.group, []).append(c)
    units: list[tuple[list[Candidate], bool]] = [(m, False) for m in by_group.values() if len(m) >= 3]
    # line lists: a passage of short lines (a table or a list), one or two names per line
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if len(lines) >= 3 and sum(len(ln.strip()) < 100 for ln in lines) >= 0.8 * len(lines):
        units.append((list(cands), True))
    for members, is_lines in units:
        live = [c for c in members if c.rejected is None and c.kind is not None]
        orgs = [c for c in live if c.kind == "Organization" and c.score >= 0.45]
        strong = [c for c in orgs if c.score >= 0.9 or has_legal_suffix(c.text)]
        persons = [c for c in live if c.kind == "Person"]
        if any(_PERSONAL & set(c.signals) for c in persons) or any(c.kind == "Person" and c.score >= 0.9 for c in live):
            continue
        if is_lines:
            ok = len(strong) >= 3 and len(strong) >= 3 * len(persons)
        else:
            # a cue before the list ("roles at", "competitors such as"), or many bare company names
            # among which a person-shaped bare name is one more of the same (in a list of parties
            # written with their legal names, a bare person-shaped name is a person)
            first = min(members, key=lambda c: c.start)
            before = text[max(0, first.start - 60) : first.start]
            cue = bool(_regexes()["org_before"].search(before) or _LIST_CUE.search(before))
            ok = (cue and len(orgs) >= 2 * len(persons) and len(orgs) >= 2) or (
                len(orgs) >= 3 * len(persons) and len(orgs) >= 4 and len(strong) * 2 < len(orgs))
        if not ok:
            continue
        for c in persons:
            if _weak_person(c) and (is_lines or c.score < 0.8):
                c.kind, c.score = "Organization", max(c.score, 0.75)
                c.signals.append("org-list")

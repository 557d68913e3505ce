"""Facts printed on a filing's cover page, located by their printed captions.

Cover pages label each value with a caption printed under (or beside) it, e.g.::

    THE AUXER GROUP, INC.
    (Exact name of registrant as specified in its charter)

so the reader finds the captions and reads the value just before them; identifiers
(commission file number, EIN, phone) are then picked out by their shape.  Every value
keeps its span in ``Document.text``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

from corpkg.extract.model import CoverFacts, Section
from corpkg.extract.names import has_legal_suffix, normalize_name

__all__ = [
    "read_cover",
    "parse_date",
    "parse_any_date",
    "signature_date",
    "dei_facts",
    "DEI_EXTRA_FIELDS",
    "normalise_name",
    "names_match",
    "mixed_case_form",
    "COVER_WINDOW",
]

COVER_WINDOW = 15_000  # characters of the main document searched for cover facts

_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        "january february march april may june july august september october november december".split()
    )
}
_MONTH_ABBR = {m[:3]: n for m, n in _MONTHS.items()} | {"sept": 9}
DATE_RE = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)"
    r"\s+\d{1,2}\s*(?:st|nd|rd|th)?\s*,?\s*\d{4}"
)
_DATE = re.compile(DATE_RE, re.I)


def parse_date(s: str) -> str | None:
    """'March 31,2002' → '2002-03-31'; 'DECEMBER 31, 2000' → '2000-12-31'; None if not a date."""
    m = re.match(r"\s*([A-Za-z]+)\.?\s+(\d{1,2})\s*(?:st|nd|rd|th)?\s*,?\s*(\d{4})", s)
    if not m:
        return None
    word = m.group(1).lower()
    month = _MONTHS.get(word) or _MONTH_ABBR.get(word[:4] if word.startswith("sept") else word[:3])
    if word not in _MONTHS and word[:3] not in _MONTH_ABBR:
        return None
    day, year = int(m.group(2)), int(m.group(3))
    if not month or not 1 <= day <= 31 or not 1900 <= year <= 2100:
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


# --------------------------------------------------------------------------- names


_STATE_TAG = re.compile(r"\s*/[A-Za-z]{2,3}/?\s*$")  # "BANK OF AMERICA CORP /DE/": EDGAR's state tag


def normalise_name(name: str) -> str:
    """Key for comparing organisation names: case, punctuation, a leading 'The', honorifics and
    legal suffixes ignored (the rules of shared/gold/README.md) — :func:`corpkg.extract.names.normalize_name`."""
    return normalize_name(_STATE_TAG.sub("", name))


def names_match(a: str | None, b: str | None) -> bool:
    """Whether two printed names name the same organisation under the gold rules; spaces do not
    count, so EDGAR's conformed "AMAZON COM INC" matches "Amazon.com, Inc."."""
    if not (a and b):
        return False
    ka, kb = normalise_name(a), normalise_name(b)
    return bool(ka) and (ka == kb or ka.replace(" ", "") == kb.replace(" ", ""))


def mixed_case_form(text: str, name: str) -> tuple[str, int, int] | None:
    """Where the document prints an all-caps ``name`` in mixed case ("THE AUXER GROUP, INC." →
    "The Auxer Group, Inc."): (form, start, end) of the first such occurrence, else None."""
    words = re.findall(r"[A-Za-z0-9]+|[^\sA-Za-z0-9]", name)
    if not words:
        return None
    pat = re.compile(r"\s*".join(re.escape(w) for w in words), re.I)
    for m in pat.finditer(text):
        form = m.group(0)
        if form != form.upper() and form != form.lower() and "\n" not in form:
            return form, m.start(), m.end()
    return None


# --------------------------------------------------------------------------- captions

_CAPTIONS: dict[str, re.Pattern[str]] = {
    "registrant_name": re.compile(
        r"\(\s*(?:exact\s+)?(?:name\s+of\s+(?:small\s+business\s+)?(?:registrant|issuer|company|subject\s+company)"
        r"|exact\s+name\s+of)[^)]{0,80}\)",
        re.I,
    ),
    "state_of_incorporation": re.compile(r"\(\s*state\s+(?:or\s+other\s+)?(?:jurisdiction\s+)?(?:of\s+)?[^)]{0,80}\)", re.I),
    "commission_file_number": re.compile(r"\(\s*commission\s+file\s+(?:number|no\.?)[^)]{0,20}\)", re.I),
    "irs_employer_id": re.compile(r"\(\s*(?:i\.?\s?r\.?\s?s\.?|irs)\s+employer[^)]{0,60}\)", re.I),
    "address": re.compile(r"\(\s*address(?:es)?\s+(?:of|and)[^)]{0,120}\)", re.I),
    "phone": re.compile(r"\(\s*(?:registrant'?s?|issuer'?s?|company'?s?|[a-z']+)?[’'s]*\s*telephone\s+number[^)]{0,80}\)", re.I),
    "former_name": re.compile(r"\(\s*former\s+name[^)]{0,120}\)", re.I),
}
_ANY_CAPTION = re.compile(
    "|".join(p.pattern for p in _CAPTIONS.values())
    + r"|\(\s*zip\s+code\s*\)|\(\s*date\s+of\s+earliest\s+event\s+reported\s*\)\s*:?",
    re.I,
)
_EIN = re.compile(r"(?<![\d-])\d{2}-\d{7}(?![\d-])")
_FILE_NO = re.compile(r"(?<![\d-])(?:\d{1,3}-\d{3,6}(?:-\d{2})?)(?![\d-])")
_PHONE = re.compile(r"(?<!\d)(?:\(\s*\d{3}\s*\)|\d{3})[\s.-]*\d{3}\s*[-.\s]\s*\d{4}(?!\d)")
_INLINE = {
    "commission_file_number": re.compile(r"commission\s+file\s+(?:number|no\.?)\s*:?\s*", re.I),
    "irs_employer_id": re.compile(r"employer\s+identification\s+(?:number|no\.?)\s*:?\s*", re.I),
    "phone": re.compile(r"telephone\s+number,?\s*\(?\s*including\s+area\s+code\s*\)?\s*:?\s*", re.I),
}
_FORM = re.compile(
    r"\b(?:FORM|SCHEDULE)\s+((?:10-?K(?:405|SB|T)?|10-?Q(?:SB)?|8-?K|6-K|20-F|40-F|11-K|N-CSRS?|S-[1-4]|F-[1-4]|"
    r"13D|13G|TO|14D-?9|DEF\s?14A|10)(?:/A)?)(?![\w-])",
)
_EXHIBIT = re.compile(r"^\s*EXHIBIT\s+(\d{1,3}(?:\.\d{1,3})?)\s*$", re.I | re.M)
_PERIOD = re.compile(
    r"for\s+the\s+(?:quarterly\s+period|fiscal\s+year|transition\s+period|period|year|quarter)\s+ended\s*:?\s*("
    + DATE_RE
    + ")",
    re.I,
)
_AMENDMENT_AFTER = re.compile(r"[^\n]{0,5}(?:\n[^\n]{0,80}){0,3}?\(\s*amendment\s+no\.?\s*\d+\s*\)", re.I)
_NAME_BEFORE_LIST = re.compile(
    r"^[ \t]*([A-Z][^\n]{1,100}?)[ \t]*\n[ \t\n]*(?:list\s+of\s+)?(?:significant\s+)?subsidiaries\b", re.I | re.M
)
_LEGAL_SUFFIX = re.compile(
    r"(?:\b(?:Inc|Corp|Co|Ltd|LLC|L\.L\.C|plc|N\.V|S\.A|L\.P|LLP|AG|SE)\.?|\b(?:Corporation|Company|Incorporated|Limited|Group|Holdings|Trust|Bancorp))\s*$"
)
_OFFERING_BY = re.compile(
    r"\boffering\s+of\s+[^.\n]{0,120}?\bby\s+"
    r"([A-Z][\w&.,'\- ]{1,90}?(?:Inc\.|Corporation|Corp\.|Company|Ltd\.|Limited|LLC|plc|N\.V\.|S\.A\.|L\.P\.))(?=[\s.,;])"
)
_REPORT_DATE = re.compile(
    r"date\s+of\s+report\s*(?:\(\s*date\s+of\s+earliest\s+event\s+reported\s*\))?\s*:?\s*(" + DATE_RE + ")",
    re.I,
)
_EARLIEST = re.compile(r"\(\s*date\s+of\s+earliest\s+event\s+reported\s*\)\s*:?\s*(" + DATE_RE + ")", re.I)
_SHARES = re.compile(r"(?<![\d$.,])(\d{1,3}(?:,\d{3}){1,4}|\d{4,12})\s+(?:outstanding\s+)?shares\b", re.I)
_SUBSIDIARIES_OF = re.compile(
    r"^[ \t]*(?:list\s+of\s+)?(?:significant\s+)?subsidiaries\s+of\s*\n?[ \t]*(?!the\s+registrant|the\s+company)"
    r"([A-Z][^\n*]{2,100}?)[*\s]*$",
    re.I | re.M,
)


@functools.cache
def _jurisdictions() -> re.Pattern[str]:
    raw = resources.files("corpkg.extract").joinpath("patterns/jurisdictions.txt").read_text("utf-8")
    names = [ln.strip() for ln in raw.splitlines() if ln.strip() and not ln.startswith("#")]
    names.sort(key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in names) + r")\b", re.I)


@dataclass
class _Found:
    value: str
    start: int
    end: int


_STACKED_NAME = re.compile(r"[ \t]*[A-Z0-9][A-Z0-9&.,'’\- ]{2,80}[ \t]*")


def _first_of_stacked(text: str, span: tuple[int, int], floor: int) -> tuple[int, int]:
    """Co-registrants' names stacked over one caption ("CEDAR HOLLOW REALTY TRUST, INC." /
    "CEDAR HOLLOW OPERATING PARTNERSHIP, L.P." / "(Exact name of registrant …)"): the first line, the
    parent that files with its operating partnership or subsidiary, names the registrant."""
    s, e = span
    while True:
        prev_end = text.rfind("\n", floor, s)
        if prev_end <= floor:
            return s, e
        prev_start = text.rfind("\n", floor, prev_end) + 1
        line = text[prev_start:prev_end]
        here = text[s:e]
        if not (_STACKED_NAME.fullmatch(line) and _STACKED_NAME.fullmatch(here) and has_legal_suffix(line.strip())
                and has_legal_suffix(here.strip())):
            return s, e
        s, e = _trim(text, prev_start, prev_end)


def _value_before(text: str, cap_start: int, floor: int) -> tuple[int, int] | None:
    """Span of the value printed just before a caption: the same line's text before it
    (after any earlier caption on that line), else the nearest previous non-empty line."""
    line_start = text.rfind("\n", floor, cap_start) + 1
    if line_start <= floor:
        line_start = floor
    prefix_start = line_start
    for m in _ANY_CAPTION.finditer(text, line_start, cap_start):
        prefix_start = m.end()
    prefix = text[prefix_start:cap_start]
    bare = prefix.strip(" \t|_-=*")
    if bare and not (bare.endswith(")") and "(" not in bare):  # not the tail of a broken caption
        return _trim(text, prefix_start, cap_start)
    # previous non-empty, non-rule line
    pos = line_start - 1
    for _ in range(6):
        if pos <= floor:
            return None
        ls = text.rfind("\n", floor, pos) + 1
        line = text[ls:pos]
        if ls < floor:
            ls = floor
        if line.strip(" \t|_-=*\u2014\u2013") and not re.fullmatch(r"\s*(?:<[A-Z/]{1,8}>\s*)+", line):
            # a line that holds nothing but other captions is not a value
            rest = _ANY_CAPTION.sub("", line)
            if rest.strip(" \t|_-=*"):
                return _trim(text, ls, pos)
        pos = ls - 1
    return None


def _trim(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s] in " \t|\u00a0":
        s += 1
    while e > s and text[e - 1] in " \t|\u00a0":
        e -= 1
    return s, e


def _clean(value: str) -> str:
    value = re.sub(r"\s*\(\s*zip\s+code\s*\)\s*", " ", value, flags=re.I)
    parts = [p.strip(" ,") for p in re.split(r"\t+|\s*\|\s*| {3,}", value) if p.strip(" ,")]
    return ", ".join(parts) if parts else value.strip()


def read_cover(
    text: str,
    start: int,
    end: int,
    *,
    hints: dict[str, tuple[str, int, int]] | None = None,
    sections: tuple[Section, ...] = (),
) -> CoverFacts:
    """Cover facts of the document occupying ``text[start:end]`` (offsets are into ``text``).

    ``hints`` are facts already known with their spans (e.g. from inline XBRL ``dei:`` tags);
    they win over what the captions give (a hint hidden in ``ix:header`` has the empty span 0..0).
    ``sections`` are the document's sections: the signatures section gives ``signature_date``.
    """
    window_end = min(end, start + COVER_WINDOW)
    found: dict[str, _Found] = {}
    w = text[start:window_end]

    # captions --------------------------------------------------------------
    for field, pat in _CAPTIONS.items():
        for m in pat.finditer(text, start, window_end):
            span = _value_before(text, m.start(), start)
            if span and field == "registrant_name":
                span = _first_of_stacked(text, span, start)
            got = _pick(field, text[span[0] : span[1]], span[0]) if span else None
            if got is None and field in _SHAPED:
                # values in a row above a multi-line caption row: the nearest value of the right shape
                lo = max(start, m.start() - 400)
                got = _pick(field, text[lo : m.start()], lo, last=True)
            if got:
                found.setdefault(field, got)
                break
    # inline labels ("Commission File No. 0-30440") ---------------------------
    for field, pat in _INLINE.items():
        if field in found:
            continue
        shape = {"commission_file_number": _FILE_NO, "irs_employer_id": _EIN, "phone": _PHONE}[field]
        for m in pat.finditer(text, start, window_end):
            v = shape.match(text, m.end())
            if v:
                found[field] = _Found(v.group(0), v.start(), v.end())
                break

    if "phone" not in found:
        # "818 560-1000\nRegistrant's telephone number, including area code:" (label after the value)
        for m in _INLINE["phone"].finditer(text, start, window_end):
            span = _value_before(text, m.start(), start)
            if span:
                got = _pick("phone", text[span[0] : span[1]], span[0])
                if got:
                    found["phone"] = got
                    break

    # form type ----------------------------------------------------------------
    fm = _FORM.search(w[:6000])
    ex = _EXHIBIT.search(w[:1500])
    if ex and (fm is None or ex.start() < fm.start()):
        found["form_type"] = _Found(f"EX-{ex.group(1)}", start + ex.start(1), start + ex.end(1))
    elif fm:
        form = re.sub(r"\s+", " ", fm.group(1))
        form = re.sub(r"^(10|8)(K|Q)", r"\1-\2", form)
        if form in {"13D", "13G", "TO", "14D9", "14D-9"}:
            form = "SC " + form.replace("14D9", "14D-9")
        if not form.endswith("/A") and (
            re.search(r"amendment\s+no\.?\s*\d+\s+to\s*$", w[max(0, fm.start() - 40) : fm.start()], re.I)
            or _AMENDMENT_AFTER.match(w, fm.end())
        ):
            form += "/A"
        found["form_type"] = _Found(form, start + fm.start(1), start + fm.end(1))

    # dates ----------------------------------------------------------------------
    dm0 = _REPORT_DATE.search(w) or _EARLIEST.search(w)
    if dm0 and parse_date(dm0.group(1)):
        found["date_of_report"] = _Found(parse_date(dm0.group(1)) or "", start + dm0.start(1), start + dm0.end(1))
    if "date_of_report" not in found:
        # the date printed above "Date of Report (Date of earliest event reported)"
        cap = re.search(r"date\s+of\s+report\b|\(\s*date\s+of\s+earliest\s+event\s+reported\s*\)", w[:6000], re.I)
        if cap:
            span = _value_before(text, start + cap.start(), start)
            dm = _DATE.search(text, span[0], span[1]) if span else None
            if dm and parse_date(dm.group(0)):
                found["date_of_report"] = _Found(parse_date(dm.group(0)) or "", dm.start(), dm.end())
    pm = _PERIOD.search(w, 0, 4000)
    if pm and parse_date(pm.group(1)):
        found["period_of_report"] = _Found(parse_date(pm.group(1)) or "", start + pm.start(1), start + pm.end(1))

    # shares outstanding -------------------------------------------------------
    for m in _SHARES.finditer(w):
        ctx = w[max(0, m.start() - 400) : m.end() + 200].lower()
        if "outstanding" in ctx and not re.search(r"\$\s*$", w[max(0, m.start() - 3) : m.start()]):
            n = int(m.group(1).replace(",", ""))
            if n >= 1000:
                found["shares_outstanding"] = _Found(str(n), start + m.start(1), start + m.end(1))
                break

    # exhibit 21 lists: "Subsidiaries of Apple Inc." names the registrant ------------
    if "registrant_name" not in found:
        so = _SUBSIDIARIES_OF.search(w[:3000])
        if so:
            name = so.group(1).strip()
            found["registrant_name"] = _Found(name, start + so.start(1), start + so.start(1) + len(name))

    if "registrant_name" not in found:
        tc = _table_caption_name(text, start, window_end)
        if tc:
            found["registrant_name"] = tc

    if "registrant_name" not in found:
        nb = _NAME_BEFORE_LIST.search(w[:3000])
        if nb and _LEGAL_SUFFIX.search(nb.group(1)):
            found["registrant_name"] = _Found(nb.group(1), start + nb.start(1), start + nb.end(1))
    if "registrant_name" not in found:
        ob = _OFFERING_BY.search(w[:5000])
        if ob:
            found["registrant_name"] = _Found(ob.group(1), start + ob.start(1), start + ob.end(1))

    sig = signature_date(text, [x for x in sections if start <= x.start < end])
    if sig:
        found["signature_date"] = _Found(*sig)

    # hints (inline XBRL) win -------------------------------------------------------
    for field, (value, s, e) in (hints or {}).items():
        found[field] = _Found(value, s, e)

    def val(k: str) -> str | None:
        f = found.get(k)
        return f.value if f else None

    shares = val("shares_outstanding")
    return CoverFacts(
        registrant_name=val("registrant_name"),
        form_type=val("form_type"),
        state_of_incorporation=val("state_of_incorporation"),
        commission_file_number=val("commission_file_number"),
        irs_employer_id=val("irs_employer_id"),
        address=val("address"),
        phone=val("phone"),
        date_of_report=val("date_of_report"),
        period_of_report=val("period_of_report"),
        shares_outstanding=int(shares) if shares and shares.isdigit() else None,
        signature_date=val("signature_date"),
        former_name=val("former_name"),
        cik=val("cik"),
        trading_symbol=val("trading_symbol"),
        security_exchange=val("security_exchange"),
        incorporation_state_code=val("incorporation_state_code"),
        document_period_end=val("document_period_end"),
        amendment={"true": True, "false": False}.get((val("amendment") or "").lower()),
        spans=tuple(sorted(((k, f.start, f.end) for k, f in found.items() if f.end > f.start), key=lambda t: t[1])),
    )


_SHAPED = {"irs_employer_id", "commission_file_number", "phone", "state_of_incorporation"}


_FORMER_NAME = re.compile(r"[A-Z][\w&'’.,\-/() ]{1,118}[\w.)]")
_NO_VALUE = re.compile(r"\(?\s*(?:n/?a|not\s+applicable|none|unchanged|no\s+change|same|former\s+name)\b", re.I)


# "Commission File Number | Exact name of registrant as specified in its charter, state of incorporation,
# address … | I.R.S. Employer Identification No." heading the columns of the registrants' table (combined
# filings of holding companies and their utilities): each row below names a registrant in that column
_LEGAL_SUFFIX_ANY_CASE = re.compile(_LEGAL_SUFFIX.pattern, re.I)
_TABLE_CAPTION = re.compile(r"(?im)^[^\n]*\bexact\s+name\s+of\s+(?:each\s+)?(?:registrant|issuer)s?\b[^\n]*$")


def _table_caption_name(text: str, start: int, end: int) -> _Found | None:
    """The first registrant named under a column captioned "Exact name of registrant …" (cells
    tab-separated): the cell's text up to the state in parentheses or the address."""
    for m in _TABLE_CAPTION.finditer(text, start, end):
        cells = m.group(0).split("\t")
        if len(cells) < 2:
            continue
        col = next(i for i, c in enumerate(cells) if re.search(r"exact\s+name\s+of", c, re.I))
        pos = m.end() + 1
        while pos < end:
            nl = text.find("\n", pos, end)
            line_end = nl if nl >= 0 else end
            line = text[pos:line_end]
            if line.strip():
                row = line.split("\t")
                if len(row) != len(cells) or not row[col].strip():
                    break
                cell_start = pos + sum(len(c) + 1 for c in row[:col])
                name = re.split(r"\s*\(|\s+\d", row[col].strip(), maxsplit=1)[0].strip(" ,;")
                if name and _LEGAL_SUFFIX_ANY_CASE.search(name) and not re.search(r"\d", name):
                    a = text.find(name, cell_start, line_end)
                    return _Found(name, a, a + len(name)) if a >= 0 else None
                break
            pos = line_end + 1
    return None


def _legal_suffix_or_words(value: str) -> bool:
    """A former name: no digits (an address), and a legal form or two capitalised words or more."""
    if re.search(r"\d", value):
        return False
    if _LEGAL_SUFFIX.search(value):
        return True
    words = [w for w in value.split() if w.lower() not in ("of", "and", "&", "the")]
    return len(words) >= 2 and all(w[:1].isupper() for w in words) and "," not in value


def _pick(field: str, raw: str, s: int, *, last: bool = False) -> _Found | None:
    """The value of ``field`` inside the value span ``raw`` (which starts at ``s``); with
    ``last`` the match nearest the end (the caption) wins."""
    if field == "irs_employer_id":
        ms = list(_EIN.finditer(raw))
        return _Found(ms[-1].group(0), s + ms[-1].start(), s + ms[-1].end()) if ms else None
    if field == "commission_file_number":
        ms = [m for m in _FILE_NO.finditer(raw) if not _EIN.fullmatch(m.group(0))]
        # a zip+4 ("07424-1234") or a date is not a file number
        ms = [m for m in ms if not re.fullmatch(r"\d{5}-\d{4}", m.group(0))]
        if not ms:
            return None
        m = ms[-1] if last else ms[0]
        return _Found(m.group(0), s + m.start(), s + m.end())
    if field == "phone":
        ms = list(_PHONE.finditer(raw))
        if not ms:
            return None
        m = ms[-1] if last else ms[0]
        return _Found(m.group(0), s + m.start(), s + m.end())
    if field == "state_of_incorporation":
        ms = list(_jurisdictions().finditer(raw))
        if not ms:
            return None
        m = ms[-1] if last else ms[0]
        return _Found(" ".join(m.group(0).split()), s + m.start(), s + m.end())
    if field == "registrant_name":
        # the name is the last column of the value line (dates or form words may precede it)
        parts = [(p.start(), p.end()) for p in re.finditer(r"[^\t|]+?(?=\s{3,}|\t|\||$)", raw) if p.group(0).strip()]
        if not parts:
            return None
        ps, pe = parts[-1]
        ps, pe = _trim(raw, ps, pe)
        d = re.match(r"\s*" + DATE_RE + r"\s*", raw[ps:pe], re.I)
        if d:  # "June 26, 2015  BLUE CALYPSO, INC." on one line
            ps += d.end()
        value = raw[ps:pe]
        if len(value) < 2 or not re.search(r"[A-Za-z]", value):
            return None
        return _Found(value, s + ps, s + pe)
    if field == "former_name":
        # a name, not "N/A", "Not applicable" or a former address (digits, "City, ST")
        value = raw.strip()
        if "\n" in value or not _FORMER_NAME.fullmatch(value) or _NO_VALUE.match(value) \
                or not _legal_suffix_or_words(value):
            return None
        at = s + raw.index(value)
        return _Found(value, at, at + len(value))
    if field == "address":
        value = _clean(raw)
        if not re.search(r"[A-Za-z]", value):
            return None
        return _Found(value, s, s + len(raw))
    return None


# --------------------------------------------------------------------------- signature date

_NUM_DATE = r"\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})"
_SIG_LABELED = re.compile(
    r"\b(?:date|dated)(?:\s+as\s+of)?\s*[:.]?[ \t]*(?:\n[ \t]*)?(" + DATE_RE + "|" + _NUM_DATE + r")(?![\d/])", re.I
)
_SIG_DAY_OF = re.compile(
    r"\b(\d{1,2})\s*(?:st|nd|rd|th)?\s+day\s+of\s+(January|February|March|April|May|June|July|August|September|"
    r"October|November|December)\s*,?\s*(\d{4})",
    re.I,
)
_SIG_ON = re.compile(r"\bon\s+(?:this\s+)?(" + DATE_RE + r")", re.I)
_SIG_LINE = re.compile(r"^[ \t]*(" + DATE_RE + r")[ \t]*$", re.I | re.M)
SIGNATURE_WINDOW = 3_000  # characters of a signatures section searched for its date


def parse_any_date(s: str) -> str | None:
    """:func:`parse_date`, plus US numeric dates ("05/20/2002", "5/20/02")."""
    iso = parse_date(s)
    if iso:
        return iso
    m = re.fullmatch(r"\s*(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})\s*", s)
    if not m:
        return None
    mo, d, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if y < 100:
        y += 2000 if y < 50 else 1900
    if not (1 <= mo <= 12 and 1 <= d <= 31 and 1900 <= y <= 2100):
        return None
    return f"{y:04d}-{mo:02d}-{d:02d}"


def signature_date(text: str, sections: Iterable[Section]) -> tuple[str, int, int] | None:
    """The date the filing was signed: (ISO date, start, end) of the first date printed in a
    ``signatures`` section — a labelled date ("Date: May 20, 2002", "DATED: January 28, 2003",
    "Dated as of …"), "this 20th day of March, 2003", "… signed on its behalf … on March 1, 2023",
    or a line holding only a date; None when no signatures section states one."""
    for sec in sorted((s for s in sections if s.kind == "signatures"), key=lambda s: s.start):
        lo, hi = sec.start, min(sec.end, sec.start + SIGNATURE_WINDOW)
        best: tuple[int, str, int, int] | None = None  # (priority, iso, start, end)
        for prio, rx in enumerate((_SIG_LABELED, _SIG_DAY_OF, _SIG_ON, _SIG_LINE)):
            for m in rx.finditer(text, lo, hi):
                if rx is _SIG_DAY_OF:
                    iso = parse_date(f"{m.group(2)} {m.group(1)}, {m.group(3)}")
                    s, e = m.start(), m.end()
                else:
                    iso = parse_any_date(m.group(1))
                    s, e = m.start(1), m.end(1)
                if iso:
                    best = (prio, iso, s, e)
                    break
            if best:
                break
        if best:
            return best[1], best[2], best[3]
    return None


# --------------------------------------------------------------------------- inline XBRL dei: facts

DEI_EXTRA_FIELDS = {
    "EntityCentralIndexKey": "cik",
    "TradingSymbol": "trading_symbol",
    "SecurityExchangeName": "security_exchange",
    "EntityIncorporationStateCountryCode": "incorporation_state_code",
    "DocumentPeriodEndDate": "document_period_end",
    "AmendmentFlag": "amendment",
}
"""dei: facts read into CoverFacts besides the caption fields (htmltext.DEI_FIELDS), hidden or not."""


def dei_facts(
    text: str, dei: dict[str, str], spans: dict[str, tuple[int, int]]
) -> dict[str, tuple[str, int, int]]:
    """Cover hints from the dei: facts of :data:`DEI_EXTRA_FIELDS`: field -> (value, start, end);
    the span is the printed fact's (trimmed), or 0..0 for a fact hidden in ``ix:header``.
    Values that do not have their field's shape are left out."""
    out: dict[str, tuple[str, int, int]] = {}
    for name, fld in DEI_EXTRA_FIELDS.items():
        raw = " ".join((dei.get(name) or "").split())
        if not raw:
            continue
        if fld == "cik":
            digits = re.sub(r"\D", "", raw)
            if not digits or len(digits) > 10 or not int(digits):
                continue
            value = digits.zfill(10)
        elif fld == "document_period_end":
            value = parse_any_date(raw) or (raw if re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw) else "")
        elif fld == "amendment":
            value = raw.lower() if raw.lower() in ("true", "false") else ""
        elif fld == "incorporation_state_code":
            value = raw.upper() if re.fullmatch(r"[A-Za-z0-9]{1,3}", raw) else raw  # a code, or printed ("Maryland")
        else:
            value = raw
        if not value:
            continue
        s, e = spans.get(name, (0, 0))
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        out[fld] = (value, s, e)
    return out

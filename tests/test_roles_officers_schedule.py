"""Officers in multi-company signature blocks and in Schedule A tables ("Officers and Directors
of X": name line, address line, "Position ⇥ Present principal occupation")."""

from __future__ import annotations

import re

from corpkg.extract.reader import read_text
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.officers import OfficerExtractor
from corpkg.extract.roles.testing import SimpleEntity, blank, key_of, make_doc


class _Index:
    """resolve(name) and document-wide mentions_in(a, b) over every occurrence of the names."""

    def __init__(self, text: str, names: list[tuple[str, str]]) -> None:
        self.entities = [SimpleEntity(key_of(n), "x", n) for n, _ in names]
        found = []
        for name, label in sorted(names, key=lambda x: -len(x[0])):
            for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.I):
                if not any(s < m.end() and m.start() < e for s, e, _, _ in found):
                    found.append((m.start(), m.end(), key_of(name), label))
        self.mentions = sorted(found)

    def resolve(self, name: str):
        n = name.strip().lower()
        return next((e for e in self.entities if e.label.lower() == n), None)

    def mentions_in(self, a: int, b: int):
        return [m for m in self.mentions if m[0] >= a and m[1] <= b]


def _facts(text: str, names: list[tuple[str, str]], passage: str, *, issuer: str = "aes", signer: str | None = None):
    doc = read_text(text.encode(), "x.txt")
    full = doc.text
    idx = _Index(full, names)
    ctx = RoleContext(issuer_key=issuer, document=doc, index=idx, form_type="SC 13D/A", signer_key=signer)
    start = full.index(passage)
    ents = [(full[s:e], label, key) for s, e, key, label in idx.mentions_in(start, start + len(passage))]
    comp = OfficerExtractor(blank(), "test")
    facts = comp(make_doc(passage, ents, context=ctx, passage_start=start))._.role_officers
    for f in facts:  # evidence may run past the passage (a table row's lines): check it on the document
        for ev in f.evidence:
            assert full[ev.start : ev.end] == ev.quote
    return {(f.participant("holder")[0], f.participant("organization")[0]): f for f in facts}


SIGNATURES = (
    "SIGNATURES\n\nDated: May 19, 2015\n\nCHINA INVESTMENT CORPORATION\n\nBy: /s/ Ding Xuedong\n\n"
    "Name: Ding Xuedong Title: Chairman and Chief Executive Officer\nTERRIFIC INVESTMENT CORPORATION\n\n"
    "By: /s/ Li Keping\n\nName: Li Keping Title: Executive Director and President\n"
)
SIG_NAMES = [("China Investment Corporation", "ORG"), ("Terrific Investment Corporation", "ORG"),
             ("Ding Xuedong", "PERSON"), ("Li Keping", "PERSON")]


def test_each_signer_belongs_to_the_company_above_his_by_line() -> None:
    first = _facts(SIGNATURES, SIG_NAMES, "Name: Ding Xuedong Title: Chairman and Chief Executive Officer\nTERRIFIC INVESTMENT CORPORATION")
    assert set(first) == {("ding-xuedong", "china-investment-corporation")}
    assert set(first[("ding-xuedong", "china-investment-corporation")].attribute("title")) == {"Chairman", "Chief Executive Officer"}
    second = _facts(SIGNATURES, SIG_NAMES, "Name: Li Keping Title: Executive Director and President")
    assert set(second) == {("li-keping", "terrific-investment-corporation")}
    assert set(second[("li-keping", "terrific-investment-corporation")].attribute("title")) == {"Director", "President"}


def test_another_signers_name_on_the_way_up_stops_the_walk() -> None:
    text = "ACME HOLDINGS INC.\n\nBy: /s/ Jane Roe\nName: Jane Roe\n\nBy: /s/ John Doe\nName: John Doe\nTitle: Treasurer\n"
    got = _facts(text, [("Acme Holdings Inc.", "ORG"), ("Jane Roe", "PERSON"), ("John Doe", "PERSON")],
                 "By: /s/ John Doe\nName: John Doe\nTitle: Treasurer", issuer="issuer-co")
    assert set(got) == {("john-doe", "issuer-co")}


SCHEDULE = (
    "Schedule A\n\nOfficers and Directors of Terrific Investment Corporation\n\n"
    "Name, Business Address and Position with Terrific Investment Corporation\tPresent Principal Occupation\n"
    "Li Keping\n\nExecutive Director and President\tVice Chairman, President and Chief Investment Officer of China Investment Corporation\n\n"
    "Officers and Directors of China Investment Corporation\n\n"
    "Name, Business Address and Position with China Investment Corporation\tPresent Principal Occupation\n"
    "Wang Baoan\n\n3 Sanlihe Nansanxiang, Xicheng District, Beijing, China\n\nNon-Executive Director\tVice Minister of Finance\n"
    "Guo Haoda\n\nChairman of the Board of Supervisors\tChairman of the Board of Supervisors of China Investment Corporation\n"
)
SCHED_NAMES = SIG_NAMES[:2] + [("Li Keping", "PERSON"), ("Wang Baoan", "PERSON"), ("Guo Haoda", "PERSON")]


def test_schedule_row_gives_the_heading_company_and_the_occupation_company() -> None:
    got = _facts(SCHEDULE, SCHED_NAMES, "Li Keping")
    assert set(got) == {("li-keping", "terrific-investment-corporation"), ("li-keping", "china-investment-corporation")}
    assert set(got[("li-keping", "terrific-investment-corporation")].attribute("title")) == {"Director", "President"}
    assert set(got[("li-keping", "china-investment-corporation")].attribute("title")) == {
        "Vice Chairman", "President", "Chief Investment Officer"}
    for f in got.values():
        assert f.evidence[0].quote.startswith("Li Keping")


def test_address_line_and_occupation_without_organization() -> None:
    got = _facts(SCHEDULE, SCHED_NAMES, "Wang Baoan")
    assert set(got) == {("wang-baoan", "china-investment-corporation")}  # "Vice Minister of Finance": no org
    assert got[("wang-baoan", "china-investment-corporation")].attribute("title") == ["Director"]


def test_seat_with_no_canonical_title_still_counts() -> None:
    got = _facts(SCHEDULE, SCHED_NAMES, "Guo Haoda")
    f = got[("guo-haoda", "china-investment-corporation")]
    assert set(got) == {("guo-haoda", "china-investment-corporation")}
    # the contract requires a ckg:title on every Position: the printed title stands in for a canonical one
    assert f.attribute("title") == ["Chairman of the Board of Supervisors"]
    assert f.attribute("printedTitle") == ["Chairman of the Board of Supervisors"]


def test_name_line_without_a_table_heading_gives_nothing() -> None:
    text = "The parties are listed below.\n\nJohn Doe\n\nDirector\tRetired\n"
    assert _facts(text, [("John Doe", "PERSON")], "John Doe") == {}

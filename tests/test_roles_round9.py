"""Eighth session, after batch 7's first measurement: faults found on its train files and on the
unannotated corpus, written as hand-made text about invented companies: bare one-word companies
listed after a deal cue, and the issuer's acquisitions told as revenue "from acquisitions, primarily
from A, B and C"."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from corpkg.extract.mentions import find_mentions
from corpkg.extract.model import Extraction
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing

sys.path.insert(0, str(Path(__file__).parent))
from role_helpers import acquisitions, extract_body

_extract = extract_body


_acquisitions = acquisitions


def names(text: str) -> list[str]:
    return [c.text for c in find_mentions(text).candidates if c.accepted]


@pytest.mark.parametrize(("text", "expected"), [
    ("We completed the acquisitions of Trovel and Marquent in 2012.", ["Trovel", "Marquent"]),
    ("Results include revenue from our acquisitions, primarily from Trovel, Marquent and Oskaro, in the quarter.",
     ["Trovel", "Marquent", "Oskaro"]),
    ("The merger with Trovel closed in May.", ["Trovel"]),
])
def test_bare_companies_listed_after_a_deal_cue(text: str, expected: list[str]) -> None:
    assert names(text) == expected


@pytest.mark.parametrize("text", [
    # no deal cue right before the list: bare single words stay undecided
    "Our offices in Trovel, Marquent and Oskaro were closed.",
    "The acquisition of land in Trovel and Marquent was completed.",
])
def test_bare_words_without_a_deal_cue_stay_out(text: str) -> None:
    assert not {"Trovel", "Marquent", "Oskaro"} & set(names(text))


def test_revenue_from_acquisitions_primarily_from_a_list(nlp, tmp_path: Path) -> None:
    ex = _extract(nlp, tmp_path, "We include revenue related to acquisitions, primarily from Trovel, Marquent and "
                                 "Oskaro, that would otherwise have been recognized but for purchase accounting.")
    assert _acquisitions(ex) == {("Halverson Optics Corporation", t) for t in ("Trovel", "Marquent", "Oskaro")}


def _positions(ex: Extraction) -> set[tuple[str, str, str]]:
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[f.participant("holder")[0]], lab[f.participant("organization")[0]], v)
            for f in ex.facts if f.role == "position" for k, v in f.attributes if k == "title"}


def test_a_company_title_and_person_in_one_run(nlp, tmp_path: Path) -> None:
    ex = _extract(nlp, tmp_path, 'Halverson Optics Corporation ("Halverson") today announced the closure. Commenting '
                                 'on it, Halverson Chairman Lionel P. Maddox said, "This is hard." Halverson CEO Jane '
                                 'M. Roe said the plant will close.')
    assert {("Lionel P. Maddox", "Halverson Optics Corporation", "Chairman"),
            ("Jane M. Roe", "Halverson Optics Corporation", "Chief Executive Officer")} <= _positions(ex)


@pytest.mark.parametrize(("text", "name"), [
    # what follows the title is no person's name: the run stays one company
    ("Northfield President Hotel Partners filed the report.", "Northfield President Hotel Partners"),
    ("Acme Widget Director Services Group LLC filed the report.", "Acme Widget Director Services Group LLC"),
])
def test_a_title_inside_a_company_name_is_no_split(text: str, name: str) -> None:
    assert names(text) == [name]


def test_a_sentence_opening_with_a_curly_quote_is_a_new_sentence() -> None:
    from corpkg.extract.roles.common import split_sentences

    text = ("“Credit File” shall mean the documents of each Mortgage Loan.\n“Custodial Agreement” shall mean the "
            "agreement between Harbor Bank and Marlow Trust Co. as amended. “Custodian” shall mean Marlow Trust.")
    assert [text[a:b].split("”")[0] for a, b in split_sentences(text)] == [
        "“Credit File", "“Custodial Agreement", "“Custodian"]


def test_a_federal_savings_bank_keeps_its_legal_form() -> None:
    text = ("This Agreement is made between Tamsworth Holdings, LLC (“Seller”) and Larkspur Bank, N.A., formerly known "
            "as Orrin Savings, FSB (“Buyer”). Brindle Bank, F.S.B. and Quillfield Farm Credit, ACB also signed.")
    found = names(text)
    assert "Brindle Bank, F.S.B." in found and "FSB" not in found and "Orrin Savings" not in found
    assert "Quillfield Farm Credit, ACB" in found  # an agricultural credit bank (CoBank, ACB)


FORMER_COVER = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
CURRENT REPORT

Larkspur Holdings, Inc.
(Exact Name of Registrant as Specified in Its Charter)

Nevada
(State or Other Jurisdiction of Incorporation)

120 Calle Iglesia, Unit B
San Clemente, CA, 92672
(Address of Principal Executive Offices)

{former}
(Former Name or Former Address, if Changed Since Last Report)

Item 8.01 Other Events.

Larkspur Holdings, Inc. (formerly Tamsworth Technologies, Inc.) changed its name. Tamsworth Technologies, Inc. filed.
"""


@pytest.mark.parametrize(("former", "expected"), [
    ("Tamsworth Technologies, Inc.", "Tamsworth Technologies, Inc."),
    ("N/A", None),
    ("Not Applicable", None),
    ("4400 Harbor Drive, Suite 100", None),
])
def test_the_covers_former_name(former: str, expected: str | None) -> None:
    from corpkg.extract.reader import read_text

    doc = read_text(FORMER_COVER.format(former=former).encode(), "8k.txt")
    assert doc.cover is not None and doc.cover.former_name == expected


def test_the_former_name_is_the_issuers_alias(nlp, tmp_path: Path) -> None:
    path = tmp_path / "8k.txt"
    path.write_text(FORMER_COVER.format(former="Tamsworth Technologies, Inc."))
    ex = extract_filing(read_filing(path), nlp=nlp)
    (issuer,) = [e for e in ex.entities if e.is_issuer]
    assert "Tamsworth Technologies, Inc." in issuer.aliases
    assert ("formerName", "Tamsworth Technologies, Inc.") in issuer.attributes
    assert [e.label for e in ex.entities if e.kind == "Organization"] == ["Larkspur Holdings, Inc."]


def _subsidiaries(ex: Extraction) -> set[tuple[str, str]]:
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[f.participant("owner")[0]], lab[f.participant("owned")[0]]) for f in ex.facts if f.role == "subsidiary"}


def test_a_seat_at_the_issuers_subsidiary_described_by_its_possessive(nlp, tmp_path: Path) -> None:
    ex = _extract(nlp, tmp_path, "On November 16, 2009, Halverson Optics Corporation (“Company”) announced the resignation "
                                 "of Steven L. Marlow, Executive Vice President and Chief Lending Officer of Brindle Bank "
                                 "(“Bank”), the Company’s financial institution subsidiary.")
    seats = {(h, o) for h, o, _ in _positions(ex)}
    assert seats == {("Steven L. Marlow", "Brindle Bank")}
    assert _subsidiaries(ex) == {("Halverson Optics Corporation", "Brindle Bank")}


@pytest.mark.parametrize("modifier", ["savings bank", "broker-dealer", "trust company", "captive insurance"])
def test_kinds_of_subsidiary_in_apposition(nlp, tmp_path: Path, modifier: str) -> None:
    ex = _extract(nlp, tmp_path, f"Brindle Securities LLC, the Company’s {modifier} subsidiary, opened an office.")
    assert _subsidiaries(ex) == {("Halverson Optics Corporation", "Brindle Securities LLC")}


def test_an_honorific_alone_names_nobody(nlp, tmp_path: Path) -> None:
    ex = _extract(nlp, tmp_path, "Mr. Lionel P. Maddox will receive warrants equal to those issued to the Company's "
                                 "Executive Vice President, Mr.\n              Orrin B. Castellan; Messrs.\n   Maddox and "
                                 "Castellan agreed. The Judge\nruled.")
    labels = {e.label for e in ex.entities if e.kind == "Person"}
    assert not labels & {"Mr.", "Messrs.", "Judge"}
    assert "Lionel P. Maddox" in labels


def _sides(ex: Extraction) -> set[tuple[str, str]]:
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[k], slot) for f in ex.facts if f.role == "proceeding" for slot in ("plaintiff", "defendant")
            for k in f.participant(slot)}


@pytest.mark.parametrize(("text", "sides"), [
    ("We continue to be involved in a contract dispute with Orrin Tooling Inc. In April 2002, a County Court dismissed "
     "with prejudice our counter-claims relating to receivables.", {("Orrin Tooling Inc.", "plaintiff"),
                                                                      ("Halverson Optics Corporation", "defendant")}),
    ("We have been involved in litigation since 2016 in Delaware Chancery Court with Orrin Tooling Inc. related to the "
     "merger agreement. In 2021 the court entered a final order awarding us a termination fee.",
     {("Halverson Optics Corporation", "plaintiff"), ("Orrin Tooling Inc.", "defendant")}),
    # no sign of the sides, or signs of both: no fact
    ("We are involved in litigation with Orrin Tooling Inc. relating to our supply agreement.", set()),
    ("We are involved in a dispute with Orrin Tooling Inc. The court dismissed our counter-claims and entered an order "
     "awarding us costs.", set()),
])
def test_a_dispute_told_by_involvement_takes_its_sides_from_what_follows(nlp, tmp_path: Path, text: str,
                                                                         sides: set[tuple[str, str]]) -> None:
    ex = _extract(nlp, tmp_path, "Item 3. Legal Proceedings\n\n" + text)
    assert _sides(ex) == sides


@pytest.mark.parametrize("text", [
    "This Agreement is made among Fenwick Tools Inc., as the Company, and Orrin Securities, Inc., as Sole Lead "
    "Arranger and Sole Bookrunner.",
    "This Agreement is made among Fenwick Tools Inc., as Borrower, Orrin Securities, Inc., as Joint Lead Arranger and "
    "Joint Bookrunner, and Harbor Bank, N.A., as Lender.",
])
def test_a_second_arranger_capacity_is_no_party(text: str) -> None:
    from corpkg.extract.agreements import _parties

    names = [p.name for p in _parties(text, text.find("among"), len(text))]
    assert "Orrin Securities, Inc." in names and not any("Bookrunner" in n for n in names)


def test_a_group_head_title_before_a_seat_elsewhere(nlp, tmp_path: Path) -> None:
    ex = _extract(nlp, tmp_path, "Marta Linde (age 51)\nSenior Executive Vice President and General Counsel since March "
                                 "2020;\nGroup Head, General Counsel at Brindle Dominion Bank, a financial services "
                                 "company, from November 2017 to March 2020.")
    assert ("Marta Linde", "Brindle Dominion Bank", "Group Head") in _positions(ex)
    assert "Group Head" not in {e.label for e in ex.entities}


@pytest.mark.parametrize(("text", "org", "title"), [
    ("Thomas R. Pike serves on the board of trustees of Larkspur University.", "Larkspur University", "Trustee"),
    ("Thomas R. Pike is a member of the Board of Trustees of the Larkspur Museum of Art.", "Larkspur Museum of Art",
     "Trustee"),
    ("Thomas R. Pike serves on the board of directors of Orrin Holdings, Inc.", "Orrin Holdings, Inc.", "Director"),
])
def test_a_board_seat_takes_the_boards_title(nlp, tmp_path: Path, text: str, org: str, title: str) -> None:
    seats = {(h, o, t) for h, o, t in _positions(_extract(nlp, tmp_path, text)) if h == "Thomas R. Pike"}
    assert seats == {("Thomas R. Pike", org, title)}


def test_the_company_opening_a_sentence_is_the_issuer(nlp, tmp_path: Path) -> None:
    ex = _extract(nlp, tmp_path, "Item 3. Legal Proceedings\n\nThe Company is a defendant in a lawsuit relating to its "
                                 "lenses.")
    assert _sides(ex) == {("Halverson Optics Corporation", "defendant")}

"""Organization and person resolution (issue 13) on what the dev identity pairs showed: legal forms of
one kind ("Company", "Companies, Inc."), a national bank and its namesake holding company, forms of two
countries' laws, names that differ only in spacing, a surname alone at an issuer with one person of that
surname, and a shared generational suffix."""

from __future__ import annotations

from pathlib import Path

from corpkg.graph import resolve
from corpkg.graph.store import open_store
from tests.test_resolution_rules import HEAD, ID, filing

OTHER = ID + "cik/0000000077"


def _lenders(tmp_path: Path, first: tuple[str, str], second: tuple[str, str]) -> Path:
    """Two filings of two issuers, each with one lender (IRI, name)."""
    text = HEAD + filing("a1", "2020-03-01", [], orgs=[(first[0], [first[1]])])
    text += filing("b1", "2021-03-01", [], issuer=OTHER, issuer_label="Widget Corp.", orgs=[(second[0], [second[1]])])
    path = tmp_path / "lenders.trig"
    path.write_text(text, encoding="utf-8")
    return path


def _joined(path: Path, a: str, b: str) -> tuple[bool, resolve.Scored]:
    store = open_store(path)
    result = resolve.resolve(store)
    canon = resolve.canonical_map(store)
    scored = {(s.left, s.right): s for s in result.scored}
    return canon.get(a, a) == canon.get(b, b), scored[tuple(sorted((a, b)))]  # type: ignore[index]


def test_legal_form_words_of_one_kind_are_one_form() -> None:
    assert resolve._legal_form("Lowe's Company") == resolve._legal_form("LOWE'S COMPANIES, INC.") == "inc"
    assert resolve._legal_form("Acme Corporation") == resolve._legal_form("Acme Co.") == "inc"
    assert resolve._legal_form("Acme Holdings, LLC") == "llc"
    assert resolve._legal_form("Bank of America, National Association") == "na"
    assert resolve.org_core_name("Lowe's Company") == resolve.org_core_name("LOWE'S COMPANIES, INC.") == "lowes"


def test_a_company_and_its_namesake_of_the_same_kind_join(tmp_path: Path) -> None:
    a, b = ID + "org/lowes-co", ID + "org/lowes-companies-inc"
    joined, pair = _joined(_lenders(tmp_path, (a, "Lowe's Company"), (b, "Lowe's Companies, Inc.")), a, b)
    assert joined, pair.explanation


def test_a_national_bank_and_its_holding_company_stay_apart(tmp_path: Path) -> None:
    corp, bank = ID + "org/bank-of-america-corp", ID + "org/bank-of-america-na"
    joined, pair = _joined(_lenders(tmp_path, (corp, "Bank of America Corporation"), (bank, "Bank of America, N.A.")), corp, bank)
    assert not joined
    assert pair.probability < resolve.SEPARATES
    assert "legal_form -" in pair.explanation


def test_a_us_company_and_its_namesake_plc_stay_apart(tmp_path: Path) -> None:
    inc, plc = ID + "org/jp-morgan-securities-inc", ID + "org/jp-morgan-securities-plc"
    joined, _ = _joined(_lenders(tmp_path, (inc, "J.P. Morgan Securities Inc."), (plc, "J.P. Morgan Securities plc")), inc, plc)
    assert not joined


def test_names_that_differ_only_in_spacing_join(tmp_path: Path) -> None:
    a, b = ID + "org/voice-signal-technologies-inc", ID + "org/voicesignal-technologies-inc"
    joined, pair = _joined(_lenders(tmp_path, (a, "Voice Signal Technologies, Inc."), (b, "VoiceSignal Technologies, Inc.")), a, b)
    assert joined, pair.explanation


def _people(tmp_path: Path, first: list[tuple[str, str, str]], second: list[tuple[str, str, str]]) -> Path:
    text = HEAD + filing("p1", "2014-03-01", first) + filing("p2", "2016-03-01", second)
    path = tmp_path / "people.trig"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_surname_alone_joins_the_issuers_only_person_of_that_surname(tmp_path: Path) -> None:
    bill, bare = ID + "person/cik-0000000042/bill-robbins", ID + "person/cik-0000000042/robbins"
    path = _people(tmp_path, [(bill, "Bill Robbins", "President")], [(bare, "Robbins", "President")])
    joined, pair = _joined(path, bill, bare)
    assert joined, pair.explanation


def test_a_surname_alone_stays_apart_when_the_issuer_has_two_people_of_that_surname(tmp_path: Path) -> None:
    bill, ann, bare = (ID + f"person/cik-0000000042/{s}" for s in ("bill-robbins", "ann-robbins", "robbins"))
    path = _people(tmp_path, [(bill, "Bill Robbins", "President"), (ann, "Ann Robbins", "Secretary")],
                   [(bare, "Robbins", "Director")])
    store = open_store(path)
    assert bare not in resolve._lone_full_names(resolve.records(store))
    resolve.resolve(store)
    canon = resolve.canonical_map(store)
    assert canon.get(bare, bare) not in {canon.get(bill, bill), canon.get(ann, ann)}


def test_a_shared_generational_suffix_adds_evidence(tmp_path: Path) -> None:
    left, right = ID + "person/cik-0000000042/irvine-o-hockaday-jr", ID + "person/cik-0000000077/irvine-o-hockaday-jr"
    text = HEAD + filing("h1", "2002-03-01", [(left, "Irvine O. Hockaday, Jr.", "Director")])
    text += filing("h2", "2004-03-01", [(right, "Irvine O. Hockaday, Jr.", "Director")], issuer=OTHER, issuer_label="Widget Corp.")
    path = tmp_path / "suffix.trig"
    path.write_text(text, encoding="utf-8")
    _, pair = _joined(path, left, right)
    assert "suffix +" in pair.explanation


def test_legal_forms_written_out_are_their_abbreviations() -> None:
    assert resolve.org_core_name("1393631 B.C. UNLIMITED LIABILITY COMPANY") == resolve.org_core_name("1393631 B.C.") == "1393631 bc"
    assert resolve._legal_form("1393631 B.C. Unlimited Liability Company") == "ulc"
    assert resolve._legal_form("Foo Holdings Limited Liability Company") == resolve._legal_form("Foo Holdings, LLC") == "llc"
    assert resolve._legal_form("M.S.T.S. Limited Partnership") == "lp"
    assert resolve._legal_form("Acme Public Limited Company") == "plc"


def test_a_numbered_company_and_its_full_legal_name_join(tmp_path: Path) -> None:
    a, b = ID + "org/1393631-bc", ID + "org/1393631-bc-unlimited-liability-co"
    joined, pair = _joined(_lenders(tmp_path, (a, "1393631 B.C."), (b, "1393631 B.C. UNLIMITED LIABILITY COMPANY")), a, b)
    assert joined, pair.explanation


def test_a_limited_partnership_and_its_namesake_company_stay_apart(tmp_path: Path) -> None:
    inc, lp = ID + "org/msts-inc", ID + "org/msts-limited-partnership"
    joined, pair = _joined(_lenders(tmp_path, (inc, "M.S.T.S., Inc."), (lp, "M.S.T.S. Limited Partnership")), inc, lp)
    assert not joined
    assert "legal_form -" in pair.explanation


def test_a_names_numbers_are_read_roman_or_arabic() -> None:
    assert resolve._numerals("midcap funding iv trust") == ["iv"]
    assert resolve._numerals("palisades acquisition xix") == ["xix"]
    assert resolve._numerals("vivid civil apollo") == []


def test_sibling_funds_one_numeral_apart_stay_apart(tmp_path: Path) -> None:
    iv, v = ID + "org/midcap-funding-iv-trust", ID + "org/midcap-funding-v-trust"
    joined, pair = _joined(_lenders(tmp_path, (iv, "MIDCAP FUNDING IV TRUST"), (v, "MIDCAP FUNDING V TRUST")), iv, v)
    assert not joined, pair.explanation

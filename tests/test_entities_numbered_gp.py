"""Name shapes of agreements' parties: a general partner written "Apollo Capital Management, GP,
LLC" (the "GP" between commas belongs to the name before its legal form) and a Canadian numbered company
named without its legal form ("1393631 B.C."); with the near misses that stay what they were."""

from __future__ import annotations

import pytest

from corpkg.extract.mentions import find_mentions
from corpkg.extract.names import classify_name, name_key


def accepted(text: str) -> set[tuple[str, str]]:
    return {(c.text, c.kind) for c in find_mentions(text).candidates if c.rejected is None and c.kind}


def test_gp_between_commas_joins_the_name():
    found = accepted("By: Apollo Capital Management, GP, LLC, its general partner By: /s/ Maurice Amsellem")
    assert ("Apollo Capital Management, GP, LLC", "Organization") in found
    assert ("Acme Partners, G.P., L.L.C.", "Organization") in accepted("Acme Partners, G.P., L.L.C. signed it")
    assert name_key("Apollo Capital Management, GP, LLC") == name_key("Apollo Capital Management GP, LLC")


def test_gp_without_a_legal_form_after_it_stays_apart():
    found = accepted("The firms Smith, GP and Jones, Inc. met")
    assert not any(t.startswith("Smith, GP") for t, _ in found)


def test_a_numbered_company_is_an_organization():
    found = accepted("a Share Purchase Agreement with (a) 1393631 B.C., a British Columbia ULC (“Purchaser”), (b) the Company")
    assert ("1393631 B.C.", "Organization") in found
    assert classify_name("2136305 Ontario") == ("Organization", 0.9)


@pytest.mark.parametrize("name", ["05401 USA", "49314 Vancouver", "20000 Ontario", "2021 Ontario"])
def test_a_zip_code_or_a_short_number_before_a_place_is_no_company(name: str) -> None:
    assert classify_name(name)[0] != "Organization"


def test_a_groups_acronym_of_a_place_is_one_name():
    found = accepted("Inc., a Colorado corporation, AHP of Fayetteville, Inc., an Arkansas corporation, and AHE of Irvine, Inc.")
    assert {("AHP of Fayetteville, Inc.", "Organization"), ("AHE of Irvine, Inc.", "Organization")} <= found


@pytest.mark.parametrize("text, name", [
    ("the CEO of Acme, Inc. said", "Acme, Inc."),  # a title of a company
    ("the IRS of the Company said", None),
])
def test_titles_and_defined_terms_keep_their_cut(text: str, name: str | None) -> None:
    found = {t for t, _ in accepted(text)}
    assert not any(t.startswith(("CEO of", "IRS of")) for t in found)
    if name:
        assert name in found

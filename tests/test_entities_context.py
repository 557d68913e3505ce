"""Names typed by their surroundings: jurisdictions, lists, lower-case names, "for" inside names."""

from __future__ import annotations

import pytest

from corpkg.extract.mentions import find_mentions


def _typed(text: str) -> dict[str, str | None]:
    return {c.text: c.kind for c in find_mentions(text).accepted}


def test_jurisdiction_in_parentheses_makes_an_organization() -> None:
    text = ("The subsidiaries are:\n\nA & B Builders, Inc. (Texas)\nCeriani Cave (Italy)\n"
            "Nova Spurghi (Italy)\nCompania Schreiber de Servicios (Spain)\n")
    got = _typed(text)
    assert got["Nova Spurghi"] == "Organization"
    assert got["Ceriani Cave"] == "Organization"
    assert got["Compania Schreiber de Servicios"] == "Organization"
    assert got["A & B Builders, Inc."] == "Organization"
    assert "Italy" not in got


def test_incorporation_apposition_in_parentheses() -> None:
    got = _typed("The merger with Harold Whitcombe (a Delaware corporation) closed in May.")
    assert got.get("Harold Whitcombe") == "Organization"


def test_titled_person_with_a_state_stays_a_person() -> None:
    got = _typed("Mr. John Cornyn (Texas) spoke first.")
    assert got.get("John Cornyn") == "Person"


def test_enumeration_of_bare_company_names_types_a_person_shaped_member() -> None:
    got = _typed("Our competitors include AHP, Warner Chilcott, Barr Labs, Schering-Plough, Bristol-Myers, "
                 "Galderma, Dermik Labs, Pharmacia & Upjohn and Pfizer.")
    assert got["Warner Chilcott"] == "Organization"


def test_work_cue_before_a_list() -> None:
    got = _typed("He served in senior marketing roles at Sears Holding Corporation, Home Shopping Network "
                 "and Ray-Ban Sunglasses.")
    assert got["Ray-Ban Sunglasses"] == "Organization"


@pytest.mark.parametrize("text,person", [
    ("Agreement by and between Pericom Semiconductor Corporation, AKER Technology Company, Ltd., and "
     "Shi-Hsiung Stone Liu for the sale of shares.", "Shi-Hsiung Stone Liu"),
    ("The defendants are Acme Holdings, Inc., John Smith and Jane Doe.", "John Smith"),
])
def test_parties_written_with_legal_names_leave_persons_alone(text: str, person: str) -> None:
    assert _typed(text)[person] == "Person"


def test_peer_group_table_rows() -> None:
    text = ("Booking Holdings, Inc.\tMarriott International, Inc.\nCharles Schwab\tNews Corporation\n"
            "DISH Network Corporation\tTwitter, Inc.\n")
    assert _typed(text)["Charles Schwab"] == "Organization"


def test_lower_case_names_with_a_legal_suffix() -> None:
    got = _typed("He is a director of trivago N.V., eBay Inc. and salesforce.com, inc. and owns apples Inc. shares.")
    assert got["trivago N.V."] == "Organization"
    assert got["eBay Inc."] == "Organization"
    assert got["salesforce.com, inc."] == "Organization"
    assert not any(k.startswith("apples") for k in got)


def test_for_and_friends_of_inside_names() -> None:
    got = _typed("She serves on the boards of Turo, a car rental marketplace; and Innovations for Poverty Action, "
                 "a non-profit. He also serves on the board of Friends of the High Line.")
    assert got["Innovations for Poverty Action"] == "Organization"
    assert got["Friends of the High Line"] == "Organization"


def test_for_does_not_join_a_title() -> None:
    got = _typed("He was the Director for Acme Holdings, Inc. until 2019.")
    assert "Acme Holdings, Inc." in got
    assert not any(k.startswith("Director") for k in got)


def _links(text: str) -> dict[str, str]:
    pm = find_mentions(text)
    return {ln.alias: pm.candidates[ln.target].text for ln in pm.links}


def test_defined_term_after_an_apposition_names_its_head() -> None:
    got = _links("Junglee Corp., a Delaware corporation (\"Junglee\") and AJ Acquisition, Inc., a Delaware corporation "
                 "and\nwholly owned subsidiary of Amazon.com (\"Junglee Merger Sub\"), merged.")
    assert got["Junglee Merger Sub"] == "AJ Acquisition, Inc."
    assert got["Junglee"] == "Junglee Corp."
    assert _links("Foo Holdings, Inc., a subsidiary of Bar Capital Corporation (\"Bar Capital\"), said.")["Bar Capital"] \
        == "Bar Capital Corporation"


def test_defined_term_after_a_ticker() -> None:
    got = _links("Icahn Enterprises L.P. (NASDAQ: IEP) (\"IEP\") and Icahn Enterprises Holdings L.P. (\"IEH\") announced.")
    assert got["IEP"] == "Icahn Enterprises L.P."
    assert got["IEH"] == "Icahn Enterprises Holdings L.P."

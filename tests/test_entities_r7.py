"""Round-7 rules of the recogniser (issue 12, organization precision), on hand-made sentences:
credentials after a name, months joined by "&", exhibit labels and adjective compounds, a party's
capacity ("Co-Syndication Agents", "[ASSIGNOR]"), a company's state ("the Surviving Corporation"),
and a capital "The" before a lone acronym."""

from __future__ import annotations

from corpkg.extract.mentions import find_mentions


def accepted(text: str, lower: frozenset[str] = frozenset()) -> dict[str, str | None]:
    return {c.text: c.kind for c in find_mentions(text, lowercase_words=lower).accepted}


def rejected(text: str, lower: frozenset[str] = frozenset()) -> dict[str, str | None]:
    return {c.text: c.rejected for c in find_mentions(text, lowercase_words=lower).candidates if c.rejected}


def test_credentials_after_a_signer_are_no_organization():
    text = "By: /s/ Dana K. Wollery\nDana K. Wollery, MBA, CFA, CGMA\nChief Financial Officer"
    got = accepted(text)
    assert not any(k.startswith(("MBA", "CFA")) for k in got)
    assert got.get("Dana K. Wollery") == "Person"
    assert any(k.startswith("MBA") and why == "credential" for k, why in rejected(text).items())


def test_months_joined_by_an_ampersand_are_a_date():
    got = accepted("In March & October 2019 we reduced our workforce, as Pelbrook Systems did.")
    assert "March & October" not in got
    assert "Pelbrook Systems" in got


def test_an_exhibit_label_opens_no_name():
    got = accepted("Ex-99.2 Financial statements of Quorvane Corporation are attached.")
    assert not any(k.startswith("Ex-99") for k in got)
    assert "Quorvane Corporation" in got


def test_an_adjective_compound_opens_no_name():
    lower = frozenset({"the", "use", "of"})
    got = accepted("Our use of Cloud-based Technologies and our supplier Dravelin Networks grew.", lower)
    assert "Cloud-based Technologies" not in got
    assert "Dravelin Networks" in got


def test_a_party_capacity_is_a_role_not_an_organization():
    text = ("with Fendrel Bank, N.A. and Orsway Bank serving as Co-Syndication Agents, and Fendrel Bank, N.A., "
            "Orsway Bank and Halvick Capital LLC serving as Joint Bookrunners.")
    got = accepted(text)
    assert "Co-Syndication Agents" not in got and "Joint Bookrunners" not in got
    assert {"Fendrel Bank, N.A.", "Halvick Capital LLC"} <= set(got)


def test_a_placeholder_capacity_in_brackets_is_no_party():
    got = accepted('AGREEMENT dated as of ____ among [ASSIGNOR] (the "Assignor"), [ASSIGNEE] (the "Assignee") and '
                   "Trelbury Capital Corporation")
    assert "ASSIGNOR" not in got and "ASSIGNEE" not in got
    assert "Trelbury Capital Corporation" in got


def test_a_name_before_a_capacity_word_stays_a_name():
    assert rejected("SUNNOVA BUSINESS MARKETS BORROWER").get("SUNNOVA BUSINESS MARKETS BORROWER") != "capacity"


def test_a_company_state_with_a_legal_suffix_is_no_name():
    lower = frozenset({"surviving", "controlled", "combined", "the", "corporation", "company"})
    got = accepted("Merger Sub will merge into Pelham Tools, with Pelham Tools as the surviving corporation "
                   "(the Surviving Corporation). 1.8 Controlled Company. The Combined Company will be listed.", lower)
    assert not {"Surviving Corporation", "Controlled Company", "Combined Company"} & set(got)


def test_a_surname_ending_in_ing_with_a_suffix_stays_a_company():
    lower = frozenset({"sterling", "pound"})
    got = accepted("Deposits at Sterling Bancorp were paid in pound sterling.", lower)
    assert "Sterling Bancorp" in got


def test_a_capital_the_before_a_lone_acronym_is_not_promoted():
    got = accepted("Material contracts\nThe ZQX 2001 Long-Term Performance Plan and the work of The WXRT team.")
    assert "The ZQX" not in got and "The WXRT" not in got


def test_a_capital_the_inside_a_sentence_still_opens_a_body():
    got = accepted("She is a member of The Brisket Roundtable Council and a director.")
    assert any(k.startswith("The Brisket") for k in got)


def test_a_heading_of_measures_or_an_event_is_no_organization():
    got = accepted("Non-GAAP Financial Measures\n\nWe presented at the Tolliver 12th Annual Financial Services "
                   "Conference with Brenmoor Capital Partners.")
    assert not any(k.endswith(("Measures", "Conference")) for k in got)
    assert "Brenmoor Capital Partners" in got


# ---- an acronym without a defined term is the organization whose initials it spells


def _orgs(text: str) -> dict[str, tuple[str, ...]]:
    from corpkg.extract.entities import find_entities
    from corpkg.extract.model import Document
    from corpkg.extract.nlp import build_pipeline

    d = Document(path="memo.txt", format="text", text=text, sha256="0" * 64, encoding="utf-8")
    idx = find_entities(d, build_pipeline(), None)
    return {e.label: e.aliases for e in idx.entities if e.kind == "Organization"}


def test_an_unlinked_acronym_joins_the_organization_it_spells():
    orgs = _orgs("Quellan Brick Materials Corporation makes tiles.\n\nWe compete with QBM, a leading maker of tiles, "
                 "in Ohio.")
    assert "QBM" not in orgs
    assert any("QBM" in aliases for label, aliases in orgs.items() if label.startswith("Quellan"))


def test_an_acronym_two_organizations_could_spell_stays_apart():
    orgs = _orgs("Quellan Brick Materials Corporation makes tiles. Quorra Bay Mining, Inc. digs clay.\n\n"
                 "We compete with QBM, a leading maker of tiles, in Ohio.")
    assert not any("QBM" in aliases for aliases in orgs.values())
    assert "QBM" in orgs


# ---- a name the filing once writes before a unit noun is that unit everywhere


def test_a_segment_named_once_before_a_unit_noun_is_no_organization_alone():
    text = ("Segment results\n\nNorthgate Retail Pet Foods\t$ 1,234\nNorthgate Retail Bakery Foods\t$ 567\n\n"
            "Net sales of the Northgate Retail Pet Foods segment rose, and Hollin Corp. supplied the plants.")
    orgs = _orgs(text)
    assert "Northgate Retail Pet Foods" not in orgs
    assert "Hollin Corp." in orgs


def test_a_company_with_a_legal_suffix_survives_a_unit_noun_after_its_short_name():
    orgs = _orgs("Brenmoor Capital Partners, Inc. advised us.\n\nThe Brenmoor Capital Partners team met the board, "
                 "and Brenmoor Capital Partners later resigned.")
    assert any(label.startswith("Brenmoor Capital Partners") for label in orgs)

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

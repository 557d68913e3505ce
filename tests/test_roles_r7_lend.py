"""Credit agreements, fourth session (issue 11): several entities listed over one signature block,
captions carried over to the next page, and agreements whose lenders go unnamed.  Hand-made text."""

from __future__ import annotations

from corpkg.extract.reader import read_text

BLOCK = """Exhibit 10.2

FIRST AMENDMENT TO CREDIT AGREEMENT

This First Amendment to Credit Agreement (this “Amendment”) dated as of March 3, 2021 is among Quillfeather Homes Inc., a Nevada corporation (the “Borrower”), the Guarantors party hereto, the Lenders party hereto and Eastbrook Bank, as administrative agent (the “Administrative Agent”).

IN WITNESS WHEREOF, the parties have executed this Amendment.

BORROWER:

QUILLFEATHER HOMES INC., a Nevada corporation
By: /s/ Dana Whitlock
Name: Dana Whitlock
Title: President

GUARANTORS CONTINUED:

MAPLE RIDGE LOTS, LLC, a Utah limited liability company
CEDAR FLATS HOLDINGS LLC, a Utah limited liability company
QUILLFEATHER CONSTRUCTION INC., a Nevada corporation
By: /s/ Dana Whitlock
Name: Dana Whitlock
Title: President

LENDER:

EASTBROOK BANK, as Administrative Agent and Lender
By: /s/ Priya Namjoshi
Name: Priya Namjoshi
Title: Vice President
"""


def _sigs(text: str) -> list[tuple[str, str, str]]:
    (ag,) = read_text(text.encode(), "ex10-2.txt").agreements
    return [(" ".join((s.org or "").split()), s.capacity, s.person) for s in ag.signatories]


def test_every_entity_listed_over_one_by_line_signs_with_the_caption_capacity() -> None:
    sigs = _sigs(BLOCK)
    for name in ("MAPLE RIDGE LOTS, LLC", "CEDAR FLATS HOLDINGS LLC", "QUILLFEATHER CONSTRUCTION INC."):
        assert (name, "guarantor", "Dana Whitlock") in sigs
    assert ("QUILLFEATHER HOMES INC.", "borrower", "Dana Whitlock") in sigs
    assert ("EASTBROOK BANK", "administrative agent and lender", "Priya Namjoshi") in sigs


def test_a_blank_line_ends_the_list_over_a_by_line() -> None:
    text = BLOCK.replace("CEDAR FLATS HOLDINGS LLC, a Utah limited liability company\n",
                         "CEDAR FLATS HOLDINGS LLC, a Utah limited liability company\n\n")
    orgs = [o for o, _, _ in _sigs(text)]
    assert "QUILLFEATHER CONSTRUCTION INC." in orgs
    assert "CEDAR FLATS HOLDINGS LLC" not in orgs and "MAPLE RIDGE LOTS, LLC" not in orgs


def test_a_prose_line_over_a_block_is_no_entity() -> None:
    text = BLOCK.replace("MAPLE RIDGE LOTS, LLC, a Utah limited liability company\n",
                         "The undersigned acknowledge the terms of this Amendment\n")
    orgs = [o for o, _, _ in _sigs(text)]
    assert not any(o.startswith("The undersigned") for o in orgs)
    assert "CEDAR FLATS HOLDINGS LLC" in orgs


UNNAMED = """Exhibit 10.1

CREDIT AGREEMENT

dated as of June 2, 2022

among

ORCHARD VALE HOLDINGS LLC,

and

ORCHARD VALE BUILDERS LLC,

collectively as the Borrower

The financial institutions party hereto,

as Lenders

and

LINDQVIST BANK, NATIONAL ASSOCIATION,

as Administrative Agent

LINDQVIST SECURITIES, LLC AND TERNHOLM CAPITAL MARKETS, INC.

as Joint Lead Arrangers

ARTICLE I Definitions

Section 1.1 Definitions. The Borrower may borrow under the Commitments.
"""


def _credit(text: str) -> list[dict[str, set[str]]]:
    from corpkg.extract.pipeline import extract_filing

    ex = extract_filing(read_text(text.encode(), "ex10-1.txt"))
    out = []
    for f in ex.facts:
        if f.role == "credit":
            slots: dict[str, set[str]] = {}
            for slot, key in f.participants:
                slots.setdefault(slot, set()).add(" ".join(ex.entity(key).label.split()).upper())
            out.append(slots)
    return out


def test_upper_case_and_after_a_legal_form_parts_two_parties() -> None:
    (ag,) = read_text(UNNAMED.encode(), "ex10-1.txt").agreements
    parties = {(" ".join(p.name.split()), p.capacity) for p in ag.parties}
    assert ("LINDQVIST SECURITIES, LLC", "joint lead arrangers") in parties
    assert ("TERNHOLM CAPITAL MARKETS, INC.", "joint lead arrangers") in parties


def test_borrowers_and_agent_of_a_credit_agreement_with_unnamed_lenders() -> None:
    facts = [f for f in _credit(UNNAMED) if "agent" in f]
    assert facts, "a credit fact for the named borrowers and agent"
    f = facts[0]
    assert {"ORCHARD VALE HOLDINGS LLC", "ORCHARD VALE BUILDERS LLC"} <= f["borrower"]
    assert "LINDQVIST BANK, NATIONAL ASSOCIATION" in f["agent"]
    assert "lender" not in f
    assert "TERNHOLM CAPITAL MARKETS, INC." in f.get("arranger", set())


def test_no_agent_no_fact_for_unnamed_lenders() -> None:
    text = UNNAMED.replace("LINDQVIST BANK, NATIONAL ASSOCIATION,\n\nas Administrative Agent\n\n", "")
    assert not [f for f in _credit(text) if "borrower" in f and "ORCHARD VALE BUILDERS LLC" in f["borrower"]]


NARRATIVE = """FORM 8-K

Item 1.01. Entry into a Material Definitive Agreement.

On May 4, 2021, Bramblewood Foods, Inc. (the "Company") entered into a Term Loan Agreement among the Company, the lenders party thereto, Hollis Senior Funding, Inc., as administrative agent, Hollis Senior Funding, Inc., Q.R. Stanton Securities LLC and AgriBank, ACB, as joint lead arrangers and joint bookrunners, and Stanton Chase Bank, N.A., as syndication agent.

BRAMBLEWOOD FOODS, INC.
By: /s/ Jo Smith
Name: Jo Smith
Title: Chief Financial Officer
"""


def _narrative(text: str) -> list[dict[str, set[str]]]:
    from corpkg.extract.pipeline import extract_filing

    ex = extract_filing(read_text(text.encode(), "8k.txt"))
    out = []
    for f in ex.facts:
        if f.role == "credit":
            slots: dict[str, set[str]] = {}
            for slot, key in f.participants:
                slots.setdefault(slot, set()).add(ex.entity(key).label)
            out.append(slots)
    return out


def test_a_group_capacity_holds_across_a_last_name_the_recogniser_missed() -> None:
    arrangers = {k for f in _narrative(NARRATIVE) for k in f.get("arranger", set())}
    assert {"Hollis Senior Funding, Inc.", "Q.R. Stanton Securities LLC"} <= arrangers
    agents = {k for f in _narrative(NARRATIVE) for k in f.get("agent", set())}
    assert {"Hollis Senior Funding, Inc.", "Stanton Chase Bank, N.A."} <= agents
    assert "Q.R. Stanton Securities LLC" not in agents



ACTING = """Exhibit 10.3

SECOND AMENDMENT

SECOND AMENDMENT, dated as of May 5, 2023 (this “Amendment”), among RIVERLINE RENTALS, LLC (the “Borrower”), the Lenders party hereto, and HALDEN BANK, N.A., as administrative agent (in such capacity, the “Administrative Agent”). Halden Securities, Inc., Banque Ostrale Corporate and Investment Bank, Pemberton Bank PLC and Northgate Bank, National Association are acting as Joint Lead Arrangers in connection with this Amendment.

WHEREAS, the Borrower has requested the amendments set forth herein.
"""


def test_names_that_are_acting_as_joint_lead_arrangers_after_a_preamble() -> None:
    (ag,) = read_text(ACTING.encode(), "ex10-3.txt").agreements
    parties = {(" ".join(p.name.split()), p.capacity) for p in ag.parties}
    for name in ("Banque Ostrale Corporate and Investment Bank", "Pemberton Bank PLC",
                 "Northgate Bank, National Association"):
        assert (name, "joint lead arrangers") in parties
    assert ("HALDEN BANK, N.A.", "administrative agent") in parties
    assert not any(n == "Investment Bank" for n, _ in parties)


def test_without_acting_the_names_after_a_preamble_get_no_capacity() -> None:
    (ag,) = read_text(ACTING.replace(" are acting as Joint Lead Arrangers", " were consulted").encode(),
                      "ex10-3.txt").agreements
    assert not any(p.capacity == "joint lead arrangers" for p in ag.parties)

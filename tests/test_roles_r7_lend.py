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

"""Guarantors of credit agreements and guarantees (issue 11): a plural guarantor caption over several
signature blocks, a guarantor printed on a signature page, a credit document whose lenders go unnamed
but which names its borrower, guarantor and agent; an agent is no guarantor.  All filings here are made up."""

from __future__ import annotations

from functools import cache

from corpkg.extract.model import Extraction
from corpkg.extract.reader import read_text

AMENDMENT = """Exhibit 10.2

AMENDMENT NO. 4 TO CREDIT AGREEMENT

This Amendment No. 4 dated as of June 9, 2020, is among Quillfeather Holdings LLC, a Delaware limited liability company (the "Borrower"), the Lenders party hereto and Ashgrove National Bank, N.A., as Administrative Agent.

Section 1. Amendments. The Credit Agreement is amended as set forth below.

IN WITNESS WHEREOF, the parties hereto have caused this Amendment to be duly executed.

BORROWER:

QUILLFEATHER HOLDINGS LLC

By: /s/ Mara Venn
Name: Mara Venn
Title: Chief Financial Officer

GUARANTOR:

QUILLFEATHER OUTDOOR GOODS, INC.

By: /s/ Mara Venn
Name: Mara Venn
Title: Chief Financial Officer

SUBSIDIARY GUARANTORS:

TARNWOOD TRAIL SUPPLY INC.

By: /s/ Mara Venn
Name: Mara Venn
Title: Treasurer

BRACKENRIDGE CAMP OUTFITTERS LLC

By: /s/ Mara Venn
Name: Mara Venn
Title: Treasurer

{after}

By: /s/ Paul Okoro
Name: Paul Okoro
Title: Managing Director
"""

AGENT_BLOCK = "ASHGROVE NATIONAL BANK, N.A., as Administrative Agent"
BANK_BLOCK = "ADMINISTRATIVE AGENT:\n\nASHGROVE NATIONAL BANK, N.A."


@cache
def _extraction(text: str) -> Extraction:
    from corpkg.extract.pipeline import extract_filing

    return extract_filing(read_text(text.encode("utf-8"), "ex10.txt"))


def _slots(text: str) -> dict[str, set[str]]:
    ex = _extraction(text)
    lab = {e.key: e.label for e in ex.entities}
    out: dict[str, set[str]] = {}
    for f in ex.facts:
        if f.role == "credit":
            for slot in ("lender", "borrower", "guarantor", "agent"):
                out.setdefault(slot, set()).update(lab[k].upper() for k in f.participant(slot))
    return out


def test_plural_caption_heads_every_block_under_it_until_the_next_caption() -> None:
    for after in (AGENT_BLOCK, BANK_BLOCK):
        slots = _slots(AMENDMENT.format(after=after))
        assert slots["guarantor"] == {"QUILLFEATHER OUTDOOR GOODS, INC.", "TARNWOOD TRAIL SUPPLY INC.",
                                      "BRACKENRIDGE CAMP OUTFITTERS LLC"}
        assert "ASHGROVE NATIONAL BANK, N.A." in slots["agent"]  # the agent after the list is no guarantor
        assert "ASHGROVE NATIONAL BANK, N.A." not in slots["guarantor"]
        assert slots["borrower"] == {"QUILLFEATHER HOLDINGS LLC"}
        assert not slots.get("lender")  # the lenders go unnamed; the agent stands for them


def test_no_guarantor_caption_no_guarantor() -> None:
    text = AMENDMENT.format(after=AGENT_BLOCK).replace("SUBSIDIARY GUARANTORS:", "").replace("GUARANTOR:", "")
    slots = _slots(text)
    assert not slots.get("guarantor")


def test_a_singular_caption_does_not_carry_to_the_next_block() -> None:
    text = AMENDMENT.format(after=AGENT_BLOCK).replace("SUBSIDIARY GUARANTORS:\n", "")
    slots = _slots(text)
    assert slots["guarantor"] == {"QUILLFEATHER OUTDOOR GOODS, INC."}


def test_credit_fact_of_unnamed_lenders_conforms_to_the_shape() -> None:
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.validate import validate_dataset

    ex = _extraction(AMENDMENT.format(after=AGENT_BLOCK))
    assert validate_dataset(build_filing_graph(ex).to_dataset()).conforms


def test_a_party_signing_only_as_guarantor_is_no_agent() -> None:
    # "B, a Maryland corporation, and C, as administrative agent": the preamble's capacity seems to cover both
    text = AMENDMENT.format(after=AGENT_BLOCK).replace(
        'the Lenders party hereto and Ashgrove National Bank, N.A., as Administrative Agent',
        'Quillfeather Outdoor Goods, Inc., a Maryland corporation, and Ashgrove National Bank, N.A., as '
        'Administrative Agent for the Lenders')
    slots = _slots(text)
    assert "QUILLFEATHER OUTDOOR GOODS, INC." in slots["guarantor"]
    assert slots["agent"] == {"ASHGROVE NATIONAL BANK, N.A."}

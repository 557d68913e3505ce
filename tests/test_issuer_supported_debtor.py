"""A subsidiary's guarantee or pledge filed without its SEC header is about the debtor it supports:
the company the document defines as "the Issuer" / "the Borrower" / "Parent" (the group's filer),
not the guarantor that signs it; a guarantee that names no such debtor keeps its guarantor."""

from __future__ import annotations

from corpkg.extract.pipeline import extract_filing, load_pipeline
from corpkg.extract.reader import read_text

GUARANTEE = """Exhibit 10.4

SUBSIDIARY GUARANTEE

This SUBSIDIARY GUARANTEE (this “Guarantee”), dated as of March 3, 2021, is made by Lantern Rides Ltd., an Ontario corporation (the “Guarantor”), in favor of Keystone Trust Company, as Collateral Agent (the “Collateral Agent”), for the benefit of the Holders.

RECITALS

A. Lantern Mobility, Inc., a Delaware corporation (the “{term}”), and the Holders have entered into a Note Purchase Agreement dated as of March 3, 2021.

B. The Guarantor is a wholly owned subsidiary of the {term} and will benefit from the notes.

NOW, THEREFORE, the Guarantor agrees as follows.

IN WITNESS WHEREOF, the Guarantor has caused this Guarantee to be duly executed.

LANTERN RIDES LTD.

By: /s/ Ann Lee
Name: Ann Lee
Title: Secretary
"""

PLAIN = GUARANTEE.replace(
    "A. Lantern Mobility, Inc., a Delaware corporation (the “{term}”), and the Holders have entered into",
    "A. The Holders have entered into").replace(" of the {term}", " of its parent")


def _issuer(text: str) -> list[str]:
    ex = extract_filing(read_text(text.encode(), "guarantee.txt"), nlp=load_pipeline())
    return [e.label for e in ex.entities if e.is_issuer]


def test_a_subsidiary_guarantee_is_about_the_debtor_it_defines() -> None:
    for term in ("Issuer", "Borrower", "Parent"):
        assert _issuer(GUARANTEE.replace("{term}", term)) == ["Lantern Mobility, Inc."], term


def test_the_guarantor_stays_a_party_of_the_guarantee() -> None:
    ex = extract_filing(read_text(GUARANTEE.replace("{term}", "Issuer").encode(), "guarantee.txt"), nlp=load_pipeline())
    assert "Lantern Rides Ltd." in {e.label for e in ex.entities}


def test_a_guarantee_without_a_defined_debtor_keeps_its_guarantor() -> None:
    assert _issuer(PLAIN) == ["Lantern Rides Ltd."]


def test_a_defined_buyer_is_no_debtor_of_a_guarantee() -> None:
    # "Buyer" names a counterparty, not a debtor the guarantor supports
    assert _issuer(GUARANTEE.replace("{term}", "Buyer")) == ["Lantern Rides Ltd."]


def test_an_initial_is_no_list_marker() -> None:
    text = GUARANTEE.replace("{term}", "Issuer").replace("A. Lantern Mobility, Inc.", "1. A. O. Lantern Mobility, Inc.")
    assert _issuer(text) == ["A. O. Lantern Mobility, Inc."]


def test_a_recital_letter_before_a_camel_case_borrower() -> None:
    text = """Exhibit 10.2

SUBORDINATION AGREEMENT

This Subordination Agreement (this “Agreement”) is dated as of June 1, 2022, by and among Harbor Notes LLC (“Subordinated Creditor”) and Keystone Bank (“Lender”).

RECITALS

A. eWidget, Inc., a Nevada corporation (“Borrower”), has obtained certain unsecured debt from Subordinated Creditor.

B. Lender has extended credit to Borrower.
"""
    doc = read_text(text.encode(), "sub.txt")
    names = {p.name for ag in doc.agreements for p in ag.parties}
    assert "eWidget, Inc." in names and not any(n.startswith("A. ") for n in names), names


CAPTION = """Filed pursuant to Rule 424(b)(3)
File No. 333-123456

{name}

Riverbend Gold ETF

c/o Riverbend Advisers, LLC

January 5, 2024

Dear Shareholders,

The fund will be reorganized into a series of another trust on January 8, 2024.
"""


def test_a_prospectus_supplement_caption_names_its_issuer() -> None:
    assert _issuer(CAPTION.format(name="Riverbend Commodity Trust")) == ["Riverbend Commodity Trust"]


def test_a_caption_line_without_a_legal_suffix_is_no_issuer() -> None:
    assert _issuer(CAPTION.format(name="Important Notice to Shareholders")) == []


def test_collectively_as_the_borrower_reaches_every_name_of_the_list() -> None:
    lines = ["Exhibit 10.1", "CREDIT AGREEMENT", "dated as of March 1, 2024", "by and among",
             "ACME HOLDINGS LLC,", "a Delaware limited liability company,", "and", "ACME BUILDERS LLC,",
             "ACME ATLANTA LLC,", "and", "ACME HOUSTON LLC,", "each a Georgia limited liability company,",
             "collectively as the Borrower", "The financial institutions party hereto, as Lenders", "and",
             "KEYSTONE BANK, NATIONAL ASSOCIATION, as Administrative Agent"]
    doc = read_text("\n\n".join(lines).encode(), "credit.txt")
    (ag,) = doc.agreements
    caps = {p.name: p.capacity for p in ag.parties}
    assert [n for n, c in caps.items() if c == "borrower"] == [
        "ACME HOLDINGS LLC", "ACME BUILDERS LLC", "ACME ATLANTA LLC", "ACME HOUSTON LLC"]
    assert caps["KEYSTONE BANK, NATIONAL ASSOCIATION"] == "administrative agent"
    assert ag.issuer is not None and ag.issuer.name == "ACME HOLDINGS LLC"


"""Hand-made extractions for the graph tests: every role, built the way the extractors hand them over.

Not a test module (no test_ prefix); imported by tests/test_graph_*.py.
"""

from __future__ import annotations

import hashlib

from corpkg.extract.model import (
    CoverFacts,
    Document,
    Entity,
    Evidence,
    Extraction,
    Fact,
    Section,
    SubDocument,
)

TEXT = (
    "ACME HOLDINGS, INC.\n"
    "Commission File No. 0-12345\n"
    "Item 1. Business\n"
    "Acme Holdings, Inc. owns 100% of Widget Corp., a Delaware corporation. "
    "Widget Corp. owns 80% of Gadget LLC. "
    "On March 1, 2002, John Q. Public was appointed President and Director of Acme Holdings, Inc. "
    "John Q. Public also serves as a Director of Widget Corp. "
    "Acme Holdings, Inc. entered into a $500,000 revolving credit facility with First Bank, N.A., "
    "guaranteed by Widget Corp., at 4.5% over prime. "
    "Acme Holdings, Inc. sued Rival Co. in the Superior Court of New Jersey (Case No. L-1120-02) for $1,250,000. "
    "On January 8, 2003, Big Buyer Corp. acquired control of Acme Holdings, Inc. for 246,000,000 shares. "
    "Jane Roe, the Treasurer of Big Buyer Corp., signed.\n"
)


def span(quote: str, extractor: str = "test.roles@1", nth: int = 0) -> Evidence:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(quote, start + 1)
    return Evidence(quote=quote, start=start, end=start + len(quote), extractor=extractor, confidence=0.9)


def document(text: str = TEXT, path: str = "acme.txt") -> Document:
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    item = text.index("Item 1.")
    return Document(
        path=path,
        format="text",
        text=text,
        sha256=sha,
        encoding="utf-8",
        documents=(SubDocument(type="10-K", sequence=1, filename=None, description=None, start=0, end=len(text),
                               sections=(Section("cover", "Cover page", 0, item),
                                         Section("item", "Item 1. Business", item, len(text), item="1"))),),
        cover=CoverFacts(registrant_name="ACME HOLDINGS, INC.", form_type="10-K", commission_file_number="0-12345",
                         period_of_report="2002-12-31", spans=(("registrant_name", 0, 19),)),
    )


def org(key: str, label: str, *aliases: str, **kw) -> Entity:
    return Entity(key=key, kind="Organization", label=label, aliases=aliases, **kw)


def person(key: str, label: str, *aliases: str) -> Entity:
    return Entity(key=key, kind="Person", label=label, aliases=aliases)


def entities() -> tuple[Entity, ...]:
    return (
        org("acme", "Acme Holdings, Inc.", "Acme", "ACME HOLDINGS, INC.", identifiers=(("fileNumber", "0-12345"),),
            attributes=(("stateOfIncorporation", "Delaware"),), is_issuer=True),
        org("widget", "Widget Corp."),
        org("gadget", "Gadget LLC"),
        org("first-bank", "First Bank, N.A.", "First Bank"),
        org("rival", "Rival Co."),
        org("big-buyer", "Big Buyer Corp."),
        person("john-q-public", "John Q. Public", "Mr. Public"),
        person("jane-roe", "Jane Roe"),
    )


def facts() -> tuple[Fact, ...]:
    return (
        Fact("issuer", (("issuer", "acme"),), evidence=(span("ACME HOLDINGS, INC."),)),
        Fact("subsidiary", (("owner", "acme"), ("owned", "widget")),
             (("percentage", "100"), ("jurisdiction", "Delaware")),
             (span("Acme Holdings, Inc. owns 100% of Widget Corp., a Delaware corporation."),)),
        Fact("subsidiary", (("owner", "widget"), ("owned", "gadget")), (("percentage", "80"),),
             (span("Widget Corp. owns 80% of Gadget LLC."),)),
        Fact("position", (("holder", "john-q-public"), ("organization", "acme")),
             (("title", "President"), ("title", "Director"), ("startDate", "2002-03-01"),
              ("printedTitle", "President and Director"), ("status", "current")),
             (span("On March 1, 2002, John Q. Public was appointed President and Director of Acme Holdings, Inc."),)),
        Fact("position", (("holder", "john-q-public"), ("organization", "widget")), (("title", "Director"),),
             (span("John Q. Public also serves as a Director of Widget Corp."),)),
        Fact("position", (("holder", "jane-roe"), ("organization", "big-buyer")), (("title", "Treasurer"),),
             (span("Jane Roe, the Treasurer of Big Buyer Corp., signed."),)),
        Fact("credit", (("lender", "first-bank"), ("borrower", "acme"), ("guarantor", "widget")),
             (("amount", "$500,000"), ("currency", "USD"), ("facilityType", "revolving credit facility"),
              ("interestRate", "4.5% over prime")),
             (span("Acme Holdings, Inc. entered into a $500,000 revolving credit facility with First Bank, N.A., "
                   "guaranteed by Widget Corp., at 4.5% over prime."),)),
        Fact("proceeding", (("plaintiff", "acme"), ("defendant", "rival")),
             (("court", "Superior Court of New Jersey"), ("caseNumber", "L-1120-02"), ("amountClaimed", "1250000"),
              ("currency", "USD")),
             (span("Acme Holdings, Inc. sued Rival Co. in the Superior Court of New Jersey (Case No. L-1120-02) for "
                   "$1,250,000."),)),
        Fact("acquisition", (("acquirer", "big-buyer"), ("target", "acme")),
             (("kind", "control"), ("date", "2003-01-08"), ("shares", "246,000,000")),
             (span("On January 8, 2003, Big Buyer Corp. acquired control of Acme Holdings, Inc. for 246,000,000 shares."),)),
        Fact("acquisition", (("acquirer", "john-q-public"), ("target", "big-buyer")), (("kind", "control"),),
             (span("John Q. Public"),)),
    )


def extraction(**overrides) -> Extraction:
    kw = dict(document=document(), entities=entities(), facts=facts(), extractor_version="corpkg@test",
              as_of="2002-12-31")
    kw.update(overrides)
    return Extraction(**kw)

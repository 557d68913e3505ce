"""Litigants and lenders on filings nobody tuned for (issues 11 and 12): syndicate banks signing
an amendment without a printed capacity, "as Documentation Agent and as a Bank", "with" that
introduces no lender, a company's own credit line, passive service of a complaint, "commenced an
action … against", and a party name cut by a line break."""

from __future__ import annotations

from corpkg.extract.model import Document, EntityKind, Evidence
from corpkg.extract.names import name_key
from corpkg.extract.reader import read_text
from corpkg.extract.roles.agreements import agreement_facts
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.lenders import LenderExtractor
from corpkg.extract.roles.litigation import LitigationExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"

AMENDMENT = """Exhibit 10.2

FIRST AMENDMENT

THIS FIRST AMENDMENT (this "Amendment") dated as of December 14, 2004 is to the Credit Agreement (the "Credit Agreement") dated as of July 21, 2004 among ACME WIDGETS, INC. (the "Company"), various financial institutions and FIRST EXAMPLE BANK, N.A., as administrative agent (in such capacity, the "Administrative Agent").

SECTION 1 AMENDMENTS. The Credit Agreement is amended as set forth below.

ACME WIDGETS, INC.

By: /s/ JANE ROE
Title: Chief Financial Officer

FIRST EXAMPLE BANK, N.A., as Administrative Agent

By: /s/ JOHN DOE
Title: Vice President

SECOND SAMPLE BANK NATIONAL ASSOCIATION, as Documentation Agent and as a Bank

By: /s/ MARY MAJOR
Title: Vice President

THE MIDWEST TRUST COMPANY

By: /s/ RICHARD MINOR
Title: Vice President

CONFIRMATION

Each of the undersigned confirms the continuing validity of each Loan Document.

ACME ENGINEERING SERVICES, INC.

By: /s/ JANE ROE
Title: Treasurer
"""


def _slots(doc: Document) -> dict[str, set[str]]:
    def resolve(name: str, kind: EntityKind, ev: Evidence) -> str:
        return name_key(" ".join(name.split()))

    out: dict[str, set[str]] = {}
    for ag in doc.agreements:
        for f in agreement_facts(doc, ag, resolve, ISS):
            if f.role == "credit":
                for slot, key in f.participants:
                    out.setdefault(slot, set()).add(key)
    return out


def test_amendment_signers_without_a_capacity_lend_when_they_look_like_banks() -> None:
    slots = _slots(read_text(AMENDMENT.encode(), "ex10-2.txt"))
    lenders = slots["lender"]
    assert name_key("SECOND SAMPLE BANK NATIONAL ASSOCIATION") in lenders  # "as Documentation Agent and as a Bank"
    assert name_key("THE MIDWEST TRUST COMPANY") in lenders  # a bank signing with no capacity
    assert name_key("ACME ENGINEERING SERVICES, INC.") not in lenders  # a confirming subsidiary
    assert name_key("ACME WIDGETS, INC.") not in lenders
    assert name_key("SECOND SAMPLE BANK NATIONAL ASSOCIATION") in slots["agent"]


def test_uncaptioned_signers_lend_only_when_another_signer_lends() -> None:
    text = AMENDMENT.replace(", as Documentation Agent and as a Bank", "")
    slots = _slots(read_text(text.encode(), "ex10-2.txt"))
    assert "lender" not in slots  # no signer says it lends: nobody is made a lender from its name alone


def _lend(text: str, ents: list[tuple[str, str, str]]) -> set[tuple[str, str]]:
    facts = run_component(LenderExtractor, text, ents, context=RoleContext(issuer_key=ISS))
    return facts_as_tuples(facts, ("lender", "borrower"))


def test_with_that_introduces_no_lender() -> None:
    text = ("This increase was primarily due to higher borrowings used in connection with the AMT acquisition that were "
            "somewhat offset by lower variable interest rates on borrowings on our credit facility.")
    assert _lend(text, [("AMT", "ORG", "amt")]) == set()
    text = "In March 2005 we entered into a $50 million revolving credit facility with Gamma Bank, N.A."
    assert _lend(text, [("Gamma Bank, N.A.", "ORG", "g")]) == {("g", ISS)}


def test_a_company_is_not_its_own_lender() -> None:
    text = ("Of this amount, $500 million consists of a revolving credit line provided by Ford, which currently expires "
            "in June 2003.")
    assert _lend(text, [("Ford", "ORG", ISS)]) == set()
    ents = [("Ford Motor Company", "ORG", "ford-motor"), ("Ford", "ORG", "ford")]
    text = "Ford Motor Company has a revolving credit line provided by Ford."
    assert _lend(text, ents) == set()


def _sides(text: str, ents: list[tuple[str, str, str]]) -> set[tuple[str, str]]:
    facts = run_component(LitigationExtractor, text, ents, context=RoleContext(issuer_key=ISS))
    return {(s, k) for f in facts for s, k in f.participants}


def test_served_with_a_complaint_makes_the_subject_the_defendant() -> None:
    text = ("On May 24, 1999, Michigan Mutual Insurance Company was served with a purported class action complaint in "
            "federal court in Florida alleging that the Ford Commercial Policy provides coverage.")
    ents = [("Michigan Mutual Insurance Company", "ORG", "mm"), ("Ford", "ORG", ISS)]
    assert _sides(text, ents) == {("defendant", "mm")}


def test_commenced_an_action_against() -> None:
    text = "In the Shore case, Ford Credit commenced an action for deficiency against Virginia Shore, a Ford Credit lessee."
    ents = [("Ford Credit", "ORG", "fc"), ("Virginia Shore", "PERSON", "vs")]
    assert _sides(text, ents) == {("plaintiff", "fc"), ("defendant", "vs")}


def test_a_name_cut_by_a_line_break_is_no_party_but_a_heading_is_no_cut() -> None:
    text = ("On May 24, 1999, Michigan\nMutual Insurance Company was served with a purported class action "
            "complaint.")
    assert _sides(text, [("Mutual Insurance Company", "ORG", "mm")]) == set()
    text = text.replace("Michigan\n", "Michigan\n     " + "-" * 46 + "\n")  # a heading's underline between
    assert _sides(text, [("Mutual Insurance Company", "ORG", "mm")]) == set()
    text = "Epic Games\nEpic Games, Inc. filed a lawsuit against the Company."
    ents = [("Epic Games, Inc.", "ORG", "epic"), ("Epic Games", "ORG", "epic"), ("the Company", "ORG", ISS)]
    assert _sides(text, ents) == {("plaintiff", "epic"), ("defendant", ISS)}

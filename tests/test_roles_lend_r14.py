"""Lender rules of the fourteenth session (issue 11): a capacity printed after a relative clause
belongs to the name before the clause, and through an "operating partnership of" apposition to the
name before that; the parent whose subsidiaries guarantee takes no capacity; an enumeration whose
last name "is/are (the other) lenders" lends as a whole; a borrower defined as '("HFC" or the
"Borrower")' borrows where a later sentence names no other.  Sentences are made up, not copied
from filings."""

from __future__ import annotations

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.lenders import LenderExtractor
from corpkg.extract.roles.testing import run_component

ISS = "iss"


def run(text, ents):
    return run_component(LenderExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=3)


def slots(facts, slot):
    return {k for f in facts for k in f.participant(slot)}


def test_capacity_after_relative_clause_is_the_operating_partnerships():
    text = ("On May 2, 2025, Quillby Realty OP, LP (the “Operating Partnership”), the operating partnership of Quillby "
            "Realty Trust, Inc. (the “Company”), of which the Company is the sole general partner and in which it holds "
            "approximately 95% of the units, as borrower, the Company, as parent guarantor, certain subsidiaries of the "
            "Operating Partnership, as subsidiary guarantors, Marrow Bank, N.A., as administrative agent, and the "
            "lenders party thereto entered into a Credit Agreement.")
    ents = [("Quillby Realty OP, LP", "ORG", "op"), ("Operating Partnership", "ORG", "op"),
            ("Quillby Realty Trust, Inc.", "ORG", ISS), ("Company", "ORG", ISS), ("Marrow Bank, N.A.", "ORG", "mb")]
    facts = run(text, ents)
    assert slots(facts, "borrower") == {"op"}
    assert slots(facts, "guarantor") == {ISS}  # not the partnership whose subsidiaries guarantee
    assert slots(facts, "agent") == {"mb"} and not slots(facts, "lender")


def test_enumeration_before_are_the_other_lenders_lends():
    text = ("The Parent has a $400 million revolving credit facility with Tallow Bank, Ltd. as administrative agent. "
            "Tallow Bank, Ltd. is also a lender. Brindle Bank PLC, Royal Pike Bank and Keel Bank National "
            "Association are the other lenders.")
    ents = [("Tallow Bank, Ltd.", "ORG", "tb"), ("Brindle Bank PLC", "ORG", "bb"), ("Royal Pike Bank", "ORG", "rp"),
            ("Keel Bank National Association", "ORG", "kb"), ("Parent", "ORG", ISS)]
    facts = run(text, ents)
    assert {"bb", "rp", "kb"} <= slots(facts, "lender")
    assert slots(facts, "borrower") == {ISS}  # no lender of the list borrows from the one after it


def test_an_enumeration_of_customers_is_no_list_of_lenders():
    text = "Brindle Bank PLC, Royal Pike Bank and Keel Bank National Association are customers of the Company."
    ents = [("Brindle Bank PLC", "ORG", "bb"), ("Royal Pike Bank", "ORG", "rp"),
            ("Keel Bank National Association", "ORG", "kb")]
    assert not slots(run(text, ents), "lender")


def test_lender_standing_needs_the_sentence_to_end_or_name_the_facility():
    text = ("Keel Bank National Association is a lender with a long history in the region, and it holds deposits of "
            "the Company.")
    ents = [("Keel Bank National Association", "ORG", "kb")]
    assert not slots(run(text, ents), "lender")


def test_a_role_term_defined_beside_a_short_name_is_an_alias():
    from corpkg.extract.pipeline import extract_filing
    from corpkg.extract.reader import read_text

    text = ("Tarrow Orchard Group, Inc. (the \"Company\") conducts its operations through its subsidiary, Ganxi "
            "Lanshan Agricultural Technology Co., Ltd. (\"Ganxi Lanshan\" or the \"WFOE\"). In 2025 the WFOE "
            "obtained a one-year loan of RMB 6,000,000 from Bank of Hengzhou Co., Ltd.\n")
    ex = extract_filing(read_text(text.encode(), "10k.txt"))
    (sub,) = [e for e in ex.entities if e.label.startswith("Ganxi Lanshan")]
    assert "WFOE" in sub.aliases


def _extract(text, name="10k.txt"):
    from corpkg.extract.pipeline import extract_filing
    from corpkg.extract.reader import read_text

    return extract_filing(read_text(text.encode(), name))


def _pairs(ex):
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[k], lab[b]) for f in ex.facts if f.role == "credit"
            for k in f.participant("lender") for b in f.participant("borrower")}


def test_debt_table_row_names_several_lenders_with_a_footnote_and_a_maturity():
    text = ("FORM 10-K\n\nQUILLMORE FOODS, INC.\n(Exact name of registrant as specified in its charter)\n\n"
            "Note 6 - Long-Term Debt\n\n"
            "The Company's credit agreement is with Pellam Bank, N.A. (\"Pellam\") and Osgood Savings Bank.\n\n"
            "Term loan - Pellam and Osgood Savings Bank, due 2031 (a)\t$9,000\t$10,000\n"
            "Revolving line of credit - Tarrant Community Bank (b)\t$640\t$410\n"
            "Capital leases\t$120\t$140\n")
    pairs = _pairs(_extract(text))
    assert {("Pellam Bank, N.A.", "Quillmore Foods, Inc."), ("Osgood Savings Bank", "Quillmore Foods, Inc."),
            ("Tarrant Community Bank", "Quillmore Foods, Inc.")} <= pairs


def test_a_defined_short_name_before_and_is_a_party_of_its_own():
    text = ("Bramwell Solar Project LLC is financing construction with a construction loan of up to $90 million "
            "provided by Kettering Bank USA and Halloran. Halloran National Bank (\"Halloran\") also provides "
            "letters of credit.\n")
    ex = _extract(text, "10q.txt")
    labels = {e.label for e in ex.entities}
    assert "Kettering Bank USA and Halloran" not in labels and "Kettering Bank USA" in labels


def test_an_enumeration_of_lenders_mixing_people_and_organizations():
    text = ("On May 4, 2009, the Company entered into a Bridge Loan Agreement with Larchmont Capital Partners, LLC "
            "(\"Larchmont\") and other lenders (the \"Bridge Lenders\"). The other Bridge Lenders are Peter A. Vasko, "
            "The Emmerich Family Trust, Coldbrook Ventures II, L.P. and Gerald T. Ambry, a member of the Board.\n")
    ents = [("Larchmont Capital Partners, LLC", "ORG", "lcp"), ("Larchmont", "ORG", "lcp"), ("Peter A. Vasko", "PERSON", "pv"),
            ("The Emmerich Family Trust", "ORG", "eft"), ("Coldbrook Ventures II, L.P.", "ORG", "cv"),
            ("Gerald T. Ambry", "PERSON", "ga")]
    assert {"pv", "eft", "cv", "ga"} <= slots(run(text, ents), "lender")


def test_the_lender_was_names_a_lender():
    text = ("On August 30, 2012, the Company obtained a $40,000 unsecured loan to meet its payroll. The lender was "
            "Raymond T. Kessick, our Chief Financial Officer.\n")
    ents = [("Raymond T. Kessick", "PERSON", "rk")]
    facts = run(text, ents)
    assert slots(facts, "lender") == {"rk"} and slots(facts, "borrower") == {ISS}


def test_a_list_of_directors_after_a_lender_does_not_lend():
    text = ("The Company borrowed $50,000 from Peter A. Vasko. Our directors are Gerald T. Ambry and Dana Moss.\n")
    ents = [("Peter A. Vasko", "PERSON", "pv"), ("Gerald T. Ambry", "PERSON", "ga"), ("Dana Moss", "PERSON", "dm")]
    assert slots(run(text, ents), "lender") == {"pv"}


def test_a_bank_named_by_ordinary_words_after_its_loan_is_an_organization():
    from corpkg.extract.nlp import COMPONENT, build_pipeline

    comp = build_pipeline().get_pipe(COMPONENT)

    def score(text, name):
        return next(c.score for c in comp.analyse(text).candidates if c.text == name)

    assert score("In June 2000, the subsidiary borrowed $750,000 from Five Points Bank to fund working capital.",
                 "Five Points Bank") >= 0.6
    # a bank's name of common words is a name without a lending context too (6630162), a determiner before it not
    assert score("The notice went to Five Points Bank.", "Five Points Bank") >= 0.6
    assert score("The notice went to the Savings Bank.", "Savings Bank") < 0.6
    assert score("The subsidiary repaid the loan to Investment Bank.", "Investment Bank") < 0.6  # a kind of bank


def test_sellers_paid_with_the_buyers_promissory_notes_lend_to_the_buyer():
    text = ("On January 31, 1997, the Company acquired all of the outstanding capital stock of Tillamook Converting "
            "Co. (\"Tillamook\"), a Salem, Oregon manufacturer, from Ernest W. Dahlquist and Ruth A. Dahlquist. The "
            "purchase price consisted of $2,100,000 in cash and a $1,200,000 promissory note payable to the "
            "Dahlquists in five annual installments.\n")
    ents = [("Tillamook Converting Co.", "ORG", "tc"), ("Tillamook", "ORG", "tc"), ("Ernest W. Dahlquist", "PERSON", "ed"),
            ("Ruth A. Dahlquist", "PERSON", "rd")]
    facts = run(text, ents)
    assert {"ed", "rd"} <= slots(facts, "lender") and "tc" not in slots(facts, "lender")


def test_sellers_paid_in_cash_do_not_lend():
    text = ("On January 31, 1997, the Company acquired all of the outstanding capital stock of Tillamook Converting "
            "Co. from Ernest W. Dahlquist. The purchase price of $3,300,000 was paid in cash at closing.\n")
    ents = [("Tillamook Converting Co.", "ORG", "tc"), ("Ernest W. Dahlquist", "PERSON", "ed")]
    assert not slots(run(text, ents), "lender")


def test_a_debt_row_naming_the_sellers_of_a_business_does_not_make_the_business_a_lender():
    text = ("FORM 10-Q\n\nSAGUARO GRILL HOLDINGS, INC.\n(Exact name of registrant as specified in its charter)\n\n"
            "Long-term debt consisted of the following:\n\n"
            "Seller notes - former shareholders of Arellano Restaurants\t3,000\t3,000\n"
            "Equipment loans - Pinnacle Restaurant Finance, LLC\t1,460\t1,722\n")
    pairs = _pairs(_extract(text, "10q.txt"))
    assert not any(lender.startswith("Arellano") for lender, _ in pairs)
    assert any(lender == "Pinnacle Restaurant Finance, LLC" for lender, _ in pairs)

"""Lender patterns added for recall: borrowing from a bank in a schedule title, loan
agreements "between A and B", agent banks and "as lender", successor lenders, shares pledged
for a personal loan, a subsidiary borrowing under a parent guarantee — and unnamed lenders,
which give no fact."""

from __future__ import annotations

import pytest

from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.lenders import LenderExtractor
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"


def run(text, ents):  # evidence quotes are checked against the text (offsets shifted by 3)
    return run_component(LenderExtractor, text, ents, context=RoleContext(issuer_key=ISS), passage_start=3)


def pairs(facts):
    return facts_as_tuples(facts, ("lender", "borrower"))


@pytest.mark.parametrize(
    "text, ents, expected",
    [
        ("Schedule 3.13(b): eCERA Guaranty for AKER\u2019s borrowing from Ta Chong Commercial Bank",
         [("AKER", "ORG", "aker"), ("Ta Chong Commercial Bank", "ORG", "tc")], {("tc", "aker")}),
        ("10.4\tLoan Agreement dated May 1, 2004 between Delta Tools, Inc. and Ta Chong Commercial Bank.",
         [("Delta Tools, Inc.", "ORG", "dt"), ("Ta Chong Commercial Bank", "ORG", "tc")], {("tc", "dt")}),
        ("10.5\tLoan Agreement between First Union National Bank and Delta Tools, Inc.",
         [("Delta Tools, Inc.", "ORG", "dt"), ("First Union National Bank", "ORG", "fu")], {("fu", "dt")}),
        ("On March 1, 2005, the Company entered into a credit agreement with Frost National Bank, as lender, providing "
         "a $5,000,000 revolving line of credit.", [("Frost National Bank", "ORG", "frost")], {("frost", ISS)}),
        ("We amended our loan agreement with Wells Fargo Bank, N.A., successor-in-interest to Norwest Bank Texas.",
         [("Wells Fargo Bank, N.A.", "ORG", "wf"), ("Norwest Bank Texas", "ORG", "nw")], {("wf", ISS), ("nw", ISS)}),
        ("Our subsidiary, Beta Leasing LLC, entered into a $20 million revolving credit facility with Gamma Bank, which "
         "is guaranteed by the Company.", [("Beta Leasing LLC", "ORG", "beta"), ("Gamma Bank", "ORG", "g")], {("g", "beta")}),
    ],
)
def test_lender_recall_patterns(text, ents, expected):
    assert pairs(run(text, ents)) == expected


def test_agent_bank_alone_is_no_lender():
    # an agent is a lender only when the text says it also lends (tests/annotations/GUIDELINES.md); the
    # facility, its borrower and its agent are still a fact, with no lender (tests/test_credit_commitments.py)
    text = ("The Company entered into a Credit Agreement with the lenders party thereto and Wells Fargo Bank, N.A., as "
            "administrative agent, providing for a $50 million term loan.")
    (f,) = run(text, [("Wells Fargo Bank, N.A.", "ORG", "wf")])
    assert f.participant("lender") == [] and f.participant("agent") == ["wf"] and f.participant("borrower") == [ISS]


def test_agent_bank_that_also_lends_is_lender_and_agent():
    text = ("The Company entered into a Credit Agreement with Wells Fargo Bank, N.A., as administrative agent and a "
            "lender, providing for a $50 million term loan.")
    (f,) = run(text, [("Wells Fargo Bank, N.A.", "ORG", "wf")])
    assert f.participant("lender") == ["wf"] and f.participant("agent") == ["wf"] and f.participant("borrower") == [ISS]


def test_parent_guarantees_subsidiary_borrowing():
    text = ("Our subsidiary, Beta Leasing LLC, entered into a $20 million revolving credit facility with Gamma Bank, which "
            "is guaranteed by the Company.")
    (f,) = run(text, [("Beta Leasing LLC", "ORG", "beta"), ("Gamma Bank", "ORG", "g")])
    assert f.participant("guarantor") == [ISS]
    assert dict(f.attributes)["amount"] == "20000000"


def test_pledged_shares_secure_a_personal_loan():
    text = ("Consists of 90,906.723 (unrounded) shares of common stock held by Mr. Kern, all of which were pledged as part "
            "of collateral to secure a loan account to Morgan Stanley Private Bank, N.A. and 1,268 RSUs.")
    (f,) = run(text, [("Mr. Kern", "PERSON", "kern"), ("Morgan Stanley Private Bank, N.A.", "ORG", "ms")])
    assert pairs([f]) == {("ms", "kern")}
    text2 = ("Of these shares, 346,198 were pledged by Mr. Smith to Acme Bank as collateral for a revolving line of credit.")
    (g,) = run(text2, [("Mr. Smith", "PERSON", "smith"), ("Acme Bank", "ORG", "acme")])
    assert pairs([g]) == {("acme", "smith")} and dict(g.attributes)["facilityType"] == "revolving credit facility"


@pytest.mark.parametrize(
    "text, ents",
    [
        ("The Company obtained a $100 million credit facility from a consortium of financial institutions.", []),
        ("The Company entered into a credit facility with a consortium of financial institutions led by its largest "
         "customer, Acme Retail Corp., which buys 40% of our output.", [("Acme Retail Corp.", "ORG", "acme")]),
        ("Mr. Kern pledged 1,000 shares to his brother.", [("Mr. Kern", "PERSON", "kern")]),
        ("We received advances from customers and purchased equipment from Delta Tools, Inc.",
         [("Delta Tools, Inc.", "ORG", "dt")]),
        ("The shares were pledged to Acme Bank as part of a settlement agreement.",
         [("Acme Bank", "ORG", "acme")]),
        ("Other than the Company\u2019s relationship with SaRonix under the License Agreement, the Loan Agreement and the "
         "Option Agreement, there was no material relationship between SaRonix and the Company.", [("SaRonix", "ORG", "sx")]),
    ],
)
def test_unnamed_or_absent_lenders_give_no_fact(text, ents):
    assert pairs(run(text, ents)) == set()


def test_the_issuer_that_lent_to_x_is_its_lender():
    # eleventh session: the issuer lends to the other side of "between the Company and X" (the annotated
    # gold of this 8-K has Pericom Semiconductor -> SaRonix); it had given no fact
    text = ("The Company had previously loaned amounts to SaRonix pursuant to a Secured Loan Agreement by and between the "
            "Company and SaRonix, dated as of December 11, 2002.")
    assert pairs(run(text, [("SaRonix", "ORG", "sx")])) == {(ISS, "sx")}


@pytest.mark.parametrize(
    "text, ents",
    [
        ("The Senior Credit Facilities bear interest at the rate last quoted by The Wall Street Journal as the prime rate.",
         [("The Wall Street Journal", "ORG", "wsj")]),
        ("Amounts may be reduced under the Credit Agreement as a result of loan prepayments made by Cerence Inc.",
         [("Cerence Inc.", "ORG", "cer")]),
        ("Investors should read the Credit Agreement with the other filings the Registrant makes with the SEC.",
         [("SEC", "ORG", "sec")]),
        ("Investors should read the Credit Agreement with the other filings it makes with the U.S. Securities and Exchange "
         "Commission.", [("U.S. Securities and Exchange Commission", "ORG", "sec")]),
    ],
)
def test_publications_regulators_and_payers_are_not_lenders(text, ents):
    assert pairs(run(text, ents)) == set()


def test_a_loan_by_a_bank():
    (f,) = run("The Company repaid the term loan made by First Texas Bank in 2004.", [("First Texas Bank", "ORG", "ftb")])
    assert pairs([f]) == {("ftb", ISS)}


def test_an_arranger_is_not_a_lender():
    text = ("On April 7, 2015, the Company entered into a Term Loan Agreement with Bank of America, N.A., as lender (the "
            "\u201cLender\u201d), and Merrill Lynch, Pierce, Fenner & Smith Incorporated, as sole lead arranger and sole bookrunner.")
    (f,) = run(text, [("Bank of America, N.A.", "ORG", "boa"), ("Merrill Lynch, Pierce, Fenner & Smith Incorporated", "ORG", "ml")])
    assert f.participant("lender") == ["boa"] and f.participant("arranger") == ["ml"] and not f.participant("agent")

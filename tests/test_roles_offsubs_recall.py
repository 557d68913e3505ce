"""Issue 12 recall round: officers, subsidiaries and acquirers in filings nobody tuned for —
signature blocks rendered one line per passage, title variants, and (further down) narrative
shapes. Every sentence is made up."""

from __future__ import annotations

from tests.test_roles_officers_narrative import pairs, run_filing


def test_title_under_a_by_line_in_its_own_passage():
    text = ("SIGNATURES\n\nACME WIDGETS, INC.\n\nBy:\t/s/ Jane Q. Roe\n\n"
            "Executive Vice President and Chief Legal Officer\n")
    facts = run_filing(text, {"ACME WIDGETS, INC.": ("acme", "ORG"), "Jane Q. Roe": ("jr", "PERSON")}, issuer="acme")
    assert pairs(facts) == {("jr", "acme")}
    assert facts[0].attribute("title") == ["Executive Vice President", "Chief Legal Officer"]


def test_name_and_title_labels_each_in_their_own_passage():
    text = ("ACME WIDGETS, INC.\n\nBy:\t/s/ John P. Doe\n\nName:\tJohn P. Doe\n\n"
            "Title:\tSenior Vice President and Chief Financial Officer\n\nDate: May 1, 2020\n")
    facts = run_filing(text, {"ACME WIDGETS, INC.": ("acme", "ORG"), "John P. Doe": ("jd", "PERSON")}, issuer="acme")
    assert pairs(facts) == {("jd", "acme")}
    assert set(facts[0].attribute("title")) == {"Senior Vice President", "Chief Financial Officer"}


def test_a_date_cell_before_by_and_two_title_lines():
    text = ("ACME WIDGETS, INC.\n\n/s/ Mary Major\n\nDate: May 1, 2020\tBy:\tMary Major\n\n"
            "Senior Vice President\n\nDeputy General Counsel and Secretary\n\n5\n")
    facts = run_filing(text, {"ACME WIDGETS, INC.": ("acme", "ORG"), "Mary Major": ("mm", "PERSON")}, issuer="acme")
    assert pairs(facts) == {("mm", "acme")}
    assert set(facts[0].attribute("title")) >= {"Senior Vice President", "Secretary"}


def test_a_signer_line_without_a_title_below_is_no_position():
    text = "ACME WIDGETS, INC.\n\nBy:\t/s/ Mary Major\n\nDate: May 1, 2020\n"
    assert run_filing(text, {"ACME WIDGETS, INC.": ("acme", "ORG"), "Mary Major": ("mm", "PERSON")}, issuer="acme") == []


def test_corporate_vice_president_and_non_executive_chairman_are_titles():
    text = ("ACME WIDGETS, INC. (Registrant)\nBy:\t/s/ SAM LEE\nSam Lee\n"
            "Corporate Vice President, Chief Accounting Officer\n\n"
            "Signature\tTitle\n* Ann Bay\tNon-Executive Chairman\n")
    facts = run_filing(text, {"ACME WIDGETS, INC.": ("acme", "ORG"), "SAM LEE": ("sl", "PERSON"), "Sam Lee": ("sl", "PERSON"),
                              "Ann Bay": ("ab", "PERSON")}, issuer="acme")
    assert pairs(facts) >= {("sl", "acme"), ("ab", "acme")}


def test_a_guarantor_list_goes_on_over_a_line_whose_name_was_missed():
    text = ("GUARANTORS:\n\nALPHA HOMES, LLC, an Arizona limited liability company\n"
            "BETA 13 & 14, LLC , an Arizona limited liability company\n"
            "GAMMA RANCH LLC, a Delaware limited liability company\n"
            "By:\t/s/ John Ho\nName:\tJohn Ho\nTitle:\tChief Executive Officer\n")
    names = {"ALPHA HOMES, LLC": ("alpha", "ORG"), "BETA": ("beta", "ORG"), "GAMMA RANCH LLC": ("gamma", "ORG"),
             "John Ho": ("jh", "PERSON")}
    facts = run_filing(text, names, issuer="iss")
    assert pairs(facts) == {("jh", "alpha"), ("jh", "gamma")}


def test_a_guarantor_list_still_ends_at_a_label_line():
    text = ("Acme Parent, Inc.\n\nGUARANTORS:\nALPHA HOMES, LLC, an Arizona limited liability company\n"
            "By:\t/s/ John Ho\nName:\tJohn Ho\nTitle:\tManager\n")
    names = {"Acme Parent, Inc.": ("acme", "ORG"), "ALPHA HOMES, LLC": ("alpha", "ORG"), "John Ho": ("jh", "PERSON")}
    assert pairs(run_filing(text, names, issuer="acme")) == {("jh", "alpha")}


def test_a_title_of_a_business_line_is_a_seat_at_the_issuer():
    from tests.test_roles_officers_narrative import run

    text = "Jane Roe (age 50) Senior Executive Vice President and CEO of Corporate and Investment Banking since January 2025."
    facts = run(text, [("Jane Roe", "PERSON", "jr")])
    assert pairs(facts) == {("jr", "iss")}


def test_he_after_an_opening_phrase_is_the_person_of_the_biography():
    from tests.test_roles_officers_narrative import run

    text = ("Mr. Lee, born in 1977, is a co-founder of the Company. Previously, he was Head of Investments at Alpha Funds. "
            "Before that, he was Senior Vice President at Beta Kinetics.")
    facts = run(text, [("Mr. Lee", "PERSON", "ml"), ("Alpha Funds", "ORG", "alpha"), ("Beta Kinetics", "ORG", "beta")])
    assert ("ml", "beta") in pairs(facts)


def _subs(text, ents):
    from corpkg.extract.roles.common import RoleContext
    from corpkg.extract.roles.subsidiaries import SubsidiaryExtractor
    from corpkg.extract.roles.testing import facts_as_tuples, run_component

    facts = run_component(SubsidiaryExtractor, text, ents, context=RoleContext(issuer_key="iss"), passage_start=7)
    return facts_as_tuples(facts, ("owner", "owned"))


def test_owned_by_after_two_descriptions():
    text = ("On November 12, 2021, Acme Recovery Funding LLC, a bankruptcy remote, limited liability company wholly "
            "owned by the Company, issued $860 million of bonds.")
    ents = [("Acme Recovery Funding LLC", "ORG", "arf"), ("the Company", "ORG", "iss")]
    assert _subs(text, ents) == {("iss", "arf")}


def test_and_its_parent():
    text = "On June 13, 2022, Gamma Games USA, Inc. and its parent Gamma Internet, Inc. filed a complaint against Delta."
    ents = [("Gamma Games USA, Inc.", "ORG", "gg"), ("Gamma Internet, Inc.", "ORG", "gi"), ("Delta", "ORG", "delta")]
    assert _subs(text, ents) == {("gi", "gg")}


def test_two_descriptions_do_not_cross_another_company():
    text = "Alpha LLC, a Delaware company, and Beta LLC, a company wholly owned by Gamma Corp., signed the agreement."
    ents = [("Alpha LLC", "ORG", "alpha"), ("Beta LLC", "ORG", "beta"), ("Gamma Corp.", "ORG", "gamma")]
    assert ("gamma", "alpha") not in _subs(text, ents)

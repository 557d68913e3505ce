"""Officers beyond proxy statements: further seats of one person in a biography, companies in
apposition, titles of bodies the recogniser does not know, signature blocks signed for a list of
companies, and the nominees of an election of directors. Every sentence is made up."""

from __future__ import annotations

import re

from corpkg.extract.model import Document
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.officers import OfficerExtractor
from corpkg.extract.roles.testing import facts_as_tuples, make_doc, run_component

ISS = "iss"

# made-up parties the officer test files share: (printed name, label, key)
P_JANE = ("Jane Roe", "PERSON", "jane")
P_KEN = ("Ken Poe", "PERSON", "ken")
O_ACME = ("Acme Widgets, Inc.", "ORG", "acme")
O_BETA = ("Beta Tools Corp.", "ORG", "beta")


def run(text, ents, **ctx):
    return run_component(OfficerExtractor, text, ents, context=RoleContext(issuer_key=ISS, **ctx), passage_start=20)


def pairs(facts):
    return facts_as_tuples(facts, ("holder", "organization"))


def titles(facts):
    return {t for f in facts for t in f.attribute("title")}


def status(facts):
    return {(f.participant("holder")[0], f.participant("organization")[0]): f.attribute("status")[0] for f in facts}


def run_filing(text, names, issuer=ISS):
    """All position facts of a small filing: ``names`` maps each printed name to (key, label);
    every occurrence is a mention; passages are the blank-line separated blocks."""
    from corpkg.extract.roles.run import extract_roles

    mentions = sorted((m.start(), m.end(), key, label) for name, (key, label) in names.items()
                      for m in re.finditer(re.escape(name), text))

    class Index:
        issuer_key = issuer
        entities = ()

        def mentions_in(self, a, b):
            return [m for m in mentions if m[0] >= a and m[1] <= b]

        def resolve(self, name):
            return None

    document = Document(path="x", format="text", text=text, sha256="", encoding="utf-8")
    docs = []
    for m in re.finditer(r"[^\n]+(?:\n(?!\n)[^\n]*)*", text):
        ents = [(text[s:e], label, key) for s, e, key, label in mentions if m.start() <= s and e <= m.end()]
        if ents:
            docs.append(make_doc(m.group(0), ents, passage_start=m.start()))
    result = extract_roles(document, Index(), docs=docs, issuer_key=issuer)
    facts = [f for f in result.facts if f.role == "position"]
    for f in facts:
        for ev in f.evidence:
            assert text[ev.start : ev.end] == ev.quote
    return facts


# -- further seats of the same person ---------------------------------------------------------

def test_further_seats_after_a_semicolon_in_an_executive_officer_entry():
    text = ("Jane Q. Roe (age 52)\nExecutive Vice President and Chief Risk Officer since March 2021;\n"
            "Managing Director, Credit Risk at Harbor Trust Company, a bank, from June 2015 to March 2021.\n"
            "Ms. Roe has served with the Company for 4 years.")
    facts = run(text, [("Jane Q. Roe", "PERSON", "roe"), ("Ms. Roe", "PERSON", "roe"),
                       ("Harbor Trust Company", "ORG", "htc"), ("the Company", "ORG", ISS)])
    assert pairs(facts) == {("roe", ISS), ("roe", "htc")}
    assert status(facts) == {("roe", ISS): "current", ("roe", "htc"): "former"}
    (htc,) = [f for f in facts if f.participant("organization") == ["htc"]]
    assert htc.attribute("title") == ["Managing Director"] and not htc.attribute("startDate")


def test_and_before_that_a_seat_at_another_company():
    text = ("Mr. Lee was Chief Executive Officer of Northwind Group from 2006 to 2013, and before that "
            "Chief Financial Officer of Eastgate plc.")
    facts = run(text, [("Mr. Lee", "PERSON", "lee"), ("Northwind Group", "ORG", "nw"), ("Eastgate plc", "ORG", "eg")])
    assert pairs(facts) == {("lee", "nw"), ("lee", "eg")}
    (eg,) = [f for f in facts if f.participant("organization") == ["eg"]]
    assert eg.attribute("title") == ["Chief Financial Officer"] and eg.attribute("status") == ["former"]


def test_a_further_run_needs_its_own_organization_and_no_other_person_between():
    no_org = "Mr. Lee was Chief Executive Officer of Northwind Group from 2006 to 2013; and before that Treasurer."
    assert pairs(run(no_org, [("Mr. Lee", "PERSON", "lee"), ("Northwind Group", "ORG", "nw")])) == {("lee", "nw")}
    other = "Mr. Lee is Chief Executive Officer of Northwind Group; Ms. Kay, President of Eastgate plc, agreed."
    facts = run(other, [("Mr. Lee", "PERSON", "lee"), ("Ms. Kay", "PERSON", "kay"), ("Northwind Group", "ORG", "nw"),
                        ("Eastgate plc", "ORG", "eg")])
    assert pairs(facts) == {("lee", "nw"), ("kay", "eg")}


def test_a_new_sentence_is_no_continuation():
    text = "Mr. Lee is Chief Executive Officer of Northwind Group. Vice President of Eastgate plc and Treasurer."
    facts = run(text, [("Mr. Lee", "PERSON", "lee"), ("Northwind Group", "ORG", "nw"), ("Eastgate plc", "ORG", "eg")])
    assert pairs(facts) == {("lee", "nw")}


# -- what may stand between a name and its titles ----------------------------------------------

def test_age_footnote_star_and_director_class_between_name_and_title():
    text = "Rita Moss (age 61)\nSenior Executive Vice President and Head of Technology since August 2024"
    assert pairs(run(text, [("Rita Moss", "PERSON", "rm")])) == {("rm", ISS)}
    text = "Ken Vale*\tDirector\t-----------\t(Ken Vale)"
    assert pairs(run(text, [("Ken Vale", "PERSON", "kv")])) == {("kv", ISS)}
    text = "Name\tClass\nAnn Poe\tClass II Director\nBo Lind\tClass III Director"
    facts = run(text, [("Ann Poe", "PERSON", "ap"), ("Bo Lind", "PERSON", "bl")])
    assert pairs(facts) == {("ap", ISS), ("bl", ISS)}


def test_he_after_layout_spaces_is_the_person_of_the_biography():
    text = ("o    Mr. Dale served as Chairman of Acme Holdings from 1983 until 1994.\n"
            "     He was elected a director of Beta Works Inc. in 1986.")
    facts = run(text, [("Mr. Dale", "PERSON", "dale"), ("Acme Holdings", "ORG", "acme"), ("Beta Works Inc.", "ORG", "beta")])
    assert pairs(facts) == {("dale", "acme"), ("dale", "beta")}


# -- the organization of a title --------------------------------------------------------------

def test_a_division_then_its_company():
    text = "Ms. Ito was Chief Executive Officer of Private Wealth at Gamma Bank & Co. from 2016 to 2019."
    facts = run(text, [("Ms. Ito", "PERSON", "ito"), ("Private Wealth", "ORG", "pw"), ("Gamma Bank & Co.", "ORG", "gb")])
    assert pairs(facts) == {("ito", "gb")}


def test_department_after_a_comma_or_the_before_the_company():
    text = ("Ms. Ling was Managing Director, Human Resources at Orbit Capital LLC. "
            "Mr. Fry was President of the Mortgage Division at Keel Bancorp, Inc.")
    facts = run(text, [("Ms. Ling", "PERSON", "ling"), ("Orbit Capital LLC", "ORG", "oc"), ("Mr. Fry", "PERSON", "fry"),
                       ("Keel Bancorp, Inc.", "ORG", "kb")])
    assert pairs(facts) == {("ling", "oc"), ("fry", "kb")}


def test_company_in_apposition_to_the_title():
    text = "Tom Poe, President, Harbor Leasing Company, said demand was steady."
    assert pairs(run(text, [("Tom Poe", "PERSON", "tp"), ("Harbor Leasing Company", "ORG", "hl")])) == {("tp", "hl")}
    text = "Ms. Kay was Senior Vice President, Regulatory Affairs, Gizmo Motors AG from October 1999 until January 2001."
    facts = run(text, [("Ms. Kay", "PERSON", "kay"), ("Gizmo Motors AG", "ORG", "gm")])
    assert pairs(facts) == {("kay", "gm")} and status(facts) == {("kay", "gm"): "former"}


def test_title_of_an_unrecognised_body_before_a_name_is_not_the_issuers():
    assert run("WXYZ President and CEO Ann Lee said the index rose.", [("Ann Lee", "PERSON", "al")]) == []
    for text in ("President Ann Lee said the index rose.", "Our Chief Executive Officer, Ann Lee, said so.",
                 "Former President Ann Lee said so."):
        assert pairs(run(text, [("Ann Lee", "PERSON", "al")])) == {("al", ISS)}, text


def test_press_release_quote_and_contact():
    text = "“We are pleased,” said Jane Roe, the company's executive vice president and chief technology officer."
    (f,) = run(text, [("Jane Roe", "PERSON", "jr")])
    assert pairs([f]) == {("jr", ISS)} and f.attribute("title") == ["Executive Vice President", "Chief Technology Officer"]
    text = "Contact: John Doe, Senior Vice President, Chief Financial Officer and Treasurer, (555) 555-0100"
    (f,) = run(text, [("John Doe", "PERSON", "jd")])
    assert f.attribute("title") == ["Senior Vice President", "Chief Financial Officer", "Treasurer"]


# -- signature blocks signed for several companies --------------------------------------------

GUARANTORS = ("IN WITNESS WHEREOF, the parties have executed this Amendment.\n\n"
              "BORROWER:\n\nNORTHWIND HOMES CORPORATION, a Delaware corporation\nBy:\t/s/ Ada Quill\nName:\tAda Quill\n"
              "Title:\tChief Executive Officer\n\n"
              "GUARANTORS:\n\nNW ALPHA LLC, a Delaware limited liability company\nNW BETA, LLC, an Ohio limited liability company\n"
              "NW GAMMA LLC, an Ohio limited liability company\nBy:\t/s/ Ada Quill\nName:\tAda Quill\nTitle:\tPresident\n\n"
              "LENDER:\n\nHARBOR STATE BANK\nBy:\tHarbor Advisers LLC as investment adviser\nBy:\t/s/ Bo Reed\n"
              "Name:\tBo Reed\nTitle:\tManaging Director\n")


def test_one_signer_for_a_list_of_companies_one_per_line():
    names = {"NORTHWIND HOMES CORPORATION": ("nwh", "ORG"), "NW ALPHA LLC": ("a", "ORG"), "NW BETA, LLC": ("b", "ORG"),
             "NW GAMMA LLC": ("g", "ORG"), "HARBOR STATE BANK": ("hsb", "ORG"), "Harbor Advisers LLC": ("ha", "ORG"),
             "Ada Quill": ("aq", "PERSON"), "Bo Reed": ("br", "PERSON")}
    got = pairs(run_filing(GUARANTORS, names, issuer="nwh"))
    assert {("aq", "nwh"), ("aq", "a"), ("aq", "b"), ("aq", "g"), ("br", "ha")} <= got
    assert ("br", "hsb") not in got and ("aq", "hsb") not in got  # the adviser signs; the list stops at a "By:" line


def test_one_signer_for_companies_run_together_on_one_line():
    text = ("Each undersigned Guarantor confirms its guaranty.\n\n"
            "ACME TOOLS, INC. ACME EAST, INC. MFG WORKS, INC. ACME WEST LTD.\nBy:\t/s/ CARL DUNN\nCarl Dunn Treasurer\n")
    names = {"ACME TOOLS, INC.": ("t", "ORG"), "ACME EAST, INC.": ("e", "ORG"), "ACME WEST LTD.": ("w", "ORG"),
             "Carl Dunn": ("cd", "PERSON"), "CARL DUNN": ("cd", "PERSON")}
    got = pairs(run_filing(text, names, issuer="t"))
    assert got == {("cd", "t"), ("cd", "e"), ("cd", "w")}


# -- an election of directors -----------------------------------------------------------------

VOTES = ("Item 5.07 Submission of Matters to a Vote of Security Holders\n\n"
         "1.\tElection of Directors:\tFor\tAgainst\tAbstentions\n"
         "Jane Roe\t1,127,767,300\t27,422,463\t3,191,661\nJohn Poe\t1,129,045,161\t26,017,896\t3,318,367\n\n"
         "Each of the directors was elected.\n\n"
         "2.\tAdvisory vote on the compensation of named executive officers\tFor\tAgainst\n"
         "Mary Hale\t980,202,960\t171,065,961\n\n"
         "Name\tSalary\tBonus\nMark Oak\t500,000\t100,000\n")


def test_nominees_of_an_election_of_directors_are_directors():
    names = {"Jane Roe": ("jr", "PERSON"), "John Poe": ("jp", "PERSON"), "Mary Hale": ("mh", "PERSON"),
             "Mark Oak": ("mo", "PERSON")}
    facts = run_filing(VOTES, names)
    assert pairs(facts) == {("jr", ISS), ("jp", ISS)}
    assert all(f.attribute("title") == ["Director"] for f in facts)


def test_nominee_table_below_the_election_heading_in_its_own_passage():
    text = ("Proposal One: Election of Directors.\n\nStockholders elected each of the following nominees as director.\n\n"
            "Nominee\tVotes For\tVotes Withheld\nAda Quill\t1,671,132,524\t9,255,285\n")
    assert pairs(run_filing(text, {"Ada Quill": ("aq", "PERSON")})) == {("aq", ISS)}


def test_a_co_signer_shares_the_heading_and_an_unrecognised_lender_is_not_the_issuer():
    text = ("NORTHWIND HOMES CORPORATION\nBy:\t/s/ Ada Quill\nName:\tAda Quill\nTitle:\tChief Executive Officer\n\n"
            "HARBOR STATE BANK, as a Lender\nBy:\t/s/ Bo Reed\nName:\tBo Reed\nTitle:\tDirector\n\n"
            "By:\t/s/ Cy Dunn\nName:\tCy Dunn\nTitle:\tDirector\n\n[Signature Page to Amendment]\n\n"
            "Keel Savings of Ohio, as a New Revolving Lender\nBy:\t/s/ Di Moss\nName:\tDi Moss\nTitle:\tManaging Director\n")
    names = {"NORTHWIND HOMES CORPORATION": ("nwh", "ORG"), "HARBOR STATE BANK": ("hsb", "ORG"),
             "Ada Quill": ("aq", "PERSON"), "Bo Reed": ("br", "PERSON"), "Cy Dunn": ("cd", "PERSON"), "Di Moss": ("dm", "PERSON")}
    got = pairs(run_filing(text, names, issuer="nwh"))
    assert got == {("aq", "nwh"), ("br", "hsb"), ("cd", "hsb")}  # Di Moss signs for a lender the recogniser missed


def test_joined_an_organization_as_a_title():
    text = "Nora Vale, age 44, joined Keel Partners in June 2006 as Vice President and Controller."
    facts = run(text, [("Nora Vale", "PERSON", "nv"), ("Keel Partners", "ORG", "kp")])
    assert pairs(facts) == {("nv", "kp")} and facts[0].attribute("title") == ["Vice President", "Controller"]
    text = "Mr. Ash joined Keel Partners as Vice President of Sales at Orbit Capital LLC."
    facts = run(text, [("Mr. Ash", "PERSON", "ash"), ("Keel Partners", "ORG", "kp"), ("Orbit Capital LLC", "ORG", "oc")])
    assert pairs(facts) == {("ash", "oc")}  # the title names its own organization


def test_a_further_seat_after_a_comma_and_an_article():
    text = "Mr. Holt was a founding partner of Westfield Capital LLC, a Senior Vice President for Ibis Leasing Corporation."
    facts = run(text, [("Mr. Holt", "PERSON", "holt"), ("Westfield Capital LLC", "ORG", "wc"),
                       ("Ibis Leasing Corporation", "ORG", "ibis")])
    assert pairs(facts) == {("holt", "wc"), ("holt", "ibis")}
    text = "Mr. Holt is President of Westfield Capital LLC, a leasing company."
    facts = run(text, [("Mr. Holt", "PERSON", "holt"), ("Westfield Capital LLC", "ORG", "wc")])
    assert pairs(facts) == {("holt", "wc")}


def test_a_body_typed_as_a_person_holds_no_seat():
    text = "Before serving in the White House, Mr. Bell was President of Keel Bancorp, Inc. from 2006 to 2016."
    facts = run(text, [("White House", "PERSON", "wh"), ("Mr. Bell", "PERSON", "bell"), ("Keel Bancorp, Inc.", "ORG", "kb")])
    assert pairs(facts) == {("bell", "kb")}
    assert run("Vale Petroleum, President of the issuer, said so.", [("Vale Petroleum", "PERSON", "vp")]) == []


def test_letter_closing_with_the_company_below_the_title():
    text = ("We look forward to the merger.\n\nSincerely,\n\nAda Quill\n\nPresident\n\nNorthwind Trading, LLC,\n\n"
            "as Sponsor of the Fund\n\nREFERENCES TO ADDITIONAL INFORMATION\n")
    names = {"Ada Quill": ("aq", "PERSON"), "Northwind Trading, LLC": ("nwt", "ORG")}
    facts = run_filing(text, names, issuer="fund")
    assert pairs(facts) == {("aq", "nwt")} and facts[0].attribute("title") == ["President"]


def test_more_titles_of_the_lexicon():
    from corpkg.extract.roles.common import normalise_titles

    assert normalise_titles("Associate General Counsel and Assistant Secretary") == ["Associate General Counsel",
                                                                                       "Assistant Secretary"]
    assert set(normalise_titles("Principal Financial and Accounting Officer")) == {"Principal Financial Officer",
                                                                                   "Principal Accounting Officer"}
    assert normalise_titles("Chief Information Security Officer") == ["Chief Information Security Officer"]
    text = "By: /s/ Roy Penn\nRoy Penn\nAssociate General Counsel and Assistant Secretary"
    assert pairs(run(text, [("Roy Penn", "PERSON", "rp")])) == {("rp", ISS)}


def test_a_present_list_of_directors():
    text = "The continuing Class III Directors are Ada Quill, Bo Reed and Cy Dunn. Their terms expire in 2026."
    names = [("Ada Quill", "PERSON", "aq"), ("Bo Reed", "PERSON", "br"), ("Cy Dunn", "PERSON", "cd")]
    facts = run(text, names)
    assert pairs(facts) == {("aq", ISS), ("br", ISS), ("cd", ISS)}
    assert all(f.attribute("title") == ["Director"] for f in facts)
    assert run("The former directors were Ada Quill and Bo Reed.", names) == []


def test_degrees_and_credentials_between_name_and_title():
    text = ("By: /s/ Ada Quill\nAda Quill, Ed. D.\nChief Executive Officer\n"
            "By: /s/ Bo Reed\nBo Reed, MBA, CPA, CGMA\nChief Financial Officer")
    facts = run(text, [("Ada Quill", "PERSON", "aq"), ("Bo Reed", "PERSON", "br")])
    assert {(f.participant("holder")[0], f.attribute("title")[0]) for f in facts} == {
        ("aq", "Chief Executive Officer"), ("br", "Chief Financial Officer")}


def test_title_followed_by_a_double_dash_in_an_old_text_table():
    text = "Tom Vale                 Vice President--Real Estate               November 2001                   49"
    (f,) = run(text, [("Tom Vale", "PERSON", "tv")])
    assert pairs([f]) == {("tv", ISS)} and f.attribute("title") == ["Vice President"]
    assert run("Ann Lee, our President-elect, spoke.", [("Ann Lee", "PERSON", "al")]) == []
    (f,) = run("Ann Lee            Chief of Staff            January 2000            60", [("Ann Lee", "PERSON", "al")])
    assert f.attribute("title") == ["Chief of Staff"]


def test_persons_appointed_to_serve_as_directors():
    text = ("On May 9, 2023, the Board appointed Ada Quill, Bo Reed and Cy Dunn to serve as directors of the Company. "
            "Messrs. Eli Park and Al Moss serve as directors of Keel Holdings LLC.")
    names = [("Ada Quill", "PERSON", "aq"), ("Bo Reed", "PERSON", "br"), ("Cy Dunn", "PERSON", "cd"),
             ("Eli Park", "PERSON", "ep"), ("Al Moss", "PERSON", "am"), ("the Company", "ORG", ISS),
             ("Keel Holdings LLC", "ORG", "kh")]
    got = pairs(run(text, names))
    assert got == {("aq", ISS), ("br", ISS), ("cd", ISS), ("ep", "kh"), ("am", "kh")}
    assert run("Ada Quill and Bo Reed, former directors, sued.", names[:2]) == []


def test_she_after_a_year_in_a_one_person_biography():
    text = ("Ms. Lane was Vice President of Orbit Capital LLC until 2004. From 1999 to 2000, she served as a "
            "Senior Vice President for Keel Products Inc., and from 1994 to 1999 she was Treasurer of Ibis Corp.")
    facts = run(text, [("Ms. Lane", "PERSON", "ln"), ("Orbit Capital LLC", "ORG", "oc"),
                       ("Keel Products Inc.", "ORG", "kp"), ("Ibis Corp.", "ORG", "ibis")])
    assert pairs(facts) == {("ln", "oc"), ("ln", "kp"), ("ln", "ibis")}

"""Officers, round 9 (issue 12): executive-officer lists of 10-Ks whose seats stand one per line,
each line closed by a semicolon, in a passage long enough to be read sentence by sentence. Every
sentence is made up."""

from __future__ import annotations

from tests.test_roles_officers_narrative import ISS, O_ACME, O_BETA, P_JANE, P_KEN, pairs, run, run_filing, status

P_MS_ROE = ("Ms. Roe", "PERSON", "jane")
O_CO = ("the Company", "ORG", ISS)

# a long paragraph after the list makes the passage's lines long on average, so it is read
# sentence by sentence (a semicolon ends a sentence)
TAIL = ("\nThere is no family relationship between any of the Company’s executive officers or directors, and "
        "every executive officer serves at the pleasure of the Board of Directors, which reviews the "
        "succession plan for each of them once a year together with the chief human resources officer.")

LIST = ("Jane Roe (age 51)\n"
        "Senior Executive Vice President and Chief Risk Officer of Consumer Lending since March 2021;\n"
        "Executive Vice President and Treasurer of Regional Banking from May 2019 to March 2021;\n"
        "Managing Director, Capital Markets at Acme Widgets, Inc., a financial services company, from 2015 to 2019;\n"
        "Head of Structured Finance at Beta Tools Corp. from 2010 to 2015.\n"
        "Ms. Roe has served with the Company for 5 years." + TAIL)


def test_every_line_of_a_seat_list_belongs_to_the_person_above():
    facts = run(LIST, [P_JANE, O_ACME, O_BETA, P_MS_ROE, O_CO])
    assert pairs(facts) == {("jane", ISS), ("jane", "acme"), ("jane", "beta")}
    st = status(facts)
    assert st[("jane", ISS)] == "current"
    assert st[("jane", "acme")] == "former"
    assert st[("jane", "beta")] == "former"


def test_a_line_naming_another_person_starts_a_new_item():
    text = ("Jane Roe (age 51)\nChief Financial Officer since March 2021;\n"
            "Ken Poe, Treasurer of Acme Widgets, Inc., reports to her;\n"
            "Managing Director at Beta Tools Corp. from 2015 to 2019." + TAIL)
    facts = run(text, [P_JANE, P_KEN, O_ACME, O_BETA, O_CO])
    got = pairs(facts)
    assert ("ken", "acme") in got
    assert ("jane", ISS) in got
    assert ("jane", "beta") not in got  # the list of Jane's seats ended at Ken's line


def test_a_semicolon_inside_a_line_does_not_join_sentences():
    text = ("Jane Roe has served as Chief Financial Officer since March 2021; "
            "Managing Director at Beta Tools Corp. was a post held by someone else." + TAIL)
    facts = run(text, [P_JANE, O_BETA, O_CO])
    assert ("jane", "beta") not in pairs(facts)


# -- a 10-Q signature whose printed name repeats the signer in another case ---------------------

SIGNATURES = ("ACME WIDGETS, INC.\n"
              "Date: May 2, 2022\t/s/ KEN J. POE\n"
              "Ken J. Poe Chief Financial Officer (Principal Financial Officer)\n"
              "Date: May 2, 2022\t/s/ JANE Q. ROE\n"
              "Jane Q. Roe Chief Accounting Officer (Principal Accounting Officer)\n")


def test_signer_named_again_in_another_case_above_the_title():
    names = {"ACME WIDGETS, INC.": ("acme", "ORG"), "KEN J. POE": ("ken", "PERSON"), "JANE Q. ROE": ("jane", "PERSON")}
    facts = run_filing(SIGNATURES, names, issuer="acme")
    assert pairs(facts) == {("ken", "acme"), ("jane", "acme")}
    by_holder = {f.participant("holder")[0]: set(f.attribute("title")) for f in facts}
    assert "Chief Accounting Officer" in by_holder["jane"]


def test_another_name_on_the_line_below_is_not_the_signer():
    text = ("ACME WIDGETS, INC.\nDate: May 2, 2022\t/s/ KEN J. POE\n"
            "Jane Q. Roe Chief Accounting Officer\n")
    names = {"ACME WIDGETS, INC.": ("acme", "ORG"), "KEN J. POE": ("ken", "PERSON")}
    assert pairs(run_filing(text, names, issuer="acme")) == set()


def test_date_cell_before_a_name_without_signature_mark_is_no_signer():
    text = ("ACME WIDGETS, INC.\nDate: May 2, 2022\tKEN J. POE\n"
            "Ken J. Poe Chief Accounting Officer\n")
    names = {"ACME WIDGETS, INC.": ("acme", "ORG"), "KEN J. POE": ("ken", "PERSON")}
    assert pairs(run_filing(text, names, issuer="acme")) == set()


# -- dashes between a name and its titles -----------------------------------------------------

def test_an_en_or_em_dash_between_name_and_titles():
    for dash in ("—", "–"):
        facts = run(f"Jane Roe, 51 {dash} Executive Vice President and Chief Financial Officer." + TAIL, [P_JANE, O_CO])
        assert pairs(facts) == {("jane", ISS)}


# -- founders ---------------------------------------------------------------------------------

def test_a_person_who_founded_an_organization_is_its_founder():
    facts = run("Ken Poe, 60, has been a director since 2010. He also co-founded Beta Tools Corp. in 1998.",
                [P_KEN, O_BETA])
    assert ("ken", "beta") in pairs(facts)
    assert {t for f in facts if f.participant("organization") == ["beta"] for t in f.attribute("title")} == {"Founder"}


def test_founded_by_and_another_subject_are_not_founders():
    assert pairs(run("Beta Tools Corp. was founded in 1998 by Ken Poe.", [O_BETA, P_KEN])) == set()
    assert pairs(run("Ken Poe said that Acme Widgets, Inc. founded Beta Tools Corp.", [P_KEN, O_ACME, O_BETA])) == set()

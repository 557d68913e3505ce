"""Officers and directors beyond appositions and signatures: biographies naming seats at several
companies, resignations of enumerated directors, managers and partners (only with a named
organization), cover-page contact blocks, signatures split over passages."""

from __future__ import annotations

from corpkg.extract.model import Document
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.officers import OfficerExtractor
from corpkg.extract.roles.testing import facts_as_tuples, make_doc, run_component

ISS = "iss"


def run(text, ents, **ctx):  # evidence quotes are checked against the text (offsets shifted by 50)
    return run_component(OfficerExtractor, text, ents, context=RoleContext(issuer_key=ISS, **ctx), passage_start=50)


def pairs(facts):
    return facts_as_tuples(facts, ("holder", "organization"))


def by_org(facts):
    return {f.participant("organization")[0]: dict(f.attributes) for f in facts}


def test_board_seats_at_an_enumeration_of_companies_with_parentheses_and_dates():
    text = ("Mr. Roe currently serves on the board of directors of Alpha Holdings, Inc. (parent of Gamma), "
            "Beta Parent, LLC, Delta Corp,. (Parent of Zeta) and Epsilon Group S.p.A. He previously served on the "
            "boards of Omega Inc. from May 2014 to February 2020.")
    ents = [("Mr. Roe", "PERSON", "roe"), ("Alpha Holdings, Inc.", "ORG", "alpha"), ("Gamma", "ORG", "gamma"),
            ("Beta Parent, LLC", "ORG", "beta"), ("Delta Corp", "ORG", "delta"), ("Zeta", "ORG", "zeta"),
            ("Epsilon Group S.p.A", "ORG", "eps"), ("Omega Inc.", "ORG", "omega")]
    facts = run(text, ents)
    assert pairs(facts) >= {("roe", "alpha"), ("roe", "beta"), ("roe", "delta"), ("roe", "eps")}
    assert ("roe", "gamma") not in pairs(facts) and ("roe", "zeta") not in pairs(facts)
    assert all(t == "Director" for f in facts for t in f.attribute("title"))


def test_enumeration_with_appositions_and_since_dates_stops_at_a_new_clause():
    text = ("Ms. Poe has served as a member of the board of directors of IAC since 2008, Liberty Co since November "
            "2016, La Scogliera, an Italian holding company, since December 2016 and served as a director of "
            "Stewart Ltd., a Bermuda firm, until 2013.")
    ents = [("Ms. Poe", "PERSON", "poe"), ("IAC", "ORG", "iac"), ("Liberty Co", "ORG", "lib"),
            ("La Scogliera", "ORG", "las"), ("Stewart Ltd.", "ORG", "stw")]
    got = by_org(run(text, ents))
    assert {"iac", "lib", "las"} <= set(got)
    assert got["lib"]["startDate"] == "2016-11" and got["las"]["startDate"] == "2016-12"
    assert "startDate" not in got["iac"]  # a bare year is not an ISO date; never the next member's date


def test_apposition_does_not_swallow_a_clause_into_the_enumeration():
    text = ("Mr. Gee served as Senior Vice President of Marketing at DirecTV, Inc., a satellite provider having "
            "previously served in marketing roles at Sears Holding Corporation and Home Shopping Network.")
    ents = [("Mr. Gee", "PERSON", "gee"), ("DirecTV, Inc.", "ORG", "dtv"), ("Sears Holding Corporation", "ORG", "sears"),
            ("Home Shopping Network", "ORG", "hsn")]
    assert pairs(run(text, ents)) == {("gee", "dtv")}


def test_semicolon_separated_boards():
    text = ("She serves on the board of directors of Ripple, a technology startup; Turo, a car rental marketplace; "
            "and Innovations for Poverty Action, a non-profit.")
    ents = [("She", "PERSON", "sa"), ("Ripple", "ORG", "rip"), ("Turo", "ORG", "turo"),
            ("Innovations for Poverty Action", "ORG", "ipa")]
    assert pairs(run(text, ents)) == {("sa", "rip"), ("sa", "turo"), ("sa", "ipa")}


def test_enumerated_directors_resign_together_after_a_relative_clause():
    text = ("In connection with the transaction, each of Courtnee A. Chun, Pamela L. Coe and Christopher W. Shean, "
            "who had been nominated to the Board by Liberty Expedia, resigned from the Board effective July 26, 2019.")
    ents = [("Courtnee A. Chun", "PERSON", "chun"), ("Pamela L. Coe", "PERSON", "coe"),
            ("Christopher W. Shean", "PERSON", "shean"), ("Liberty Expedia", "ORG", "le")]
    facts = run(text, ents)
    assert pairs(facts) == {("chun", ISS), ("coe", ISS), ("shean", ISS)}
    for f in facts:
        a = dict(f.attributes)
        assert a["status"] == "former" and a["endDate"] == "2019-07-26" and a["title"] == "Director"


def test_footnote_resignation_from_the_board():
    (f,) = run("(14)\tMr. Kaufman resigned from the Board, effective March 5, 2020.", [("Mr. Kaufman", "PERSON", "vk")])
    assert pairs([f]) == {("vk", ISS)}
    assert dict(f.attributes)["endDate"] == "2020-03-05" and dict(f.attributes)["status"] == "former"


def test_managers_and_partners_need_a_named_organization():
    text = ("Anthony Andueza is the manager of CTVC, LLC. Kemper Isely, Zephyr Isely and Heather Isely are the "
            "managers of FTVC, LLC. Charity Isely is employed by In Love Body Care as a sales manager. "
            "John Doe is a general manager. Jane Doe is a partner at the law firm of Hansen & Teller, L.L.P.")
    ents = [("Anthony Andueza", "PERSON", "aa"), ("CTVC, LLC", "ORG", "ctvc"), ("Kemper Isely", "PERSON", "ki"),
            ("Zephyr Isely", "PERSON", "zi"), ("Heather Isely", "PERSON", "hi"), ("FTVC, LLC", "ORG", "ftvc"),
            ("Charity Isely", "PERSON", "ci"), ("In Love Body Care", "ORG", "ilbc"), ("John Doe", "PERSON", "jd"),
            ("Jane Doe", "PERSON", "jane"), ("Hansen & Teller, L.L.P.", "ORG", "ht")]
    assert pairs(run(text, ents)) == {("aa", "ctvc"), ("ki", "ftvc"), ("zi", "ftvc"), ("hi", "ftvc"), ("jane", "ht")}


def test_manager_of_the_issuer_by_default_is_not_a_position():
    text = "Mr. Smith, our manager, said the plant is on schedule. Ms. Roe is a limited partner of Acme Fund LP."
    assert run(text, [("Mr. Smith", "PERSON", "sm"), ("Ms. Roe", "PERSON", "roe"), ("Acme Fund LP", "ORG", "acme")]) == []


def test_co_titles():
    text = "Mr. Kemper Isely is the Co-President and Chairman of the Issuer. Mr. Mondre is Co-CEO of Silver Lake."
    facts = run(text, [("Mr. Kemper Isely", "PERSON", "ki"), ("Mr. Mondre", "PERSON", "gm"), ("Silver Lake", "ORG", "sl"),
                       ("the Issuer", "ORG", ISS)])
    got = {f.participant("holder")[0]: (f.participant("organization")[0], f.attribute("title")) for f in facts}
    assert got == {"ki": (ISS, ["President", "Chairman"]), "gm": ("sl", ["Chief Executive Officer"])}


def test_functional_vice_president_stays_with_the_organization_named_after_the_department():
    text = ("Mr. Gieselman has served as Vice President of Services Marketing at Apple, Inc. since May of 2016. "
            "Joy D. Covey, Chief Financial Officer, Vice President of Finance and Administration, signed.")
    facts = run(text, [("Mr. Gieselman", "PERSON", "jg"), ("Apple, Inc.", "ORG", "apple"), ("Joy D. Covey", "PERSON", "jc")])
    assert pairs(facts) == {("jg", "apple"), ("jc", ISS)}


def test_cover_page_contact_block_names_the_company_below_the_title():
    text = ("Andrew Teno\nPresident and Chief Executive Officer\nIcahn Enterprises L.P.\n16690 Collins Avenue\n"
            "Sunny Isles Beach, FL 33160")
    facts = run(text, [("Andrew Teno", "PERSON", "at"), ("Icahn Enterprises L.P.", "ORG", "iep")])
    assert pairs(facts) == {("at", "iep")}


def test_signature_split_over_passages():
    from corpkg.extract.roles.run import extract_roles

    text = ("SIGNATURES\n\nPERICOM SEMICONDUCTOR CORPORATION\n\n(Registrant)\n\n"
            "Date: September 6, 2005\tBy:\t/s/ Michael D. Craighead\n\nMichael D. Craighead\n\nChief Financial Officer\n")
    org = text.index("PERICOM")
    names = [i for i in range(len(text)) if text.startswith("Michael D. Craighead", i)]

    class Index:
        issuer_key = "pericom"
        entities = ()
        mentions = sorted([(org, org + 32, "pericom", "ORG")] + [(i, i + 20, "mc", "PERSON") for i in names])

        def mentions_in(self, a, b):
            return [m for m in self.mentions if m[0] >= a and m[1] <= b]

        def resolve(self, name):
            return None

    document = Document(path="x", format="text", text=text, sha256="", encoding="utf-8")
    passages = [(m.start(), m.group(0)) for m in __import__("re").finditer(r"[^\n]+(?:\n(?!\n)[^\n]+)*", text)]
    docs = []
    for start, chunk in passages:
        ents = [(text[s:e], label, key) for s, e, key, label in Index.mentions if start <= s and e <= start + len(chunk)]
        docs.append(make_doc(chunk, ents, passage_start=start))
    result = extract_roles(document, Index(), docs=docs, issuer_key="pericom")
    (f,) = [f for f in result.facts if f.role == "position"]
    assert pairs([f]) == {("mc", "pericom")} and f.attribute("title") == ["Chief Financial Officer"]
    (ev,) = f.evidence
    assert text[ev.start : ev.end] == ev.quote and ev.quote.startswith("Michael D. Craighead")


def test_past_seats_in_a_biography_are_former():
    text = ("Prior to working with the Registrant, Mr. Cedar was the Vice President of New Business Development at "
            "Waferscale Integration, Inc. Mr. Cedar served as a director of Acme Corp. from May 2014 to February 2020. "
            "Mr. Cedar has served as a director of Beta Inc. since 2015.")
    got = by_org(run(text, [("Mr. Cedar", "PERSON", "yc"), ("Waferscale Integration, Inc.", "ORG", "wsi"),
                            ("Acme Corp.", "ORG", "acme"), ("Beta Inc.", "ORG", "beta")]))
    assert {k: v["status"] for k, v in got.items()} == {"wsi": "former", "acme": "former", "beta": "current"}


def test_schedule_a_table_row_names_the_company_at_the_end_of_the_occupation_cell():
    text = ("Name\tPresent Principal Occupation\tBusiness Address\n"
            "Ding Xuedong\tChairman and Chief Executive Officer, China Investment Corporation\tBeijing\n"
            "Li Keping\tExecutive Vice President\tBeijing")
    facts = run(text, [("Ding Xuedong", "PERSON", "dx"), ("China Investment Corporation", "ORG", "cic"),
                       ("Li Keping", "PERSON", "lk")])
    assert pairs(facts) == {("dx", "cic"), ("lk", ISS)}


def test_comma_before_a_company_in_prose_is_not_a_cell():
    text = "John Smith, President, Acme Corp. and Beta LLC signed the agreement."
    facts = run(text, [("John Smith", "PERSON", "js"), ("Acme Corp.", "ORG", "acme"), ("Beta LLC", "ORG", "beta")])
    assert pairs(facts) == {("js", ISS)}

"""Round-5 rules of the recogniser and the litigation role, on hand-made sentences: bare one-word
companies in a list opened by a cue ("our competitors include …"); contents lines with dot leaders
are not names."""

from __future__ import annotations

from corpkg.extract.mentions import find_mentions


def accepted(text: str, lower: frozenset[str] = frozenset()) -> dict[str, str | None]:
    return {c.text: c.kind for c in find_mentions(text, lowercase_words=lower).accepted}


# --------------------------------------------------------------------------- cued lists

def test_bare_one_word_companies_after_a_cue_are_organizations():
    got = accepted("Our main rivals in the cloud market include: Zentrix, Quorvane (Quorvane Labs), Brightloom, "
                   "Telvani and Ostrada, among others.")
    assert not {"Zentrix", "Brightloom", "Telvani", "Ostrada"} & set(got)  # no cue noun: left alone
    got = accepted("Our principal competitors in this segment include: Zentrix, Quorvane (Qv), Brightloom, "
                   "Telvani and Ostrada, among others.")
    for name in ("Zentrix", "Quorvane", "Brightloom", "Telvani", "Ostrada"):
        assert got.get(name) == "Organization", (name, got)


def test_a_cued_list_needs_three_members_and_skips_adjectives():
    assert "Zentrix" not in accepted("Our customers include Zentrix and Ostrada.")
    got = accepted("Our competitors include Zentrix, Ostrada, Telvani, Asia-based firms and others.")
    assert got.get("Telvani") == "Organization"
    assert not any("based" in k for k in got)


def test_brand_lists_are_not_company_lists():
    got = accepted("Our brands include Zentrix, Ostrada, Telvani and Brightloom.")
    assert not {"Zentrix", "Ostrada", "Telvani", "Brightloom"} & set(got)


# --------------------------------------------------------------------------- headings

def test_a_contents_line_with_dot_leaders_is_not_a_name():
    got = accepted("  4.04     Funding Reserves.................................   32\n"
                   "  4.05     Quarterly Statements ..............   33")
    assert not got, got


# --------------------------------------------------------------------------- parties of a suit

def test_a_one_word_party_of_a_suit_is_an_organization():
    got = accepted("On March 3, 2021, Quillstone filed a petition against Brevant Holdings, LLC in state court.")
    assert got.get("Quillstone") == "Organization"
    got = accepted("On May 9, 2022, Brevant Holdings, LLC filed a complaint against Quillstone alleging fraud.")
    assert got.get("Quillstone") == "Organization"
    # an English word the filing itself writes in lower case is no party's name
    got = accepted("Quillstone filed a petition against Brevant Holdings, LLC.", frozenset({"quillstone"}))
    assert "Quillstone" not in got


def test_without_a_suit_a_bare_word_stays_undecided():
    assert "Quillstone" not in accepted("On March 3, 2021, Quillstone opened a store near Brevant Holdings, LLC.")


# --------------------------------------------------------------------------- public bodies

def test_a_state_body_keeps_its_state_and_a_federal_one_its_identity():
    got = accepted("The Vermont Environmental Protection Agency has notified the Company of a violation.")
    assert got.get("Vermont Environmental Protection Agency") == "Organization"
    assert "Environmental Protection Agency" not in got
    pm = find_mentions("On May 1, 2020, the United States Department of Justice (DOJ) brought an action against us.")
    names = {c.text for c in pm.accepted}
    assert "United States Department of Justice" in names
    assert any(ln.alias == "DOJ" for ln in pm.links)


def test_the_country_prefix_names_the_same_known_body():
    from corpkg.extract.mentions import _known_org

    assert _known_org("UNITED STATES SECURITIES AND EXCHANGE COMMISSION") == "Securities and Exchange Commission"
    assert _known_org("United States Internal Revenue Service") == "Internal Revenue Service"
    assert _known_org("Vermont Internal Revenue Service") is None


def test_an_acronym_after_and_subsidiaries_names_the_company():
    pm = find_mentions("GRANITE RAIL CORPORATION AND SUBSIDIARIES (GRC)\n\nPage")
    assert [ln.alias for ln in pm.links] == ["GRC"]
    pm = find_mentions("Granite Rail Corporation and its consolidated subsidiaries (GRC) run trains.")
    assert [ln.alias for ln in pm.links] == ["GRC"]


def test_a_party_role_word_is_not_a_party_name():
    got = accepted("The parties waive all claims against Landlord and any action against Tenant, Brevant Holdings, LLC.")
    assert "Landlord" not in got and "Tenant" not in got


# --------------------------------------------------------------------------- quoted concepts, headings

def test_a_phrase_alone_in_quotes_is_a_concept_not_a_name():
    got = accepted("As used here, “Securities Intermediary” and “Pledged Entitlements” have their UCC meanings.")
    assert not got, got
    got = accepted("For our adjusted margin, see “Non-GAAP Financial Measures” in Item 7 below.")
    assert not got, got
    got = accepted("“Reference Lenders” means Quarry Bank, N.A. and Delmont Trust Company.")
    assert "Reference Lenders" not in got and "Quarry Bank, N.A." in got
    got = accepted("Quarry Holdings, Inc. (“Quarry”) and Delmont Widgets Group (the “Seller”) agree.")
    assert "Quarry Holdings, Inc." in got and "Delmont Widgets Group" in got


def test_a_heading_written_as_a_sentence_is_not_a_name():
    got = accepted("Risks Related to Operations\n\nThe Company Could Incur Substantial Penalties Related to Permits: "
                   "we are exposed.")
    assert not any("Could" in k for k in got), got


def test_total_and_signatory_words_are_not_part_of_a_name():
    got = accepted("Total Quarry Holdings, Inc. stockholders’ equity 52,741")
    assert "Quarry Holdings, Inc." in got
    got = accepted("Title: Authorized Signatory DELMONT PARTNERS FUND III, LIMITED PARTNERSHIP, by its general partner")
    assert "DELMONT PARTNERS FUND III, LIMITED PARTNERSHIP" in got


# --------------------------------------------------------------------------- litigants

def _lit(text, ents):
    from corpkg.extract.roles.common import RoleContext
    from corpkg.extract.roles.litigation import LitigationExtractor
    from corpkg.extract.roles.testing import run_component

    facts = run_component(LitigationExtractor, text, ents, context=RoleContext(issuer_key="iss"))
    return {(s, k) for f in facts for s, k in f.participants}


def test_a_side_word_before_a_party_gives_its_side():
    text = ("On June 3, 2024, the court dismissed with prejudice the claims of plaintiff Harlow County Teachers "
            "Pension Fund; the claims against defendants Rita Vance and Tom Beale remain.")
    ents = [("Harlow County Teachers Pension Fund", "ORG", "harlow"), ("Rita Vance", "PERSON", "vance"),
            ("Tom Beale", "PERSON", "beale")]
    got = _lit(text, ents)
    assert ("plaintiff", "harlow") in got and ("defendant", "vance") in got and ("defendant", "beale") in got


def test_as_lead_plaintiff_after_a_party():
    text = "In March 2020 the court consolidated the two class actions and appointed Dr. Ada Finch as Lead Plaintiff."
    assert _lit(text, [("Ada Finch", "PERSON", "finch")]) == {("plaintiff", "finch")}


def test_a_complaint_naming_its_defendants():
    text = ("The amended complaint names as defendants Quillon Corp., two of its former officers, the underwriters "
            "of its offering, and Harlow Robotics, Inc.")
    got = _lit(text, [("Quillon Corp.", "ORG", "quillon"), ("Harlow Robotics, Inc.", "ORG", "harlow")])
    assert got == {("defendant", "quillon"), ("defendant", "harlow")}


def test_a_complaint_filed_in_a_court_without_against_names_its_plaintiff():
    text = "On May 4, 2021, Harlow Robotics, Inc. filed a complaint in the Superior Court seeking a declaration."
    assert _lit(text, [("Harlow Robotics, Inc.", "ORG", "harlow")]) == {("plaintiff", "harlow")}


def test_a_guilty_plea_makes_the_prosecutor_the_plaintiff():
    text = ("On July 2, 1998, Quillon Corp. announced that it agreed to plead guilty to antitrust charges by the "
            "Criminal Division of the Vermont Attorney General.")
    got = _lit(text, [("Quillon Corp.", "ORG", "quillon"), ("Vermont Attorney General", "ORG", "vtag")])
    assert got == {("plaintiff", "vtag"), ("defendant", "quillon")}


def test_a_side_word_alone_is_no_party():
    text = "Plaintiffs seek damages; defendants intend to defend vigorously against Quillon Corp. claims."
    assert _lit(text, [("Quillon Corp.", "ORG", "quillon")]) == set()


# --------------------------------------------------------------------------- captions and public funds

def test_a_docket_number_ends_a_name_run():
    got = accepted("(Harlow v. Quillon, et al., Case No. B-19-554321-C & Brevant v. Quillon, et al., Case No. 2:19-cv-01234).")
    assert "Brevant" in got and not any("Case" in k for k in got), got


def test_a_public_pension_fund_is_one_name():
    got = accepted("The claims of the City of Harlow Police and Fire Pension Fund were dismissed.")
    assert "City of Harlow Police and Fire Pension Fund" in got, got
    got = accepted("Last year the Vermont Police and Fire Pension Fund sued.")
    assert "Vermont Police and Fire Pension Fund" in got, got


def test_a_captioned_class_action_filed_against_named_individuals():
    text = ("On March 3, 2021, a putative class action captioned Ada Finch v. Quillon Corp., et al., Case No. "
            "3:21-cv-01234, was filed in the United States District Court against Quillon Corp., its Chief "
            "Executive Officer, Paul Ostrow, and its Chief Financial Officer, Rita Vance.")
    ents = [("Ada Finch", "PERSON", "finch"), ("Quillon Corp.", "ORG", "quillon"), ("Paul Ostrow", "PERSON", "ostrow"),
            ("Rita Vance", "PERSON", "vance")]
    got = _lit(text, ents)
    assert {("defendant", "ostrow"), ("defendant", "vance"), ("defendant", "quillon")} <= got


def test_a_side_word_opening_a_sentence_is_not_part_of_the_name():
    got = accepted("Plaintiffs Ada Finch and Tom Beale allege that the statements were false.")
    assert "Ada Finch" in got and "Tom Beale" in got and not any(k.startswith("Plaintiffs") for k in got)


def test_a_side_word_types_an_unusual_two_word_name_as_a_person():
    got = accepted("The court dismissed the claims of plaintiff Zorvath Quennel in March.")
    assert got.get("Zorvath Quennel") == "Person", got


def test_federal_agencies_that_sue_are_known():
    got = accepted("In August 2020, the Equal Employment Opportunity Commission commenced an action against us.")
    assert got.get("Equal Employment Opportunity Commission") == "Organization"

"""Round-4 rules of the recogniser (issue 12), on hand-made sentences: form labels and blanks end a
name; numbered companies keep their number; a possessive inside a firm's name; a partners' firm
headed by two surnames; ordinary words joined by "&" are a product line; places with a place head;
patronymic names ("bin")."""

from __future__ import annotations

from corpkg.extract.mentions import find_mentions


def accepted(text: str, lower: frozenset[str] = frozenset()) -> dict[str, str | None]:
    return {c.text: c.kind for c in find_mentions(text, lowercase_words=lower).accepted}


def test_a_form_label_after_a_name_ends_it():
    got = accepted("ACME HOLDINGS, INC. By: /s/ Jane Roe Name: Jane Roe Title: Chief Financial Officer")
    assert got.get("Jane Roe") == "Person"
    assert not any(k.endswith(("Name", "Title")) for k in got)


def test_a_signature_blank_is_not_part_of_the_name():
    got = accepted("By: Peter Quill____________________ Witness: Mary Stone______________")
    assert "Peter Quill" in got and "Mary Stone" in got
    assert not any("_" in k for k in got)


def test_numbered_companies_keep_their_number():
    got = accepted("The guarantors are 1234567 B.C. Unlimited Liability Company, 7654321 Ontario Inc. and 2200 Holdings, LLC.")
    assert {"1234567 B.C. Unlimited Liability Company", "7654321 Ontario Inc.", "2200 Holdings, LLC"} <= set(got)


def test_a_year_before_a_name_is_still_cut():
    got = accepted("In 2004 Acme Holdings, Inc. was formed and Acquisition I, LLC was not.")
    assert "Acme Holdings, Inc." in got and "Acquisition I, LLC" not in got


def test_possessive_inside_a_firm_name():
    got = accepted("Ratings by Fitch & Poor’s Corporation and Moody's Investors Service, Inc. were lowered.")
    assert "Fitch & Poor’s Corporation" in got and "Moody's Investors Service, Inc." in got


def test_possessive_of_a_generic_owner_still_cuts():
    got = accepted("The Company's Board of Directors met with Ford's Credit unit.")
    assert not any(k.startswith("The Company") for k in got)


def test_partners_firm_headed_by_two_surnames():
    got = accepted("The underwriters are Hobbs Lynch, Pierce, Fenner & Smith Incorporated and others.")
    assert got == {"Hobbs Lynch, Pierce, Fenner & Smith Incorporated": "Organization"}


def test_a_person_before_a_two_name_firm_stays_a_person():
    got = accepted("Counsel: John Smith, Pierce & Jones LLP.")
    assert got.get("John Smith") == "Person" and "Pierce & Jones LLP" in got


def test_ordinary_words_joined_by_ampersand_are_a_product_line():
    text = "Sales in Fabric & Home Care and Seasonal & Outdoor Living rose; Lawn & Garden fell."
    got = accepted(text, frozenset({"lawn", "garden"}))
    assert not {"Fabric & Home Care", "Seasonal & Outdoor Living", "Lawn & Garden"} & set(got)


def test_surnames_joined_by_ampersand_are_a_firm():
    text = "Johnson & Johnson and Black & Decker and Standard & Poor's ratings."
    cands = {c.text: c for c in find_mentions(text, lowercase_words=frozenset({"poor", "black"})).candidates}
    assert all(cands[k].rejected is None for k in ("Johnson & Johnson", "Black & Decker", "Standard & Poor"))


def test_proper_word_and_place_head_is_a_place():
    got = accepted("The plant is in Lishui City, Zhejiang Province, near Caterina Heights; Dallas Independent School District sued.")
    assert not {"Lishui City", "Zhejiang Province", "Caterina Heights"} & set(got)


def test_canadian_provinces_and_latin_phrases_are_no_names():
    got = accepted("Among, inter alia, Nova Scotia and INTER ALIA the parties, Manitoba was named.")
    assert not got


def test_patronymic_name_is_one_person():
    got = accepted("Signed by Abu Talib bin Abdul Rahman and Siti Aminah binti Yusof.")
    assert got.get("Abu Talib bin Abdul Rahman") == "Person"
    assert got.get("Siti Aminah binti Yusof") == "Person"


def test_a_first_name_that_is_also_a_word_with_a_middle_initial_is_a_person():
    got = accepted("The continuing directors are Mark T. Lowry, Rose Marie Bravo, Paula J. Fribourg and Leon Hobson.")
    assert got.get("Mark T. Lowry") == "Person" and got.get("Rose Marie Bravo") == "Person"


def test_a_word_name_without_initial_or_second_first_name_stays_undecided():
    from corpkg.extract.names import classify_name

    assert classify_name("Grant Park")[0] != "Person"
    assert classify_name("Grant Thornton")[0] != "Person"


def test_a_quoted_nickname_in_parentheses_stays_inside_the_name():
    got = accepted('Rodolfo ("Rudy") Chapa is Principal of Quixote Investments.')
    assert got.get('Rodolfo ("Rudy") Chapa') == "Person"


def test_the_bank_of_keeps_its_head():
    got = accepted("Agent: The Bank of Tokyo-Mitsubishi UFJ, Ltd., as agent. The Compensation Committee of Fair Isaac Corporation met.")
    assert "The Bank of Tokyo-Mitsubishi UFJ, Ltd." in got and "Fair Isaac Corporation" in got


def test_a_partnership_owner_keeps_its_possessive_division_name():
    got = accepted("Rated by Fitch & Poor's Ratings Services. President of ADP's Global Enterprise Solutions.")
    assert "Fitch & Poor's Ratings Services" in got
    assert not any("Global Enterprise" in k for k in got)

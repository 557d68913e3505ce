"""Each recognition signal on a small hand-made passage (corpkg.extract.mentions)."""

from __future__ import annotations

import pytest

from corpkg.extract.mentions import find_mentions, iter_passages


def accepted(text: str, **kw) -> dict[str, str]:
    found = find_mentions(text, **kw)
    return {" ".join(c.text.split()): c.kind for c in found.accepted}


def links(text: str) -> set[tuple[str, str, str]]:
    found = find_mentions(text)
    return {(ln.kind, " ".join(found.candidates[ln.target].text.split()), ln.alias) for ln in found.links}


def test_legal_suffix_makes_an_organization() -> None:
    got = accepted("The loan was made by Quantum Corporate Funding Ltd. to Bash, LLC last year.")
    assert got == {"Quantum Corporate Funding Ltd.": "Organization", "Bash, LLC": "Organization"}


def test_sentence_final_period_is_not_part_of_the_suffix() -> None:
    assert "Bash, LLC" in accepted("The shares were sold to Bash, LLC.")
    assert "Sara Lee Brands Corporation" in accepted("It was sold to Sara Lee Brands Corporation.")


def test_honorific_makes_a_person() -> None:
    assert accepted("Mr. Shaver has resigned his position as Executive Vice President.") == {"Shaver": "Person"}


@pytest.mark.parametrize("prefix", ["/s/", "/s/ ", "By: ", "By: /s/ "])
def test_signature_block(prefix: str) -> None:
    text = f"THE AUXER GROUP, INC.\n\n{prefix}Eugene Chiaramonte, Jr.\nPresident"
    got = accepted(text)
    assert got.get("Eugene Chiaramonte, Jr.") == "Person"
    assert got.get("THE AUXER GROUP, INC.") == "Organization"


def test_title_apposition_makes_a_person() -> None:
    got = accepted("The agreement was signed by Zora Quillfeather, Chief Financial Officer of the buyer.")
    assert got == {"Zora Quillfeather": "Person"}


def test_title_in_a_table_cell() -> None:
    assert accepted("Zhang Xiaoqiang\tDirector") == {"Zhang Xiaoqiang": "Person"}


def test_enumeration_with_one_typed_member_types_the_others() -> None:
    text = ("The shareholders of Viva Airlines, Inc., who obtained control of us are As follows: Old Mission "
            "Assessment Corporation, Robert J. Scott, Joan Jolitz, Enterprises D and D, Lazaro Canto, and Bash, LLC.")
    got = accepted(text)
    assert got == {
        "Viva Airlines, Inc.": "Organization",
        "Old Mission Assessment Corporation": "Organization",
        "Robert J. Scott": "Person",
        "Joan Jolitz": "Person",
        "Enterprises D and D": "Organization",
        "Lazaro Canto": "Person",
        "Bash, LLC": "Organization",
    }


def test_case_caption_sides_are_parties() -> None:
    text = ("The Auxer Group, Auxer Telecom and CT Industries vs. Husni Hassan, Clifton\n"
            "Telecard Alliance, Kattosko Communications, Mohd Qattous and Mustafa Qattous -\n"
            "Superior Court of New Jersey, Law Division, Passaic County")
    got = accepted(text)
    for name, kind in [("Husni Hassan", "Person"), ("Clifton Telecard Alliance", "Organization"),
                       ("Kattosko Communications", "Organization"), ("Mohd Qattous", "Person"),
                       ("Mustafa Qattous", "Person"), ("CT Industries", "Organization")]:
        assert got.get(name) == kind, (name, got)
    # the court and its divisions are not parties
    assert not any("Court" in n or "Division" in n or "County" in n for n in got)


def test_defined_terms_become_aliases() -> None:
    text = ('Our subsidiary entered into a credit facility with Quantum Corporate Funding Ltd. ("Quantum") and '
            "Merchant Financial Corporation (the 'Lender').")
    assert links(text) == {
        ("defined", "Quantum Corporate Funding Ltd.", "Quantum"),
        ("defined", "Merchant Financial Corporation", "Lender"),
    }


def test_defined_concepts_are_not_aliases() -> None:
    text = 'Foo Holdings, Inc. will keep all information confidential (the "Confidential Information").'
    assert not links(text)


def test_collectively_the_company() -> None:
    text = 'present fairly the financial position of The Auxer Group, Inc. and subsidiaries (collectively, the "Company")'
    assert ("defined", "The Auxer Group, Inc.", "Company") in links(text)


def test_doing_business_as() -> None:
    text = "two subsidiaries: The Harvey Westbury Corp., and Hardyston Distributors, Inc.\n(doing business as The Mechanics Depot)."
    assert ("dba", "Hardyston Distributors, Inc.", "The Mechanics Depot") in links(text)
    assert "The Mechanics Depot" not in accepted(text)


def test_acronym_in_parentheses() -> None:
    text = "Online Brokerage Solutions, Inc. (OBS) sold its assets."
    assert ("acronym", "Online Brokerage Solutions, Inc.", "OBS") in links(text)


def test_products_and_segments_are_not_entities() -> None:
    text = ("The Auxer Group is a holding company that has a Telecommunications Group that consists of one "
            "subsidiary. Harvey Westbury assembles and packages automotive accessories under the name, Easy Test, "
            "and sells Nizoral\u00ae and Temovate\u00ae, marketed by Glaxo Wellcome, Inc.")
    got = accepted(text, lowercase_words={"telecommunications", "automotive"})
    assert "Telecommunications Group" not in got
    assert "Easy Test" not in got
    assert "Nizoral" not in got and "Temovate" not in got
    assert got.get("Glaxo Wellcome, Inc.") == "Organization"


def test_generic_phrases_documents_and_places_are_not_entities() -> None:
    text = ("The Board of Directors of the Company approved the Stock Exchange Agreement and Plan of "
            "Reorganization. Exhibit A is attached. Our offices are at 12 Andrews Drive, West Paterson, New Jersey.")
    assert accepted(text) == {}


def test_title_of_organization_keeps_the_organization() -> None:
    got = accepted("He served as Chief Executive Officer of Paramount Pictures Corporation.")
    assert got == {"Paramount Pictures Corporation": "Organization"}


def test_and_splits_two_names_but_not_one() -> None:
    got = accepted("The Securities and Exchange Commission sued Kattosko Communications, Mohd Qattous and Mustafa Qattous.")
    assert got.get("The Securities and Exchange Commission") == "Organization"
    assert got.get("Mohd Qattous") == "Person" and got.get("Mustafa Qattous") == "Person"


def test_law_firm_list_is_one_name() -> None:
    got = accepted("Opinion of Leonard, Street and Deinard, P.A. is attached.")
    assert got == {"Leonard, Street and Deinard, P.A.": "Organization"}


def test_layout_lines_are_not_joined() -> None:
    text = "By: Robert J. Scott\n\nRobert J. Scott\nPresident"
    got = accepted(text)
    assert got == {"Robert J. Scott": "Person"}


def test_passages_cover_the_text_without_overlap() -> None:
    text = "First paragraph.\n\n  Second paragraph\nwrapped.\n\n\nThird."
    spans = list(iter_passages(text))
    assert [text[a:b] for a, b in spans] == ["First paragraph.", "Second paragraph\nwrapped.", "Third."]


def test_nicknames_and_initials_inside_a_name() -> None:
    got = accepted("Mr. Battle, A. George \u201cSkip\u201d Battle, Director of Fair Isaac Corporation, and "
                   "John E. (Jack) Feltl, President.")
    assert got.get("A. George \u201cSkip\u201d Battle") == "Person"
    assert got.get("John E. (Jack) Feltl") == "Person"
    assert got.get("Fair Isaac Corporation") == "Organization"


def test_numbers_inside_names_and_roman_numerals() -> None:
    got = accepted("KIVC 2, LLC and 1895 Bancorp of Wisconsin, Inc. merged on March 31, 2002 Acme Widgets, Inc.")
    assert "KIVC 2, LLC" in got and "1895 Bancorp of Wisconsin, Inc." in got
    assert "Acme Widgets, Inc." in got  # the year before it is not part of the name


def test_a_defined_term_naming_the_words_before_it_is_not_an_alias() -> None:
    text = 'Nuance Communications, Inc. entered into a credit agreement with the lenders party thereto (the "Lenders").'
    assert not links(text)


def test_list_markers_and_cut_names() -> None:
    got = accepted("A. Asta Funding Acquisition II, LLC\nB. Palisades Acquisition I, LLC")
    assert "Asta Funding Acquisition II, LLC" in got and "Palisades Acquisition I, LLC" in got
    got = accepted("F. Hoffman-La Roche, Ltd. licensed the product to Acquisition I, LLC.")
    assert "F. Hoffman-La Roche, Ltd." in got
    assert "Acquisition I, LLC" not in got  # the tail of a name cut by a line break

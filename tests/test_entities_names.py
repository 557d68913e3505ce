"""Name normalisation and the person-vs-organization decision for bare names."""

from __future__ import annotations

import pytest

from corpkg.extract.names import classify_name, has_legal_suffix, name_key, normalize_name, person_parts


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The Auxer Group, Inc.", "AUXER GROUP INC"),
        ("Bash, LLC", "Bash LLC"),
        ("The Harvey Westbury Corp.", "Harvey Westbury"),
        ("Mr. Shaver", "Shaver"),
        ("Eugene Chiaramonte, Jr.", "Eugene Chiaramonte"),
        ("Bash, LLC.", "Bash"),
    ],
)
def test_normalised_names_agree(a: str, b: str) -> None:
    assert normalize_name(a) == normalize_name(b)


def test_suffix_only_stripped_at_the_end() -> None:
    assert normalize_name("Trust Company of America, Inc.") == "trust company of america"
    assert not has_legal_suffix("Trust")
    assert has_legal_suffix("Bank of America, N.A.")
    assert not has_legal_suffix("Englewood Cliffs, NJ")


def test_name_key_is_a_slug() -> None:
    assert name_key("The Auxer Group, Inc.") == "auxer-group"


def test_person_parts_drop_honorifics_and_suffixes() -> None:
    assert person_parts("Eugene Chiaramonte, Jr.") == ("Eugene", "", "Chiaramonte")
    assert person_parts("Robert J. Scott") == ("Robert", "J.", "Scott")
    assert person_parts("Mr. Shaver") == ("", "", "Shaver")


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Joan Jolitz", "Person"),
        ("Robert J. Scott", "Person"),
        ("Husni Hassan", "Person"),
        ("Clifton Telecard Alliance", "Organization"),
        ("Kattosko Communications", "Organization"),
        ("Enterprises D and D", "Organization"),
        ("Old Mission Assessment Corporation", "Organization"),
    ],
)
def test_bare_names_are_typed(name: str, kind: str) -> None:
    got, score = classify_name(name)
    assert got == kind and score > 0


def test_common_words_are_not_a_persons_name() -> None:
    assert classify_name("Consolidated Balance Sheets")[0] != "Person"
    # words the filing itself writes in lower case count as common
    assert classify_name("Royal Satin", lowercase_words={"royal", "satin"})[0] is None


def test_places_and_cut_names_are_not_persons() -> None:
    assert classify_name("Denver Colorado")[0] is None
    assert classify_name("John E.")[0] is None

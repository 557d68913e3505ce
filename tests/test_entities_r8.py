"""Round-8 rules of the recogniser (issues 12 and 13, recall of names that carry role facts), on
hand-made sentences: a surname that is also a head word ("Robert Parks", "Mr. Parks"), a bare company
before a deal noun ("the Zelvox acquisition"), a company after "officer of", and persons in the rows
of a table of figures (a director vote table)."""

from __future__ import annotations

from corpkg.extract.mentions import find_mentions
from corpkg.extract.names import lexicon


def accepted(text: str, lower: frozenset[str] = frozenset()) -> dict[str, str | None]:
    return {c.text: c.kind for c in find_mentions(text, lowercase_words=lower).accepted}


# --------------------------------------------------------------------------- surname heads

def test_a_surname_that_is_a_head_word_is_a_person_with_an_age_or_an_honorific():
    got = accepted("The board named Harold Parks, age 52, as controller. Mr. Parks joined us in 2019.")
    assert got.get("Harold Parks") == "Person"
    assert got.get("Parks") == "Person"


def test_a_first_name_before_a_place_head_alone_stays_no_entity():
    got = accepted("Our store at James Street in the town centre opened in May.")
    assert "James Street" not in got


# --------------------------------------------------------------------------- deal nouns

def test_a_distinctive_word_before_a_deal_noun_is_a_company():
    got = accepted("Goodwill recorded as part of the Zelvox acquisition was tested. The costs of our Quartiva merger rose.")
    assert got.get("Zelvox") == "Organization"
    assert got.get("Quartiva") == "Organization"


def test_an_ordinary_word_before_a_deal_noun_is_no_company():
    got = accepted("Costs of the Pending acquisition and the Oracle acquisition and the Proposed merger were paid.")
    assert not {"Pending", "Oracle", "Proposed"} & set(got)


def test_a_deal_noun_without_a_determiner_types_nothing():
    got = accepted("Zelvox acquisition costs were paid.")
    assert "Zelvox" not in got


# --------------------------------------------------------------------------- officer of

def test_a_company_after_officer_of_is_an_organization():
    got = accepted("Before that, Ms. Varga was chief accounting officer of Trellix Dynamo from 2015.")
    assert got.get("Trellix Dynamo") == "Organization"


def test_ordinary_words_after_president_of_stay_no_entity():
    got = accepted("She was Vice President of Global Operations from 2015.")
    assert "Global Operations" not in got


# --------------------------------------------------------------------------- person rows

VOTES = (
    "Nominee\tFor\tWithheld\n"
    "Thomas Hargill\t120,552,165\t4,510,735\n"
    "Michael Dornan\t124,544,865\t518,035\n"
    "Mark Velund\t123,928,369\t1,134,531\n"
    "Rajesh Quorvani\t118,021,547\t7,041,353\n"
)


def test_weak_names_in_a_vote_table_of_persons_are_persons():
    got = accepted(VOTES)
    assert got.get("Mark Velund") == "Person"
    assert got.get("Rajesh Quorvani") == "Person"


def test_a_table_with_a_company_row_promotes_no_weak_name():
    text = "Peer\tRevenue\nAcme Widgets Inc.\t$ 1,000\nThomas Hargill\t$ 2,000\nMichael Dornan\t$ 3,000\nMark Velund\t$ 4,000\n"
    assert "Mark Velund" not in accepted(text)


def test_weak_names_outside_a_table_stay_weak():
    text = "Thomas Hargill and Michael Dornan met Mark Velund and Rajesh Quorvani."
    got = accepted(text)
    assert "Mark Velund" not in got


def test_deal_nouns_are_data():
    assert "acquisition" in lexicon().deal_nouns


# --------------------------------------------------------------------------- numeric acronyms

def links(text: str) -> dict[str, str]:
    pm = find_mentions(text)
    return {ln.alias: pm.candidates[ln.target].text for ln in pm.links}


def test_a_numeric_acronym_spelling_the_leading_number_words_is_linked():
    got = links("The company agreed with Forty-Second Harbor Lines, Inc. (“42HL”) on the terms.")
    assert got.get("42HL") == "Forty-Second Harbor Lines, Inc."


def test_a_letter_repeated_as_often_as_the_number_is_linked():
    got = links("Maple Mountain Mining Corporation (“3M”) said so.")
    assert got.get("3M") == "Maple Mountain Mining Corporation"


def test_a_numeric_term_that_does_not_spell_the_name_is_not_linked():
    got = links("Acme Widgets Inc. (“21CF”) and Harbor Lines, Inc. (“42HL”) said so.")
    assert "21CF" not in got and "42HL" not in got


def test_a_numeric_acronym_of_a_name_opening_with_an_ordinal_in_digits_is_linked():
    got = links("Notes issued by 42nd Harbor Lines America, Inc. (“42HLA”) were repaid.")
    assert got.get("42HLA") == "42nd Harbor Lines America, Inc."

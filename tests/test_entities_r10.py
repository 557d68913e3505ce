"""Round-10 rules of the recogniser (issue 13, recall of person names), on hand-made sentences:
two persons joined by a slash, a capitalised particle inside a name ("De"), a person of a firm
("X of Y LLP") and a person after a capacity word and a comma. Each needs a person's shape."""

from __future__ import annotations

from corpkg.extract.mentions import find_mentions
from corpkg.extract.names import classify_name


def accepted(text: str, lower: frozenset[str] = frozenset()) -> dict[str, str | None]:
    return {c.text: c.kind for c in find_mentions(text, lowercase_words=lower).accepted}


# --------------------------------------------------------------------------- slash pairs

def test_two_persons_joined_by_a_slash_are_two_persons():
    got = accepted("For more information: Helen Barlow/Gregory Tanner\n(415) 555-0199")
    assert got.get("Helen Barlow") == "Person"
    assert got.get("Gregory Tanner") == "Person"
    assert "Helen Barlow/Gregory Tanner" not in got


def test_a_slash_pair_with_initials_before_a_department():
    got = accepted("Susan J. Whitcombe/Peter Olander, Investor Relations, 555-0100")
    assert got.get("Susan J. Whitcombe") == "Person"
    assert got.get("Peter Olander") == "Person"


def test_a_slash_between_company_words_makes_no_persons():
    got = accepted("Sales of Audio Video/Home Theater products rose; the Debt/Equity Ratio fell.")
    assert not {k for k, v in got.items() if v == "Person"}


# --------------------------------------------------------------------------- particles

def test_an_upper_case_particle_inside_a_name_is_a_particle():
    kind, score = classify_name("Carol Bennett De Villiers")
    assert kind == "Person" and score >= 0.75
    assert classify_name("Carol Bennett de Villiers") == (kind, score)


def test_an_upper_case_particle_without_a_first_name_types_no_person():
    assert classify_name("Banco De Villiers")[0] != "Person"


def test_a_row_name_with_a_particle_next_to_figures_is_a_person():
    got = accepted("Carol Bennett De Villiers      4,512,300      31,020\nAaron M. Whitley      4,300,100      9,000\n")
    assert got.get("Carol Bennett De Villiers") == "Person"


# --------------------------------------------------------------------------- person of a firm, capacity

def test_a_person_of_a_firm_after_a_capacity_word_is_kept():
    got = accepted("Notices go to the trustee, Oliver K. Brandt of Hollis & Wren LLP, at its office.")
    assert got.get("Oliver K. Brandt") == "Person"
    assert got.get("Hollis & Wren LLP") == "Organization"


def test_a_document_of_a_firm_stays_no_person():
    got = accepted("The Certificate of Incorporation of Hollis & Wren LLP was amended.")
    assert not {k for k, v in got.items() if v == "Person"}


def test_a_first_name_that_is_a_word_after_a_capacity_and_a_comma_is_a_person():
    got = accepted("The escrow agent, Mark Quellner, will hold the deposit.")
    assert got.get("Mark Quellner") == "Person"


def test_the_same_name_without_the_capacity_cue_stays_no_person():
    got = accepted("We sold Mark Quellner products in May.")
    assert got.get("Mark Quellner") != "Person"


def test_an_organization_after_a_capacity_word_stays_an_organization():
    got = accepted("The trustee, Harbor Trust Company, will hold the deposit.")
    assert got.get("Harbor Trust Company") == "Organization"


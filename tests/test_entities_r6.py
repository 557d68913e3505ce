"""Round-6 rules of the recogniser, on hand-made sentences: a name followed by a unit noun
("segment", "division", "platform", "program" …, ``patterns/unit_nouns.txt``) is a part of a
company or a product, not an organization; a trademark sign flattened into letters ("ProgramTM")
marks a product."""

from __future__ import annotations

import pytest

from corpkg.extract.mentions import find_mentions
from corpkg.extract.names import lexicon


def accepted(text: str, lower: frozenset[str] = frozenset()) -> dict[str, str | None]:
    return {c.text: c.kind for c in find_mentions(text, lowercase_words=lower).accepted}


# --------------------------------------------------------------------------- units after a name

@pytest.mark.parametrize("sentence, unit", [
    ("The North American Frozen Snacks segment reported higher sales this quarter.", "North American Frozen Snacks"),
    ("In March we sold our Marine Coatings division to a private buyer for cash.", "Marine Coatings"),
    ("Alerts come from the Halvard Threat Intelligence Exchange platform, which collects data.",
     "Halvard Threat Intelligence Exchange"),
    ("Members of the Orion Loyalty Rewards program earn points on purchases.", "Orion Loyalty Rewards"),
    ("Sales of the Velluto Crema and Nordic Roast brands increased.", "Nordic Roast"),
    ("The Cyber Response Center team handles incidents.", "Cyber Response Center"),
])
def test_a_name_before_a_unit_noun_is_not_an_organization(sentence: str, unit: str) -> None:
    got = accepted(sentence)
    assert not any(unit in k for k in got), got


def test_a_suffixed_company_before_a_unit_noun_stays() -> None:
    got = accepted("Customers of Brenmoor Analytics Inc. platform services renewed early.")
    assert got.get("Brenmoor Analytics Inc.") == "Organization", got


def test_the_same_name_without_a_unit_noun_stays_an_organization() -> None:
    got = accepted("We acquired Halvard Threat Intelligence Corporation in May.")
    assert got.get("Halvard Threat Intelligence Corporation") == "Organization", got


def test_a_unit_noun_must_follow_directly_and_in_lower_case() -> None:
    got = accepted("On May 3, Quennel Marine Holdings Corp. announced a new Segment Reporting approach.")
    assert got.get("Quennel Marine Holdings Corp.") == "Organization", got


def test_unit_nouns_are_loaded_as_data() -> None:
    nouns = lexicon().unit_nouns
    assert "segment" in nouns and "business unit" in nouns
    assert nouns == tuple(sorted(nouns, key=len, reverse=True))


# --------------------------------------------------------------------------- flattened trademark signs

def test_a_flattened_trademark_sign_marks_a_product() -> None:
    got = accepted("Growth reflects our Crew Perks and Builder Partnership ProgramTM offerings.")
    assert not any("ProgramTM" in k for k in got), got
    got = accepted("Demand rose for Ostrada VisionSM systems sold by Ostrada Systems, Inc. this year.")
    assert not any("VisionSM" in k for k in got), got
    assert got.get("Ostrada Systems, Inc.") == "Organization", got


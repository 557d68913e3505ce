"""Round-9 identity of persons within a filing (issue 13), on hand-made sentences: an honorific and a
surname that two persons share ("Mr. Parker" when John and Susan Parker are named), an honorific
with a surname that is also a word ("Mr. Rose"), and a name with an initial whose surname is a word
("B. Andrew Rose") typed as a person."""

from __future__ import annotations

import pytest

from corpkg.extract.entities import find_entities
from corpkg.extract.model import Document
from corpkg.extract.names import classify_name
from corpkg.extract.nlp import build_pipeline


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline()


def linked(nlp, text: str) -> dict[str, set[str]]:
    """Each mention's text -> the labels of the entities it was linked to."""
    d = Document(path="memo.txt", format="text", text=text, sha256="0" * 64, encoding="utf-8")
    idx = find_entities(d, nlp, None)
    out: dict[str, set[str]] = {}
    for a, b, key, _ in idx.mentions:
        out.setdefault(text[a:b], set()).add(idx.entity(key).label)
    return out


# --------------------------------------------------------------------------- a shared surname

def test_a_shared_surname_goes_to_the_nearest_full_name_before_it(nlp):
    text = ("Alan Reyes was appointed Chief Financial Officer of Zelvox Corp. Mr. Reyes, age 51, joined in 2012.\n\n"
            "Maria Reyes was appointed Controller of Zelvox Corp. Ms. Reyes, age 44, joined in 2015.")
    got = linked(nlp, text)
    assert got["Mr. Reyes"] == {"Alan Reyes"}
    assert got["Ms. Reyes"] == {"Maria Reyes"}


def test_two_namesakes_in_one_sentence_leave_the_surname_unlinked(nlp):
    text = ("The board elected Tomas Kettler and Irene Kettler as directors. "
            "Mr. Kettler has served as chief executive of Zelvox Corp. since 2004.")
    assert "Mr. Kettler" not in linked(nlp, text)


def test_an_honorific_written_with_a_full_name_states_the_gender(nlp):
    text = ("Mr. Tomas Kettler is our chairman. Ms. Irene Kettler is our treasurer.\n\n"
            "Irene Kettler joined in 2010. Tomas Kettler joined in 2001. Irene Kettler chairs the audit committee. "
            "Mr. Kettler was a partner of Tremont LLP.")
    assert linked(nlp, text)["Mr. Kettler"] == {"Tomas Kettler"}


def test_a_namesake_named_beside_the_surname_is_set_apart(nlp):
    text = ("The board elected Dorian K. Whitcombe as a director. Mr. Whitcombe leads Zelvox Corp. "
            "A company owned by Mr. Whitcombe's brother (Lionel Whitcombe) sold services to us. "
            "The board found that Mr. Whitcombe is independent.")
    got = linked(nlp, text)
    assert got["Mr. Whitcombe"] == {"Dorian K. Whitcombe"}


def test_a_shared_surname_before_any_full_name_stays_unlinked(nlp):
    text = ("Mr. Kettler will join the board. Tomas Kettler and, later, Irene Kettler were named.\n\n"
            "Irene Kettler chairs the audit committee.")
    assert "Mr. Kettler" not in linked(nlp, text)


# --------------------------------------------------------------------------- a surname that is a word

def test_an_honorific_with_a_surname_that_is_a_word_is_the_person(nlp):
    text = "On May 1, Daniel T. Rose, President of Zelvox Corp., announced results. Mr. Rose said sales rose."
    assert linked(nlp, text).get("Mr. Rose") == {"Daniel T. Rose"}


@pytest.mark.parametrize("name", ["B. Andrew Rose", "Andrew B. Rose", "Hugh M. Grant"])
def test_an_initial_a_first_name_and_a_known_surname_that_is_a_word_make_a_person(name):
    assert classify_name(name)[0] == "Person"


@pytest.mark.parametrize("name", ["Andrew Rose", "A. Grant Street Holdings"])
def test_without_an_initial_such_a_name_stays_undecided_or_an_organization(name):
    assert classify_name(name)[0] != "Person" or classify_name(name)[1] < 0.6


# --------------------------------------------------------------------------- signatures

def test_an_initial_after_a_stray_mark_in_a_signature_stays_with_the_name(nlp):
    text = "ZELVOX CORP.\n\nBy: /s/ /K. Roland Ashby\nChief Executive Officer\n\nMr. Ashby signed for Zelvox Corp.\n"
    got = linked(nlp, text)
    assert "K. Roland Ashby" in got
    assert got["K. Roland Ashby"] == got["Mr. Ashby"]


def test_a_signature_glued_to_its_initial_keeps_the_initial(nlp):
    text = "ZELVOX CORP.\n\nBy: /s/K. Roland Ashby\nName: K. Roland Ashby\nTitle: President\n"
    assert "K. Roland Ashby" in linked(nlp, text)


# --------------------------------------------------------------------------- definitions sections

def aliases(nlp, text: str) -> dict[str, set[str]]:
    d = Document(path="memo.txt", format="text", text=text, sha256="0" * 64, encoding="utf-8")
    return {e.label: set(e.aliases) for e in find_entities(d, nlp, None).entities}


@pytest.mark.parametrize("entry", ['"Nordbank": The Bank of Nova Hollandia.',
                                   '"Nordbank" means the Bank of Nova Hollandia, as managing agent.',
                                   '“Nordbank” shall mean The Bank of Nova Hollandia.'])
def test_a_definitions_entry_gives_a_bank_its_short_name(nlp, entry):
    text = f'Zelvox Corp. borrows from the Lenders.\n\n{entry}\n\n"Subsidiary": any company.\n\nNordbank shall act as agent.\n'
    got = linked(nlp, text)
    assert got.get("Nordbank") and next(iter(got["Nordbank"])).endswith("Bank of Nova Hollandia")


def test_a_capacity_word_in_a_definitions_entry_is_no_short_name(nlp):
    text = ('Zelvox Corp. borrows from the Lenders.\n\n"Agent": The Bank of Nova Hollandia.\n\n'
            '"Borrower": Zelvox Corp.\n\nThe Agent may resign.\n')
    got = aliases(nlp, text)
    assert not any({"Agent", "Borrower"} & a for a in got.values())


def test_an_acronym_in_a_definitions_entry_is_left_to_the_acronym_rules(nlp):
    text = ('Zelvox Corp. borrows from the Lenders.\n\n"NRFB": The Reserve Bank of Nova Hollandia.\n\n'
            '"Subsidiary": any company.\n\nThe NRFB Rate applies.\n')
    assert not any("NRFB" in a for a in aliases(nlp, text).values())

"""Every word list under extract/patterns/ that the entity recogniser reads loads and is sane."""

from __future__ import annotations

import re

import pytest

from corpkg.extract.names import PATTERN_FILES, lexicon, load_list


@pytest.mark.parametrize("name", PATTERN_FILES)
def test_pattern_file_loads_with_entries(name: str) -> None:
    entries = load_list(name)
    assert entries, f"{name} has no entries"
    assert all(e == e.strip() and e for e in entries), f"{name} has blank or padded entries"


def test_lexicon_builds_from_the_files() -> None:
    lex = lexicon()
    assert "llc" in lex.legal_suffix_keys and "inc" in lex.legal_suffix_keys
    assert "mr" in lex.honorifics
    assert "chief executive officer" in lex.titles
    assert "robert" in lex.first_names and len(lex.first_names) > 4000
    assert "board of directors" in lex.stop_phrases
    assert "NJ" in lex.state_codes and "new jersey" in lex.places
    assert any(row[0] == "Securities and Exchange Commission" and "SEC" in row for row in lex.known_orgs)


def test_issuer_synonyms_are_phrase_and_kind() -> None:
    for phrase, kind in lexicon().issuer_synonyms:
        assert kind in {"alias", "pronoun"}, phrase
        assert re.fullmatch(r"[A-Za-z ]+", phrase)


def test_titles_are_lower_case() -> None:
    assert all(t == t.lower() for t in lexicon().titles)


def test_known_companies_are_whole_names_apart_from_the_bodies() -> None:
    lex = lexicon()
    bodies = {form for row in lex.known_orgs for form in row}
    companies = [form for row in lex.known_companies for form in row]
    assert "Google" in companies and "Morgan Stanley" in companies
    assert not bodies & set(companies)  # one list per name: a body may be cut out of a run, a company never
    assert not {"Ford", "Dell", "Disney", "Target", "Apple"} & set(companies)  # words or surnames stay out

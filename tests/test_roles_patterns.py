"""Role pattern data loads, and the shared parsers (dates, money, percentages, titles,
sentences) behave as documented."""

from __future__ import annotations

import json
import re

import pytest

from corpkg.extract.roles import common
from corpkg.extract.roles.common import (
    find_dates,
    find_money,
    find_percents,
    load_json,
    load_tsv,
    normalise_titles,
    parse_date,
    pattern_files,
    regexes,
    role_patterns,
    split_sentences,
)


def test_every_pattern_file_loads_and_compiles():
    names = pattern_files()
    assert {"titles.tsv", "subsidiaries.json", "officers.json", "lenders.json", "litigation.json",
            "acquisitions.json", "exhibit21.json", "issuer.json", "common.json"} <= set(names)
    for name in names:
        if name.endswith(".json"):
            data = load_json(name)
            assert isinstance(data, dict) and data.get("_doc"), name
            compiled = {**role_patterns(name), **regexes(name)}  # its lists of alternatives and its whole regexes
            assert compiled, name
            for key, rx in compiled.items():
                assert isinstance(rx, re.Pattern), (name, key)
        elif name.endswith(".jsonl"):
            for line in common._read(name).splitlines():
                if line.strip():
                    json.loads(line)
        else:
            rows = load_tsv(name)
            assert rows and all(len(r) >= 2 and all(r) for r in rows), name


def test_title_vocabulary_covers_the_contract_titles():
    canon = {r[0] for r in load_tsv("titles.tsv")}
    for t in ("President", "Chief Executive Officer", "Chief Financial Officer", "Chief Operating Officer", "Director",
              "Chairman", "Secretary", "Treasurer", "Vice President", "Executive Vice President", "General Counsel"):
        assert t in canon


@pytest.mark.parametrize(
    "printed, titles",
    [
        ("President, Chief Executive\n   Officer and Director", ["President", "Chief Executive Officer", "Director"]),
        ("Executive Vice President", ["Executive Vice President"]),
        ("Chairman of the Board and CEO", ["Chairman", "Chief Executive Officer"]),
        ("Senior Vice President and Chief Financial Officer", ["Senior Vice President", "Chief Financial Officer"]),
        ("Secretary-Treasurer", ["Secretary", "Treasurer"]),
        ("SVP/General Counsel", ["Senior Vice President", "General Counsel"]),
        ("Director of Marketing", []),
        ("the Board of Directors", []),
        ("vice chairman", ["Vice Chairman"]),
        ("ceo", []),  # abbreviations only in capitals
    ],
)
def test_titles_normalise(printed, titles):
    assert normalise_titles(printed) == titles


@pytest.mark.parametrize(
    "text, iso",
    [
        ("filed on February 22, 2002.", "2002-02-22"),
        ("ended March 31,2002", "2002-03-31"),
        ("on the 4th day of February, 2002", "2002-02-04"),
        ("Effective 2003-01-08", "2003-01-08"),
        ("dated 1/8/03", "2003-01-08"),
        ("In January 2003", "2003-01"),
        ("Sept. 30, 1999", "1999-09-30"),
        ("February 30, 2002", None),
        ("no date here, may 2002 is a verb use", None),
    ],
)
def test_dates_to_iso(text, iso):
    assert parse_date(text) == iso


def test_find_dates_offsets_point_at_the_text():
    text = "On April 12, 2002, X filed; on May 20, 2002 Y signed."
    for a, b, iso in find_dates(text):
        assert iso.startswith("2002")
        assert text[a:b] in ("April 12, 2002", "May 20, 2002")


@pytest.mark.parametrize(
    "text, amount, cur",
    [
        ("up to $500,000 against", "500000", "USD"),
        ("a $60 million revolving credit facility", "60000000", "USD"),
        ("$1.25 billion", "1250000000", "USD"),
        ("€ 3,000", "3000", "EUR"),
        ("$0.001 par value", "0.001", "USD"),
    ],
)
def test_money(text, amount, cur):
    (_, _, got, got_cur), *_ = find_money(text)
    assert (got, got_cur) == (amount, cur)


def test_percents():
    assert [p for _, _, p in find_percents("70% of receivables, 4.5 percent over prime, 99.93 %")] == ["70", "4.5", "99.93"]


def test_sentences_keep_legal_suffixes_and_initials_inside():
    text = ("Robert J. Scott became President of The Auxer Group, Inc. on January 8. "
            "Eugene Chiaramonte, Jr. resigned. Amazon.com, Inc. completed its acquisition of Junglee Corp. "
            "The merger closed.")
    sents = [text[a:b] for a, b in split_sentences(text)]
    assert sents == [
        "Robert J. Scott became President of The Auxer Group, Inc. on January 8.",
        "Eugene Chiaramonte, Jr. resigned.",
        "Amazon.com, Inc. completed its acquisition of Junglee Corp.",
        "The merger closed.",
    ]

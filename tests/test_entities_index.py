"""Grouping mentions into entities within a filing: aliases, short forms, the issuer, passage Docs."""

from __future__ import annotations

import pytest

from corpkg.extract.entities import find_entities, iter_passage_docs
from corpkg.extract.model import Document, Entity
from corpkg.extract.nlp import build_pipeline


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline()


def doc(text: str) -> Document:
    return Document(path="memo.txt", format="text", text=text, sha256="0" * 64, encoding="utf-8")


ISSUER = Entity(key="auxer-group", kind="Organization", label="THE AUXER GROUP, INC.", is_issuer=True,
                identifiers=(("cik", "0000000001"),))

TEXT = """THE AUXER GROUP, INC.
(Exact name of registrant as specified in its charter)

The accompanying statements present The Auxer Group, Inc. and subsidiaries (collectively, the "Company").

The Auxer Group is a holding company with two subsidiaries: The Harvey Westbury Corp., and Hardyston
Distributors, Inc. (doing business as The Mechanics Depot). Harvey Westbury assembles accessories.
Auxer also plans new sites. We had loans under a security agreement with Merchant Financial Corporation.
Merchant agreed to lend 75% of receivables. Quantum Corporate Funding Ltd. ("Quantum") lends to Harvey Westbury.
Quantum may terminate the facility.

Robert J. Scott became the Company's sole Director and President. Mr. Scott signed for the Company.

By: /s/ Robert J. Scott
Robert J. Scott
President
"""


@pytest.fixture(scope="module")
def index(nlp):
    return find_entities(doc(TEXT), nlp, ISSUER)


def by_label(index, label: str) -> Entity:
    for e in index.entities:
        if e.label == label:
            return e
    raise AssertionError(f"{label!r} not among {[e.label for e in index.entities]}")


def test_entities_and_kinds(index) -> None:
    got = {(e.label, e.kind) for e in index.entities}
    assert got == {
        ("The Auxer Group, Inc.", "Organization"),
        ("The Harvey Westbury Corp.", "Organization"),
        ("Hardyston Distributors, Inc.", "Organization"),
        ("Merchant Financial Corporation", "Organization"),
        ("Quantum Corporate Funding Ltd.", "Organization"),
        ("Robert J. Scott", "Person"),
    }


def test_issuer_is_merged_not_duplicated(index) -> None:
    issuer = index.issuer
    assert issuer is not None and issuer.key == "auxer-group" and issuer.is_issuer
    assert issuer.label == "The Auxer Group, Inc."  # the fullest name as written wins over the upper-case one
    assert "THE AUXER GROUP, INC." in issuer.aliases
    assert issuer.identifiers == (("cik", "0000000001"),)
    assert sum(1 for e in index.entities if e.is_issuer) == 1


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("the Company", "The Auxer Group, Inc."),
        ("the Company's", "The Auxer Group, Inc."),
        ("we", "The Auxer Group, Inc."),
        ("Auxer", "The Auxer Group, Inc."),
        ("AUXER GROUP INC", "The Auxer Group, Inc."),
        ("Harvey Westbury", "The Harvey Westbury Corp."),
        ("The Mechanics Depot", "Hardyston Distributors, Inc."),
        ("Quantum", "Quantum Corporate Funding Ltd."),
        ("Merchant", "Merchant Financial Corporation"),
        ("Mr. Scott", "Robert J. Scott"),
        ("Scott", "Robert J. Scott"),
        ("Robert Scott", "Robert J. Scott"),
    ],
)
def test_resolve_names_aliases_and_short_forms(index, name: str, label: str) -> None:
    found = index.resolve(name)
    assert found is not None and found.label == label


def test_unknown_names_do_not_resolve(index) -> None:
    assert index.resolve("Acme Widgets, Inc.") is None
    assert index.resolve("") is None


def test_short_forms_are_mentions_and_aliases(index) -> None:
    hw = by_label(index, "The Harvey Westbury Corp.")
    assert "Harvey Westbury" in hw.aliases
    quotes = [m.quote for m in hw.mentions]
    assert quotes.count("Harvey Westbury") == 2
    assert "Quantum" in by_label(index, "Quantum Corporate Funding Ltd.").aliases
    assert "Merchant" in by_label(index, "Merchant Financial Corporation").aliases


def test_every_mention_quotes_the_text(index) -> None:
    for e in index.entities:
        for m in e.mentions:
            assert TEXT[m.start : m.end] == m.quote
    for _s, _t, key, label in index.mentions:
        assert label in {"ORG", "PERSON"} and index.entity(key)


def test_passage_docs_carry_entity_keys_and_offsets(index, nlp) -> None:
    docs = list(iter_passage_docs(doc(TEXT), index, nlp))
    assert docs
    seen = set()
    for d in docs:
        start = d._.passage_start
        assert TEXT[start : start + len(d.text)] == d.text
        for ent in d.ents:
            assert ent.label_ in {"ORG", "PERSON"}
            assert index.entity(ent.kb_id_)
            assert TEXT[start + ent.start_char : start + ent.end_char] == ent.text
            seen.add((ent.text, ent.kb_id_))
    assert ("Harvey Westbury", by_label(index, "The Harvey Westbury Corp.").key) in seen
    assert ("Robert J. Scott", by_label(index, "Robert J. Scott").key) in seen


def test_defined_company_elsewhere_is_not_the_issuer(nlp) -> None:
    text = ('THE AUXER GROUP, INC.\n\nMERGER AGREEMENT between Zephyr Widgets, Inc. (the "Company") and '
            "Quillon Holdings LLC.\n\nThe Company shall deliver its books.")
    d = Document(path="m.txt", format="text", text=text, sha256="0" * 64, encoding="utf-8")
    idx = find_entities(d, nlp, ISSUER)
    zephyr = by_label(idx, "Zephyr Widgets, Inc.")
    start = text.rindex("The Company")
    keys = [k for s, e, k, _ in idx.mentions if s == start]
    assert keys == [zephyr.key]


def test_typo_of_a_name_is_the_same_entity(nlp) -> None:
    text = ("Auxer Telecom, Inc. sells phone cards.\n\nOn March 18, 2002 Auxer Telcom, Inc was dissolved.\n\n"
            "The Board approved the dissolution of Auxer Telecom.")
    idx = find_entities(doc(text), nlp, None)
    orgs = [e for e in idx.entities if e.kind == "Organization"]
    assert len(orgs) == 1 and "Auxer Telcom, Inc" in orgs[0].aliases


def test_issuer_from_the_cover_when_no_issuer_stage_ran(nlp) -> None:
    idx = find_entities(doc(TEXT), nlp, None)
    assert idx.issuer is not None and idx.issuer.label == "The Auxer Group, Inc."


def test_a_name_alone_on_its_line_above_a_title_is_a_person(nlp) -> None:
    text = ("Name\tPosition\n\nZhang Xiaoqiang\n\n38 South Yuetan Street, Beijing, China\n\n"
            "Independent Director\tVice Chairman\n\nFixed Income Markets\n\nSome text follows here.")
    idx = find_entities(doc(text), nlp, None)
    labels = {e.label: e.kind for e in idx.entities}
    assert labels.get("Zhang Xiaoqiang") == "Person"
    assert "Fixed Income Markets" not in labels


def test_role_word_defined_for_a_party_resolves_to_it(nlp) -> None:
    text = ('This agreement is made between SILICON VALLEY BANK ("Bank") and VRINGO, INC., a Delaware '
            'corporation ("Borrower"), of www.vringo.com.\n\nBank will lend to Borrower and Borrower will repay Bank.')
    idx = find_entities(doc(text), nlp, None)
    borrower = idx.resolve("Borrower")
    assert borrower is not None and borrower.label == "VRINGO, INC."
    assert idx.resolve("the Bank").label == "SILICON VALLEY BANK"
    start = text.index("Borrower will")
    assert [k for s, e, k, _ in idx.mentions if s == start] == [borrower.key]


def test_same_name_other_legal_form_is_another_company(nlp) -> None:
    text = ("CAMP4 Therapeutics Corporation develops medicines. CAMP4 Therapeutics Corporation owns all of "
            "CAMP4 Therapeutics Pty Ltd, an Australian company.\n\nCAMP4 Therapeutics Pty Ltd runs the trials.")
    idx = find_entities(doc(text), nlp, None)
    labels = sorted(e.label for e in idx.entities)
    assert labels == ["CAMP4 Therapeutics Corporation", "CAMP4 Therapeutics Pty Ltd"]


def test_ordinary_words_become_short_forms_only_when_used_as_names(nlp) -> None:
    text = ("County Wide Sanitation Partners, L.P. operates a landfill. The County has guaranteed the bonds of "
            "the County.\n\nNuance Communications, Inc. agreed to buy it. Nuance said the price was fair. "
            "Later Nuance paid.")
    idx = find_entities(doc(text), nlp, None)
    assert idx.resolve("County") is None
    assert idx.resolve("Nuance").label == "Nuance Communications, Inc."


def test_subsidiaries_named_after_places_keep_their_full_names(nlp) -> None:
    text = "Subsidiaries: Waste Management of New York City, Inc. and Waste Management of Alameda County, Inc."
    labels = {e.label for e in find_entities(doc(text), nlp, None).entities}
    assert {"Waste Management of New York City, Inc.", "Waste Management of Alameda County, Inc."} <= labels

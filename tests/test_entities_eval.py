"""Scoring against gold answers (corpkg.extract.evaluate) and the recogniser's measured quality."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from corpkg.extract.evaluate import evaluate, score_filing
from corpkg.extract.model import Document, Entity, Evidence, Extraction, Fact

ROOT = Path(__file__).resolve().parents[1]


def ent(key: str, kind: str, label: str, *aliases: str, issuer: bool = False) -> Entity:
    return Entity(key=key, kind=kind, label=label, aliases=aliases, is_issuer=issuer)  # type: ignore[arg-type]


def extraction(entities, facts=()) -> Extraction:
    d = Document(path="x.txt", format="text", text="", sha256="0" * 64, encoding="utf-8")
    return Extraction(document=d, entities=tuple(entities), facts=tuple(facts), extractor_version="test")


GOLD = {
    "filing": "x.txt",
    "issuer": {"name": "The Auxer Group, Inc."},
    "entities": [
        {"name": "The Auxer Group, Inc.", "type": "Organization", "aliases": ["Auxer", "the Company"]},
        {"name": "Quantum Corporate Funding Ltd.", "type": "Organization", "aliases": ["Quantum"]},
        {"name": "Eugene Chiaramonte, Jr.", "type": "Person", "aliases": []},
        {"name": "Securities and Exchange Commission", "type": "Organization", "aliases": ["SEC"], "optional": True},
        {"name": "The Harvey Westbury Corp.", "type": "Organization", "aliases": []},
    ],
    "not_entities": [{"name": "Easy Test"}],
    "lenders": [{"lender": "Quantum Corporate Funding Ltd.", "borrower": ["The Harvey Westbury Corp.", "The Auxer Group, Inc."]}],
    "litigants": [{"party": "The Auxer Group, Inc.", "side": "plaintiff"}],
    "officers": [],
    "optional_officers": [{"person": "Eugene Chiaramonte, Jr.", "org": "The Auxer Group, Inc."}],
}


def test_names_match_after_normalisation_and_by_alias() -> None:
    rep = score_filing(GOLD, extraction([
        ent("a", "Organization", "AUXER GROUP INC", issuer=True),
        ent("q", "Organization", "Quantum"),
        ent("e", "Person", "Mr. Eugene Chiaramonte"),
        ent("h", "Organization", "Harvey Westbury Corp"),
    ]))
    s = rep.scores["entity:all"]
    assert (s.tp, s.fp, s.fn) == (4, 0, 0)
    assert rep.scores["role:issuer"].tp == 1


def test_optional_not_entities_duplicates_and_wrong_types() -> None:
    rep = score_filing(GOLD, extraction([
        ent("a", "Organization", "The Auxer Group, Inc."),
        ent("a2", "Organization", "Auxer"),  # a duplicate: counted wrong
        ent("s", "Organization", "SEC"),  # optional: neither right nor wrong
        ent("t", "Organization", "Easy Test"),  # listed as not an entity
        ent("e", "Organization", "Eugene Chiaramonte, Jr."),  # wrong type
    ]))
    org, per = rep.scores["entity:Organization"], rep.scores["entity:Person"]
    assert (org.tp, org.fp, org.fn) == (1, 3, 2)  # FNs: Quantum, Harvey Westbury
    assert (per.tp, per.fp, per.fn) == (0, 0, 1)
    whys = {e.item: e.why for e in rep.errors if e.kind == "fp"}
    assert whys["Easy Test"] == "listed in not_entities"
    assert whys["Auxer"].startswith("duplicate")
    assert "gold says Person" in whys["Eugene Chiaramonte, Jr."]


def test_roles_any_borrower_sides_and_optional_facts() -> None:
    ents = [ent("a", "Organization", "The Auxer Group, Inc.", issuer=True), ent("q", "Organization", "Quantum"),
            ent("h", "Organization", "Harvey Westbury"), ent("e", "Person", "Eugene Chiaramonte")]
    ev = (Evidence("x", 0, 1),)
    facts = [
        Fact("credit", (("lender", "q"), ("borrower", "h"), ("borrower", "a")), (), ev),  # two pairs, one gold fact
        Fact("proceeding", (("plaintiff", "a"), ("defendant", "q")), (), ev),
        Fact("position", (("holder", "e"), ("organization", "a")), (), ev),  # optional
    ]
    rep = score_filing(GOLD, extraction(ents, facts))
    lend, lit, off = rep.scores["role:lenders"], rep.scores["role:litigants"], rep.scores["role:officers"]
    assert (lend.tp, lend.fp, lend.fn) == (1, 0, 0)
    assert (lit.tp, lit.fp, lit.fn) == (1, 1, 0)
    assert (off.tp, off.fp, off.fn) == (0, 0, 0)


def test_missing_filing_is_reported_not_raised(tmp_path: Path) -> None:
    (tmp_path / "g.json").write_text('{"filing": "does-not-exist.txt", "entities": []}')
    rep = evaluate(tmp_path, tmp_path, extract=lambda d: extraction([]))
    assert rep.filings[0].failure == "filing not found"


def test_a_filing_with_incomplete_entities_counts_for_roles_only(tmp_path: Path) -> None:
    import json

    (tmp_path / "x.txt").write_text("The Auxer Group, Inc. sued Quantum.")
    extra = ent("o:bank", "Organization", "First Bank")  # not listed: incomplete, so no false positive
    found = extraction([ent("o:auxer", "Organization", "The Auxer Group, Inc.", issuer=True), extra])
    for complete, entity_scored in ((True, True), (False, False)):
        (tmp_path / "g.json").write_text(json.dumps({**GOLD, "entities_complete": complete}))
        rep = evaluate(tmp_path, tmp_path, extract=lambda d, found=found: found).filings[0]
        assert ("entity:all" in rep.scores) is entity_scored
        assert any(e.category.startswith("entity:") for e in rep.errors) is entity_scored
        assert rep.scores["role:lenders"].fn == 1  # role facts are scored either way


def test_seed_entities_match_their_gold(gold_dir: Path) -> None:
    gold = gold_dir
    report = evaluate(gold, ROOT / "examples")
    total = report.totals["entity:all"]
    assert not [f for f in report.filings if f.failure]
    assert total.f1 >= 0.95, report.to_table()


@pytest.mark.slow
def test_dev_set_entity_f1(corpus_dir: Path) -> None:
    gold = ROOT / "tests" / "gold"
    if not any(gold.glob("*.json")):
        pytest.skip("no development gold files")
    corpus = corpus_dir
    report = evaluate(gold, corpus)
    assert not [f.failure for f in report.filings if f.failure]
    assert report.totals["entity:all"].f1 >= 0.88, report.to_table()


def test_eval_command_prints_scores(gold_dir: Path) -> None:
    from corpkg.commands.evaluate import command

    gold = gold_dir
    result = CliRunner().invoke(command, [str(gold), "--filings", str(ROOT / "examples"), "--no-errors"])
    assert result.exit_code == 0, result.output
    assert "entity:Organization" in result.output and "role:officers" in result.output
    result = CliRunner().invoke(command, [str(gold), "--filings", str(ROOT / "examples"), "--format", "json",
                                          "--min-f1", "1.01"])
    assert result.exit_code == 1
    assert '"entity:all"' in result.output


def test_a_party_listed_once_per_case_counts_once() -> None:
    # the litigants key is (party, side) per filing: a gold list naming the issuer as defendant in
    # three cases is one fact to find, and finding it once is full recall
    ents = [ent("a", "Organization", "The Auxer Group, Inc.", issuer=True), ent("q", "Organization", "Quantum")]
    gold = {**GOLD, "litigants": [{"party": "Quantum", "side": "plaintiff", "case": f"Quantum v. Auxer {n}"}
                                  for n in range(3)] + [{"party": "The Auxer Group, Inc.", "side": "defendant"}] * 3}
    found = [Fact("proceeding", (("plaintiff", "q"), ("defendant", "a")), (), (Evidence("x", 0, 1),))]
    lit = score_filing(gold, extraction(ents, found)).scores["role:litigants"]
    assert (lit.tp, lit.fp, lit.fn) == (2, 0, 0)
    missed = score_filing(gold, extraction(ents, found[:0])).scores["role:litigants"]
    assert (missed.tp, missed.fp, missed.fn) == (0, 0, 2)


def test_two_facts_whose_names_normalise_alike_match_one_gold_fact_each() -> None:
    # "Beryllium Acquisition Corporation" and "Beryllium Acquisition LLC" are two merger subsidiaries whose
    # names agree once the legal form is dropped: each predicted fact takes its own gold fact (the first
    # gold fact a prediction matches, when already taken, no longer hides the second)
    ents = [ent("n", "Organization", "Nuance Communications, Inc.", issuer=True),
            ent("c", "Organization", "Beryllium Acquisition Corporation"),
            ent("l", "Organization", "Beryllium Acquisition LLC")]
    gold = {"filing": "x.txt", "issuer": {"name": "Nuance Communications, Inc."},
            "entities": [{"name": e.label, "type": "Organization"} for e in ents],
            "subsidiaries": [{"subsidiary": "Beryllium Acquisition Corporation", "parent": "Nuance Communications, Inc."},
                             {"subsidiary": "Beryllium Acquisition LLC", "parent": "Nuance Communications, Inc."}]}
    facts = [Fact("subsidiary", (("owner", "n"), ("owned", k)), (), (Evidence("x", 0, 1),)) for k in ("c", "l")]
    both = score_filing(gold, extraction(ents, facts)).scores["role:subsidiaries"]
    assert (both.tp, both.fp, both.fn) == (2, 0, 0)
    one = score_filing(gold, extraction(ents, facts[:1])).scores["role:subsidiaries"]
    assert (one.tp, one.fp, one.fn) == (1, 0, 1)

"""The learned pair classifier (corpkg.extract.learned): candidates, gold labels, the shipped
model's behaviour on hand-made sentences, the pipeline stage and a smoke training run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpkg.extract.learned import (
    LABELS,
    candidates_of,
    gold_pairs,
    load_model,
    marked_words,
    propose_facts,
    role_trigger,
)
from corpkg.extract.learned.pairs import EXTRACTOR_NAME, fact_pairs, learned_pipeline, rules_pipeline
from corpkg.extract.model import Entity
from corpkg.extract.roles.common import Passage, RoleContext
from corpkg.extract.roles.testing import key_of, make_doc

ACME = ("Acme Robotics, Inc.", "ORG", "acme")


def _passage(text: str, ents: list[tuple[str, ...]], issuer: str | None = "acme") -> Passage:
    return Passage(make_doc(text, ents, context=RoleContext(issuer_key=issuer)))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- candidates


def test_a_candidate_marks_its_two_mentions_and_masks_the_others():
    p = _passage("Jane Roe, a director of Widget Corp., joined Acme Robotics, Inc. in 2019.",
                 [("Jane Roe", "PERSON"), ("Widget Corp.", "ORG"), ACME])
    words = {" ".join(marked_words(c)) for c in candidates_of(p)}
    assert ("<e1:PER> Jane Roe </e1> , a director of <e2:ORG> Widget Corp. </e2> , joined <ORG> in 2019 ." in words)
    assert any("<e1:PER> Jane Roe </e1> , a director of <ORG> , joined <e2:ORG> Acme Robotics , Inc. </e2>" in w for w in words)


def test_the_company_is_the_issuer_and_one_pair_per_two_entities():
    p = _passage("Acme Robotics, Inc. said Jane Roe, the Company's chief technology officer, met Jane Roe's team.",
                 [("Jane Roe", "PERSON"), ACME])
    cands = list(candidates_of(p))
    assert {c.keys for c in cands} == {("acme", "jane-roe"), ("jane-roe", "acme")}
    assert all(c.first.key != c.second.key for c in cands)


def test_a_person_with_a_title_and_no_organization_is_paired_with_the_issuer():
    p = _passage("Contact: John Doe, Senior Vice President, Chief Financial Officer and Treasurer",
                 [("John Doe", "PERSON")])
    (c,) = candidates_of(p)
    assert c.implicit and c.keys == ("john-doe", "acme")
    assert marked_words(c)[:4] == ["<e2:ISS>", "</e2>", "Contact", ":"]
    assert list(candidates_of(_passage("Contact: John Doe, Senior Vice President", [("John Doe", "PERSON")], None))) == []


def test_every_role_has_a_trigger_from_its_rule_component():
    for role in ("subsidiary", "position", "credit", "acquisition", "proceeding"):
        pattern = role_trigger(role)
        assert pattern is not None
    assert role_trigger("acquisition").search("agreed to acquire")  # type: ignore[union-attr]
    assert not role_trigger("credit").search("Jane Roe lives in Paris")  # type: ignore[union-attr]


# --------------------------------------------------------------------------- gold labels


def _entity(name: str, kind: str = "Organization", aliases: tuple[str, ...] = ()) -> Entity:
    return Entity(key=key_of(name), kind=kind, label=name, aliases=aliases)  # type: ignore[arg-type]


def test_gold_facts_label_pairs_with_role_and_direction():
    gold = {
        "entities": [{"name": "Acme Robotics, Inc.", "aliases": ["Acme"]}, {"name": "Widget Corp."},
                     {"name": "Jane Roe", "type": "Person"}, {"name": "First Bank, N.A."}],
        "subsidiaries": [{"subsidiary": "Widget Corp.", "parent": "Acme"}],
        "officers": [{"person": "Jane Roe", "org": "Acme Robotics, Inc.", "titles": ["Director"]}],
        "lenders": [{"lender": "First Bank, N.A.", "borrower": ["Acme", "Widget Corp."]}],
        "optional_acquirers": [{"acquirer": "Acme", "target": "Widget Corp."}],
    }
    gp = gold_pairs(gold)
    acme, widget = _entity("Acme Robotics, Inc."), _entity("Widget Corporation")
    jane, bank = _entity("Ms. Jane Roe", "Person"), _entity("First Bank")
    assert gp.labels(acme, widget) == ({"subsidiary>"}, True)
    assert gp.labels(widget, acme) == ({"subsidiary<"}, True)
    assert gp.labels(jane, acme) == ({"position>"}, False)
    assert gp.labels(widget, bank) == ({"credit<"}, False)
    assert gp.labels(jane, bank) == (set(), False)


# --------------------------------------------------------------------------- the shipped model


@pytest.fixture(scope="module")
def model():
    return load_model()


def test_the_shipped_model_has_a_version_thresholds_and_every_label(model):
    assert model.version.startswith("0.") and "+" in model.version
    assert model.extractor == f"{EXTRACTOR_NAME}@{model.version}"
    assert set(model.nlp.get_pipe("textcat_multilabel").labels) == set(LABELS)
    assert set(model.thresholds) == {"subsidiary", "position", "credit", "acquisition", "proceeding"}


def _facts(model, text: str, ents: list[tuple[str, ...]], threshold: float | None = None):
    doc = make_doc(text, ents, context=RoleContext(issuer_key="acme"))
    facts = propose_facts(None, [doc], model=model, threshold=threshold)
    for f in facts:
        for ev in f.evidence:
            assert text[ev.start : ev.end] == ev.quote
            assert ev.extractor == model.extractor and 0.0 < ev.confidence <= 1.0
    return facts


OFFICER_SENTENCES = [
    ("“We are pleased with the quarter,” said Jane Roe, the Company's executive vice president and chief "
     "technology officer.", "Jane Roe", {"Executive Vice President", "Chief Technology Officer"}),
    ("Contact: John Doe, Senior Vice President, Chief Financial Officer and Treasurer", "John Doe",
     {"Senior Vice President", "Chief Financial Officer", "Treasurer"}),
]


@pytest.mark.parametrize(("text", "person", "titles"), OFFICER_SENTENCES)
def test_the_model_proposes_an_officer_of_the_issuer_with_a_probability(model, text, person, titles):
    # since the eighth session's retraining the shipped position threshold is off (the rules alone score as
    # well on dev); the model still ranks a press-release officer high
    facts = _facts(model, text, [(person, "PERSON"), ACME], threshold=0.5)
    positions = [f for f in facts if f.role == "position"]
    assert positions, "no position proposed"
    assert {(f.participant("holder")[0], f.participant("organization")[0]) for f in positions} == {(key_of(person), "acme")}
    assert titles <= {t for f in positions for t in f.attribute("title")}
    assert max(f.evidence[0].confidence for f in positions) >= 0.5


def test_the_model_proposes_the_sides_of_a_complaint_at_a_lower_threshold(model):
    # the shipped thresholds keep proceedings off (no dev gain at precision 0.85); the model still ranks them
    text = "On March 3, 2003, First National Bank filed a complaint against Acme Robotics, Inc. in the Superior Court."
    facts = _facts(model, text, [("First National Bank", "ORG"), ACME], threshold=0.1)
    assert [(f.role, f.participant("plaintiff"), f.participant("defendant")) for f in facts] == [
        ("proceeding", ["first-national-bank"], ["acme"])]


def test_no_fact_from_a_sentence_without_a_role(model):
    text = "Jane Roe met Acme Robotics, Inc. engineers in Paris."
    assert _facts(model, text, [("Jane Roe", "PERSON"), ACME], threshold=0.02) == []


def test_a_threshold_above_one_proposes_nothing(model):
    doc = make_doc(OFFICER_SENTENCES[0][0], [("Jane Roe", "PERSON"), ACME], context=RoleContext(issuer_key="acme"))
    assert propose_facts(None, [doc], model=model, threshold=1.01) == []


# --------------------------------------------------------------------------- in the pipeline


def test_the_stage_only_adds_pairs_the_rules_left_out(seed_paths):
    from corpkg.extract.pipeline import extract_filing
    from corpkg.extract.reader import read_filing

    rules, learned = rules_pipeline(), learned_pipeline()
    assert "learned_pairs" not in rules.pipe_names
    assert learned.pipe_names[-2:] == ["learned_pairs", "finalize"]
    for path in seed_paths:
        document = read_filing(path)
        base = extract_filing(document, nlp=rules)
        both = extract_filing(document, nlp=learned)
        assert fact_pairs(base.facts) <= fact_pairs(both.facts)
        for f in both.facts:
            for ev in f.evidence:
                assert document.text[ev.start : ev.end] == ev.quote
        added = [f for f in both.facts if all(ev.extractor.startswith(EXTRACTOR_NAME) for ev in f.evidence)]
        linked = {(role, frozenset((a, b))) for role, a, b in fact_pairs(base.facts)}
        assert not {(role, frozenset((a, b))) for role, a, b in fact_pairs(added)} & linked


# --------------------------------------------------------------------------- training


@pytest.mark.slow
def test_smoke_training_on_three_documents(tmp_path: Path, shared_dir: Path):
    from corpkg.extract.learned.train import DEFAULT_DEV, train

    out = tmp_path / "pairs"
    info = train(limit_files=3, max_steps=10, out=out, dev_dir=DEFAULT_DEV)
    assert info["train_candidates"] > 0 and info["model_version"].startswith("0.")
    meta = json.loads((out / "meta.json").read_text())
    assert meta["corpkg"]["model_version"] == info["model_version"]
    m = load_model(out)
    (scores,) = m.score_words([["<e1:PER>", "Jane", "Roe", "</e1>", ",", "president", "of", "<e2:ORG>", "Acme", "</e2>"]])
    assert set(scores) == set(LABELS) and all(0.0 <= v <= 1.0 for v in scores.values())

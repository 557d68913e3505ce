"""``--model``: an installed spaCy pipeline's NER is merged with ours.

The test trains a tiny NER model in a few seconds, saves it under tmp_path and loads it by path.
"""

from __future__ import annotations

import random

import pytest
import spacy
from spacy.training import Example

from corpkg.errors import CorpkgError
from corpkg.extract.entities import find_entities
from corpkg.extract.model import Document
from corpkg.extract.nlp import COMPONENT, build_pipeline

TRAIN = [
    ("Zorblax signed the lease.", [(0, 7, "ORG")]),
    ("The lease was signed by Zorblax yesterday.", [(24, 31, "ORG")]),
    ("Payments go to Zorblax every month.", [(15, 22, "ORG")]),
    ("Wendeline approved the plan.", [(0, 9, "PERSON")]),
    ("The plan was approved by Wendeline on Monday.", [(25, 34, "PERSON")]),
    ("Nothing else happened.", []),
]


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> str:
    random.seed(0)
    nlp = spacy.blank("en")
    ner = nlp.add_pipe("ner")
    for label in ("ORG", "PERSON"):
        ner.add_label(label)
    examples = [Example.from_dict(nlp.make_doc(t), {"entities": ents}) for t, ents in TRAIN]
    optimizer = nlp.initialize(lambda: examples, sgd=None)
    for _ in range(40):
        random.shuffle(examples)
        nlp.update(examples, sgd=optimizer, drop=0.0)
    path = tmp_path_factory.mktemp("tiny") / "tiny_ner"
    nlp.to_disk(path)
    return str(path)


def test_pipeline_without_model_has_only_our_component() -> None:
    nlp = build_pipeline()
    assert nlp.pipe_names == [COMPONENT]
    assert "doc.ents" in nlp.get_pipe_meta(COMPONENT).assigns


def test_model_pipeline_runs_ner_then_ours(tiny_model: str) -> None:
    nlp = build_pipeline(tiny_model)
    assert nlp.pipe_names[-1] == COMPONENT and "ner" in nlp.pipe_names


def test_model_entities_are_merged_with_ours(tiny_model: str) -> None:
    text = "Zorblax signed the lease with Quantum Corporate Funding Ltd. yesterday."
    document = Document(path="t.txt", format="text", text=text, sha256="0" * 64, encoding="utf-8")
    ours = {e.label for e in find_entities(document, build_pipeline(), None).entities}
    assert "Zorblax" not in ours  # a bare single word: our rules do not accept it alone
    merged = {e.label: e.kind for e in find_entities(document, build_pipeline(tiny_model), None).entities}
    assert merged.get("Zorblax") == "Organization"
    assert merged.get("Quantum Corporate Funding Ltd.") == "Organization"


def test_model_spans_that_our_filters_reject_are_dropped(tiny_model: str) -> None:
    nlp = build_pipeline(tiny_model)
    doc = nlp("Zorblax signed the lease.")
    # whatever the model says, a stop phrase never becomes an entity
    doc2 = nlp("The Board of Directors signed the lease.")
    assert all(e.text != "Board of Directors" for e in doc2.ents)
    assert any(e.text == "Zorblax" for e in doc.ents)


def test_unknown_model_is_a_clear_error() -> None:
    with pytest.raises(CorpkgError, match="cannot load spaCy pipeline"):
        build_pipeline("no_such_spacy_model_xyz")

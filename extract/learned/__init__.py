"""The learned layer: statistical components trained from scratch on corpkg's annotated filings.

Rules read what has a grammar (headers, covers, signature blocks, Exhibit 21 tables, captions);
narrative varies without end.  Here a spaCy classifier decides, for two entity mentions in a
sentence, which role links them and in which direction (:mod:`.candidates`, :mod:`.pairs`).
Its weights ship in ``corpkg/extract/models/pairs`` and are rebuilt by ``make train``
(:mod:`.train`, thresholds chosen on the dev set by :mod:`.tune`); every fact it proposes
records the model's version and probability in its evidence.

* :func:`propose_facts` — role facts proposed for a filing's passage Docs;
* the spaCy factory ``corpkg_learned_pairs`` (:class:`LearnedPairsStage`) — the same as a
  pipeline stage between the role components and ``finalize``;
* :func:`learned_pipeline` — the package's pipeline with that stage added.
"""

from corpkg.extract.learned.candidates import LABELS, ROLE_SLOTS, Candidate, all_candidates, candidates_of, marked_words
from corpkg.extract.learned.gold import GoldPairs, gold_pairs
from corpkg.extract.learned.pairs import (
    EXTRACTOR_NAME,
    LearnedPairsStage,
    PairModel,
    default_model_path,
    learned_pipeline,
    load_model,
    propose_facts,
)
from corpkg.extract.learned.triggers import role_trigger, triggered

__all__ = [
    "LABELS",
    "ROLE_SLOTS",
    "Candidate",
    "all_candidates",
    "candidates_of",
    "marked_words",
    "GoldPairs",
    "gold_pairs",
    "EXTRACTOR_NAME",
    "LearnedPairsStage",
    "PairModel",
    "default_model_path",
    "learned_pipeline",
    "load_model",
    "propose_facts",
    "role_trigger",
    "triggered",
]

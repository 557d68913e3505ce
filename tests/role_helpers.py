"""Hand-made 8-K text for the role tests of the seventh session onwards: an invented issuer's cover and
the facts of one extraction, by label.

Not a test module (no test_ prefix); imported by tests/test_roles_round7.py and round9.py.
"""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from corpkg.extract.model import Extraction
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing

HOC = "Halverson Optics Corporation"
COVER = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
CURRENT REPORT

HALVERSON OPTICS CORPORATION
(Exact name of registrant as specified in its charter)

"""


def extract_body(nlp: Language, tmp_path: Path, body: str) -> Extraction:
    """The extraction of the cover above followed by ``body``."""
    path = tmp_path / "doc.txt"
    path.write_text(COVER + body + "\n")
    return extract_filing(read_filing(path), nlp=nlp)


def credit_pairs(ex: Extraction) -> set[tuple[str, str]]:
    """(lender, borrower) labels of the extraction's credit facts, every lender with every borrower."""
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[lender], lab[borrower]) for f in ex.facts if f.role == "credit"
            for lender in f.participant("lender") for borrower in f.participant("borrower")}


def acquisitions(ex: Extraction) -> set[tuple[str, str]]:
    """(acquirer, target) labels of the extraction's acquisitions."""
    lab = {e.key: e.label for e in ex.entities}
    return {(lab[a], lab[t]) for f in ex.facts if f.role == "acquisition"
            for a in f.participant("acquirer") for t in f.participant("target")}


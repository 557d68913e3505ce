"""The per-slot scorer of credit agreements (extract/evaluate.py, issue 11): gold
``agreements[].parties`` capacities against the credit facts' lender, borrower, agent and
guarantor slots."""

from __future__ import annotations

from corpkg.extract.evaluate import score_filing
from corpkg.extract.model import Document, Entity, Evidence, Extraction, Fact

GOLD = {
    "filing": "ex10.txt",
    "entities": [{"name": "Harlow Mills Corp."}, {"name": "Ridge Bank, N.A.", "aliases": ["Ridge"]},
                 {"name": "Oakmont Bank"}, {"name": "Quarry Capital LLC"}],
    "agreements": [{"kind": "credit agreement", "parties": [
        {"name": "Harlow Mills Corp.", "capacity": "borrower"},
        {"name": "Ridge Bank, N.A.", "capacity": "administrative agent and lender"},
        {"name": "Oakmont Bank", "capacity": "lender"},
        {"name": "Quarry Capital LLC", "capacity": "lead arranger"},
    ]}],
}


def ent(key: str, label: str) -> Entity:
    return Entity(key=key, kind="Organization", label=label)


def test_each_slot_scored_against_the_capacities() -> None:
    doc = Document(path="ex10.txt", format="text", text="", sha256="0" * 64, encoding="utf-8")
    ev = (Evidence(quote="x", start=0, end=1),)
    fact = Fact("credit", (("lender", "r"), ("lender", "g"), ("borrower", "h"), ("agent", "r"), ("arranger", "q")), (), ev)
    ex = Extraction(document=doc, entities=(ent("h", "Harlow Mills Corp"), ent("r", "Ridge"), ent("g", "Granite Bank"),
                                            ent("q", "Quarry Capital")),
                    facts=(fact,), extractor_version="test")
    rep = score_filing(GOLD, ex)
    lender, borrower, agent = rep.scores["slot:lender"], rep.scores["slot:borrower"], rep.scores["slot:agent"]
    assert (lender.tp, lender.fp, lender.fn) == (1, 1, 1)  # Ridge right, Granite wrong, Oakmont missed
    assert (borrower.tp, borrower.fp, borrower.fn) == (1, 0, 0)
    assert (agent.tp, agent.fp, agent.fn) == (1, 0, 0)
    arranger = rep.scores["slot:arranger"]
    assert (arranger.tp, arranger.fp, arranger.fn) == (1, 0, 0)  # "lead arranger": its own slot
    assert rep.scores["slot:guarantor"].tp == rep.scores["slot:guarantor"].fn == 0


def test_filings_without_gold_agreements_get_no_slot_scores() -> None:
    doc = Document(path="x.txt", format="text", text="", sha256="0" * 64, encoding="utf-8")
    rep = score_filing({"filing": "x.txt", "entities": []},
                       Extraction(document=doc, entities=(), facts=(), extractor_version="test"))
    assert not any(k.startswith("slot:") for k in rep.scores)

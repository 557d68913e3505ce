"""The `syndicate` named query (ontology/roles/credit.ttl): who lends to whom with whom, on a
made-up 8-K whose Item 1.01 names a syndicate in one party list."""

from __future__ import annotations

from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing
from corpkg.graph.query import list_named, load_named, run_query
from corpkg.graph.store import add_extraction, open_store

EIGHT_K = """UNITED STATES SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
CURRENT REPORT
HARLOW MILLS CORP.
(Exact name of registrant as specified in its charter)

Item 1.01 Entry into a Material Definitive Agreement.

On March 3, 2024, Harlow Mills Corp. (the "Company") entered into a $400 million revolving credit agreement among \
the Company, as Borrower; Ridge Bank, National Association, as a Lender and Administrative Agent; Oakmont Bank, N.A. \
and Pell Trust Company, as Lenders; and Quarry Capital Markets LLC, as Lead Arranger.
"""


def test_syndicate_lists_each_lender_with_its_co_lenders_and_agents(tmp_path):
    path = tmp_path / "8k.txt"
    path.write_text(EIGHT_K, encoding="utf-8")
    store = open_store()
    add_extraction(store, extract_filing(read_filing(path)))
    assert "syndicate" in list_named()
    rows = run_query(store, load_named("syndicate"))
    by_lender = {r["lenderLabel"]: r for r in rows}
    # the arranger is an agent, not a lender; the agent that is also "a Lender" lends
    assert set(by_lender) == {"Ridge Bank, National Association", "Oakmont Bank, N.A.", "Pell Trust Company"}
    assert {r["borrowerLabel"] for r in rows} == {"Harlow Mills Corp."}
    assert set(by_lender["Oakmont Bank, N.A."]["with"].split(" | ")) == {"Ridge Bank, National Association",
                                                                         "Pell Trust Company"}
    assert by_lender["Pell Trust Company"]["agents"] == "Ridge Bank, National Association"
    assert by_lender["Pell Trust Company"]["arrangers"] == "Quarry Capital Markets LLC"
    assert all(r["coLenders"] == "2" and r["amount"] == "400000000" for r in rows)

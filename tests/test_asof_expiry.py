"""``as_of`` (issue 13): a term stated to expire, a credit agreement whose maturity passed, or which
was repaid or terminated, ends the fact as of that day, with the statement that says so as evidence;
a later statement of the fact renews a term or a maturity.  Hand-made graphs."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.graph import asof
from corpkg.graph.query import load_named, run_query
from corpkg.graph.store import open_store

ID = "https://w3id.org/corpkg/id/"
ACME = ID + "cik/0000000042"
BANK = ID + "org/first-bank-na"
DOE = ID + "person/cik-0000000042/jane-doe"
HEAD = """
@prefix ckg: <https://w3id.org/corpkg/ontology#> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""


def _graph(key: str, as_of: str, relation: str, quote: str) -> str:
    g, f, ev = f"<{ID}graph/{key}>", f"<{ID}filing/{key}>", f"<{ID}evidence/{key}>"
    return "\n".join([
        f"{g} {{",
        f"  {f} a ckg:Filing ; ckg:fileName \"{key}.txt\" ; ckg:issuer <{ACME}> .",
        f"  <{ACME}> a ckg:Organization ; rdfs:label \"Acme Holdings, Inc.\" .",
        f"  <{BANK}> a ckg:Organization ; rdfs:label \"First Bank, N.A.\" .",
        f"  <{DOE}> a ckg:Person ; rdfs:label \"Jane Doe\" .",
        f"  <{ID}rel/{key}> {relation} ; ckg:asOf \"{as_of}\"^^xsd:date ; prov:wasDerivedFrom {f} ; ckg:evidence {ev} .",
        f"  {ev} a ckg:Evidence ; ckg:quote \"{quote}\" ; ckg:start 0 ; ckg:end {len(quote)} .",
        "}", ""])


DIRECTOR = f"a ckg:Position ; ckg:holder <{DOE}> ; ckg:organization <{ACME}> ; ckg:title \"Director\""
CREDIT = f"a ckg:CreditAgreement ; ckg:lender <{BANK}> ; ckg:borrower <{ACME}>"
TERM = "Jane Doe, a Class II director whose term expires at the 2005 annual meeting of stockholders."
REPAID = ("On March 3, 2010, the Company repaid in full and terminated the Credit Agreement dated as of June 1, 2005 "
          "with First Bank, N.A.")


def _store(tmp_path: Path, *graphs: str) -> object:
    path = tmp_path / "g.trig"
    path.write_text(HEAD + "".join(graphs), encoding="utf-8")
    return open_store(path)


def _row(store: object, day: str, role: str) -> asof.Row | None:
    rows = asof.state_as_of(store, day, roles_=[role], include_ended=True)
    return rows[0] if rows else None


def test_a_term_that_expires_ends_the_position(tmp_path: Path) -> None:
    store = _store(tmp_path, _graph("p1", "2004-03-01", DIRECTOR, TERM))
    before = _row(store, "2005-06-01", "position")
    assert before is not None and before.status == "held"
    after = _row(store, "2006-01-01", "position")
    assert after is not None and after.status == "ended" and after.end_date == "2005-12-31"
    assert "term expired" in after.ended_by and "2005 annual meeting" in after.ended_by


def test_a_later_statement_renews_the_term(tmp_path: Path) -> None:
    store = _store(tmp_path, _graph("p1", "2004-03-01", DIRECTOR, TERM),
                   _graph("p2", "2006-03-01", DIRECTOR, "Jane Doe, Director"))
    row = _row(store, "2006-06-01", "position")
    assert row is not None and row.status == "held"
    assert any("term expired" in c for c in row.conflicting)


def test_a_maturity_date_that_passed_ends_the_agreement(tmp_path: Path) -> None:
    store = _store(tmp_path, _graph("c1", "2005-06-01", CREDIT + " ; ckg:maturityDate \"2008-06\"",
                                    "the Company entered into a Credit Agreement with First Bank, N.A."))
    assert (_row(store, "2008-06-15", "credit") or pytest.fail("no row")).status == "held"
    after = _row(store, "2008-07-01", "credit")
    assert after is not None and after.status == "ended" and after.end_date == "2008-06-30"
    assert after.ended_by.startswith("matured 2008-06") and "c1.txt" in after.ended_by


def test_an_extended_facility_is_not_ended_by_its_old_maturity(tmp_path: Path) -> None:
    store = _store(tmp_path,
                   _graph("c1", "2005-06-01", CREDIT + " ; ckg:maturityDate \"2008-06-30\"", "a Credit Agreement"),
                   _graph("c2", "2008-09-01", CREDIT + " ; ckg:maturityDate \"2011-06-30\"", "the amended Credit Agreement"))
    assert (_row(store, "2009-01-01", "credit") or pytest.fail("no row")).status == "held"
    assert (_row(store, "2011-07-01", "credit") or pytest.fail("no row")).end_date == "2011-06-30"


def test_repaid_and_terminated_on_the_day_the_quote_gives(tmp_path: Path) -> None:
    store = _store(tmp_path, _graph("c1", "2005-06-01", CREDIT, "a Credit Agreement with First Bank, N.A."),
                   _graph("c3", "2010-03-05", CREDIT, REPAID))
    assert (_row(store, "2010-03-02", "credit") or pytest.fail("no row")).status == "held"
    row = _row(store, "2010-03-10", "credit")
    assert row is not None and row.status == "ended" and row.end_date == "2010-03-03"  # not the "dated as of" day
    assert row.ended_by.startswith("repaid or terminated") and "repaid in full and terminated" in row.ended_by
    # on the 4th the filing saying so was not out yet; with hindsight it was already over
    assert (_row(store, "2010-03-04", "credit") or pytest.fail("no row")).status == "held"
    hindsight = asof.state_as_of(store, "2010-03-04", roles_=["credit"], include_ended=True, known_at="2010-12-31")
    assert [r.status for r in hindsight] == ["ended"]


@pytest.mark.parametrize("quote", [
    "Amounts repaid under the revolving facility may be reborrowed.",
    "The Credit Agreement will terminate on the earlier of the maturity date and the date the loans are repaid.",
    "The Lender may terminate the commitments upon an Event of Default.",
])
def test_what_may_happen_ends_nothing(tmp_path: Path, quote: str) -> None:
    store = _store(tmp_path, _graph("c1", "2005-06-01", CREDIT, quote))
    assert (_row(store, "2030-01-01", "credit") or pytest.fail("no row")).status == "held"


def test_the_named_query_agrees_on_renewable_ends(tmp_path: Path) -> None:
    store = _store(tmp_path, _graph("p1", "2004-03-01", DIRECTOR, TERM),
                   _graph("p2", "2006-03-01", DIRECTOR, "Jane Doe, Director"),
                   _graph("c1", "2005-06-01", CREDIT + " ; ckg:maturityDate \"2008-06-30\"", "a Credit Agreement"))
    asof.write_timeline(store)
    for day in ("2005-06-01", "2006-01-01", "2006-06-01", "2008-07-01"):
        named = {(r["role"], r["source"]) for r in run_query(store, load_named("as_of"), {"date": day})}
        python = {(r.role, r.source) for r in asof.state_as_of(store, day)}
        assert named == python, day


@pytest.mark.parametrize(("text", "year_only", "iso"), [
    ("on March 3, 2010 the", False, "2010-03-03"),
    ("dated as of June 1, 2005, terminated Sept. 30, 2009", False, "2009-09-30"),
    ("on 3/3/2010", False, "2010-03-03"),
    ("at the 2005 annual meeting", True, "2005-12-31"),
    ("at the 2005 annual meeting", False, None),
    ("February 30, 2010", False, None),
])
def test_date_in(text: str, year_only: bool, iso: str | None) -> None:
    assert asof.date_in(text, year_only=year_only) == iso

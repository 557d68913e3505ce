"""The page draws a resolved identity (corpkg resolve) as one node, its members' names and IRIs
visible; a focus on one member draws the neighbourhood of the whole identity (issue 13)."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from corpkg.cli import cli
from corpkg.graph import resolve
from corpkg.graph.store import export, open_store
from corpkg.graph.viz import merge_identities
from tests.test_resolution_rules import HEAD, ID
from tests.test_viz_page import page_data

ACME_CIK, ACME_EIN, BANK = ID + "cik/0000000042", ID + "ein/123456789", ID + "org/first-bank-na"

def _filing(key: str, issuer: str, label: str, ident: str, person: tuple[str, str], as_of: str) -> str:
    g, f = f"<{ID}graph/{key}>", f"<{ID}filing/{key}>"
    return "\n".join([
        f"{g} {{",
        f"  {f} a ckg:Filing ; ckg:fileName \"{key}.txt\" ; ckg:issuer <{issuer}> ; ckg:formType \"8-K\" .",
        f"  <{issuer}> a ckg:Organization ; rdfs:label \"{label}\" ; {ident} .",
        f"  <{person[0]}> a ckg:Person ; rdfs:label \"{person[1]}\" .",
        f"  <{BANK}> a ckg:Organization ; rdfs:label \"First Bank, N.A.\" .",
        f"  <{ID}position/{key}> a ckg:Position ; ckg:holder <{person[0]}> ; ckg:organization <{issuer}> ; ckg:title \"President\" ;"
        f" ckg:asOf \"{as_of}\"^^xsd:date ; prov:wasDerivedFrom {f} ; ckg:evidence <{ID}evidence/{key}> .",
        f"  <{ID}credit/{key}> a ckg:CreditAgreement ; ckg:lender <{BANK}> ; ckg:borrower <{issuer}> ;"
        f" ckg:asOf \"{as_of}\"^^xsd:date ; prov:wasDerivedFrom {f} ; ckg:evidence <{ID}evidence/{key}> .",
        f"  <{ID}evidence/{key}> a ckg:Evidence ; ckg:quote \"{person[1]}, President\" ; ckg:start 0 ; ckg:end 5 .",
        "}", ""])


@pytest.fixture()
def resolved(tmp_path: Path) -> Path:
    """Acme known by its CIK in one filing and by its EIN in another, resolved."""
    text = HEAD + _filing("a1", ACME_CIK, "Acme Holdings, Inc.", 'ckg:cik "0000000042" ; ckg:ein "12-3456789"',
                          (ID + "person/cik-0000000042/john-q-smith", "John Q. Smith"), "2010-03-01")
    text += _filing("a2", ACME_EIN, "ACME HOLDINGS INC", 'ckg:ein "12-3456789"',
                    (ID + "person/ein-123456789/mary-major", "Mary Major"), "2011-03-01")
    (tmp_path / "raw.trig").write_text(text, encoding="utf-8")
    store = open_store(tmp_path / "raw.trig")
    resolve.resolve(store)
    assert resolve.canonical_map(store)[ACME_EIN] == ACME_CIK
    out = tmp_path / "resolved.trig"
    export(store, out)
    return out


def test_merge_identities_moves_edges_and_keeps_the_members() -> None:
    g: nx.MultiDiGraph = nx.MultiDiGraph()
    g.graph["filings"] = {"f": {"iri": "f", "issuers": ["b"]}}
    g.add_node("a", label="Acme Holdings, Inc.", alt_labels=["Acme"], identifiers={"cik": "42"}, filings=[], roles={"issuer"})
    g.add_node("b", label="ACME HOLDINGS INC", alt_labels=[], identifiers={"ein": "12-3456789"}, filings=["f"], roles={"borrower"})
    g.add_node("c", label="First Bank", alt_labels=[], identifiers={}, filings=[], roles={"lender"})
    g.add_edge("c", "b", key="r1", role="credit", parties={"borrower": ["b"]})
    g.add_edge("c", "a", key="r2", role="credit", parties={"borrower": ["a"]})
    out = merge_identities(g, {"b": "a", "a": "a"})
    assert sorted(out.nodes) == ["a", "c"]
    node = out.nodes["a"]
    assert node["label"] == "Acme Holdings, Inc." and node["alt_labels"] == ["ACME HOLDINGS INC", "Acme"]
    assert node["identifiers"] == {"cik": "42", "ein": "12-3456789"} and node["filings"] == ["f"]
    assert node["roles"] == {"issuer", "borrower"}
    assert [m["iri"] for m in node["members"]] == ["a", "b"]
    assert sorted(k for _, _, k in out.edges(keys=True)) == ["r1", "r2"]
    assert out.edges["c", "a", "r1"]["parties"] == {"borrower": ["a"]}
    assert out.graph["filings"]["f"]["issuers"] == ["a"]
    assert merge_identities(g, {}) is g


def test_the_page_draws_a_resolved_company_once(resolved: Path, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    result = CliRunner().invoke(cli, ["viz", str(resolved), "-o", str(page)])
    assert result.exit_code == 0, result.output
    data = page_data(page.read_text(encoding="utf-8"))
    acme = [n for n in data["nodes"] if n["kind"] == "Organization" and "Acme" in n["fullLabel"]]
    assert len(acme) == 1 and acme[0]["id"] == ACME_CIK
    assert "ACME HOLDINGS INC" in acme[0]["altLabels"]
    assert {m["iri"] for m in acme[0]["members"]} == {ACME_CIK, ACME_EIN}
    # both filings' officers and the lender hang on the one node
    assert {e["from"] for e in data["edges"] if e["to"] == ACME_CIK} >= {ID + "person/cik-0000000042/john-q-smith",
                                                                          ID + "person/ein-123456789/mary-major", BANK}
    assert not any(e["to"] == ACME_EIN or e["from"] == ACME_EIN for e in data["edges"])


def test_a_focus_on_one_member_draws_the_whole_identity(resolved: Path, tmp_path: Path) -> None:
    page = tmp_path / "focus.html"
    result = CliRunner().invoke(cli, ["viz", str(resolved), "-o", str(page), "--focus", ACME_EIN, "--hops", "1"])
    assert result.exit_code == 0, result.output
    data = page_data(page.read_text(encoding="utf-8"))
    ids = {n["id"] for n in data["nodes"]}
    assert ACME_CIK in ids and ACME_EIN not in ids
    assert ID + "person/cik-0000000042/john-q-smith" in ids  # reached only through the CIK member
    assert [n for n in data["nodes"] if n["id"] == ACME_CIK][0]["focus"]

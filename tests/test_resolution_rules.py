"""Resolution decisions made on the dev identity pairs (issue 13), on hand-made graphs: a misprinted
middle initial at one issuer, father and son named apart in one filing, a company name run together
with the text before it, people minted within one filing; and the EM training of m probabilities."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpkg.cli import cli
from corpkg.graph import resolve
from corpkg.graph.store import open_store

ID = "https://w3id.org/corpkg/id/"
ACME = ID + "cik/0000000042"
HEAD = """
@prefix ckg: <https://w3id.org/corpkg/ontology#> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""


def filing(key: str, as_of: str, persons: list[tuple[str, str, str]], *, issuer: str = ACME,
           issuer_label: str = "Acme Holdings, Inc.", orgs: list[tuple[str, list[str]]] = ()) -> str:  # type: ignore[assignment]
    """One filing's named graph: the issuer, its officers (IRI, label, title), other organizations
    (IRI, [label, aliases...]) that lend to the issuer."""
    g, f = f"<{ID}graph/{key}>", f"<{ID}filing/{key}>"
    lines = [f"{g} {{", f"  {g} a ckg:FilingGraph ; prov:wasDerivedFrom {f} ; ckg:asOf \"{as_of}\"^^xsd:date .",
             f"  {f} a ckg:Filing ; ckg:fileName \"{key}.txt\" ; ckg:issuer <{issuer}> .",
             f"  <{issuer}> a ckg:Organization ; rdfs:label \"{issuer_label}\" ; ckg:cik \"{issuer.rsplit('/', 1)[1]}\" ."]
    for i, (iri, label, title) in enumerate(persons):
        pos, ev = f"<{ID}position/{key}/{i}>", f"<{ID}evidence/{key}/{i}>"
        lines += [f"  <{iri}> a ckg:Person ; rdfs:label \"{label}\" .",
                  f"  {pos} a ckg:Position ; ckg:holder <{iri}> ; ckg:organization <{issuer}> ; ckg:title \"{title}\" ; "
                  f"ckg:asOf \"{as_of}\"^^xsd:date ; prov:wasDerivedFrom {f} ; ckg:evidence {ev} .",
                  f"  {ev} a ckg:Evidence ; ckg:quote \"{label}, {title}\" ; ckg:start {i * 10} ; ckg:end {i * 10 + 5} ."]
    for j, (iri, names) in enumerate(orgs):
        rel, ev = f"<{ID}credit/{key}/{j}>", f"<{ID}evidence/{key}/c{j}>"
        alts = "".join(f" ; skos:altLabel \"{n}\"" for n in names[1:])
        lines += [f"  <{iri}> a ckg:Organization ; rdfs:label \"{names[0]}\"{alts} .",
                  f"  {rel} a ckg:CreditAgreement ; ckg:lender <{iri}> ; ckg:borrower <{issuer}> ; "
                  f"ckg:asOf \"{as_of}\"^^xsd:date ; prov:wasDerivedFrom {f} ; ckg:evidence {ev} .",
                  f"  {ev} a ckg:Evidence ; ckg:quote \"{names[0]}\" ; ckg:start 0 ; ckg:end 5 ."]
    return "\n".join(lines) + "\n}\n"


def person(slug: str) -> str:
    return f"{ID}person/cik-0000000042/{slug}"


@pytest.fixture()
def family(tmp_path: Path) -> Path:
    text = HEAD
    text += filing("m1", "2000-08-08", [(person("eldon-d-miller"), "Eldon D. Miller", "Chairman")])
    text += filing("m2", "2001-01-03", [(person("eldon-c-miller"), "Eldon C. Miller", "Chairman")])
    # father and son in one filing, then "Jack Feltl" alone in another
    text += filing("f1", "2000-06-01", [(person("john-e-feltl"), "John E. Feltl", "President"),
                                        (person("john-c-feltl"), "John C. Feltl", "Director of Corporate Finance")])
    text += filing("f2", "2000-09-01", [(person("jack-feltl"), "Jack Feltl", "President")])
    path = tmp_path / "family.trig"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_misprinted_middle_initial_at_one_issuer_is_one_person(family: Path) -> None:
    store = open_store(family)
    resolve.resolve(store)
    canon = resolve.canonical_map(store)
    assert canon.get(person("eldon-d-miller")) == canon.get(person("eldon-c-miller")) is not None


def test_father_and_son_named_in_one_filing_stay_apart_even_through_a_nickname(family: Path) -> None:
    store = open_store(family)
    resolve.resolve(store)
    canon = resolve.canonical_map(store)
    father, son = person("john-e-feltl"), person("john-c-feltl")
    assert canon.get(father, father) != canon.get(son, son)
    # "Jack Feltl" joins one of them, not both
    jack = canon.get(person("jack-feltl"), person("jack-feltl"))
    assert jack in {canon.get(father, father), canon.get(son, son)}
    judged = {(j.left, j.right): j for j in resolve.judgements(store)}
    together = judged[tuple(sorted((father, son)))]  # type: ignore[index]
    assert together.score is not None and together.score < resolve.SEPARATES
    assert "together -" in together.explanation


def test_a_name_run_together_with_the_text_before_it_still_gives_its_legal_name() -> None:
    names = ["Grantor and U.S. BANK TRUST COMPANY, NATIONAL ASSOCIATION", "U.S. Bank Trust Company, National Association"]
    assert resolve._legal_names(names) == ["us bank trust company na"]
    # two legal names that do not nest (a former name, two banks run together): none is certain
    assert resolve._legal_names(["U.S. Bank National Association", "U.S. Bank Trust Company, N.A."]) == []
    assert resolve._legal_names(["Bird Global"]) == []


def test_a_shared_full_legal_name_links_a_run_together_node(tmp_path: Path) -> None:
    bank = ID + "org/us-bank-trust-company-national-association"
    garbled = ID + "org/grantor-and-us-bank-trust-company-national-association"
    text = HEAD + filing("b1", "2022-12-30", [], orgs=[(garbled, ["Grantor and U.S. BANK TRUST COMPANY, NATIONAL ASSOCIATION",
                                                                  "U.S. BANK TRUST COMPANY, NATIONAL ASSOCIATION"])])
    text += filing("b2", "2024-12-03", [], issuer=ID + "cik/0000000077", issuer_label="Widget Corp.",
                   orgs=[(bank, ["U.S. Bank Trust Company, National Association"])])
    path = tmp_path / "banks.trig"
    path.write_text(text, encoding="utf-8")
    store = open_store(path)
    result = resolve.resolve(store)
    scored = {(s.left, s.right): s for s in result.scored}
    pair = scored[tuple(sorted((bank, garbled)))]  # type: ignore[index]
    assert "name +" in pair.explanation and "legal_form +" in pair.explanation


def test_people_minted_within_one_filing_have_no_issuer_to_disagree_on() -> None:
    rec = resolve.Record(ID + "person/filing-sha256-0123/j-michael-redmond", "Person", "J. Michael Redmond",
                         {"J. Michael Redmond"})
    assert resolve._person_row(rec, {})["scope"] is None
    rec = resolve.Record(person("john-smith"), "Person", "John Smith", {"John Smith"})
    assert resolve._person_row(rec, {})["scope"] == ACME


# ----------------------------------------------------------------------------- EM training


def test_m_probabilities_are_trained_by_em_deterministically(family: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resolve, "MIN_PAIRS_FOR_EM", 1)
    runs = []
    for _ in range(2):
        store = open_store(family)
        runs.append(resolve.resolve(store).parameters)
    assert runs[0] == runs[1]
    person_model = runs[0]["Person"]
    assert person_model["m_probabilities"].startswith("EM over")
    levels = {c: {lv["level"]: lv for lv in lvls} for c, lvls in person_model["comparisons"].items()}
    # the name comparison made the candidate pairs: its m stays the prior; the issuer's is trained
    assert levels["name"]["same first, middle and last"]["m"] == 0.62
    assert levels["issuer"]["named in filings of the same issuer"]["m"] != 0.8
    assert all(0 < lv["m"] < 1 for lvls in levels.values() for lv in lvls.values())


def test_small_stores_keep_the_priors(family: Path) -> None:
    result = resolve.resolve(open_store(family))
    assert result.parameters["Person"]["m_probabilities"] == "priors"
    assert resolve.resolve(open_store(family), train=False).parameters["Person"]["m_probabilities"] == "priors"


def test_resolve_cli_writes_the_model(family: Path, tmp_path: Path) -> None:
    out = tmp_path / "model.json"
    result = CliRunner().invoke(cli, ["resolve", str(family), "-o", str(tmp_path / "r.trig"), "--model-out", str(out)])
    assert result.exit_code == 0, result.output
    model = json.loads(out.read_text(encoding="utf-8"))
    assert set(model) == {"Organization", "Person"} or set(model) == {"Person"}
    assert "m probabilities: Person: priors" in result.output

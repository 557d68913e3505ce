"""Identity and time across filings: resolution judgements, the state as of a date, the change feed,
the FollowTheMoney export (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpkg.cli import cli
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_filing
from corpkg.graph import asof, resolve
from corpkg.graph.changes import changes
from corpkg.graph.ftm import entities
from corpkg.graph.identity_eval import split_of
from corpkg.graph.query import load_named, run_query
from corpkg.graph.rdf import build_filing_graph
from corpkg.graph.store import export, open_store, replace_filing

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
ID = "https://w3id.org/corpkg/id/"
AUXER = ID + "ein/223537927"
SCOTT = ID + "person/ein-223537927/robert-j-scott"
CHIARAMONTE = ID + "person/ein-223537927/eugene-chiaramonte-jr"
RESIGNATION = "The current officers and directors of the company, resigned and Robert J. Scott became"


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    store = open_store()
    for path in sorted(EXAMPLES.glob("*.txt")):
        replace_filing(store, build_filing_graph(extract_filing(read_filing(path))))
    out = tmp_path_factory.mktemp("seeds") / "seeds.trig"
    export(store, out)
    return out


# ----------------------------------------------------------------------------- as of a date


def test_president_of_auxer_on_2003_02_01_is_scott_alone(seeds: Path) -> None:
    rows = asof.state_as_of(open_store(seeds), "2003-02-01", roles_=["position"])
    presidents = [r for r in rows if r.title == "President" and r.target == AUXER]
    assert [r.source for r in presidents] == [SCOTT]
    assert presidents[0].status == "held" and presidents[0].since == "2003-01-28"
    assert RESIGNATION in presidents[0].supporting[0]


def test_chiaramonte_positions_end_on_2003_01_28_with_the_8ka_quote(seeds: Path) -> None:
    rows = asof.state_as_of(open_store(seeds), "2003-02-01", roles_=["position"], include_ended=True)
    mine = {r.title: r for r in rows if r.source == CHIARAMONTE}
    assert set(mine) == {"President", "Chief Executive Officer", "Director"}
    for r in mine.values():
        assert r.status == "ended" and r.end_date == "2003-01-28"
        assert RESIGNATION in r.ended_by and "002_933b7785daade086.txt" in r.ended_by


def test_before_the_8ka_chiaramonte_is_president(seeds: Path) -> None:
    rows = asof.state_as_of(open_store(seeds), "2002-06-01", roles_=["position"])
    assert {r.source for r in rows if r.title == "President"} == {CHIARAMONTE}
    # what is stated later is not known on the day, unless asked with hindsight
    later = asof.state_as_of(open_store(seeds), "2002-06-01", roles_=["position"], known_at="2003-12-31")
    assert {r.source for r in later if r.title == "President"} == {CHIARAMONTE}


def test_dissolved_subsidiary_has_ended(seeds: Path) -> None:
    rows = asof.state_as_of(open_store(seeds), "2003-02-01", roles_=["subsidiary"], include_ended=True)
    ended = {r.source.rsplit("/", 1)[1]: r for r in rows if r.status == "ended"}
    assert ended["auxer-telcom-inc"].end_date == "2002-03-18"


def test_named_query_as_of_agrees_with_the_python_answer(seeds: Path, tmp_path: Path) -> None:
    store = open_store(seeds)
    asof.write_timeline(store)
    for day in ("2002-06-01", "2003-02-01"):
        named = {(r["source"], r["title"]) for r in run_query(store, load_named("as_of"), {"date": day, "role": "position"})}
        python = {(r.source, r.title) for r in asof.state_as_of(store, day, roles_=["position"])}
        assert named == python


def test_query_as_of_cli(seeds: Path) -> None:
    result = CliRunner().invoke(cli, ["query", str(seeds), "--as-of", "2003-02-01", "-p", "role=position", "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {(r["sourceLabel"], r["title"]) for r in rows} == {("Robert J. Scott", "President"), ("Robert J. Scott", "Director")}
    bad = CliRunner().invoke(cli, ["query", str(seeds), "--as-of", "Feb 1"])
    assert bad.exit_code == 2


# ----------------------------------------------------------------------------- change feed


def test_changes_since_2003_list_the_takeover(seeds: Path) -> None:
    got = {(c.kind, c.source.rsplit("/", 1)[1], c.title, c.date) for c in changes(open_store(seeds), "2003-01-01", org=AUXER)}
    assert ("officer out", "eugene-chiaramonte-jr", "President", "2003-01-28") in got
    assert ("director out", "eugene-chiaramonte-jr", "Director", "2003-01-28") in got
    assert ("officer in", "robert-j-scott", "President", "2003-01-28") in got
    assert ("change of control", "robert-j-scott", "", "2003-01-28") in got
    assert ("new subsidiary", "viva-airlines-inc", "", "2003-01-08") in got
    assert all(c.date >= "2003-01-01" for c in changes(open_store(seeds), "2003-01-01"))


def test_changes_cli_formats(seeds: Path) -> None:
    for fmt in ("table", "csv", "json"):
        result = CliRunner().invoke(cli, ["changes", str(seeds), "--since", "2003-01", "--org", AUXER, "--format", fmt])
        assert result.exit_code == 0, result.output
        assert "Chiaramonte" in result.output
    assert CliRunner().invoke(cli, ["changes", str(seeds), "--since", "yesterday"]).exit_code == 2


# ----------------------------------------------------------------------------- FollowTheMoney


def test_ftm_export_validates_and_carries_dates(seeds: Path) -> None:
    ents = list(entities(open_store(seeds)))  # every entity passed Schema.validate
    schemata = {e["schema"] for e in ents}
    assert {"Company", "Person", "Directorship", "Ownership", "Debt", "CourtCase", "CourtCaseParty", "Document"} <= schemata
    chiaramonte = next(e["id"] for e in ents if e["schema"] == "Person" and "Eugene Chiaramonte, Jr." in e["properties"]["name"])
    ended = [e for e in ents if e["schema"] == "Directorship" and e["properties"]["director"] == [chiaramonte]]
    assert {e["properties"]["endDate"][0] for e in ended} == {"2003-01-28"}
    auxer = next(e for e in ents if e["schema"] == "Company" and e["properties"]["name"] == ["The Auxer Group, Inc."])
    assert auxer["properties"]["taxNumber"] == ["22-3537927"]


def test_export_cli_writes_json_lines(seeds: Path, tmp_path: Path) -> None:
    out = tmp_path / "auxer.ftm.json"
    result = CliRunner().invoke(cli, ["export", str(seeds), "--format", "ftm", "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines and all(json.loads(line)["id"].startswith("ckg-") for line in lines)


# ----------------------------------------------------------------------------- resolution

TWO_ISSUERS = """
@prefix ckg: <https://w3id.org/corpkg/ontology#> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix id: <https://w3id.org/corpkg/id/> .
"""


def _filing(key: str, issuer: str, issuer_label: str, ident: str, persons: list[tuple[str, str, str]], as_of: str) -> str:
    g, f = f"<{ID}graph/{key}>", f"<{ID}filing/{key}>"
    lines = [f"{g} {{", f"  {g} a ckg:FilingGraph ; prov:wasDerivedFrom {f} ; ckg:asOf \"{as_of}\"^^xsd:date .",
             f"  {f} a ckg:Filing ; ckg:fileName \"{key}.txt\" ; ckg:issuer <{issuer}> .",
             f"  <{issuer}> a ckg:Organization ; rdfs:label \"{issuer_label}\" ; {ident} ."]
    for i, (iri, label, title) in enumerate(persons):
        pos = f"<{ID}position/{key}/{i}>"
        ev = f"<{ID}evidence/{key}/{i}>"
        lines += [f"  <{iri}> a ckg:Person ; rdfs:label \"{label}\" .",
                  f"  {pos} a ckg:Position, ckg:Relation ; ckg:holder <{iri}> ; ckg:organization <{issuer}> ; "
                  f"ckg:title \"{title}\" ; ckg:asOf \"{as_of}\"^^xsd:date ; prov:wasDerivedFrom {f} ; ckg:evidence {ev} .",
                  f"  {ev} a ckg:Evidence ; ckg:quote \"{label}, {title}\" ; ckg:start {i * 10} ; ckg:end {i * 10 + 5} ."]
    return "\n".join(lines) + "\n}\n"


@pytest.fixture()
def two_issuers(tmp_path: Path) -> Path:
    """Acme (CIK in one filing, EIN in another: one company) and Widget; a John Smith at each."""
    acme_cik, acme_ein, widget = ID + "cik/0000000042", ID + "ein/123456789", ID + "cik/0000000077"
    text = TWO_ISSUERS
    text += _filing("a1", acme_cik, "Acme Holdings, Inc.", 'ckg:cik "0000000042" ; ckg:ein "12-3456789"',
                    [(ID + "person/cik-0000000042/john-q-smith", "John Q. Smith", "President"),
                     (ID + "person/cik-0000000042/mary-major", "Mary Major", "Director")], "2010-03-01")
    text += _filing("a2", acme_ein, "ACME HOLDINGS INC", 'ckg:ein "12-3456789"',
                    [(ID + "person/ein-123456789/john-smith", "John Smith", "President"),
                     (ID + "person/ein-123456789/mary-major", "Mary Major", "Director")], "2011-03-01")
    text += _filing("w1", widget, "Widget Corp.", 'ckg:cik "0000000077"',
                    [(ID + "person/cik-0000000077/john-smith", "John Smith", "Treasurer")], "2011-05-01")
    path = tmp_path / "two.trig"
    path.write_text(text, encoding="utf-8")
    return path


def test_same_name_strangers_are_two_nodes_and_colleagues_are_resolved(two_issuers: Path) -> None:
    store = open_store(two_issuers)
    result = resolve.resolve(store)
    canon = resolve.canonical_map(store)
    # the company known by CIK and by EIN is one identity, its canonical node the CIK one
    assert canon[ID + "ein/123456789"] == ID + "cik/0000000042"
    # Mary Major of Acme's two filings is one person; the John Smith of Widget stays apart
    assert canon[ID + "person/ein-123456789/mary-major"] == canon[ID + "person/cik-0000000042/mary-major"]
    widget_john = ID + "person/cik-0000000077/john-smith"
    assert canon.get(widget_john, widget_john) == widget_john
    assert result.positive >= 2
    # judgements live in their own graph, never in the filings' graphs
    graphs = {r["g"] for r in run_query(store, "SELECT DISTINCT ?g WHERE { GRAPH ?g { ?j a ckg:Judgement } }")}
    assert graphs == {resolve.RESOLUTION_GRAPH}


def test_a_person_decides_and_withdraws(two_issuers: Path) -> None:
    store = open_store(two_issuers)
    resolve.resolve(store)
    a, b = ID + "person/ein-123456789/john-smith", ID + "person/cik-0000000077/john-smith"
    j = resolve.decide(store, a, b, "same", by="person:alice", note="same man, see both proxies")
    assert j.verdict == "positive" and j.judged_by == "person:alice" and j.judged_at
    canon = resolve.canonical_map(store)
    assert canon[a] == canon[b]
    # a person's 'different' overrides the model's positive judgement of the Acme colleagues
    x, y = ID + "person/ein-123456789/mary-major", ID + "person/cik-0000000042/mary-major"
    resolve.decide(store, x, y, "different", by="person:bob")
    assert resolve.canonical_map(store).get(x, x) != resolve.canonical_map(store).get(y, y)
    withdrawn = resolve.withdraw(store, x, y, by="person:bob")
    assert [w.judged_by for w in withdrawn] == ["person:bob"]
    canon = resolve.canonical_map(store)
    assert canon[x] == canon[y]  # the model's judgement counts again
    history = resolve.judgements(store)
    assert any(h.withdrawn_at and h.judged_by == "person:bob" for h in history)
    with pytest.raises(resolve.ResolutionError):
        resolve.decide(store, x, ID + "person/nobody", "same")


def test_review_cli_decide_and_queue(two_issuers: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["resolve", str(two_issuers)]).exit_code == 0
    listed = runner.invoke(cli, ["review", str(two_issuers), "--list"])
    assert listed.exit_code == 0, listed.output
    a, b = ID + "person/cik-0000000042/john-q-smith", ID + "person/cik-0000000077/john-smith"
    done = runner.invoke(cli, ["review", str(two_issuers), "--decide", f"{a},{b}", "different", "--by", "carol"])
    assert done.exit_code == 0, done.output
    assert "recorded negative by person:carol" in done.output
    rows = run_query(open_store(two_issuers), load_named("judgements"), {"entity": a})
    assert any(r["verdict"] == "negative" and r["judgedBy"] == "person:carol" for r in rows)
    bad = runner.invoke(cli, ["review", str(two_issuers), "--decide", f"{a},{b}", "maybe"])
    assert bad.exit_code == 2
    again = runner.invoke(cli, ["review", str(two_issuers), "--withdraw", f"{a},{b}", "--by", "carol"])
    assert again.exit_code == 0 and "withdrew negative by person:carol" in again.output


def test_interactive_review_records_the_answer(two_issuers: Path) -> None:
    store = open_store(two_issuers)
    resolve.resolve(store, positive=0.9999999)  # leave pairs unsure
    queue = resolve.review_queue(store)
    if not queue:
        pytest.skip("the model left no pair unsure on this fixture")
    export(store, two_issuers)
    result = CliRunner().invoke(cli, ["review", str(two_issuers), "--limit", "1", "--by", "dan"], input="d\n")
    assert result.exit_code == 0, result.output
    assert "names" in result.output and " | " in result.output  # evidence side by side
    assert any(j.judged_by == "person:dan" for j in resolve.judgements(open_store(two_issuers)))


@pytest.mark.parametrize(("name", "first", "middle", "last", "suffix"), [
    ("Timothy D. Cook", "timothy", "d", "cook", ""),
    ("Tim Cook", "timothy", "", "cook", ""),
    ("J. Michael Redmond", "michael", "", "redmond", ""),
    ("Earl H. Devanny, III", "earl", "h", "devanny", "iii"),
    ("Carl A. Nelson, Jr.", "carl", "a", "nelson", "jr"),
    ("Lynn Forester de Rothschild", "lynn", "f", "de rothschild", ""),
    ("Mr. Steve Chambers", "steven", "", "chambers", ""),
    ("Shane Torchiana Name", "shane", "", "torchiana", ""),
])
def test_person_name_parts(name: str, first: str, middle: str, last: str, suffix: str) -> None:
    p = resolve.person_name_parts(name)
    assert (p.first, p.middle_initial, p.last, p.suffix) == (first, middle, last, suffix)


def test_org_core_names_agree_across_legal_forms() -> None:
    assert resolve.org_core_name("JPMorgan Chase Bank, National Association") == resolve.org_core_name("JPMorgan Chase Bank, N.A.")
    assert resolve.org_core_name("Kimco Realty OP, LLC") != resolve.org_core_name("Kimco Realty Corporation")


def test_pair_split_is_a_third_locked() -> None:
    ids = [f"p{i:03d}" for i in range(1, 301)]
    locked = [i for i in ids if split_of(i) == "test"]
    assert 70 < len(locked) < 130 and split_of("p001") == split_of("p001")


def test_page_gets_change_feed_and_identity_sections(seeds: Path, tmp_path: Path) -> None:
    page = tmp_path / "auxer.html"
    result = CliRunner().invoke(cli, ["viz", str(seeds), "-o", str(page), "--focus", "The Auxer Group, Inc.",
                                      "--changes-since", "2003-01-01"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    section = html[html.index('<section id="changes"'):]
    assert "Changes since 2003-01-01" in section and "officer out" in section and "Eugene Chiaramonte, Jr." in section
    assert html.rstrip().endswith("</html>")


def test_resolution_and_timeline_graphs_keep_the_file_valid(seeds: Path, tmp_path: Path) -> None:
    from corpkg.graph.validate import validate_file

    copy = tmp_path / "resolved.trig"
    copy.write_bytes(seeds.read_bytes())
    assert CliRunner().invoke(cli, ["resolve", str(copy)]).exit_code == 0
    text = copy.read_text(encoding="utf-8")
    assert "ckg:EndClaim" in text and "graph/resolution" in text
    report = validate_file(copy)
    assert report.conforms, report.text[:3000]

"""networkx analytics on the projection: chains, subsidiaries, paths, interlocks, centrality."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from corpkg.graph import analytics as A
from corpkg.graph.projection import project

FIXTURE = Path(__file__).parent / "fixtures" / "viz_small.trig"
ID = "https://w3id.org/corpkg/id/"
AUXER = ID + "cik/0001084475"


@pytest.fixture(scope="module")
def graph():
    return project(FIXTURE)


def labels(graph, nodes):
    return [graph.nodes[n]["label"] for n in nodes]


def test_ultimate_parent_and_chain_of_a_second_level_subsidiary(graph):
    assert A.ultimate_parents(graph, "Acme") == [AUXER]
    assert A.ownership_chains(graph, "Acme") == [[ID + "org/acme-sons", ID + "org/harvey-westbury", AUXER]]
    assert A.ultimate_parents(graph, "The Auxer Group, Inc.") == [AUXER]


def test_acquisitions_of_control_extend_the_chain(graph):
    assert A.ultimate_parents(graph, "Viva Airlines") == [AUXER]
    assert A.ultimate_parents(graph, "Viva Airlines", acquisitions=True) == [ID + "org/old-mission-assessment"]
    [(controller, relations)] = A.controllers(graph, "The Auxer Group, Inc.")
    assert controller == ID + "org/old-mission-assessment"
    assert relations[0]["label"] == "acquired control of"


def test_subsidiaries_transitively_and_ended_ones(graph):
    subs = A.subsidiaries(graph, "The Auxer Group, Inc.")
    assert dict(subs) == {
        ID + "org/ct-industries": 1,
        ID + "org/harvey-westbury": 1,
        ID + "org/hardyston-distributors": 1,
        ID + "org/viva-airlines": 1,
        ID + "org/acme-sons": 2,
    }
    # Auxer Telecom was dissolved on 2002-03-18: gone today, a subsidiary on 2002-01-01
    assert ID + "org/auxer-telecom" not in dict(subs)
    assert ID + "org/auxer-telecom" in dict(A.subsidiaries(graph, AUXER, include_ended=True))
    assert ID + "org/auxer-telecom" in dict(A.subsidiaries(graph, AUXER, as_of="2002-01-01"))
    # Viva became a subsidiary on 2003-01-08
    assert ID + "org/viva-airlines" not in dict(A.subsidiaries(graph, AUXER, as_of="2002-12-31"))
    assert dict(A.subsidiaries(graph, AUXER, transitive=False)).keys() == {
        n for n, d in subs if d == 1
    }


def test_cycle_in_ownership_returns_the_cycle():
    g = nx.MultiDiGraph()
    for n in "ABC":
        g.add_node(n, kind="Organization", label=f"{n} Corp.", alt_labels=[])
    for u, v in (("A", "B"), ("B", "A"), ("C", "A")):
        g.add_edge(u, v, role="subsidiary", source_slot="owned", end=None, status=None)
    assert A.ultimate_parents(g, "C") == ["A", "B"]


def test_paths_between_follow_edges_both_ways(graph):
    [path] = A.paths_between(graph, "Quantum Corporate Funding Ltd.", "Robert J. Scott")
    assert [s["to"] for s in path] == [ID + "org/harvey-westbury", AUXER, ID + "person/robert-j-scott"]
    assert [s["forward"] for s in path] == [True, False, False]
    assert path[0]["caption"] == "lender to ($500,000)"
    assert A.paths_between(graph, "Quantum", "Robert J. Scott", roles=["position"]) == []


def test_interlocks_find_people_at_several_organizations(graph):
    [lock] = A.interlocks(graph)
    assert lock["label"] == "Robert J. Scott"
    assert [(o["label"], o["titles"]) for o in lock["organizations"]] == [
        ("Old Mission Assessment Corporation", ["Director"]),
        ("The Auxer Group, Inc.", ["President", "Director"]),
    ]
    assert A.interlocks(graph, min_organizations=3) == []


def test_pagerank_matches_networkx_reference():
    from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python

    g = nx.gnp_random_graph(80, 0.05, seed=3, directed=True)
    ours = A.pagerank(g)
    reference = _pagerank_python(g, tol=1e-12, max_iter=500)
    assert max(abs(ours[n] - reference[n]) for n in g) < 1e-6
    assert abs(sum(ours.values()) - 1) < 1e-9


def test_centrality_ranks_the_hub_first_and_samples_betweenness(graph):
    rows = A.centrality(graph, top=3)
    assert rows[0]["entity"] == AUXER
    assert rows[0]["betweenness"] > 0.5
    sampled = A.centrality(graph, top=None, k=5)
    assert len(sampled) == graph.number_of_nodes()


def test_summary_counts_relations_not_edges(graph):
    s = A.summary(graph)
    assert s["filings"] == 2
    assert (s["organizations"], s["persons"]) == (10, 3)
    assert s["relations_by_role"]["proceeding"] == 1
    assert s["edges_by_role"]["proceeding"] == 9


def test_relations_of_lists_quotes_and_filings(graph):
    rows = A.relations_of(graph, "Robert J. Scott")
    assert [r["other"] for r in rows] == ["Old Mission Assessment Corporation", "The Auxer Group, Inc."]
    assert rows[1]["quote"] == "Robert J. Scott became the Company's sole Director and President."
    assert rows[1]["form_type"] == "8-K/A"


def test_analyze_command_text_and_json():
    from corpkg.commands.analyze import command

    runner = CliRunner()
    result = runner.invoke(command, [str(FIXTURE), "--entity", "Acme", "--between", "Quantum", "Robert J. Scott"])
    assert result.exit_code == 0, result.output
    assert "Ultimate parent(s): The Auxer Group, Inc." in result.output
    assert "The Harvey Westbury Corp. → The Auxer Group, Inc." in result.output
    assert "Robert J. Scott: Old Mission Assessment Corporation (Director)" in result.output
    result = runner.invoke(command, [str(FIXTURE), "--entity", "Viva Airlines", "--format", "json"])
    data = json.loads(result.output)
    assert data["entity"]["ultimate_parents"] == ["The Auxer Group, Inc."]
    assert data["entity"]["controlled_by"][0]["controller"] == "The Auxer Group, Inc."
    result = runner.invoke(command, [str(FIXTURE), "--entity", "Nobody Ltd"])
    assert result.exit_code == 1
    assert "no entity named 'Nobody Ltd'" in result.output

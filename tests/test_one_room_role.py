"""Adding a role is one room: one extractor module, one pattern file, one ontology file.

The test copies the package into a temporary directory in its installed layout (corpkg/,
corpkg/extract <- extract/, corpkg/graph <- graph/, corpkg/ontology <- ontology/), adds a toy
seventh role — "auditor": ``ckg:AuditEngagement`` with auditor/client slots, read from sentences such
as "Harbor & Finch LLP, our independent registered public accounting firm" — as exactly three new
files, edits nothing else, and in a subprocess running that copy shows the role's facts built into
a graph from a small hand-made filing, SHACL-valid (``corpkg validate``), answered by a query
(``corpkg query``) and drawn on the page (``corpkg viz``).  docs/adding-a-role.md walks through it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYOUT = {"corpkg": "corpkg", "corpkg/extract": "extract", "corpkg/graph": "graph", "corpkg/ontology": "ontology"}

# ----------------------------------------------------------------------------- the three new files

EXTRACTOR = '''\
"""Auditors: "X LLP, our independent registered public accounting firm" -> X audits the issuer."""

from __future__ import annotations

from corpkg.extract.model import Fact
from corpkg.extract.roles.base import RoleComponent, role_factory
from corpkg.extract.roles.common import Passage, load_json, prefilter_of, role_patterns

ROLE = "auditor"
PATTERNS = "auditors.json"


class AuditorExtractor(RoleComponent):
    attr = "role_auditors"
    role_name = "auditors"
    prefilter = prefilter_of(PATTERNS)

    def extract(self, p: Passage) -> list[Fact]:
        client = p.ctx.issuer_key
        if client is None:
            return []
        window = int(load_json(PATTERNS)["window"])
        facts = []
        for cue in role_patterns(PATTERNS)["cue"].finditer(p.text):
            firms = [m for m in p.mentions_in(max(0, cue.start() - window), cue.start(), "ORG")
                     if not m.pronoun and m.key != client]
            if firms:
                firm = firms[-1]  # the name right before the apposition
                facts.append(p.fact(ROLE, (("auditor", firm.key), ("client", client)), (),
                                    (firm.start, cue.end()), self.extractor))
        return facts


make_auditors = role_factory("corpkg_auditors", AuditorExtractor)
'''

PATTERNS = {
    "_doc": "Auditor triggers (regex alternations, case-insensitive). Used by extract/roles/auditors.py: "
            "cue is the apposition after the firm's name; window how many characters before it the name may start.",
    "prefilter": ["independent\\s+registered\\s+public\\s+accounting\\s+firm", "independent\\s+auditors?"],
    "cue": [",\\s+(?:our|the\\s+Company's)\\s+independent\\s+(?:registered\\s+public\\s+accounting\\s+firm|auditors?)"],
    "window": 120,
}

ONTOLOGY = '''\
# Role "auditor": an accounting firm audits an organization's financial statements (toy role of
# tests/test_one_room_role.py and docs/adding-a-role.md).

@prefix ckg:   <https://w3id.org/corpkg/ontology#> .
@prefix ckgsh: <https://w3id.org/corpkg/shapes#> .
@prefix owl:   <http://www.w3.org/2002/07/owl#> .
@prefix rdfs:  <http://www.w3.org/2000/01/rdf-schema#> .
@prefix sh:    <http://www.w3.org/ns/shacl#> .

ckg:AuditEngagement a owl:Class ;
    rdfs:subClassOf ckg:Relation ;
    rdfs:label "Audit engagement" ;
    rdfs:comment "An accounting firm audits an organization's financial statements. Materialises ?auditor ckg:auditorOf ?client." ;
    ckg:iriSegment "audit" ;
    ckg:role "auditor" ;
    ckg:roleOrder 70 ;
    ckg:slots ( ckg:auditor ckg:client ) ;
    ckg:edges ( [ ckg:edgeSource ckg:auditor ; ckg:edgeTarget ckg:client ; ckg:edgeLabel "auditor of" ] ) ;
    ckg:legendLabel "auditor of" ;
    ckg:arrowText "the auditor to its client" ;
    ckg:colour "#76b7b2" ;
    ckg:category [ ckg:categoryName "auditor" ; ckg:legendLabel "Auditor" ; ckg:shortLabel "auditor" ;
                   ckg:shape "dot" ; ckg:categoryKind ckg:Organization ; ckg:priority 60 ] ;
    ckg:goldKey "auditors" ;
    ckg:scoreMode "pairs" ;
    ckg:scorePairs ( [ ckg:edgeSource ckg:auditor ; ckg:edgeTarget ckg:client ] ) ;
    ckg:goldFields ( "auditor" "client" ) ;
    ckg:rule """
PREFIX ckg: <https://w3id.org/corpkg/ontology#>
CONSTRUCT { ?auditor ckg:auditorOf ?client . }
WHERE {
    ?a a ckg:AuditEngagement ; ckg:auditor ?auditor ; ckg:client ?client .
    FILTER (?auditor != ?client)
}
""" ;
    ckg:namedQuery [ ckg:queryName "auditors" ; ckg:queryText """
# Auditors and the organizations whose statements they audit, with the quote stating it.
# @param client: IRI of the audited organization (optional)
PREFIX ckg:  <https://w3id.org/corpkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?auditor ?auditorLabel ?client ?clientLabel ?quote WHERE {
    GRAPH ?g {
        ?a a ckg:AuditEngagement ; ckg:auditor ?auditor ; ckg:client ?client ; ckg:evidence/ckg:quote ?quote .
        ?auditor rdfs:label ?auditorLabel ; ckg:auditorOf ?client .
        ?client rdfs:label ?clientLabel .
    }
}
ORDER BY ?clientLabel ?auditorLabel
""" ] .

ckg:auditor a owl:ObjectProperty ;
    rdfs:subPropertyOf ckg:participant ;
    rdfs:label "auditor" ;
    rdfs:domain ckg:AuditEngagement ;
    rdfs:range ckg:Organization ;
    ckg:participantRole "auditor" ;
    ckg:nodeCategory "auditor" .
ckg:client a owl:ObjectProperty ;
    rdfs:subPropertyOf ckg:participant ;
    rdfs:label "client" ;
    rdfs:domain ckg:AuditEngagement ;
    rdfs:range ckg:Organization ;
    ckg:participantRole "audit client" .

ckg:auditorOf a owl:ObjectProperty ;
    rdfs:label "auditor of" ;
    rdfs:comment "?auditor ckg:auditorOf ?client, materialised from a ckg:AuditEngagement." .

ckgsh:AuditEngagementShape a sh:NodeShape ;
    sh:targetClass ckg:AuditEngagement ;
    sh:class ckg:Relation ;
    sh:property [ sh:path ckg:auditor ; sh:minCount 1 ; sh:maxCount 1 ; sh:class ckg:Organization ] ;
    sh:property [ sh:path ckg:client ; sh:minCount 1 ; sh:maxCount 1 ; sh:class ckg:Organization ] .
'''

NEW_FILES = {
    "corpkg/extract/roles/auditors.py": EXTRACTOR,
    "corpkg/extract/patterns/roles/auditors.json": json.dumps(PATTERNS, indent=1) + "\n",
    "corpkg/ontology/roles/auditor.ttl": ONTOLOGY,
}

FILING = textwrap.dedent("""\
                     UNITED STATES SECURITIES AND EXCHANGE COMMISSION
                                 Washington, D.C. 20549
                                       FORM 10-K

        [X] ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934

                       For the fiscal year ended December 31, 2004

                              Commission File No. 0-31337

                               WIDGETRON INDUSTRIES, INC.
                 (Exact name of registrant as specified in its charter)

                                        Delaware
                               (State of Incorporation)

                                       22-3456789
                          (I.R.S. Employer Identification No.)

                 40 Harbor Road, Hoboken, New Jersey 07030
                 (Address of Principal Executive Offices)

    PART II

    Item 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosure

    None.

    Item 14. Principal Accountant Fees and Services

    Harbor & Finch LLP, our independent registered public accounting firm, audited our consolidated
    financial statements for the years ended December 31, 2004 and 2003.

                                       SIGNATURES

    WIDGETRON INDUSTRIES, INC.

    By: /s/ Margaret O. Lindqvist
        Margaret O. Lindqvist, President and Chief Executive Officer

    Date: March 15, 2005
    """)

QUERY = """SELECT ?auditor ?client WHERE {
  ?a a ckg:AuditEngagement ; ckg:auditor ?f ; ckg:client ?c ; ckg:evidence ?ev .
  ?f rdfs:label ?auditor ; ckg:auditorOf ?c .
  ?c rdfs:label ?client .
}"""


def _copy_package(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache", ".ruff_cache")
    for target, source in LAYOUT.items():
        src = ROOT / source
        if target == "corpkg":
            shutil.copytree(src, dest / target, ignore=ignore)
        else:
            shutil.copytree(src, dest / target, ignore=ignore, dirs_exist_ok=True)


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
            and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The copy with the toy role added, and the results of running it."""
    base = tmp_path_factory.mktemp("one-room")
    pkg = base / "site"
    _copy_package(pkg)
    before = _snapshot(pkg)
    for rel, text in NEW_FILES.items():
        path = pkg / rel
        assert not path.exists(), f"{rel} exists already: the toy role must be new"
        path.write_text(text, encoding="utf-8")
    after = _snapshot(pkg)
    work = base / "work"
    work.mkdir()
    (work / "widgetron-10k.txt").write_text(FILING, encoding="utf-8")

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CORPKG_SHARED")}
    env["PYTHONPATH"] = str(pkg)
    env["PYTHONDONTWRITEBYTECODE"] = "1"

    def corpkg(*args: str) -> subprocess.CompletedProcess[str]:
        code = "import sys; from corpkg.cli import main; sys.exit(main())"
        return subprocess.run([sys.executable, "-c", code, *args], cwd=work, env=env, capture_output=True,
                              text=True, timeout=600)

    where = subprocess.run([sys.executable, "-c", "import corpkg, corpkg.extract, corpkg.graph, corpkg.ontology; "
                            "print(corpkg.__file__); print(corpkg.extract.__file__); print(corpkg.graph.__file__); "
                            "print(corpkg.ontology.__file__)"],
                           cwd=work, env=env, capture_output=True, text=True, timeout=120)
    return {
        "pkg": pkg,
        "work": work,
        "added": sorted(set(after) - set(before)),
        "changed": sorted(k for k in before if before[k] != after.get(k)),
        "where": where,
        "corpkg": corpkg,
    }


def _ok(proc: subprocess.CompletedProcess[str], what: str) -> str:
    assert proc.returncode == 0, f"{what} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout


def test_the_toy_role_is_three_new_files_and_nothing_else(room):
    assert room["added"] == sorted(NEW_FILES)
    assert room["changed"] == []


def test_corpkg_is_imported_from_the_copy(room):
    out = _ok(room["where"], "import corpkg")
    pkg = str(room["pkg"])
    for line in out.split():
        assert line.startswith(pkg), f"{line} is not under the temporary copy {pkg}"


def test_the_toy_role_is_built_validated_queried_and_drawn(room):
    corpkg, work = room["corpkg"], room["work"]
    out = _ok(corpkg("build", "widgetron-10k.txt", "-o", "widgetron.trig"), "corpkg build")
    trig = (work / "widgetron.trig").read_text(encoding="utf-8")
    assert "AuditEngagement" in trig, (
        "no ckg:AuditEngagement in the built graph: the auditor facts did not reach it. Is the component "
        "in extract/roles/auditors.py discovered by the pipeline (extract/roles/base.py discover(), "
        f"extract/pipeline.py)?\n{out}")
    assert "auditorOf" in trig  # the role's rule ran

    report = corpkg("validate", "widgetron.trig")
    assert report.returncode == 0, f"not SHACL-valid:\n{report.stdout}\n{report.stderr}"

    rows = json.loads(_ok(corpkg("query", "widgetron.trig", QUERY, "--format", "json"), "corpkg query"))
    assert any("Harbor & Finch" in str(r.get("auditor")) and "WIDGETRON" in str(r.get("client")).upper()
               for r in rows), rows
    # the role's own named query, shipped in its ontology file
    assert "auditors" in _ok(corpkg("query", "widgetron.trig", "--list"), "corpkg query --list")
    named = json.loads(_ok(corpkg("query", "widgetron.trig", "--name", "auditors", "--format", "json"),
                           "corpkg query --name auditors"))
    assert [(r["auditorLabel"], r["quote"][:18]) for r in named] == [("Harbor & Finch LLP", "Harbor & Finch LLP")]

    _ok(corpkg("viz", "widgetron.trig", "-o", "widgetron.html", "--roles", "auditor"), "corpkg viz --roles auditor")
    page = (work / "widgetron.html").read_text(encoding="utf-8")
    assert 'value="auditor"' in page  # the role filter
    assert "auditor of" in page  # legend entry and edge label
    assert '"role": "auditor"' in page or '"role":"auditor"' in page
    assert "Auditor" in page and "the auditor to its client" in page  # node legend and arrow text


def test_the_toy_role_is_in_the_registry_and_the_scorer(room):
    code = ("from corpkg.ontology.registry import role; from corpkg.extract.evaluate import ROLES; "
            "from corpkg.commands.viz import ROLE_NAMES; s = role('auditor'); "
            "print(s.class_name, s.gold_key, s.edge_source, s.edge_target, 'auditors' in ROLES, 'auditor' in ROLE_NAMES)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(room["pkg"])}
    proc = subprocess.run([sys.executable, "-c", code], cwd=room["work"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert _ok(proc, "registry").split() == ["AuditEngagement", "auditors", "auditor", "client", "True", "True"]

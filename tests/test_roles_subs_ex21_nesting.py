"""Exhibit 21 nesting in HTML tables: the name cell's left padding gives the level, and leading
non-breaking spaces inside the cell push the name further right (one level deeper than a row
with the same padding and no spaces)."""

from __future__ import annotations

from pathlib import Path

from corpkg.extract.reader import read_filing
from corpkg.extract.roles.exhibit21 import exhibit21_facts

ROW = ('<tr><td style="padding:2px 1pt 2px {pad}pt;font-size:8pt"><font style="font-size:8pt">'
       '{lead}{name}</font></td><td style="padding:2px 1pt">{jur}</td></tr>\n')

FILING = """<SEC-DOCUMENT>
<DOCUMENT>
<TYPE>10-K
<TEXT>
<html><body><p>Annual report of Acme Holdings, Inc.</p></body></html>
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-21
<TEXT>
<html><body><p>Exhibit 21</p><p>Acme Holdings, Inc. List of subsidiaries</p>
<table><tr><td>Name</td><td>Organized Under The Laws Of</td></tr>
{rows}</table></body></html>
</TEXT>
</DOCUMENT>
</SEC-DOCUMENT>
"""


def facts_of(tmp_path: Path, rows: list[tuple[float, int, str, str]]) -> set[tuple[str, str]]:
    body = "".join(ROW.format(pad=pad, lead="&#160;" * nbsp, name=name, jur=jur) for pad, nbsp, name, jur in rows)
    path = tmp_path / "acme-10k.txt"
    path.write_text(FILING.format(rows=body), encoding="utf-8")
    doc = read_filing(path)
    facts, _ = exhibit21_facts(doc, lambda name: None, "acme", lambda name: name)
    for f in facts:
        for ev in f.evidence:
            assert doc.text[ev.start : ev.end] == ev.quote
    return {(f.participant("owner")[0], f.participant("owned")[0]) for f in facts}


def test_padding_levels_and_leading_spaces_nest_one_level_deeper(tmp_path: Path):
    got = facts_of(tmp_path, [
        (1, 0, "Acme Bank, National Association", "United States"),
        (7.75, 0, "Acme International Finance Limited", "United States"),
        (30.25, 0, "Acme Capital Holdings Limited", "United Kingdom"),
        (30.25, 9, "Acme Securities plc", "United Kingdom"),
        (30.25, 0, "Acme SE", "Germany"),
        (43.75, 1, "Acme Asset Holdings (Luxembourg) S.a r.l.", "Luxembourg"),
        (43.75, 11, "Acme Asset Management (Europe) S.a r.l.", "Luxembourg"),
        (1, 0, "Acme Holdings LLC", "United States"),
    ])
    assert got == {
        ("acme", "Acme Bank, National Association"),
        ("Acme Bank, National Association", "Acme International Finance Limited"),
        ("Acme International Finance Limited", "Acme Capital Holdings Limited"),
        ("Acme Capital Holdings Limited", "Acme Securities plc"),
        ("Acme International Finance Limited", "Acme SE"),
        ("Acme SE", "Acme Asset Holdings (Luxembourg) S.a r.l."),
        ("Acme Asset Holdings (Luxembourg) S.a r.l.", "Acme Asset Management (Europe) S.a r.l."),
        ("acme", "Acme Holdings LLC"),
    }


def test_same_padding_without_spaces_stays_on_one_level(tmp_path: Path):
    got = facts_of(tmp_path, [
        (1, 0, "Acme Bank, National Association", "United States"),
        (7.75, 0, "Acme Payments, LLC", "United States"),
        (7.75, 0, "Acme Finance Limited", "United Kingdom"),
    ])
    assert got == {
        ("acme", "Acme Bank, National Association"),
        ("Acme Bank, National Association", "Acme Payments, LLC"),
        ("Acme Bank, National Association", "Acme Finance Limited"),
    }

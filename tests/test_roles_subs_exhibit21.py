"""Exhibit 21 lists read from in-memory filings: text rows "Name (Jurisdiction)", nesting by
indentation, division notes, forms after the name, lower-case first letters, a missing
parenthesis, percentage columns, and rows that the entity index would merge."""

from __future__ import annotations

from corpkg.extract.reader import read_text
from corpkg.extract.roles.exhibit21 import exhibit21_facts

FILING = """<SEC-DOCUMENT>
<DOCUMENT>
<TYPE>10-K
<TEXT>
Annual report of Acme Holdings, Inc.
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-21
<TEXT>
                    SUBSIDIARIES OF ACME HOLDINGS, INC.

{body}
</TEXT>
</DOCUMENT>
</SEC-DOCUMENT>
"""


def facts_of(body: str, resolve=None):
    doc = read_text(FILING.format(body=body).encode(), "acme-10k.txt")
    facts, ents = exhibit21_facts(doc, resolve or (lambda name: None), "acme", lambda name: name)
    for f in facts:
        for ev in f.evidence:
            assert doc.text[ev.start : ev.end] == ev.quote
    return {(f.participant("owner")[0], f.participant("owned")[0]): dict(f.attributes) for f in facts}, ents


def test_text_rows_with_nesting_forms_and_odd_names():
    body = ("Acme Operating Company (Delaware)\n"
            "    Acme Canada Ltd. (Ontario)\n"
            "Erco Tennessee, a general partnership (Tennessee)\n"
            "iTunes K.K. (Japan)\n"
            "Acme Station Two Inc. (Delaware\n")
    got, _ = facts_of(body)
    assert got == {
        ("acme", "Acme Operating Company"): {"jurisdiction": "Delaware"},
        ("Acme Operating Company", "Acme Canada Ltd."): {"jurisdiction": "Ontario"},
        ("acme", "Erco Tennessee"): {"jurisdiction": "Tennessee"},
        ("acme", "iTunes K.K."): {"jurisdiction": "Japan"},
        ("acme", "Acme Station Two Inc."): {"jurisdiction": "Delaware"},
    }


def test_divisions_note_skips_indented_rows():
    body = ("The names of the divisions of each subsidiary are indented and listed below it.\n\n"
            "Acme Waste, Inc. (Delaware)\n"
            "     Acme Waste of Manatee County\n"
            "     Acme Transport (Florida)\n"
            "Acme Rail, Inc. (Illinois)\n")
    got, _ = facts_of(body)
    assert set(got) == {("acme", "Acme Waste, Inc."), ("acme", "Acme Rail, Inc.")}


def test_percentage_columns_keep_majority_rows_only():
    body = ("Name\tPercent Owned\tJurisdiction\n"
            "Acme Marketing Company Limited\t87.5\tBahamas\n"
            "Acme Petrochemical Company (4)\t50\tSaudi Arabia\n"
            "Acme Pipe Line Ltd. (5)\t45\tCanada\n")
    got, _ = facts_of(body)
    assert got == {("acme", "Acme Marketing Company Limited"): {"percentage": "87.5", "jurisdiction": "Bahamas"}}


def test_two_rows_are_two_entities_even_when_the_index_merges_them():
    body = "Acme Asia Limited (Hong Kong)\nAcme Asia LLC (Delaware)\n"
    got, ents = facts_of(body, resolve=lambda name: "acme-asia" if name.startswith("Acme Asia") else None)
    assert set(got) == {("acme", "acme-asia"), ("acme", "Acme Asia LLC")}
    assert [e.label for e in ents] == ["Acme Asia LLC"]


DISSEMINATION = """<SUBMISSION>
<ACCESSION-NUMBER>0000000000-05-000001
<TYPE>10-K
<PERIOD>20041231
<FILING-DATE>20050301
<FILER>
<COMPANY-DATA>
<CONFORMED-NAME>ACME HOLDINGS INC
<CIK>0000000001
<STATE-OF-INCORPORATION>DE
</COMPANY-DATA>
</FILER>
<DOCUMENT>
<TYPE>10-K
<SEQUENCE>1
<TEXT>
Annual report of Acme Holdings, Inc.
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-21
<SEQUENCE>2
<TEXT>
<HTML><BODY><P>SUBSIDIARIES OF ACME HOLDINGS, INC.</P>
<TABLE><TR><TH>NAME</TH><TH>JURISDICTION OF FORMATION</TH></TR>
<TR><TD>Acme Field Services, Inc.</TD><TD>&nbsp;</TD><TD>VIRGINIA</TD></TR>
<TR><TD>Acme Testing Laboratory, Inc.</TD><TD>&nbsp;</TD><TD>KANSAS</TD></TR>
</TABLE></BODY></HTML>
</TEXT>
</DOCUMENT>
</SUBMISSION>
"""


def test_dissemination_layout_splits_documents_and_reads_the_exhibit21_table():
    """A submission in EDGAR's dissemination layout ("<SUBMISSION>", tagged header lines, no
    <SEC-HEADER>) is split into its documents, so the EX-21 table is read."""
    doc = read_text(DISSEMINATION.encode(), "acme-10k.txt")
    assert [d.type for d in doc.documents] == ["10-K", "EX-21"]
    assert doc.header is not None and doc.header.form_type == "10-K"
    assert doc.header.parties[0].name == "ACME HOLDINGS INC"
    facts, _ = exhibit21_facts(doc, lambda name: None, "acme", lambda name: name)
    got = {(f.participant("owner")[0], f.participant("owned")[0]): dict(f.attributes) for f in facts}
    assert got == {
        ("acme", "Acme Field Services, Inc."): {"jurisdiction": "VIRGINIA"},
        ("acme", "Acme Testing Laboratory, Inc."): {"jurisdiction": "KANSAS"},
    }

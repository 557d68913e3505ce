"""The issuer role: parties from the SEC header and the cover page, with labels as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpkg.extract.model import CoverFacts, Document, FormerName, Header, Party
from corpkg.extract.reader import read_filing, read_text
from corpkg.extract.roles.issuer import as_of_date, extract_issuer, proper_name, title_case

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.mark.parametrize("seed", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.name)
def test_seed_issuer_matches_gold(seed, gold_dir):
    gold = json.loads((gold_dir / (seed.stem + ".json")).read_text(encoding="utf-8"))["issuer"]
    doc = read_filing(seed)
    r = extract_issuer(doc)
    assert r.issuer is not None
    e = r.issuer
    assert e.label == gold["name"]
    ids = dict(e.identifiers)
    assert ids["ein"] == gold["irs_employer_id"]
    assert ids["fileNumber"] == gold["commission_file_number"]
    attrs = dict(e.attributes)
    assert attrs["stateOfIncorporation"] == gold["state_of_incorporation"]
    assert attrs["businessAddress"] == gold["address"]
    assert attrs["phone"] == gold["phone"]
    if "shares_outstanding" in gold:
        assert attrs["sharesOutstanding"] == str(gold["shares_outstanding"])
    [fact] = r.facts
    assert fact.role == "issuer" and fact.participants == (("issuer", e.key),)
    for ev in fact.evidence:
        assert doc.text[ev.start:ev.end] == ev.quote


def test_as_of_is_the_date_the_filing_states_its_facts():
    # the 10-QSB for the quarter ended 2002-03-31 was signed "Date: May 20, 2002": who is President
    # is stated as of the signature, not as of the end of the quarter
    q = read_filing(EXAMPLES / "001_39229ddd04409d79.txt")
    assert (q.cover.period_of_report, q.cover.signature_date) == ("2002-03-31", "2002-05-20")
    assert as_of_date(q) == "2002-05-20"
    assert as_of_date(read_filing(EXAMPLES / "002_933b7785daade086.txt")) == "2003-01-28"  # "DATED: January 28, 2003"


def _bare_doc(header: Header | None, cover: CoverFacts | None) -> Document:
    return Document(path="x.txt", format="text", text="x", sha256="0" * 64, encoding="utf-8", header=header, cover=cover)


@pytest.mark.parametrize(
    "header,cover,expected",
    [
        (Header(filed_as_of="2002-05-21", period_of_report="2002-03-31"),
         CoverFacts(signature_date="2002-05-20", period_of_report="2002-03-31"), "2002-05-21"),
        (None, CoverFacts(signature_date="2002-05-20", date_of_report="2002-05-01", period_of_report="2002-03-31"),
         "2002-05-20"),
        (None, CoverFacts(date_of_report="2002-05-01", period_of_report="2002-03-31"), "2002-05-01"),
        (Header(period_of_report="2002-03-31"), CoverFacts(), "2002-03-31"),
        (None, CoverFacts(period_of_report="2002-03-31"), "2002-03-31"),
        (None, None, None),
    ],
)
def test_as_of_order_filed_signed_report_period(header, cover, expected):
    assert as_of_date(_bare_doc(header, cover)) == expected


@pytest.mark.parametrize(
    "conformed,expected",
    [
        ("WMX TECHNOLOGIES INC", "WMX Technologies Inc."),
        ("BANK OF AMERICA CORP /DE/", "Bank of America Corp."),
        ("CVR ENERGY INC", "CVR Energy Inc."),
        ("MCDONALDS CORP", "McDonalds Corp."),
        ("NEW YORK TIMES CO", "New York Times Co."),
    ],
)
def test_title_case_of_conformed_names(conformed, expected):
    assert title_case(conformed) == expected


def test_proper_name_prefers_the_texts_mixed_case_spelling():
    text = "WMX TECHNOLOGIES INC\n... WMX Technologies, Inc. (the Company) ... WMX Technologies, Inc. operates"
    label, start = proper_name("WMX TECHNOLOGIES INC", text)
    assert label == "WMX Technologies, Inc."
    assert text[start:start + len(label)] == label
    assert proper_name("ACME WIDGETS CORP", "no mention at all") == ("Acme Widgets Corp.", None)


def test_persons_of_the_header_are_reordered():
    text = "Reporting person: Carl C. Icahn, an individual. Carl C. Icahn owns shares."
    assert proper_name("ICAHN CARL C", text, person=True)[0] == "Carl C. Icahn"


def _doc(text: str, header: Header | None, cover: CoverFacts | None = None, form: str | None = None) -> Document:
    base = read_text(text.encode("utf-8"), "synthetic.txt")
    import dataclasses

    return dataclasses.replace(base, header=header, cover=cover)


def test_schedule_13d_parties_subject_company_is_the_issuer():
    text = (
        "SUBJECT COMPANY:\n\tCOMPANY CONFORMED NAME:\t\t\tTARGET CO INC\n"
        "FILED BY:\n\tCOMPANY CONFORMED NAME:\t\t\tBIG HOLDER LP\n"
        "\nSCHEDULE 13D\nTarget Co, Inc. (Name of Issuer)\nBig Holder LP owns 12% of Target Co, Inc. common stock.\n"
    )
    header = Header(
        accession_number="0000000001-12-000001", form_type="SC 13D", filed_as_of="2012-08-06",
        parties=(
            Party("subject-company", name="TARGET CO INC", cik="0000000123", irs_number="000000000",
                  state_of_incorporation="CO", former_names=(FormerName("TARGET COMPANY INC", "2001-01-01"),)),
            Party("filed-by", name="BIG HOLDER LP", cik="0000000456", irs_number="123456789"),
        ),
        start=0, end=text.index("\nSCHEDULE"),
    )
    doc = _doc(text, header)
    r = extract_issuer(doc)
    assert r.issuer is not None and r.issuer.label == "Target Co, Inc."
    assert dict(r.issuer.identifiers) == {"cik": "0000000123"}  # an all-zero IRS number is no EIN
    assert ("stateOfIncorporation", "Colorado") in r.issuer.attributes
    assert ("formerName", "Target Company Inc.") in r.issuer.attributes
    holder = next(e for e in r.entities if not e.is_issuer)
    assert holder.label == "Big Holder LP" and dict(holder.identifiers)["ein"] == "12-3456789"
    slots = {f.participants for f in r.facts}
    assert ((("subjectCompany", r.issuer.key), ("issuer", r.issuer.key))) in slots or \
        ((("issuer", r.issuer.key), ("subjectCompany", r.issuer.key))) in slots
    assert (("filedBy", holder.key),) in slots
    for f in r.facts:
        for ev in f.evidence:
            assert doc.text[ev.start:ev.end] == ev.quote and ev.section == "SEC header"


def test_no_header_no_cover_no_issuer():
    r = extract_issuer(_doc("Just some words, no cover page.", None))
    assert r.issuer is None and r.facts == ()


GOLD = sorted((ROOT / "tests" / "gold").glob("*.json"))


@pytest.mark.shared
@pytest.mark.parametrize("gold_file", GOLD, ids=lambda p: p.stem)
def test_corpus_issuers_match_gold(gold_file, corpus_dir):
    gold = json.loads(gold_file.read_text(encoding="utf-8")).get("issuer") or {}
    if not gold.get("name"):
        pytest.skip("no issuer in this gold file")
    [path] = [p for p in corpus_dir.glob(gold_file.stem + ".*")]
    doc = read_filing(path)
    e = extract_issuer(doc).issuer
    assert e is not None and e.label == gold["name"]
    ids = dict(e.identifiers)
    if gold.get("irs_employer_id"):
        assert ids.get("ein") == gold["irs_employer_id"]
    if gold.get("cik") and doc.header is not None:
        assert ids.get("cik") == gold["cik"]


def test_group_members_become_reporting_owners(corpus_dir):
    doc = read_filing(corpus_dir / "SC-TO-TA_cvr-energy_2025-01-10.txt")
    r = extract_issuer(doc)
    by_label = {e.label: e for e in r.entities}
    assert by_label["Carl C. Icahn"].kind == "Person"  # name shape, not a legal suffix
    for label in ("Beckton Corp.", "IEP Energy Holding LLC", "American Entertainment Properties Corp."):
        assert by_label[label].kind == "Organization"
    owners = {k for f in r.facts for s, k in f.participants if s == "reportingOwner"}
    assert len(owners) == 6 and by_label["Carl C. Icahn"].key in owners
    assert r.issuer.label.startswith("CVR Energy")  # the subject company stays the issuer
    for f in r.facts:
        for ev in f.evidence:
            assert doc.text[ev.start:ev.end] == ev.quote


def test_group_member_already_a_party_gets_the_reporting_owner_slot():
    text = (
        "SUBJECT COMPANY:\n\tCOMPANY CONFORMED NAME:\t\t\tTARGET CO INC\n"
        "FILED BY:\n\tCOMPANY CONFORMED NAME:\t\t\tMORGAN JOHN\n"
        "GROUP MEMBERS:\t\tJOHN MORGAN\nGROUP MEMBERS:\t\tMORGAN FAMILY TRUST\n"
        "\nSCHEDULE 13D\nTarget Co, Inc. (Name of Issuer)\nJohn Morgan and the Morgan Family Trust own 9%.\n"
    )
    header = Header(
        form_type="SC 13D",
        parties=(Party("subject-company", name="TARGET CO INC", cik="0000000123", state_of_incorporation="DE"),
                 Party("filed-by", name="MORGAN JOHN", cik="0000000456")),
        group_members=("JOHN MORGAN", "MORGAN FAMILY TRUST"),
        start=0, end=text.index("\nSCHEDULE"),
    )
    doc = _doc(text, header)
    r = extract_issuer(doc)
    roe = next(e for e in r.entities if e.label == "John Morgan")
    trust = next(e for e in r.entities if e.label == "Morgan Family Trust")
    assert roe.kind == "Person" and trust.kind == "Organization"
    slots = {f.participants for f in r.facts}
    assert (("filedBy", roe.key), ("reportingOwner", roe.key)) in slots  # one party, not two
    assert (("reportingOwner", trust.key),) in slots
    assert len([e for e in r.entities if e.label == "John Morgan"]) == 1


def test_inline_xbrl_issuer_is_keyed_by_its_cik(corpus_dir):
    from corpkg.extract.model import Extraction
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.terms import CKG

    doc = read_filing(corpus_dir / "8-K_afc-gamma_2023-03-20.html")
    r = extract_issuer(doc)
    assert dict(r.issuer.identifiers)["cik"] == "0001822523"
    fg = build_filing_graph(Extraction(doc, r.entities, r.facts, "test", as_of_date(doc)))
    from rdflib import XSD, Literal, URIRef

    org = URIRef("https://w3id.org/corpkg/id/cik/0001822523")
    assert (fg.filing, CKG.issuer, org) in fg.triples
    assert (fg.filing, CKG.signedOn, Literal("2023-03-20", datatype=XSD.date)) in fg.triples  # no header: no filedOn
    assert as_of_date(doc) == "2023-03-20"


def test_dated_former_names_become_former_name_nodes(corpus_dir):
    from rdflib import RDF, XSD, Literal, URIRef

    from corpkg.extract.model import Extraction
    from corpkg.graph.rdf import build_filing_graph
    from corpkg.graph.terms import CKG, PROV

    doc = read_filing(corpus_dir / "SC-TO-TA_cvr-energy_2025-01-10.txt")
    r = extract_issuer(doc)
    fg = build_filing_graph(Extraction(doc, r.entities, r.facts, "test", as_of_date(doc)))
    icahn = URIRef("https://w3id.org/corpkg/id/cik/0001034563")
    [node] = [o for s, p, o in fg.triples if s == icahn and p == CKG.hadFormerName]
    assert (node, RDF.type, CKG.FormerName) in fg.triples
    assert (node, CKG.name, Literal("AMERICAN REAL ESTATE HOLDINGS L P")) in fg.triples
    assert (node, CKG.until, Literal("1998-03-11", datatype=XSD.date)) in fg.triples
    assert (node, PROV.wasDerivedFrom, fg.filing) in fg.triples
    assert not any(p == CKG.signedOn for _s, p, _o in fg.triples)  # the header gives the filing date


@pytest.mark.parametrize(
    "body, expected",
    [
        ("PROSPECTUS SUPPLEMENT\n\n$500,000,000 5.00% Notes due 2031\n\nIn this prospectus supplement, the terms \u201cwe,\u201d "
         "\u201cus\u201d and \u201cthe Company\u201d refer to Quillon Gas and Power Company and its subsidiaries.\n",
         "Quillon Gas and Power Company"),
        ("PROSPECTUS SUPPLEMENT\n\n$300,000,000 Senior Notes\n\nPrice to Public\tUnderwriting Discount\tProceeds, before "
         "expenses, to The Quillon Companies, Inc.\nPer note\t99.5%\t0.6%\t98.9%\n", "The Quillon Companies, Inc."),
        # no legal suffix: no issuer
        ("PROSPECTUS SUPPLEMENT\n\nProceeds to Issuer\tTotal\n", None),
    ],
)
def test_headerless_prospectus_names_its_issuer(body, expected):
    doc = read_text(body.encode(), "prospectus.txt")
    r = extract_issuer(doc)
    assert (r.issuer.label if r.issuer else None) == expected
    if expected:
        (fact,) = r.facts
        (ev,) = fact.evidence
        assert doc.text[ev.start : ev.end] == expected


@pytest.mark.parametrize(
    "body, expected",
    [
        ("Amendment No. 1\n\nThis AMENDMENT is entered into among KESTREL BRANDS, INC. (the \u201cBorrower\u201d) and the "
         "Lenders party hereto.\n\nKestrel Brands, Inc. shall pay the fees.\n", "Kestrel Brands, Inc."),
        # the buyer outranks the company it buys; a name broken over two lines is one name
        ("Letter of Support\n\nThis letter is written by and between the Stockholder and Heron Acquisition\nCorp., a "
         "Delaware corporation (\u201cBuyer\u201d). Pogo Wells, LLC, a Texas limited liability company (the "
         "\u201cCompany\u201d), is the target.\n", "Heron Acquisition Corp."),
        # a defined term that names no company with a legal suffix
        ("Memorandum\n\nJohn Roe (\u201cBorrower\u201d) promises to pay Kestrel Bank.\n", None),
        # a press release: the ticker and a short name stand between the name and "the Company"
        ("Exhibit 99.1\n\nMarch 2, 2024, Akron, Ohio \u2014 Plover Industries, Inc. (NYSE: PLV) (\u201cPlover\u201d or "
         "the \u201cCompany\u201d) today announced it will acquire Tern Systems.\n", "Plover Industries, Inc."),
        # a heading printed before the first party is not part of its name
        ("Amendment #2 to Note\n\nRECITALS Wren Group Intl, Inc. (\u201cCompany\u201d) and Finch Capital, LLC "
         "(\u201cHolder\u201d) entered into a note.\n", "Wren Group Intl, Inc."),
    ],
)
def test_headerless_agreement_names_the_party_it_defines(body, expected):
    doc = read_text(body.encode(), "agreement.txt")
    r = extract_issuer(doc)
    assert (r.issuer.label if r.issuer else None) == expected

"""SEC header layouts: classic indented KEY: value, and the tagged dissemination layout."""

from __future__ import annotations

from corpkg.extract.reader import issuer_name, read_text
from corpkg.extract.sgml import iso_date, parse_header

TAGGED = """<SEC-DOCUMENT>0000912057-00-000001.txt : 20000103
<SEC-HEADER>
<ACCESSION-NUMBER>0000912057-00-000001
<TYPE>SC 13D
<PUBLIC-DOCUMENT-COUNT>1
<FILING-DATE>20000103
<SUBJECT-COMPANY>
<COMPANY-DATA>
<CONFORMED-NAME>TARGET INC
<CIK>0000012345
<ASSIGNED-SIC>2834
<IRS-NUMBER>123456789
<STATE-OF-INCORPORATION>DE
<FISCAL-YEAR-END>1231
</COMPANY-DATA>
<BUSINESS-ADDRESS>
<STREET1>1 MAIN ST
<CITY>BOSTON
<STATE>MA
<ZIP>02110
<PHONE>6175550100
</BUSINESS-ADDRESS>
<FORMER-COMPANY>
<FORMER-CONFORMED-NAME>OLD TARGET CORP
<DATE-CHANGED>19980101
</FORMER-COMPANY>
</SUBJECT-COMPANY>
<FILED-BY>
<COMPANY-DATA>
<CONFORMED-NAME>BUYER LP
<CIK>98765
</COMPANY-DATA>
</FILED-BY>
</SEC-HEADER>
<DOCUMENT>
<TYPE>SC 13D
<SEQUENCE>1
<TEXT>
SCHEDULE 13D
TARGET INC.
(Name of Issuer)
</TEXT>
</DOCUMENT>
</SEC-DOCUMENT>
"""


def test_tagged_header_layout() -> None:
    doc = read_text(TAGGED.encode(), "tagged.txt")
    h = doc.header
    assert (h.accession_number, h.form_type, h.public_document_count, h.filed_as_of) == (
        "0000912057-00-000001",
        "SC 13D",
        1,
        "2000-01-03",
    )
    subject, filed_by = h.parties
    assert subject.role == "subject-company" and subject.name == "TARGET INC"
    assert subject.cik == "0000012345" and subject.sic == "2834" and subject.state_of_incorporation == "DE"
    assert subject.business_address.one_line() == "1 MAIN ST, BOSTON, MA 02110"
    assert subject.business_address.phone == "6175550100"
    assert [(f.name, f.date_changed) for f in subject.former_names] == [("OLD TARGET CORP", "1998-01-01")]
    assert filed_by.role == "filed-by" and filed_by.cik == "0000098765"
    assert issuer_name(doc) == "TARGET INC"
    assert doc.text[h.start : h.start + 12] == "<SEC-HEADER>"
    assert doc.cover.registrant_name == "TARGET INC."


def test_classic_header_items_and_reporting_owner() -> None:
    h = parse_header(
        "ACCESSION NUMBER:\t\t0001-01-000001\nCONFORMED SUBMISSION TYPE:\t4\n"
        "ITEM INFORMATION:\t\tOther events\nITEM INFORMATION:\t\tFinancial statements and exhibits\n"
        "REPORTING-OWNER:\n\n\tOWNER DATA:\n\t\tCOMPANY CONFORMED NAME:\t\t\tDOE JOHN\n\t\tCENTRAL INDEX KEY:\t\t\t0000000007\n"
        "\tMAIL ADDRESS:\n\t\tSTREET 1:\t\t1 ELM ST\n\t\tCITY:\t\t\tTOWN\n"
        "ISSUER:\n\n\tCOMPANY DATA:\n\t\tCOMPANY CONFORMED NAME:\t\t\tACME CORP\n"
        "\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\tSERVICES-PREPACKAGED SOFTWARE [7372]\n"
    )
    assert h.items == ("Other events", "Financial statements and exhibits")
    owner, issuer = h.parties
    assert (owner.role, owner.name, owner.cik, owner.mail_address.street) == ("reporting-owner", "DOE JOHN", "0000000007", ("1 ELM ST",))
    assert (issuer.role, issuer.name, issuer.sic, issuer.sic_label) == ("issuer", "ACME CORP", "7372", "SERVICES-PREPACKAGED SOFTWARE")


def test_group_members_are_read_in_order_in_both_layouts() -> None:
    classic = parse_header(
        "CONFORMED SUBMISSION TYPE:\tSC 13D\nGROUP MEMBERS:\t\tJANE Q. PUBLIC\nGROUP MEMBERS:\t\tPUBLIC FAMILY\n"
        "\t\tPARTNERS LP\nGROUP MEMBERS:\t\tJANE Q. PUBLIC\n"
        "SUBJECT COMPANY:\n\tCOMPANY DATA:\n\t\tCOMPANY CONFORMED NAME:\t\t\tTARGET INC\n"
    )
    assert classic.group_members == ("JANE Q. PUBLIC", "PUBLIC FAMILY PARTNERS LP")  # joined, de-duplicated
    assert [p.name for p in classic.parties] == ["TARGET INC"]
    tagged = parse_header("<TYPE>SC 13G\n<GROUP-MEMBERS>ALPHA FUND LP\n<GROUP-MEMBERS>JOHN ROE\n")
    assert tagged.group_members == ("ALPHA FUND LP", "JOHN ROE")
    assert parse_header("CONFORMED SUBMISSION TYPE:\t10-K\n").group_members == ()


def test_iso_date() -> None:
    assert iso_date("19940330") == "1994-03-30"
    assert iso_date("19941399") is None and iso_date("") is None


def test_mixed_submission_html_converted_text_kept_binary_left_out() -> None:
    data = (
        "<SEC-DOCUMENT>x\r\n<SEC-HEADER>x\r\nACCESSION NUMBER:\t\t0000000001-24-000001\r\nCONFORMED SUBMISSION TYPE:\t8-K\r\n"
        "</SEC-HEADER>\r\n<DOCUMENT>\r\n<TYPE>8-K\r\n<SEQUENCE>1\r\n<FILENAME>a.htm\r\n<TEXT>\r\n"
        "<html><body><p>FORM 8-K</p><p>ACME &amp; CO.</p><p>(Exact name of registrant as specified in its charter)</p></body></html>\r\n"
        "</TEXT>\r\n</DOCUMENT>\r\n<DOCUMENT>\r\n<TYPE>EX-99\r\n<SEQUENCE>2\r\n<FILENAME>b.txt\r\n<TEXT>\r\nPlain exhibit\r\ntext.\r\n</TEXT>\r\n</DOCUMENT>\r\n"
        "<DOCUMENT>\r\n<TYPE>GRAPHIC\r\n<SEQUENCE>3\r\n<FILENAME>logo.jpg\r\n<TEXT>\r\nbegin 644 logo.jpg\r\nM_]C_X``02D9)1@`!`0$`8`!@``#_VP!#``,\"`@,\"`@,#`P,$`P,$!0@%!00$\r\nend\r\n</TEXT>\r\n</DOCUMENT>\r\n</SEC-DOCUMENT>\r\n"
    )
    doc = read_text(data.encode(), "mixed.txt")
    main, ex, graphic = doc.documents
    assert (main.content, ex.content, graphic.content) == ("html", "text", "binary")
    assert doc.text[main.start : main.end].strip() == "FORM 8-K\n\nACME & CO.\n\n(Exact name of registrant as specified in its charter)"
    assert doc.text[ex.start : ex.end] == "\nPlain exhibit\ntext.\n"
    assert graphic.start == graphic.end and "begin 644" not in doc.text
    assert doc.cover.registrant_name == "ACME & CO."
    # offsets map back into the source
    i = doc.text.index("Plain exhibit")
    assert data[doc.offset_map.to_source(i) :].startswith("Plain exhibit")
    i = doc.text.index("ACME")
    assert data[doc.offset_map.to_source(i) :].startswith("ACME &amp; CO.")

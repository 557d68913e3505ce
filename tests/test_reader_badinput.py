"""Bad input gives a clear InputError naming the file and the problem (or a warning), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpkg.errors import (
    BinaryFileError,
    EmptyFileError,
    InputError,
    MalformedFilingError,
    TooLargeError,
    TruncatedFilingError,
)
from corpkg.extract.reader import is_partial, read_filing, read_text

HEADER = b"""<SEC-DOCUMENT>0000000000-00-000001.txt : 20000101
<SEC-HEADER>0000000000-00-000001.hdr.sgml : 20000101
ACCESSION NUMBER:\t\t0000000000-00-000001
CONFORMED SUBMISSION TYPE:\t8-K
FILED AS OF DATE:\t\t20000101

FILER:

\tCOMPANY DATA:
\t\tCOMPANY CONFORMED NAME:\t\t\tEXAMPLE CORP
\t\tCENTRAL INDEX KEY:\t\t\t0000000001
"""


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


@pytest.mark.parametrize(
    ("data", "error", "words"),
    [
        (b"", EmptyFileError, "empty"),
        (b"  \r\n\t\n ", EmptyFileError, "whitespace"),
        (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj", BinaryFileError, "PDF"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00", BinaryFileError, "JPEG"),
        (b"PK\x03\x04\x14\x00\x00\x00\x08\x00", BinaryFileError, "ZIP"),
        (b"\x00\x01\x02\x03binary\x00\x00data" * 50, BinaryFileError, "NUL"),
        (HEADER, MalformedFilingError, "never closed"),
    ],
    ids=["empty", "whitespace", "pdf", "jpeg", "zip", "nul-bytes", "truncated-header"],
)
def test_bad_files_raise_input_errors_naming_file_and_problem(tmp_path: Path, data: bytes, error: type, words: str) -> None:
    p = _write(tmp_path, "bad.txt", data)
    with pytest.raises(error) as info:
        read_filing(p)
    assert isinstance(info.value, InputError) and info.value.exit_code == 3
    assert str(p) in str(info.value)
    assert words.lower() in str(info.value).lower()


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_filing(tmp_path / "nope.txt")
    with pytest.raises(InputError, match="directory"):
        read_filing(tmp_path)


def test_size_limit_is_checked_before_reading_and_can_be_raised(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with open(big, "wb") as fh:  # a sparse 200 MB file: nothing is written, nothing is read
        fh.truncate(200_000_000)
    with pytest.raises(TooLargeError, match="--max-size"):
        read_filing(big)
    small = _write(tmp_path, "small.txt", b"FORM 8-K\nACME CORP\n(Exact name of registrant as specified in its charter)\n" * 100)
    with pytest.raises(TooLargeError):
        read_filing(small, max_bytes=1000)
    assert read_filing(small, max_bytes=10_000).text


def test_truncated_document_is_refused_unless_accepted() -> None:
    data = HEADER + (b"</SEC-HEADER>\n<DOCUMENT>\n<TYPE>8-K\n<SEQUENCE>1\n<TEXT>\nFORM 8-K\nEXAMPLE CORP\n"
                     b"(Exact name of registrant as specified in its charter)\nItem 1. Something happened and the file ends he")
    with pytest.raises(TruncatedFilingError, match=r"cut short \(document 1 \(8-K\) has no </TEXT>[;)]") as info:
        read_text(data, "trunc.txt")
    assert info.value.exit_code == 3 and "--accept-truncated" in str(info.value)
    assert info.value.document is not None and info.value.document.text.endswith("file ends he")
    doc = read_text(data, "trunc.txt", accept_truncated=True)
    assert doc.format == "submission"
    assert doc.documents[0].type == "8-K"
    assert any(w.startswith("truncated submission:") for w in doc.warnings) and is_partial(doc)
    assert doc.text.endswith("file ends he")


def test_invalid_utf8_falls_back_and_is_recorded() -> None:
    data = "FORM 10-K\nCaf\u00e9 Holdings \u2019s report\n".encode("cp1252")
    doc = read_text(data, "cp.txt")
    assert doc.encoding == "cp1252"
    assert "Caf\u00e9" in doc.text and "\u2019" in doc.text
    assert any("cp1252" in w for w in doc.warnings)
    # 0x81 is undefined in cp1252: that one byte keeps its latin-1 code point
    doc = read_text(b"FORM 8-K\nACME \x81 CORP \x96 INC\n", "l1.txt")
    assert doc.encoding == "cp1252" and "ACME \x81 CORP \u2013 INC" in doc.text


def test_hostile_html_deep_nesting_huge_attribute_script() -> None:
    depth = 50_000
    html = (
        b"<html><head><title>t</title><script>document.write('<p>NOT TEXT</p>')</script></head><body>"
        + b"<div>" * depth
        + b"<p title=\"" + b"x" * 2_000_000 + b"\">Deep text &amp; more</p>"
        + b"</div>" * (depth // 2)  # unbalanced
        + b"<style>p{color:red}</style><p>tail <b>bold</p></i></table></td>"
        + b"<!-- an unclosed comment"
    )
    doc = read_text(html, "hostile.html")  # no recursion limit, no hang
    assert doc.format == "html"
    assert "Deep text & more" in doc.text
    assert "NOT TEXT" not in doc.text and "color:red" not in doc.text
    assert "tail bold" in doc.text


def test_unterminated_tag_and_stray_angle_brackets() -> None:
    doc = read_text(b"<html><body><p>a < b and c > d</p><p>x <unterminated attr=\"oops", "odd.html")
    assert "a < b and c > d" in doc.text


def test_hidden_element_never_closed_keeps_its_content() -> None:
    doc = read_text(b"<html><body><div style='display:none'><p>visible after all</p></body>", "h.html")
    assert "visible after all" in doc.text
    assert any("never closed" in w for w in doc.warnings)


def test_non_bytes_input_is_a_programming_error() -> None:
    with pytest.raises(TypeError):
        read_text("text", "x.txt")  # type: ignore[arg-type]

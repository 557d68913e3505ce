"""HTML → text: the offset map, entity decoding and layout rules, as properties and examples."""

from __future__ import annotations

import html as html_lib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from corpkg.extract.htmltext import decode_entity, html_to_text
from corpkg.extract.reader import read_text
from corpkg.extract.textbuild import TextBuilder

# text without control characters, surrogates or the invisible characters the converter drops
plain = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp"), blacklist_characters="\u00ad")
    | st.sampled_from(" \t\n&<>\"'"),
    max_size=200,
)


@settings(max_examples=200, deadline=None)
@given(plain)
def test_escaped_text_round_trips(s: str) -> None:
    text, _, _ = html_to_text("<p>" + html_lib.escape(s) + "</p>")
    assert text == " ".join(s.split())


_FRAGMENTS = [
    "<p>", "</p>", "<div>", "</div>", "<br>", "<br/>", "<b>", "</b>", "<table>", "<tr>", "<td>", "</td>",
    "</tr>", "</table>", "<span style=\"x\">", "</span>", "&amp;", "&nbsp;", "&#146;", "&#x2014;", "&lt;",
    "&copy;", "&bogus;", "&", " ", "  ", "\n", "\r\n", "<!-- c -->", "<script>x<y</script>", "<pre>", "</pre>",
    "<ix:nonNumeric name=\"dei:EntityRegistrantName\">", "</ix:nonNumeric>",
]
words = st.text(alphabet="abcXYZ019.,;-()", min_size=1, max_size=8)
fragments = st.lists(st.sampled_from(_FRAGMENTS) | words, max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(fragments)
def test_every_text_offset_maps_into_the_source_and_characters_correspond(src: str) -> None:
    text, builder, _ = html_to_text(src)
    om = builder.offset_map(identity_ok=False)
    prev = -1
    for i, ch in enumerate(text):
        j = om.to_source(i)
        assert 0 <= j < len(src), (i, j)
        assert j >= prev  # the map never goes backwards
        prev = j
        if not ch.isspace():
            # a copied character is itself in the source; a decoded one maps to its "&"
            assert src[j] == ch or src[j] == "&", (i, ch, src[j], src)
    # and back: the text offset of each mapped source offset is that text offset
    for i in range(len(text)):
        j = om.to_source(i)
        assert om.to_text(j) <= i


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["line", "", "  x  ", "A\tB"]), min_size=1, max_size=30), st.randoms())
def test_plain_text_gets_universal_newlines_and_map_back(lines: list[str], rnd: random.Random) -> None:
    src = "FORM 8-K\n" + "".join(line + rnd.choice(["\n", "\r\n", "\r"]) for line in lines)
    doc = read_text(src.encode(), "x.txt")
    expected = src.replace("\r\n", "\n").replace("\r", "\n")
    assert doc.text == expected
    for i, ch in enumerate(doc.text):
        j = doc.offset_map.to_source(i)
        assert src[j] == ch or (ch == "\n" and src[j] == "\r")


def test_entities_including_windows_1252_references() -> None:
    assert decode_entity("&amp;") == "&"
    assert decode_entity("&#146;") == "\u2019"  # browsers read C1 references as Windows-1252
    assert decode_entity("&#x201C;") == "\u201c"
    assert decode_entity("&nbsp") == "\u00a0"
    assert decode_entity("&nosuch;") is None


def test_layout_rules() -> None:
    src = (
        "<html><head><title>T</title><style>x</style></head><body>"
        "<div style='display:none'>hidden</div>"
        "<p>First&nbsp;para</p><p>Second<br>line</p>"
        "<table><tr><td><p>Delaware</p></td><td></td><td>1-234</td></tr>"
        "<tr><td>(State)</td><td>(File No.)</td></tr></table>"
        "<ix:header><ix:hidden>secret</ix:hidden></ix:header>"
        "<pre>  keep   this\n  layout</pre></body></html>"
    )
    text, _, conv = html_to_text(src)
    assert text == "First para\n\nSecond\nline\n\nDelaware\t1-234\n(State)\t(File No.)\n\n  keep   this\n  layout"
    assert [t.rows for t in conv.tables] == [(("Delaware", "1-234"), ("(State)", "(File No.)"))]
    table = conv.tables[0]
    assert text[table.start : table.end].startswith("Delaware")


def test_inline_xbrl_facts_are_collected_with_spans() -> None:
    src = (
        '<html><body><div style="display:none"><ix:header><ix:hidden>'
        '<ix:nonNumeric name="dei:EntityCentralIndexKey">0000000001</ix:nonNumeric></ix:hidden></ix:header></div>'
        '<p>FORM <ix:nonNumeric name="dei:DocumentType">8-K</ix:nonNumeric></p>'
        '<p><ix:nonNumeric name="dei:EntityRegistrantName">Acme &amp; Sons, Inc.</ix:nonNumeric></p>'
        "<p>(Exact name of registrant as specified in its charter)</p></body></html>"
    )
    doc = read_text(src.encode(), "acme.htm")
    assert doc.cover.registrant_name == "Acme & Sons, Inc."
    assert doc.form_type == "8-K"
    span = dict((f, (s, e)) for f, s, e in doc.cover.spans)["registrant_name"]
    assert doc.text[span[0] : span[1]] == "Acme & Sons, Inc."
    assert "0000000001" not in doc.text


def test_builder_merges_contiguous_pieces() -> None:
    b = TextBuilder()
    b.add("abc", 10)
    b.add("def", 13)
    b.add_verbatim("x\r\ny", 0, 4)
    assert b.text() == "abcdefx\ny"
    om = b.offset_map()
    assert om.text_starts == (0, 6, 7)  # "y" continues the "\n" segment
    assert om.to_source(4) == 14 and om.to_source(7) == 2 and om.to_source(8) == 3

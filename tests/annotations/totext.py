"""Plain text of a filing for annotators (standard library only, independent of corpkg).

Annotators read filings through this script, never through corpkg's reader or extractors, so that
the annotations do not inherit the extractor's view of a filing. Usage:

    python3 tests/annotations/totext.py ../shared/corpus/more/EX-10_x.html > /tmp/x.txt
"""

from __future__ import annotations

import html
import re
import sys
from html.parser import HTMLParser

BLOCK = {"p", "div", "br", "tr", "li", "table", "h1", "h2", "h3", "h4", "h5", "h6", "page", "hr", "title"}
SKIP = {"script", "style", "head"}
CELL = {"td", "th"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIP:
            self.skip += 1
        elif tag in BLOCK:
            self.out.append("\n")
        elif tag in CELL:
            self.out.append(" | ")

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in BLOCK:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


def to_text(raw: str) -> str:
    if not re.search(r"<(html|body|div|p|table|font)\b", raw, re.I):
        return raw
    # marked sections and uuencoded payloads ("<![", "<!X") are not markup: escape them
    raw = re.sub(r"<!(?!--|doctype)", "&lt;!", raw, flags=re.I)
    p = _Text()
    p.feed(raw)
    text = html.unescape("".join(p.out)).replace("\xa0", " ")
    text = re.sub(r"[ \t]+", " ", text)
    text = re.sub(r"\n\s*\n+", "\n\n", text)
    return text


def main() -> None:
    data = open(sys.argv[1], "rb").read()
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError:
        raw = data.decode("cp1252", errors="replace")
    sys.stdout.write(to_text(raw))


if __name__ == "__main__":
    main()

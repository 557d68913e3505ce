"""Patterns are data: the role modules keep glue, the pattern files keep every regex and number.

- every key of every ``extract/patterns/roles/*.json`` is used: a top-level list or object by a
  module that reads the file, or by a ``{{slot}}`` of the file's own regexes; every entry of the
  sections (regex, fragments, templates, windows, limits, thresholds, scores) likewise;
- every section explains each of its keys in its ``_doc`` (and nothing else), and each regex compiles;
- no role module holds a regex literal: no string constant is part of the pattern handed to a
  ``re`` function, and no string constant (docstrings aside) is written in regex syntax.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpkg.extract.roles import common
from corpkg.extract.roles.common import SECTIONS, expand, load_json, regexes, section

ROOT = Path(__file__).resolve().parents[1]
ROLES = ROOT / "extract" / "roles"
PATTERNS = ROOT / "extract" / "patterns" / "roles"
PATTERN_FILES = sorted(p.name for p in PATTERNS.glob("*.json"))
MODULES = sorted(ROLES.glob("*.py"))

# Modules of extract/roles/ this test does not hold to "no regex literal", each with its reason.
NOT_ROLE_RULES = {
    "run.py": "pipeline wiring, not a role's rules: its one regex makes entity keys from names (a slug), "
              "like corpkg.extract.names; it reads no pattern file",
}

RE_FUNCTIONS = {"compile", "search", "match", "fullmatch", "sub", "subn", "finditer", "findall", "split"}
# What regex syntax looks like in a string constant: an escape class, a group extension, a negated
# class, a counted repetition.
REGEX_SYNTAX = re.compile(r"\\[sSdDwWbBAZ]|\(\?|\[\^|\{\d+,\d*\}")
# The loader's own glue: data joins a list of alternatives into one group with these.
ALTERNATION_GLUE = {"(?:", "|", ")"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _docstrings(tree: ast.Module) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _strings(tree: ast.Module) -> set[str]:
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _pattern_text(node: ast.expr) -> Iterator[ast.Constant]:
    """The string constants that are part of a pattern expression's text (concatenated, formatted,
    joined), not those it only looks values up with (``regexes(NAME)["key"]``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.BinOp):
        yield from _pattern_text(node.left)
        yield from _pattern_text(node.right)
    elif isinstance(node, ast.JoinedStr):
        for value in node.values:
            yield from _pattern_text(value)
    elif isinstance(node, ast.FormattedValue):
        yield from _pattern_text(node.value)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        yield from _pattern_text(node.func.value)
        for arg in node.args:
            yield from _pattern_text(arg)
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        for elt in node.elts:
            yield from _pattern_text(elt)
    elif isinstance(node, (ast.GeneratorExp, ast.ListComp)):
        yield from _pattern_text(node.elt)
    elif isinstance(node, ast.IfExp):
        yield from _pattern_text(node.body)
        yield from _pattern_text(node.orelse)


def regex_literals(path: Path) -> list[str]:
    """Where ``path`` writes a regex in code: "line: what"."""
    tree = _tree(path)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re" and node.func.attr in RE_FUNCTIONS and node.args):
            for const in _pattern_text(node.args[0]):
                found.append(f"{const.lineno}: re.{node.func.attr}() of the literal {const.value!r}")
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                and node.value not in ALTERNATION_GLUE and REGEX_SYNTAX.search(node.value)):
            found.append(f"{node.lineno}: a string in regex syntax {node.value!r}")
    return sorted(set(found))


@pytest.mark.parametrize("module", [p.name for p in MODULES if p.name not in NOT_ROLE_RULES])
def test_role_modules_hold_no_regex_literal(module: str) -> None:
    found = regex_literals(ROLES / module)
    assert not found, (f"extract/roles/{module} writes regexes in code; move each into its pattern file's "
                       f"'regex' section (flags inline, e.g. '(?i)') and use regexes(PATTERNS)[key]:\n  " + "\n  ".join(found))


def test_the_literal_scan_finds_what_it_should(tmp_path: Path) -> None:
    module = tmp_path / "toy.py"
    module.write_text('import re\n'
                      'A = re.compile(r"\\bfoo\\b", re.I)\n'
                      'B = re.search("x+" + name, text)\n'
                      'C = r"(?:a|b)"\n'
                      'D = regexes(PATTERNS)["whitespace"].sub(" ", text)\n'
                      'E = re.compile(_alternatives(words), re.I)\n', encoding="utf-8")
    found = regex_literals(module)
    assert [f.split(":")[0] for f in found] == ["2", "2", "3", "4"], found


def _consumers(name: str) -> list[ast.Module]:
    """The modules of extract/roles that read pattern file ``name``: they name it, or import a
    constant of common naming it (``COMMON``)."""
    aliases = {k for k, v in vars(common).items() if v == name and k.isupper()}
    out = []
    for path in MODULES:
        tree = _tree(path)
        imported = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        if name in _strings(tree) or aliases & imported:
            out.append(tree)
    return out


def _slots(name: str) -> set[str]:
    """The keys the file's own regexes, fragments and templates refer to with {{key}} / {{key:in_order}}."""
    out = set()
    for part in ("regex", "fragments", "templates"):
        for value in section(name, part).values():
            out |= {m.split(":")[0] for m in re.findall(r"\{\{([^$}][^}]*)\}\}", value)}
    return out


@pytest.mark.parametrize("name", PATTERN_FILES)
def test_every_pattern_key_is_used(name: str) -> None:
    data = load_json(name)
    trees = _consumers(name)
    assert trees, f"no module of extract/roles reads {name}"
    used = set().union(*(_strings(t) for t in trees)) | _slots(name)
    if any(isinstance(n, ast.Name) and n.id == "prefilter_of" for t in trees for n in ast.walk(t)):
        used.add("prefilter")  # common.prefilter_of(name) reads the file's "prefilter" list
    unused = [k for k in data if not k.startswith("_") and k not in SECTIONS and k not in used]
    for part in SECTIONS:
        unused += [f"{part}.{k}" for k in section(name, part) if k not in used]
    assert not unused, f"{name}: keys no module and no regex of the file uses (use them or delete them): {unused}"


@pytest.mark.parametrize("name", PATTERN_FILES)
def test_sections_explain_their_keys_and_compile(name: str) -> None:
    data = load_json(name)
    assert isinstance(data.get("_doc"), str) and data["_doc"], f"{name}: a '_doc' string says what the file is"
    for part in SECTIONS:
        if part not in data:
            continue
        docs = data[part].get("_doc", {})
        keys = set(section(name, part))
        assert set(docs) == keys, (f"{name}: section {part!r} must explain each of its keys in its _doc: "
                                   f"missing {sorted(keys - set(docs))}, stale {sorted(set(docs) - keys)}")
        assert all(isinstance(v, str) and v for v in docs.values()), f"{name}: {part}._doc values are sentences"
    for key, rx in regexes(name).items():
        assert isinstance(rx, re.Pattern), (name, key)
    for key, value in section(name, "fragments").items():
        assert not expand(name, value).startswith("(?i)"), f"{name}: fragment {key} carries a global flag; flags go on regexes"


def test_a_regex_keeps_its_flags_inline() -> None:
    """Flags live in the data: "(?i)" compiles to the same pattern as re.I in code."""
    rx = regexes("common.json")["issuer_reference"]
    assert rx.flags & re.I
    assert not regexes("common.json")["issuer_reference_shape"].flags & re.I


def test_template_slots_name_lists_fragments_or_run_time_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"_doc": "toy", "words": ["a", "bb"], "fragments": {"_doc": {"gap": "g"}, "gap": "\\s+"},
            "regex": {"_doc": {"r": "r", "bad": "b"}, "r": "(?i){{words}}{{gap}}{{words:in_order}}", "bad": "{{nothing}}"},
            "templates": {"_doc": {"t": "t"}, "t": "{{gap}}{{$term}}"}}
    monkeypatch.setattr(common, "load_json", lambda name: data)
    assert common.expand("toy.json", data["regex"]["r"]) == "(?i)(?:bb|a)\\s+(?:a|bb)"
    assert common.RegexTemplate(common.expand("toy.json", data["templates"]["t"])).fill(term="x") == "\\s+x"
    with pytest.raises(ValueError, match="names no list or fragment"):
        common.expand("toy.json", data["regex"]["bad"])
    with pytest.raises(ValueError, match="unfilled"):
        common.RegexTemplate("{{$term}}").compile()


def test_numbers_are_typed() -> None:
    for name in PATTERN_FILES:
        for key, value in common.windows(name).items():
            assert isinstance(value, int) and value >= 0, (name, key)
        for key, value in common.limits(name).items():
            assert isinstance(value, int) and value >= 0, (name, key)
        for key, value in common.scores(name).items():
            assert 0.0 <= value <= 1.0, (name, key)


def test_pattern_files_are_json_objects() -> None:
    for name in PATTERN_FILES:
        assert isinstance(json.loads((PATTERNS / name).read_text(encoding="utf-8")), dict), name

"""SPARQL over a corpkg store: named queries (ontology/queries/*.rq) and run-time parameters.

Parameters are bound as RDF terms through pyoxigraph's ``substitutions`` (or rdflib's
``initBindings`` for an rdflib graph), never spliced into the query text, so a value such as
``x" } ; DROP ALL ; #`` is only ever a literal.  A parameter must be a variable the query projects
(declared in the .rq file with ``# @param name: ...``).  Queries see the union of all filing graphs as
their default graph.

Oxigraph plans a query before it substitutes the parameters, so a query that should start from
whichever of several parameters is bound marks the place with a ``# @values a, b`` line: each bound
parameter named there is also written at that line as ``VALUES ?a { term }``, the term serialised by
pyoxigraph (an IRI it has checked, a literal it has escaped; see :func:`with_values`), which lets the
planner start from it.  Unbound, the line stays a comment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyoxigraph as ox

from corpkg.errors import QueryError, QueryUsageError
from corpkg.graph.terms import PREFIXES
from corpkg.ontology import QUERIES_DIR
from corpkg.ontology.registry import roles

__all__ = [
    "NamedQuery",
    "list_named",
    "load_named",
    "named_query",
    "to_term",
    "with_values",
    "select",
    "run_query",
]

_IRI_RE = re.compile(r"^(https?|urn|file|mailto):\S+$")
_VALUES_LINE = re.compile(r"^([ \t]*)# @values[ \t]+(.*)$", re.MULTILINE)


@dataclass(frozen=True)
class NamedQuery:
    name: str
    text: str
    description: str
    params: dict[str, str]  # name -> description


def _role_queries() -> dict[str, str]:
    """The named queries the role files ship (``ckg:namedQuery`` of ontology/roles/*.ttl)."""
    return {name: text for spec in roles() for name, text in spec.queries}


def list_named() -> list[str]:
    """Names of the shipped queries: ontology/queries/*.rq and the role files' named queries."""
    return sorted({p.stem for p in Path(QUERIES_DIR).glob("*.rq")} | set(_role_queries()))


def load_named(name: str) -> str:
    """The text of the named query NAME (ontology/queries/NAME.rq, or a role file's)."""
    return named_query(name).text


def named_query(name: str) -> NamedQuery:
    if not re.fullmatch(r"[A-Za-z0-9_\-]+", name or ""):
        raise QueryUsageError(f"invalid query name {name!r}")
    path = Path(QUERIES_DIR, f"{name}.rq")
    from_roles = _role_queries()
    if path.is_file():
        text = path.read_text(encoding="utf-8")
    elif name in from_roles:
        text = from_roles[name].lstrip("\n")
    else:
        import difflib

        close = difflib.get_close_matches(name, list_named(), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else f"; available: {', '.join(list_named())}"
        raise QueryUsageError(f"no named query {name!r}{hint}")
    desc_lines, params = [], {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line.lstrip("#").strip()
        m = re.match(r"@param\s+(\w+)\s*:\s*(.*)", body)
        if m:
            params[m.group(1)] = m.group(2)
        elif body:
            desc_lines.append(body)
    return NamedQuery(name, text, " ".join(desc_lines), params)


def to_term(value: object) -> ox.NamedNode | ox.BlankNode | ox.Literal:
    """A binding value as an RDF term: pyoxigraph/rdflib terms pass through; strings that are
    absolute IRIs (or written <...>) become IRIs; any other string becomes a plain literal."""
    if isinstance(value, (ox.NamedNode, ox.BlankNode, ox.Literal)):
        return value
    try:
        from rdflib.term import Node

        if isinstance(value, Node):
            from corpkg.graph.rdf import to_ox

            term: ox.NamedNode | ox.BlankNode | ox.Literal = to_ox(value)
            return term
    except ImportError:  # pragma: no cover
        pass
    if isinstance(value, bool):
        return ox.Literal("true" if value else "false", datatype=ox.NamedNode(PREFIXES["xsd"] + "boolean"))
    if isinstance(value, int):
        return ox.Literal(str(value), datatype=ox.NamedNode(PREFIXES["xsd"] + "integer"))
    text = str(value)
    if text.startswith("<") and text.endswith(">"):
        text = text[1:-1]
        if not _IRI_RE.match(text):
            raise QueryUsageError(f"not an absolute IRI: <{text}>")
        return ox.NamedNode(text)
    if _IRI_RE.match(text):
        try:
            return ox.NamedNode(text)
        except ValueError:
            pass
    return ox.Literal(text)


def with_values(sparql: str, bindings: Mapping[str, object] | None = None) -> str:
    """``sparql`` with each ``# @values a, b`` line followed by ``VALUES ?a { term }`` for every bound
    parameter it names (the binding itself still goes through substitution too).  Terms are written as
    pyoxigraph serialises them, never as given; a blank node is left to substitution alone (written into
    a query it would be a new variable)."""
    terms = {k.lstrip("?$"): to_term(v) for k, v in (bindings or {}).items() if v is not None}
    if not terms or "# @values" not in sparql:
        return sparql

    def values(m: re.Match[str]) -> str:
        names = [n.strip().lstrip("?$") for n in m.group(2).split(",") if n.strip()]
        bad = [n for n in names if not re.fullmatch(r"\w+", n)]
        if bad:
            raise QueryUsageError(f"'# @values' names a non-variable {bad[0]!r}: expected '# @values a, b'")
        blocks = [f"VALUES ?{n} {{ {terms[n]} }}" for n in names
                  if isinstance(terms.get(n), ox.NamedNode | ox.Literal)]
        return m.group(0) + "".join(f"\n{m.group(1)}{b}" for b in blocks)

    return _VALUES_LINE.sub(values, sparql)


def _text(term: object) -> str:
    if term is None:
        return ""
    if isinstance(term, ox.NamedNode | ox.Literal):
        return term.value
    if isinstance(term, ox.BlankNode):
        return f"_:{term.value}"
    return str(term)


def select(store: Any, sparql: str, bindings: Mapping[str, object] | None = None) -> tuple[list[str], list[dict[str, str]]]:
    """Run a query; return (variables, rows).  Rows map variable → string value; unbound variables
    are left out of the row.  ASK gives one row {"result": "true"|"false"}; CONSTRUCT/DESCRIBE rows
    have subject/predicate/object."""
    bindings = dict(bindings or {})
    sparql = with_values(sparql, bindings)
    if not isinstance(store, ox.Store):
        return _select_rdflib(store, sparql, bindings)
    subs: dict[ox.Variable, ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple] = {
        ox.Variable(k.lstrip("?$")): to_term(v) for k, v in bindings.items() if v is not None}
    try:
        result = store.query(sparql, prefixes=PREFIXES, use_default_graph_as_union=True, substitutions=subs or None)
    except SyntaxError as exc:
        raise QueryUsageError(f"SPARQL syntax error: {exc}") from exc
    except (OSError, RuntimeError, ValueError) as exc:
        msg = str(exc)
        if "projection" in msg:
            names = ", ".join(sorted(bindings))
            raise QueryUsageError(f"parameter(s) {names} must be variables the query projects ({msg})") from exc
        raise QueryError(msg) from exc
    try:  # results are computed while they are read: errors can come from here too
        if isinstance(result, ox.QueryBoolean):
            return ["result"], [{"result": "true" if bool(result) else "false"}]
        if isinstance(result, ox.QuerySolutions):
            variables = [v.value for v in result.variables]
            rows = []
            for sol in result:
                row = {}
                for v in variables:
                    term = sol[v]
                    if term is not None:
                        row[v] = _text(term)
                rows.append(row)
            return variables, rows
        variables = ["subject", "predicate", "object"]
        return variables, [{"subject": _text(t.subject), "predicate": _text(t.predicate), "object": _text(t.object)}
                           for t in result]
    except (OSError, RuntimeError, ValueError) as exc:
        raise QueryError(f"query failed: {exc}") from exc


def _select_rdflib(graph: Any, sparql: str, bindings: dict[str, object]) -> tuple[list[str], list[dict[str, str]]]:
    from rdflib.plugins.sparql import prepareQuery

    from corpkg.graph.rdf import from_ox

    try:
        q = prepareQuery(sparql, initNs=PREFIXES)
    except Exception as exc:  # rdflib raises pyparsing errors
        raise QueryUsageError(f"SPARQL syntax error: {exc}") from exc
    init = {k.lstrip("?$"): from_ox(to_term(v)) for k, v in bindings.items() if v is not None}
    result = graph.query(q, initBindings=init)
    if result.type == "ASK":
        return ["result"], [{"result": "true" if result.askAnswer else "false"}]
    if result.type == "SELECT":
        variables = [str(v) for v in result.vars]
        rows = []
        for r in result:
            rows.append({v: str(r[v]) for v in variables if r[v] is not None})
        return variables, rows
    return ["subject", "predicate", "object"], [
        {"subject": str(s), "predicate": str(p), "object": str(o)} for s, p, o in result
    ]


def run_query(store: Any, sparql: str, bindings: Mapping[str, object] | None = None) -> list[dict[str, str]]:
    """Rows of a SPARQL query over ``store`` (pyoxigraph Store, or an rdflib Graph/Dataset), with
    ``bindings`` {variable: value} bound as RDF terms."""
    return select(store, sparql, bindings)[1]

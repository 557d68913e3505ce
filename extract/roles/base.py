"""Role components: the shape they share and the registry they fill.

A role component is a spaCy component that reads one passage Doc (a paragraph of the filing,
``doc.ents`` = its ORG/PERSON mentions with ``kb_id_`` = entity key), runs a cheap regex
prefilter on the text, then the role's rules on a :class:`~corpkg.extract.roles.common.Passage`,
and writes the role's :class:`~corpkg.extract.model.Fact` list to its own ``Doc._`` attribute.

Components register themselves: :func:`role_factory` (called once at the end of each role module)
declares the spaCy factory *and* records the component in the registry under the role it makes
facts of (the ontology's role name, ``Fact.role``), its pipe name (``RoleComponent.role_name``)
and its ``Doc._`` attribute.  :func:`discover` imports every module of this package
(``pkgutil``), so a module dropped into ``extract/roles/`` joins the pipeline with nothing else
edited; :func:`registered_components` is the registry after discovery.

Given the *filing* Doc of :mod:`corpkg.extract.pipeline` (the one with ``doc._.filing`` set)
instead of a passage Doc, a role component runs over every passage of the filing, in document
order, and leaves its facts on the passage Docs for the pipeline's finalisation.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from spacy.language import Language
from spacy.tokens import Doc

from corpkg.extract.model import Fact
from corpkg.extract.nlp import doc_text
from corpkg.extract.roles.common import EXTRACTOR_VERSION, Passage, merge_facts

if TYPE_CHECKING:
    from corpkg.extract.pipeline import FilingContext

__all__ = [
    "RoleComponent",
    "role_factory",
    "filing_stage",
    "ComponentSpec",
    "register_component",
    "discover",
    "registered_components",
    "role_components",
    "components_for",
    "consistency_problems",
    "filing_context",
    "FILING_ATTR",
    "ROLES_PACKAGE",
]

FILING_ATTR = "filing"
"""``Doc._.filing``: the :class:`~corpkg.extract.pipeline.FilingContext` of a filing Doc (None on
passage Docs)."""

ROLES_PACKAGE = "corpkg.extract.roles"

if not Doc.has_extension(FILING_ATTR):
    Doc.set_extension(FILING_ATTR, default=None)


def filing_context(doc: Doc) -> FilingContext:
    """The filing context a filing-level stage works on; a clear error on any other Doc."""
    ctx = doc._.get(FILING_ATTR)
    if ctx is None:
        raise ValueError(
            "this corpkg stage works on a filing Doc (corpkg.extract.pipeline.filing_doc(nlp, document)), "
            "got a Doc without doc._.filing; to extract from a filing call extract_filing(document)"
        )
    return ctx  # type: ignore[no-any-return]  # Doc._ values are untyped


# --------------------------------------------------------------------------- the registry

@dataclass(frozen=True)
class ComponentSpec:
    """One registered component.

    ``role`` is the ``Fact.role`` it makes facts of (a role the ontology declares, e.g.
    ``"subsidiary"``); ``factory`` its spaCy factory; ``name`` the pipe name it gets in the
    default pipeline; ``attr`` the ``Doc._`` attribute it writes on passage Docs (None for a
    filing-level stage such as the issuer or Exhibit 21); ``module`` where it was registered."""

    role: str
    factory: str
    name: str
    attr: str | None
    module: str

    @property
    def passage_level(self) -> bool:
        return self.attr is not None


_REGISTRY: dict[str, ComponentSpec] = {}  # factory name -> spec, in registration order


def register_component(spec: ComponentSpec) -> None:
    """Record ``spec`` (normally through :func:`role_factory` or :func:`filing_stage`).  The
    same factory registered again by the same module (a re-import) replaces the entry; by
    another module it is an error."""
    old = _REGISTRY.get(spec.factory)
    if old is not None and old.module != spec.module:
        raise ValueError(f"the role component factory {spec.factory!r} is registered by both {old.module} and "
                         f"{spec.module}; give one of them another factory name")
    _REGISTRY[spec.factory] = spec


def _module_names(package: str) -> Iterator[str]:
    pkg = importlib.import_module(package)
    for info in pkgutil.iter_modules(getattr(pkg, "__path__", []), prefix=package + "."):
        yield info.name


def discover(package: str = ROLES_PACKAGE) -> None:
    """Import every module of ``package`` (by default this one), so that each registers its
    components.  Cheap after the first call: imported modules are not imported again, a module
    added since is."""
    for name in sorted(_module_names(package)):
        if name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except Exception as exc:
            raise ImportError(f"cannot import the role module {name} while discovering role components: "
                              f"{type(exc).__name__}: {exc}") from exc


def registered_components() -> tuple[ComponentSpec, ...]:
    """Every registered component (after :func:`discover`), passage-level role components
    ordered by their role's ``ckg:roleOrder`` then by module, filing-level stages after them."""
    discover()
    order = _role_order()
    return tuple(sorted(_REGISTRY.values(),
                        key=lambda s: (not s.passage_level, order.get(s.role, len(order)), s.module, s.factory)))


def role_components() -> tuple[ComponentSpec, ...]:
    """The passage-level role components, in pipeline order (see :func:`registered_components`)."""
    return tuple(s for s in registered_components() if s.passage_level)


def components_for(role: str) -> tuple[ComponentSpec, ...]:
    """The components making facts of ``role``."""
    return tuple(s for s in registered_components() if s.role == role)


def _role_order() -> dict[str, int]:
    from corpkg.ontology.registry import roles

    return {r.name: i for i, r in enumerate(roles())}


def consistency_problems() -> list[str]:
    """What is wrong between the ontology's declared roles and the registered components: a
    declared role no component makes, a component whose role is not declared, two components
    sharing a pipe name or a ``Doc._`` attribute.  Empty when all agree."""
    from corpkg.ontology.registry import role_names

    declared = set(role_names())
    specs = registered_components()
    made = {s.role for s in specs}
    problems = [f"the ontology declares the role {r!r} (ontology/roles/) but no component makes its facts: "
                f"add a module to extract/roles/ ending with role_factory(..., role={r!r})"
                for r in sorted(declared - made)]
    problems += [f"{s.module} registers {s.factory!r} for the role {s.role!r}, which ontology/roles/ does not "
                 f"declare (declared: {', '.join(sorted(declared))})" for s in specs if s.role not in declared]
    for field in ("name", "attr"):
        seen: dict[str, ComponentSpec] = {}
        for s in specs:
            value = getattr(s, field)
            if value is None:
                continue
            if value in seen:
                problems.append(f"{seen[value].module} and {s.module} both use the {field} {value!r}")
            seen[value] = s
    return problems


# --------------------------------------------------------------------------- the component

_C = TypeVar("_C", bound=Callable[..., Doc])


def _over_filing(call: _C) -> _C:
    """Make a role component's ``__call__`` accept the filing Doc too: then it runs over each
    passage Doc of the filing in document order and records its attribute in the context."""

    @functools.wraps(call)
    def wrapper(self: RoleComponent, doc: Doc) -> Doc:
        ctx = doc._.get(FILING_ATTR)
        if ctx is None:
            return call(self, doc)
        ctx.run_role_components([self])
        return doc

    wrapper.__corpkg_over_filing__ = True  # type: ignore[attr-defined]  # a marker attribute on a function
    return wrapper  # type: ignore[return-value]  # same signature as ``call``


class RoleComponent:
    """Base class: subclasses set ``attr``, ``role_name`` and ``prefilter`` and implement
    :meth:`extract` (or, rarely, ``__call__``)."""

    attr: ClassVar[str]
    role_name: ClassVar[str]
    prefilter: ClassVar[re.Pattern[str]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__call__")
        if own is not None and not getattr(own, "__corpkg_over_filing__", False):
            cls.__call__ = _over_filing(own)  # type: ignore[method-assign]  # wrapping is the point

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name
        if not Doc.has_extension(self.attr):
            Doc.set_extension(self.attr, default=None)

    @property
    def extractor(self) -> str:
        return f"corpkg.roles.{self.role_name}@{EXTRACTOR_VERSION}"

    def wants(self, doc: Doc) -> bool:
        """Whether the passage may hold the role's facts: its ``prefilter`` matches (a role whose cue
        may lie just before the passage widens this)."""
        return bool(self.prefilter.search(doc_text(doc)))

    @_over_filing
    def __call__(self, doc: Doc) -> Doc:
        if not self.wants(doc):
            doc._.set(self.attr, [])
            return doc
        facts = self.extract(Passage(doc))
        doc._.set(self.attr, merge_facts(facts))
        return doc

    def pipe(self, docs: Iterable[Doc], batch_size: int = 128) -> Iterator[Doc]:
        for doc in docs:
            yield self(doc)

    def extract(self, p: Passage) -> list[Fact]:  # pragma: no cover - abstract
        raise NotImplementedError


def _declared_role(component: type[RoleComponent]) -> str:
    """The role a component makes facts of when ``role_factory`` is not told: its module's
    ``ROLE`` constant, else its ``role_name``."""
    module = sys.modules.get(component.__module__)
    role = getattr(module, "ROLE", None)
    return role if isinstance(role, str) else component.role_name


def role_factory(factory_name: str, component: type[RoleComponent], *,
                 role: str | None = None) -> Callable[[Language, str], RoleComponent]:
    """Register ``component`` as the spaCy factory ``factory_name`` (declaring that it requires
    ``doc.ents`` and assigns only the role's own ``doc._.<attr>``) and as the component making
    the facts of ``role`` (default: the module's ``ROLE``) in the registry, under the pipe name
    ``component.role_name``.  Returns the factory function."""

    def make(nlp: Language, name: str) -> RoleComponent:
        return component(nlp, name)

    make.__name__ = make.__qualname__ = f"make_{component.role_name}"
    make.__module__ = component.__module__
    Language.factory(factory_name, assigns=[f"doc._.{component.attr}"], requires=["doc.ents"], func=make)
    register_component(ComponentSpec(role=role or _declared_role(component), factory=factory_name,
                                     name=component.role_name, attr=component.attr, module=component.__module__))
    return make


_T = TypeVar("_T", bound=type)


def filing_stage(factory_name: str, *, name: str, role: str | None = None, assigns: Iterable[str] = (),
                 requires: Iterable[str] = (), default_config: dict[str, Any] | None = None) -> Callable[[_T], _T]:
    """Class decorator for a filing-level stage (it reads and fills the
    :class:`~corpkg.extract.pipeline.FilingContext` of the filing Doc): registers the class as
    the spaCy factory ``factory_name`` (its ``__init__`` takes ``nlp``, ``name`` and the
    ``default_config`` keys) and, when it makes the facts of ``role``, in the registry under the
    pipe name ``name``."""

    def deco(cls: _T) -> _T:
        Language.factory(factory_name, assigns=list(assigns), requires=list(requires),
                         default_config=default_config or {}, func=cls)
        if role is not None:
            register_component(ComponentSpec(role=role, factory=factory_name, name=name, attr=None,
                                              module=cls.__module__))
        return cls

    return deco

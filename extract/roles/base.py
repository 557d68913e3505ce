"""The shape every role component shares: a cheap regex prefilter on the passage text, then
the role's rules on a :class:`~corpkg.extract.roles.common.Passage`, written to the role's own
``Doc._`` attribute as a list of :class:`~corpkg.extract.model.Fact`."""

from __future__ import annotations

import re
from typing import Callable, ClassVar

from spacy.language import Language
from spacy.tokens import Doc

from corpkg.extract.model import Fact
from corpkg.extract.roles.common import EXTRACTOR_VERSION, Passage, merge_facts

__all__ = ["RoleComponent", "role_factory"]


class RoleComponent:
    """Base class: subclasses set ``attr``, ``role_name`` and ``prefilter`` and implement
    :meth:`extract`."""

    attr: ClassVar[str]
    role_name: ClassVar[str]
    prefilter: ClassVar[re.Pattern[str]]

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name
        if not Doc.has_extension(self.attr):
            Doc.set_extension(self.attr, default=None)

    @property
    def extractor(self) -> str:
        return f"corpkg.roles.{self.role_name}@{EXTRACTOR_VERSION}"

    def __call__(self, doc: Doc) -> Doc:
        if not self.prefilter.search(doc.text):
            doc._.set(self.attr, [])
            return doc
        facts = self.extract(Passage(doc))
        doc._.set(self.attr, merge_facts(facts))
        return doc

    def pipe(self, docs, batch_size: int = 128):  # noqa: ANN001 - spaCy's protocol
        for doc in docs:
            yield self(doc)

    def extract(self, p: Passage) -> list[Fact]:  # pragma: no cover - abstract
        raise NotImplementedError


def role_factory(factory_name: str, component: type[RoleComponent]) -> Callable[[Language, str], RoleComponent]:
    """Register ``component`` as the spaCy factory ``factory_name`` (one factory per role),
    declaring that it requires ``doc.ents`` and assigns only the role's own ``doc._.<attr>``.
    Returns the factory function."""

    def make(nlp: Language, name: str) -> RoleComponent:
        return component(nlp, name)

    make.__name__ = make.__qualname__ = f"make_{component.role_name}"
    make.__module__ = component.__module__
    Language.factory(factory_name, assigns=[f"doc._.{component.attr}"], requires=["doc.ents"], func=make)
    return make

"""From a read filing to an :class:`~corpkg.extract.model.Extraction`: one spaCy pipeline.

The pipeline is assembled from a spaCy config (``extract/config.cfg``, shipped with the
package) by :func:`load_pipeline`::

    issuer → entities → <the role components> → exhibit21 → finalize

* ``issuer`` (factory ``corpkg_issuer``): issuer, filer, subject company, filed-by and reporting
  owners from the SGML header and the cover page, and the ``issuer`` facts;
* ``entities`` (``corpkg_entity_index``): every organization and person of the filing, as an
  :class:`~corpkg.extract.entities.EntityIndex`; its ``model`` setting names an installed spaCy
  pipeline whose NER is merged with corpkg's recogniser (``--model``);
* the role components (``subsidiaries``, ``officers``, ...): discovered in
  ``corpkg.extract.roles`` (:func:`corpkg.extract.roles.base.discover`) and inserted after
  ``[corpkg] roles_after``, in the ontology's role order; each runs over the filing's passages;
* ``exhibit21`` (``corpkg_exhibit21``): subsidiaries listed in an EX-21 exhibit;
* ``finalize`` (``corpkg_finalize``): filing-level clean-up of the role facts (tentative ends,
  derived acquisitions, merged duplicates); only facts whose participants are known entities
  are kept.

The pipeline runs on a *filing Doc* (:func:`filing_doc`): an empty Doc whose ``doc._.filing``
is the :class:`FilingContext` the stages share.  The filing's text is never tokenized whole:
role components work on passage Docs, one per paragraph holding a mention (DESIGN.md, speed
facts), made one at a time; :func:`extract_filing` runs consecutive role components together in
one pass over them, so a huge filing's Docs are never all held at once.  A user lists, disables,
excludes or replaces components with spaCy's own means::

    nlp = load_pipeline(exclude=["litigation"])
    nlp.pipe_names         # ['issuer', 'entities', 'subsidiaries', 'officers', ...]
    extraction = extract_filing(document, nlp=nlp)
    extract_filing(document, components=["issuer"])   # only these components of the default pipeline
"""

from __future__ import annotations

import difflib
import logging
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from spacy.language import Language
from spacy.tokens import Doc
from spacy.util import load_model_from_config
from thinc.api import Config

from corpkg import __version__
from corpkg.errors import CorpkgError
from corpkg.extract.model import Document, Entity, Extraction, Fact
from corpkg.extract.roles.base import FILING_ATTR, RoleComponent, discover, filing_context, filing_stage, role_components
from corpkg.extract.roles.issuer import as_of_date

if TYPE_CHECKING:
    from corpkg.extract.entities import EntityIndex
    from corpkg.extract.roles.common import RoleContext

__all__ = [
    "FilingContext",
    "filing_doc",
    "load_pipeline",
    "pipeline_config",
    "default_pipeline",
    "extract_filing",
    "EXTRACTOR_VERSION",
    "CONFIG_FILE",
]

EXTRACTOR_VERSION = f"corpkg@{__version__}"
"""The version every extraction records (from the installed package's metadata)."""

CONFIG_FILE = "config.cfg"
"""The default pipeline's config, package data of ``corpkg.extract``."""

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------- the filing context

@dataclass
class FilingContext:
    """What the stages share while extracting one filing (``doc._.filing`` of the filing Doc)."""

    document: Document
    nlp: Language  # the pipeline running the filing: its tokenizer makes the passage Docs
    entities: dict[str, Entity] = field(default_factory=dict)  # key -> entity, in insertion order
    facts: list[Fact] = field(default_factory=list)  # the filing's facts: issuer facts, then finalised role facts
    issuer: Entity | None = None
    index: EntityIndex | None = None  # the filing's entities and mentions, from the "entities" stage
    pending: list[Fact] = field(default_factory=list)  # facts of filing-level role stages (Exhibit 21), to finalise
    role_attrs: list[str] = field(default_factory=list)  # Doc._ attributes of the role components that ran, in order
    finalised: bool = False
    _passages: list[Doc] | None = field(default=None, repr=False)  # passage Docs made by hand (use_passages)
    _roles_context: RoleContext | None = field(default=None, repr=False)
    # the role facts of passages cut from the index: passage number -> Doc._ attribute -> facts
    _passage_facts: dict[int, dict[str, list[Fact]]] = field(default_factory=dict, repr=False)

    def add_entity(self, entity: Entity) -> Entity:
        """Add an entity, or merge it into the one with the same key (aliases, mentions,
        identifiers and attributes are unioned; the first label stays)."""
        old = self.entities.get(entity.key)
        if old is None:
            self.entities[entity.key] = entity
            return entity
        merged = Entity(
            key=old.key,
            kind=old.kind,
            label=old.label,
            aliases=tuple(dict.fromkeys((*old.aliases, *(a for a in (entity.label, *entity.aliases) if a != old.label)))),
            mentions=tuple(dict.fromkeys((*old.mentions, *entity.mentions))),
            identifiers=tuple(dict.fromkeys((*old.identifiers, *entity.identifiers))),
            attributes=tuple(dict.fromkeys((*old.attributes, *entity.attributes))),
            is_issuer=old.is_issuer or entity.is_issuer,
        )
        self.entities[entity.key] = merged
        if merged.is_issuer:
            self.issuer = merged
        return merged

    @property
    def issuer_key(self) -> str | None:
        key = getattr(self.index, "issuer_key", None)
        return key or (self.issuer.key if self.issuer else None)

    @property
    def roles_context(self) -> RoleContext:
        """The per-filing context the role rules see on every passage (``doc._.roles_context``)."""
        if self._roles_context is None:
            from corpkg.extract.roles.run import roles_context

            self._roles_context = roles_context(self.document, self.index, self.issuer_key)
        return self._roles_context

    def passages(self, matching: re.Pattern[str] | None = None) -> Iterator[Doc]:
        """The passage Docs of the filing (paragraphs holding a mention, ``doc.ents`` = the
        mentions with ``kb_id_`` = entity key), in document order.  Cut from ``index`` afresh on
        each call, one at a time, so that a huge filing's Docs are never all held at once (the
        Docs given to :meth:`use_passages` are kept and given again).  ``matching``: only the
        passages whose text it matches (tested before a Doc is made)."""
        if self._passages is not None:
            yield from (d for d in self._passages if matching is None or matching.search(d.text))
            return
        if self.index is None:
            raise CorpkgError("the role components need the filing's entities: keep the 'entities' stage "
                              f"(factory corpkg_entity_index) before them (pipeline: {self.nlp.pipe_names})")
        from corpkg.extract.entities import iter_passage_docs

        ctx = self.roles_context
        for d in iter_passage_docs(self.document, self.index, self.nlp, matching=matching):
            d._.roles_context = ctx
            yield d

    def run_role_components(self, components: Sequence[RoleComponent]) -> None:
        """Run passage-level role components over the filing in one pass: each passage Doc is made
        once, goes through ``components`` in order, leaves its facts here and is dropped (a
        component's work on a passage depends on that passage and the filing's context only, so
        the facts are those of one full pass per component)."""
        if self._passages is not None:
            for c in components:
                for d in self._passages:
                    c(d)
        else:
            for i, d in enumerate(self.passages()):
                for c in components:
                    c(d)
                    facts = d._.get(c.attr)
                    if facts:
                        self._passage_facts.setdefault(i, {})[c.attr] = facts
        for c in components:
            self.role_ran(c.attr)

    def use_passages(self, docs: Iterable[Doc] | None, roles_context: RoleContext | None = None) -> None:
        """Work on these passage Docs (made by hand, in tests) and, if given, this role context,
        instead of cutting the filing with ``index``."""
        if roles_context is not None:
            self._roles_context = roles_context
        if docs is not None:
            ctx = self.roles_context
            self._passages = list(docs)
            for d in self._passages:
                d._.roles_context = ctx

    def role_ran(self, attr: str) -> None:
        """Called by a role component after it has run over the passages."""
        if attr not in self.role_attrs:
            self.role_attrs.append(attr)

    def role_facts(self) -> list[Fact]:
        """The role components' facts, passage by passage in document order and within a
        passage in pipeline order, then the pending facts of filing-level stages."""
        out: list[Fact] = []
        if self._passages is not None:
            for doc in self._passages:
                for attr in self.role_attrs:
                    out.extend(doc._.get(attr) or ())
        for _i, by_attr in sorted(self._passage_facts.items()):
            for attr in self.role_attrs:
                out.extend(by_attr.get(attr, ()))
        return out + self.pending

    def extraction(self) -> Extraction:
        """What the pipeline found, ready for ``corpkg.graph``."""
        if not self.finalised and (self.role_attrs or self.pending):
            log.warning("%s: role facts were found but no 'finalize' stage ran; they are not in the extraction",
                        self.document.path)
        return Extraction(
            document=self.document,
            entities=tuple(self.entities.values()),
            facts=tuple(self.facts),
            extractor_version=EXTRACTOR_VERSION,
            as_of=as_of_date(self.document),
        )


def filing_doc(nlp: Language, document: Document) -> Doc:
    """The Doc the pipeline runs on for ``document``: empty (the filing is never tokenized
    whole), with a fresh :class:`FilingContext` in ``doc._.filing``."""
    doc = Doc(nlp.vocab, words=[])
    doc._.set(FILING_ATTR, FilingContext(document=document, nlp=nlp))
    return doc


# --------------------------------------------------------------------------- the entities stage

@filing_stage("corpkg_entity_index", name="entities", assigns=["doc._.filing", "doc.ents"],
              default_config={"model": None, "model_score": 0.75})
class EntityStage:
    """Every organization and person of the filing (:func:`corpkg.extract.entities.find_entities`),
    merged with the issuer stage's parties.  ``model``: an installed spaCy pipeline (name or path)
    whose NER runs before corpkg's recogniser; ``model_score``: the score its spans get."""

    def __init__(self, nlp: Language, name: str, model: str | None, model_score: float) -> None:
        from corpkg.extract.nlp import build_pipeline

        self.name = name
        self.model = model
        self.recogniser = build_pipeline(model, model_score=model_score)

    def __call__(self, doc: Doc) -> Doc:
        from corpkg.extract.entities import entities_stage

        entities_stage(filing_context(doc), self.recogniser)
        return doc


# --------------------------------------------------------------------------- assembling the pipeline

def _read_config(config: str | Path | Config | None) -> Config:
    if isinstance(config, Config):
        return Config(config)
    if config is None:
        text = resources.files("corpkg.extract").joinpath(CONFIG_FILE).read_text(encoding="utf-8")
        return Config().from_str(text)
    path = Path(config)
    if not path.is_file():
        raise CorpkgError(f"no pipeline config at {path}: give the path of a spaCy config file "
                          "(e.g. one written with nlp.config.to_disk(path))")
    return Config().from_disk(path)


def pipeline_config(config: str | Path | Config | None = None) -> Config:
    """The pipeline's full config: ``config`` (a path or Config; default: the package's
    ``config.cfg``) with the discovered role components added when its ``[corpkg]
    discover_roles`` is true (they go after ``roles_after``, and ``discover_roles`` is set to
    false, so the returned config lists every component and loads the same pipeline again)."""
    discover()  # every factory a config may name is registered, whether or not roles are added
    cfg = _read_config(config)
    opts = cfg.get("corpkg", {})
    if not opts.get("discover_roles", False):
        return cfg
    pipeline = list(cfg["nlp"]["pipeline"])
    components = cfg.setdefault("components", {})
    after = opts.get("roles_after")
    at = pipeline.index(after) + 1 if after in pipeline else len(pipeline)
    for spec in role_components():
        if spec.name in pipeline:
            continue
        components[spec.name] = {"factory": spec.factory}
        pipeline.insert(at, spec.name)
        at += 1
    cfg["nlp"]["pipeline"] = pipeline
    cfg["corpkg"] = {**opts, "discover_roles": False}
    return cfg


def load_pipeline(config: str | Path | Config | None = None, *, model: str | None = None,
                  exclude: Iterable[str] = (), disable: Iterable[str] = ()) -> Language:
    """A fresh pipeline from ``config`` (see :func:`pipeline_config`); ``model`` sets the
    ``entities`` stage's spaCy model; ``exclude``/``disable`` as in ``spacy.load``."""
    cfg = pipeline_config(config)
    exclude, disable = list(exclude), list(disable)
    _check_names(cfg["nlp"]["pipeline"], [*exclude, *disable])
    if model is not None:
        stage = cfg["components"].get("entities")
        if stage is None or "entities" in exclude:
            raise CorpkgError("a model was given but the pipeline has no 'entities' stage to use it")
        stage["model"] = model
    return load_model_from_config(cfg, exclude=exclude, disable=disable, auto_fill=True, validate=True)


@lru_cache(maxsize=8)
def default_pipeline(model: str | None = None) -> Language:
    """The package's pipeline, built once per process (and per ``model``) and shared by every
    :func:`extract_filing` call: treat it as read-only, change a :func:`load_pipeline` of your own."""
    return load_pipeline(model=model)


def _check_names(pipe_names: Sequence[str], names: Iterable[str]) -> None:
    for name in names:
        if name not in pipe_names:
            close = difflib.get_close_matches(name, pipe_names, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise CorpkgError(f"the pipeline has no component {name!r} ({hint}it has {', '.join(pipe_names)})")


def extract_filing(document: Document, *, model: str | None = None, components: Iterable[str] | None = None,
                   nlp: Language | None = None) -> Extraction:
    """Everything extracted from one filing, ready for ``corpkg.graph``.

    ``nlp``: the pipeline to run (default: :func:`default_pipeline` for ``model``);
    ``components``: run only these of its components (names as in ``nlp.pipe_names``)."""
    if nlp is not None and model is not None:
        raise CorpkgError("give extract_filing either model= or nlp= (a pipeline loaded with load_pipeline(model=...))")
    nlp = nlp if nlp is not None else default_pipeline(model)
    if components is None:
        procs = nlp.pipeline
    else:
        wanted = list(components)
        _check_names(nlp.component_names, wanted)
        procs = [(name, proc) for name, proc in nlp.components if name in wanted]
    # what nlp(doc) does, without mutating a shared pipeline to select components and without
    # spaCy's reading of an extractor's KeyError as "did you forget to call initialize()?"
    doc = filing_doc(nlp, document)
    ctx = filing_context(doc)
    roles: list[RoleComponent] = []  # consecutive role components share one pass over the passages
    for _name, proc in procs:
        if isinstance(proc, RoleComponent):
            roles.append(proc)
            continue
        if roles:
            ctx.run_role_components(roles)
            roles = []
        doc = proc(doc)
    if roles:
        ctx.run_role_components(roles)
    return ctx.extraction()

"""From a read filing to an :class:`~corpkg.extract.model.Extraction`: a list of stages.

Each stage is a function ``stage(state) -> None`` that reads the :class:`PipelineState` and adds
entities and facts to it.  The issuer stage runs first (header and cover); the entity and role
stages are appended to :data:`STAGES` by their modules (``register_stage``) or listed here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from corpkg import __version__
from corpkg.extract.model import Document, Entity, Extraction, Fact
from corpkg.extract.roles.issuer import as_of_date, extract_issuer

__all__ = ["PipelineState", "Stage", "STAGES", "register_stage", "extract_filing", "EXTRACTOR_VERSION"]

EXTRACTOR_VERSION = f"corpkg@{__version__}"


@dataclass
class PipelineState:
    """What the stages share: the document, the entities and facts found so far, the issuer."""

    document: Document
    model: str | None = None
    entities: dict[str, Entity] = field(default_factory=dict)  # key -> entity, in insertion order
    facts: list[Fact] = field(default_factory=list)
    issuer: Entity | None = None
    extras: dict[str, object] = field(default_factory=dict)  # per-run caches a stage may share (e.g. nlp)

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


Stage = Callable[[PipelineState], None]


def issuer_stage(state: PipelineState) -> None:
    """Issuer, filer, subject company, filed-by and reporting owners from the header and cover."""
    result = extract_issuer(state.document)
    for e in result.entities:
        added = state.add_entity(e)
        if e.is_issuer:
            state.issuer = added
    state.facts.extend(result.facts)


def roles_stage(state: PipelineState) -> None:
    """Subsidiaries, officers, lenders, litigation and acquisitions (corpkg.extract.roles.run);
    uses ``state.extras["entity_index"]`` from an entity stage, or builds the index itself."""
    from corpkg.extract.roles.run import roles_stage as run_roles

    run_roles(state)


# The stages, in order. Entity recognition and the role extractors go after the issuer stage
# (an entity stage registered with ``after="issuer"`` lands before "roles").
STAGES: list[tuple[str, Stage]] = [
    ("issuer", issuer_stage),
    ("roles", roles_stage),
]


def register_stage(name: str, stage: Stage, *, after: str | None = None) -> None:
    """Add (or replace) a named stage, after the stage ``after`` (default: at the end)."""
    for i, (n, _s) in enumerate(STAGES):
        if n == name:
            STAGES[i] = (name, stage)
            return
    if after is None:
        STAGES.append((name, stage))
        return
    idx = next(i for i, (n, _s) in enumerate(STAGES) if n == after)
    STAGES.insert(idx + 1, (name, stage))


def _entities_stage(state: PipelineState) -> None:
    """Every organization and person (corpkg.extract.entities), merged with the issuer stage's
    parties; leaves the EntityIndex in ``state.extras["entity_index"]`` for the roles."""
    from corpkg.extract.entities import entities_stage

    entities_stage(state)


register_stage("entities", _entities_stage, after="issuer")


def extract_filing(document: Document, *, model: str | None = None) -> Extraction:
    """Everything extracted from one filing, ready for ``corpkg.graph``."""
    state = PipelineState(document=document, model=model)
    for _name, stage in STAGES:
        stage(state)
    return Extraction(
        document=document,
        entities=tuple(state.entities.values()),
        facts=tuple(state.facts),
        extractor_version=EXTRACTOR_VERSION,
        as_of=as_of_date(document),
    )

"""Sources of a project: connecting an external database (its tables imported into the
meta), changing its connection, forgetting it, and reading its schema."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.errors import BadRequest, NotFound
from workbench.projects.models import Source
from workbench.sources import build, connect
from workbench.sources import config as source_config
from workbench.sources.introspect import read_schema, schema_of
from workbench.tables.models import Table

MAX_ALIAS = 255


def read_descs(request, source) -> list:
    """The schema of a source's database, read on a connection of its own pool."""
    engines = request.registry["source_engines"]
    try:
        engine = engines.get(source)
        with engine.connect() as connection:
            schema = schema_of(connection.dialect.name, list((source.config or {}).get("searchPath") or []))
            return read_schema(connection, schema)
    except (BadRequest, connect.SourceUnavailable):
        raise
    except Exception as exc:  # the driver's error, in words
        raise connect.SourceUnavailable(connect.describe(request.registry, source.config.get("client"), exc)) from None


def _alias(value) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_ALIAS:
        raise BadRequest(f"alias must be a text of at most {MAX_ALIAS} characters")
    return value.strip() or None


def source_tables(request, source_id: str) -> list[Table]:
    return list(request.dbsession.scalars(sa.select(Table).where(Table.source_id == source_id)))


def add_source(request, project, body: dict) -> Source:
    """Connect the database ``body["config"]`` describes to ``project`` and import its tables."""
    if not isinstance(body, dict):
        raise BadRequest("The body must be an object")
    config = source_config.normalise(request.registry, body.get("config"))
    connect.check_given(request.registry, config)
    order = max((s.order or 0 for s in project.sources), default=0) + 1
    source = Source(
        project_id=project.id,
        alias=_alias(body.get("alias")),
        type=config["client"],
        config=config,
        is_default=False,
        enabled=True,
        order=order,
    )
    request.dbsession.add(source)
    request.dbsession.flush()
    project.sources.append(source)
    descs = read_descs(request, source)
    existing = list(request.dbsession.scalars(sa.select(Table).where(Table.project_id == project.id)))
    build.import_schema(request, project, source, descs, existing)
    return source


def find_source(project, source_id: str) -> Source:
    source = next((s for s in project.sources if s.id == source_id), None)
    if source is None:
        raise NotFound(f"Source '{source_id}' not found")
    return source


def update_source(request, project, source: Source, body: dict) -> Source:
    if not isinstance(body, dict):
        raise BadRequest("The body must be an object")
    if "alias" in body:
        source.alias = _alias(body.get("alias"))
    if "enabled" in body:
        source.enabled = bool(body["enabled"])
    if body.get("config") is not None:
        if not connect.is_external(source):
            raise BadRequest("The connection of the embedded database cannot be changed")
        config = source_config.normalise(request.registry, body["config"], source.config)
        if config["client"] != source.config.get("client"):
            raise BadRequest("The client of a source cannot be changed; add another source instead")
        connect.check_given(request.registry, config)
        source.config = config
        source.type = config["client"]
        # The next request builds a new engine on the new credentials (the config changed).
        request.tm.get().addAfterCommitHook(
            lambda ok, source_id=source.id: ok and request.registry["source_engines"].discard(source_id)
        )
    request.dbsession.flush()
    return source


def delete_source(request, project, source: Source) -> None:
    """Forget a connected database: its tables leave the meta; the database is untouched."""
    if not connect.is_external(source):
        raise BadRequest("The embedded database of a project goes with the project")
    for table in source_tables(request, source.id):
        request.dbsession.delete(table)
    project.sources.remove(source)
    request.dbsession.delete(source)
    request.dbsession.flush()
    engines = request.registry["source_engines"]
    request.tm.get().addAfterCommitHook(lambda ok, source_id=source.id: ok and engines.discard(source_id))

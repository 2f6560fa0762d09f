"""Loading what a records request needs with as little work as possible.

A records request reads one row (the table joined with its source) through Core, then
takes the table's model from the cache when the table's ``schema_version`` has not moved;
only a changed (or first-seen) table has its columns loaded and its model rebuilt. Every
meta change to a table or its columns bumps ``schema_version`` in the same transaction, so
every process sees the change on its next request.
"""

from __future__ import annotations

import types
from dataclasses import dataclass

import sqlalchemy as sa

from workbench.data.computed import Catalog
from workbench.data.model import Model
from workbench.errors import NotFound
from workbench.projects.models import Source
from workbench.tables.models import Column, Table

_TABLE = Table.__table__
_SOURCE = Source.__table__


@dataclass(frozen=True)
class TableRef:
    """A table as the records API and the ``on_rows_changed`` hook see it."""

    id: str
    project_id: str
    title: str
    table_name: str
    schema_version: int
    source: types.SimpleNamespace
    #: ``table``, or ``mm`` for the junction table of a many-to-many link
    type: str = "table"


_REF_COLUMNS = sa.select(
    _TABLE.c.id,
    _TABLE.c.project_id,
    _TABLE.c.title,
    _TABLE.c.table_name,
    _TABLE.c.schema_version,
    _TABLE.c.type.label("table_type"),
    _SOURCE.c.id.label("source_id"),
    _SOURCE.c.type,
    _SOURCE.c.config,
    _SOURCE.c.is_default,
).join(_SOURCE, _SOURCE.c.id == _TABLE.c.source_id)
# The statement of every v2 records request, built once.
_REF_BY_ID = _REF_COLUMNS.where(_TABLE.c.id == sa.bindparam("table_id"))


def load_table_ref_by_id(request, table_id: str) -> TableRef:
    # On the session's connection: a Core statement needs none of the ORM's execute path.
    return _table_ref(request.dbsession.connection().execute(_REF_BY_ID, {"table_id": table_id}).first())


def load_table_ref(request, *conditions, order_by=()) -> TableRef:
    statement = _REF_COLUMNS.where(*conditions).order_by(*order_by).limit(1)
    return _table_ref(request.dbsession.connection().execute(statement).first())


def _table_ref(row) -> TableRef:
    if row is None:
        raise NotFound("Table not found")
    config = _SOURCE.c.config.type.process_result_value(row.config, None) if isinstance(row.config, str) else row.config
    source = types.SimpleNamespace(id=row.source_id, type=row.type, config=config, is_default=bool(row.is_default))
    return TableRef(
        row.id, row.project_id, row.title, row.table_name, row.schema_version or 0, source, row.table_type or "table"
    )


def model_for(request, ref: TableRef, dialect: str) -> Model:
    def load():
        columns = request.dbsession.scalars(
            sa.select(Column).where(Column.table_id == ref.id).order_by(Column.order)
        ).all()
        return ref, columns

    registry = request.registry
    catalog = Catalog(registry, dialect, meta_loader(request.dbsession))
    return registry["data_models"].for_version(registry, ref.id, ref.schema_version, dialect, load, catalog)


def meta_loader(dbsession):
    """``load(table_id)`` for a ``Catalog``: a table and its columns from the meta database."""

    def load(table_id: str):
        table = dbsession.get(Table, table_id)
        return None if table is None else (table, list(table.columns))

    return load

"""Fields that read other tables (lookups and rollups through links): who reads a column,
which tables' models depend on a table, and the meta access their checks need.

A table's model holds the SQL of its lookups and rollups, built from the linked tables'
columns; it is cached by the table's ``schema_version``. So a change to a table bumps the
version of every table that links to it (and of theirs, in turn), and their models are
rebuilt on their next request.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import object_session

from workbench.fields.interfaces import ComputedInSql
from workbench.fields.lookup import field_type
from workbench.tables.models import Column, Table

#: the column options naming the tables a field reads (links, lookups, rollups)
_TABLE_KEYS = ("fk_related_model_id", "fk_mm_model_id")


def _readers(session, project_id: str) -> dict[str, set[str]]:
    """table id → the ids of the tables of the project that read it through a field."""
    rows = session.execute(
        sa.select(Column.table_id, Column.col_options)
        .join(Table, Table.id == Column.table_id)
        .where(Table.project_id == project_id, Column.col_options.is_not(None))
    ).all()
    readers: dict[str, set[str]] = {}
    for table_id, options in rows:
        if not isinstance(options, dict):
            continue
        for key in _TABLE_KEYS:
            read = options.get(key)
            if isinstance(read, str) and read != table_id:
                readers.setdefault(read, set()).add(table_id)
    return readers


def bump_readers(table: Table) -> None:
    """Bump the schema version of every table whose model reads ``table``."""
    session = object_session(table)
    if session is None or not table.project_id:
        return
    with session.no_autoflush:
        readers = _readers(session, table.project_id)
        done, pending = {table.id}, list(readers.get(table.id, ()))
        while pending:
            table_id = pending.pop()
            if table_id in done:
                continue
            done.add(table_id)
            other = session.get(Table, table_id)
            if other is not None:
                other.schema_version = (other.schema_version or 0) + 1
            pending.extend(readers.get(table_id, ()))


def users_in_project(request, table: Table, column: Column) -> list[tuple[Column, object]]:
    """The computed fields of the project, in any table, that read ``column``."""
    found = []
    columns = request.dbsession.scalars(
        sa.select(Column)
        .join(Table, Table.id == Column.table_id)
        .where(Table.project_id == table.project_id, Column.id != column.id)
        .order_by(Table.order, Table.created_at, Column.order, Column.id)
    ).all()
    for other in columns:
        ftype = field_type(request.registry, other)
        if isinstance(ftype, ComputedInSql) and column.id in ftype.references():
            found.append((other, ftype))
    return found


def meta_access(request):
    """``(column_of, columns_of)`` for ``workbench.data.computed.table_fields``."""
    db = request.dbsession

    def column_of(column_id: str):
        return db.get(Column, column_id)

    def columns_of(table_id: str):
        table = db.get(Table, table_id)
        return [] if table is None else list(table.columns)

    return column_of, columns_of

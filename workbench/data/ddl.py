"""Physical schema changes on a source, each registered with the data unit of work
(``workbench.data.unit``): additive steps run now and know their undo, destructive steps
run after commit."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.operations import Operations

from workbench.data import indexes
from workbench.data.unit import DataTransaction


def _ops(connection: sa.Connection) -> Operations:
    return Operations(MigrationContext.configure(connection))


def existing_tables(work: DataTransaction) -> set[str]:
    return {name.lower() for name in sa.inspect(work.connection).get_table_names()}


def create_table(work: DataTransaction, table: sa.Table) -> None:
    work.check_owns_schema()
    work.begin_write()
    table.create(work.connection)
    name = table.name
    work.on_undo(lambda conn: sa.Table(name, sa.MetaData()).drop(conn, checkfirst=True))


def drop_table(work: DataTransaction, table_name: str) -> None:
    work.after_commit(lambda conn: sa.Table(table_name, sa.MetaData()).drop(conn, checkfirst=True))


def add_column(work: DataTransaction, table_name: str, column: sa.Column) -> None:
    column = sa.Column(column.name, column.type, nullable=True)
    work.check_owns_schema()
    work.begin_write()
    _ops(work.connection).add_column(table_name, column)
    name = column.name
    work.on_undo(lambda conn: _ops(conn).drop_column(table_name, name))


def drop_column(work: DataTransaction, table_name: str, column_name: str) -> None:
    def drop(conn):
        # The engine's own indexes on the column go first: SQLite drops no indexed column.
        indexes.drop_on_column(conn, table_name, column_name)
        _ops(conn).drop_column(table_name, column_name)

    work.after_commit(drop)

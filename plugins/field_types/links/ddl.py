"""Physical schema of links, registered with the data unit of work (``schema.data_transaction``
of the plugin API).

A has-many / belongs-to link adds a foreign-key column to the child table, with a real
constraint (``ON DELETE SET NULL``: deleting a record unlinks its children) and an index:

- PostgreSQL and MariaDB: ``ADD COLUMN``, then ``ADD CONSTRAINT ... FOREIGN KEY`` and an index;
- SQLite: ``ALTER TABLE ADD COLUMN ... REFERENCES`` (allowed for a column whose default is
  NULL), so the constraint exists on existing tables without rebuilding them, and an index.

A many-to-many link creates a junction table: both keys form its primary key, each
references its side with ``ON DELETE CASCADE`` (deleting a record removes its links), and
the second key has its own index (the first is the primary key's prefix).

Additive steps run at once and record their undo; drops run after commit, foreign keys
before the tables they reference.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.operations import Operations

from workbench.plugin_api import schema

DataTransaction = schema.DataTransaction


def _ops(connection: sa.Connection) -> Operations:
    return Operations(MigrationContext.configure(connection))


def _quote(connection: sa.Connection, name: str) -> str:
    return connection.dialect.identifier_preparer.quote(name)


def add_foreign_key(
    work: DataTransaction,
    *,
    table: str,
    column: str,
    type_: sa.types.TypeEngine,
    parent: str,
    parent_column: str,
    constraint: str,
    index: str,
) -> None:
    """Add ``table.column`` referencing ``parent(parent_column)``, with its index."""
    work.begin_write()
    connection = work.connection
    if work.dialect == "sqlite":
        q = lambda name: _quote(connection, name)  # noqa: E731
        sql_type = type_.compile(dialect=connection.dialect)
        connection.exec_driver_sql(
            f"ALTER TABLE {q(table)} ADD COLUMN {q(column)} {sql_type} "
            f"CONSTRAINT {q(constraint)} REFERENCES {q(parent)} ({q(parent_column)}) ON DELETE SET NULL"
        )
        _ops(connection).create_index(index, table, [column])
    else:
        ops = _ops(connection)
        ops.add_column(table, sa.Column(column, type_, nullable=True))
        ops.create_foreign_key(constraint, table, parent, [column], [parent_column], ondelete="SET NULL")
        ops.create_index(index, table, [column])
    work.on_undo(lambda conn: _drop_foreign_key(conn, table, column, constraint, index))


def _drop_foreign_key(connection: sa.Connection, table: str, column: str, constraint: str, index: str) -> None:
    ops = _ops(connection)
    names = {c["name"] for c in sa.inspect(connection).get_columns(table)}
    if column not in names:
        return
    if connection.dialect.name in ("mysql", "mariadb"):
        foreign = {fk["name"] for fk in sa.inspect(connection).get_foreign_keys(table)}
        if constraint in foreign:
            ops.drop_constraint(constraint, table, type_="foreignkey")
    indexes = {ix["name"] for ix in sa.inspect(connection).get_indexes(table)}
    if index in indexes:
        ops.drop_index(index, table_name=table)
    ops.drop_column(table, column)


def drop_foreign_key(work: DataTransaction, *, table: str, column: str, constraint: str, index: str) -> None:
    """Drop a foreign-key column, its constraint and its index (after commit)."""
    work.after_commit(lambda conn: _drop_foreign_key(conn, table, column, constraint, index))


def create_junction(
    work: DataTransaction,
    *,
    name: str,
    first: tuple[str, sa.types.TypeEngine, str, str],
    second: tuple[str, sa.types.TypeEngine, str, str],
    index: str,
) -> None:
    """Create a junction table; ``first``/``second`` are ``(column, type, referenced
    table, referenced column)``."""
    metadata = sa.MetaData()
    for _col, type_, ref, ref_col in (first, second):  # stubs of the referenced tables (not created)
        if ref not in metadata.tables:
            sa.Table(ref, metadata, sa.Column(ref_col, type_, primary_key=True))
    columns = [sa.Column(col, type_, primary_key=True, autoincrement=False) for col, type_, _t, _c in (first, second)]
    foreign = [
        sa.ForeignKeyConstraint([col], [metadata.tables[ref].c[ref_col]], ondelete="CASCADE")
        for col, _type, ref, ref_col in (first, second)
    ]
    table = sa.Table(name, metadata, *columns, *foreign, sa.Index(index, second[0]))
    work.begin_write()
    table.create(work.connection)
    work.on_undo(lambda conn: sa.Table(name, sa.MetaData()).drop(conn, checkfirst=True))


def drop_junction(work: DataTransaction, name: str) -> None:
    work.after_commit(lambda conn: sa.Table(name, sa.MetaData()).drop(conn, checkfirst=True))

"""Indexes the engine keeps for the sorts and filters of a table's views.

Each view that sorts gets one index on its sort fields (up to ``MAX_SORT_FIELDS``, in the
view's directions, nulls first when ascending) followed by the primary key: it serves the
view's first page, every cursor page and every jump without sorting. Each field a view
filters on with a comparison gets an index of its own. Indexes nobody needs any more are
dropped. They are named ``wbx_`` and a digest of what they hold, so the set of them is read
back from the database itself and no meta is stored.

Only databases Workbench owns are indexed. A source's index policy is ``managed`` (the
default for the project's own database) or ``off`` (the default for an external database,
which Workbench never changes unless its config says ``"index_policy": "managed"``).
"""

from __future__ import annotations

import hashlib
import logging

import sqlalchemy as sa

log = logging.getLogger(__name__)

PREFIX = "wbx_"
MANAGED = "managed"
OFF = "off"
POLICIES = (MANAGED, OFF)
MAX_SORT_FIELDS = 3
# Comparisons an ordered index helps with.
INDEXED_OPS = frozenset({"eq", "gt", "lt", "ge", "gte", "le", "lte", "btw", "is", "isnot", "blank", "notblank"})


def index_policy(source) -> str:
    """``managed`` or ``off``: whether the engine creates and drops indexes in ``source``."""
    chosen = (getattr(source, "config", None) or {}).get("index_policy")
    if chosen in POLICIES:
        return chosen
    return MANAGED if getattr(source, "is_default", False) else OFF


def indexable(column: sa.Column, dialect: str) -> bool:
    """Whether ``column`` can lead or join an index: MariaDB indexes no unbounded text or
    binary column without a prefix, which could not serve a sort."""
    if dialect in ("mysql", "mariadb"):
        kind = column.type
        if isinstance(kind, sa.Text | sa.LargeBinary | sa.JSON) or (isinstance(kind, sa.String) and not kind.length):
            return False
    return True


def _name(table_name: str, parts: tuple) -> str:
    digest = hashlib.sha256(repr((table_name, parts)).encode()).hexdigest()[:24]
    return PREFIX + digest


def wanted(model, views) -> dict[str, tuple]:
    """``{index name: ((physical column, descending, holds nulls), ...)}`` for ``views``
    of ``model``: each view's sorts (with the primary key), and each filtered field."""
    found: dict[str, tuple] = {}
    pk = tuple((f.sa_column.name, False, False) for f in model.pk_fields)

    def stored(column_id):
        f = model.by_id.get(column_id)
        if f is None or f.sa_column is None or f.column.pk or not indexable(f.sa_column, model.dialect):
            return None
        return f.sa_column.name

    for view in views:
        sorts = []
        for sort in sorted(view.sorts, key=lambda s: s.order or 0):
            name = stored(sort.column_id)
            if name is None:
                break  # a later key cannot use the index past a field it does not hold
            sorts.append((name, sort.direction == "desc", True))
        if sorts and pk:
            parts = tuple(sorts[:MAX_SORT_FIELDS]) + pk
            found[_name(model.table_name, parts)] = parts
        for item in view.filters:
            if item.is_group or item.comparison_op not in INDEXED_OPS:
                continue
            name = stored(item.column_id)
            if name is not None:
                parts = ((name, False, True),)
                found[_name(model.table_name, parts)] = parts
    return found


def existing(connection, table_name: str) -> dict[str, list[str]]:
    """The engine's indexes on ``table_name``: ``{name: [column names]}``."""
    inspector = sa.inspect(connection)
    return {
        ix["name"]: list(ix.get("column_names") or [])
        for ix in inspector.get_indexes(table_name)
        if (ix.get("name") or "").lower().startswith(PREFIX)
    }


def _index(table: sa.Table, name: str, parts: tuple, dialect: str) -> sa.Index:
    exprs = []
    for column_name, descending, nullable in parts:
        column = table.c[column_name]
        clause = column.desc() if descending else column.asc()
        if dialect == "postgresql" and nullable:  # the records' order: nulls smallest
            clause = clause.nulls_last() if descending else clause.nulls_first()
        exprs.append(clause)
    return sa.Index(name, *exprs)


def reconcile(connection, table_name: str, plan: dict[str, tuple]) -> tuple[list[str], list[str]]:
    """Create the indexes of ``plan`` missing on ``table_name`` and drop the engine's
    indexes it no longer holds; ``(created, dropped)`` names."""
    if not sa.inspect(connection).has_table(table_name):
        return [], []
    dialect = connection.dialect.name
    have = existing(connection, table_name)
    have_lower = {name.lower(): name for name in have}
    metadata = sa.MetaData()
    table = sa.Table(
        table_name,
        metadata,
        *(sa.Column(c, sa.Integer) for c in sorted({part[0] for parts in plan.values() for part in parts})),
    )
    created, dropped = [], []
    for name, parts in plan.items():
        if name.lower() not in have_lower:
            _index(table, name, parts, dialect).create(connection)
            created.append(name)
    for lowered, name in have_lower.items():
        if lowered not in {n.lower() for n in plan}:
            _drop(connection, table_name, name)
            dropped.append(name)
    return created, dropped


def drop_on_column(connection, table_name: str, column_name: str) -> None:
    """Drop the engine's indexes holding ``column_name`` (before the column is dropped:
    SQLite refuses to drop an indexed column)."""
    if not sa.inspect(connection).has_table(table_name):
        return
    for name, columns in existing(connection, table_name).items():
        if column_name in columns:
            _drop(connection, table_name, name)


def _drop(connection, table_name: str, name: str) -> None:
    # DROP INDEX names only the index (and, on MariaDB, its table): the column is a stand-in.
    table = sa.Table(table_name, sa.MetaData(), sa.Column("_wb_any", sa.Integer))
    sa.Index(name, table.c._wb_any).drop(connection)

"""Helpers for tests: a resolver over plain columns, and the built-in functions."""

from __future__ import annotations

import functools
from collections.abc import Mapping

import sqlalchemy as sa

from workbench.plugins.registry import Registry

from .context import Resolved
from .types import DataType


class ColumnResolver:
    """Resolves column ids to the columns of one table.

    :param columns: column id → (SQLAlchemy column, its ``DataType``)
    :param record_id: the primary key column (for ``RECORD_ID()``)
    :param system_times: ``created`` / ``modified`` → the timestamp columns, if any
    """

    def __init__(
        self,
        columns: Mapping[str, tuple[sa.ColumnElement, DataType]],
        record_id: sa.ColumnElement,
        system_times: Mapping[str, sa.ColumnElement] | None = None,
    ):
        self._columns = {column_id: Resolved(expr, DataType(dt)) for column_id, (expr, dt) in columns.items()}
        self._record_id = record_id
        self._system_times = dict(system_times or {})

    def column(self, column_id: str) -> Resolved | None:
        return self._columns.get(column_id)

    def record_id(self) -> sa.ColumnElement:
        return self._record_id

    def system_time(self, kind: str) -> sa.ColumnElement | None:
        return self._system_times.get(kind)

    def type(self, column_id: str) -> DataType | None:
        resolved = self.column(column_id)
        return None if resolved is None else resolved.type


@functools.cache
def builtin_functions() -> Registry:
    """The formula functions of the installed plugins, as the app's registry holds them
    with no plugin disabled."""
    from workbench.plugins import load_plugins

    return load_plugins({}).registries["formula_functions"]

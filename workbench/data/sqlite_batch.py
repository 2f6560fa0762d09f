"""A batch of rows inserted into a SQLite table by one ``executemany`` of plain SQL.

SQLAlchemy's executemany of a compiled INSERT builds a parameter dict per row and runs
every value through its type's bind processor; for a batch of a thousand rows that is
more work than SQLite's own. Here the INSERT is compiled once per table and set of
columns, rows become tuples in the statement's order, and only the values whose type
needs it are converted: dates and datetimes by ``isoformat`` (the exact text SQLite's
default storage formats give, at a fraction of the cost), a column of booleans not at all
(the driver binds them as the integers the processor would give), anything else by the
type's own bind processor. The statement still goes through ``exec_driver_sql``, so SQLAlchemy's
events, logging and error wrapping apply.
"""

from __future__ import annotations

import datetime as dt
import itertools
import operator
from collections.abc import Iterable, Iterator

import sqlalchemy as sa
from sqlalchemy.dialects.sqlite.base import DATE, DATETIME

from workbench.fields.typed_column import kinds_of, texts_of

_DEFAULT_DATETIME = DATETIME._storage_format
_DEFAULT_DATE = DATE._storage_format
_MICROSECONDS = operator.methodcaller("isoformat", " ", "microseconds")
#: what a datetime's isoformat(" ", "microseconds") adds to the text of its seconds
_SUFFIX = ".000000"
_SUFFIX_SEP = _SUFFIX + "\0"


def _datetime(slow):
    last = [None, None]  # the timestamps of a batch are one object: format it once

    def process(value):
        if value is last[0]:
            return last[1]
        if type(value) is dt.datetime and value.tzinfo is None:
            text = value.isoformat(" ", "microseconds")
            last[0], last[1] = value, text
            return text
        return slow(value)

    process.converts = dt.datetime
    return process


def _date(slow):
    def process(value):
        return value.isoformat() if type(value) is dt.date else slow(value)

    process.converts = dt.date
    return process


def _bool(slow):
    def process(value):
        return slow(value)

    process.converts = bool
    return process


def _processor(column: sa.Column, dialect):
    impl = column.type.dialect_impl(dialect)
    slow = impl.bind_processor(dialect)
    if slow is None:
        return None
    if isinstance(impl, sa.Boolean) and not dialect.supports_native_boolean:
        return _bool(slow)
    if isinstance(impl, DATETIME) and impl._storage_format == _DEFAULT_DATETIME:
        return _datetime(slow)
    if isinstance(impl, DATE) and impl._storage_format == _DEFAULT_DATE:
        return _date(slow)
    return slow


def compile_insert(table: sa.Table, keys: list[str], dialect) -> tuple[str, list[str], list[tuple[int, object]]]:
    """The INSERT's SQL for the columns ``keys``, the column key of each of its positional
    parameters, and ``(index, processor)`` for each value that needs converting."""
    compiled = table.insert().compile(dialect=dialect, column_keys=keys)
    escaped = {v: k for k, v in (compiled.escaped_bind_names or {}).items()}
    order = [escaped.get(name, name) for name in compiled.positiontup]
    if sorted(order) != sorted(keys):
        raise RuntimeError(f"INSERT parameters {order} do not match the columns {keys}")
    processors = [(i, p) for i, key in enumerate(order) if (p := _processor(table.c[key], dialect)) is not None]
    return compiled.string, order, processors


def insert_many(connection: sa.Connection, table: sa.Table, keys: list[str], rows, cache: dict) -> None:
    """Insert ``rows`` (dicts keyed by column key, missing keys are NULL; or a
    ``workbench.data.batch.ColumnBatch``) into ``table``."""
    cache_key = ("sqlite_insert_many", tuple(keys))
    compiled = cache.get(cache_key)
    if compiled is None:
        compiled = cache[cache_key] = compile_insert(table, keys, connection.dialect)
    sql, order, processors = compiled
    connection.exec_driver_sql(sql, _params(rows, order, processors, sql))


def _converted(process, values) -> Iterable:
    """``process`` of each of ``values``; a column of naive datetimes, dates or booleans,
    the common cases, in one pass without a call of ``process`` per value."""
    kind = getattr(process, "converts", None)
    if kind is not None:
        values = values if isinstance(values, list) else list(values)
        texts = texts_of(values, kind)
        if texts is not None and kind is not bool:
            # a column marked with its values' own texts: "YYYY-MM-DD", "YYYY-MM-DD HH:MM:SS"
            if kind is dt.date:
                return texts
            return (_SUFFIX_SEP.join(texts) + _SUFFIX).split("\0")
        kinds = set(kinds_of(values))
        nulls = type(None) in kinds
        kinds.discard(type(None))
        if kinds == {kind} or not kinds:
            if kind is bool:
                # sqlite3 binds True and False as the integers 1 and 0, as the processor would
                return values
            if kind is dt.date:
                if not nulls:
                    return list(map(dt.date.isoformat, values))
                return [None if v is None else v.isoformat() for v in values]
            if not nulls:
                texts = list(map(_MICROSECONDS, values))
            else:
                texts = [None if v is None else v.isoformat(" ", "microseconds") for v in values]
            # a naive datetime's text is 26 characters; one with an offset is longer and
            # goes through the processor, as any other value
            lengths = set(map(len, filter(None, texts) if nulls else texts))
            if lengths <= {26}:
                return texts
    return map(process, values)


class _Same:
    """A column's value in every row."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def repeat(self, count: int) -> Iterable:
        return itertools.repeat(self.value, count)


class _Rows(list):
    """The rows of a batch as ``executemany`` takes them: a list to SQLAlchemy (its length,
    its first row), each row made from the columns only as the driver binds it (so ``zip``
    gives them all in one tuple, reused, rather than a tuple each held until the end)."""

    __slots__ = ("_columns", "_count")

    def __init__(self, columns: list, count: int):
        super().__init__()
        self._columns = columns
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __iter__(self):
        return _zipped(self._columns, self._count)

    def __getitem__(self, index):
        if type(index) is int and 0 <= index < self._count:  # SQLAlchemy looks at the first
            return next(itertools.islice(iter(self), index, None))
        return list(self)[index]

    def __repr__(self) -> str:
        return f"<{self._count} rows>"


def _zipped(columns: list, count: int) -> Iterator[tuple]:
    """The `count` rows of `columns` (a column the same in every row given once, as _Same)."""
    return zip(*(c.repeat(count) if type(c) is _Same else c for c in columns), strict=True)


def _by_index(processors: list, width: int) -> list:
    found = [None] * width
    for index, process in processors:
        found[index] = process
    return found


def _params(rows, order: list[str], processors: list, sql: str) -> list[tuple]:
    """The rows as tuples in the statement's order, converted column by column (each
    processor mapped over its column) when every row holds every key."""
    width = len(order)
    try:
        if hasattr(rows, "column"):  # a ColumnBatch: a value the same in every row is converted once
            columns = []
            for key, process in zip(order, _by_index(processors, width), strict=True):
                same, value = rows.constant(key)
                if same:
                    columns.append(_Same(value if process is None else process(value)))
                else:
                    values = rows.column(key)
                    columns.append(values if process is None else _converted(process, values))
            if len(rows) > 1 and all(isinstance(c, (list, tuple, _Same)) for c in columns):
                return _Rows(columns, len(rows))
            return list(_zipped(columns, len(rows)))
        if width > 1 and all(len(row) == width for row in rows):
            columns = list(zip(*map(operator.itemgetter(*order), rows), strict=True))
            for index, process in processors:
                columns[index] = map(process, columns[index])
            return list(zip(*columns, strict=True))
        params = []
        for row in rows:
            values = [row.get(k) for k in order]
            for index, process in processors:
                values[index] = process(values[index])
            params.append(tuple(values))
        return params
    except (TypeError, ValueError) as exc:  # as SQLAlchemy reports a value it cannot bind
        raise sa.exc.StatementError(f"({type(exc).__name__}) {exc}", sql, None, exc) from exc

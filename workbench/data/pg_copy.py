"""A batch of rows inserted into a PostgreSQL table by ``COPY … FROM STDIN`` (psycopg's
copy), with the keys of its engine-numbered primary key taken from the column's sequence
beforehand (``nextval`` once per row, in one statement), so the batch's keys are known and
no other writer can get them. The statement answers the keys' range when they follow one
another (the usual case: no other writer took one meanwhile), else every key.

Values go as the records engine stored them, each column through its type's bind
processor where it has one (JSON as text, ...); the batch's data is formatted column by
column when its values' types allow (``pg_copy_text``), row by row by psycopg otherwise. A
table with a column whose type writes its value through an SQL expression
(``bind_expression``) is not copied (``copyable`` says)."""

from __future__ import annotations

import itertools

import sqlalchemy as sa

from workbench.data.batch import ColumnBatch
from workbench.data.key_rows import KeyRows
from workbench.data.pg_copy_text import copy_chunks
from workbench.fields.coerce import all_of_types
from workbench.fields.typed_column import typed

#: rows from which a batch is copied rather than inserted by ``executemany``
COPY_FROM = 100


def _quoted(preparer, table: sa.Table) -> str:
    name = preparer.quote(table.name)
    return f"{preparer.quote_schema(table.schema)}.{name}" if table.schema else name


def copyable(table: sa.Table, keys: list[str]) -> bool:
    """Whether the columns ``keys`` of ``table`` take their values as they are."""
    return not any(table.c[key].type._has_bind_expression for key in keys)


def copy_rows(connection: sa.Connection, table: sa.Table, pk: sa.Column, keys: list[str], batch: ColumnBatch):
    """COPY ``batch`` (columns ``keys``) into ``table``, its primary key ``pk`` numbered from
    its sequence; answers the keys as ``[(key,), ...]`` in the batch's order (None, with
    nothing done, when the key has no sequence)."""
    dialect = connection.dialect
    preparer = dialect.identifier_preparer
    sequence = connection.execute(
        sa.select(sa.func.pg_get_serial_sequence(_quoted(preparer, table), pk.name))
    ).scalar_one()
    if sequence is None:
        return None
    sql = _NUMBERED
    cursor = connection.connection.driver_connection.cursor()
    try:
        # on the driver's cursor: one plain tuple, with no row object
        ids = numbered(*cursor.execute(sql, (sequence, len(batch))).fetchone())
        columns = [(False, ids if isinstance(ids, range) else typed(ids, int))]
        # the columns whose value is the same in every row last (their texts end each line)
        keys = sorted(keys, key=lambda key: batch.constant(key)[0])
        for key in keys:
            impl = table.c[key].type.dialect_impl(dialect)
            process = impl.bind_processor(dialect)
            same, value = batch.constant(key)
            if same:
                columns.append((True, value if process is None else process(value)))
                continue
            values = batch.column(key)
            if isinstance(impl, sa.Boolean) and all_of_types(values, bool, type(None)):
                process = None  # its processor gives booleans back as they are (it refuses others)
            columns.append((False, values if process is None else list(map(process, values))))
        chunks = copy_chunks(columns, len(batch))
        names = ", ".join(preparer.quote(name) for name in [pk.name, *(table.c[k].name for k in keys)])
        sql = f"COPY {_quoted(preparer, table)} ({names}) FROM STDIN"
        with cursor.copy(sql) as copy:
            if chunks is not None:
                for chunk in chunks:  # formatted column by column, a part at a time
                    copy.write(chunk)
            else:
                rows = (itertools.repeat(v, len(batch)) if same else v for same, v in columns)
                for row in zip(*rows, strict=True):
                    copy.write_row(row)
    except Exception as exc:
        raise sa.exc.DBAPIError.instance(sql, None, exc, dialect.loaded_dbapi.Error) from exc
    finally:
        cursor.close()
    return KeyRows(ids)


#: the keys of ``%s`` rows numbered by the sequence ``%s``, in increasing order: their
#: smallest and largest, and every one of them unless they are all those in between
_NUMBERED = (
    "SELECT min(v), max(v), CASE WHEN max(v) - min(v) + 1 = count(*) THEN NULL ELSE array_agg(v ORDER BY v) END"
    " FROM (SELECT nextval(CAST(%s AS regclass)) AS v FROM generate_series(1, %s)) AS s"
)


def numbered(first: int, last: int, every: list[int] | None) -> range | list[int]:
    """The keys ``_NUMBERED`` answers, in increasing order: a range when they follow one
    another (n distinct integers from ``first`` to ``first + n - 1``)."""
    return range(first, last + 1) if every is None else every

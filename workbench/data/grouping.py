"""Grouping records by the values of fields: the distinct values with their record counts
(``groupby``), and a page of records for each value of one field (``group``).

Stored and computed (formula) fields can be grouped; each group is one value of the
field's SQL expression, serialised by the field type like any value.
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.data.model import Field, Model
from workbench.data.query import _ordering, row_json, select_columns
from workbench.errors import BadRequest
from workbench.fields.interfaces import FieldValueError

COUNT = "count"


def group_fields(model: Model, names: list[str]) -> list[Field]:
    if not names:
        raise BadRequest("column_name is required: the field (or comma-separated fields) to group by")
    fields = []
    for name in names:
        f = model.get(name)
        if f.expr is None:
            raise BadRequest(f"Field '{f.title}' cannot be grouped")
        if f not in fields:
            fields.append(f)
    return fields


def group_sorts(model: Model, fields: list[Field], columns, sort_names: list[str], count):
    """ORDER BY of a group-by: the grouped fields (or ``count``), ascending by default;
    then every grouped field, so the order is total."""
    order = []
    for name in sort_names:
        descending = name.startswith("-")
        name = name.lstrip("-+")
        if name == COUNT:
            order.append(count.desc() if descending else count.asc())
            continue
        f = model.get(name)
        if f not in fields:
            raise BadRequest(f"Field '{f.title}' is not grouped: sort by a grouped field or by count")
        order.append(_ordering(model, columns[fields.index(f)], descending))
    order += [_ordering(model, column, False) for column in columns]
    return order


def _values(model: Model, fields: list[Field], where):
    """The grouped fields' values of the matching records, as a subquery: grouping on its
    columns (not on the expressions again) keeps PostgreSQL from seeing a formula's bound
    values twice as different expressions."""
    statement = sa.select(*(f.expr.label(f"g{i}") for i, f in enumerate(fields))).select_from(model.table)
    if where is not None:
        statement = statement.where(where)
    inner = statement.subquery()
    return [inner.c[f"g{i}"] for i in range(len(fields))]


def group_by(connection, model: Model, fields: list[Field], where, sort_names: list[str], limit: int, offset: int):
    """``(groups, total)``: one ``{title: value, ..., "count": n}`` per distinct value of
    ``fields`` among the records matching ``where``, and the number of groups."""
    columns = _values(model, fields, where)
    count = sa.func.count().label(COUNT)
    statement = sa.select(*columns, count).group_by(*columns)
    total = connection.execute(sa.select(sa.func.count()).select_from(statement.subquery())).scalar_one()
    page = statement.order_by(*group_sorts(model, fields, columns, sort_names, count)).limit(limit).offset(offset)
    groups = []
    for row in connection.execute(page):
        group = {f.title: f.type.to_api(value) for f, value in zip(fields, row[:-1], strict=True)}
        group[COUNT] = int(row[-1])
        groups.append(group)
    return groups, total


def key_clause(f: Field, key):
    return f.expr.is_(None) if key is None else f.expr == key


def parse_keys(f: Field, raw: list) -> list:
    """Group values given by the caller (API form) as database values."""
    keys = []
    for item in raw:
        if item is None:
            keys.append(None)
            continue
        try:
            keys.append(f.type.filter_value(str(item)))
        except FieldValueError as exc:
            raise BadRequest(f"Invalid group value for field '{f.title}': {exc}") from None
    return keys


def distinct_keys(connection, model: Model, f: Field, where, limit: int, offset: int) -> list:
    """A page of the distinct values of ``f`` among the matching records, in order."""
    (column,) = _values(model, [f], where)
    statement = sa.select(column).group_by(column).order_by(_ordering(model, column, False))
    return [row[0] for row in connection.execute(statement.limit(limit).offset(offset))]


def grouped_rows(connection, model: Model, f: Field, keys: list, params, limit: int, offset: int):
    """``[(key, rows, count)]``: for each key, a page of the records whose ``f`` is ``key``
    (in ``params``' order) and how many there are. Two statements whatever the number of
    groups: the counts, and every page at once through ROW_NUMBER() per group."""
    if not keys:
        return []
    # Each record's group is the position of its key: no comparing of values in Python.
    index = sa.case(*((key_clause(f, key), i) for i, key in enumerate(keys)), else_=None)
    where = index.is_not(None) if params.where is None else sa.and_(params.where, index.is_not(None))
    counts = {}
    groups = sa.select(index.label("wb_group")).select_from(model.table).where(where).subquery()
    statement = sa.select(groups.c.wb_group, sa.func.count()).group_by(groups.c.wb_group)
    for position, n in connection.execute(statement):
        counts[int(position)] = int(n)
    number = sa.func.row_number().over(partition_by=index, order_by=params.order_by)
    readable = [x for x in params.fields if x.expr is not None]
    inner = (
        sa.select(index.label("wb_group"), number.label("wb_group_row"), *select_columns(readable))
        .select_from(model.table)
        .where(where)
        .subquery()
    )
    statement = (
        sa.select(*inner.c)
        .where(inner.c.wb_group_row > offset, inner.c.wb_group_row <= offset + limit)
        .order_by(inner.c.wb_group, inner.c.wb_group_row)
    )
    pages: dict[int, list] = {}
    for row in connection.execute(statement):
        pages.setdefault(int(row[0]), []).append(row_json(readable, row[2:]))
    return [(key, pages.get(i, []), counts.get(i, 0)) for i, key in enumerate(keys)]

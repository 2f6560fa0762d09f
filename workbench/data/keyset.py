"""Keyset paging: the records after (or before) a position in a sorted list, found by the
sort-key values of that position instead of by counting the rows that come before it.

The order is the list's sort keys followed by the primary key, so positions are unique.
Nulls sort as the smallest value: an ascending key puts them first, a descending key last;
on a PostgreSQL database whose indexes the engine does not manage (a connected one) they
sort as the largest, PostgreSQL's own order, which the database's existing indexes hold.
The records after a position are the union of disjoint ranges, each an equality on the
leading keys and a range on the next one (``k1 = v1 AND k2 > v2``, then ``k1 > v1``...):
each range is read on its own, in order, until the page is full, so that an index on the
sort keys serves every one of them from its first row (a single OR of them would make most
engines scan from the start of the index).

A page is read in two steps: the keys of its rows (from the index alone where one exists),
then the rows by their keys.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from workbench.data.model import Model
from workbench.data.query import ListParams, rows_json, select_columns


@dataclass
class KeyPage:
    rows: list[dict]
    #: sort-key values (primary key last) of the first and last rows, None when empty
    first: tuple | None
    last: tuple | None
    #: whether records exist before the first row and after the last one (in list order)
    more_before: bool
    more_after: bool


def _ordering(model: Model, expr, descending: bool):
    clause = expr.desc() if descending else expr.asc()
    if model.dialect == "postgresql" and not getattr(expr, "primary_key", False):  # a key holds no nulls
        clause = clause.nulls_first() if _nulls_first(descending, model.nulls_largest) else clause.nulls_last()
    return clause


def _nulls_first(descending: bool, nulls_largest: bool) -> bool:
    """Whether nulls come first in a key's order."""
    return descending if nulls_largest else not descending


def _equal(expr, value):
    return expr.is_(None) if value is None else expr == sa.literal(value, type_=expr.type)


def _after(expr, descending: bool, value, nulls_largest: bool = False) -> list:
    """The ranges of ``expr`` after ``value`` in its order, in that order."""
    if getattr(expr, "primary_key", False):  # a key holds no nulls
        bound = sa.literal(value, type_=expr.type)
        return [expr < bound if descending else expr > bound]
    nulls_first = _nulls_first(descending, nulls_largest)
    if value is None:
        return [expr.isnot(None)] if nulls_first else []
    bound = sa.literal(value, type_=expr.type)
    beyond = expr < bound if descending else expr > bound
    return [beyond] if nulls_first else [beyond, expr.is_(None)]


def ranges_after(keys: list[tuple], values, nulls_largest: bool = False) -> list:
    """Disjoint conditions selecting, in order, every record after ``values`` under ``keys``
    (``(expression, descending)`` pairs); nulls sort as the smallest value unless
    ``nulls_largest``."""
    found = []
    for i in range(len(keys) - 1, -1, -1):
        prefix = [_equal(keys[j][0], values[j]) for j in range(i)]
        for part in _after(keys[i][0], keys[i][1], values[i], nulls_largest):
            found.append(sa.and_(*prefix, part) if prefix else part)
    return found


def _ranges(model: Model, keys: list[tuple], values) -> list:
    """``ranges_after``; on PostgreSQL without the engine's indexes, under one sort field and
    a one-column key, its first two ranges (``k = v AND id > i``, ``k > v``) read as one
    (``k >= v AND (k > v OR id > i)``): the database's index on the sort field alone serves
    both alike, in one round trip instead of two."""
    if model.managed_indexes or model.dialect != "postgresql" or len(keys) != 2 or values[0] is None:
        return ranges_after(keys, values, model.nulls_largest)
    (expr, descending), (key, key_descending) = keys
    bound = sa.literal(values[0], type_=expr.type)
    key_bound = sa.literal(values[1], type_=key.type)
    within = expr <= bound if descending else expr >= bound
    beyond = expr < bound if descending else expr > bound
    key_beyond = key < key_bound if key_descending else key > key_bound
    # then the sort field's nulls, when they come after its values
    nulls = [] if _nulls_first(descending, model.nulls_largest) else [expr.is_(None)]
    return [sa.and_(within, sa.or_(beyond, key_beyond)), *nulls]


def _keys_statement(model: Model, params: ListParams, keys: list[tuple], condition, limit: int, columns=()):
    exprs = [expr.label(f"_wb_k{i}") for i, (expr, _desc) in enumerate(keys)]
    statement = sa.select(*exprs, *columns).select_from(model.table)
    where = [c for c in (params.where, condition) if c is not None]
    if where:
        statement = statement.where(*where)
    order = [_ordering(model, expr, desc) for expr, desc in keys]
    return statement.order_by(*order).limit(limit)


def read_keys(
    connection, model: Model, params: ListParams, keys: list[tuple], start, count: int, skip: int = 0, columns=()
) -> list[tuple]:
    """Up to ``count`` key tuples in the order of ``keys``: from the first record, or after
    the position ``start``, ``skip`` records further on (stepped over by the database, in
    the index where there is one); each followed by the values of ``columns``."""
    if start is None:
        statement = _keys_statement(model, params, keys, None, count, columns)
        return [tuple(r) for r in connection.execute(statement.offset(skip) if skip else statement)]
    found: list[tuple] = []
    for condition in _ranges(model, keys, start):
        wanted = count - len(found)
        if wanted <= 0:
            break
        statement = _keys_statement(model, params, keys, condition, wanted, columns)
        rows = [tuple(r) for r in connection.execute(statement.offset(skip) if skip else statement)]
        if skip and not rows:
            # The range holds no more than ``skip`` records: step over all of them.
            skip -= _count_at_most(connection, model, params, condition, skip)
            continue
        skip = 0
        found += rows
    return found


def _count_at_most(connection, model: Model, params: ListParams, condition, most: int) -> int:
    where = [c for c in (params.where, condition) if c is not None]
    inner = sa.select(sa.literal(1).label("one")).select_from(model.table).where(*where).limit(most).subquery()
    return connection.execute(sa.select(sa.func.count()).select_from(inner)).scalar_one()


def read_rows_by_keys(connection, model: Model, fields: list, key_rows: list[tuple]) -> list[dict]:
    """The records whose primary keys end ``key_rows``, in that order, as the API shows them."""
    if not key_rows:
        return []
    pks = model.pk_fields
    width = len(pks)
    readable = [f for f in fields if f.expr is not None]
    missing = [f for f in pks if f not in readable]
    wanted = [*readable, *missing]
    statement = sa.select(*select_columns(wanted)).select_from(model.table)
    pk_values = [k[-width:] for k in key_rows]
    if width == 1:
        statement = statement.where(pks[0].sa_column.in_([v[0] for v in pk_values]))
    else:
        statement = statement.where(
            sa.or_(*(sa.and_(*(f.sa_column == v for f, v in zip(pks, vs, strict=True))) for vs in pk_values))
        )
    rows = connection.execute(statement).all()
    positions = [len(readable) + missing.index(f) if f in missing else readable.index(f) for f in pks]
    by_key = {tuple(row[p] for p in positions): row for row in rows}
    ordered = [by_key[vs] for vs in pk_values if vs in by_key]
    records = rows_json(wanted, ordered)
    for record in records:
        for f in missing:
            record.pop(f.column.title, None)
    return records


def key_spec(params: ListParams) -> list[tuple]:
    return [(expr, desc) for expr, desc, _fid in params.sort_keys]


def reversed_spec(keys: list[tuple]) -> list[tuple]:
    return [(expr, not desc) for expr, desc in keys]


def read_page(
    connection, model: Model, params: ListParams, start=None, backward: bool = False, skip: int = 0
) -> KeyPage:
    """The page of ``params.limit`` records after ``start`` (before it when ``backward``),
    ``skip`` records further on; from the first record when ``start`` is None."""
    keys = key_spec(params)
    limit = params.limit
    # Where the engine keeps the sort's index (sort keys, then the primary key), the keys come
    # from the index alone and the rows after them; elsewhere (a connected database) the
    # database's index leads to the rows anyway, so they are read in the same statement.
    readable = [f for f in params.fields if f.expr is not None]
    columns = () if model.managed_indexes else select_columns(readable)
    if backward:
        found = read_keys(connection, model, params, reversed_spec(keys), start, limit + 1, skip, columns)
        more_before = len(found) > limit
        found = list(reversed(found[:limit]))
        more_after = True
    else:
        found = read_keys(connection, model, params, keys, start, limit + 1, skip, columns)
        more_after = len(found) > limit
        found = found[:limit]
        more_before = start is not None or skip > 0
    if columns:
        width = len(keys)
        rows = rows_json(readable, [r[width:] for r in found])
        found = [r[:width] for r in found]
    else:
        rows = read_rows_by_keys(connection, model, params.fields, found)
    return KeyPage(rows, found[0] if found else None, found[-1] if found else None, more_before, more_after)

"""The SQL of lookups and rollups over a ``paths.Chain``, per dialect.

- A single value (belongs-to links only): the target's value of the one linked row.
- A list (a has-many or many-to-many on the way): the values of the linked rows as one
  JSON array text, in the rows' order (``json_group_array`` over an ordered sub-select on
  SQLite, ``json_agg(... ORDER BY ...)`` on PostgreSQL, ``JSON_ARRAYAGG(... ORDER BY ...)``
  on MariaDB and MySQL); NULL when nothing is linked.
- A rollup: one aggregate over the linked rows' values.
- Any-match conditions (filters and search on lists): ``EXISTS`` over the linked rows.

Every one is a correlated scalar sub-select of the page's own statement: with an index on
the foreign key (links create one), a page of N records costs N index look-ups per field,
and no extra round trip.
"""

from __future__ import annotations

from typing import ClassVar

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.visitors import InternalTraversal

from .paths import Chain

#: rollup function → (SQL aggregate, distinct)
ROLLUP_FUNCTIONS = {
    "count": ("count", False),
    "min": ("min", False),
    "max": ("max", False),
    "avg": ("avg", False),
    "sum": ("sum", False),
    "countDistinct": ("count", True),
    "sumDistinct": ("sum", True),
    "avgDistinct": ("avg", True),
}


class _JsonArrayAgg(sa.sql.expression.ColumnElement):
    """``JSON_ARRAYAGG(value ORDER BY keys)`` (MariaDB, MySQL)."""

    inherit_cache = True
    _traverse_internals: ClassVar = [
        ("value", InternalTraversal.dp_clauseelement),
        ("order", InternalTraversal.dp_clauseelement_tuple),
    ]

    def __init__(self, value, order):
        self.value = value
        self.order = tuple(order)
        self.type = sa.UnicodeText()


@compiles(_JsonArrayAgg)
def _json_arrayagg(element, compiler, **kw):
    value = compiler.process(element.value, **kw)
    order = ", ".join(compiler.process(key, **kw) for key in element.order)
    return f"JSON_ARRAYAGG({value} ORDER BY {order})" if order else f"JSON_ARRAYAGG({value})"


def json_list(chain: Chain, dialect: str) -> sa.ColumnElement:
    """The linked values of each record as a JSON array text (NULL when none)."""
    value = chain.value.expression
    if dialect == "sqlite":
        ordered = chain.select(value.label("v")).order_by(*chain.order).subquery()
        array = sa.select(sa.func.json_group_array(ordered.c.v)).scalar_subquery()
        return sa.func.nullif(array, "[]", type_=sa.UnicodeText)
    if dialect == "postgresql":
        array = sa.func.json_agg(aggregate_order_by(value, *chain.order) if chain.order else value)
        return sa.cast(chain.select(array).scalar_subquery(), sa.UnicodeText)
    return sa.type_coerce(chain.select(_JsonArrayAgg(value, chain.order)).scalar_subquery(), sa.UnicodeText)


def single(chain: Chain) -> sa.ColumnElement:
    """The value of the one linked row (belongs-to links), typed like the target."""
    value = chain.value.expression
    return chain.select(value).limit(1).scalar_subquery()


def rollup(chain: Chain, function: str, result_type) -> sa.ColumnElement:
    name, distinct = ROLLUP_FUNCTIONS[function]
    value = chain.value.expression
    if distinct:
        value = value.distinct()
    aggregate = getattr(sa.func, name)(value)
    return sa.type_coerce(chain.select(aggregate).scalar_subquery(), result_type)


def any_row(chain: Chain, condition=None) -> sa.ColumnElement:
    """Whether a linked row exists (whose value meets ``condition``)."""
    select = chain.select(sa.literal(1))
    if condition is not None:
        select = select.where(condition)
    return select.exists()

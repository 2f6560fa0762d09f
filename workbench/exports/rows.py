"""Reading an export's records in keyset pages: each page is one short statement on a
connection of its own, continuing after the sort keys of the previous page's last record
(``(sort keys..., primary key) > (last values)``), so a million records cost no more
memory than one page and no page re-reads the records before it (as ``OFFSET`` would).

The order is the request's: the view's and the query's sorts, then the primary key,
nulls first when ascending and last when descending on every dialect (as
``workbench.data.query`` orders pages). Only the first page of a chunk starting at an
``offset`` uses ``OFFSET``. A table without a primary key, or an order that is not a
list of columns (``shuffle``), is read page by page with ``OFFSET``.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.sql import operators

from workbench.data.model import Field, Model
from workbench.data.query import ListParams, rows_json, select_columns
from workbench.fields.interfaces import ExpandsValues
from workbench.records.expand import Page

#: records read by one statement
PAGE_SIZE = 1000

_NULLS = (operators.nulls_first_op, operators.nulls_last_op)


def _sort_keys(order_by: list) -> list[tuple[sa.ColumnElement, bool]] | None:
    """``(expression, descending)`` of each ORDER BY clause; None if one is no column order."""
    keys = []
    for clause in order_by:
        while getattr(clause, "modifier", None) in _NULLS:
            clause = clause.element
        modifier = getattr(clause, "modifier", None)
        if modifier not in (operators.asc_op, operators.desc_op):
            return None
        keys.append((clause.element, modifier is operators.desc_op))
    return keys


def _after(keys: list[tuple[sa.ColumnElement, bool]], values, nulls_largest: bool = False) -> sa.ColumnElement:
    """The records that come after ``values`` (the last record's sort keys) in that order;
    nulls sort as the smallest value unless ``nulls_largest`` (see ``Model.nulls_largest``)."""
    alternatives = []
    equal: list = []
    for (expr, descending), value in zip(keys, values, strict=True):
        nulls_first = descending if nulls_largest else not descending
        if value is None:
            later = expr.is_not(None) if nulls_first else sa.false()
        else:
            beyond = expr < value if descending else expr > value
            later = beyond if nulls_first else sa.or_(beyond, expr.is_(None))
        alternatives.append(sa.and_(*equal, later) if equal else later)
        equal.append(expr.is_(None) if value is None else expr == value)
    return sa.or_(*alternatives)


class RowReader:
    """The records of ``model`` that ``params`` select from ``offset`` on, a page at a time,
    each as a tuple of the values of ``fields`` (those with an ``expr``, in order).

    Values are as the database gives them, unless a field expands its values (links): then
    every value is as the API gives it (``api_values``), linked values expanded through
    ``page_context`` (``workbench.records.expand.Page``, made while the request's meta
    session is open)."""

    def __init__(
        self, engine: sa.Engine, model: Model, params: ListParams, fields: list[Field], page_context, offset: int = 0
    ):
        self.engine = engine
        self.model = model
        self.params = params
        self.fields = [f for f in fields if f.expr is not None]
        expanding = [f for f in self.fields if isinstance(f.type, ExpandsValues)]
        missing = [f for f in model.pk_fields if f not in self.fields]
        # the primary key is read when an expanding field needs it to find its values
        self.readable = self.fields + (missing if expanding else [])
        self.expanding = expanding
        self.api_values = bool(expanding)
        self.page_context: Page = page_context
        keys = _sort_keys(params.order_by) if model.pk_fields else None
        self.keys = keys
        self.statement = sa.select(
            *select_columns(self.readable),
            *(expr.label(f"_wb_k{i}") for i, (expr, _desc) in enumerate(keys or ())),
        ).select_from(model.table)
        if params.where is not None:
            self.statement = self.statement.where(params.where)
        self.statement = self.statement.order_by(*params.order_by)
        #: records read so far (from the first offset), the last one's sort keys
        self.offset = offset
        self.last = None
        self.done = False

    def next_page(self, limit: int = PAGE_SIZE) -> list[tuple]:
        """The next ``limit`` records at most; ``done`` is true once a page came short."""
        if self.done:
            return []
        statement = self.statement
        if self.last is not None and self.keys is not None:
            statement = statement.where(_after(self.keys, self.last, self.model.nulls_largest))
        elif self.offset:
            statement = statement.offset(self.offset)
        width = len(self.readable)
        with self.engine.connect() as connection:
            rows = connection.execute(statement.limit(limit)).all()
            if self.expanding and rows:
                records = rows_json(self.readable, (row[:width] for row in rows))
                self.page_context.connection = connection
                for f in self.expanding:
                    f.type.expand(self.page_context, records)
                titles = [f.title for f in self.fields]
                values = [tuple(record.get(t) for t in titles) for record in records]
        self.done = len(rows) < limit
        if not rows:
            return []
        self.last = rows[-1][width:]
        self.offset += len(rows)
        if self.expanding:
            return values
        count = len(self.fields)
        return [row[:count] for row in rows]

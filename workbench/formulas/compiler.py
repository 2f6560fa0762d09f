"""From a tree to one SQLAlchemy expression for a dialect."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from .checker import check
from .context import Resolved, Resolver, SqlContext, Value
from .functions import dialect_family
from .limits import SqlSize
from .operators import binary, join_texts, text_chain
from .sqlite import check_parses
from .sqltypes import result_type
from .types import DataType


def compile_formula(tree: dict, resolver: Resolver, dialect: str, functions: Mapping[str, Any]) -> sa.ColumnElement:
    """The SQL of ``tree`` on ``dialect``, typed so drivers return the same values.

    The tree is checked again against the types ``resolver`` gives now (a referenced
    field may have changed type since the formula was saved); ``FormulaError`` if it no
    longer fits, or if its SQL is past the limits (``limits.SqlSize``), at the node
    where it went past them.
    """
    family = dialect_family(dialect)
    cached = _CachingResolver(resolver)
    checked = check(tree, cached.type, functions, family)
    ctx = SqlContext(family, cached, functions)
    value = _compile(ctx, checked, SqlSize())
    result = to_result(ctx, value)
    if family == "sqlite":
        check_parses(result, checked["pos"])
    return result


def to_result(ctx: SqlContext, value: Value) -> sa.ColumnElement:
    """A compiled value as a column: MSSQL has no boolean values, only conditions."""
    expr = value.expr
    if value.dt is DataType.BOOLEAN and ctx.dialect == "mssql":
        condition = ctx.condition(value)
        expr = sa.case((condition, 1), (sa.not_(condition), 0))
    if value.dt is DataType.NULL:
        return sa.null()
    return sa.type_coerce(expr, result_type(value.dt))


def _compile(ctx: SqlContext, node: dict, size: SqlSize) -> Value:
    dt = DataType(node["dt"])
    kind = node["kind"]
    if kind == "number":
        expr = ctx.number_literal(node["value"])
    elif kind == "string":
        expr = ctx.text_literal(node["value"])
    elif kind == "field":
        expr = ctx.resolver.column(node["id"]).expression
    elif kind == "unary":
        expr = -ctx.number(_compile(ctx, node["arg"], size))
    elif kind == "binary" and node["op"] == "&":  # one flat join, however long the chain
        expr = join_texts(ctx, [_compile(ctx, operand, size) for operand in text_chain(node)])
    elif kind == "binary":
        expr = binary(ctx, node["op"], _compile(ctx, node["left"], size), _compile(ctx, node["right"], size))
    else:
        function = ctx.functions.get(node["name"])
        expr = function.compile(ctx, [_compile(ctx, arg, size) for arg in node["args"]])
    size.check(expr, node["pos"])
    return Value(expr, dt, node)


class _CachingResolver:
    """Asks the data engine once per column, though checking and compiling both need it."""

    def __init__(self, resolver: Resolver):
        self._resolver = resolver
        self._columns: dict[str, Resolved | None] = {}

    def column(self, column_id: str) -> Resolved | None:
        if column_id not in self._columns:
            self._columns[column_id] = self._resolver.column(column_id)
        return self._columns[column_id]

    def type(self, column_id: str) -> DataType | None:
        resolved = self.column(column_id)
        return None if resolved is None else resolved.type

    def record_id(self) -> sa.ColumnElement:
        return self._resolver.record_id()

    def system_time(self, kind: str) -> sa.ColumnElement | None:
        method = getattr(self._resolver, "system_time", None)
        return None if method is None else method(kind)

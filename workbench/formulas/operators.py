"""SQL for the operators: arithmetic, ``&`` concatenation and comparisons."""

from __future__ import annotations

import operator

import sqlalchemy as sa

from .context import SqlContext, Value
from .parser import EQUALITY
from .types import DataType

_COMPARE = {
    "=": operator.eq,
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
}
_DATES = (DataType.DATE, DataType.DATETIME)


def binary(ctx: SqlContext, op: str, left: Value, right: Value) -> sa.ColumnElement:
    if op == "&":
        return join_texts(ctx, [left, right])
    if op in _COMPARE:
        return compare(ctx, op, left, right)
    a, b = ctx.number(left), ctx.number(right)
    if op == "/":
        return ctx.divide(a, b)
    return {"+": operator.add, "-": operator.sub, "*": operator.mul}[op](a, b)


def join_texts(ctx: SqlContext, values: list[Value]) -> sa.ColumnElement:
    """The values as texts joined (blanks count as empty), cut to the longest text if they
    could be longer (``SqlContext.joined``)."""
    return ctx.joined(*[ctx.nonnull_text(value) for value in values])


def text_chain(node: dict) -> list[dict]:
    """The operands of ``a & b & c`` (a chain of ``&``, nested to the left), in order."""
    operands = []
    while node["kind"] == "binary" and node["op"] == "&":
        operands.append(node["right"])
        node = node["left"]
    operands.append(node)
    return operands[::-1]


def compare(ctx: SqlContext, op: str, left: Value, right: Value) -> sa.ColumnElement:
    if DataType.NULL in (left.dt, right.dt):
        return _compare_blank(ctx, op, right if left.dt is DataType.NULL else left)
    a, b = _comparable(ctx, left, right)
    return _COMPARE[op](a, b)


def _comparable(ctx: SqlContext, left: Value, right: Value) -> tuple[sa.ColumnElement, sa.ColumnElement]:
    kinds = {left.dt, right.dt}
    if kinds & {DataType.NUMERIC, DataType.BOOLEAN}:
        return ctx.number(left), ctx.number(right)
    if kinds & set(_DATES):
        if ctx.dialect == "sqlite":  # ISO texts of different lengths: compare as day numbers
            return sa.func.julianday(left.expr), sa.func.julianday(right.expr)
        if DataType.DATETIME in kinds:
            return ctx.datetime(left), ctx.datetime(right)
        return ctx.date(left), ctx.date(right)
    if kinds == {DataType.STRING}:
        return left.expr, right.expr
    return ctx.text(left), ctx.text(right)


def _compare_blank(ctx: SqlContext, op: str, value: Value) -> sa.ColumnElement:
    """``x = BLANK()`` is true for NULL (and for '' when ``x`` is a text)."""
    is_blank = ctx.is_blank(value)
    if op in EQUALITY:
        return is_blank
    if op == "!=":
        return sa.not_(is_blank)
    return sa.null()

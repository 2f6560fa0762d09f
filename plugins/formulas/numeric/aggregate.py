"""Functions over several values: ADD, AVG, COUNT, COUNTA, COUNTALL, MAX, MIN.

A blank counts as 0 in ADD and AVG; MAX and MIN skip blanks (blank only if all are).
"""

import functools
import operator

import sqlalchemy as sa

from workbench.plugin_api import ANY, ArrayQuery, DataType

from .base import Variadic


def _sum(ctx, args):
    return functools.reduce(operator.add, [sa.func.coalesce(ctx.number(arg), 0) for arg in args])


class ADD(Variadic):
    name = "ADD"
    description = "The sum of the values"
    syntax = "ADD(value1, [value2, ...])"

    @classmethod
    def sql(cls, ctx, args):
        return _sum(ctx, args)


class AVG(Variadic):
    name = "AVG"
    description = "The average of the values"
    syntax = "AVG(value1, [value2, ...])"

    @classmethod
    def sql(cls, ctx, args):
        return ctx.divide(_sum(ctx, args), len(args))


def _extreme(ctx, args, name, sqlite_name):
    """GREATEST/LEAST (SQLite: multi-argument max/min) that skip blanks: each blank is
    replaced by the first other value that is not."""
    numbers = [ctx.number(arg) for arg in args]
    if len(numbers) == 1:
        return numbers[0]
    filled = [sa.func.coalesce(n, *[m for m in numbers if m is not n]) for n in numbers]
    return getattr(sa.func, sqlite_name if ctx.dialect == "sqlite" else name)(*filled)


class MAX(Variadic):
    name = "MAX"
    description = "The largest of the values"
    syntax = "MAX(value1, [value2, ...])"

    @classmethod
    def sql(cls, ctx, args):
        return _extreme(ctx, args, "greatest", "max")


class MIN(Variadic):
    name = "MIN"
    description = "The smallest of the values"
    syntax = "MIN(value1, [value2, ...])"

    @classmethod
    def sql(cls, ctx, args):
        return _extreme(ctx, args, "least", "min")


def _items(arg, operation):
    return sa.func.coalesce(ArrayQuery(arg.expr, operation), 0)


def _plus(terms):
    return functools.reduce(operator.add, terms)


def _count(conditions):
    return functools.reduce(operator.add, [sa.case((c, 1), else_=0) for c in conditions])


class COUNT(Variadic):
    name = "COUNT"
    description = "How many of the values are numbers"
    syntax = "COUNT(value1, [value2, ...])"
    arg_types = (ANY,)

    @classmethod
    def sql(cls, ctx, args):
        numeric = [arg.expr.is_not(None) for arg in args if arg.dt is DataType.NUMERIC]
        return _count(numeric) if numeric else sa.literal(0)


class COUNTA(Variadic):
    name = "COUNTA"
    description = "How many of the values are not blank"
    syntax = "COUNTA(value1, [value2, ...])"
    arg_types = (ANY,)

    @classmethod
    def sql(cls, ctx, args):
        # A list (a lookup, a link) counts its items that are not blank.
        lists = [_items(arg, "count") for arg in args if arg.dt is DataType.ARRAY]
        others = [sa.not_(ctx.is_blank(arg)) for arg in args if arg.dt is not DataType.ARRAY]
        return _plus([*lists, *([_count(others)] if others else [])])


class COUNTALL(Variadic):
    name = "COUNTALL"
    description = "How many values there are, blanks included"
    syntax = "COUNTALL(value1, [value2, ...])"
    arg_types = (ANY,)

    @classmethod
    def sql(cls, ctx, args):
        # A list counts all its items, blanks included.
        lists = [_items(arg, "count_all") for arg in args if arg.dt is DataType.ARRAY]
        return _plus([*lists, sa.literal(len(args) - len(lists))])

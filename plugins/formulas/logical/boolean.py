"""Booleans: AND, OR, XOR and NOT of conditions, the constants TRUE and FALSE, and BLANK."""

import functools
import operator

import sqlalchemy as sa

from workbench.plugin_api import DataType, FormulaFunction


class _Logical(FormulaFunction):
    max_args = None
    returns = DataType.BOOLEAN


def _definite(condition):
    """True or false, never NULL: a blank condition is false."""
    return sa.case((condition, sa.true()), else_=sa.false())


class AND(_Logical):
    name = "AND"
    description = "Whether every condition is true"
    syntax = "AND(condition1, [condition2, ...])"

    @classmethod
    def sql(cls, ctx, args):
        return _definite(sa.and_(*[ctx.condition(arg) for arg in args]))


class OR(_Logical):
    name = "OR"
    description = "Whether any condition is true"
    syntax = "OR(condition1, [condition2, ...])"

    @classmethod
    def sql(cls, ctx, args):
        return _definite(sa.or_(*[ctx.condition(arg) for arg in args]))


class XOR(_Logical):
    name = "XOR"
    description = "Whether an odd number of conditions is true"
    syntax = "XOR(condition1, [condition2, ...])"

    @classmethod
    def sql(cls, ctx, args):
        ones = [sa.case((ctx.condition(arg), 1), else_=0) for arg in args]
        return functools.reduce(operator.add, ones) % 2 == 1


class NOT(_Logical):
    name = "NOT"
    description = "Whether the condition is false (a blank condition counts as false)"
    syntax = "NOT(condition)"
    max_args = 1

    @classmethod
    def sql(cls, ctx, args):
        return sa.case((ctx.condition(args[0]), sa.false()), else_=sa.true())


class _Constant(FormulaFunction):
    min_args = max_args = 0
    returns = DataType.BOOLEAN


class TRUE(_Constant):
    name = "TRUE"
    description = "True"
    syntax = "TRUE()"

    @classmethod
    def sql(cls, ctx, args):
        return sa.true()


class FALSE(_Constant):
    name = "FALSE"
    description = "False"
    syntax = "FALSE()"

    @classmethod
    def sql(cls, ctx, args):
        return sa.false()


class BLANK(_Constant):
    name = "BLANK"
    description = "A blank (NULL) value"
    syntax = "BLANK()"
    returns = DataType.NULL

    @classmethod
    def sql(cls, ctx, args):
        return sa.null()

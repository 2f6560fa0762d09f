"""Rounding: CEILING, EVEN, FLOOR, INT, ODD, ROUND, ROUNDDOWN, ROUNDUP."""

import sqlalchemy as sa

from .base import NumericFunction


def _ceiling(expr):
    return sa.func.ceiling(expr)


class CEILING(NumericFunction):
    name = "CEILING"
    description = "The smallest integer not less than the value"
    syntax = "CEILING(value)"

    @classmethod
    def sql(cls, ctx, args):
        return _ceiling(ctx.number(args[0]))


class FLOOR(NumericFunction):
    name = "FLOOR"
    description = "The largest integer not greater than the value"
    syntax = "FLOOR(value)"

    @classmethod
    def sql(cls, ctx, args):
        return sa.func.floor(ctx.number(args[0]))


class INT(NumericFunction):
    name = "INT"
    description = "The integer part of the value (toward zero)"
    syntax = "INT(value)"

    @classmethod
    def sql(cls, ctx, args):
        return ctx.truncate(ctx.number(args[0]))


def _away_from_zero(ctx, value, offset):
    """Round away from zero to an integer ``2k + offset`` (EVEN: offset 0, ODD: 1; for
    ODD, |x| < 1 gives ceil(-0.5..0) = 0, so 1)."""
    magnitude = _ceiling(ctx.divide(sa.func.abs(value) - offset, 2)) * 2 + offset
    return sa.case((value < 0, -magnitude), else_=magnitude)


class EVEN(NumericFunction):
    name = "EVEN"
    description = "The value rounded away from zero to an even integer"
    syntax = "EVEN(value)"

    @classmethod
    def sql(cls, ctx, args):
        return _away_from_zero(ctx, ctx.number(args[0]), 0)


class ODD(NumericFunction):
    name = "ODD"
    description = "The value rounded away from zero to an odd integer"
    syntax = "ODD(value)"

    @classmethod
    def sql(cls, ctx, args):
        return _away_from_zero(ctx, ctx.number(args[0]), 1)


class _Places(NumericFunction):
    """Functions of a value and an optional number of decimal places (0 by default)."""

    max_args = 2

    @classmethod
    def places(cls, ctx, args):
        return ctx.number(args[1]) if len(args) > 1 else sa.literal(0)

    @classmethod
    def scale(cls, ctx, args):
        return sa.func.power(ctx.to_float(sa.literal(10)), cls.places(ctx, args))


class ROUND(_Places):
    name = "ROUND"
    description = "The value rounded to a number of decimal places (halves away from zero)"
    syntax = "ROUND(value, [places])"

    @classmethod
    def sql(cls, ctx, args):
        value, places = ctx.number(args[0]), cls.places(ctx, args)
        if ctx.dialect in ("postgresql", "mysql"):  # exact: no binary halves, no round-half-even
            value = sa.cast(value, sa.Numeric(38, 10))
            places = sa.cast(places, sa.Integer) if ctx.dialect == "postgresql" else places
        return sa.func.round(value, places)


class ROUNDDOWN(_Places):
    name = "ROUNDDOWN"
    description = "The value rounded toward zero to a number of decimal places"
    syntax = "ROUNDDOWN(value, [places])"

    @classmethod
    def sql(cls, ctx, args):
        scale = cls.scale(ctx, args)
        return ctx.divide(ctx.truncate(ctx.number(args[0]) * scale), scale)


class ROUNDUP(_Places):
    name = "ROUNDUP"
    description = "The value rounded away from zero to a number of decimal places"
    syntax = "ROUNDUP(value, [places])"

    @classmethod
    def sql(cls, ctx, args):
        value, scale = ctx.number(args[0]), cls.scale(ctx, args)
        magnitude = ctx.divide(_ceiling(sa.func.abs(value) * scale), scale)
        return sa.case((value < 0, -magnitude), else_=magnitude)

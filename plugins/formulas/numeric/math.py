"""Arithmetic functions: ABS, EXP, LOG, MOD, POWER, SQRT, VALUE.

Where PostgreSQL or MariaDB would fail the whole query (a logarithm of 0, an overflow, a
root of a negative number), the result is blank instead.
"""

import sqlalchemy as sa

from workbench.plugin_api import TEXT, DataType

from .base import NumericFunction


class ABS(NumericFunction):
    name = "ABS"
    description = "The absolute value of a number"
    syntax = "ABS(value)"

    @classmethod
    def sql(cls, ctx, args):
        return sa.func.abs(ctx.number(args[0]))


class EXP(NumericFunction):
    name = "EXP"
    description = "e raised to the power of a number"
    syntax = "EXP(power)"

    @classmethod
    def sql(cls, ctx, args):
        power = ctx.number(args[0])
        return sa.case((power < MAX_EXPONENT, sa.func.exp(ctx.to_float(power))))


#: e ** 709 is about the largest double
MAX_EXPONENT = 709


def _ln(ctx, expr):
    """Natural logarithm, NULL where it is not defined (PostgreSQL would fail)."""
    name = "log" if ctx.dialect == "mssql" else "ln"
    return sa.case((expr > 0, getattr(sa.func, name)(ctx.to_float(expr))))


class LOG(NumericFunction):
    name = "LOG"
    description = "The logarithm of a number; natural when no base is given"
    syntax = "LOG([base], value)"
    max_args = 2

    @classmethod
    def sql(cls, ctx, args):
        if len(args) == 1:
            return _ln(ctx, ctx.number(args[0]))
        return ctx.divide(_ln(ctx, ctx.number(args[1])), _ln(ctx, ctx.number(args[0])))


class MOD(NumericFunction):
    name = "MOD"
    description = "The remainder of a division, with the sign of the dividend"
    syntax = "MOD(value, divisor)"
    min_args = max_args = 2

    @classmethod
    def sql(cls, ctx, args):
        value, divisor = ctx.number(args[0]), ctx.number(args[1])
        return value - divisor * ctx.truncate(ctx.divide(value, divisor))


class POWER(NumericFunction):
    name = "POWER"
    description = "A number raised to a power"
    syntax = "POWER(base, exponent)"
    min_args = max_args = 2

    @classmethod
    def sql(cls, ctx, args):
        base, exponent = ctx.number(args[0]), ctx.number(args[1])
        undefined = sa.or_(
            sa.and_(base == 0, exponent < 0),
            sa.and_(base < 0, exponent != sa.func.floor(exponent)),
            sa.and_(base != 0, exponent * _ln(ctx, sa.func.abs(base)) > MAX_EXPONENT),
        )
        return sa.case((sa.not_(undefined), sa.func.power(ctx.to_float(base), exponent)))


class SQRT(NumericFunction):
    name = "SQRT"
    description = "The square root of a number (blank for a negative one)"
    syntax = "SQRT(value)"

    @classmethod
    def sql(cls, ctx, args):
        value = ctx.number(args[0])
        return sa.case((value >= 0, sa.func.sqrt(ctx.to_float(value))))


NUMBER_PATTERN = r"-?[0-9]+\.?[0-9]*"


class VALUE(NumericFunction):
    name = "VALUE"
    description = "The first number in a text ('$1,200.50' is 1200.5); blank if there is none"
    syntax = "VALUE(text)"
    arg_types = (TEXT,)

    @classmethod
    def sql(cls, ctx, args):
        value = args[0]
        if value.dt in (DataType.NUMERIC, DataType.BOOLEAN):
            return ctx.number(value)
        text = sa.func.replace(ctx.text(value), ",", "")
        if ctx.dialect == "mssql":
            return sa.try_cast(text, sa.Float)
        return ctx.to_float(ctx.regex_search(text, ctx.text_literal(NUMBER_PATTERN)))

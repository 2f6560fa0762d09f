"""Parts of a date: DAY, MONTH, YEAR, HOUR, WEEKDAY, WEEKNUM; and NOW."""

import sqlalchemy as sa

from workbench.plugin_api import DATE, LITERAL_TEXT, DataType, FormulaFunction, formula_now, literal_text


class NOW(FormulaFunction):
    name = "NOW"
    description = "The current date and time (UTC)"
    syntax = "NOW()"
    min_args = max_args = 0
    returns = DataType.DATETIME

    @classmethod
    def sql(cls, ctx, args):
        return formula_now(ctx.dialect)


class _Part(FormulaFunction):
    arg_types = (DATE,)
    returns = DataType.NUMERIC
    part: str

    @classmethod
    def sql(cls, ctx, args):
        return sa.cast(sa.extract(cls.part, ctx.datetime(args[0])), sa.Integer)


class DAY(_Part):
    name = "DAY"
    description = "The day of the month (1-31)"
    syntax = "DAY(date)"
    part = "day"


class MONTH(_Part):
    name = "MONTH"
    description = "The month (1-12)"
    syntax = "MONTH(date)"
    part = "month"


class YEAR(_Part):
    name = "YEAR"
    description = "The year"
    syntax = "YEAR(date)"
    part = "year"


class HOUR(_Part):
    name = "HOUR"
    description = "The hour (0-23)"
    syntax = "HOUR(datetime)"
    part = "hour"


_WEEK = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DAYS = {spelling: index for index, day in enumerate(_WEEK) for spelling in (day, day[:3])}


class WEEKDAY(FormulaFunction):
    name = "WEEKDAY"
    description = "The day of the week, 0 to 6, counted from Monday or from a given day"
    syntax = 'WEEKDAY(date, ["sunday"])'
    max_args = 2
    arg_types = (DATE, LITERAL_TEXT)
    returns = DataType.NUMERIC

    @classmethod
    def validate(cls, call):
        if len(call["args"]) > 1:
            literal_text(call["args"][1], cls.name, "first day of the week", DAYS)

    @classmethod
    def sql(cls, ctx, args):
        return weekday(ctx, ctx.datetime(args[0]), _start(args))


def _start(args) -> int:
    """The first day of the week a call names (its second argument), Monday if none."""
    return DAYS[args[1].node["value"].strip().lower()] if len(args) > 1 else 0


def weekday(ctx, day, start: int = 0):
    """The day of the week of ``day``, 0 to 6, counted from ``start`` (0 is Monday)."""
    monday_first = {
        "sqlite": lambda: (sa.cast(sa.func.strftime("%w", day), sa.Integer) + 6) % 7,
        "postgresql": lambda: sa.cast(sa.extract("isodow", day), sa.Integer) - 1,
        "mysql": lambda: sa.func.weekday(day, type_=sa.Integer),
        "mssql": lambda: (
            (sa.func.datepart(sa.literal_column("weekday"), day) + sa.literal_column("@@DATEFIRST") + 5) % 7
        ),
    }[ctx.dialect]()
    return monday_first if start == 0 else (monday_first + (7 - start)) % 7


def day_of_year(ctx, day):
    """1 for the 1st of January, up to 366."""
    return {
        "sqlite": lambda: sa.cast(sa.func.strftime("%j", day), sa.Integer),
        "postgresql": lambda: sa.cast(sa.extract("doy", day), sa.Integer),
        "mysql": lambda: sa.func.dayofyear(day, type_=sa.Integer),
        "mssql": lambda: sa.func.datepart(sa.literal_column("dayofyear"), day, type_=sa.Integer),
    }[ctx.dialect]()


class WEEKNUM(FormulaFunction):
    name = "WEEKNUM"
    description = "The week of the year, 1 to 54: week 1 holds the 1st of January, weeks start on Monday or a given day"
    syntax = 'WEEKNUM(date, ["sunday"])'
    max_args = 2
    arg_types = (DATE, LITERAL_TEXT)
    returns = DataType.NUMERIC

    @classmethod
    def validate(cls, call):
        if len(call["args"]) > 1:
            literal_text(call["args"][1], cls.name, "first day of the week", DAYS)

    @classmethod
    def sql(cls, ctx, args):
        day = ctx.datetime(args[0])
        before = day_of_year(ctx, day) - 1  # days of the year before this one
        # the weekday of the 1st of January, counted from the week's first day
        first = (weekday(ctx, day, _start(args)) - before % 7 + 7) % 7
        return ctx.int_div(before + first, 7) + 1

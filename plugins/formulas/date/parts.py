"""Parts of a date: DAY, MONTH, YEAR, HOUR, WEEKDAY; and NOW."""

import sqlalchemy as sa

from workbench.formulas import DataType, FormulaFunction, literal_text
from workbench.formulas.dates import now
from workbench.formulas.types import DATE, LITERAL_TEXT


class NOW(FormulaFunction):
    name = "NOW"
    description = "The current date and time (UTC)"
    syntax = "NOW()"
    min_args = max_args = 0
    returns = DataType.DATETIME

    @classmethod
    def sql(cls, ctx, args):
        return now(ctx.dialect)


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
        day = ctx.datetime(args[0])
        monday_first = {
            "sqlite": lambda: (sa.cast(sa.func.strftime("%w", day), sa.Integer) + 6) % 7,
            "postgresql": lambda: sa.cast(sa.extract("isodow", day), sa.Integer) - 1,
            "mysql": lambda: sa.func.weekday(day, type_=sa.Integer),
            "mssql": lambda: (
                (sa.func.datepart(sa.literal_column("weekday"), day) + sa.literal_column("@@DATEFIRST") + 5) % 7
            ),
        }[ctx.dialect]()
        if len(args) == 1:
            return monday_first
        start = DAYS[args[1].node["value"].strip().lower()]
        return (monday_first + (7 - start)) % 7

"""Date arithmetic: DATEADD and DATETIME_DIFF."""

import sqlalchemy as sa

from workbench.plugin_api import DATE, LITERAL_TEXT, NUMBER, DataType, FormulaFunction, as_date, literal_text

_PLURALS = ("second", "minute", "hour", "day", "week", "month", "year")
ADD_UNITS = {spelling: unit for unit in _PLURALS for spelling in (unit, unit + "s")}
_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}
_MONTHS = {"month": 1, "year": 12}


def _is_date_text(node):
    return node["kind"] == "string" and len(node["value"].strip()) == 10


class DATEADD(FormulaFunction):
    name = "DATEADD"
    description = "A date moved by a number of units (second, minute, hour, day, week, month, year)"
    syntax = 'DATEADD(date, count, "day")'
    min_args = max_args = 3
    arg_types = (DATE, NUMBER, LITERAL_TEXT)

    @classmethod
    def validate(cls, call):
        literal_text(call["args"][2], cls.name, "unit", ADD_UNITS)

    @classmethod
    def return_type(cls, args):
        unit = ADD_UNITS[args[2]["value"].strip().lower()]
        whole_days = unit not in ("second", "minute", "hour")
        if whole_days and (args[0]["dt"] == DataType.DATE or _is_date_text(args[0])):
            return DataType.DATE
        return DataType.DATETIME

    @classmethod
    def sql(cls, ctx, args):
        unit = ADD_UNITS[args[2].node["value"].strip().lower()]
        count = sa.cast(ctx.number(args[1]), sa.Integer)
        to_date = cls.return_type([arg.node for arg in args]) is DataType.DATE
        value = ctx.datetime(args[0])
        if unit == "week":
            unit, count = "day", count * 7
        if ctx.dialect == "sqlite":
            moved = _sqlite_add(value, count, unit)
        elif ctx.dialect == "postgresql":
            moved = value + count * sa.literal_column(f"INTERVAL '1 {unit}'", sa.Interval)
        else:  # TIMESTAMPADD(unit, n, t) on MySQL, DATEADD(unit, n, t) on MSSQL: month ends are clamped
            name = "timestampadd" if ctx.dialect == "mysql" else "dateadd"
            moved = getattr(sa.func, name)(sa.literal_column(unit.upper()), count, value, type_=sa.DateTime)
        return as_date(ctx.dialect, moved) if to_date else moved


def _sqlite_add(value, count, unit):
    """SQLite moves 31 January by a month to 2 March: clamp to the month's last day as
    PostgreSQL and MariaDB do."""
    if unit not in _MONTHS:
        return sa.func.datetime(value, sa.func.printf("%d seconds", count * _SECONDS[unit]))
    months = count * _MONTHS[unit]
    first = sa.func.date(value, "start of month", sa.func.printf("%d months", months))
    last = sa.func.date(first, "+1 months", "-1 days")
    day = sa.func.date(first, sa.func.printf("%d days", sa.cast(sa.func.strftime("%d", value), sa.Integer) - 1))
    return sa.func.min(day, last).concat(" ").concat(sa.func.time(value))


DIFF_UNITS = {
    **dict.fromkeys(("milliseconds", "millisecond", "ms"), "millisecond"),
    **dict.fromkeys(("seconds", "second", "s"), "second"),
    **dict.fromkeys(("minutes", "minute", "m"), "minute"),
    **dict.fromkeys(("hours", "hour", "h"), "hour"),
    **dict.fromkeys(("days", "day", "d"), "day"),
    **dict.fromkeys(("weeks", "week", "w"), "week"),
    **dict.fromkeys(("months", "month", "M"), "month"),
    **dict.fromkeys(("quarters", "quarter", "Q"), "quarter"),
    **dict.fromkeys(("years", "year", "y"), "year"),
}
_MILLISECONDS = {"millisecond": 1} | {unit: seconds * 1000 for unit, seconds in _SECONDS.items()}
_CALENDAR = {"month": 1, "quarter": 3, "year": 12}


class DATETIME_DIFF(FormulaFunction):
    name = "DATETIME_DIFF"
    description = "date1 - date2 in whole units (ms, seconds, minutes, hours, days, weeks, months, quarters, years)"
    syntax = 'DATETIME_DIFF(date1, date2, ["seconds"])'
    min_args = 2
    max_args = 3
    arg_types = (DATE, DATE, LITERAL_TEXT)
    returns = DataType.NUMERIC

    @classmethod
    def validate(cls, call):
        if len(call["args"]) > 2:
            literal_text(call["args"][2], cls.name, "unit", DIFF_UNITS)

    @classmethod
    def unit(cls, args):
        if len(args) < 3:
            return "second"
        raw = args[2].node["value"].strip()
        return DIFF_UNITS.get(raw) or DIFF_UNITS[raw.lower()]

    @classmethod
    def sql(cls, ctx, args):
        unit = cls.unit(args)
        later, earlier = ctx.datetime(args[0]), ctx.datetime(args[1])
        if unit in _CALENDAR:
            return ctx.int_div(_months(later, earlier), _CALENDAR[unit])
        return ctx.int_div(_milliseconds(ctx, later, earlier), _MILLISECONDS[unit])


def _milliseconds(ctx, later, earlier):
    if ctx.dialect == "sqlite":
        days = sa.func.julianday(later) - sa.func.julianday(earlier)
        return sa.cast(sa.func.round(days * 86400000), sa.Integer)
    if ctx.dialect == "postgresql":
        seconds = sa.extract("epoch", later - earlier)
        return sa.cast(sa.func.round(seconds * 1000), sa.BigInteger)
    if ctx.dialect == "mysql":
        return ctx.int_div(sa.func.timestampdiff(sa.literal_column("MICROSECOND"), earlier, later), 1000)
    return sa.func.datediff_big(sa.literal_column("millisecond"), earlier, later)


def _months(later, earlier):
    """Whole calendar months from ``earlier`` to ``later``: a month counts once its day
    and time of day are reached (as MariaDB's TIMESTAMPDIFF counts)."""

    def month_number(t):
        return sa.extract("year", t) * 12 + sa.extract("month", t)

    def rest_of_month(t):
        return (
            sa.extract("day", t) * 86400
            + sa.extract("hour", t) * 3600
            + sa.extract("minute", t) * 60
            + sa.extract("second", t)
        )

    months = sa.cast(month_number(later) - month_number(earlier), sa.Integer)
    return sa.case(
        (sa.and_(months > 0, rest_of_month(later) < rest_of_month(earlier)), months - 1),
        (sa.and_(months < 0, rest_of_month(later) > rest_of_month(earlier)), months + 1),
        else_=months,
    )

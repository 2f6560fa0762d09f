"""Date filter sub-operators: ``(Due,eq,today)``, ``(Due,lt,daysAgo,3)``,
``(Due,isWithin,pastWeek)``, ``(Due,eq,exactDate,2024-02-02)``. Days are UTC days."""

from __future__ import annotations

import datetime as dt

from workbench.plugin_api import FieldValueError

from .parsing import parse_date

RELATIVE = {
    "today": 0,
    "tomorrow": 1,
    "yesterday": -1,
    "oneWeekAgo": -7,
    "oneWeekFromNow": 7,
}
WITH_NUMBER = {"daysAgo": -1, "daysFromNow": 1}
MONTHS = {"oneMonthAgo": -1, "oneMonthFromNow": 1}
WITHIN = {
    "pastWeek",
    "pastMonth",
    "pastYear",
    "nextWeek",
    "nextMonth",
    "nextYear",
    "pastNumberOfDays",
    "nextNumberOfDays",
}


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def add_months(day: dt.date, months: int) -> dt.date:
    month_index = day.month - 1 + months
    year, month = day.year + month_index // 12, month_index % 12 + 1
    for candidate in (day.day, 30, 29, 28):
        try:
            return dt.date(year, month, min(day.day, candidate))
        except ValueError:
            continue
    raise AssertionError("unreachable")


def _number(args: list[str], sub_op: str) -> int:
    if len(args) < 2 or not args[1].strip().lstrip("-").isdigit():
        raise FieldValueError(f"{sub_op} needs a number of days")
    return int(args[1].strip())


def resolve_day(args: list[str]) -> dt.date:
    """The day named by a comparison's arguments (a sub-operator or a plain date)."""
    if not args or not args[0].strip():
        raise FieldValueError("a date or a date sub-operator is required")
    sub_op = args[0].strip()
    base = today()
    if sub_op in RELATIVE:
        return base + dt.timedelta(days=RELATIVE[sub_op])
    if sub_op in WITH_NUMBER:
        return base + dt.timedelta(days=WITH_NUMBER[sub_op] * _number(args, sub_op))
    if sub_op in MONTHS:
        return add_months(base, MONTHS[sub_op])
    if sub_op == "exactDate":
        if len(args) < 2:
            raise FieldValueError("exactDate needs a date")
        return parse_date(",".join(args[1:]))
    return parse_date(",".join(args))


def resolve_range(args: list[str]) -> tuple[dt.date, dt.date]:
    """``isWithin``: the first and last day (inclusive) of the range."""
    sub_op = args[0].strip() if args else ""
    base = today()
    if sub_op not in WITHIN:
        raise FieldValueError(f"isWithin needs one of {', '.join(sorted(WITHIN))}")
    if sub_op == "pastWeek":
        return base - dt.timedelta(days=7), base
    if sub_op == "nextWeek":
        return base, base + dt.timedelta(days=7)
    if sub_op == "pastMonth":
        return add_months(base, -1), base
    if sub_op == "nextMonth":
        return base, add_months(base, 1)
    if sub_op == "pastYear":
        return add_months(base, -12), base
    if sub_op == "nextYear":
        return base, add_months(base, 12)
    days = _number(args, sub_op)
    if sub_op == "pastNumberOfDays":
        return base - dt.timedelta(days=days), base
    return base, base + dt.timedelta(days=days)

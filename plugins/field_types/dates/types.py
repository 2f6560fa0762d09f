"""Date, DateTime and Time store native types (DateTime as naive UTC); CreateTime and
LastModifiedTime are the system timestamps the engine sets on insert and update."""

from __future__ import annotations

import contextlib
import datetime as dt
import operator
from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import (
    DATE_AGGREGATIONS,
    FieldType,
    FieldValueError,
    TypedColumn,
    all_of_types,
    blank,
    iso_seconds,
    kinds_of,
    typed,
    utcnow,
)
from workbench.plugin_api import operators as ops

from .parsing import parse_date, parse_datetime, parse_time
from .subops import resolve_day, resolve_range

#: display options kept in the column's ``meta`` (the server stores them as given)
DATE_FORMAT = {
    "type": "string",
    "examples": ["YYYY-MM-DD", "DD/MM/YYYY", "MM/DD/YYYY", "DD.MM.YYYY", "DD MMM YYYY", "D. MMMM YYYY"],
    "title": "setting.date_format",
}
TIME_FORMAT = {"type": "string", "examples": ["HH:mm", "HH:mm:ss", "hh:mm A"], "title": "setting.time_format"}
TWELVE_HOURS = {"type": "boolean", "title": "setting.is12hrFormat"}


def _meta(properties: dict) -> dict:
    return {"type": "object", "properties": {"meta": {"type": "object", "properties": properties}}}


class Date(FieldType):
    name = "Date"
    formula_type = "date"
    import_detects = "date"
    import_converts = "date"
    value_schema: ClassVar[dict] = {"type": "string", "format": "date"}
    icon = "calendar"
    group = "date"
    order = 200
    native_types = ("date",)
    export_as = "date"
    settings_schema = _meta({"date_format": DATE_FORMAT})
    examples = (
        ("2024-02-29", "2024-02-29"),
        ("2024/02/29", "2024-02-29"),
        ("29-02-2024", "2024-02-29"),
        ("2024-02-29T10:00:00Z", "2024-02-29"),
        (None, None),
    )
    invalid_examples = ("someday", "2024-02-30")
    operators = ops.DATE
    aggregations = DATE_AGGREGATIONS
    dt = "date"

    def sql_type(self, dialect):
        return sa.Date()

    def to_db(self, value):
        return None if blank(value) else parse_date(value)

    def to_db_many(self, values):
        if type(self).to_db is not Date.to_db:
            return FieldType.to_db_many(self, values)
        if all_of_types(values, dt.date, type(None)):
            # as to_db gives them (a marked column as it is: it is not changed)
            return values if type(values) is TypedColumn else typed(values, *kinds_of(values))
        out = []
        append = out.append
        from_text = dt.date.fromisoformat
        for value in values:
            if type(value) is dt.date:
                append(value)
                continue
            if type(value) is str and len(value) == 10 and value[4] == "-":
                try:
                    append(from_text(value))  # "YYYY-MM-DD", as parse_date reads it first
                    continue
                except ValueError:
                    pass
            append(self.to_db(value))
        return out

    def to_api(self, value):
        return None if value is None else value.isoformat()

    def filter_value(self, text):
        return parse_date(text)

    # Bounds of one day, as values of this column's type.
    def _day_bounds(self, day: dt.date):
        return day, day + dt.timedelta(days=1)

    def filter_clause(self, op, expr, args):
        if op == "isWithin":
            first, last = resolve_range(args)
            low, _ = self._day_bounds(first)
            _, high = self._day_bounds(last)
            return sa.and_(expr >= low, expr < high)
        if op not in ("eq", "neq", "gt", "ge", "lt", "le"):
            return NotImplemented
        low, high = self._day_bounds(resolve_day(args))
        if op == "eq":
            return sa.and_(expr >= low, expr < high)
        if op == "neq":
            return sa.or_(expr < low, expr >= high, expr.is_(None))
        return {"gt": expr >= high, "ge": expr >= low, "lt": expr < low, "le": expr < high}[op]


class DateTime(Date):
    name = "DateTime"
    formula_type = "datetime"
    import_detects = "datetime"
    import_converts = "datetime"
    value_schema: ClassVar[dict] = {"type": "string", "description": "YYYY-MM-DD HH:MM:SS+00:00"}
    icon = "timeline-events"
    order = 210
    native_types = ("datetime", "timestamp", "timestamp without time zone", "timestamp with time zone", "timestamptz")
    export_as = "datetime"
    settings_schema = _meta({"date_format": DATE_FORMAT, "time_format": TIME_FORMAT, "is12hrFormat": TWELVE_HOURS})
    examples = (
        ("2024-02-29T10:11:12Z", "2024-02-29 10:11:12+00:00"),
        ("2024-02-29 12:11:12+02:00", "2024-02-29 10:11:12+00:00"),
        ("2024-02-29 10:11", "2024-02-29 10:11:00+00:00"),
        ("2024-02-29 10:11:12", "2024-02-29 10:11:12+00:00"),
        ("2024-02-29T10:11:12", "2024-02-29 10:11:12+00:00"),
        ("2024-02-29T10:11+01", "2024-02-29 09:11:00+00:00"),
    )
    invalid_examples = ("x", "2024-13-01 10:00", "2024-02-30 10:11:12")
    dt = "timestamp"

    def sql_type(self, dialect):
        return sa.DateTime()

    def to_db(self, value):
        if type(value) is str and len(value) == 19 and value[10] in " T":
            # "YYYY-MM-DD HH:MM:SS", the common form, at once ("...T10:20+01" has an offset:
            # parse_datetime converts it)
            with contextlib.suppress(ValueError):
                moment = dt.datetime.fromisoformat(value)
                if moment.tzinfo is None and not moment.microsecond:
                    return moment
        return None if blank(value) else parse_datetime(value).replace(microsecond=0)

    def to_db_many(self, values):
        if type(self).to_db is not DateTime.to_db:
            return FieldType.to_db_many(self, values)
        moments = _naive_seconds(values)
        if moments is not None:
            return moments
        out = []
        append = out.append
        from_text = dt.datetime.fromisoformat
        for value in values:
            if type(value) is str and len(value) == 19 and value[10] in " T":
                try:
                    moment = from_text(value)
                except ValueError:
                    moment = None
                if moment is not None and moment.tzinfo is None and not moment.microsecond:
                    append(moment)
                    continue
            append(self.to_db(value))
        return out

    def to_api(self, value):
        # isoformat's timespec drops the microseconds at half the cost of replace()
        return None if value is None else value.isoformat(" ", "seconds") + "+00:00"

    def _day_bounds(self, day):
        start = dt.datetime.combine(day, dt.time())
        return start, start + dt.timedelta(days=1)


class Time(FieldType):
    name = "Time"
    value_schema: ClassVar[dict] = {"type": "string", "description": "HH:MM:SS"}
    icon = "time"
    group = "date"
    order = 220
    native_types = ("time", "time without time zone")
    settings_schema = _meta({"is12hrFormat": TWELVE_HOURS})
    examples = (("10:30", "10:30:00"), ("23:59:59", "23:59:59"), ("07:05 PM", "19:05:00"), (None, None))
    invalid_examples = ("25:00", 5)
    operators = ops.TIME
    dt = "time"

    def sql_type(self, dialect):
        return sa.Time()

    def to_db(self, value):
        if blank(value):
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            raise FieldValueError(f"{value!r} is not a time")
        return parse_time(value).replace(microsecond=0)

    def to_api(self, value):
        if value is None:
            return None
        if isinstance(value, dt.timedelta):  # some drivers return TIME as a duration
            value = (dt.datetime.min + value).time()
        return value.isoformat("seconds")


class CreateTime(DateTime):
    name = "CreateTime"
    system_role = "created_at"
    import_detects = None
    import_converts = None
    icon = "history"
    order = 230
    creatable = False
    native_types = ()
    read_only = True

    def insert_value(self):
        return utcnow().replace(microsecond=0)

    def update_value(self):
        return None


class CreatedTime(CreateTime):
    name = "CreatedTime"
    alias = True
    order = 231


class LastModifiedTime(DateTime):
    name = "LastModifiedTime"
    system_role = "updated_at"
    import_detects = None
    import_converts = None
    icon = "edit"
    order = 240
    creatable = False
    native_types = ()
    read_only = True

    def insert_value(self):
        return utcnow().replace(microsecond=0)

    def update_value(self):
        return utcnow().replace(microsecond=0)


_SEPARATORS = {" ", "T"}
_TENTH = operator.itemgetter(10)
_ZONE = operator.attrgetter("tzinfo")
_MICROSECOND = operator.attrgetter("microsecond")


def _naive_seconds(values) -> list | None:
    """A column of texts "YYYY-MM-DD HH:MM:SS" (or with a "T") as naive datetimes, by
    builtins (as ``DateTime.to_db_many`` reads each of them); None for any other column."""
    if not values or not all_of_types(values, str):
        return None
    if iso_seconds(values):
        # texts of exactly "YYYY-MM-DD HH:MM:SS" (no zone, no fraction) are the moments' own
        # (isoformat(" "))
        try:
            return typed(map(dt.datetime.fromisoformat, values), dt.datetime, texts=values)
        except ValueError:
            return None
    if set(map(len, values)) != {19} or not set(map(_TENTH, values)) <= _SEPARATORS:
        return None
    try:
        moments = list(map(dt.datetime.fromisoformat, values))
    except ValueError:
        return None
    if any(map(_ZONE, moments)) or any(map(_MICROSECOND, moments)):
        return None
    return typed(moments, dt.datetime)

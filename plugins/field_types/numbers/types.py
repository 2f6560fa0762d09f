"""Numbers: integers (Number, Rating, Year) and real numbers (Decimal, Currency, Percent,
Duration). Decimal and Currency are exact NUMERIC columns; display options (precision,
locale, currency code, duration format) live in the column's ``meta``."""

from __future__ import annotations

import re
from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import (
    NUMERIC_AGGREGATIONS,
    FieldType,
    FieldValueError,
    to_float,
    to_float_many,
    to_int,
    to_int_many,
)
from workbench.plugin_api import operators as ops

CURRENCY_CODE_RE = re.compile(r"^[A-Z]{3}$")
LOCALE_RE = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")
#: display formats of Duration (``meta.duration`` is an index into this list or a format)
DURATION_FORMATS = ("h:mm", "h:mm:ss", "h:mm:ss.s", "h:mm:ss.ss", "h:mm:ss.sss")
DURATION_RE = re.compile(r"^(-)?(\d+):([0-5]?\d)(?::([0-5]?\d(?:\.\d+)?))?$")
PRECISION = {"type": "integer", "minimum": 0, "maximum": 8, "title": "setting.precision"}


def _meta(properties: dict) -> dict:
    """The settings schema of display options kept in the column's ``meta``."""
    return {"type": "object", "properties": {"meta": {"type": "object", "properties": properties}}}


class Number(FieldType):
    name = "Number"
    formula_type = "numeric"
    import_detects = "integer"
    import_converts = "number"
    value_schema: ClassVar[dict] = {"type": "integer"}
    icon = "numerical"
    group = "number"
    order = 100
    native_types = ("integer", "int", "bigint", "smallint", "mediumint", "int2", "int4", "int8")
    export_as = "number"
    examples = ((42, 42), ("-7", -7), (3.0, 3), ("1,000", 1000), (2**53 - 1, 2**53 - 1), (None, None))
    invalid_examples = ("x", 1.5, True, 2**60)
    operators = ops.NUMERIC
    search = "eq"
    aggregations = NUMERIC_AGGREGATIONS
    dt = "bigint"

    def sql_type(self, dialect):
        return sa.BigInteger()

    def to_db(self, value):
        return to_int(value)

    def to_db_many(self, values):
        if type(self).to_db is not Number.to_db:  # a type of its own conversion
            return FieldType.to_db_many(self, values)
        return to_int_many(values)


class Decimal(Number):
    name = "Decimal"
    import_detects = "decimal"
    value_schema: ClassVar[dict] = {"type": "number"}
    icon = "floating-point"
    order = 110
    native_types = ("decimal", "numeric", "real", "double", "double precision", "float", "float4", "float8")
    settings_schema = _meta({"precision": PRECISION})
    examples = ((1.5, 1.5), ("2.25", 2.25), (-0.125, -0.125), (123456789.5, 123456789.5))
    invalid_examples = ("abc", float("nan"), True)
    dt = "decimal"

    def sql_type(self, dialect):
        return sa.Numeric(38, 10, asdecimal=False)

    def to_db(self, value):
        number = to_float(value)
        precision = self.meta.get("precision")
        if number is not None and isinstance(precision, int) and 0 <= precision <= 8:
            number = round(number, precision)
        return number

    def to_db_many(self, values):
        if type(self).to_db is not Decimal.to_db:
            return FieldType.to_db_many(self, values)
        numbers = to_float_many(values)
        precision = self.meta.get("precision")
        if isinstance(precision, int) and 0 <= precision <= 8:
            numbers = [None if number is None else round(number, precision) for number in numbers]
        return numbers

    def to_api(self, value):
        return None if value is None else float(value)

    def check_meta(self, meta):
        precision = meta.get("precision")
        if precision is not None and (
            not isinstance(precision, int) or isinstance(precision, bool) or not 0 <= precision <= 8
        ):
            raise FieldValueError("precision must be a whole number from 0 to 8")
        return meta


class Currency(Decimal):
    name = "Currency"
    import_detects = "currency"
    icon = "dollar"
    order = 120
    native_types = ("money",)
    settings_schema = _meta(
        {
            "precision": PRECISION,
            "currency_locale": {
                "type": "string",
                "pattern": LOCALE_RE.pattern,
                "default": "en-US",
                "title": "setting.currency_locale",
            },
            "currency_code": {
                "type": "string",
                "pattern": CURRENCY_CODE_RE.pattern,
                "default": "USD",
                "title": "setting.currency_code",
            },
        }
    )
    examples = (("$3.50", 3.5), (10, 10.0))

    def to_db(self, value):
        if isinstance(value, str):
            value = value.strip().lstrip("$€£¥").strip()
        return super().to_db(value)

    def check_meta(self, meta):
        meta = super().check_meta(meta)
        code = meta.get("currency_code")
        if code is not None and not (isinstance(code, str) and CURRENCY_CODE_RE.match(code)):
            raise FieldValueError("currency_code must be an ISO 4217 code such as USD or EUR")
        locale = meta.get("currency_locale")
        if locale is not None and not (isinstance(locale, str) and LOCALE_RE.match(locale)):
            raise FieldValueError("currency_locale must be a locale such as en-US or de-DE")
        return meta


class Percent(Number):
    name = "Percent"
    import_detects = None
    value_schema: ClassVar[dict] = {"type": "number"}
    icon = "percentage"
    order = 130
    native_types = ()
    examples = (("50%", 50.0), (12.5, 12.5))
    invalid_examples = ("half",)
    dt = "double"

    def sql_type(self, dialect):
        return sa.Float()

    def to_db(self, value):
        if isinstance(value, str) and value.strip().endswith("%"):
            value = value.strip()[:-1]
        return to_float(value)


class Duration(Percent):
    """Seconds; accepts a number of seconds or ``h:mm``, ``h:mm:ss``, ``h:mm:ss.s``."""

    name = "Duration"
    value_schema: ClassVar[dict] = {"type": "number", "description": "seconds"}
    icon = "stopwatch"
    order = 140
    settings_schema = _meta(
        {
            "duration": {
                "anyOf": [
                    {"type": "string", "enum": list(DURATION_FORMATS)},
                    {"type": "integer", "minimum": 0, "maximum": len(DURATION_FORMATS) - 1},
                ],
                "default": DURATION_FORMATS[0],
                "title": "setting.duration",
            }
        }
    )
    examples = (("1:30", 5400.0), (90, 90.0), ("1:00:30.5", 3630.5))
    invalid_examples = ("1:99", "soon")
    dt = "decimal"

    def to_db(self, value):
        if isinstance(value, str) and ":" in value:
            match = DURATION_RE.match(value.strip())
            if not match:
                raise FieldValueError(f"{value!r} is not a duration (h:mm or h:mm:ss)")
            sign, hours, minutes, seconds = match.groups()
            total = int(hours) * 3600 + int(minutes) * 60 + float(seconds or 0)
            return -total if sign else total
        return to_float(value)

    def check_meta(self, meta):
        fmt = meta.get("duration")
        if fmt is not None and fmt not in DURATION_FORMATS and fmt not in range(len(DURATION_FORMATS)):
            raise FieldValueError(f"duration must be one of {', '.join(DURATION_FORMATS)} (or its index)")
        return meta


class Rating(Number):
    name = "Rating"
    import_detects = None
    icon = "star"
    order = 150
    native_types = ()
    settings_schema = _meta(
        {"max": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5, "title": "setting.max"}}
    )
    examples = ((3, 3), (0, 0), ("5", 5))
    invalid_examples = (6, -1, 2.5)
    example_column: ClassVar[dict] = {"meta": {"max": 5}}
    dt = "smallint"

    def sql_type(self, dialect):
        return sa.SmallInteger()

    def to_db(self, value):
        top = int(self.meta.get("max") or 5)
        return to_int(value, 0, top)

    def to_db_many(self, values):
        if type(self).to_db is not Rating.to_db:
            return FieldType.to_db_many(self, values)
        return to_int_many(values, 0, int(self.meta.get("max") or 5))

    def check_meta(self, meta):
        top = meta.get("max", 5)
        if not isinstance(top, int) or isinstance(top, bool) or not 1 <= top <= 10:
            raise FieldValueError("max must be a whole number from 1 to 10")
        return meta


class Year(Number):
    name = "Year"
    import_detects = None
    icon = "calendar"
    order = 160
    native_types = ("year",)
    examples = ((2024, 2024), ("1999", 1999))
    invalid_examples = (0, "abc", 10000)
    search = None
    dt = "int"

    def sql_type(self, dialect):
        return sa.Integer()

    def to_db(self, value):
        return to_int(value, 1, 9999)

"""A column of a file's values converted at once (``column_converter``) gives what each
value converted alone gives (``converter``), for columns of one common form (converted by
builtins) and for mixed ones (value by value), and refuses what a value alone refuses."""

from __future__ import annotations

import datetime as dt

import pytest

from workbench.imports.convert import column_converter, converter
from workbench.plugins import load_plugins

REGISTRY = {"field_types": load_plugins({}).registries["field_types"]}
ISO = {"date_format": "YYYY-MM-DD"}

COLUMNS = [
    ("SingleLineText", None, ["a", "b c", "ü"]),
    ("SingleLineText", None, ["a", " ", None, 7]),
    ("Number", None, ["7", "-3", "1e3", "0.5", "abc"]),
    ("Number", None, ["7", " 8 ", "1.5"]),
    ("Number", None, ["7", "1\u00a0000"]),
    ("Number", None, ["7", "$5", "1,000", None, 3]),
    ("Checkbox", None, ["true", "false", "yes", "0"]),
    ("Checkbox", None, ["true", " TRUE ", None, 1]),
    ("Date", ISO, ["2024-01-05", "2024-02-29"]),
    ("Date", ISO, ["2024-01-05", "2024/02/29", None, dt.date(2024, 1, 1)]),
    ("DateTime", ISO, ["2024-01-05 10:00:00", "2024-01-05T10:00:00"]),
    ("DateTime", ISO, ["2024-01-05 10:00:00", "", None]),
]


@pytest.mark.parametrize(("uidt", "meta", "values"), COLUMNS)
def test_a_column_is_converted_as_each_value_alone(uidt, meta, values):
    one = converter(REGISTRY, uidt, meta)
    many = column_converter(REGISTRY, uidt, meta)
    column = tuple(values * 20)  # a column of a batch's rows is a tuple
    converted = many(column)
    assert converted == [one(value) for value in column]
    assert [type(v) for v in converted] == [type(one(value)) for value in column]
    assert isinstance(converted, list)


@pytest.mark.parametrize(("uidt", "meta", "bad"), [("Checkbox", None, "maybe"), ("Date", ISO, "2024-02-30")])
def test_a_value_refused_alone_is_refused_in_a_column(uidt, meta, bad):
    many = column_converter(REGISTRY, uidt, meta)
    try:
        converter(REGISTRY, uidt, meta)(bad)
        alone = None
    except ValueError as exc:
        alone = str(exc)
    try:
        many(["2024-01-05" if uidt == "Date" else "true", bad])
        together = None
    except ValueError as exc:
        together = str(exc)
    assert together == alone

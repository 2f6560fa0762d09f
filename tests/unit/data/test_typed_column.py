"""Columns marked with their values' types and texts: the marks are only given where they
are true, and what reads them (SQLite's batch, COPY's text) gives what it gives unmarked
columns."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from workbench.data import sqlite_batch
from workbench.data.pg_copy_text import copy_chunks
from workbench.fields.coerce import all_of_types, to_int_many, to_text_many
from workbench.fields.typed_column import iso_dates, iso_seconds, kinds_of, plain_digits, texts_of, typed
from workbench.plugins import load_plugins

TYPES = load_plugins({}).registries["field_types"]


def test_the_forms_whose_texts_are_the_values_own():
    assert iso_dates(["2024-01-02", "1999-12-31"])
    for bad in ("2024-01-2x", "2024-01-022", "2024/01/02", "2024-W01-1", "2024-01-0\u0663", "20240102  "):
        assert not iso_dates(["2024-01-02", bad]), bad
    assert not iso_dates([])
    assert iso_seconds(["2024-01-02 03:04:05"])
    for bad in ("2024-01-02T03:04:05", "2024-W01-1 03:04:05", "2024-01-02 03:04:5 ", "2024-01-02 0304:05:"):
        assert not iso_seconds(["2024-01-02 03:04:05", bad]), bad
    assert plain_digits(["0", "10", "5"])
    assert plain_digits(("1", "0"))
    assert not plain_digits(["01", "2"])
    assert plain_digits(["0", "0", "7"])
    assert not plain_digits(["0", "01"])
    assert not plain_digits(["10", "00"])
    assert plain_digits([])


def test_a_mark_answers_for_the_types_of_a_column():
    column = typed(["a", "b"], str)
    assert column == ["a", "b"]
    assert kinds_of(column) == {str}
    assert all_of_types(column, str, type(None))
    assert not all_of_types(column, int)
    assert to_text_many(column) is column
    numbers = to_int_many(["12", "007"])
    assert numbers == [12, 7]
    assert kinds_of(numbers) == {int}
    assert texts_of(numbers, int) == ["12", "007"]
    assert texts_of(numbers, dt.date) is None
    assert texts_of([1], int) is None


def _field(uidt: str):
    return TYPES.get(uidt)(None)


def test_dates_and_datetimes_read_from_their_own_texts_keep_them():
    days = _field("Date").to_db_many(typed([dt.date(2024, 1, 2)], dt.date, texts=["2024-01-02"]))
    assert texts_of(days, dt.date) == ["2024-01-02"]
    moments = _field("DateTime").to_db_many(["2024-01-02 03:04:05", "2024-02-03 04:05:06"])
    assert moments == [dt.datetime(2024, 1, 2, 3, 4, 5), dt.datetime(2024, 2, 3, 4, 5, 6)]
    assert texts_of(moments, dt.datetime) == ["2024-01-02 03:04:05", "2024-02-03 04:05:06"]
    with_t = _field("DateTime").to_db_many(["2024-01-02T03:04:05"])
    assert with_t == [dt.datetime(2024, 1, 2, 3, 4, 5)]
    assert texts_of(with_t, dt.datetime) is None


@pytest.mark.parametrize(
    ("kind", "values", "texts"),
    [
        (dt.date, [dt.date(2024, 1, 2), dt.date(1999, 12, 31)], ["2024-01-02", "1999-12-31"]),
        (dt.datetime, [dt.datetime(2024, 1, 2, 3, 4, 5)], ["2024-01-02 03:04:05"]),
    ],
)
def test_sqlite_binds_a_marked_column_as_it_binds_an_unmarked_one(kind, values, texts):
    column = sa.Column("x", sa.Date if kind is dt.date else sa.DateTime)
    sa.Table("t", sa.MetaData(), column)
    process = sqlite_batch._processor(column, sa.create_engine("sqlite://").dialect)
    marked = list(sqlite_batch._converted(process, typed(values, kind, texts=texts)))
    assert marked == list(sqlite_batch._converted(process, list(values)))


def test_copy_text_of_marked_columns_is_the_texts_read():
    ints = to_int_many(["12", "0", "5"])
    leading = to_int_many(["012", "5"])
    days = typed([dt.date(2024, 1, 2)] * 3, dt.date, texts=["2024-01-02"] * 3)
    chunks = copy_chunks([(False, ints), (False, days)], 3)
    assert "".join(chunks) == "12\t2024-01-02\n0\t2024-01-02\n5\t2024-01-02\n"
    assert "".join(copy_chunks([(False, leading)], 2)) == "12\n5\n"  # not the texts read

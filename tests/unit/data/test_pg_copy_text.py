"""COPY's text format of a batch's columns: escapes, NULLs, values the same in every row,
and the columns left to psycopg (None)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from psycopg.adapt import PyFormat, Transformer

from workbench.data.pg_copy_text import column_text, copy_chunks, escaped


def _psycopg(value) -> str:
    """``value`` as psycopg's text dumpers write it (before COPY's escapes)."""
    return bytes(Transformer().get_dumper(value, PyFormat.TEXT).dump(value)).decode()


def test_text_that_would_end_a_value_or_a_row_is_escaped():
    assert escaped("plain") == "plain"
    assert escaped("a\tb\nc\rd\\e") == "a\\tb\\nc\\rd\\\\e"
    assert escaped("\b\v\f") == "\\b\\v\\f"
    # text that reads like NULL stays text: its backslash is doubled
    assert escaped("\\N") == "\\\\N"


def test_a_column_of_text_with_nulls_and_escapes():
    assert column_text(["a", None, "b"]) == ["a", "\\N", "b"]
    assert column_text(["x\ty", None, "", "\\N"]) == ["x\\ty", "\\N", "", "\\\\N"]
    values = ["a", "b"]
    assert column_text(values) is values  # nothing to escape: the column as it is
    assert column_text([None, None]) == ["\\N", "\\N"]


def test_values_are_written_as_psycopg_writes_them():
    values = [
        [0, -5, 2**40],
        [1.5, 1e-07, 1e20, 0.1 + 0.2, -0.0],
        [True, False],
        [dt.date(2024, 1, 2), dt.date(1, 1, 1)],
    ]
    for column in values:
        assert column_text(column) == [_psycopg(v) for v in column]
        assert column_text([*column, None]) == [*(_psycopg(v) for v in column), "\\N"]


def test_datetimes_have_a_t_between_day_and_time():
    moments = [dt.datetime(2024, 1, 2, 3, 4, 5), dt.datetime(2024, 1, 2, 3, 4, 5, 123)]
    aware = [dt.datetime(2024, 1, 2, 3, 4, 5, tzinfo=dt.UTC)]
    for column in (moments, aware):
        assert column_text(column) == [_psycopg(v).replace(" ", "T") for v in column]


def test_other_types_and_mixed_columns_are_left_to_psycopg():
    assert column_text([Decimal("1.5")]) is None
    assert column_text([b"x"]) is None
    assert column_text([1, "1"]) is None
    assert column_text([1, True]) is None  # a bool is no int here
    assert copy_chunks([(False, [1, 2]), (False, [Decimal(1), Decimal(2)])], 2) is None
    assert copy_chunks([(False, [1, 2]), (True, Decimal(1))], 2) is None


def test_a_batch_is_one_line_per_row_in_parts():
    when = dt.datetime(2024, 5, 1, 12, 0)
    columns = [(False, [1, 2, 3]), (False, ["a\nb", None, "c"]), (True, when), (True, None)]
    lines = [
        "1\ta\\nb\t2024-05-01T12:00:00\t\\N\n",
        "2\t\\N\t2024-05-01T12:00:00\t\\N\n",
        "3\tc\t2024-05-01T12:00:00\t\\N\n",
    ]
    assert list(copy_chunks(columns, 3)) == ["".join(lines)]
    assert list(copy_chunks(columns, 3, size=2)) == ["".join(lines[:2]), lines[2]]
    assert list(copy_chunks([(False, [])], 0)) == []


def test_a_marked_column_is_looked_through_for_nulls_only_when_it_may_hold_one():
    from workbench.fields.typed_column import typed

    assert column_text(typed(["a\tb", "c"], str)) == ["a\\tb", "c"]
    assert column_text(typed([1, 2], int)) == ["1", "2"]
    assert column_text(typed([1, None], int, type(None))) == ["1", "\\N"]
    assert column_text(typed(["a", None], str, type(None))) == ["a", "\\N"]
    assert column_text(typed(["a", "b"], str, type(None))) == ["a", "b"]  # it may: none found


def test_a_range_of_integers_is_formatted_a_part_at_a_time():
    columns = [(False, range(7, 10)), (False, ["a", "b", "c"])]
    assert list(copy_chunks(columns, 3, size=2)) == ["7\ta\n8\tb\n", "9\tc\n"]


def test_floats_read_from_short_plain_decimals_are_written_as_they_were_read():
    from workbench.fields.coerce import to_float_many

    read = to_float_many(["12.50", "-.5", "3", "007.25"])
    assert read == [12.5, -0.5, 3.0, 7.25]
    assert list(copy_chunks([(False, read)], 4)) == ["12.50\n-.5\n3\n007.25\n"]
    # an exponent, a space, an underscore, or more than 15 characters: each float's own text
    for texts in (["1e3", "2"], [" 1.5", "2"], ["1_000", "2"], ["0.1234567890123456", "2"]):
        read = to_float_many(texts)
        assert list(copy_chunks([(False, read)], 2)) == ["\n".join(map(repr, read)) + "\n"]

"""A column of values at once (``to_db_many``) is stored as each value alone would be, with
the forms a file or a body writes (numbers as text, padded text, blanks, ISO and other
dates), and refused where any one value would be."""

import datetime as dt
import decimal
import random

import pytest

from workbench.fields.interfaces import FieldValueError
from workbench.plugins import load_plugins
from workbench.testing.field_types import check_column_at_once, example_column

FIELD_TYPES = load_plugins({}).registries["field_types"]

VALUES = {
    "SingleLineText": ["a", " b ", "", None, 7, 1.5, True, False, "ü", "x" * 300],
    "LongText": ["line 1\nline 2", "", None, 0],
    "Email": ["a@example.com", " b@x.org ", "", "   ", None],
    "URL": ["https://example.com", " http://x.org/a ", "", None],
    "Number": [
        0,
        7,
        -7,
        "7",
        "007",
        " 12 ",
        "-3",
        "+4",
        "1,000",
        "1e3",
        3.0,
        "3.0",
        None,
        "",
        "  ",
        "123456789012345",
        2**53 - 1,
        "9007199254740991",
        decimal.Decimal("12"),
    ],
    "Decimal": [1.5, "2.25", " 3.5 ", "1,234.5", "1e2", "-0.125", 3, None, "", "1_000", decimal.Decimal("1.5")],
    "Rating": [0, 3, "5", "0", None, "", " 4 "],
    "Year": [1999, "2024", " 2024 ", None],
    "Checkbox": [True, False, "true", "false", "yes", "No", " 1 ", "0", 1, 0, None, "x", "checked"],
    "Date": [
        "2024-02-29",
        "2024/02/29",
        "29-02-2024",
        " 2024-01-05 ",
        "2024-02-29T10:00:00Z",
        None,
        "",
        dt.date(2024, 1, 5),
        dt.datetime(2024, 1, 5, 10, 0),
    ],
    "DateTime": [
        "2024-02-29 10:11:12",
        "2024-02-29T10:11:12",
        "2024-02-29 10:11",
        "2024-02-29T10:11+01",
        "2024-02-29 12:11:12+02:00",
        "2024-02-29 10:11:12.500000",
        None,
        "",
        dt.datetime(2024, 1, 5, 1, 2, 3),
        dt.date(2024, 1, 5),
    ],
}
REFUSED = {
    "Number": ["x", "1.5", True, str(2**60), "1 2"],
    "Decimal": ["abc", "nan", "inf", True, "1,2,3.4.5"],
    "Rating": ["6", 6, "-1"],
    "Year": ["0", "10000"],
    "Checkbox": ["maybe", 2],
    "Date": ["someday", "2024-02-30"],
    "DateTime": ["x", "2024-13-01 10:00", "2024-02-30 10:11:12"],
    "Email": ["nope", " a b@example.com", "a@" + ".".join(["b" * 60] * 5) + ".com"],
}


def field_type(name: str):
    cls = FIELD_TYPES.get(name)
    return cls(example_column(cls))


@pytest.mark.parametrize("name", sorted(VALUES))
def test_a_column_is_stored_as_each_value_alone(name):
    values = VALUES[name]
    check_column_at_once(field_type(name), values, REFUSED.get(name, ()))
    # in any order, and many times over (a batch of records)
    shuffled = values * 20
    random.Random(name).shuffle(shuffled)
    check_column_at_once(field_type(name), shuffled)


def test_a_single_select_column_is_checked_against_its_options():
    cls = FIELD_TYPES.get("SingleSelect")
    ftype = cls(example_column(cls))
    titles = list(ftype.option_titles)
    check_column_at_once(ftype, [*titles, "", None, *titles], ["not an option"])


def test_a_decimal_column_is_rounded_to_its_precision():
    cls = FIELD_TYPES.get("Decimal")
    column = example_column(cls)
    column.meta = {"precision": 1}
    check_column_at_once(cls(column), [1.25, "2.35", 3, None, "-0.05"])


def test_a_type_converting_otherwise_is_read_value_by_value():
    """A subclass with its own ``to_db`` is not taken for its parent's column conversion."""
    base = FIELD_TYPES.get("Number")

    class Doubled(base):
        def to_db(self, value):
            number = super().to_db(value)
            return None if number is None else number * 2

    ftype = Doubled(example_column(base))
    assert ftype.to_db_many(["2", 3, None]) == [4, 6, None]


def test_a_subclass_checking_otherwise_is_checked_value_by_value():
    """A subclass with its own ``check`` is not taken for its parent's pattern."""
    base = FIELD_TYPES.get("Email")

    class WorkMail(base):
        def check(self, text):
            super().check(text)
            if not text.endswith("@example.com"):
                raise FieldValueError(f"{text!r} is not a work address")

    ftype = WorkMail(example_column(base))
    check_column_at_once(ftype, ["a@example.com", "", None], ["a@elsewhere.org"])


#: columns of one form each, as a file gives them: converted by builtins at once
UNIFORM = {
    "SingleLineText": [["a", "b c", "ü"], ["a", " b "]],
    "Email": [["a@example.com", "b@x.org"], [" a@example.com ", "b@x.org"]],
    "Number": [["7", "007", "123456789012345", "0"], [0, 7, -7, 2**53 - 1], ["1234567890123456", "1"]],
    "Decimal": [["1.5", "2.25", "1e2", "1_000", " 3.5 "], [1.5, -0.125, 3.0]],
    "Rating": [["5", "0", "3"], [0, 5]],
    "Checkbox": [[True, False, None]],
    "Date": [[dt.date(2024, 1, 5), None, dt.date(2024, 2, 29)]],
    "DateTime": [["2024-02-29 10:11:12", "2024-02-29T10:11:12"], ["2024-02-29T10+01:00", "2024-02-29 10:11:12"]],
}
UNIFORM_REFUSED = {
    "Number": ["12345678901234567890", "1.5"],
    "Decimal": ["nan", "inf", "abc"],
    "Rating": ["6", 6],
    # a text of two lines, each an address, is not one: a column is checked in one search
    "Email": ["nope", "a b@example.com", "a@example.com\nb@x.org"],
    "DateTime": ["2024-02-30 10:11:12", "2024-13-01 10:00:00"],
}


@pytest.mark.parametrize("name", sorted(UNIFORM))
def test_a_column_of_one_form_is_stored_as_each_value_alone(name):
    ftype = field_type(name)
    for values in UNIFORM[name]:
        check_column_at_once(ftype, values * 50, UNIFORM_REFUSED.get(name, ()))
        stored = ftype.to_db_many(list(values))
        assert [type(v) for v in stored] == [type(ftype.to_db(v)) for v in values]


def test_short_digit_texts_are_the_integers_int_reads():
    from workbench.fields.coerce import to_int, to_int_many

    for column in (["0", "5", "99", "42"], ["07", "5"], ["1", "100"], ["3", "12345678"]):
        assert to_int_many(column) == [to_int(value) for value in column]
        assert all(type(value) is int for value in to_int_many(column))
    assert to_int_many(["1", "5"], 0, 5) == [1, 5]
    with pytest.raises(FieldValueError, match="out of range"):
        to_int_many(["1", "6"], 0, 5)


def test_a_column_of_addresses_is_checked_at_once_as_each_would_be():
    from workbench_plugins.field_types.text.types import EMAIL_LINES_RE, EMAIL_RE

    def each(texts):
        return all(EMAIL_RE.match(text) and "\n" not in text for text in texts)

    label = "b" * 63
    cases = [
        ["a@b.c", "x.y+z@example.org"],
        [f"a@{label}.c"],
        [f"a@{label}b.c"],
        ["a@b-.c"],
        ["a@-b.c"],
        ["a@b--c.d"],
        ["a@b.c-"],
        ["a@b"],
        ["a b@c.d"],
        ["a@b.c", "nope"],
    ]
    rng = random.Random(3)
    cases += [["".join(rng.choice("ab0-.@_") for _ in range(rng.randint(1, 12)))] for _ in range(20_000)]
    for texts in cases:
        assert (EMAIL_LINES_RE.fullmatch("\n".join(texts) + "\n") is not None) == bool(each(texts)), texts

"""The SQLite installer: regular expressions always, math functions when SQLite lacks them."""

import sqlite3

import pytest

from workbench.formulas import sqlite_functions
from workbench.formulas.sqlite import ALWAYS, MATH_FUNCTIONS


@pytest.fixture
def conn():
    connection = sqlite3.connect(":memory:")
    sqlite_functions(connection)
    yield connection
    connection.close()


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("SELECT 'banana' REGEXP 'an+a'", 1),
        ("SELECT 'banana' REGEXP '^a'", 0),
        ("SELECT NULL REGEXP 'a'", None),
        ("SELECT 'a' REGEXP '('", None),  # a broken pattern matches nothing
        ("SELECT regexp_substr('ab12cd345', '[0-9]+')", "12"),
        ("SELECT regexp_substr('abc', '[0-9]+')", None),
        ("SELECT regexp_replace('a-b-c', '-', '+')", "a+b+c"),
        ("SELECT regexp_replace('John Smith', '(\\w+) (\\w+)', '\\2 \\1')", "Smith John"),
        ("SELECT floor(NULL)", None),
        ("SELECT floor(-2.5)", -3),
        ("SELECT sqrt(16)", 4.0),
    ],
)
def test_functions(conn, sql, expected):
    assert conn.execute(sql).fetchone()[0] == expected


class _SQLiteWithoutMath:
    """A connection whose SQLite was built without math functions."""

    def __init__(self):
        self.created = {}

    def execute(self, sql):
        raise sqlite3.OperationalError("no such function")

    def create_function(self, name, arity, fn, deterministic):
        self.created[name] = (arity, fn)


def test_math_functions_are_added_when_missing():
    fake = _SQLiteWithoutMath()
    sqlite_functions(fake)
    assert set(fake.created) == set(ALWAYS) | set(MATH_FUNCTIONS)
    assert fake.created["power"][1](2, 10) == 1024
    assert fake.created["log"][1](2, 8) == pytest.approx(3)
    assert fake.created["sqrt"][1](-1) is None
    assert fake.created["mod"][1](None, 2) is None


def test_math_functions_present_are_kept(conn):
    class Recording(_SQLiteWithoutMath):
        def execute(self, sql):
            return conn.execute(sql)

    recording = Recording()
    sqlite_functions(recording)
    assert set(recording.created) == set(ALWAYS)

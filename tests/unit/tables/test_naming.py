"""Titles and physical names."""

import pytest

from workbench.errors import BadRequest
from workbench.tables.naming import check_title, sanitise, unique_name


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Tasks", "tasks"),
        ("Ünïcode Tasks!", "unicode_tasks"),
        ("  a  b  ", "a_b"),
        ("2024 plan", "t_2024_plan"),
        ("日本", "t"),
        ('x"; DROP TABLE y; --', "x_drop_table_y"),
        ("a" * 80, "a" * 48),
    ],
)
def test_sanitise(title, name):
    assert sanitise(title, "t") == name


def test_unique_name_appends_numbers():
    assert unique_name("a", []) == "a"
    assert unique_name("a", ["A"]) == "a_1"
    assert unique_name("a", ["a", "a_1", "a_2"]) == "a_3"
    assert unique_name("a", ["A"], case_insensitive=False) == "a"


@pytest.mark.parametrize("title", ["", " ", None, 5, "a.b", "a/b", "a\\b", "x" * 256])
def test_bad_table_titles(title):
    with pytest.raises(BadRequest):
        check_title(title)


def test_column_titles_may_hold_dots():
    assert check_title(" v1.2 ", "Column") == "v1.2"

"""Date filter sub-operators resolve to the right days (UTC), today fixed."""

import datetime as dt

import pytest
from workbench_plugins.field_types.dates import subops

from workbench.fields.interfaces import FieldValueError

TODAY = dt.date(2024, 3, 31)


@pytest.fixture(autouse=True)
def fixed_today(monkeypatch):
    monkeypatch.setattr(subops, "today", lambda: TODAY)


@pytest.mark.parametrize(
    ("args", "day"),
    [
        (["today"], TODAY),
        (["tomorrow"], dt.date(2024, 4, 1)),
        (["yesterday"], dt.date(2024, 3, 30)),
        (["oneWeekAgo"], dt.date(2024, 3, 24)),
        (["oneWeekFromNow"], dt.date(2024, 4, 7)),
        (["oneMonthAgo"], dt.date(2024, 2, 29)),
        (["oneMonthFromNow"], dt.date(2024, 4, 30)),
        (["daysAgo", "31"], dt.date(2024, 2, 29)),
        (["daysFromNow", "1"], dt.date(2024, 4, 1)),
        (["exactDate", "2024-01-05"], dt.date(2024, 1, 5)),
        (["exactDate", "05/01/2024"], dt.date(2024, 1, 5)),
        (["2024-01-05"], dt.date(2024, 1, 5)),
    ],
)
def test_resolve_day(args, day):
    assert subops.resolve_day(args) == day


@pytest.mark.parametrize(
    ("args", "first", "last"),
    [
        (["pastWeek"], dt.date(2024, 3, 24), TODAY),
        (["pastMonth"], dt.date(2024, 2, 29), TODAY),
        (["pastYear"], dt.date(2023, 3, 31), TODAY),
        (["nextWeek"], TODAY, dt.date(2024, 4, 7)),
        (["nextMonth"], TODAY, dt.date(2024, 4, 30)),
        (["nextYear"], TODAY, dt.date(2025, 3, 31)),
        (["pastNumberOfDays", "10"], dt.date(2024, 3, 21), TODAY),
        (["nextNumberOfDays", "2"], TODAY, dt.date(2024, 4, 2)),
    ],
)
def test_resolve_range(args, first, last):
    assert subops.resolve_range(args) == (first, last)


@pytest.mark.parametrize("args", [[], [""], ["daysAgo"], ["daysAgo", "x"], ["exactDate"], ["someday"]])
def test_bad_days(args):
    with pytest.raises(FieldValueError):
        subops.resolve_day(args)


@pytest.mark.parametrize("args", [[], ["today"], ["pastNumberOfDays"]])
def test_bad_ranges(args):
    with pytest.raises(FieldValueError):
        subops.resolve_range(args)

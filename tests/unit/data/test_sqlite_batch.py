"""The SQLite batch INSERT stores exactly what SQLAlchemy's own executemany would."""

from __future__ import annotations

import datetime as dt
import decimal

import pytest
import sqlalchemy as sa

from workbench.data import sqlite_batch
from workbench.data.batch import ColumnBatch
from workbench.db import create_engine

NAMES = ["plain", "with space", "a:b", "per%(cent)s", "dot.ted", "[bracket]", 'quo"te']


@pytest.fixture
def tables(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'batch.db'}")
    meta = sa.MetaData()

    def make(name):
        return sa.Table(
            name,
            meta,
            sa.Column("id", sa.Integer, primary_key=True),
            *[sa.Column(n, sa.Text) for n in NAMES],
            sa.Column("when", sa.DateTime),
            sa.Column("day", sa.Date),
            sa.Column("flag", sa.Boolean),
            sa.Column("amount", sa.Numeric(10, 2)),
            sa.Column("doc", sa.JSON),
        )

    ours, theirs = make("ours"), make("theirs")
    meta.create_all(engine)
    yield engine, ours, theirs
    engine.dispose()


def _rows():
    return [
        {
            **{n: f"{n} {i}" for n in NAMES},
            "when": dt.datetime(2026, 1, 2, 3, 4, 5, 6 if i % 2 else 0),
            "day": dt.date(99 + i, 12, 31),
            "flag": bool(i % 2),
            "amount": decimal.Decimal("12.34") * i,
            "doc": {"i": i, "list": [1, "two"]},
        }
        for i in range(5)
    ] + [
        # missing keys are NULL; a date given to the datetime column, an aware datetime
        {"plain": "sparse", "when": dt.date(2026, 5, 6)},
        {"when": dt.datetime(2026, 5, 6, 7, 8, 9, tzinfo=dt.UTC), "doc": None},
    ]


def _stored(connection, table):
    columns = [sa.cast(c, sa.Text).label(c.name) for c in table.c if c.name != "id"]
    typeof = [sa.func.typeof(c).label(f"t{i}") for i, c in enumerate(table.c)]
    return [tuple(r) for r in connection.execute(sa.select(*columns, *typeof).order_by(table.c.id))]


def test_same_stored_values_as_sqlalchemy(tables):
    engine, ours, theirs = tables
    keys = sorted({k for row in _rows() for k in row})
    cache: dict = {}
    with engine.begin() as connection:
        sqlite_batch.insert_many(connection, ours, keys, _rows(), cache)
        sqlite_batch.insert_many(connection, ours, keys, _rows()[:2], cache)  # the cached statement
        connection.execute(theirs.insert(), [{k: row.get(k) for k in keys} for row in _rows() + _rows()[:2]])
        assert _stored(connection, ours) == _stored(connection, theirs)
        assert len(_stored(connection, ours)) == len(_rows()) + 2
    assert list(cache) == [("sqlite_insert_many", tuple(keys))]


def test_a_bad_value_raises_sqlalchemys_error(tables):
    engine, ours, _theirs = tables
    with pytest.raises(sa.exc.StatementError), engine.begin() as connection:
        sqlite_batch.insert_many(connection, ours, ["when"], [{"when": "not a datetime"}], {})


def test_constraint_errors_are_wrapped(tables):
    engine, ours, _theirs = tables
    with engine.begin() as connection:
        sqlite_batch.insert_many(connection, ours, ["id"], [{"id": 1}], {})
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as connection:
        sqlite_batch.insert_many(connection, ours, ["id"], [{"id": 2}, {"id": 1}], {})
    with engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(ours)).scalar_one() == 1


@pytest.mark.parametrize(
    "columns",
    [
        # the common columns, converted in one pass: naive datetimes, dates, booleans (and nulls)
        {
            "when": [dt.datetime(2026, 1, 2, 3, 4, 5, i) for i in range(3)] + [None],
            "day": [dt.date(99 + i, 12, 31) for i in range(3)] + [None],
            "flag": [True, False, None, True],
        },
        # columns mixing other values: each value through the type's own processor
        {
            "when": [
                dt.datetime(2026, 5, 6, 7, 8, 9, tzinfo=dt.UTC),
                dt.date(2026, 5, 6),
                None,
                dt.datetime(2026, 1, 1),
            ],
            "day": [dt.date(2026, 1, 1), dt.datetime(2026, 1, 2, 3, 4), None, dt.date(2026, 1, 3)],
            "flag": [1, 0, None, True],
        },
        # nothing but nulls
        {"when": [None] * 4, "day": [None] * 4, "flag": [None] * 4},
    ],
)
def test_a_batch_of_columns_stores_what_sqlalchemy_stores(tables, columns):
    engine, ours, theirs = tables
    batch = ColumnBatch(4, dict(columns), {"plain": "same for all"})
    keys = sorted(batch.keys())
    with engine.begin() as connection:
        sqlite_batch.insert_many(connection, ours, keys, batch, {})
        connection.execute(theirs.insert(), [{k: row.get(k) for k in keys} for row in batch])
        assert _stored(connection, ours) == _stored(connection, theirs)


def test_a_bad_boolean_in_a_batch_raises_sqlalchemys_error(tables):
    engine, ours, _theirs = tables
    with pytest.raises(sa.exc.StatementError), engine.begin() as connection:
        sqlite_batch.insert_many(connection, ours, ["flag"], ColumnBatch(2, {"flag": [True, "yes"]}, {}), {})

"""The keys of a batch copied into PostgreSQL come from its sequence in one statement: as
a range when they follow one another, else each of them (another writer took some
meanwhile, or the sequence steps by more than one). Either way the keys answered are
those of the batch's rows, in its order."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from workbench.data import pg_copy
from workbench.data.batch import ColumnBatch
from workbench.testing.databases import create_database, drop_database


@pytest.fixture
def pg(tmp_path):
    try:
        url = create_database("postgresql", tmp_path)
    except sa.exc.OperationalError:
        pytest.skip("no PostgreSQL server")
    engine = sa.create_engine(url)
    try:
        yield engine
    finally:
        engine.dispose()
        drop_database(url)


def _table(engine, increment: int = 1) -> sa.Table:
    metadata = sa.MetaData()
    table = sa.Table("items", metadata, sa.Column("id", sa.BigInteger, primary_key=True), sa.Column("name", sa.Text))
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE items (id bigserial PRIMARY KEY, name text)")
        if increment != 1:
            connection.exec_driver_sql(f"ALTER SEQUENCE items_id_seq INCREMENT BY {increment}")
    return table


def _copy(engine, table: sa.Table, names: list[str]):
    batch = ColumnBatch(len(names), {"name": names}, {})
    with engine.begin() as connection:
        return pg_copy.copy_rows(connection, table, table.c.id, ["name"], batch)


def _stored(engine, table: sa.Table) -> dict[int, str]:
    with engine.connect() as connection:
        return dict(connection.execute(sa.select(table.c.id, table.c.name)).all())


def test_numbered_keys_are_a_range_when_they_follow_one_another():
    assert pg_copy.numbered(5, 9, None) == range(5, 10)
    assert pg_copy.numbered(5, 11, [5, 6, 8, 9, 11]) == [5, 6, 8, 9, 11]


def test_a_batch_whose_keys_follow_one_another_gets_them_as_a_range(pg, monkeypatch):
    table = _table(pg)
    seen = []
    real = pg_copy.numbered
    monkeypatch.setattr(pg_copy, "numbered", lambda *found: seen.append(found[2]) or real(*found))
    names = [f"n{i}" for i in range(250)]
    keys = _copy(pg, table, names)
    assert seen == [None]
    assert isinstance(keys.ids, range)
    assert list(keys) == [(i,) for i in range(1, 251)]
    assert _stored(pg, table) == {i + 1: name for i, name in enumerate(names)}


def test_keys_that_do_not_follow_one_another_are_each_answered(pg):
    table = _table(pg, increment=3)
    names = [f"n{i}" for i in range(200)]
    keys = _copy(pg, table, names)
    assert not isinstance(keys.ids, range)
    assert list(keys) == [(1 + 3 * i,) for i in range(200)]
    assert _stored(pg, table) == {1 + 3 * i: name for i, name in enumerate(names)}


def test_keys_taken_by_a_concurrent_writer_are_not_the_batch_s(pg):
    """Another connection inserting row after row while batches are copied: a batch whose
    keys are interleaved with the writer's gets each of its own, in its order."""
    table = _table(pg)
    stop = threading.Event()
    written: list[int] = []

    def writer():
        with pg.connect() as connection:
            while not stop.is_set():
                with connection.begin():
                    written.append(
                        connection.execute(table.insert().values(name="other").returning(table.c.id)).scalar_one()
                    )

    thread = threading.Thread(target=writer)
    thread.start()
    interleaved, copied = 0, {}
    try:
        for attempt in range(40):
            names = [f"b{attempt}-{i}" for i in range(20_000)]
            keys = _copy(pg, table, names)
            ids = [key for (key,) in keys]
            assert ids == sorted(ids)
            assert len(set(ids)) == len(names)
            copied.update(zip(ids, names, strict=True))
            if not isinstance(keys.ids, range):
                interleaved += 1
                if interleaved >= 2:
                    break
    finally:
        stop.set()
        thread.join()
    assert interleaved, "the writer never took a key in the middle of a batch"
    stored = _stored(pg, table)
    assert {key: stored[key] for key in copied} == copied
    assert not set(written) & set(copied)
    assert len(stored) == len(copied) + len(written)

"""Claiming events from an outbox on every dialect: two claimers never take the same
event; on PostgreSQL and MariaDB a claimer skips the events another one holds locked
(``FOR UPDATE SKIP LOCKED``) instead of waiting; a claim holds its events until it is
given back or its lease runs out."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from workbench.hooks.outbox import Store
from workbench.hooks.outbox_table import SOURCE_OUTBOX
from workbench.meta.base import utcnow
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects


@pytest.fixture
def engines(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    first, second = sa.create_engine(url), sa.create_engine(url)
    SOURCE_OUTBOX.create(first)
    past = utcnow() - dt.timedelta(seconds=1)
    with first.begin() as connection:
        connection.execute(
            SOURCE_OUTBOX.insert(),
            [
                {"id": f"e{n}", "hook_id": "hk_1", "payload": "{}", "attempts": 0, "next_at": past, "created_at": past}
                for n in range(6)
            ],
        )
    yield first, second
    first.dispose()
    second.dispose()
    drop_database(url)


def ids(rows) -> set[str]:
    return {row.id for row in rows}


def test_two_claimers_take_different_events(engines):
    first, second = (Store("s", engine, SOURCE_OUTBOX) for engine in engines)
    a = ids(first.claim(4, lease=60))
    b = ids(second.claim(4, lease=60))
    assert len(a) == 4
    assert len(b) == 2
    assert not a & b
    assert ids(first.claim(4, lease=60)) == set()  # everything is held
    # A failed attempt gives its event back, due now.
    first.retry(sorted(a)[0], 1, utcnow() - dt.timedelta(seconds=1))
    [again] = second.claim(4, lease=60)
    assert again.id == sorted(a)[0]
    assert again.attempts == 1
    first.finish(again.id)
    assert first.pending() == 5


def test_a_lapsed_claim_is_taken_again(engines):
    first, second = (Store("s", engine, SOURCE_OUTBOX) for engine in engines)
    taken = ids(first.claim(6, lease=0.001))
    assert len(taken) == 6
    with engines[0].begin() as connection:  # the lease has run out (a process died)
        connection.execute(sa.update(SOURCE_OUTBOX).values(claimed_until=utcnow() - dt.timedelta(seconds=1)))
    assert ids(second.claim(6, lease=60)) == taken


def test_locked_events_are_skipped_not_waited_for(engines, dialect):
    if dialect == "sqlite":
        pytest.skip("SQLite has one writer: a claim is a single UPDATE, there are no row locks to skip")
    holder, other = engines
    t = SOURCE_OUTBOX
    with holder.connect() as connection, connection.begin():
        # Another process in the middle of its claim: two events locked, not yet marked.
        locked = connection.scalars(sa.select(t.c.id).order_by(t.c.next_at, t.c.id).limit(2).with_for_update()).all()
        taken = ids(Store("s", other, t).claim(6, lease=60))
        assert taken == {f"e{n}" for n in range(6)} - set(locked)

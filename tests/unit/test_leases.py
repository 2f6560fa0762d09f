"""Claims with leases on every dialect: each free row goes to one claimer, a held row is
skipped until its lease passes, only the holder extends or releases it, and on PostgreSQL
and MariaDB a row another transaction has locked is skipped, not waited for."""

from __future__ import annotations

import datetime as dt
import time

import pytest
import sqlalchemy as sa

from workbench import leases
from workbench.meta.base import utcnow

pytestmark = pytest.mark.dialects

JOBS = sa.Table(
    "t_lease_jobs",
    sa.MetaData(),
    sa.Column("id", sa.String(8), primary_key=True),
    sa.Column("claimed_by", sa.String(64)),
    sa.Column("claimed_until", sa.DateTime),
)


@pytest.fixture
def engine(db_url):
    engine = sa.create_engine(db_url)
    JOBS.drop(engine, checkfirst=True)
    JOBS.create(engine)
    with engine.begin() as connection:
        connection.execute(JOBS.insert(), [{"id": f"j{i}"} for i in range(3)])
    yield engine
    JOBS.drop(engine)
    engine.dispose()


def _claim(engine, token: str, limit: int, seconds: float = 30) -> set[str]:
    with leases.writing(engine) as connection:
        leases.claim(connection, JOBS, sa.true(), (JOBS.c.id,), limit, token, leases.lease_until(seconds))
        return set(connection.scalars(sa.select(JOBS.c.id).where(JOBS.c.claimed_by == token)))


def test_each_row_goes_to_one_claimer_until_its_lease_passes(engine):
    assert _claim(engine, "a", 2) == {"j0", "j1"}
    assert _claim(engine, "b", 5) == {"j2"}
    assert _claim(engine, "c", 5) == set()
    with leases.writing(engine) as connection:
        assert leases.extend(connection, JOBS, "j0", "a", leases.lease_until(30))
        assert not leases.extend(connection, JOBS, "j0", "b", leases.lease_until(30))
        leases.release(connection, JOBS, "j1", "b")  # not b's: nothing happens
        leases.release(connection, JOBS, "j2", "b")
    assert _claim(engine, "c", 5) == {"j2"}
    # a's leases pass (a died): the rows are taken again.
    with engine.begin() as connection:
        past = utcnow() - dt.timedelta(seconds=1)
        connection.execute(sa.update(JOBS).where(JOBS.c.claimed_by == "a").values(claimed_until=past))
    assert _claim(engine, "d", 5) == {"j0", "j1"}
    with leases.writing(engine) as connection:
        assert not leases.extend(connection, JOBS, "j0", "a", leases.lease_until(30))


def test_a_row_locked_elsewhere_is_skipped_not_waited_for(engine, dialect):
    if dialect == "sqlite":
        pytest.skip("SQLite has no row locks: its single writer makes the claim atomic")
    holder = engine.connect()
    try:
        holder.begin()
        holder.execute(sa.select(JOBS.c.id).where(JOBS.c.id == "j0").with_for_update())
        began = time.monotonic()
        assert _claim(engine, "b", 5) == {"j1", "j2"}
        assert time.monotonic() - began < 5  # not blocked behind the holder's lock
    finally:
        holder.rollback()
        holder.close()
    assert _claim(engine, "c", 5) == {"j0"}

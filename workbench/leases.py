"""Rows that one process at a time works on: a claim is the claimer's token and a lease
(``claimed_by``, ``claimed_until``) written on the row.

A row is free when it has no lease or its lease has passed: a process that dies leaves
leases that expire, and its rows are taken again. On PostgreSQL and MariaDB the free rows
are selected ``FOR UPDATE SKIP LOCKED``, so several processes claiming at once each take
different rows; the claim reads committed data on MariaDB, whose repeatable reads would
also lock the rows a claimer only looked at and make the next claimer wait. On SQLite the
claim is one conditional UPDATE, which the database's single writer makes atomic (this
process's writers of a source database take turns through its write lock first).

A holder keeps its rows by extending the lease before it passes (``extend``); once the
lease is lost the row may already be another's, and the holder stops.
"""

from __future__ import annotations

import contextlib
import datetime as dt

import sqlalchemy as sa

from workbench.meta.base import utcnow


def lease_until(seconds: float) -> dt.datetime:
    return utcnow() + dt.timedelta(seconds=seconds)


def free(table: sa.Table, now: dt.datetime):
    """The rows of ``table`` whose lease is absent or past at ``now``."""
    return sa.or_(table.c.claimed_until.is_(None), table.c.claimed_until < now)


@contextlib.contextmanager
def writing(engine: sa.Engine, write_lock=None):
    """A transaction for claims and leases on ``engine``: read committed on MariaDB; on SQLite behind
    ``write_lock`` (a source database's writers take turns), when one is given."""
    if engine.dialect.name in ("mysql", "mariadb"):
        engine = engine.execution_options(isolation_level="READ COMMITTED")
    if engine.dialect.name == "sqlite" and write_lock is not None:
        with write_lock, engine.begin() as connection:
            yield connection
        return
    with engine.begin() as connection:
        yield connection


def claim(
    connection: sa.Connection, table: sa.Table, where, order_by: tuple, limit: int, token: str, until: dt.datetime
) -> int:
    """Mark up to ``limit`` free rows matching ``where`` as ``token``'s until ``until``;
    answers how many were taken (the caller selects them by ``claimed_by == token``)."""
    t = table
    due = sa.and_(where, free(t, utcnow()))
    values = {"claimed_until": until, "claimed_by": token}
    if connection.dialect.name == "sqlite":
        ids = sa.select(t.c.id).where(due).order_by(*order_by).limit(limit).scalar_subquery()
        return connection.execute(sa.update(t).where(t.c.id.in_(ids)).values(**values)).rowcount
    ids = connection.scalars(
        sa.select(t.c.id).where(due).order_by(*order_by).limit(limit).with_for_update(skip_locked=True)
    ).all()
    if not ids:
        return 0
    return connection.execute(sa.update(t).where(t.c.id.in_(ids)).values(**values)).rowcount


def extend(connection: sa.Connection, table: sa.Table, row_id: str, token: str, until: dt.datetime) -> bool:
    """Move ``row_id``'s lease to ``until`` if ``token`` still holds it; False: lost."""
    t = table
    done = connection.execute(
        sa.update(t).where(t.c.id == row_id, t.c.claimed_by == token).values(claimed_until=until)
    ).rowcount
    return bool(done)


def release(connection: sa.Connection, table: sa.Table, row_id: str, token: str) -> None:
    """Give ``row_id`` up at once (if ``token`` holds it), for any process to take."""
    t = table
    connection.execute(
        sa.update(t).where(t.c.id == row_id, t.c.claimed_by == token).values(claimed_until=None, claimed_by=None)
    )

"""The outboxes the worker reads: the meta database's and each owned source's.

Claiming: an event is due when its ``next_at`` has passed and no live claim holds it
(``claimed_until`` empty or past). A claimer marks the events it takes with its own token
and a lease; a process that dies leaves claims that expire, and the events are taken
again. On PostgreSQL and MariaDB the due events are selected ``FOR UPDATE SKIP LOCKED``,
so several processes claiming at once each take different events (the claim reads
committed data on MariaDB, whose repeatable reads would also lock the rows a claimer only
looked at, making the next claimer wait); on SQLite the claim is
one UPDATE, which the database's single writer makes atomic (this process's writers of the
source take turns through the source's write lock first).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import uuid

import sqlalchemy as sa

from workbench.meta.base import utcnow


class Store:
    """One outbox table on one engine."""

    def __init__(self, name: str, engine: sa.Engine, table: sa.Table, write_lock=None):
        self.name = name
        self.engine = engine
        self.table = table
        self.write_lock = write_lock if engine.dialect.name == "sqlite" else None

    @contextlib.contextmanager
    def _writing(self):
        if self.write_lock is None:
            # READ COMMITTED: on MariaDB a REPEATABLE READ locking read also locks the rows
            # and gaps it only looked at, so a claim would wait for another claimer's.
            engine = self.engine
            if engine.dialect.name in ("mysql", "mariadb"):
                engine = engine.execution_options(isolation_level="READ COMMITTED")
            with engine.begin() as connection:
                yield connection
            return
        with self.write_lock, self.engine.begin() as connection:
            yield connection

    def exists(self) -> bool:
        with self.engine.connect() as connection:
            return sa.inspect(connection).has_table(self.table.name)

    def ensure(self) -> None:
        """Create the outbox table if the database has none."""
        with self._writing() as connection:
            self.table.create(connection, checkfirst=True)

    def claim(self, limit: int, lease: float) -> list[sa.Row]:
        if limit <= 0:
            return []
        t = self.table
        now = utcnow()
        token = uuid.uuid4().hex
        due = sa.and_(t.c.next_at <= now, sa.or_(t.c.claimed_until.is_(None), t.c.claimed_until < now))
        until = now + dt.timedelta(seconds=lease)
        with self._writing() as connection:
            if connection.dialect.name == "sqlite":
                ids = sa.select(t.c.id).where(due).order_by(t.c.next_at, t.c.id).limit(limit).scalar_subquery()
                connection.execute(sa.update(t).where(t.c.id.in_(ids)).values(claimed_until=until, claimed_by=token))
            else:
                ids = connection.scalars(
                    sa.select(t.c.id)
                    .where(due)
                    .order_by(t.c.next_at, t.c.id)
                    .limit(limit)
                    .with_for_update(skip_locked=True)
                ).all()
                if not ids:
                    return []
                connection.execute(sa.update(t).where(t.c.id.in_(ids)).values(claimed_until=until, claimed_by=token))
            return connection.execute(sa.select(t).where(t.c.claimed_by == token)).all()

    def finish(self, event_id: str) -> None:
        with self._writing() as connection:
            connection.execute(sa.delete(self.table).where(self.table.c.id == event_id))

    def retry(self, event_id: str, attempts: int, next_at: dt.datetime) -> None:
        t = self.table
        with self._writing() as connection:
            connection.execute(
                sa.update(t)
                .where(t.c.id == event_id)
                .values(attempts=attempts, next_at=next_at, claimed_until=None, claimed_by=None)
            )

    def pending(self) -> int:
        with self.engine.connect() as connection:
            return connection.scalar(sa.select(sa.func.count()).select_from(self.table)) or 0

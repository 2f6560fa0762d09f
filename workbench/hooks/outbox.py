"""The outboxes the worker reads: the meta database's and each owned source's.

Claiming: an event is due when its ``next_at`` has passed and no live claim holds it; a
claimer marks the events it takes with its own token and a lease (``workbench.leases``:
``FOR UPDATE SKIP LOCKED`` on PostgreSQL and MariaDB, one conditional UPDATE on SQLite).
A process that dies leaves claims that expire, and the events are taken again.
"""

from __future__ import annotations

import datetime as dt
import uuid

import sqlalchemy as sa

from workbench import leases
from workbench.meta.base import utcnow


class Store:
    """One outbox table on one engine."""

    def __init__(self, name: str, engine: sa.Engine, table: sa.Table, write_lock=None):
        self.name = name
        self.engine = engine
        self.table = table
        self.write_lock = write_lock if engine.dialect.name == "sqlite" else None

    def _writing(self):
        return leases.writing(self.engine, self.write_lock)

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
        token = uuid.uuid4().hex
        with self._writing() as connection:
            due = t.c.next_at <= utcnow()
            if not leases.claim(connection, t, due, (t.c.next_at, t.c.id), limit, token, leases.lease_until(lease)):
                return []
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

    def release(self, event_id: str, token: str) -> None:
        """Give back the claim ``token`` holds on an event, its attempts unchanged."""
        t = self.table
        with self._writing() as connection:
            connection.execute(
                sa.update(t)
                .where(t.c.id == event_id, t.c.claimed_by == token)
                .values(claimed_until=None, claimed_by=None)
            )

    def pending(self) -> int:
        with self.engine.connect() as connection:
            return connection.scalar(sa.select(sa.func.count()).select_from(self.table)) or 0

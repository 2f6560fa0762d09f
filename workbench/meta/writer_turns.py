"""One writer at a time, in this process, on a SQLite meta database.

SQLite lets one connection write at a time; a second writer waits in the database's busy
handler, which sleeps without yielding. In one gevent process that wait blocks every
greenlet, the writer it waits for included: a request holding the write lock while it
waits on a network answer (a connected database, say) and a background job (claiming
import jobs) starting a write would stall the whole server for the busy timeout.

So this process's writers take turns through a lock that waits cooperatively: a
connection takes it before its first write in a transaction (``BEGIN IMMEDIATE``
included) and gives it back when the transaction ends. SQLite's own busy wait then only
ever waits for other processes. A writer that cannot have its turn within the busy
timeout fails as SQLite itself would ("database is locked"), so the callers' retries
apply unchanged.
"""

from __future__ import annotations

import re
import sqlite3
import threading

import sqlalchemy as sa
from sqlalchemy import event

#: seconds a writer waits for its turn: the connections' busy timeout
TURN_TIMEOUT = 5.0
_HOLDS = "workbench_write_turn"
_READS = re.compile(r"\s*(SELECT|PRAGMA|EXPLAIN|BEGIN\s*$|BEGIN\s+DEFERRED|SAVEPOINT|RELEASE|ROLLBACK)\b", re.I)
_WRITES_IN_WITH = re.compile(r"\b(INSERT|UPDATE|DELETE|REPLACE)\b", re.I)


def is_write(statement: str) -> bool:
    """Whether ``statement`` may write (anything but reads and transaction control)."""
    if _READS.match(statement):
        return False
    if statement.lstrip()[:4].upper() == "WITH":
        return bool(_WRITES_IN_WITH.search(statement))
    return True


def take_turns(engine: sa.Engine, timeout: float = TURN_TIMEOUT) -> threading.Lock:
    """Make ``engine``'s connections (SQLite) write one at a time; answers the lock."""
    turn = threading.Lock()  # cooperative under gevent's patching

    def take(info: dict) -> None:
        if info.get(_HOLDS):
            return
        if not turn.acquire(timeout=timeout):
            raise sqlite3.OperationalError("database is locked")
        info[_HOLDS] = True

    def give_back(info: dict) -> None:
        if info.pop(_HOLDS, False):
            turn.release()

    @event.listens_for(engine, "before_cursor_execute")
    def _before(conn, _cursor, statement, _parameters, _context, _executemany):
        if is_write(statement):
            take(conn.info)

    # The end of a transaction: the lock goes back before SQLite's COMMIT or ROLLBACK runs,
    # which needs no other greenlet to run first; the next writer's first statement comes
    # after it.
    @event.listens_for(engine, "commit")
    def _commit(conn):
        give_back(conn.info)

    @event.listens_for(engine, "rollback")
    def _rollback(conn):
        give_back(conn.info)

    # A connection returned, closed or lost without either (the pool rolls it back).
    @event.listens_for(engine.pool, "reset")
    def _reset(_dbapi_connection, record, _reset_state):
        give_back(record.info)

    @event.listens_for(engine.pool, "checkin")
    def _checkin(_dbapi_connection, record):
        if record is not None:
            give_back(record.info)

    @event.listens_for(engine.pool, "close")
    def _close(_dbapi_connection, record):
        give_back(record.info)

    @event.listens_for(engine.pool, "invalidate")
    def _invalidate(_dbapi_connection, record, _exception):
        give_back(record.info)

    @event.listens_for(engine.pool, "soft_invalidate")
    def _soft_invalidate(_dbapi_connection, record, _exception):
        give_back(record.info)

    return turn

"""A time budget for the data statements of a request (``workbench.data.statement_timeout``,
seconds, default 15; 0 turns it off).

A statement past the budget is stopped by the database and the request answers 503 with
a message saying the query took too long; its transaction is rolled back. Background jobs
(imports) and schema changes (which rewrite whole tables) have no budget.

- PostgreSQL: ``statement_timeout``, set once on each new connection; a job or a schema
  change lifts it for its transaction (``SET LOCAL``).
- MariaDB: ``max_statement_time`` (MySQL: ``max_execution_time``, SELECTs only), set once on
  each new connection; lifted for a job or a schema change and put back when it ends.
- SQLite: a progress handler, installed when the request's data transaction begins and
  removed when it ends, stops the statement running when the budget is spent (counted from
  the start of the transaction, or from when it got the source's write lock); a regular
  expression (a Python function there) gives up at the same deadline.

On PostgreSQL and MariaDB a request costs nothing more; on SQLite two calls on the driver
per request and a clock read every ``SQLITE_STEPS`` virtual machine instructions.
"""

from __future__ import annotations

import sqlite3
import time

import sqlalchemy as sa
from sqlalchemy import event

from workbench.formulas.sqlite import set_deadline

DEFAULT_STATEMENT_TIMEOUT = 15.0
SETTING = "workbench.data.statement_timeout"
#: SQLite virtual machine instructions between two looks at the clock
SQLITE_STEPS = 10_000
MESSAGE = "The query took too long and was stopped; narrow it down (filters, fewer fields) or try again later"

_MARIADB_TIMEOUT = 1969  # ER_STATEMENT_TIMEOUT
_MYSQL_TIMEOUT = 3024  # ER_QUERY_TIMEOUT
_PG_QUERY_CANCELED = "57014"


def statement_timeout(settings) -> float | None:
    """The budget in seconds from the settings; None when turned off."""
    value = settings.get(SETTING)
    seconds = DEFAULT_STATEMENT_TIMEOUT if value in (None, "") else float(value)
    return seconds if seconds > 0 else None


def install(engine: sa.Engine, seconds: float | None) -> None:
    """Make ``seconds`` the budget of every new connection of ``engine`` (PostgreSQL, MariaDB)."""
    if seconds is None:
        return
    name = engine.dialect.name
    if name == "postgresql":
        milliseconds = max(1, round(seconds * 1000))

        @event.listens_for(engine, "connect")
        def _postgresql(dbapi_connection, _record):
            autocommit = dbapi_connection.autocommit
            dbapi_connection.autocommit = True
            cursor = dbapi_connection.cursor()
            cursor.execute(f"SET statement_timeout = {milliseconds}")
            cursor.close()
            dbapi_connection.autocommit = autocommit

    elif name in ("mysql", "mariadb"):

        @event.listens_for(engine, "connect")
        def _mariadb(dbapi_connection, _record):
            cursor = dbapi_connection.cursor()
            cursor.execute(_mariadb_setting(dbapi_connection, seconds))
            cursor.close()


def _mariadb_setting(dbapi_connection, seconds: float | None) -> str:
    if "MariaDB" in dbapi_connection.get_server_info():
        return f"SET SESSION max_statement_time = {0 if seconds is None else round(seconds, 6)}"
    return f"SET SESSION max_execution_time = {0 if seconds is None else max(1, round(seconds * 1000))}"


class Budget:
    """The budget of one data transaction on ``connection``: ``seconds`` (None: no budget),
    where the engine's connections have ``default`` (``statement_timeout`` of the settings)."""

    def __init__(self, connection: sa.Connection, seconds: float | None, default: float | None):
        self.connection = connection
        self.dialect = connection.dialect.name
        self.seconds = seconds
        self.default = default
        self._sqlite = None
        self._lifted = False
        if self.dialect == "sqlite":
            self.restart()
        elif seconds is None and default is not None:
            self.lift()

    def restart(self) -> None:
        """Count the budget from now (SQLite: after waiting for the write lock)."""
        if self.dialect != "sqlite" or self.seconds is None or self._lifted:
            return
        deadline = time.monotonic() + self.seconds

        def spent() -> bool:
            return time.monotonic() > deadline

        self._sqlite = self.connection.connection.driver_connection
        self._sqlite.set_progress_handler(spent, SQLITE_STEPS)
        set_deadline(deadline, self._sqlite)  # a regular expression stops at it too

    def lift(self) -> None:
        """No budget for the rest of the transaction (a schema change)."""
        if self._lifted:
            return
        self._lifted = True
        if self.dialect == "sqlite":
            self._remove_handler()
        elif self.default is None:
            return
        elif self.dialect == "postgresql":
            self.connection.exec_driver_sql("SET LOCAL statement_timeout = 0")
        elif self.dialect in ("mysql", "mariadb"):
            driver = self.connection.connection.driver_connection
            self.connection.exec_driver_sql(_mariadb_setting(driver, None))

    def end(self) -> None:
        """Before the connection goes back to the pool: leave it as it was given."""
        if self.dialect == "sqlite":
            self._remove_handler()
        elif self._lifted and self.default is not None and self.dialect in ("mysql", "mariadb"):
            driver = self.connection.connection.driver_connection
            self.connection.exec_driver_sql(_mariadb_setting(driver, self.default))

    def _remove_handler(self) -> None:
        if self._sqlite is not None:
            self._sqlite.set_progress_handler(None, 0)
            self._sqlite = None
            set_deadline(None)


def is_timeout(exc: BaseException) -> bool:
    """The database stopped a statement because its time budget was spent."""
    orig = getattr(exc, "orig", None)
    if isinstance(orig, sqlite3.OperationalError):
        return str(orig) == "interrupted"
    if getattr(orig, "sqlstate", None) == _PG_QUERY_CANCELED:
        return True
    args = getattr(orig, "args", ())
    return bool(args) and args[0] in (_MARIADB_TIMEOUT, _MYSQL_TIMEOUT)

"""The data unit of work: a source connection that commits or aborts with the request.

The meta database and a project's source are different databases, so one transaction
cannot span both. The request's ``transaction`` manager coordinates them instead, in a
fixed order, and schema changes are arranged so that any failure leaves meta and data
consistent:

1. Additive and altering DDL (create table, add column, fill a converted column) runs at
   once on the request's data connection, inside its transaction, so a bad value or a
   database error surfaces as an API error before anything is committed. Each such step
   records an *undo* (drop what was created).
2. At commit, this data manager votes first (its ``sortKey`` sorts before the meta
   session's): the data transaction commits; if that fails the whole request aborts and
   the meta changes are rolled back.
3. The meta session then commits. If it fails after the data committed, ``tpc_abort``
   runs the recorded undos (compensation), so the data is put back as it was.
4. Destructive DDL (drop table, drop column) is never undoable, so it is deferred until
   after both commits (``after_commit``). If it fails, an unreferenced physical table or
   column is left behind, which is harmless; the error is logged.

MariaDB and MySQL commit DDL implicitly, so on them a step-1 DDL is already durable when
the request aborts: ``abort`` runs the undos there too. PostgreSQL and SQLite (with the
BEGIN recipe of ``workbench.db``) roll DDL back with the transaction.

A type change never rewrites a column in place when its physical type changes: the
converted values go to a new physical column (step 1, undo: drop it), the meta points at
it, and the old column is dropped after commit (step 4).

Record writes use the same connection and commit at step 2; they do not touch the meta
database (except ``typecast`` adding select options, which a failed meta commit would
leave as values without their option). On SQLite, writers of one source take turns
through a cooperative lock held from the first write until the transaction ends
(``begin_write``), so a waiting writer yields instead of blocking the process in
SQLite's busy handler.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable

import sqlalchemy as sa

from workbench.data.budget import Budget
from workbench.errors import Conflict, Forbidden
from workbench.history import store as history_store

log = logging.getLogger(__name__)

WRITE_LOCK_TIMEOUT = 30  # seconds
#: why a schema change on a connected database is refused
EXTERNAL_SCHEMA = "The tables of a connected database are changed in that database, not in Workbench"

Step = Callable[[sa.Connection], None]


def schema_lock_key(source_id: str) -> int:
    """A stable signed 63-bit number for a source (PostgreSQL advisory locks take a bigint)."""
    digest = hashlib.blake2b(f"workbench-schema:{source_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True) >> 1


def transactional_ddl(dialect_name: str) -> bool:
    return dialect_name not in ("mysql", "mariadb")


class DataTransaction:
    """A ``transaction`` data manager around one connection to one source."""

    def __init__(
        self,
        engine: sa.Engine,
        transaction_manager,
        write_lock=None,
        source_id: str = "",
        budget: float | None = None,
        default_budget: float | None = None,
    ):
        """``budget``: seconds the data statements may take (see ``workbench.data.budget``),
        None for none; ``default_budget``: what the engine's connections start with."""
        self.engine = engine
        self._write_lock = write_lock if engine.dialect.name == "sqlite" else None
        self._writing = False
        self._schema_locked = False
        self.source_id = source_id
        self.transaction_manager = transaction_manager
        self.connection = engine.connect()
        self._tx = self.connection.begin()
        self.budget = Budget(self.connection, budget, default_budget)
        self._undo: list[Step] = []
        self._after: list[Step] = []
        self._committed = False
        self.dialect = engine.dialect.name
        #: Workbench made this database and may change its schema; a connected database's
        #: schema is never changed (removing its tables or fields forgets them only)
        self.owns_schema = True
        transaction_manager.get().join(self)

    # -- used by the DDL and record services --------------------------------
    def lock_schema(self) -> None:
        """Call before reading names a schema change will pick (free table or column
        names): one schema change at a time per source, across processes too."""
        self.begin_write()
        if self._schema_locked:
            return
        self.budget.lift()  # a schema change rewrites whole tables: it is not cut short
        key = schema_lock_key(self.source_id)
        if self.dialect == "postgresql":
            self.connection.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})
        elif self.dialect in ("mysql", "mariadb"):
            got = self.connection.execute(
                sa.text("SELECT GET_LOCK(:k, :t)"), {"k": f"wb_schema_{key}", "t": WRITE_LOCK_TIMEOUT}
            ).scalar()
            if got != 1:
                raise Conflict("The database is busy with another change; try again")
        self._schema_locked = True

    def check_owns_schema(self) -> None:
        """403 before any schema change on a connected database."""
        if not self.owns_schema:
            raise Forbidden(EXTERNAL_SCHEMA)

    def begin_write(self) -> None:
        """Call before the first write: on SQLite, waits for the source's other writer."""
        if self._writing or self._write_lock is None:
            return
        if not self._write_lock.acquire(timeout=WRITE_LOCK_TIMEOUT):
            raise Conflict("The database is busy with another change; try again")
        self._writing = True
        self.budget.restart()  # waiting for the lock is not the statements' time

    def on_undo(self, step: Step) -> None:
        """Record how to revert a DDL step that already ran."""
        self._undo.append(step)

    def after_commit(self, step: Step) -> None:
        """Run ``step`` (destructive DDL) only once meta and data have both committed;
        never on a connected database."""
        if self.owns_schema:
            self._after.append(step)

    # -- IDataManager --------------------------------------------------------
    def sortKey(self) -> str:
        # Vote (commit) before zope.sqlalchemy's sessions, whose keys start with "~".
        return f"!workbench-data:{id(self)}"

    def abort(self, transaction) -> None:
        self._rollback(run_undo=not transactional_ddl(self.dialect))

    def tpc_begin(self, transaction) -> None:
        pass

    def commit(self, transaction) -> None:
        pass

    def tpc_vote(self, transaction) -> None:
        self._tx.commit()
        self._committed = True

    def tpc_finish(self, transaction) -> None:
        try:
            for step in self._after:
                self._run_alone(step, "deferred DDL")
        finally:
            self._close()

    def tpc_abort(self, transaction) -> None:
        self._rollback(run_undo=self._committed or not transactional_ddl(self.dialect))

    # -- helpers -------------------------------------------------------------
    def _rollback(self, run_undo: bool) -> None:
        try:
            if self._tx.is_active:
                self._tx.rollback()
            if run_undo:
                for step in reversed(self._undo):
                    self._run_alone(step, "compensating DDL")
        finally:
            self._close()

    def _run_alone(self, step: Step, what: str) -> None:
        try:
            with self.engine.begin() as connection:
                step(connection)
        except Exception:  # the request's outcome is already decided; keep going
            log.exception("%s failed", what)

    def _close(self) -> None:
        self._undo, self._after = [], []
        try:
            if not self.connection.closed:
                self._end_budget()
                if self._schema_locked and self.dialect in ("mysql", "mariadb"):
                    key = f"wb_schema_{schema_lock_key(self.source_id)}"
                    self.connection.execute(sa.text("SELECT RELEASE_LOCK(:k)"), {"k": key})
                self.connection.close()
        finally:
            if self._writing:
                self._writing = False
                self._write_lock.release()

    def _end_budget(self) -> None:
        try:
            self.budget.end()
        except sa.exc.DBAPIError:  # the connection is broken: it is not pooled again
            self.connection.invalidate()


def data_transaction(request, source) -> DataTransaction:
    """The request's data transaction on ``source`` (opened on first use). Its statements
    have the time budget of ``workbench.data.budget``, unless the request is a background
    job's (``unbounded_statements``)."""
    cache = request.__dict__.setdefault("_data_transactions", {})
    current = cache.get(source.id)
    if current is None or current.connection.closed:
        engines = request.registry["source_engines"]
        default = engines.statement_timeout
        budget = None if getattr(request, "unbounded_statements", False) else default
        external = external_source(source)
        engine = engines.get(source)
        if external:
            current = cache[source.id] = _external_transaction(request, engine, source, budget, default)
            return current
        if getattr(source, "is_default", True):
            # Workbench owns this database: its changes are recorded in it (before this
            # request's transaction begins, the history table is made if missing).
            history_store.ensure(engine, source.id)
        current = cache[source.id] = DataTransaction(
            engine, request.tm, engines.write_lock(source.id), source.id, budget, default
        )
    return current


def external_source(source) -> bool:
    """A connected database (its schema is not Workbench's)."""
    return bool((getattr(source, "config", None) or {}).get("external"))


def _external_transaction(request, engine, source, budget, default) -> DataTransaction:
    from workbench.sources.connect import SourceUnavailable, describe

    try:
        work = DataTransaction(engine, request.tm, None, source.id, budget, default)
    except Exception as exc:  # cannot connect: the source answers 503 with the reason
        reason = describe(request.registry, (source.config or {}).get("client"), exc)
        raise SourceUnavailable(f"{reason}") from None
    work.owns_schema = False
    return work

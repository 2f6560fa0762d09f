"""Database plumbing: engines, the request-bound meta session, and dialect recipes.

Transactions belong to the request: ``request.dbsession`` is joined to ``pyramid_tm``
through ``zope.sqlalchemy``, so views and services never call ``commit()``. Core and
DDL writes must call ``mark_changed(session)`` or the transaction is rolled back silently.
"""

import logging
import sqlite3

import sqlalchemy as sa
import zope.sqlalchemy
from pyramid_retry import mark_error_retryable
from sqlalchemy import event
from sqlalchemy.orm import sessionmaker
from transaction.interfaces import TransactionFailedError
from zope.sqlalchemy.datamanager import STATUS_ACTIVE, join_transaction

from workbench.errors import internal_error_view, json_error
from workbench.meta.writer_turns import take_turns

mark_changed = zope.sqlalchemy.mark_changed
log = logging.getLogger(__name__)
# Execution option: begin the SQLite transaction with the write lock taken (and waited for).
SQLITE_IMMEDIATE = "workbench_sqlite_immediate"


def create_engine(url: str, **kwargs) -> sa.Engine:
    """An engine with the per-dialect settings Workbench relies on.

    SQLite: WAL journal, foreign keys on, and explicit BEGIN so DDL is transactional
    (Python's sqlite3 module would otherwise autocommit it).
    """
    url_obj = sa.make_url(url)
    backend = url_obj.get_backend_name()
    if backend == "sqlite":
        kwargs.setdefault("connect_args", {}).setdefault("check_same_thread", False)
        engine = sa.create_engine(url, **kwargs)
        _sqlite_recipe(engine)
        return engine
    kwargs.setdefault("pool_pre_ping", True)
    if backend in {"mysql", "mariadb"}:
        kwargs.setdefault("pool_recycle", 3600)
    return sa.create_engine(url, **kwargs)


def _sqlite_recipe(engine: sa.Engine) -> None:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn, _record):
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=5000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        if conn.get_execution_options().get(SQLITE_IMMEDIATE):
            # May wait and fail as busy: through SQLAlchemy, so the error is one it wraps.
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            # A deferred BEGIN cannot fail that way; straight on the driver it costs
            # a few microseconds instead of a whole statement execution (every request).
            conn.connection.driver_connection.execute("BEGIN")


def get_engine(settings, prefix="sqlalchemy.") -> sa.Engine:
    options = {k[len(prefix) :]: v for k, v in settings.items() if k.startswith(prefix)}
    url = options.pop("url")
    echo = str(options.pop("echo", "false")).lower() == "true"
    return create_engine(url, echo=echo)


# Where a session keeps the transaction manager it joins (see ``get_tm_session``).
_TM = "workbench.transaction_manager"


_SESSION_EVENTS = (
    "after_begin",
    "after_attach",
    "after_flush",
    "after_bulk_update",
    "after_bulk_delete",
    "before_commit",
    "do_orm_execute",
)


class _TransactionEvents:
    """zope.sqlalchemy's session events, listened to once on the session factory rather
    than on every session (listening costs more than the rest of a small request): each
    event finds the manager in the session's ``info``; sessions without one (the
    websocket's own) are left alone."""

    @staticmethod
    def _join(session):
        manager = session.info.get(_TM)
        if manager is not None:
            join_transaction(session, STATUS_ACTIVE, manager)

    @classmethod
    def after_begin(cls, session, _transaction, _connection):
        cls._join(session)

    @classmethod
    def after_attach(cls, session, _instance):
        cls._join(session)

    @staticmethod
    def after_flush(session, _flush_context):
        manager = session.info.get(_TM)
        if manager is not None:
            zope.sqlalchemy.mark_changed(session, manager)

    @classmethod
    def after_bulk_update(cls, context):
        cls.after_flush(context.session, None)

    after_bulk_delete = after_bulk_update

    @staticmethod
    def before_commit(session):
        manager = session.info.get(_TM)
        # "Committing" is transaction's Status.COMMITTING.
        if manager is not None and not session.in_nested_transaction() and manager.get().status != "Committing":
            raise TransactionFailedError("Transaction must be committed using the transaction manager")

    @classmethod
    def do_orm_execute(cls, state):
        if state.is_orm_statement and (state.is_update or state.is_insert or state.is_delete):
            cls.after_flush(state.session, None)

    @classmethod
    def listen(cls, target):
        for name in _SESSION_EVENTS:
            event.listen(target, name, getattr(cls, name))


def get_session_factory(engine) -> sessionmaker:
    factory = sessionmaker(bind=engine, expire_on_commit=False)
    _TransactionEvents.listen(factory)
    return factory


def get_tm_session(session_factory, transaction_manager, request=None):
    """A session joined to ``transaction_manager`` (the request's, or a script's)."""
    return session_factory(info={"request": request, _TM: transaction_manager})


def is_sqlite_busy(exc: BaseException) -> bool:
    """SQLite refused a write because another connection holds or has just committed one.

    A transaction that has read before writing cannot wait for a newer snapshot (SQLite's
    busy handler does not help it); only starting over does."""
    orig = getattr(exc, "orig", None)
    return isinstance(orig, sqlite3.OperationalError) and "database is locked" in str(orig)


def _connected_database_lost(exc, request) -> str | None:
    """Why a connected (external) database the request was using failed it (its connection
    lost or refused mid-request), or None when the error is not of that kind."""
    if not isinstance(exc, (sa.exc.OperationalError, sa.exc.InterfaceError)):
        return None
    works = [w for w in (request.__dict__.get("_data_transactions") or {}).values() if not w.owns_schema]
    if not works:
        return None
    from workbench.sources.connect import UNAVAILABLE

    log.warning("A connected database failed %s %s: %s", request.method, request.path, exc.orig)
    return (
        f"{UNAVAILABLE}: {str(exc.orig).strip().splitlines()[0][:200] if str(exc.orig).strip() else 'connection lost'}"
    )


def database_error_view(exc, request):
    """503 when a statement ran past its time budget (``workbench.data.budget``); replay the
    request (pyramid_retry) when SQLite was busy; else the generic 500. The request's
    transaction is rolled back in each case."""
    from workbench.data.budget import MESSAGE, is_timeout

    if is_timeout(exc):
        log.warning("Statement stopped after its time budget on %s %s", request.method, request.path)
        return json_error(request, 503, MESSAGE)
    lost = _connected_database_lost(exc, request)
    if lost is not None:
        return json_error(request, 503, lost)
    if not is_sqlite_busy(exc):
        return internal_error_view(exc, request)
    mark_error_retryable(exc)
    log.warning("SQLite busy on %s %s (attempt %s)", request.method, request.path, request.environ.get("retry.attempt"))
    return json_error(request, 503, "The database is busy, please try again")


def _tm_activate(request) -> bool:
    # The websocket holds its connection for a long time; it manages its own session.
    return not request.path_info.startswith("/ws")


def includeme(config):
    settings = config.get_settings()
    settings["tm.manager_hook"] = "pyramid_tm.explicit_manager"
    settings["tm.activate_hook"] = _tm_activate
    # pyramid_tm would look the caller up on every request (even public ones) only to
    # annotate the transaction; nothing reads that annotation.
    settings["tm.annotate_user"] = False
    config.include("pyramid_tm")
    config.include("pyramid_retry")
    config.add_exception_view(database_error_view, context=sa.exc.DBAPIError)

    engine = get_engine(settings)
    if engine.dialect.name == "sqlite":
        take_turns(engine)
    session_factory = get_session_factory(engine)
    config.registry["dbsession_factory"] = session_factory
    config.registry["db_engine"] = engine

    def dbsession(request):
        session = request.environ.get("app.dbsession")
        if session is None:
            session = get_tm_session(session_factory, request.tm, request=request)
            if request.environ.get("retry.attempt") and engine.dialect.name == "sqlite":
                # A replay after SQLite refused a write (see database_error_view): this time
                # wait for the write lock up front, so the attempt cannot lose the same way.
                session.connection(execution_options={SQLITE_IMMEDIATE: True})
        return session

    config.add_request_method(dbsession, reify=True)

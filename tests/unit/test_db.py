"""Database plumbing: SQLite's busy refusals are replayed, other database errors are 500s."""

import sqlite3

import pytest
import sqlalchemy as sa
from pyramid.testing import DummyRequest
from pyramid_retry import IRetryableError

from workbench.db import SQLITE_IMMEDIATE, create_engine, database_error_view, is_sqlite_busy


def operational(orig) -> sa.exc.OperationalError:
    return sa.exc.OperationalError("DELETE FROM t", {}, orig)


def test_is_sqlite_busy():
    assert is_sqlite_busy(operational(sqlite3.OperationalError("database is locked")))
    assert not is_sqlite_busy(operational(sqlite3.OperationalError("no such table: t")))
    assert not is_sqlite_busy(operational(RuntimeError("database is locked")))
    assert not is_sqlite_busy(RuntimeError("database is locked"))


def test_busy_is_marked_retryable_and_answered_503():
    exc = operational(sqlite3.OperationalError("database is locked"))
    response = database_error_view(exc, DummyRequest())
    assert IRetryableError.providedBy(exc)
    assert response.status_int == 503
    assert response.json_body == {"msg": "The database is busy, please try again"}


def test_other_database_errors_are_500():
    exc = operational(sqlite3.OperationalError("disk I/O error"))
    response = database_error_view(exc, DummyRequest())
    assert not IRetryableError.providedBy(exc)
    assert response.status_int == 500
    assert response.json_body == {"msg": "Some internal error occurred"}


def test_sqlite_immediate_transactions_hold_the_write_lock(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'x.db'}")
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE t (x INTEGER)")
        with engine.connect() as writer, engine.connect() as other:
            other.exec_driver_sql("PRAGMA busy_timeout=0")
            other.commit()
            writer = writer.execution_options(**{SQLITE_IMMEDIATE: True})
            writer.begin()  # BEGIN IMMEDIATE: the lock is taken before any statement
            with other.begin():
                assert other.exec_driver_sql("SELECT count(*) FROM t").scalar() == 0  # readers go on
                with pytest.raises(sa.exc.OperationalError, match="locked"):
                    other.exec_driver_sql("INSERT INTO t VALUES (1)")
            writer.rollback()
            with other.begin():
                other.exec_driver_sql("INSERT INTO t VALUES (1)")
    finally:
        engine.dispose()

"""Reaching an external database: one bounded engine per source, and clear errors.

Each source gets its own pool (``workbench.sources.pool_size`` connections, default 5, no
overflow): a slow or stuck database ties up only its own connections. A connection must be
made, greeting included, within ``workbench.sources.connect_timeout`` seconds (default 3),
and waiting for a free pooled one is bounded the same way; its statements have the data
engine's time budget. A source that cannot be reached answers 503 with the reason.

A pooled connection is tested (a ``SELECT 1`` round trip) before it is handed out only when
it has been idle for ``PING_AFTER_IDLE`` seconds: one that was lost in the meantime is then
replaced by a new one; one in steady use is handed out at once (a page costs the database
one round trip less), and should it have been lost a moment ago the request answers 503 and
the connection is replaced.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event

from workbench.data import budget
from workbench.errors import APIError, BadRequest
from workbench.formulas import sqlite_functions
from workbench.sources import config as source_config
from workbench.sources import hostcheck

DEFAULT_CONNECT_TIMEOUT = 3.0
DEFAULT_POOL_SIZE = 5
PING_AFTER_IDLE = 1.0
UNAVAILABLE = "The database of this source cannot be reached"


class SourceUnavailable(APIError):
    status = 503


def connect_timeout(settings) -> float:
    return float(settings.get("workbench.sources.connect_timeout") or DEFAULT_CONNECT_TIMEOUT)


def is_external(source) -> bool:
    config = getattr(source, "config", None) or {}
    return bool(config.get("external"))


def _ssl_files(settings, ssl: dict) -> dict[str, str]:
    """The SSL files of a connection written where the driver can read them (the key
    readable by this user alone), named by their content."""
    files = {}
    folder = Path(settings["workbench.data_dir"]) / "sources" / "ssl"
    for kind in source_config.SSL_FILES:
        text = ssl.get(kind)
        if not text:
            continue
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / f"{hashlib.sha256(text.encode()).hexdigest()[:32]}.{kind}.pem"
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(text)
        files[kind] = str(path)
    return files


def _sqlite_engine(path: Path) -> sa.Engine:
    # The file is someone else's: no journal mode or other setting is changed in it.
    engine = sa.create_engine(f"sqlite:///{path}", connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn, _record):
        dbapi_conn.isolation_level = None
        dbapi_conn.execute("PRAGMA foreign_keys=ON")
        dbapi_conn.execute("PRAGMA busy_timeout=3000")
        sqlite_functions(dbapi_conn)

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.connection.driver_connection.execute("BEGIN")

    return engine


def build_engine(registry, config: dict, statement_timeout: float | None = None) -> sa.Engine:
    """A new engine on ``config`` (a stored, sealed config): the host checked and resolved
    once, the connection made to that address."""
    settings = registry.settings
    client = source_config.client_of(registry, config.get("client"))
    connection = source_config.unsealed(settings, config)
    if client.file_based:
        return _sqlite_engine(source_config.sqlite_file(settings, connection.get("filename") or ""))
    try:
        address = hostcheck.check_host(
            connection.get("host"), connection.get("port") or 0, hostcheck.allows_private(settings)
        )
    except hostcheck.HostNotAllowed as exc:
        raise BadRequest(str(exc)) from None
    except ValueError as exc:
        raise SourceUnavailable(str(exc)) from None
    timeout = connect_timeout(settings)
    ssl = connection.get("ssl") or {"mode": "No"}
    connect_args = client.connect_args(
        connection,
        address=address,
        timeout=timeout,
        search_path=list(config.get("searchPath") or []),
        ssl=ssl,
        files=_ssl_files(settings, ssl),
    )
    engine = sa.create_engine(
        client.url(connection, address),
        connect_args=connect_args,
        pool_size=int(settings.get("workbench.sources.pool_size") or DEFAULT_POOL_SIZE),
        max_overflow=0,
        pool_timeout=timeout,
        pool_recycle=1800,
    )
    budget.install(engine, statement_timeout)
    ping_when_idle(engine)

    @event.listens_for(engine, "connect")
    def _connected(dbapi_connection, _record):
        client.connected(dbapi_connection, statement_timeout)

    return engine


def ping_when_idle(engine: sa.Engine, idle: float = PING_AFTER_IDLE) -> None:
    """Test each pooled connection of ``engine`` on checkout when it was idle ``idle``
    seconds or more; a dead one is replaced (the pool connects again)."""

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi_connection, record):
        record.info["wb_idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(dbapi_connection, record, _proxy):
        since = record.info.pop("wb_idle_since", None)
        if since is None or time.monotonic() - since < idle:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as exc:  # any failure of the ping: the connection is not usable
            raise sa.exc.DisconnectionError(str(exc)) from exc
        if not alive:
            raise sa.exc.DisconnectionError("the connection did not answer")


def describe(registry, client_name: str, exc: BaseException) -> str:
    """A short, clear message for a failed connection."""
    if isinstance(exc, APIError):
        return exc.msg
    with_client = registry["database_clients"]
    if client_name in with_client:
        found = with_client.get(client_name)().error_message(exc)
        if found:
            return found
    if isinstance(exc, sa.exc.TimeoutError):
        return "Timed out waiting for a free connection to the database"
    orig = getattr(exc, "orig", exc)
    if isinstance(orig, sqlite3.Error):
        return f"The SQLite file cannot be read: {orig}"
    args = getattr(orig, "args", ())
    raw = args[1] if len(args) == 2 and isinstance(args[0], int) else orig  # (code, message)
    text = str(raw).strip().splitlines()[0] if str(raw).strip() else type(orig).__name__
    lowered = text.lower()
    if "timed out" in lowered or "timeout" in lowered:
        return "Timed out connecting to the database"
    if "refused" in lowered:
        return "Connection refused: no database answers at that host and port"
    return text[:300]


def check(registry, config: dict) -> None:
    """Connect once with ``config`` (a stored, sealed config) and run a trivial statement;
    raises ``SourceUnavailable`` with the reason, or ``BadRequest`` ("ip not allowed")."""
    engine = None
    try:
        engine = build_engine(registry, config)
        with engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
    except (BadRequest, SourceUnavailable):
        raise
    except Exception as exc:  # any driver error: said in words, never as a trace
        raise SourceUnavailable(describe(registry, config.get("client"), exc)) from None
    finally:
        if engine is not None:
            engine.dispose()


def check_given(registry, config: dict) -> None:
    """``check`` a config someone gives (to test, to connect, to change a source): one that
    does not connect is refused as their input, 400 with the reason."""
    try:
        check(registry, config)
    except SourceUnavailable as exc:
        raise BadRequest(exc.msg) from None

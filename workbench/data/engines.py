"""One cached SQLAlchemy engine per source (the database holding a project's tables).

The embedded default source is a SQLite file in the data folder (``sqlite_path``); other
sources carry a SQLAlchemy URL in their config (``{"url": ...}``) or NocoDB-style
connection parameters. Engines get Workbench's per-dialect recipe from
``workbench.db.create_engine`` (SQLite: WAL and transactional DDL).
"""

from __future__ import annotations

import copy
import json
import threading

import sqlalchemy as sa
from sqlalchemy import event

from workbench.data import budget
from workbench.db import create_engine
from workbench.errors import BadRequest
from workbench.formulas import sqlite_functions
from workbench.projects.sources import sqlite_path

_DRIVERS = {"pg": "postgresql+psycopg", "mysql2": "mysql+pymysql", "mysql": "mysql+pymysql"}
# Tables are read in full scans (counts, filters, sorts): past SQLite's 2 MB page cache each
# page would be a read() from the OS. Memory-mapped, a count(*) of 100k rows (20 MB) drops
# from about 2.5 ms to 0.2 ms, and the mapped pages are shared by every pooled connection.
SQLITE_MMAP_SIZE = 256 * 1024 * 1024


def source_url(settings: dict, source) -> str:
    config = source.config or {}
    if config.get("url"):
        return config["url"]
    if source.type == "sqlite3":
        path = sqlite_path(settings, source)
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    connection = config.get("connection") or {}
    driver = _DRIVERS.get(source.type)
    if driver is None:
        raise BadRequest(f"Unsupported source type {source.type!r}")
    url = sa.URL.create(
        driver,
        username=connection.get("user"),
        password=connection.get("password"),
        host=connection.get("host"),
        port=connection.get("port"),
        database=connection.get("database"),
    )
    return url.render_as_string(hide_password=False)


def source_engine(url: str, statement_timeout: float | None = None) -> sa.Engine:
    """An engine on a source: ``workbench.db.create_engine``'s recipe; on SQLite memory-mapped,
    with the functions formulas need; elsewhere each connection with ``statement_timeout``
    (seconds, see ``workbench.data.budget``)."""
    engine = create_engine(url)
    budget.install(engine, statement_timeout)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _mmap(dbapi_conn, _record):
            dbapi_conn.execute(f"PRAGMA mmap_size={SQLITE_MMAP_SIZE}")
            sqlite_functions(dbapi_conn)  # what compiled formulas call on SQLite

    return engine


class SourceEngines:
    """Engines by source id, rebuilt when a source's config changes."""

    def __init__(self, settings: dict):
        self.settings = settings
        #: the time budget of a request's data statements, in seconds (None: none)
        self.statement_timeout = budget.statement_timeout(settings)
        # source id: (config as JSON, engine, (type, config) to compare with on each request)
        self._engines: dict[str, tuple[str, sa.Engine, tuple]] = {}
        self._lock = threading.Lock()
        self._write_locks: dict[str, threading.Lock] = {}
        #: ``make(config, statement_timeout)``: the engine of a connected database's source
        #: (``config["external"]``), set by ``workbench.sources``
        self.external = None

    def write_lock(self, source_id: str) -> threading.Lock:
        """One writer at a time per SQLite source, waiting cooperatively (gevent patches
        ``threading``) instead of inside SQLite's blocking busy handler, where a writer
        would stall the whole process while the lock holder cannot run."""
        with self._lock:
            return self._write_locks.setdefault(source_id, threading.Lock())

    def get(self, source) -> sa.Engine:
        cached = self._engines.get(source.id)
        if cached and cached[2] == (source.type, source.config):  # dicts compare by value
            return cached[1]
        key = json.dumps([source.type, source.config], sort_keys=True)
        with self._lock:
            cached = self._engines.get(source.id)
            if cached and cached[0] == key:
                return cached[1]
            if cached:
                _dispose(cached[1])
            if (source.config or {}).get("external") and self.external is not None:
                engine = self.external(source.config, self.statement_timeout)
            else:
                engine = source_engine(source_url(self.settings, source), self.statement_timeout)
            self._engines[source.id] = (key, engine, (source.type, copy.deepcopy(source.config)))
            return engine

    def discard(self, source_id: str) -> None:
        with self._lock:
            cached = self._engines.pop(source_id, None)
        if cached:
            _dispose(cached[1])

    def dispose_all(self) -> None:
        with self._lock:
            engines, self._engines = list(self._engines.values()), {}
        for _key, engine, _config in engines:
            _dispose(engine)


def _dispose(engine: sa.Engine) -> None:
    from workbench.history import store as history_store

    history_store.forget(engine)
    engine.dispose()

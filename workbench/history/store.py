"""The history table of a source: ``_wb_history``, beside the project's own tables.

Its name starts with an underscore, which no table name derived from a title does, and
``_wb_`` is reserved for Workbench (``workbench.tables.naming``). A source gets the table
when it is first used by this process (``ensure``) and from ``workbench migrate``
(``upgrade_sources``, for projects created before history existed).
"""

from __future__ import annotations

import logging
import threading

import sqlalchemy as sa
from sqlalchemy.dialects import mysql

log = logging.getLogger(__name__)

TABLE_NAME = "_wb_history"
#: the longest record id an entry can name
MAX_ROW_ID = 255
#: entries are listed newest first: MariaDB keeps microseconds too
PRECISE_TIME = sa.DateTime().with_variant(mysql.DATETIME(fsp=6), "mysql", "mariadb")

metadata = sa.MetaData()
history = sa.Table(
    TABLE_NAME,
    metadata,
    # an INTEGER PRIMARY KEY on SQLite is the rowid: no index of its own to keep
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True, autoincrement=True),
    sa.Column("project_id", sa.String(32), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("row_id", sa.String(MAX_ROW_ID), nullable=True),
    #: insert, update, delete, link, unlink, restore, import, or a schema change
    #: (table_insert, table_update, table_delete, column_insert, column_update, column_delete)
    sa.Column("op", sa.String(16), nullable=False),
    #: JSON: what changed (see ``workbench.history.entries``)
    sa.Column("detail", sa.Text, nullable=True),
    sa.Column("user_id", sa.String(32), nullable=True),
    sa.Column("user_email", sa.String(255), nullable=True),
    #: web, api_token, shared_form, import, script
    sa.Column("via", sa.String(16), nullable=False),
    sa.Column("created_at", PRECISE_TIME, nullable=False),
    sa.Index("ix__wb_history_record", "table_id", "row_id"),
)
#: a database that several projects share finds a project's entries by this index; a
#: project's own SQLite file holds only its entries, and a bulk insert need not keep it
project_index = sa.Index("ix__wb_history_project", history.c.project_id, history.c.id)

_ensured: set[tuple[int, str]] = set()
_lock = threading.Lock()


def create(connection: sa.Connection) -> None:
    """Create the history table on ``connection`` unless it exists (with the project index
    unless it is an embedded SQLite file)."""
    metadata.create_all(connection, checkfirst=True)
    if connection.dialect.name != "sqlite":
        names = {index["name"] for index in sa.inspect(connection).get_indexes(TABLE_NAME)}
        if project_index.name not in names:
            project_index.create(connection)


def ensure(engine: sa.Engine, source_id: str) -> None:
    """The history table exists on ``engine`` (checked once per engine and process), made
    on a connection of its own before a request's transaction writes anything."""
    key = (id(engine), source_id)
    if key in _ensured:
        return
    with _lock:
        if key in _ensured:
            return
        try:
            with engine.begin() as connection:
                create(connection)
        except sa.exc.DBAPIError:
            # Another process made it between the check and the CREATE: fine if it is there.
            with engine.connect() as connection:
                if not sa.inspect(connection).has_table(TABLE_NAME):
                    raise
        _ensured.add(key)


def forget(engine: sa.Engine | None = None) -> None:
    """Check again next time (an engine was disposed, a data file removed)."""
    with _lock:
        if engine is None:
            _ensured.clear()
        else:
            for key in [k for k in _ensured if k[0] == id(engine)]:
                _ensured.discard(key)


def delete_project(work, project_id: str) -> None:
    """A deleted project's entries go with it (in a database other projects share), in the
    deleting request's transaction."""
    work.begin_write()
    work.connection.execute(history.delete().where(history.c.project_id == project_id))


def upgrade_sources(settings: dict, meta_url: str) -> list[str]:
    """Give every source Workbench owns a history table (``workbench migrate``); the ids
    of the sources upgraded. A source that cannot be reached is logged and skipped."""
    from workbench.data.engines import source_engine, source_url
    from workbench.db import create_engine

    meta = create_engine(meta_url)
    try:
        with meta.connect() as connection:
            rows = connection.execute(sa.text("SELECT id, type, config, is_default FROM wb_sources ORDER BY id")).all()
    finally:
        meta.dispose()
    import json
    import types

    done = []
    seen_urls = set()
    for source_id, source_type, config, is_default in rows:
        if not is_default:
            continue  # an external database: Workbench writes nothing into it
        config = json.loads(config) if isinstance(config, str) else (config or {})
        source = types.SimpleNamespace(id=source_id, type=source_type, config=config)
        try:
            url = source_url(settings, source)
            if url in seen_urls:
                done.append(source_id)
                continue
            engine = source_engine(url)
            try:
                with engine.begin() as connection:
                    create(connection)
            finally:
                engine.dispose()
            seen_urls.add(url)
            done.append(source_id)
        except Exception:
            log.exception("history table not made for source %s", source_id)
    return done

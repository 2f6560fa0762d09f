"""Writing entries on the request's data connection, in its transaction.

One statement per batch: the entries of a write go to the database in one ``executemany``
(on SQLite through ``workbench.data.sqlite_batch``, which binds plain tuples). Entries
without detail (a bulk insert's, one per record) are one ``INSERT … SELECT`` over a JSON
array of the records' ids on SQLite (``write_keys``): no Python work per record. An import
job keeps one entry per job and table, whose row count each batch raises in the same
transaction as its rows.
"""

from __future__ import annotations

import json
import sqlite3

import sqlalchemy as sa

from workbench.data import sqlite_batch
from workbench.data.unit import data_transaction
from workbench.history import retention
from workbench.history.actor import IMPORT, actor_of
from workbench.history.entries import dumps, loads
from workbench.history.store import history
from workbench.meta.base import utcnow

_KEYS = ["project_id", "table_id", "row_id", "op", "detail", "user_id", "user_email", "via", "created_at"]
_STATEMENTS: dict = {}
_NOW = "_workbench_history_now"
#: SQLite has ``json_each`` built in from 3.38 on
JSON_EACH = sqlite3.sqlite_version_info >= (3, 38, 0)
_KEYS_SQL = (
    "INSERT INTO _wb_history (project_id, table_id, row_id, op, detail, user_id, user_email, via, created_at)"
    " SELECT ?, ?, value, ?, NULL, ?, ?, ?, ? FROM json_each(?)"
)


#: the built-in plugin that records (setup.cfg); disabling it turns history off
PLUGIN = "history"


def enabled(request) -> bool:
    """Whether changes are recorded: the ``history`` plugin is on (``workbench.plugins.disabled``
    turns it off, as benchmarks do to compare)."""
    if request is None:
        return False
    return request.registry["plugins"].manager.get_plugin(PLUGIN) is not None


def owned(source) -> bool:
    """Whether Workbench owns the source's database (its default source)."""
    return bool(getattr(source, "is_default", True))


def now(request):
    """One time for every entry of a request."""
    found = request.__dict__.get(_NOW)
    if found is None:
        found = request.__dict__[_NOW] = utcnow()
    return found


def write(request, source, project_id: str, table_id: str | None, op: str, items: list[tuple[str | None, dict | None]]):
    """Record ``op`` once per ``(row_id, detail)`` of ``items``, in one statement."""
    if not items:
        return
    work = data_transaction(request, source)
    actor = actor_of(request)
    stamp = now(request)
    connection = work.connection
    work.begin_write()
    if connection.dialect.name == "sqlite":
        _insert_sqlite(connection, (project_id, table_id, op, actor, stamp), items)
    else:
        rows = [
            {
                "project_id": project_id,
                "table_id": table_id,
                "row_id": row_id,
                "op": op,
                "detail": dumps(detail),
                "user_id": actor.user_id,
                "user_email": actor.email,
                "via": actor.via,
                "created_at": stamp,
            }
            for row_id, detail in items
        ]
        connection.execute(history.insert(), rows)
    retention.maybe_prune(request, work, project_id)


def write_keys(request, source, project_id: str, table_id: str, op: str, row_ids: list) -> None:
    """Record ``op`` once per record id of ``row_ids``, with no detail, in one statement.
    On SQLite the ids go as one JSON array that the statement unpacks (``row_id`` is text:
    the column's affinity turns numbers into their text)."""
    if not row_ids:
        return
    work = data_transaction(request, source)
    connection = work.connection
    if connection.dialect.name != "sqlite" or not JSON_EACH:
        write(request, source, project_id, table_id, op, [(None if r is None else str(r), None) for r in row_ids])
        return
    actor = actor_of(request)
    stamp = now(request).isoformat(" ", "microseconds")
    work.begin_write()
    ids = json.dumps(row_ids, default=str, separators=(",", ":"))
    connection.exec_driver_sql(_KEYS_SQL, (project_id, table_id, op, actor.user_id, actor.email, actor.via, stamp, ids))
    retention.maybe_prune(request, work, project_id)


def _insert_sqlite(connection, common: tuple, items: list) -> None:
    """SQLite: the INSERT compiled once, each entry a tuple (no dict, no bind processing:
    the time is written as SQLite's own default text)."""
    compiled = _STATEMENTS.get("sqlite")
    if compiled is None:
        compiled = _STATEMENTS["sqlite"] = sqlite_batch.compile_insert(history, _KEYS, connection.dialect)
    sql, order, _processors = compiled
    project_id, table_id, op, actor, stamp = common
    values = {
        "project_id": project_id,
        "table_id": table_id,
        "op": op,
        "user_id": actor.user_id,
        "user_email": actor.email,
        "via": actor.via,
        "created_at": stamp.isoformat(" ", "microseconds"),
    }
    row_at, detail_at = order.index("row_id"), order.index("detail")
    template = [values.get(key) for key in order]
    params = []
    for row_id, detail in items:
        row = template.copy()
        row[row_at] = row_id
        row[detail_at] = None if detail is None else dumps(detail)
        params.append(tuple(row))
    connection.exec_driver_sql(sql, params)


def count_import(request, source, project_id: str, table_id: str, rows: int) -> None:
    """An import job's entry for ``table_id`` counts ``rows`` more (made on its first batch)."""
    job_id = getattr(request, "import_job_id", None)
    work = data_transaction(request, source)
    work.begin_write()
    connection = work.connection
    found = connection.execute(
        sa.select(history.c.id, history.c.detail).where(
            history.c.table_id == table_id,
            history.c.op == IMPORT,
            history.c.row_id.is_(None),
            history.c.detail.like(f'{{"job":"{_like(job_id)}",%', escape="\\"),
        )
    ).first()
    if found is None:
        write(request, source, project_id, table_id, IMPORT, [(None, {"job": job_id, "rows": rows})])
        return
    detail = loads(found.detail) or {}
    detail["rows"] = int(detail.get("rows") or 0) + rows
    connection.execute(history.update().where(history.c.id == found.id).values(detail=dumps(detail)))


def _like(text) -> str:
    return str(text or "").replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")

"""The realtime listener: turns row and meta changes into ``data`` and ``meta`` messages
(``workbench.realtime.messages``), queued on the request and published after its commit.

Registered as the built-in plugin ``realtime`` (setup.cfg). It reads only the rows'
primary keys, so bulk inserts hand it their keys and build no records for it.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa

from workbench.hookspecs import hookimpl, row_actions
from workbench.realtime.messages import MAX_IDS, TABLE_KINDS, outbox_of, row_ids
from workbench.tables.models import Column

log = logging.getLogger(__name__)

_PK_TITLES = "_workbench_realtime_pk_titles"


@hookimpl
@row_actions("insert", "update", "delete", keys_only=True)
def on_rows_changed(request, table, action, changes):
    project_id = getattr(table, "project_id", None)
    if request is None or not project_id:
        return
    try:
        outbox = outbox_of(request)
        if outbox is None:
            return
        ids = None  # past MAX_IDS: reload
        if len(changes) <= MAX_IDS:
            rows = [before if action == "delete" else after for before, after in changes]
            ids = row_ids(rows, _pk_titles(request, table))
        outbox.add_rows(project_id, table.id, action, ids, _user_id(request))
    except Exception:  # a write never fails for its notification
        log.warning("realtime: rows of %s not announced", getattr(table, "id", table), exc_info=True)


@hookimpl
def on_meta_changed(request, kind, action, obj):
    if request is None:
        return
    try:
        outbox = outbox_of(request)
        if outbox is None:
            return
        data = meta_data(request, kind, action, obj)
        if data is not None:
            outbox.add_meta(data)
    except Exception:
        log.warning("realtime: %s %s not announced", kind, action, exc_info=True)


def meta_data(request, kind: str, action: str, obj: dict) -> dict | None:
    """The ``meta`` message's data for a change, or None when it belongs to no project."""
    context = getattr(request, "context", None)
    if kind == "project":
        project_id = obj.get("id")
    else:
        project_id = obj.get("project_id") or obj.get("base_id") or getattr(context, "project_id", None)
    if not project_id:
        return None
    object_id = obj.get("user_id") if kind == "member" else obj.get("id")
    data = {"project_id": project_id, "kind": kind, "action": action, "id": object_id}
    if kind in TABLE_KINDS:
        table = getattr(context, "table", None)
        data["table_id"] = obj.get("fk_model_id") or getattr(table, "id", None)
    if kind == "comment":
        data["row_id"] = obj.get("row_id")
    data["by"] = _user_id(request)
    return data


def _user_id(request) -> str | None:
    try:
        identity = request.identity
    except Exception:
        return None
    return getattr(identity, "user_id", None)


def _pk_titles(request, table) -> list[str]:
    """The titles of the table's primary-key fields: from the model the write used, else
    from the meta database (once per request and table)."""
    cache = request.__dict__.setdefault(_PK_TITLES, {})
    found = cache.get(table.id)
    if found is None:
        model = request.registry["data_models"].cached(table.id, getattr(table, "schema_version", None))
        if model is not None:
            found = [f.title for f in model.pk_fields]
        else:
            found = list(
                request.dbsession.scalars(
                    sa.select(Column.title)
                    .where(Column.table_id == table.id, Column.pk.is_(True))
                    .order_by(Column.order, Column.id)
                )
            )
        cache[table.id] = found
    return found

"""The history listener: row changes and schema changes become entries.

Registered as the built-in plugin ``history`` (setup.cfg). It reads only the primary keys
of inserted rows (a bulk insert builds no records for it); updates and deletes hand over
whole rows anyway. The junction rows of many-to-many links are not recorded as rows: the
link and unlink entries of the records say it (``record_links``).
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.history import links as pending_links
from workbench.history.actor import IMPORT, actor_of
from workbench.history.entries import delete_detail, recorded_fields, row_key, update_detail
from workbench.history.recorder import count_import, enabled, owned, write, write_keys
from workbench.history.restore import restoring
from workbench.hookspecs import hookimpl, row_actions
from workbench.projects.models import Source

#: meta changes recorded as schema changes, and the op each gets
SCHEMA_KINDS = ("table", "column")


def _model(request, table):
    from workbench.records.loading import model_for

    model = request.registry["data_models"].cached(table.id, getattr(table, "schema_version", None))
    if model is None:
        from workbench.data.unit import data_transaction

        model = model_for(request, table, data_transaction(request, table.source).dialect)
    return model


def _wanted(request, table) -> bool:
    return (
        enabled(request)
        and bool(getattr(table, "project_id", None))
        and getattr(table, "type", "table") != "mm"
        and owned(getattr(table, "source", None))
    )


@hookimpl
@row_actions("insert", "update", "delete", keys_only=True)
def on_rows_changed(request, table, action, changes):
    if not _wanted(request, table):
        return
    if actor_of(request).via == IMPORT:
        rows = len(changes) if action == "insert" else -len(changes) if action == "delete" else 0
        if rows:
            count_import(request, table.source, table.project_id, table.id, rows)
            return
    model = _model(request, table)
    pk_titles = [f.title for f in model.pk_fields]
    if action == "insert":
        source_entry = restoring(request)
        if source_entry is not None:
            items = [(row_key(after, pk_titles), {"from": source_entry}) for _before, after in changes]
            write(request, table.source, table.project_id, table.id, "restore", items)
            return
        if len(pk_titles) == 1:
            title = pk_titles[0]
            row_ids = [after.get(title) for _before, after in changes]
        else:
            row_ids = [row_key(after, pk_titles) for _before, after in changes]
        write_keys(request, table.source, table.project_id, table.id, action, row_ids)
        return
    elif action == "update":
        fields = recorded_fields(model)
        items = []
        for before, after in changes:
            detail = update_detail(fields, before or {}, after or {})
            if detail is not None:
                items.append((row_key(after or before, pk_titles), detail))
    else:
        pk_title, links = pending_links.pending(request, table.id)
        items = []
        for before, _after in changes:
            detail = delete_detail(model, before or {})
            if links is None:
                detail["links_kept"] = False
                linked = None
            else:
                linked = links.get((before or {}).get(pk_title)) if pk_title else None
            if linked:
                detail["links"] = linked
            items.append((row_key(before, pk_titles), detail))
    write(request, table.source, table.project_id, table.id, action, items)


@hookimpl
def on_meta_changed(request, kind, action, obj):
    if kind not in SCHEMA_KINDS or not enabled(request) or not isinstance(obj, dict):
        return
    project_id = obj.get("project_id") or obj.get("base_id")
    table_id = obj.get("id") if kind == "table" else obj.get("fk_model_id")
    if not project_id and table_id:
        from workbench.tables.models import Table

        project_id = request.dbsession.scalar(sa.select(Table.project_id).where(Table.id == table_id))
    if not project_id or (kind == "table" and obj.get("mm")):
        return
    source = request.dbsession.scalar(
        sa.select(Source).where(Source.project_id == project_id, Source.is_default.is_(True)).limit(1)
    )
    if source is None:
        return
    detail = {"title": obj.get("title")}
    if kind == "column":
        detail.update(id=obj.get("id"), uidt=obj.get("uidt"))
    elif obj.get("table_name"):
        detail["table_name"] = obj.get("table_name")
    write(request, source, project_id, table_id, f"{kind}_{action}", [(None, detail)])


@hookimpl
def on_links_changed(request, table, row_id, field, action, related_table_id, ids):
    if not ids or action not in ("link", "unlink") or not _wanted(request, table):
        return
    detail = {"field": {"id": field.id, "title": field.title}, "table_id": related_table_id, "ids": list(ids)}
    write(request, table.source, table.project_id, table.id, action, [(str(row_id), detail)])

"""API representations of tables, columns and views (NocoDB's shapes)."""

from __future__ import annotations

from workbench.meta.base import isoformat

# NocoDB's numeric view types.
VIEW_TYPES = {"form": 1, "gallery": 2, "grid": 3, "kanban": 4, "map": 5, "calendar": 6}


def column_json(column, table=None) -> dict:
    table = table or column.table
    return {
        "id": column.id,
        "fk_model_id": column.table_id,
        "base_id": table.project_id,
        "project_id": table.project_id,
        "source_id": table.source_id,
        "title": column.title,
        "column_name": column.column_name,
        "uidt": column.uidt,
        "dt": column.dt,
        "pk": bool(column.pk),
        "ai": bool(column.ai),
        "rqd": bool(column.rqd),
        "pv": bool(column.pv),
        "system": bool(column.system),
        "cdf": column.cdf,
        "meta": column.meta or {},
        "colOptions": column.col_options,
        "order": column.order,
        "created_at": isoformat(column.created_at),
        "updated_at": isoformat(column.updated_at),
    }


def view_json(view) -> dict:
    return {
        "id": view.id,
        "fk_model_id": view.table_id,
        "title": view.title,
        "type": VIEW_TYPES.get(view.type, view.type),
        "is_default": bool(view.is_default),
        "lock_type": view.lock_type,
        "meta": view.meta or {},
        "order": view.order,
        "created_at": isoformat(view.created_at),
        "updated_at": isoformat(view.updated_at),
    }


def table_json(table, with_children: bool = True) -> dict:
    body = {
        "id": table.id,
        "base_id": table.project_id,
        "project_id": table.project_id,
        "source_id": table.source_id,
        "title": table.title,
        "table_name": table.table_name,
        "type": table.type,
        "meta": table.meta or {},
        "order": table.order,
        "enabled": True,
        "mm": False,
        "created_at": isoformat(table.created_at),
        "updated_at": isoformat(table.updated_at),
    }
    if with_children:
        body["columns"] = [column_json(c, table) for c in table.columns]
        body["views"] = [view_json(v) for v in table.views]
    return body

"""API representations of tables, columns and views (NocoDB's shapes)."""

from __future__ import annotations

from workbench.fields.interfaces import ComputedInSql
from workbench.fields.lookup import field_type
from workbench.meta.base import isoformat
from workbench.tables.personal_views import hidden_from


def column_json(column, table=None, registry=None) -> dict:
    """A column; with ``registry``, computed fields add what their type describes
    (a formula's ``formula_raw`` with the current titles, also in ``colOptions``), and
    ``colOptions.error`` when the field reads as blank because it cannot be computed."""
    table = table or column.table
    body = {
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
    if registry is not None:
        ftype = field_type(registry, column)
        if isinstance(ftype, ComputedInSql):
            extra = ftype.describe({c.id: c.title for c in table.columns})
            body.update(extra)
            body["colOptions"] = {**(column.col_options or {}), **extra}
            error = build_error(registry, table, column.id)
            if error is not None:
                body["colOptions"]["error"] = error
    return body


def build_error(registry, table, column_id: str) -> str | None:
    """Why a computed field reads as blank (its SQL could not be built), as the model of
    the table at its current version found when records were last read; None if it reads
    fine or the table has not been read at this version."""
    models = registry.get("data_models") if hasattr(registry, "get") else None
    model = models.cached(table.id, table.schema_version) if models is not None else None
    f = model.by_id.get(column_id) if model is not None else None
    return None if f is None else f.error


def view_json(view, registry=None) -> dict:
    types = registry["view_types"] if registry is not None else None
    number = types.get(view.type).type if types is not None and view.type in types else None
    return {
        "id": view.id,
        "fk_model_id": view.table_id,
        "title": view.title,
        "type": number or view.type,  # NocoDB's number, as the view type declares it
        "uuid": view.uuid,
        "is_default": bool(view.is_default),
        "lock_type": view.lock_type,
        "created_by": view.created_by,
        "meta": view.meta or {},
        "order": view.order,
        "created_at": isoformat(view.created_at),
        "updated_at": isoformat(view.updated_at),
    }


def table_json(table, with_children: bool = True, registry=None, user_id: str | None = None) -> dict:
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
        "mm": table.type == "mm",
        "created_at": isoformat(table.created_at),
        "updated_at": isoformat(table.updated_at),
    }
    if with_children:
        body["columns"] = [column_json(c, table, registry) for c in table.columns]
        body["views"] = [view_json(v, registry) for v in visible_views(table.views, registry, user_id)]
    return body


def visible_views(views, registry=None, user_id: str | None = None) -> list:
    """The views ``user_id`` sees: those whose type is enabled (a disabled view-type plugin
    hides its views), without other users' personal views (all of them when no user is
    given)."""
    types = registry["view_types"] if registry is not None else None
    return [v for v in views if (types is None or v.type in types) and not hidden_from(v, user_id)]

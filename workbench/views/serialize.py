"""API representations of views, their type settings and their fields (NocoDB's shapes)."""

from __future__ import annotations

from workbench.tables.serialize import view_json as base_view_json
from workbench.views.kinds import type_of


def view_json(registry, view) -> dict:
    body = base_view_json(view, registry)
    body["view"] = settings_json(registry, view)
    return body


def settings_json(registry, view) -> dict:
    vtype = type_of(registry, view)
    return {"fk_view_id": view.id, **vtype.settings_json(view)}


def view_column_json(registry, view, vc) -> dict:
    body = {
        "id": vc.id,
        "fk_view_id": vc.view_id,
        "fk_column_id": vc.column_id,
        "show": bool(vc.show),
        "order": vc.order,
        "width": vc.width or "200px",
    }
    body.update(type_of(registry, view).column_settings_json(vc))
    return body


def form_json(registry, view) -> dict:
    """A type's own settings with its fields (what ``GET /api/v1/db/meta/forms/{id}`` answers)."""
    body = settings_json(registry, view)
    body["title"] = view.title
    body["lock_type"] = view.lock_type
    body["meta"] = view.meta or {}
    body["columns"] = [view_column_json(registry, view, vc) for vc in view.columns]
    return body

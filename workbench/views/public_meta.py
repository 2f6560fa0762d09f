"""The meta of a shared view (view, model, meta, relatedMetas, uuid).

The model lists only the fields the public may read (shown ones, the primary key, and what
the view type always needs, such as a kanban's stacking field, marked ``show: false``).
``relatedMetas`` holds, for each table a shown link field reaches, that table's key and
display value only. A shown formula that reads a field the public may not see has its
text left out, so that hidden fields' names never reach the public.
"""

from __future__ import annotations

from workbench.fields.lookup import field_type
from workbench.tables.contexts import load_table
from workbench.tables.serialize import column_json, table_json
from workbench.views.kinds import type_of
from workbench.views.public import public_field_ids
from workbench.views.public_links import relates
from workbench.views.serialize import settings_json, view_json

#: keys of a computed field's description that may name other fields
FORMULA_KEYS = ("formula", "formula_raw")


def redact(body: dict, hidden: dict[str, str]) -> dict:
    """``body`` (a column) without formula text naming a hidden field (``{id: title}``)."""
    options = body.get("colOptions") if isinstance(body.get("colOptions"), dict) else {}
    texts = [str(v) for k in FORMULA_KEYS for v in (body.get(k), options.get(k)) if v]
    if not texts:
        return body
    names = [f"{{{title}}}" for title in hidden.values()] + list(hidden)
    if not any(name in text for text in texts for name in names):
        return body
    body = {**body, **{k: None for k in FORMULA_KEYS if k in body}}
    body["colOptions"] = {**options, **{k: None for k in FORMULA_KEYS if k in options}}
    return body


def related_meta(request, table) -> dict:
    """A linked table as the public sees it: its primary key and display value only."""
    model = table_json(table, with_children=False)
    columns = [c for c in table.columns if c.pk or c.pv]
    hidden = {c.id: c.title for c in table.columns if c not in columns}
    model["columns"] = [redact(column_json(c, table, request.registry), hidden) for c in columns]
    model["views"] = []
    return model


def related_metas(request, table, public_columns) -> dict:
    """``{table id: related_meta}`` of the tables reached by the shown link fields."""
    metas: dict = {}
    for column in public_columns:
        relation = relates(field_type(request.registry, column))
        related_id = relation.related_table_id() if relation is not None else None
        if related_id is None or related_id in metas:
            continue
        related = table if related_id == table.id else load_table(request, related_id)
        metas[related_id] = related_meta(request, related)
    return metas


def shared_meta(request, view) -> dict:
    vtype = type_of(request.registry, view)
    table = request.context.table
    columns = {c.id: c for c in table.columns}
    shown = [vc for vc in view.columns if vc.show and vc.column_id in columns]
    shown_ids = {vc.column_id for vc in shown}
    readable = public_field_ids(request.registry, view)
    extra = [c for c in table.columns if c.id not in shown_ids and (c.pk or c.id in readable)]
    public_ids = shown_ids | {c.id for c in extra}
    hidden = {c.id: c.title for c in table.columns if c.id not in public_ids}
    model = table_json(table, with_children=False)
    model_columns = []
    for column in extra:
        model_columns.append({**redact(column_json(column, table, request.registry), hidden), "show": False})
    for vc in shown:
        body = redact(column_json(columns[vc.column_id], table, request.registry), hidden)
        body.update(vtype.column_settings_json(vc))
        body["show"] = True
        body["fk_view_column_id"] = vc.id
        body["view_column_order"] = vc.order
        model_columns.append(body)
    model["columns"] = model_columns
    model["views"] = []
    body = view_json(request.registry, view)
    body.update(
        {
            "view": settings_json(request.registry, view),
            "model": model,
            "columns": [
                {
                    **vtype.column_settings_json(vc),
                    "id": vc.id,
                    "fk_column_id": vc.column_id,
                    "show": True,
                    "order": vc.order,
                }
                for vc in shown
            ],
            "meta": view.meta or {},
            "relatedMetas": related_metas(request, table, [columns[vc.column_id] for vc in shown]),
            "password_protected": bool(view.password_hash),
        }
    )
    return body

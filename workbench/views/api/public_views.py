"""The public API of a shared view (no sign-in; ``xc-password`` when protected): its meta,
its records, a CSV download when allowed."""

from __future__ import annotations

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.api import api_view
from workbench.errors import Forbidden, NotFound
from workbench.tables.serialize import column_json, table_json
from workbench.views import exports, forms
from workbench.views.kinds import type_of
from workbench.views.public import PublicTable
from workbench.views.serialize import settings_json, view_json
from workbench.views.types import PUBLIC_FORM, PUBLIC_ROWS

TAGS = ("public",)


def shared_meta(request, view) -> dict:
    vtype = type_of(request.registry, view)
    table = request.context.table
    columns = {c.id: c for c in table.columns}
    shown = [vc for vc in view.columns if vc.show and vc.column_id in columns]
    pks = [c for c in table.columns if c.pk and c.id not in {vc.column_id for vc in shown}]
    model = table_json(table, with_children=False)
    model_columns = []
    for column in pks:
        model_columns.append({**column_json(column, table, request.registry), "show": False})
    for vc in shown:
        body = column_json(columns[vc.column_id], table, request.registry)
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
            "relatedMetas": {},
            "password_protected": bool(view.password_hash),
        }
    )
    return body


@api_view(
    "public.view.meta",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    summary="A shared view's meta: the view, its table with only the shown fields, form settings",
)
def read_meta(request):
    return shared_meta(request, request.context.view)


def rows_view(request):
    view = request.context.view
    if type_of(request.registry, view).public != PUBLIC_ROWS:
        raise NotFound("Not found")
    return view


@api_view(
    "public.view.rows",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    query=(
        ("where", "filter on shown fields"),
        ("filterArrJson", "filters as the GUI sends them"),
        ("sortArrJson", "sorts as the GUI sends them"),
        ("limit", "page size"),
        ("offset", "rows to skip"),
    ),
    summary="A shared view's records (its filters and sorts apply; only shown fields)",
)
def list_rows(request):
    return PublicTable(request, rows_view(request)).page()


@api_view(
    "public.view.groupby",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    query=(
        ("column_name", "the shown field (or comma-separated fields) to group by"),
        ("sort", "grouped fields or count, '-' for descending"),
        ("where", "filter on shown fields"),
        ("limit", "groups per page"),
        ("offset", "groups to skip"),
    ),
    summary="A shared view's records grouped: distinct values of shown fields with their counts",
)
def group_rows(request):
    return PublicTable(request, rows_view(request)).groups()


@api_view(
    "public.view.rows",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    summary="Submit a shared form: JSON, or multipart with data (JSON) and attachment files",
)
def submit_form(request):
    view = request.context.view
    vtype = type_of(request.registry, view)
    if vtype.public != PUBLIC_FORM:
        raise NotFound("Not found")
    return forms.submit(request, view, vtype.column_settings_json)


@api_view(
    "public.view.export",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    query=(("offset", "rows to skip"), ("sortArrJson", "sorts"), ("filterArrJson", "filters")),
    summary="Download a shared view's records as CSV, when its share allows it (allowCSVDownload)",
)
def export_rows(request):
    view = rows_view(request)
    if request.matchdict["kind"] != "csv":
        raise NotFound("Not found")
    if not (view.meta or {}).get("allowCSVDownload"):
        raise Forbidden("Download is not allowed for this view")
    return exports.csv_response(request, PublicTable(request, view))

"""The public API of a shared view (no sign-in; ``xc-password`` when protected): its meta,
its records, a CSV or XLSX download when allowed."""

from __future__ import annotations

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.api import api_view
from workbench.errors import Forbidden, NotFound
from workbench.exports.services import writer_class
from workbench.views import exports, forms
from workbench.views.kinds import type_of
from workbench.views.public import PublicTable
from workbench.views.public_meta import shared_meta
from workbench.views.types import PUBLIC_FORM, PUBLIC_ROWS

TAGS = ("public",)


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
    "public.view.aggregate",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    query=(
        ("aggregation", 'JSON array of {"field": a shown field, "type": "sum", ...}'),
        ("where", "filter on shown fields"),
        ("filterArrJson", "filters as the GUI sends them"),
    ),
    summary="A shared view's figures (count, sum, average, ...) of shown fields over its records",
)
def aggregate_rows(request):
    return PublicTable(request, rows_view(request)).aggregates()


@api_view(
    "public.view.group",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    query=(
        ("options", "JSON array of the group values to list (null for records without a value)"),
        ("groupLimit", "without options: how many distinct values to list (default 10)"),
        ("groupOffset", "without options: distinct values to skip"),
        ("limit", "records per group (default 10)"),
        ("offset", "records to skip in every group"),
        ("where", "filter on shown fields"),
    ),
    summary="A shared view's records grouped by a shown field: [{key, value: {list, pageInfo}}]",
)
def grouped_rows(request):
    return PublicTable(request, rows_view(request)).grouped(request.matchdict["column_id"])


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
    query=(
        ("offset", "rows to skip: the nc-export-offset of the previous chunk"),
        ("fields", "shown fields to write, in order"),
        ("sortArrJson", "sorts"),
        ("filterArrJson", "filters"),
        ("stream", "true: every record in one streamed file"),
    ),
    summary="Download a shared view's records as CSV or XLSX (kind: csv | excel), when its share allows it",
)
def export_rows(request):
    view = rows_view(request)
    writer_class(request)  # an unknown format is refused before anything is read
    if not (view.meta or {}).get("allowCSVDownload"):
        raise Forbidden("Download is not allowed for this view")
    return exports.export_response(request, PublicTable(request, view))

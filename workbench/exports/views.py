"""The signed-in download of a table or a view (``Permission.DATA_EXPORT``)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from workbench.api import api_view
from workbench.data.query import list_params
from workbench.errors import BadRequest
from workbench.exports.services import Export, requested_names, view_fields
from workbench.records.services import Records
from workbench.security.permissions import Permission
from workbench.tables.models import View
from workbench.views.kinds import type_of
from workbench.views.types import PUBLIC_ROWS

EXPORT_QUERY = (
    ("fields", "fields to write, in order (repeated or comma-separated); default: the view's shown fields"),
    ("offset", "records to skip: the nc-export-offset of the previous chunk"),
    ("where", "filter, e.g. (Status,eq,done)"),
    ("sort", "comma-separated fields, '-' for descending (before the view's sorts)"),
    ("stream", "true: every record in one streamed file (header wb-export-total: the record count)"),
    ("timezone", "the time zone date-times are written in (IANA name, default UTC)"),
)


def _default_view(request, table_id: str):
    return request.dbsession.scalars(
        sa.select(View)
        .where(View.table_id == table_id, View.is_default.is_(True))
        .options(selectinload(View.filters), selectinload(View.sorts), selectinload(View.columns))
        .limit(1)
    ).first()


@api_view(
    "v1.records.export",
    "GET",
    Permission.DATA_EXPORT,
    tags=("records v1",),
    query=EXPORT_QUERY,
    summary="Download records as CSV or XLSX (kind: csv | excel), in chunks (nc-export-offset) or streamed",
)
def export_records(request):
    records = Records(request)
    view = records.view or _default_view(request, records.table.id)
    if view is not None and type_of(request.registry, view).public != PUBLIC_ROWS:
        raise BadRequest(f"View '{view.title}' has no records to download")
    model = records.model
    names = requested_names(request)
    fields = [model.get(name) for name in names] if names else view_fields(model, view)
    params = list_params(request, model, view, paging=False)
    engine = request.registry["source_engines"].get(records.table.source)
    title = view.title if view is not None and records.view is not None else records.table.title
    return Export(request, engine, model, params, fields, title).response()

"""Files of a shared view: an attachment shown by the view can be downloaded without
signing in, as ``/shared-view/{uuid}/download/<project>/<token>/<name>`` (the file object's
``path`` with ``api/v1/db/storage/download/`` replaced). A file is served only if a record
the view lets the public read holds it in a shown Attachment field."""

from __future__ import annotations

import sqlalchemy as sa
from pyramid.response import FileIter, Response
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.api import api_view
from workbench.data.filters import stored_filters_clause
from workbench.errors import NotFound
from workbench.storage import filetypes, keys
from workbench.storage.interfaces import FileMissing
from workbench.storage.views import DOWNLOAD_HEADERS
from workbench.views.api.public_views import rows_view
from workbench.views.public import PublicTable


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _shown_somewhere(public: PublicTable, key: keys.Key) -> bool:
    fields = [f for f in public.fields if f.type.holds_files and f.sa_column is not None]
    if not fields:
        return False
    pattern = f"%{_escape_like(str(key))}%"
    holds = sa.or_(*(sa.cast(f.sa_column, sa.Text).like(pattern, escape="\\") for f in fields))
    statement = sa.select(sa.literal(1)).select_from(public.model.table).where(holds)
    clause = stored_filters_clause(public.model, list(public.view.filters))
    if clause is not None:
        statement = statement.where(clause)
    return public.connection.execute(statement.limit(1)).first() is not None


@api_view(
    "public.view.download",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("public",),
    response={"type": "string"},
    summary="Download a file held by a shown attachment field of a shared view's records",
)
def download(request):
    view = rows_view(request)
    public = PublicTable(request, view)
    md = request.matchdict
    try:
        key = keys.validate(keys.Key(md["project_id"], md["token"], md["name"]))
    except keys.InvalidKey:
        raise NotFound("File not found") from None
    if key.project_id != public.ref.project_id or not _shown_somewhere(public, key):
        raise NotFound("File not found")
    try:
        stream, size, mimetype = request.storage.open(key)
    except FileMissing:
        raise NotFound("File not found") from None
    response = Response(app_iter=FileIter(stream), content_type=mimetype, content_length=size)
    response.headers.update(DOWNLOAD_HEADERS)
    disposition = "inline" if filetypes.inline(mimetype) else "attachment"
    response.headers["Content-Disposition"] = f'{disposition}; filename="{key.name}"'
    return response

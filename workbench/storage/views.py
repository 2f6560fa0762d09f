"""Upload files (multipart or by URL) to a project, and download them with a check that
the caller may read that project's data."""

from __future__ import annotations

from pydantic import ValidationError
from pyramid.response import FileIter, Response

from workbench.api import api_view
from workbench.errors import BadRequest, NotFound, PayloadTooLarge
from workbench.requests import format_validation_error
from workbench.security.permissions import Permission
from workbench.storage import filetypes, keys
from workbench.storage.downloads import redirect_response
from workbench.storage.interfaces import FileMissing
from workbench.storage.rules import MAX_FILES
from workbench.storage.schemas import FileObjectList, UrlList

UPLOAD_QUERY = (
    ("project_id", "the project the files belong to (or base_id)"),
    ("column_id", "the Attachment field they are for: its accepted types and size limit apply"),
    ("path", "NocoDB's noco/<base>/<table>/<column>, instead of project_id and column_id"),
)
# A downloaded file is data, never a page of ours: no sniffing, no scripts, no framing.
DOWNLOAD_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, max-age=3600",
}


def _rules(request):
    column = request.context.column
    return request.storage.rules.for_field(column.meta if column is not None else None)


def _store_all(request, items, store_one) -> list[dict]:
    """Store every item or none: files saved before a failure are deleted. The answer's file
    objects carry their signed links, so a client shows an uploaded image at once (the links
    are not stored: a record keeps the plain file objects)."""
    stored: list[dict] = []
    try:
        for item in items:
            stored.append(store_one(item))
    except BaseException:
        request.storage.discard(stored)
        raise
    return request.storage.signed(stored, request.context.project_id)


def _uploaded_parts(request) -> list:
    if not (request.content_type or "").startswith("multipart/form-data"):
        raise BadRequest("Expected a multipart/form-data body with the files")
    try:
        fields = request.POST
    except (ValueError, TypeError, KeyError, UnicodeDecodeError):
        raise BadRequest("Malformed multipart body") from None
    parts = [v for v in fields.values() if getattr(v, "filename", None) and getattr(v, "file", None)]
    if not parts:
        raise BadRequest("No file uploaded")
    if len(parts) > MAX_FILES:
        raise BadRequest(f"At most {MAX_FILES} files can be uploaded at once")
    return parts


@api_view(
    "storage.upload",
    "POST",
    Permission.ATTACHMENT_UPLOAD,
    tags=("storage",),
    query=UPLOAD_QUERY,
    response=FileObjectList,
    summary="Upload one or more files (multipart/form-data) to a project",
)
def upload(request):
    parts = _uploaded_parts(request)
    rules = _rules(request)
    project_id = request.context.project_id
    return _store_all(
        request, parts, lambda part: request.storage.store(project_id, part.filename, part.type, part.file, rules)
    )


@api_view(
    "storage.upload_by_url",
    "POST",
    Permission.ATTACHMENT_UPLOAD,
    tags=("storage",),
    query=UPLOAD_QUERY,
    body=UrlList,
    response=FileObjectList,
    summary="Fetch files from public URLs and store them in a project",
)
def upload_by_url(request):
    limit = int(request.registry.settings["workbench.max_body_size"])
    if len(request.body) > limit:
        raise PayloadTooLarge(f"Request body too large (limit {limit} bytes)")
    try:
        items = UrlList.model_validate(request.json_payload).root
    except ValidationError as exc:
        raise BadRequest(format_validation_error(exc)) from None
    rules = _rules(request)
    project_id = request.context.project_id
    return _store_all(
        request,
        items,
        lambda item: request.storage.store_url(project_id, item.url, item.fileName, item.mimetype, rules),
    )


@api_view(
    "storage.download",
    "GET",
    Permission.DATA_READ,
    tags=("storage",),
    response={"type": "string"},
    summary=(
        "Download a stored file (the path of an attachment's file object); from an object store, "
        "a redirect to its short-lived URL"
    ),
)
def download(request):
    md = request.matchdict
    try:
        key = keys.validate(keys.Key(request.context.project_id, md["token"], md["name"]))
    except keys.InvalidKey:
        raise NotFound("File not found") from None
    redirect = redirect_response(request, key, key.name, inline=True)
    if redirect is not None:
        return redirect
    try:
        stream, size, mimetype = request.storage.open(key)
    except FileMissing:
        raise NotFound("File not found") from None
    response = Response(app_iter=FileIter(stream), content_type=mimetype, content_length=size)
    response.headers.update(DOWNLOAD_HEADERS)
    disposition = "inline" if filetypes.inline(mimetype) else "attachment"
    response.headers["Content-Disposition"] = f'{disposition}; filename="{key.name}"'
    return response

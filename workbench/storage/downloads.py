"""Downloads that are not the plain authenticated one: by a signed link (no token needed
until it expires), and NocoDB's ``downloadAttachment`` (a file of a record's Attachment
field, named by its ``path`` or ``url``, served as a download under its title)."""

from __future__ import annotations

import logging
from urllib.parse import quote

from pyramid.httpexceptions import HTTPFound
from pyramid.response import FileIter, Response
from pyramid.security import NO_PERMISSION_REQUIRED
from pyramid.view import exception_view_config

from workbench.api import api_view
from workbench.data.query import read_row
from workbench.errors import BadRequest, Forbidden, NotFound, json_error
from workbench.records.services import Records
from workbench.security.permissions import Permission
from workbench.storage import filetypes, keys, thumbnails
from workbench.storage.interfaces import FileMissing, RedirectsDownloads, StorageError, StorageUnavailable
from workbench.storage.signing import InvalidSignature

log = logging.getLogger(__name__)

# A downloaded file is data, never a page of ours: no sniffing, no scripts, no framing.
DOWNLOAD_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
}


#: what a caller is told when the storage cannot be reached (the log tells the operator why)
UNAVAILABLE = "File storage is unavailable: try again later"


@exception_view_config(StorageError)
def storage_error_view(exc, request):
    """A file that is gone is a 404; storage that cannot be reached a 503 (its reason,
    which names the bucket and endpoint, goes to the log only)."""
    if isinstance(exc, FileMissing):
        return json_error(request, 404, "File not found")
    if isinstance(exc, StorageUnavailable):
        log.warning("file storage failed on %s %s: %s", request.method, request.path, exc)
        return json_error(request, 503, UNAVAILABLE)
    log.exception("storage error on %s %s", request.method, request.path)
    return json_error(request, 500, "Some internal error occurred")


def redirect_response(request, key: keys.Key, title: str, inline: bool) -> Response | None:
    """A redirect to the backend's own short-lived URL of the file (a backend that
    ``RedirectsDownloads``), or None when Workbench serves the file itself. The caller's
    permission is checked before; a missing file is a 404 as with any backend."""
    backend = request.storage.backend
    if not isinstance(backend, RedirectsDownloads):
        return None
    try:
        request.storage.backend.size(str(key))
    except FileMissing:
        raise NotFound("File not found") from None
    mimetype = filetypes.served_type(key.name)
    kind = "inline" if inline and filetypes.inline(mimetype) else "attachment"
    url = backend.download_url(str(key), content_type=mimetype, disposition=_disposition(kind, title, key.name))
    response = HTTPFound(location=url)
    # the URL expires: the redirect itself is never reused
    response.headers["Cache-Control"] = "no-store"
    return response


def file_response(request, key: keys.Key, title: str, inline: bool, cache: str) -> Response:
    redirect = redirect_response(request, key, title, inline)
    if redirect is not None:
        return redirect
    try:
        stream, size, mimetype = request.storage.open(key)
    except FileMissing:
        raise NotFound("File not found") from None
    response = Response(app_iter=FileIter(stream), content_type=mimetype, content_length=size)
    response.headers.update(DOWNLOAD_HEADERS)
    response.headers["Cache-Control"] = cache
    disposition = "inline" if inline and filetypes.inline(mimetype) else "attachment"
    response.headers["Content-Disposition"] = _disposition(disposition, title, key.name)
    return response


def _disposition(kind: str, title: str, fallback: str) -> str:
    """``attachment; filename="ascii"; filename*=UTF-8''title`` (RFC 6266)."""
    return f"{kind}; filename=\"{fallback}\"; filename*=UTF-8''{quote(title, safe='')}"


@api_view(
    "storage.signed",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("storage",),
    query=(("w", "an image scaled down to this width: 320, 640, 768, 1024, 1280 or 1536"),),
    response={"type": "string"},
    summary="Download a stored file by a signed link (a file object's signedPath), until it expires",
)
def signed_download(request):
    md = request.matchdict
    try:
        key = keys.validate(keys.Key(md["project_id"], md["token"], md["name"]))
    except keys.InvalidKey:
        raise NotFound("File not found") from None
    try:
        request.storage.signer.check(key, md["expires"], md["signature"])
    except InvalidSignature as exc:
        raise Forbidden(str(exc)) from None
    width = thumbnails.requested_width(request.params.get("w"))
    cache = "private, max-age=600"
    if width is not None:
        response = _scaled_response(request, key, width, cache)
        if response is not None:
            return response
    return file_response(request, key, key.name, inline=True, cache=cache)


def _scaled_response(request, key: keys.Key, width: int, cache: str) -> Response | None:
    """The image of ``key`` scaled down to ``width``, or None to serve the file itself."""
    try:
        stream, size, mimetype = request.storage.open(key)
    except FileMissing:
        raise NotFound("File not found") from None
    try:
        copy = thumbnails.scaled(stream, size, mimetype, width)
    finally:
        stream.close()
    if copy is None:
        return None
    body, content_type = copy
    response = Response(body=body, content_type=content_type)
    response.headers.update(DOWNLOAD_HEADERS)
    response.headers["Cache-Control"] = cache
    response.headers["Content-Disposition"] = _disposition("inline", key.name, key.name)
    return response


@api_view(
    "storage.download_attachment",
    "GET",
    Permission.DATA_READ,
    tags=("storage",),
    query=(("urlOrPath", "the path (or url) of one file object of the record's Attachment field"),),
    response={"type": "string"},
    summary="Download one file of a record's Attachment field (an external url is redirected to)",
)
def download_attachment(request):
    wanted = (request.params.get("urlOrPath") or "").strip()
    if not wanted:
        raise BadRequest("urlOrPath is required: the path or url of the file")
    records = Records(request)
    md = request.matchdict
    f = records.model.by_id.get(md["column_id"])
    if f is None or not f.type.holds_files:
        raise NotFound(f"Attachment field '{md['column_id']}' not found in table '{records.model.title}'")
    row = read_row(records.connection, records.model, records.key_of_id(md["row_id"]), [f])
    if row is None:
        raise NotFound(f"Record '{md['row_id']}' not found")
    item = next((i for i in row[f.title] or () if wanted in (i.get("path"), i.get("url"))), None)
    if item is None:
        raise NotFound(f"File not found in field '{f.title}' of record '{md['row_id']}'")
    if item.get("path"):
        try:
            key = keys.parse_path(item["path"])
        except keys.InvalidKey:
            raise NotFound("File not found") from None
        if key.project_id != records.table.project_id:
            # a file of another project is served only by the download route, which checks
            # the caller's access to that project
            raise NotFound("File not found")
        return file_response(request, key, item.get("title") or key.name, inline=False, cache="private, max-age=60")
    return HTTPFound(location=item["url"])

"""Attachment cells hold a JSON array of file objects, as NocoDB stores them:
``{path | url, title, mimetype, size}``.

Read through the API, each stored file also carries a link that works without a token
for a while (``signedPath``, see ``workbench.storage.signing``), added from the storage
service of the app serving the request; outside a request (scripts) none is added.

``path`` is where Workbench's download route serves a stored file (checked to be a
well-formed storage key, so a cell can never point outside the storage root). A stored
file belongs to the project it was uploaded to (the first part of its key): a cell only
takes files of its own table's project, and only those get a signed link when read, so
a path copied from another project can neither be written nor turned into a download
that skips that project's access check. ``url`` is
an external ``http(s)`` address. Signed or temporary fields clients send back
(``signedPath``, ``signedUrl``, ``data``) are dropped. The column's meta may limit the
count (``maxNumberOfAttachments``) and the types (``supportedAttachmentMimeTypes``).
"""

from __future__ import annotations

import json
from typing import ClassVar
from urllib.parse import urlsplit

import sqlalchemy as sa
from pyramid.threadlocal import get_current_registry

from workbench.plugin_api import FieldType, FieldValueError, file_types, storage_keys
from workbench.plugin_api import operators as ops

#: a hard cap on files per cell, whatever the field says
MAX_FILES = 100
URL_MAX_LENGTH = 2083
_OPTIONAL_INTS = ("size", "width", "height")


def _clean_url(url) -> str:
    if not isinstance(url, str) or len(url) > URL_MAX_LENGTH or any(c.isspace() for c in url):
        raise FieldValueError("url must be an http or https address")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FieldValueError("url must be an http or https address")
    return url


def _clean_item(item, patterns: tuple[str, ...], project_id: str | None) -> dict:
    if not isinstance(item, dict):
        raise FieldValueError("each attachment must be an object with a path or a url")
    out: dict = {}
    if item.get("path") is not None:
        try:
            key = storage_keys.parse_path(item["path"])
        except storage_keys.InvalidKey as exc:
            raise FieldValueError(f"invalid path: {exc}") from None
        if project_id is not None and key.project_id != project_id:
            raise FieldValueError("invalid path: the file was not uploaded to this project")
        out["path"] = key.path
        default_title = key.name
    elif item.get("url") is not None:
        out["url"] = _clean_url(item["url"])
        default_title = urlsplit(item["url"]).path.rsplit("/", 1)[-1]
    else:
        raise FieldValueError("each attachment needs a path (from an upload) or a url")
    title = item.get("title")
    if title is not None and not isinstance(title, str):
        raise FieldValueError("title must be text")
    out["title"] = storage_keys.display_title(title or default_title)
    declared = item.get("mimetype")
    if declared is not None and file_types.clean_declared(declared) is None:
        raise FieldValueError(f"{declared!r} is not a file type")
    out["mimetype"] = (
        file_types.clean_declared(declared) or file_types.from_name(out["title"]) or file_types.OCTET_STREAM
    )
    if not file_types.accepted(out["mimetype"], patterns):
        raise FieldValueError(f"target file is not an accepted file type: {', '.join(patterns)}")
    for name in _OPTIONAL_INTS:
        value = item.get(name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise FieldValueError(f"{name} must be a whole number of at least 0")
        out[name] = value
    return out


_EXAMPLE = {
    "path": storage_keys.DOWNLOAD_PREFIX + "p_example/" + "A" * 24 + "/photo.png",
    "title": "Photo ☃.png",
    "mimetype": "image/png",
    "size": 10,
}


class Attachment(FieldType):
    name = "Attachment"
    holds_files = True
    value_schema: ClassVar[dict] = {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "title": {"type": "string"},
                "mimetype": {"type": "string"},
                "size": {"type": "integer"},
                "path": {"type": "string"},
                "url": {"type": "string"},
            },
        },
    }
    icon = "paperclip"
    group = "file"
    order = 600
    sortable = False
    groupable = False
    export_as = "files"
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {
            "meta": {
                "type": "object",
                "properties": {
                    "maxNumberOfAttachments": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": MAX_FILES,
                        "title": "setting.maxNumberOfAttachments",
                    },
                    "supportedAttachmentMimeTypes": {
                        "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}],
                        "examples": [["image/*", "application/pdf"]],
                        "title": "setting.supportedAttachmentMimeTypes",
                    },
                },
            }
        },
    }
    operators = frozenset({"like", "nlike"}) | ops.BLANK | ops.NULLS
    search = "like"
    dt = "text"
    examples = (
        ([_EXAMPLE], [_EXAMPLE]),
        (
            {"url": "https://example.com/a.pdf", "signedUrl": "x"},
            [{"url": "https://example.com/a.pdf", "title": "a.pdf", "mimetype": "application/pdf"}],
        ),
        ([], None),
        (None, None),
    )
    invalid_examples = ("not json", [5], [{"path": "../../etc/passwd"}], [{"url": "javascript:alert(1)"}])

    def sql_type(self, dialect):
        return sa.Text()

    @property
    def project_id(self) -> str | None:
        """The project the field's files belong to (None outside a table: contract checks)."""
        return getattr(self.column, "project_id", None)

    def _limits(self) -> tuple[int, tuple[str, ...]]:
        count = self.meta.get("maxNumberOfAttachments")
        if isinstance(count, bool) or not isinstance(count, int) or count <= 0:
            count = MAX_FILES
        try:
            patterns = file_types.parse_patterns(self.meta.get("supportedAttachmentMimeTypes") or ())
        except ValueError:
            patterns = ()
        return min(count, MAX_FILES), patterns

    def to_db(self, value):
        if isinstance(value, str):
            if not value.strip():
                return None
            try:
                value = json.loads(value)
            except ValueError:
                raise FieldValueError("expected a list of file objects (JSON)") from None
        if value is None or value == []:
            return None
        if isinstance(value, dict):
            value = [value]
        if not isinstance(value, list):
            raise FieldValueError("expected a list of file objects")
        limit, patterns = self._limits()
        if len(value) > limit:
            raise FieldValueError(f"at most {limit} attachments are allowed")
        items = []
        for index, item in enumerate(value, 1):
            try:
                items.append(_clean_item(item, patterns, self.project_id))
            except FieldValueError as exc:
                raise FieldValueError(f"attachment {index}: {exc}") from None
        return json.dumps(items, separators=(",", ":"), ensure_ascii=False)

    def to_api(self, value):
        """The stored list; text that is not a list of objects (written by something else)
        reads as no attachments rather than breaking the whole record."""
        if value is None:
            return None
        try:
            items = json.loads(value) if isinstance(value, (str, bytes)) else value
        except ValueError:
            return None
        if not isinstance(items, list):
            return None
        items = [item for item in items if isinstance(item, dict)]
        storage = _storage()
        return storage.signed(items, self.project_id) if storage is not None and items else items

    def filter_value(self, text):
        return text


def _storage():
    """The storage service of the app serving the current request, if any."""
    registry = get_current_registry()
    return registry.get("storage") if isinstance(registry, dict) else None

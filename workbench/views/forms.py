"""Submitting a shared form: only the form's shown fields are accepted, the form's required
rules apply, attachments come as files of a multipart body, and no created-by is set (the
public has no identity). Errors are 400 ``{msg}`` naming the field."""

from __future__ import annotations

import json

from workbench.data.query import row_id_of
from workbench.data.writes import RowWriter
from workbench.errors import APIError, BadRequest
from workbench.storage.rules import MAX_FILES
from workbench.views.public import PublicTable
from workbench.views.public_links import PublicLink, is_link


def is_required(column, settings: dict, foreign_key=None) -> bool:
    """Required: required without a default, a primary key that is neither auto-increment nor
    defaulted, or marked required in the form; a link whose stored key (``foreign_key``) is
    required without a default."""
    if settings.get("required"):
        return True
    if foreign_key is not None and foreign_key.cdf is None and foreign_key.rqd:
        return True
    if column.ai or column.system:
        return False
    return column.cdf is None and (bool(column.rqd) or bool(column.pk))


def _blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or value == [] or value == {}


def _parse_body(request) -> tuple[dict, list]:
    """``(data, file parts)`` from a JSON body or a multipart one (``data`` + files)."""
    content_type = request.content_type or ""
    if content_type.startswith("multipart/form-data"):
        try:
            fields = request.POST
        except (ValueError, TypeError, KeyError, UnicodeDecodeError):
            raise BadRequest("Malformed multipart body") from None
        raw = fields.get("data")
        try:
            data = json.loads(raw) if isinstance(raw, str) and raw.strip() else {}
        except ValueError:
            raise BadRequest("data must be a JSON object") from None
        files = [(name, part) for name, part in fields.items() if getattr(part, "filename", None) is not None]
    else:
        data, files = request.json_payload, []
        if data is None:
            data = {}
    if not isinstance(data, dict):
        raise BadRequest("data must be a JSON object")
    if len(files) > MAX_FILES:
        raise BadRequest(f"At most {MAX_FILES} files can be uploaded at once")
    return data, files


def _field_of_part(name: str) -> str:
    """NocoDB's clients name file parts ``_<field>`` or ``<field>[n]``."""
    if name.startswith("_"):
        name = name[1:]
    if name.endswith("]") and "[" in name:
        name = name[: name.rindex("[")]
    return name


def submit(request, view, form_settings) -> dict:
    public = PublicTable(request, view)
    data, files = _parse_body(request)
    settings_of = {vc.column_id: form_settings(vc) for vc in view.columns if vc.show}
    values: dict = {}
    links: dict[str, PublicLink] = {}
    for name, value in data.items():
        f = public.model.find(str(name))
        if f is None or f.id not in settings_of:
            raise BadRequest(f"Field '{name}' is not in this form")
        values[f.id] = value
    for f in public.model.fields:
        if f.id in settings_of and is_link(f):
            links[f.id] = PublicLink(public, f.id)
    stored: list[dict] = []
    try:
        for name, part in files:
            f = public.model.find(_field_of_part(name))
            if f is None or f.id not in settings_of or not f.type.holds_files:
                raise BadRequest(f"Field '{_field_of_part(name)}' is not an attachment field of this form")
            rules = request.storage.rules.for_field(f.column.meta)
            item = request.storage.store(public.ref.project_id, part.filename, part.type, part.file, rules)
            stored.append(item)
            current = values.get(f.id)
            if isinstance(current, str):
                try:
                    current = json.loads(current)
                except ValueError:
                    current = None
            values[f.id] = [*(current if isinstance(current, list) else []), item]
        for f in public.model.fields:
            link = links.get(f.id)
            foreign_key = _foreign_key(link)
            if (
                f.id in settings_of
                and is_required(f.column, settings_of[f.id], foreign_key)
                and _blank(values.get(f.id))
            ):
                label = settings_of[f.id].get("label") or f.title
                raise BadRequest(f"{label} is required", field=f.title)
        linked = {fid: link.keys(values.pop(fid, None)) for fid, link in links.items()}
        record = {public.model.by_id[fid].title: v for fid, v in values.items()}
        for fid, keys in linked.items():
            foreign_key = _foreign_key(links[fid])
            if foreign_key is not None and keys:
                record[public.model.by_id[foreign_key.id].title] = keys[0]
        public.work.begin_write()
        writer = RowWriter(request, public.ref, public.model, public.connection)
        try:
            row = writer.insert([record], want_rows=True)[0]
            for fid, keys in linked.items():
                if keys and not links[fid].stores_key:
                    links[fid].relation.link_records(request, row_id_of(public.model, row), keys)
        except APIError as exc:
            raise BadRequest(exc.msg, **exc.extra) from None
    except BaseException:
        request.storage.discard(stored)
        raise
    return public.public_row(row)


def _foreign_key(link: PublicLink | None):
    """The meta column of the key a link stores in the record (None for other links)."""
    return link.stored_key.column if link is not None and link.stored_key is not None else None

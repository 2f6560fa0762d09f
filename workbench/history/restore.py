"""Bringing a deleted record back from its delete entry: its values under its own key,
then its links (the related records that still exist), in one unit of work. The record's
entry is ``restore``, naming the delete entry it came from; the links made again are
recorded as links.

Values of fields deleted since are dropped, fields added since take their defaults, and a
record that exists again under the same key is not overwritten (409).
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.errors import BadRequest, Conflict, NotFound
from workbench.history.entries import loads

_RESTORING = "_workbench_history_restoring"


def restoring(request) -> int | None:
    """The delete entry being restored by this request, if any."""
    return request.__dict__.get(_RESTORING)


def _values(model, record: dict) -> dict:
    data = {}
    for title, value in record.items():
        f = model.by_title.get(title)
        if f is None or f.sa_column is None or f.computed or f.auto:
            continue
        if f.type.read_only and not (f.column.pk and f.column.ai):
            continue
        data[title] = value
    return data


def _existing(request, connection, related_table_id: str, ids: list) -> list:
    from workbench.records.loading import load_table_ref_by_id, model_for

    try:
        ref = load_table_ref_by_id(request, related_table_id)
    except NotFound:
        return []
    related = model_for(request, ref, connection.dialect.name)
    if len(related.pk_fields) != 1 or not ids:
        return []
    pk = related.pk_fields[0].sa_column
    found = set(connection.execute(sa.select(pk).select_from(related.table).where(pk.in_(ids))).scalars())
    return [i for i in ids if i in found]


def restore(request, records, entry) -> dict:
    """Restore the record of delete ``entry`` into the request's table (``records``: a
    ``workbench.records.services.Records``); answers the record's key."""
    detail = loads(entry.detail) or {}
    record = detail.get("record")
    if entry.op != "delete" or not isinstance(record, dict) or not entry.row_id:
        raise BadRequest("Only a deleted record can be restored")
    model = records.model
    pk_titles = [f.title for f in model.pk_fields]
    if any(record.get(t) is None for t in pk_titles):
        raise BadRequest("The deleted record's key is not known")
    writer = records.writer()
    data = _values(model, record)
    request.__dict__[_RESTORING] = entry.id
    try:
        # Belongs-to keys whose record is gone are left empty.
        for f in model.fields:
            if f.title in data and data[f.title] is not None and getattr(f.type, "check_values", None):
                try:
                    f.type.check_values(records.connection, [f.type.to_db(data[f.title])])
                except Exception:
                    data[f.title] = None
        try:
            keys = writer.insert([data])
        except Conflict:
            raise Conflict("A record with the same key exists already") from None
    finally:
        request.__dict__.pop(_RESTORING, None)
    key = keys[0]
    row_id = records.row_id(key)
    for field_id, ids in (detail.get("links") or {}).items():
        f = model.by_id.get(field_id)
        if f is None or not getattr(f.type, "links_records", False) or not hasattr(f.type, "link_records"):
            continue
        related_table_id = f.type.related_table_id()
        present = _existing(request, records.connection, related_table_id, list(ids or []))
        if present:
            f.type.link_records(request, row_id, present)
    return {title: key.get(title) for title in pk_titles}

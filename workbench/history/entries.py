"""What an entry's ``detail`` holds, built from the rows the writers hand over.

- ``update``: ``{"changes": [{"id", "title", "old", "new"}]}``, one item per stored field
  whose value changed (system fields, such as the update time, are left out);
- ``delete``: ``{"record": {title: value}}``, every stored field of the record as the API
  showed it, and ``{"links": {field id: [related record ids]}}`` when it had links: what
  restoring it writes back; ``"links_kept": false`` when the delete was too large for
  its has-many and many-to-many links to be read (``workbench.history.links``);
- ``link`` / ``unlink``: ``{"field": {"id", "title"}, "table_id", "ids"}``, the related
  records;
- ``restore``: ``{"from": id of the delete entry}``;
- ``import``: ``{"job", "rows"}``, the rows the job added to the table so far;
- schema changes: ``{"title", "uidt", "table_title", ...}`` of the table or field.
"""

from __future__ import annotations

import datetime as dt
import decimal
import json

from workbench.realtime.messages import PK_SEPARATOR


def _default(value):
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return str(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def dumps(detail: dict | None) -> str | None:
    return None if detail is None else json.dumps(detail, default=_default, ensure_ascii=False, separators=(",", ":"))


def loads(text: str | None) -> dict | None:
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def row_key(row: dict | None, pk_titles: list[str]) -> str | None:
    """A record's id as the API shows it (composite keys joined by ``___``)."""
    if not row or not pk_titles:
        return None
    values = [row.get(title) for title in pk_titles]
    if any(v is None for v in values):
        return None
    return str(values[0]) if len(values) == 1 else PK_SEPARATOR.join(str(v) for v in values)


def recorded_fields(model) -> list:
    """The fields an entry names: stored, written by people (not system, not computed)."""
    return [
        f for f in model.fields if f.sa_column is not None and not f.computed and not f.column.system and not f.auto
    ]


def update_detail(fields, before: dict, after: dict) -> dict | None:
    changes = []
    for f in fields:
        title = f.title
        old, new = before.get(title), after.get(title)
        if old != new:
            changes.append({"id": f.id, "title": title, "old": old, "new": new})
    return {"changes": changes} if changes else None


def delete_detail(model, before: dict) -> dict:
    keep = {f.title for f in model.fields if f.sa_column is not None and not f.computed}
    return {"record": {title: value for title, value in before.items() if title in keep}}

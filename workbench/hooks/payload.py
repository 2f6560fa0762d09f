"""NocoDB's fixed version-2 payload of a hook's event:

    {"type": "records.after.insert", "id": "<event id>",
     "data": {"table_id", "table_name", "view_id", "view_name",
              "rows" | "previous_rows" | "rows_inserted"}}

``rows`` are the records after the change (before it, for a delete), ``previous_rows``
before an update, ``rows_inserted`` the count of a bulk insert (whose ``rows`` come too).
Values are written as each field's export form makes them (``workbench.hooks.values``).
``view_id`` and ``view_name`` are the table's default view.
"""

from __future__ import annotations

import uuid

import orjson

from workbench.fields.interfaces import FieldValueError
from workbench.fields.lookup import field_type

#: which rows of a change each operation sends
_SENDS = {
    "insert": ("rows",),
    "bulkInsert": ("rows", "rows_inserted"),
    "update": ("previous_rows", "rows"),
    "bulkUpdate": ("previous_rows", "rows"),
    "delete": ("rows",),
    "bulkDelete": ("rows",),
    "trigger": ("rows",),
}


_ENCODING = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS


def encode(event: dict) -> str:
    """An event as the outbox keeps it: compact JSON (a value JSON has no form for, a date
    or a decimal, as its text), written fast: a bulk write's event holds thousands of rows."""
    return orjson.dumps(event, default=str, option=_ENCODING).decode()


def new_event_id() -> str:
    return str(uuid.uuid4())


def event_type(hook_event: str, operation: str) -> str:
    return f"records.{hook_event}.{operation}"


def build(hook, table: dict, befores: list, afters: list, event_id: str | None = None, write=None) -> dict:
    """The payload of ``hook``'s event for rows before and after the change; ``table``
    holds ``id``, ``title``, ``view_id`` and ``view_name``; ``write`` turns a record's API
    values into the payload's (a list of records in, a list out: ``workbench.hooks.values``)."""
    if write is not None:
        befores = write(befores)
        afters = write(afters)
    sends = _SENDS.get(hook.operation, ("rows",))
    data = {
        "table_id": table["id"],
        "table_name": table["title"],
        "view_id": table.get("view_id"),
        "view_name": table.get("view_name"),
    }
    deleting = hook.operation in ("delete", "bulkDelete")
    if "previous_rows" in sends:
        data["previous_rows"] = befores
    if "rows" in sends:
        data["rows"] = befores if deleting else afters
    if "rows_inserted" in sends:
        data["rows_inserted"] = len(afters)
    return {"type": event_type(hook.event, hook.operation), "id": event_id or new_event_id(), "data": data}


def _example(ftype):
    """A value of a field type as the API shows it: from its first example that stores one."""
    for given, _stored in getattr(ftype, "examples", ()) or ():
        if given is None:
            continue
        try:
            return ftype.to_api(ftype.to_db(given))
        except (FieldValueError, ValueError, TypeError):  # it needs options the field lacks
            continue
    return None


def sample_row(registry, columns) -> dict:
    """A made-up record of a table (each stored field's value from its type's examples),
    for test calls and the sample payload."""
    row = {}
    for column in columns:
        ftype = field_type(registry, column)
        if getattr(ftype, "virtual", False):
            continue
        row[column.title] = 1 if column.pk else _example(ftype)
    return row


def sample(registry, hook, table: dict, columns, write=None) -> dict:
    row = sample_row(registry, columns)
    before = {**row}
    return build(hook, table, [before], [row], write=write)

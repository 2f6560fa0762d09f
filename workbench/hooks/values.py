"""A record's values as a hook's payload carries them: each field's value written as its
type's export form (``export_as``, the catalogue's ``capabilities.export``) makes it, as a
CSV export would: a date in the field's date format, a link as the display values of its
records and an attachment as its files' addresses (comma-separated), a select as its
text; numbers, booleans and empty values stay JSON numbers, booleans and null.

Link fields' values are completed at the write (the linked records, as a read of the records
gives them), on the write's own connection; the values are written in their export form when
the event is delivered, so that a bulk write's thousands of records cost the write nothing
more (the outbox keeps the server's address for stored files beside the event). Conditions
are decided on the records API's values; only the payload is written so.
"""

from __future__ import annotations

import datetime as dt
import decimal
from collections.abc import Callable

import sqlalchemy as sa

from workbench.data.unit import data_transaction
from workbench.exports.cells import CellContext, column_for
from workbench.exports.dates import DEFAULT_DATE, DEFAULT_DATETIME
from workbench.fields.lookup import field_type
from workbench.records.expand import expand_rows, expanding_fields
from workbench.records.loading import load_table_ref_by_id, model_for
from workbench.tables.models import Column

Writer = Callable[[list], list]


def _json_value(cell, text: Callable):
    if isinstance(cell, (dt.date, dt.datetime)):
        return text(cell)
    if isinstance(cell, decimal.Decimal):
        return int(cell) if cell == cell.to_integral_value() else float(cell)
    return cell


#: export kinds whose cell is the value itself for values of these exact types
_PLAIN = {
    "text": (str, int, float, bool),
    "number": (int, float, bool),
    "boolean": (bool,),
}


_MISS = object()


def _iso_date(value):
    """A date in the default pattern is its ISO text, as the API gives it."""
    return value if type(value) is str and len(value) == 10 else _MISS


def _utc_datetime(value):
    """A UTC datetime in the default pattern: the API's ``YYYY-MM-DD HH:MM:SS+00:00``
    without its zone."""
    if type(value) is str and len(value) == 25 and value[10] == " " and value.endswith("+00:00"):
        return value[:19]
    return _MISS


def _shortcut(export, context):
    """What writes the commonest values of a column at once (``_MISS``: the long way)."""
    if export.kind == "date" and export.pattern == DEFAULT_DATE:
        return _iso_date
    if export.kind == "datetime" and export.pattern == DEFAULT_DATETIME and context.timezone is None:
        return _utc_datetime
    return None


def writer_for(registry, columns, base_url: str) -> Callable[[dict], dict]:
    """How a record (``{title: API value}``) of a table with ``columns`` is written. A value
    its export form keeps as it is (text, a number, a boolean, a date in ISO form) takes no
    conversion: a bulk write's thousands of records are written in a few milliseconds."""
    context = CellContext(base_url=base_url)
    cells = []
    for column in columns:
        ftype = field_type(registry, column)
        export = column_for(column.title, ftype, context)
        cells.append((column.title, export.cell, export.text, _PLAIN.get(export.kind, ()), _shortcut(export, context)))

    def write(row: dict) -> dict:
        out = dict(row)
        for title, cell, text, plain, shortcut in cells:
            value = out.get(title)
            if value is None or type(value) in plain:
                continue
            written = shortcut(value) if shortcut is not None else _MISS
            out[title] = _json_value(cell(value), text) if written is _MISS else written
        return out

    return write


def linked(request, table_id: str) -> Writer:
    """What a write does to the records of its events: completes their link fields (the
    linked records as they are now); their values are written in their export form when the
    event is delivered (``written``), off the write's path."""
    return lambda rows: _expanded(request, table_id, rows)


#: where an event in the outbox keeps the server's address its stored files are read at
#: (taken off before delivery: receivers get NocoDB's payload)
BASE_KEY = "_wb_base_url"
_ROWS = ("rows", "previous_rows")


def with_base(event: dict, request) -> dict:
    return {**event, BASE_KEY: base_url(request)}


def written(registry, event: dict) -> dict:
    """An event from the outbox as it is delivered: its records' values in their export
    form (with the table's fields as they are now)."""
    base = event.pop(BASE_KEY, None)
    if base is None:
        return event
    data = event.get("data") or {}
    if not any(data.get(key) for key in _ROWS):
        return event
    from sqlalchemy.orm import Session

    with Session(registry["db_engine"]) as session:
        columns = session.scalars(
            sa.select(Column).where(Column.table_id == data.get("table_id")).order_by(Column.order)
        ).all()
        write_one = writer_for(registry, columns, base)
    event["data"] = {key: [write_one(r) for r in value] if key in _ROWS else value for key, value in data.items()}
    return event


def _expanded(request, table_id: str, rows: list) -> list:
    """Copies of ``rows`` whose link fields hold the linked records."""
    if not rows:
        return rows
    ref = load_table_ref_by_id(request, table_id)
    work = data_transaction(request, ref.source)
    model = model_for(request, ref, work.dialect)
    if not expanding_fields(model.fields):
        return rows
    copies = [dict(row) for row in rows]
    return expand_rows(request, work.connection, model, model.fields, copies)


def base_url(request) -> str:
    configured = (request.registry.settings.get("workbench.site_url") or "").strip()
    return configured.rstrip("/") if configured else request.application_url.rstrip("/")

"""What each exported column writes: a field's API value turned into a cell by its type's
``export_as`` capability, and a cell turned into CSV text.

A cell is ``None``, text, a number, a boolean, a date or a datetime (naive, in the time
zone of the export). The kinds (``export_as``):

- ``text`` (and any kind this module does not know): text; a list or an object is written
  as its JSON text;
- ``number``, ``boolean``: the value itself;
- ``date``, ``datetime``: the date in the field's format (``workbench.exports.dates``);
- ``files``: the address of each file, comma-separated (a stored file's path made absolute
  on the server's address);
- ``records``: the display value of each linked record, comma-separated (the API gives a
  record as ``{key title: key, display title: display value}``: its last value);
- ``list``: each value written as the field type ``export_item()`` answers says,
  comma-separated.

CSV cells that start with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return are
neutralised with a leading ``'`` when asked (a spreadsheet would run them as formulas);
XLSX cells are typed, so text is never run there.
"""

from __future__ import annotations

import datetime as dt
import decimal
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from workbench.exports.dates import DEFAULT_DATETIME, pattern_of, text_formatter
from workbench.fields.interfaces import FieldType

#: what a spreadsheet reads as the start of a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SEPARATOR = ", "


@dataclass
class ExportColumn:
    """One column of an export: its header, its kind (``export_as``), how an API value
    becomes a cell, the date pattern of its cells (None unless they are dates), how a cell
    reads as text, and how a value read from the database becomes its API value (None: the
    values are API values already)."""

    title: str
    cell: Callable[[Any], Any]
    pattern: str | None = None
    text: Callable[[Any], str] | None = None
    kind: str = "text"
    to_api: Callable[[Any], Any] | None = None
    timezone: dt.tzinfo | None = None

    def date_text(self) -> Callable[[Any], str]:
        """How a date or datetime cell of this column reads as text (its pattern)."""
        return text_formatter(self.pattern or DEFAULT_DATETIME)

    def raw_cell(self) -> Callable[[Any], Any]:
        """How a value read from the database becomes a cell. A date or a datetime (one
        without a zone is UTC) read as such becomes the cell at once."""
        cell, to_api = self.cell, self.to_api
        if to_api is None:
            return cell
        if self.kind == "date":

            def from_date(value):
                if value.__class__ is dt.date:
                    return value
                return None if value is None else cell(to_api(value))

            return from_date
        if self.kind == "datetime":
            zone = self.timezone

            def from_datetime(value):
                if value.__class__ is dt.datetime and value.tzinfo is None:
                    if zone is None:
                        return value.replace(microsecond=0)
                    return value.replace(tzinfo=dt.UTC, microsecond=0).astimezone(zone).replace(tzinfo=None)
                return None if value is None else cell(to_api(value))

            return from_datetime

        def converted(value):
            return None if value is None else cell(to_api(value))

        return converted


@dataclass(frozen=True)
class CellContext:
    """What cells depend on beyond the field: the server's address (for stored files) and
    the time zone datetimes are written in (None: UTC)."""

    base_url: str = ""
    timezone: dt.tzinfo | None = None


def _json(value) -> str:
    return orjson.dumps(value).decode()


def _text(value):
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (dict, list)):
        return _json(value)
    if isinstance(value, (bool, int, float, decimal.Decimal)):
        return value
    return str(value)


def _number(value):
    if value is None or isinstance(value, (int, float, decimal.Decimal)):
        return value
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            try:
                return float(value)
            except ValueError:
                return value
    return _text(value)


def _boolean(value):
    return value if value is None or isinstance(value, bool) else _text(value)


def _date(value):
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError:
            return value
    return value


def _datetime(timezone):
    def cell(value):
        if isinstance(value, str):
            try:
                value = dt.datetime.fromisoformat(value)
            except ValueError:
                return value
        if isinstance(value, dt.datetime) and value.tzinfo is not None:
            if timezone is not None:
                value = value.astimezone(timezone)
            value = value.replace(tzinfo=None)
        return value

    return cell


def _files(base_url: str):
    prefix = base_url.rstrip("/") + "/"

    def address(item) -> str | None:
        if not isinstance(item, dict):
            return None
        if isinstance(item.get("url"), str):
            return item["url"]
        if isinstance(item.get("path"), str):
            return prefix + item["path"].lstrip("/")
        return None

    def cell(value):
        if value is None:
            return None
        items = value if isinstance(value, list) else [value]
        found = [a for a in map(address, items) if a]
        return SEPARATOR.join(found) if found else None

    return cell


def _display(record) -> str:
    if isinstance(record, dict):
        values = list(record.values())
        record = values[-1] if values else None
    return "" if record is None else str(_text(record))


def _records(value):
    if value is None:
        return None
    items = value if isinstance(value, list) else [value]
    return SEPARATOR.join(_display(item) for item in items) if items else None


def _list(item: ExportColumn):
    def cell(value):
        if value is None:
            return None
        items = value if isinstance(value, list) else [value]
        texts = [item.text(item.cell(v)) for v in items]
        return SEPARATOR.join(t for t in texts if t) or None

    return cell


def column_for(title: str, ftype, context: CellContext, depth: int = 0, raw: bool = False) -> ExportColumn:
    """The export column of a field of type ``ftype`` (a field type instance); ``raw``: its
    values come as the database gives them (``ftype.to_api`` makes them API values)."""
    kind = getattr(ftype, "export_as", None)
    meta = getattr(ftype, "meta", None)
    if kind == "date":
        column = ExportColumn(title, _date, pattern_of(meta, False))
    elif kind == "datetime":
        column = ExportColumn(title, _datetime(context.timezone), pattern_of(meta, True))
    elif kind == "number":
        column = ExportColumn(title, _number)
    elif kind == "boolean":
        column = ExportColumn(title, _boolean)
    elif kind == "files":
        column = ExportColumn(title, _files(context.base_url))
    elif kind == "records":
        column = ExportColumn(title, _records)
    elif kind == "list" and depth < 3:
        item_type = ftype.export_item() if callable(getattr(ftype, "export_item", None)) else None
        item = column_for(title, item_type, context, depth + 1)
        column = ExportColumn(title, _list(item))
    else:
        column = ExportColumn(title, _text)
    column.text = text_writer(column.pattern)
    column.kind = kind if isinstance(kind, str) else "text"
    column.timezone = context.timezone
    if raw and ftype is not None and type(ftype).to_api is not FieldType.to_api:
        column.to_api = ftype.to_api
    return column


def float_text(value: float) -> str:
    if value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    return repr(value)


def text_writer(pattern: str | None) -> Callable[[Any], str]:
    """How a cell reads as text (CSV, and the items of a list)."""
    formatter = text_formatter(pattern) if pattern else None

    def text(value) -> str:
        if value is None:
            return ""
        kind = type(value)
        if kind is str:
            return value
        if kind is bool:
            return "true" if value else "false"
        if kind is int or kind is decimal.Decimal:
            return str(value)
        if kind is float:
            return float_text(value)
        if formatter is not None and isinstance(value, dt.date):
            return formatter(value)
        if isinstance(value, dt.datetime):
            return value.isoformat(" ", "seconds")
        return str(value)

    return text


def neutralise(text: str) -> str:
    """``text`` made inert for spreadsheets: a leading ``'`` when it starts like a formula."""
    return "'" + text if text and text[0] in FORMULA_STARTS else text

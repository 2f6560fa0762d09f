"""Reading OpenDocument spreadsheets (ods, ots) with odfpy: each table's rows as Python
values (cells repeated by ``number-columns-repeated`` expanded, trailing blanks dropped).
The cells kept are counted as they are expanded, so a file is refused past the cell limit
before its rows are built."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from workbench.plugin_api import CellCount

#: a row or cell repeated more than this is blank padding to the sheet's end
MAX_REPEAT = 1000


def read_tables(path: str, cells: CellCount) -> list[tuple[str, list[list]]]:
    from odf import opendocument
    from odf.table import Table

    document = opendocument.load(path)
    tables = []
    for table in document.spreadsheet.getElementsByType(Table):
        tables.append((table.getAttribute("name") or f"Sheet{len(tables) + 1}", list(_rows(table, cells))))
    return tables


def _rows(table, cells: CellCount):
    from odf.table import TableRow

    for row in table.getElementsByType(TableRow):
        repeat = min(int(row.getAttribute("numberrowsrepeated") or 1), MAX_REPEAT)
        values = _cells(row, cells)
        if not values:
            continue
        cells.add(len(values) * (repeat - 1))
        for _ in range(repeat):
            yield list(values)


def _cells(row, cells: CellCount) -> list:
    """The row's values up to its last non-blank one (blank runs are expanded only when a
    value follows them)."""
    values: list = []
    blanks = 0
    for cell in row.childNodes:
        if getattr(cell, "qname", (None, None))[1] not in ("table-cell", "covered-table-cell"):
            continue
        repeat = min(int(cell.getAttribute("numbercolumnsrepeated") or 1), MAX_REPEAT)
        value = _value(cell)
        if value is None:
            blanks += repeat
            continue
        cells.add(blanks + repeat)
        values.extend([None] * blanks)
        values.extend([value] * repeat)
        blanks = 0
    return values


def _value(cell):
    kind = cell.getAttribute("valuetype")
    if kind in ("float", "percentage", "currency"):
        raw = cell.getAttribute("value")
        try:
            number = Decimal(raw)
        except (InvalidOperation, TypeError):
            return None
        return int(number) if number == number.to_integral_value() and abs(number) < 2**53 else float(number)
    if kind == "boolean":
        return cell.getAttribute("booleanvalue") == "true"
    if kind == "date":
        raw = cell.getAttribute("datevalue") or ""
        try:
            moment = dt.datetime.fromisoformat(raw)
        except ValueError:
            return raw or None
        return moment.date() if len(raw) <= 10 else moment
    text = "\n".join(str(p) for p in cell.childNodes if getattr(p, "qname", (None, None))[1] == "p").strip()
    return text or None

"""CSV as NocoDB writes it: a header line of the fields' titles, then one line per record,
fields quoted when needed, lines ended by CRLF, UTF-8.

A page is written a column at a time: texts, numbers, booleans and dates read as such are
written by one comprehension over the column (no call per value); anything else becomes a
cell first (``workbench.exports.cells``)."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable, Sequence

from workbench.exports.cells import FORMULA_STARTS, ExportColumn
from workbench.exports.dates import DEFAULT_DATE, DEFAULT_DATETIME

Texts = Callable[[Sequence], list[str]]


def _inert(text: str) -> str:
    return "'" + text if text and text[0] in FORMULA_STARTS else text


def texts_of(column: ExportColumn, neutralise: bool) -> Texts:
    """How the values of ``column`` on a page (as the reader gives them) are written."""
    cell, text, kind = column.raw_cell(), column.text, column.kind
    starts = FORMULA_STARTS if neutralise else ()
    date_class, datetime_class = dt.date, dt.datetime

    def one(value) -> str:
        if value is None:
            return ""
        value = cell(value)
        if value.__class__ is str:
            return "'" + value if value and value[0] in starts else value
        return text(value)

    if kind == "number":
        return lambda values: [
            str(v)
            if v.__class__ is int
            else (str(int(v)) if v.is_integer() and -1e16 < v < 1e16 else repr(v))
            if v.__class__ is float
            else one(v)
            for v in values
        ]
    if kind == "boolean":
        return lambda values: [
            ("true" if v else "false") if (v.__class__ is bool or v.__class__ is int) else one(v) for v in values
        ]
    if kind == "date":
        if column.pattern == DEFAULT_DATE:
            return lambda values: [v.isoformat() if v.__class__ is date_class else one(v) for v in values]
        written = column.date_text()
        return lambda values: [written(v) if v.__class__ is date_class else one(v) for v in values]
    if kind == "datetime" and column.timezone is None:
        # stored in UTC, written in UTC
        if column.pattern == DEFAULT_DATETIME:
            return lambda values: [
                v.isoformat(" ", "seconds") if v.__class__ is datetime_class and v.tzinfo is None else one(v)
                for v in values
            ]
        written = column.date_text()
        return lambda values: [
            written(v) if v.__class__ is datetime_class and v.tzinfo is None else one(v) for v in values
        ]
    if column.to_api is None and kind not in ("date", "datetime"):
        return lambda values: [
            ("'" + v if v and v[0] in starts else v) if v.__class__ is str else one(v) for v in values
        ]
    return lambda values: [one(v) for v in values]


class CsvWriter:
    """Writes records to CSV bytes a page at a time (``header``, ``rows``..., ``close``)."""

    media_type = "text/csv"
    extension = "csv"
    #: the chunk format of NocoDB's paged download: the file itself
    base64_chunks = False

    def __init__(self, columns: list[ExportColumn], neutralise: bool = True, sheet_name: str = ""):
        self.columns = columns
        self.neutralise = neutralise
        self.writers = [texts_of(c, neutralise) for c in columns]
        self._buffer = io.StringIO()
        self._writer = csv.writer(self._buffer, lineterminator="\r\n")

    def _take(self) -> bytes:
        text = self._buffer.getvalue()
        self._buffer.seek(0)
        self._buffer.truncate()
        return text.encode("utf-8")

    def header(self) -> bytes:
        self._writer.writerow([_inert(c.title) if self.neutralise else c.title for c in self.columns])
        return self._take()

    def rows(self, rows: list[tuple]) -> bytes:
        if not rows:
            return b""
        columns = zip(*rows)  # noqa: B905 (rows have one value per column)
        self._writer.writerows(zip(*[write(values) for write, values in zip(self.writers, columns)]))  # noqa: B905
        return self._take()

    def close(self) -> bytes:
        return b""

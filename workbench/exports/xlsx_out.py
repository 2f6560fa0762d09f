"""A streaming XLSX writer: one worksheet written row by row into a ZIP archive that is
sent as it grows, so memory stays flat whatever the number of rows and the first bytes
leave before the last record is read. Cells follow each other in order, without references
(an empty ``<c/>`` holds the place of a blank one).

The archive is written to a sink that cannot seek (``zipfile`` then puts each entry's
sizes after its data), the worksheet first and the small parts after it. Text is written
inline (no shared-strings table to hold in memory), numbers and booleans typed, dates as
Excel dates with the field's format; the header row is bold.
"""

from __future__ import annotations

import datetime as dt
import decimal
import math
import re
import zipfile

from workbench.exports.cells import ExportColumn
from workbench.exports.dates import excel_format

#: the longest text a cell holds in Excel
MAX_CELL_TEXT = 32767
#: Excel's day 0 (with its 1900 leap-year quirk, dates from March 1900 on are right)
EPOCH = dt.datetime(1899, 12, 30)
EPOCH_DATE = EPOCH.date()
EPOCH_ORDINAL = EPOCH_DATE.toordinal()
#: characters XML 1.0 cannot hold
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
#: what text needs escaped or removed
_SPECIAL = re.compile("[&<>\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_SHEET_NAME_BAD = re.compile(r"[\[\]:*?/\\]")
#: deflate level: 1 is several times faster than the default and the sheet's XML still
#: shrinks about tenfold
COMPRESS_LEVEL = 1

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

CONTENT_TYPES = (
    _XML + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/styles.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    "</Types>"
)
ROOT_RELS = (
    _XML + f'<Relationships xmlns="{_PKG_REL}">'
    '<Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    'Target="xl/workbook.xml"/></Relationships>'
)
WORKBOOK_RELS = (
    _XML + f'<Relationships xmlns="{_PKG_REL}">'
    '<Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
    'Target="worksheets/sheet1.xml"/>'
    '<Relationship Id="rId2" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" '
    'Target="styles.xml"/></Relationships>'
)


def _escape(text: str) -> str:
    if len(text) > MAX_CELL_TEXT:
        text = text[:MAX_CELL_TEXT]
    if not _SPECIAL.search(text):
        return text
    return _INVALID_XML.sub("", text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _inline(text: str) -> str:
    return f'<is><t xml:space="preserve">{_escape(text)}</t></is>'


def _attribute(text: str) -> str:
    return _escape(text).replace('"', "&quot;")


def sheet_name(title: str) -> str:
    """A worksheet name Excel accepts: at most 31 characters, none of ``[]:*?/\\``."""
    name = _SHEET_NAME_BAD.sub(" ", _INVALID_XML.sub("", title or "")).strip().strip("'")[:31]
    return name or "Sheet1"


EMPTY = "<c/>"


def _typed(value, style: int) -> str:
    """The XML of a cell holding ``value`` (cells carry no reference: they follow in order)."""
    kind = value.__class__
    if kind is str:
        return f'<c t="inlineStr">{_inline(value)}</c>' if value else EMPTY
    if kind is int or kind is decimal.Decimal:
        return f"<c><v>{value}</v></c>"
    if kind is float:
        return f"<c><v>{value!r}</v></c>" if math.isfinite(value) else EMPTY
    if kind is bool:
        return f'<c t="b"><v>{int(value)}</v></c>'
    if isinstance(value, dt.datetime):
        delta = value - EPOCH
        serial = delta.days + (delta.seconds + delta.microseconds / 1e6) / 86400
        return f'<c s="{style}"><v>{serial!r}</v></c>'
    if isinstance(value, dt.date):
        return f'<c s="{style}"><v>{(value - EPOCH_DATE).days}</v></c>'
    return EMPTY if value is None else f'<c t="inlineStr">{_inline(str(value))}</c>'


def cells_xml(column: ExportColumn, style: int | None):
    """How the values of ``column`` on a page (as the reader gives them) are written: texts,
    numbers, booleans and dates read as such by one comprehension over the column (no call
    per value); anything else becomes a cell first."""
    cell, kind = column.raw_cell(), column.kind
    style = style or 0
    finite, special = math.isfinite, _SPECIAL.search
    date_class, datetime_class = dt.date, dt.datetime

    def one(value) -> str:
        return EMPTY if value is None else _typed(cell(value), style)

    if kind == "number":
        return lambda values: [
            f"<c><v>{v!r}</v></c>" if v.__class__ is int or (v.__class__ is float and finite(v)) else one(v)
            for v in values
        ]
    if kind == "boolean":
        return lambda values: [
            ('<c t="b"><v>1</v></c>' if v else '<c t="b"><v>0</v></c>')
            if (v.__class__ is bool or v.__class__ is int)
            else one(v)
            for v in values
        ]
    if kind == "date":
        prefix = f'<c s="{style}"><v>'
        return lambda values: [
            f"{prefix}{v.toordinal() - EPOCH_ORDINAL}</v></c>" if v.__class__ is date_class else one(v) for v in values
        ]
    if kind == "datetime" and column.timezone is None:
        prefix = f'<c s="{style}"><v>'
        # stored in UTC, written in UTC
        return lambda values: [
            f"{prefix}{v.toordinal() - EPOCH_ORDINAL + (v.hour * 3600 + v.minute * 60 + v.second) / 86400!r}</v></c>"
            if v.__class__ is datetime_class and v.tzinfo is None
            else one(v)
            for v in values
        ]
    if column.to_api is None and kind not in ("date", "datetime"):
        return lambda values: [
            (
                f'<c t="inlineStr"><is><t xml:space="preserve">{v}</t></is></c>'
                if not special(v) and len(v) <= MAX_CELL_TEXT
                else f'<c t="inlineStr">{_inline(v)}</c>'
            )
            if v.__class__ is str and v
            else one(v)
            for v in values
        ]
    return lambda values: [one(v) for v in values]


class _Sink:
    """Where the archive is written: bytes kept until taken (no ``seek``, no ``tell``)."""

    def __init__(self):
        self.parts: list[bytes] = []

    def write(self, data) -> int:
        self.parts.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def take(self) -> bytes:
        data = b"".join(self.parts)
        self.parts.clear()
        return data


class XlsxWriter:
    """Writes records to XLSX bytes a page at a time (``header``, ``rows``..., ``close``)."""

    media_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    extension = "xlsx"
    #: the chunk format of NocoDB's paged download: the file as base64 text
    base64_chunks = True

    def __init__(self, columns: list[ExportColumn], neutralise: bool = True, sheet_name: str = ""):
        self.columns = columns
        self.name = sheet_name
        self.formats: list[str] = []
        self.styles: list[int | None] = []
        for column in columns:
            if column.pattern is None:
                self.styles.append(None)
                continue
            code = excel_format(column.pattern)
            if code not in self.formats:
                self.formats.append(code)
            self.styles.append(2 + self.formats.index(code))  # 0: plain, 1: bold header
        self.writers = [cells_xml(c, style) for c, style in zip(columns, self.styles, strict=True)]
        self.row_number = 0
        self._sink = _Sink()
        self._zip = zipfile.ZipFile(self._sink, "w", zipfile.ZIP_DEFLATED, compresslevel=COMPRESS_LEVEL)
        self._sheet = self._zip.open("xl/worksheets/sheet1.xml", "w", force_zip64=True)
        self._sheet.write(
            f'{_XML}<worksheet xmlns="{_MAIN}" xmlns:r="{_REL}"><sheetViews><sheetView workbookViewId="0">'
            '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
            "<sheetData>".encode()
        )

    def header(self) -> bytes:
        self.row_number += 1
        cells = "".join(f'<c s="1" t="inlineStr">{_inline(c.title)}</c>' for c in self.columns)
        self._sheet.write(f'<row r="1">{cells}</row>'.encode())
        return self._sink.take()

    def rows(self, rows: list[tuple]) -> bytes:
        if not rows:
            return b""
        columns = [write(values) for write, values in zip(self.writers, zip(*rows))]  # noqa: B905
        start = self.row_number + 1
        self.row_number += len(rows)
        xml = "".join([f'<row r="{n}">{"".join(cells)}</row>' for n, cells in enumerate(zip(*columns), start)])  # noqa: B905
        self._sheet.write(xml.encode())
        return self._sink.take()

    def _styles(self) -> str:
        formats = "".join(
            f'<numFmt numFmtId="{164 + i}" formatCode="{_attribute(code)}"/>' for i, code in enumerate(self.formats)
        )
        xfs = "".join(
            f'<xf numFmtId="{164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
            for i in range(len(self.formats))
        )
        return (
            f'{_XML}<styleSheet xmlns="{_MAIN}">'
            + (f'<numFmts count="{len(self.formats)}">{formats}</numFmts>' if self.formats else "")
            + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
            '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
            '<fills count="2"><fill><patternFill patternType="none"/></fill>'
            '<fill><patternFill patternType="gray125"/></fill></fills>'
            '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
            '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
            f'<cellXfs count="{2 + len(self.formats)}">'
            '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
            '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
            f"{xfs}</cellXfs>"
            '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
            "</styleSheet>"
        )

    def close(self) -> bytes:
        self._sheet.write(b"</sheetData></worksheet>")
        self._sheet.close()
        workbook = (
            f'{_XML}<workbook xmlns="{_MAIN}" xmlns:r="{_REL}"><sheets>'
            f'<sheet name="{_attribute(sheet_name(self.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>'
        )
        for name, text in (
            ("xl/workbook.xml", workbook),
            ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
            ("xl/styles.xml", self._styles()),
            ("_rels/.rels", ROOT_RELS),
            ("[Content_Types].xml", CONTENT_TYPES),
        ):
            self._zip.writestr(name, text)
        self._zip.close()
        return self._sink.take()

"""Spreadsheets built to cost the server much from a small upload: zip members that unpack
far beyond their packed size, more members than any workbook has, sheets that declare or
repeat more cells than any import needs. Built from the Excel importer's own samples."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[3] / "plugins" / "importers" / "excel" / "tests"
SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
ODF_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)


def rebuilt(sample: str, member: str, chunks: Iterable[bytes], extra: int = 0) -> bytes:
    """The sample file with ``member`` replaced by ``chunks`` (DEFLATE, streamed) and
    ``extra`` more small members."""
    out = io.BytesIO()
    with zipfile.ZipFile(SAMPLES / sample) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename == member:
                packed = zipfile.ZipInfo(member)
                packed.compress_type = zipfile.ZIP_DEFLATED
                with target.open(packed, "w", force_zip64=True) as stream:
                    for chunk in chunks:
                        stream.write(chunk)
            else:
                target.writestr(info, source.read(info.filename), compress_type=info.compress_type)
        for index in range(extra):
            target.writestr(f"customXml/item{index}.xml", "<a/>")
    return out.getvalue()


def _repeat(head: bytes, unit: bytes, times: int, tail: bytes):
    yield head
    block = unit * 10_000
    for _ in range(times // 10_000):
        yield block
    yield unit * (times % 10_000)
    yield tail


def xlsx_sheet(rows: int, dimension: str | None = None) -> Iterable[bytes]:
    """A worksheet of a header and ``rows`` rows of one number."""
    declared = f'<dimension ref="{dimension}"/>' if dimension else ""
    head = (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{SHEET_NS}">{declared}<sheetData>'
        '<row><c t="inlineStr"><is><t>Qty</t></is></c></row>'
    ).encode()
    return _repeat(head, b"<row><c><v>1</v></c></row>", rows, b"</sheetData></worksheet>")


def xlsx(rows: int, dimension: str | None = None, extra: int = 0) -> bytes:
    """people.xlsx whose first worksheet is ``xlsx_sheet(rows, dimension)``."""
    return rebuilt("people.xlsx", "xl/worksheets/sheet1.xml", xlsx_sheet(rows, dimension), extra)


def ods(rows: int, row: bytes | None = None) -> bytes:
    """people.ods whose one table is a header and ``rows`` copies of ``row`` (by default
    one number)."""
    head = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODF_NS} office:version="1.2">'
        '<office:body><office:spreadsheet><table:table table:name="People"><table:table-row>'
        '<table:table-cell office:value-type="string"><text:p>Qty</text:p></table:table-cell>'
        "</table:table-row>"
    ).encode()
    unit = row or b'<table:table-row><table:table-cell office:value-type="float" office:value="1"/></table:table-row>'
    tail = b"</table:table></office:spreadsheet></office:body></office:document-content>"
    return rebuilt("people.ods", "content.xml", _repeat(head, unit, rows, tail))


def repeated_ods(rows: int) -> bytes:
    """An ods whose every row element is a thousand rows of a thousand cells."""
    row = (
        b'<table:table-row table:number-rows-repeated="1000"><table:table-cell office:value-type="float" '
        b'office:value="1" table:number-columns-repeated="1000"/></table:table-row>'
    )
    return ods(rows, row)


def unpacked(content: bytes) -> int:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return sum(info.file_size for info in archive.infolist())

"""The export writers on their own: date patterns in text and as Excel formats, cells of
each kind, neutralised CSV text, and XLSX files that spreadsheet readers open with every
value in its column (blanks, special characters, long text, many pages)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile
from types import SimpleNamespace

import openpyxl
import pytest

from workbench.exports.cells import CellContext, column_for
from workbench.exports.csv_out import CsvWriter
from workbench.exports.dates import excel_format, pattern_of, text_formatter
from workbench.exports.xlsx_out import MAX_CELL_TEXT, XlsxWriter, sheet_name

MOMENT = dt.datetime(2024, 2, 9, 15, 4, 5)


@pytest.mark.parametrize(
    ("pattern", "text", "excel"),
    [
        ("YYYY-MM-DD", "2024-02-09", 'yyyy"-"mm"-"dd'),
        ("DD/MM/YYYY", "09/02/2024", 'dd"/"mm"/"yyyy'),
        ("D. MMMM YYYY", "9. February 2024", 'd". "mmmm" "yyyy'),
        ("DD MMM YY", "09 Feb 24", 'dd" "mmm" "yy'),
        ("YYYY-MM-DD hh:mm A", "2024-02-09 03:04 PM", 'yyyy"-"mm"-"dd" "hh":"mm" "AM/PM'),
        ("YYYY-MM-DD HH:mm:ss", "2024-02-09 15:04:05", 'yyyy"-"mm"-"dd" "hh":"mm":"ss'),
        ("[Day] D {M}", "Day 9 {2}", '"Day"" "d" {"m"}"'),
    ],
)
def test_patterns_write_text_and_excel_formats(pattern, text, excel):
    assert text_formatter(pattern)(MOMENT) == text
    assert excel_format(pattern) == excel


def test_a_field_s_pattern_comes_from_its_meta():
    assert pattern_of(None, False) == "YYYY-MM-DD"
    assert pattern_of({}, True) == "YYYY-MM-DD HH:mm:ss"
    assert pattern_of({"date_format": "DD.MM.YYYY"}, False) == "DD.MM.YYYY"
    assert pattern_of({"date_format": "DD.MM.YYYY"}, True) == "DD.MM.YYYY HH:mm"
    assert pattern_of({"date_format": "DD.MM.YYYY", "is12hrFormat": True}, True) == "DD.MM.YYYY hh:mm A"
    assert pattern_of({"date_format": "DD.MM.YYYY", "time_format": "HH:mm:ss"}, True) == "DD.MM.YYYY HH:mm:ss"
    # a date in a pattern with a time still writes
    assert text_formatter("YYYY-MM-DD HH:mm")(dt.date(2024, 1, 2)) == "2024-01-02 00:00"


def kind(export_as, meta=None, item=None):
    return SimpleNamespace(export_as=export_as, meta=meta or {}, export_item=lambda: item)


CONTEXT = CellContext(base_url="https://wb.example/", timezone=None)
COLUMNS = [
    column_for("Name", kind("text"), CONTEXT),
    column_for("Qty", kind("number"), CONTEXT),
    column_for("Ok", kind("boolean"), CONTEXT),
    column_for("Due", kind("date", {"date_format": "DD/MM/YYYY"}), CONTEXT),
    column_for("At", kind("datetime"), CONTEXT),
    column_for("Files", kind("files"), CONTEXT),
    column_for("Links", kind("records"), CONTEXT),
    column_for("Since", kind("list", item=kind("date", {"date_format": "YYYY"})), CONTEXT),
    column_for("Data", kind("json"), CONTEXT),
]
FILES = [{"path": "api/v1/db/storage/download/p1/abc/a.png", "title": "a.png"}, {"url": "https://x.example/b.pdf"}]
ROWS = [
    (
        "=cmd|' /C calc'!A0",
        -3,
        True,
        "2024-02-29",
        "2024-02-29 10:11:12+00:00",
        FILES,
        [{"Id": 1, "Title": "Ann"}, {"Id": 2, "Title": "Bob"}],
        ["2001-05-06", "1999-01-02"],
        {"a": [1, 2]},
    ),
    (None, 2.5, False, None, None, None, None, [], None),
    ("a & <b>\x07", None, None, "2024-01-01", None, [], {"Id": 3, "Title": "Cy"}, None, [1]),
]


def test_csv_cells_of_each_kind_and_neutralised_text():
    writer = CsvWriter(COLUMNS)
    text = (writer.header() + writer.rows(ROWS) + writer.close()).decode()
    lines = list(csv.reader(io.StringIO(text, newline="")))
    assert lines[0] == ["Name", "Qty", "Ok", "Due", "At", "Files", "Links", "Since", "Data"]
    assert lines[1] == [
        "'=cmd|' /C calc'!A0",
        "-3",
        "true",
        "29/02/2024",
        "2024-02-29 10:11:12",
        "https://wb.example/api/v1/db/storage/download/p1/abc/a.png, https://x.example/b.pdf",
        "Ann, Bob",
        "2001, 1999",
        '{"a":[1,2]}',
    ]
    assert lines[2] == ["", "2.5", "false", "", "", "", "", "", ""]
    assert lines[3][:2] == ["a & <b>\x07", ""]
    assert lines[3][6] == "Cy"
    plain = CsvWriter(COLUMNS[:1], neutralise=False)
    assert plain.rows([("=1+1",), ("+1",)]).decode() == "=1+1\r\n+1\r\n"
    assert CsvWriter([column_for("=Title", kind("text"), CONTEXT)]).header().decode() == "'=Title\r\n"


def xlsx(columns, pages, title="Sheet"):
    writer = XlsxWriter(columns, sheet_name=title)
    data = writer.header() + b"".join(writer.rows(page) for page in pages) + writer.close()
    return data, openpyxl.load_workbook(io.BytesIO(data))


def test_xlsx_cells_keep_their_columns_and_types():
    data, book = xlsx(COLUMNS, [ROWS[:1], ROWS[1:]])
    sheet = book.active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert rows[0] == ["Name", "Qty", "Ok", "Due", "At", "Files", "Links", "Since", "Data"]
    # typed cells: text is never run as a formula, so it is written as it is
    assert rows[1][:5] == [
        "=cmd|' /C calc'!A0",
        -3,
        True,
        dt.datetime(2024, 2, 29),
        dt.datetime(2024, 2, 29, 10, 11, 12),
    ]
    assert rows[1][5:] == [
        "https://wb.example/api/v1/db/storage/download/p1/abc/a.png, https://x.example/b.pdf",
        "Ann, Bob",
        "2001, 1999",
        '{"a":[1,2]}',
    ]
    assert rows[2][:3] == [None, 2.5, False]
    # a blank keeps its place: the values after it stay in their columns
    assert rows[3][0] == "a & <b>"
    assert rows[3][1:3] == [None, None]
    assert rows[3][3] == dt.datetime(2024, 1, 1)
    assert rows[3][6] == "Cy"
    assert sheet["D2"].number_format == 'dd"/"mm"/"yyyy'
    assert sheet["A1"].font.b
    assert zipfile.ZipFile(io.BytesIO(data)).namelist()[0] == "xl/worksheets/sheet1.xml"


def test_xlsx_of_many_pages_long_text_and_awkward_titles():
    columns = [column_for("N", kind("number"), CONTEXT), column_for("T", kind("text"), CONTEXT)]
    pages = [
        [(i, "x" * (MAX_CELL_TEXT + 10) if i == 1 else f"t{i}") for i in range(p * 100, p * 100 + 100)]
        for p in range(30)
    ]
    _data, book = xlsx(columns, pages, title="Q1: [plan]/*?")
    sheet = book.active
    assert sheet.title == "Q1   plan"
    assert sheet.max_row == 3001
    assert sheet["A3001"].value == 2999
    assert len(sheet["B3"].value) == MAX_CELL_TEXT
    assert sheet_name("") == "Sheet1"
    assert len(sheet_name("x" * 40)) == 31


def test_datetimes_in_a_time_zone():
    import zoneinfo

    zone = zoneinfo.ZoneInfo("America/New_York")
    column = column_for("At", kind("datetime"), CellContext(timezone=zone), raw=False)
    assert column.cell("2024-07-01 12:00:00+00:00") == dt.datetime(2024, 7, 1, 8, 0)
    raw = column_for(
        "At", SimpleNamespace(export_as="datetime", meta={}, to_api=lambda v: v), CellContext(timezone=zone)
    )
    assert raw.cell(dt.datetime(2024, 1, 1, 12)) == dt.datetime(2024, 1, 1, 12)

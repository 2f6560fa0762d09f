"""The Excel importer: xlsx and xlsm with openpyxl's read-only mode (rows streamed), xls
with xlrd, ods and ots with odfpy. Every worksheet is a sheet, or only the one named in
the ``sheet`` option. Cells shown with a ``$`` number format mark their column as money.

Zip-based files (xlsx, xlsm, ods, ots) are checked against the server's import limits
before they are parsed (unpacked size, packing ratio, members, the cells an xlsx declares),
and the cells of every file are counted as they are read."""

from __future__ import annotations

import datetime as dt
import os
import zipfile

from workbench.plugin_api import CellCount, Importer, ImportFileError, check_zip, hookimpl


class ExcelImporter(Importer):
    name = "excel"
    icon = "panel-table"
    media_types = (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.ms-excel.sheet.macroEnabled.12",
        "application/vnd.ms-excel",
        "application/vnd.oasis.opendocument.spreadsheet",
        "application/vnd.oasis.opendocument.spreadsheet-template",
    )
    offered_options = ("sheet",)
    label = "Excel"
    extensions = ("xlsx", "xlsm", "xls", "ods", "ots")

    def _wanted(self, names: list[str]) -> list[str]:
        wanted = self.options.get("sheet")
        if not wanted:
            return names
        if wanted not in names:
            raise ImportFileError(f"The workbook has no sheet named '{wanted}'")
        return [wanted]

    def sheets(self, path: str):
        kind = os.path.splitext(path)[1].lower().lstrip(".")
        cells = CellCount(self.limits)
        if kind in ("xlsx", "xlsm"):
            self._check_xlsx(path)
            yield from self._openpyxl(path, cells)
        elif kind == "xls":
            yield from self._xlrd(path, cells)
        elif kind in ("ods", "ots"):
            check_zip(path, self.limits, "OpenDocument spreadsheet")
            yield from self._odf(path, cells)
        else:
            raise ImportFileError(f"Excel files end in {', '.join(self.extensions)}")

    # -- xlsx / xlsm -------------------------------------------------------------
    def _check_xlsx(self, path: str) -> None:
        """The zip's limits, and the cells the worksheets declare (their rows are padded
        to the declared width when read)."""
        from workbench_plugins.importers.excel.dimensions import declared_cells

        members = check_zip(path, self.limits, "Excel workbook")
        try:
            with zipfile.ZipFile(path) as archive:
                declared = declared_cells(archive, members)
        except (zipfile.BadZipFile, OSError, ValueError) as exc:
            raise ImportFileError(f"The file is not a readable Excel workbook ({exc})") from None
        CellCount(self.limits).add(declared)

    def _openpyxl(self, path: str, cells: CellCount):
        import openpyxl

        try:
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
            raise ImportFileError(f"The file is not a readable Excel workbook ({exc})") from None
        try:
            for name in self._wanted(book.sheetnames):
                currency: set[int] = set()
                yield self.split_header(name, _openpyxl_rows(book[name], currency, cells), currency)
        finally:
            book.close()

    # -- xls -------------------------------------------------------------------------
    def _xlrd(self, path: str, cells: CellCount):
        import xlrd

        try:
            book = xlrd.open_workbook(path, on_demand=True, formatting_info=False)
        except (xlrd.XLRDError, OSError, ValueError, AssertionError) as exc:
            raise ImportFileError(f"The file is not a readable .xls workbook ({exc})") from None
        try:
            for name in self._wanted(book.sheet_names()):
                sheet = book.sheet_by_name(name)
                cells.add(sheet.nrows * sheet.ncols)
                yield self.split_header(name, _xlrd_rows(book, sheet))
        finally:
            book.release_resources()

    # -- ods / ots -------------------------------------------------------------------
    def _odf(self, path: str, cells: CellCount):
        from workbench_plugins.importers.excel.odf import read_tables

        try:
            tables = read_tables(path, cells)
        except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
            raise ImportFileError(f"The file is not a readable OpenDocument spreadsheet ({exc})") from None
        by_name = dict(tables)
        for name in self._wanted([n for n, _rows in tables]):
            yield self.split_header(name, by_name[name])


def _plain(value):
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, str):
        value = value.strip()
        return value or None
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date()  # a date cell: Excel keeps dates as midnight date-times
    if isinstance(value, dt.time):
        return value.isoformat()
    return value


def _openpyxl_rows(sheet, currency: set[int], cells: CellCount):
    for row in cells.rows(sheet.iter_rows()):
        values = []
        for index, cell in enumerate(row):
            value = getattr(cell, "value", None)
            if value is not None and "$" in (getattr(cell, "number_format", "") or ""):
                currency.add(index)
            values.append(_plain(value))
        while values and values[-1] is None:
            values.pop()
        if values:
            yield values


def _xlrd_rows(book, sheet):
    import xlrd

    for index in range(sheet.nrows):
        values = []
        for cell in sheet.row(index):
            if cell.ctype == xlrd.XL_CELL_DATE:
                moment = xlrd.xldate.xldate_as_datetime(cell.value, book.datemode)
                values.append(moment.date() if moment.time() == dt.time() else moment)
            elif cell.ctype == xlrd.XL_CELL_BOOLEAN:
                values.append(bool(cell.value))
            elif cell.ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK, xlrd.XL_CELL_ERROR):
                values.append(None)
            else:
                values.append(_plain(cell.value))
        while values and values[-1] is None:
            values.pop()
        if values:
            yield values


@hookimpl
def register_importers():
    return [ExcelImporter]

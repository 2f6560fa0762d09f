"""CSV as NocoDB writes it: a header line of the fields' titles, then one line per record,
fields quoted when needed, lines ended by CRLF, UTF-8."""

from __future__ import annotations

import csv
import io

from workbench.exports.cells import FORMULA_STARTS, ExportColumn


class CsvWriter:
    """Writes records to CSV bytes a page at a time (``header``, ``rows``..., ``close``)."""

    media_type = "text/csv"
    extension = "csv"
    #: the chunk format of NocoDB's paged download: the file itself
    base64_chunks = False

    def __init__(self, columns: list[ExportColumn], neutralise: bool = True, sheet_name: str = ""):
        self.columns = columns
        self.neutralise = neutralise
        self._buffer = io.StringIO()
        self._writer = csv.writer(self._buffer, lineterminator="\r\n")

    def _take(self) -> bytes:
        text = self._buffer.getvalue()
        self._buffer.seek(0)
        self._buffer.truncate()
        return text.encode("utf-8")

    def _inert(self, text: str) -> str:
        return "'" + text if self.neutralise and text and text[0] in FORMULA_STARTS else text

    def header(self) -> bytes:
        self._writer.writerow([self._inert(c.title) for c in self.columns])
        return self._take()

    def rows(self, records: list[dict]) -> bytes:
        specs = [(c.title, c.cell, c.text) for c in self.columns]
        starts, neutralise = FORMULA_STARTS, self.neutralise
        writerow = self._writer.writerow
        for record in records:
            line = []
            for title, cell, text in specs:
                value = cell(record.get(title))
                if type(value) is str:
                    if neutralise and value and value[0] in starts:
                        value = "'" + value
                    line.append(value)
                else:
                    line.append(text(value))
            writerow(line)
        return self._take()

    def close(self) -> bytes:
        return b""

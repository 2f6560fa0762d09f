"""The cells an xlsx workbook's worksheets declare (``<dimension ref="A1:D100"/>`` near the
start of each worksheet's XML), read from the first bytes of each worksheet only."""

from __future__ import annotations

import re
import zipfile

#: bytes of a worksheet read for its ``dimension`` (it comes before the cells)
HEAD = 64 * 1024
_DIMENSION = re.compile(rb"<(?:\w+:)?dimension\s+ref=\"\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?\"")
_CELLS = re.compile(rb"<(?:\w+:)?sheetData\b")


def _column(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - 64
    return number


def declared_cells(archive: zipfile.ZipFile, members: list[zipfile.ZipInfo]) -> int:
    """The cells the worksheets' dimensions span, summed (a worksheet without one counts 0)."""
    total = 0
    for member in members:
        name = member.filename
        if not (name.startswith("xl/worksheets/") and name.endswith(".xml")) or "/_rels/" in name:
            continue
        with archive.open(member) as stream:
            head = stream.read(HEAD)
        match = _DIMENSION.search(head)
        if match is None:
            continue
        first_col, first_row = _column(match.group(1)), int(match.group(2))
        last_col = _column(match.group(3)) if match.group(3) else first_col
        last_row = int(match.group(4)) if match.group(4) else first_row
        total += (abs(last_col - first_col) + 1) * (abs(last_row - first_row) + 1)
    return total

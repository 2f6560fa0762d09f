"""The importer contract suite: what every registered importer must do with its fixture
files. Core tests run it for csv, excel and json; a plugin author runs it on their own::

    from workbench.testing.importers import check_declarations, check_reads

    def test_my_importer(tmp_path):
        check_declarations(MyImporter)
        check_reads(MyImporter, "tests/people.xyz", {"people": (HEADER, ROWS)})

An importer passes when its declarations are sound (a name, a label, extensions it
accepts), a fixture reads into exactly the expected sheets (header and rows, values of the
allowed Python types), reading is repeatable and lazy (a second read gives the same rows),
``firstRowAsHeaders: false`` keeps the header row as data, and a file that is not of its
format is refused with ``ImportFileError``.
"""

from __future__ import annotations

import datetime as dt
import itertools
from decimal import Decimal
from pathlib import Path

from workbench.imports.interfaces import Importer, ImportFileError

ALLOWED = (str, int, float, Decimal, bool, dt.date, dt.datetime, type(None))
GARBAGE = bytes(range(256)) * 8


def check_declarations(cls: type[Importer]) -> None:
    assert isinstance(cls.name, str), f"{cls!r} has no name"
    assert cls.name, f"{cls!r} has no name"
    assert isinstance(cls.label, str), f"importer {cls.name} has no label"
    assert cls.label, f"importer {cls.name} has no label"
    assert cls.extensions, f"importer {cls.name} reads no extension"
    for ext in cls.extensions:
        assert isinstance(ext, str), f"importer {cls.name}: {ext!r} is not a name"
        assert ext == ext.lower(), f"importer {cls.name}: extensions are lower case"
        assert "." not in ext, f"importer {cls.name}: extensions are written without a dot"
    for ext in cls.extensions:
        assert cls.accepts(f"file.{ext}")
        assert cls.accepts(f"FILE.{ext.upper()}")
    assert not cls.accepts("file.unknown-extension")


def read_all(cls: type[Importer], path, options: dict | None = None) -> dict[str, tuple[list, list]]:
    """``{sheet name: (header, rows)}`` of a file."""
    found = {}
    for sheet in cls(options).sheets(str(path)):
        rows = [list(row) for row in sheet.rows]
        found[sheet.name] = (list(sheet.header), rows)
    return found


def check_reads(cls: type[Importer], path, expected: dict[str, tuple[list, list]], options: dict | None = None) -> None:
    """The fixture at ``path`` reads into ``expected``: ``{sheet: (header, rows)}``."""
    found = read_all(cls, path, options)
    assert list(found) == list(expected), f"sheets {list(found)} != {list(expected)}"
    for name, (header, rows) in expected.items():
        got_header, got_rows = found[name]
        assert got_header == header, f"{name}: header {got_header} != {header}"
        assert got_rows == rows, f"{name}: rows {got_rows} != {rows}"
        for row in got_rows:
            for value in row:
                assert isinstance(value, ALLOWED), f"{name}: {value!r} is not an importable value"
    assert read_all(cls, path, options) == found, "a second read differs from the first"


def check_header_row_as_data(cls: type[Importer], path, options: dict | None = None) -> None:
    """Without ``firstRowAsHeaders`` the header cells come as the first data row (for
    importers of formats with a header row)."""
    if not cls.header_row:
        return
    with_header = read_all(cls, path, options)
    without = read_all(cls, path, {**(options or {}), "firstRowAsHeaders": False})
    for name, (header, rows) in with_header.items():
        got_header, got_rows = without[name]
        assert got_header == [], f"{name}: a header was read without firstRowAsHeaders"
        assert [str(v) for v in got_rows[0][: len(header)]] == header
        assert got_rows[1:] == rows


def check_lazy(cls: type[Importer], path, options: dict | None = None) -> None:
    """Taking the first row of each sheet does not need the rest."""
    for sheet in cls(options).sheets(str(path)):
        list(itertools.islice(sheet.rows, 1))


def check_refuses_garbage(cls: type[Importer], tmp_dir) -> None:
    """A file of random bytes named like the importer's files is refused as unreadable."""
    for ext in cls.extensions:
        path = Path(tmp_dir) / f"garbage.{ext}"
        path.write_bytes(GARBAGE)
        try:
            read_all(cls, path)
        except ImportFileError:
            continue
        raise AssertionError(f"importer {cls.name} read garbage from a .{ext} file without ImportFileError")


def check_importer(cls: type[Importer], cases, tmp_dir) -> None:
    """The whole suite: ``cases`` are ``(path, expected, options)`` triples."""
    check_declarations(cls)
    for path, expected, options in cases:
        check_reads(cls, path, expected, options)
        check_header_row_as_data(cls, path, options)
        check_lazy(cls, path, options)
    check_refuses_garbage(cls, tmp_dir)

"""The payload's shortcuts for dates write what the export's long way writes."""

from __future__ import annotations

import types

from workbench.exports.cells import CellContext, column_for
from workbench.hooks import values


def _export(kind: str, pattern_meta: dict | None = None):
    ftype = types.SimpleNamespace(export_as=kind, meta=pattern_meta or {})
    return column_for("x", ftype, CellContext())


def test_a_date_in_the_default_pattern_is_written_as_the_export_writes_it():
    export = _export("date")
    shortcut = values._shortcut(export, CellContext())
    for value in ("2024-03-04", "1999-12-31"):
        assert shortcut(value) == export.text(export.cell(value))
    assert shortcut("2024-03-04T00:00:00") is values._MISS


def test_a_utc_datetime_in_the_default_pattern_is_written_as_the_export_writes_it():
    export = _export("datetime")
    shortcut = values._shortcut(export, CellContext())
    for value in ("2024-03-04 10:30:00+00:00", "2001-01-02 23:59:59+00:00"):
        assert shortcut(value) == export.text(export.cell(value))
    assert shortcut("2024-03-04 10:30:00+02:00") is values._MISS


def test_other_patterns_take_the_long_way():
    export = _export("date", {"date_format": "DD/MM/YYYY"})
    assert values._shortcut(export, CellContext()) is None

"""The import limits' settings, and the zip check on the Excel importer's own samples."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.imports.limits import MB, CellCount, ImportLimits, check_zip
from workbench.plugin_api import ImportFileError

SAMPLES = Path(__file__).resolve().parents[3] / "plugins" / "importers" / "excel" / "tests"


def test_the_limits_come_from_the_settings_with_their_defaults():
    assert ImportLimits.from_settings({}) == ImportLimits(200 * MB, 100.0, 2000, 10_000_000, 600.0)
    limits = ImportLimits.from_settings({"workbench.import.max_cells": "5", "workbench.import.cpu_seconds": "1.5"})
    assert (limits.max_cells, limits.cpu_seconds) == (5, 1.5)
    with pytest.raises(ValueError, match=r"workbench\.import\.max_ratio must be a positive number"):
        ImportLimits.from_settings({"workbench.import.max_ratio": "0"})


@pytest.mark.parametrize("name", ["people.xlsx", "people.ods"])
def test_a_normal_workbook_passes_the_zip_check(name):
    assert len(check_zip(str(SAMPLES / name), ImportLimits())) >= 5
    with pytest.raises(ImportFileError, match="more than the limit of 3"):
        check_zip(str(SAMPLES / name), ImportLimits(max_members=3))
    with pytest.raises(ImportFileError, match="not a readable Excel workbook"):
        check_zip(str(SAMPLES / "people.xls"), ImportLimits(), "Excel workbook")


def test_cells_are_counted_across_rows():
    cells = CellCount(ImportLimits(max_cells=5))
    assert list(cells.rows([[1, 2], [3, 4, 5]])) == [[1, 2], [3, 4, 5]]
    with pytest.raises(ImportFileError, match="more than 5 cells"):
        cells.add(1)

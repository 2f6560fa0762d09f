"""Reading an upload once for its preview: the detected template, the first rows of each
table and the count of its data rows."""

from __future__ import annotations

import datetime as dt
import itertools
from decimal import Decimal

from workbench.imports import detect
from workbench.imports.interfaces import Importer, ImportFileError
from workbench.imports.limits import CpuBudget

PREVIEW_ROWS = 10


def json_value(value):
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dt.datetime):
        return value.isoformat(" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def read_preview(registry, importer: Importer, path: str) -> tuple[dict, dict, dict]:
    """``(template, preview, rows_total)``; raises ``ImportFileError`` for an unreadable
    file, one without columns or one past the importer's limits (the CPU time of this
    thread counts against ``cpu_seconds``)."""
    tables, preview, totals = [], {}, {}
    taken: set[str] = set()
    budget = CpuBudget(importer.limits.cpu_seconds)
    sheets = importer.sheets(path)
    try:
        for sheet in sheets:
            rows = budget.watch(sheet.rows)
            sample = list(itertools.islice(rows, detect.SAMPLE_ROWS))
            count = len(sample) + sum(1 for _row in rows)
            budget.check()
            columns = detect.detect_columns(registry, sheet.header, sample, sheet.currency)
            if not columns:
                continue
            ref = sheet.name
            name = detect.table_name(sheet.name)
            base, suffix = name, 1
            while name.lower() in taken:
                name = f"{base}_{suffix}"
                suffix += 1
            taken.add(name.lower())
            tables.append({"table_name": name, "ref_table_name": ref, "columns": columns})
            preview[ref] = [[json_value(v) for v in row] for row in sample[:PREVIEW_ROWS]]
            totals[ref] = count
    except ImportFileError:
        raise
    except (UnicodeDecodeError, ValueError, OSError, EOFError) as exc:
        raise ImportFileError(f"The file cannot be read: {exc}") from None
    finally:
        sheets.close()  # the file, closed at once when a limit stops the reading
    if not tables:
        raise ImportFileError("The file has no columns to import")
    return {"tables": tables}, preview, totals

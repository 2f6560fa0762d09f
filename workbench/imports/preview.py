"""Reading an upload once for its preview: the detected template, the first rows of each
table and the count of its data rows."""

from __future__ import annotations

import datetime as dt
import itertools
from decimal import Decimal

from workbench.imports import detect
from workbench.imports.interfaces import Importer, ImportFileError

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
    file or one without columns."""
    tables, preview, totals = [], {}, {}
    taken: set[str] = set()
    try:
        for sheet in importer.sheets(path):
            sample = list(itertools.islice(sheet.rows, detect.SAMPLE_ROWS))
            count = len(sample) + sum(1 for _row in sheet.rows)
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
    if not tables:
        raise ImportFileError("The file has no columns to import")
    return {"tables": tables}, preview, totals

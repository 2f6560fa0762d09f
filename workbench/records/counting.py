"""The count of a records list as the API shows it: exact on the project's own database;
on a connected one estimated for big tables and kept a short while (see
``workbench.data.row_counts``), with ``totalRowsEstimated`` saying which."""

from __future__ import annotations

from workbench.data.row_counts import CountCache, RowCount, count_records, owned
from workbench.records.cursor_pages import anchor_cache
from workbench.records.services import Records


def count_cache(registry) -> CountCache:
    cache = registry.get("record_counts")
    if cache is None:
        cache = registry["record_counts"] = CountCache()
    return cache


def records_count(records: Records, where) -> RowCount:
    table = records.table
    registry = records.request.registry
    return count_records(
        records.connection,
        records.model,
        where,
        table.source,
        registry.settings,
        count_cache(registry),
        scope=(table.id, table.schema_version),
        version=anchor_cache(registry).version(table.id),
    )


def is_external(records: Records) -> bool:
    return not owned(records.table.source)

"""Meta diff and sync: what changed in a connected database behind Workbench's back
(tables and columns added or dropped; a rename shows as one dropped and one added), and
bringing the meta in line. Titles, views and settings of what did not change are kept."""

from __future__ import annotations

from workbench.sources import build
from workbench.sources.introspect import TableDesc
from workbench.tables.models import Column, Table


def _physical_ids(column: Column) -> set[str]:
    physical = (column.col_options or {}).get("physical") or {}
    return set((physical.get("columns") or {}).keys()) | set((physical.get("tables") or {}).keys())


def diff(tables: list[Table], descs: list[TableDesc]) -> list[dict]:
    """The changes, NocoDB's ``meta-diff`` shape: one item per table with its ``detectedChanges``."""
    by_name = {t.table_name: t for t in tables}
    found = {d.name: d for d in descs}
    changes = []
    for desc in descs:
        table = by_name.get(desc.name)
        if table is None:
            changes.append(
                {
                    "table_name": desc.name,
                    "title": None,
                    "type": desc.kind,
                    "detectedChanges": [{"type": "TABLE_NEW", "msg": f"New table '{desc.name}'"}],
                }
            )
            continue
        detected = []
        known = {c.column_name: c for c in table.columns if c.column_name}
        for column in desc.columns:
            current = known.get(column.name)
            if current is None:
                detected.append(
                    {"type": "COLUMN_NEW", "column_name": column.name, "msg": f"New column '{column.name}'"}
                )
            elif (current.meta or {}).get("dt", current.dt) != column.native:
                detected.append(
                    {
                        "type": "COLUMN_TYPE_CHANGE",
                        "column_name": column.name,
                        "msg": f"Column '{column.name}' changed type",
                    }
                )
        names = {c.name for c in desc.columns}
        for name in known:
            if name not in names:
                detected.append({"type": "COLUMN_REMOVE", "column_name": name, "msg": f"Column '{name}' was removed"})
        if detected:
            changes.append({"table_name": desc.name, "title": table.title, "id": table.id, "detectedChanges": detected})
    for table in tables:
        if table.table_name not in found:
            changes.append(
                {
                    "table_name": table.table_name,
                    "title": table.title,
                    "id": table.id,
                    "detectedChanges": [{"type": "TABLE_REMOVE", "msg": f"Table '{table.table_name}' was removed"}],
                }
            )
    return changes


def sync(request, project, source, tables: list[Table], descs: list[TableDesc]) -> dict:
    """Apply ``diff``: new tables imported, dropped ones forgotten, columns added, removed
    or retyped; returns the counts."""
    db = request.dbsession
    types = request.registry["field_types"]
    by_name = {t.table_name: t for t in tables}
    found = {d.name: d for d in descs}
    counts = {"tablesAdded": 0, "tablesRemoved": 0, "columnsAdded": 0, "columnsRemoved": 0, "columnsChanged": 0}
    removed_ids: set[str] = set()
    for table in tables:
        if table.table_name not in found:
            removed_ids.add(table.id)
            removed_ids.update(c.id for c in table.columns)
            db.delete(table)
            counts["tablesRemoved"] += 1
    for desc in descs:
        table = by_name.get(desc.name)
        if table is None:
            continue
        known = {c.column_name: c for c in table.columns if c.column_name}
        names = {c.name for c in desc.columns}
        changed = False
        for name, current in known.items():
            if name not in names:
                removed_ids.add(current.id)
                table.columns.remove(current)
                db.delete(current)
                counts["columnsRemoved"] += 1
                changed = True
        for column in desc.columns:
            current = known.get(column.name)
            fresh = build.column_meta(types, column, 0, make=Column)
            if current is None:
                fresh.order = max((c.order or 0 for c in table.columns), default=0) + 1
                table.columns.append(fresh)
                for view in table.views:
                    from workbench.tables.models import ViewColumn

                    view.columns.append(ViewColumn(column_id=fresh.id, show=True, order=fresh.order))
                counts["columnsAdded"] += 1
                changed = True
            elif (current.meta or {}).get("dt", current.dt) != column.native:
                current.uidt, current.dt, current.meta = fresh.uidt, fresh.dt, {**(current.meta or {}), **fresh.meta}
                current.col_options, current.cdf, current.rqd = fresh.col_options, fresh.cdf, fresh.rqd
                counts["columnsChanged"] += 1
                changed = True
        if changed:
            table.schema_version = (table.schema_version or 0) + 1
    # Links that stood on what went away go with it.
    for table in tables:
        if table.id in removed_ids:
            continue
        for column in list(table.columns):
            if column.column_name is None and _physical_ids(column) & removed_ids:
                table.columns.remove(column)
                db.delete(column)
                table.schema_version = (table.schema_version or 0) + 1
    db.flush()
    new = [d for d in descs if d.name not in by_name]
    if new:
        kept = [t for t in tables if t.id not in removed_ids]
        counts["tablesAdded"] = len(build.import_schema(request, project, source, new, kept))
    return counts

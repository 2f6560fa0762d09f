"""Meta for the tables of a connected database: a table per database table or view,
titles equal to the database's names (spaces and quotes kept), a field per column (its
type from ``workbench.sources.mapping``), and links from foreign keys.

- A single-column foreign key from C to the primary key of P gives P a has-many link and C
  a belongs-to link.
- A junction table (exactly two such foreign keys, to two tables, and no columns besides
  them and its primary key) gives each of the two tables a many-to-many link; the junction
  table itself is hidden like Workbench's own.
- Views and tables without a primary key are read-only (``table.meta.readOnly`` says why).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sqlalchemy as sa
from zope.sqlalchemy import mark_changed

from workbench.data.writes import NO_KEY_READ_ONLY, VIEW_READ_ONLY
from workbench.fields.interfaces import LinksExistingKeys
from workbench.meta.base import new_id, utcnow
from workbench.sources import mapping
from workbench.sources.introspect import ColumnDesc, ForeignKeyDesc, TableDesc
from workbench.tables.models import Column, Table, View, ViewColumn
from workbench.tables.naming import unique_name
from workbench.views.kinds import default_view_type

MAX_DT = 32  # what ``Column.dt`` holds; the full native type is kept in ``meta.dt``


@dataclass
class NewColumn:
    """A field of a table being imported (written with the others in one statement)."""

    id: str
    title: str
    column_name: str | None
    uidt: str
    dt: str | None = None
    pk: bool = False
    ai: bool = False
    rqd: bool = False
    pv: bool = False
    system: bool = False
    cdf: str | None = None
    meta: dict | None = None
    col_options: dict | None = None
    order: float | None = None


@dataclass
class NewTable:
    """A table being imported; its fields in ``columns``."""

    id: str
    project_id: str
    source_id: str
    title: str
    table_name: str
    type: str
    meta: dict
    order: float | None
    columns: list = field(default_factory=list)


def link_type(types):
    """The link type new links are made of (capable of standing for existing keys)."""
    found = [cls for cls in types if getattr(cls, "links_records", False) and isinstance(cls(None), LinksExistingKeys)]
    found.sort(key=lambda cls: (not getattr(cls, "creatable", True), getattr(cls, "order", 1000)))
    return found[0] if found else None


def is_junction(desc: TableDesc) -> bool:
    keys = [fk for fk in desc.foreign_keys if len(fk.columns) == 1]
    if len(keys) != 2 or len(desc.foreign_keys) != 2 or keys[0].referred_table == keys[1].referred_table:
        return False
    allowed = {fk.columns[0] for fk in keys} | set(desc.pk)
    return bool(desc.pk) and all(c.name in allowed for c in desc.columns)


def column_meta(types, column: ColumnDesc, order: float, make=NewColumn):
    cls = mapping.type_for(types, column)
    if cls is None:
        raise LookupError(f"no enabled field type reads the column {column.name!r} ({column.native})")
    default = mapping.literal_default(column)
    meta = {"dt": column.native}
    if column.default is not None:
        meta["dbDefault"] = column.default[:1000]
    return make(
        id=new_id("cl_"),
        title=column.name,
        column_name=column.name,
        uidt=cls.name,
        dt=column.native[:MAX_DT],
        pk=column.pk,
        ai=column.autoincrement,
        rqd=not column.nullable and column.default is None and not column.autoincrement,
        pv=False,
        system=False,
        cdf=default,
        meta=meta,
        col_options=mapping.options_for(cls, column),
        order=order,
    )


def new_table(request, project, source, desc: TableDesc, title: str, order: float, junction: bool) -> NewTable:
    types = request.registry["field_types"]
    meta = {"external": True}
    if desc.kind == "view":
        meta["readOnly"] = VIEW_READ_ONLY
    elif not desc.pk:
        meta["readOnly"] = NO_KEY_READ_ONLY
    table = NewTable(
        id=new_id("md_"),
        project_id=project.id,
        source_id=source.id,
        title=title,
        table_name=desc.name,
        type="mm" if junction else ("view" if desc.kind == "view" else "table"),
        meta=meta,
        order=None if junction else order,
    )
    for index, column in enumerate(desc.columns, start=1):
        table.columns.append(column_meta(types, column, index))
    # The display value: the first text column that is not a key, else the first column.
    texts = [c for c in table.columns if not c.pk and getattr(types.get(c.uidt), "search", None) == "like"]
    first = next(iter(texts), None) or next((c for c in table.columns if not c.pk), None)
    first = first or next(iter(table.columns), None)
    if first is not None:
        first.pv = True
    return table


def _link_column(cls, table, title: str, options: dict, column_id: str):
    make = Column if isinstance(table, Table) else NewColumn
    column = make(
        id=column_id,
        title=unique_name(title, {c.title for c in table.columns}),
        column_name=None,
        uidt=cls.name,
        dt=None,
        meta={},
        col_options=options,
        order=max((c.order or 0 for c in table.columns), default=0) + 1,
    )
    table.columns.append(column)
    if isinstance(table, Table):  # a table already in the project: its views show it too
        for view in table.views:
            view.columns.append(ViewColumn(column_id=column.id, show=True, order=column.order))
        table.schema_version = (table.schema_version or 0) + 1
    return column


def _key(table: Table, name: str) -> tuple[str, str] | None:
    column = next((c for c in table.columns if c.column_name == name), None)
    return (column.id, name) if column is not None else None


def add_links(request, tables: dict[str, Table], descs: dict[str, TableDesc]) -> int:
    """Links for the foreign keys among ``tables`` (by physical name); the number made."""
    cls = link_type(request.registry["field_types"])
    if cls is None:
        return 0
    made = 0
    ftype = cls(None)
    for name, desc in descs.items():
        child = tables.get(name)
        if child is None:
            continue
        if child.type == "mm":
            first, second = (fk for fk in desc.foreign_keys)
            made += _many_to_many(ftype, cls, tables, child, first, second)
            continue
        for fk in desc.foreign_keys:
            parent = tables.get(fk.referred_table)
            if parent is None or parent.type == "mm" or len(fk.columns) != 1:
                continue
            parent_pk = [c for c in parent.columns if c.pk]
            if len(parent_pk) != 1 or parent_pk[0].column_name != fk.referred_columns[0]:
                continue
            fk_key, pk_key = _key(child, fk.columns[0]), _key(parent, fk.referred_columns[0])
            if fk_key is None or pk_key is None:
                continue
            hm_id, bt_id = new_id("cl_"), new_id("cl_")
            parent_side, child_side = (parent.id, parent.table_name), (child.id, child.table_name)
            hm = ftype.existing_link_options(
                "hm", source=parent_side, related=child_side, child=fk_key, parent=pk_key, symmetric_column_id=bt_id
            )
            bt = ftype.existing_link_options(
                "bt", source=child_side, related=parent_side, child=fk_key, parent=pk_key, symmetric_column_id=hm_id
            )
            _link_column(cls, parent, child.title, hm, hm_id)
            _link_column(cls, child, parent.title, bt, bt_id)
            made += 1
    return made


def _many_to_many(ftype, cls, tables, junction: Table, first: ForeignKeyDesc, second: ForeignKeyDesc) -> int:
    one, other = tables.get(first.referred_table), tables.get(second.referred_table)
    if one is None or other is None:
        return 0
    keys = [_key(one, first.referred_columns[0]), _key(other, second.referred_columns[0])]
    j_keys = [_key(junction, first.columns[0]), _key(junction, second.columns[0])]
    if None in keys or None in j_keys:
        return 0
    if [c.column_name for c in one.columns if c.pk] != [keys[0][1]]:
        return 0
    if [c.column_name for c in other.columns if c.pk] != [keys[1][1]]:
        return 0
    here_id, there_id = new_id("cl_"), new_id("cl_")
    here = ftype.existing_link_options(
        "mm",
        source=(one.id, one.table_name),
        related=(other.id, other.table_name),
        child=keys[0],
        parent=keys[1],
        junction=(junction.id, junction.table_name, j_keys[0], j_keys[1]),
        symmetric_column_id=there_id,
    )
    there = ftype.existing_link_options(
        "mm",
        source=(other.id, other.table_name),
        related=(one.id, one.table_name),
        child=keys[1],
        parent=keys[0],
        junction=(junction.id, junction.table_name, j_keys[1], j_keys[0]),
        symmetric_column_id=here_id,
    )
    _link_column(cls, one, other.title, here, here_id)
    _link_column(cls, other, one.title, there, there_id)
    return 1


def import_schema(request, project, source, descs: list[TableDesc], existing: list[Table]) -> list[NewTable]:
    """Meta tables for ``descs`` (with links among them and to ``existing`` tables of the
    source, and a default view each), written in a few multi-row statements."""
    titles = {t.title.lower() for t in existing}
    order = max((t.order or 0 for t in existing), default=0)
    made: dict[str, NewTable] = {}
    for desc in descs:
        title = desc.name
        if title.lower() in titles:
            title = unique_name(title, titles)
        titles.add(title.lower())
        order += 1
        made[desc.name] = new_table(request, project, source, desc, title, order, is_junction(desc))
    by_name = {t.table_name: t for t in existing if t.source_id == source.id}
    add_links(request, {**by_name, **made}, {d.name: d for d in descs})
    _write(request, list(made.values()), default_view_type(request.registry).name)
    return list(made.values())


def _write(request, tables: list[NewTable], view_type: str) -> None:
    """Insert the new tables, their fields, default views and view fields."""
    now = utcnow()
    stamps = {"created_at": now, "updated_at": now}
    table_rows, column_rows, view_rows, view_column_rows = [], [], [], []
    for table in tables:
        table_rows.append(
            {
                "id": table.id,
                "project_id": table.project_id,
                "source_id": table.source_id,
                "title": table.title,
                "table_name": table.table_name,
                "type": table.type,
                "meta": table.meta,
                "order": table.order,
                "schema_version": 0,
                **stamps,
            }
        )
        for c in table.columns:
            column_rows.append(
                {
                    "id": c.id,
                    "table_id": table.id,
                    "title": c.title,
                    "column_name": c.column_name,
                    "uidt": c.uidt,
                    "dt": c.dt,
                    "pk": bool(c.pk),
                    "ai": bool(c.ai),
                    "rqd": bool(c.rqd),
                    "pv": bool(c.pv),
                    "system": bool(c.system),
                    "cdf": c.cdf,
                    "meta": c.meta or {},
                    "col_options": c.col_options,
                    "order": c.order,
                    **stamps,
                }
            )
        if table.type == "mm":
            continue
        view_id = new_id("vw_")
        view_rows.append(
            {
                "id": view_id,
                "table_id": table.id,
                "title": table.title,
                "type": view_type,
                "is_default": True,
                "lock_type": "collaborative",
                "meta": {},
                "order": 1,
                **stamps,
            }
        )
        for c in table.columns:
            view_column_rows.append(
                {"id": new_id("nc_"), "view_id": view_id, "column_id": c.id, "show": not c.system, "order": c.order}
            )
    db = request.dbsession
    db.flush()
    for model, rows in ((Table, table_rows), (Column, column_rows), (View, view_rows), (ViewColumn, view_column_rows)):
        if rows:
            db.execute(sa.insert(model.__table__), rows)
    mark_changed(db)

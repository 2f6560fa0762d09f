"""Table services: create (with system columns, physical table and default grid view),
rename, reorder, delete. Meta changes and DDL form one unit of work (``workbench.data.unit``)."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.data import ddl
from workbench.data.model import build_model
from workbench.data.unit import data_transaction
from workbench.errors import BadRequest
from workbench.fields.interfaces import ManagesSchema
from workbench.fields.lookup import field_type
from workbench.fields.roles import required_type, type_with
from workbench.history import store as history_store
from workbench.projects.models import Project, Source
from workbench.tables.columns import bump, create_managed, new_column
from workbench.tables.models import Table, View, ViewColumn
from workbench.tables.naming import check_table_name, check_title, table_name_for, unique_name
from workbench.views.kinds import default_view_type

# (system role, title, column_name, extra) of the columns every new table gets, each of
# the field type declaring that role (``FieldType.system_role``); a table gets no
# timestamp column whose type no enabled plugin provides (the primary key is required).
SYSTEM_COLUMNS = (
    ("id", "Id", "id", {"pk": True, "ai": True, "rqd": True}),
    ("created_at", "CreatedAt", "created_at", {}),
    ("updated_at", "UpdatedAt", "updated_at", {}),
)


def default_source(project: Project) -> Source:
    source = next((s for s in project.sources if s.is_default), None) or next(iter(project.sources), None)
    if source is None:
        raise BadRequest("The project has no data source")
    return source


def project_tables(request, project_id: str) -> list[Table]:
    return list(
        request.dbsession.scalars(
            sa.select(Table).where(Table.project_id == project_id).order_by(Table.order, Table.created_at)
        )
    )


# A table's title is unique in its project, whatever the case (NocoDB's message).
DUPLICATE_TITLE = "Duplicate table alias"


def check_title_free(title: str, tables: list[Table]) -> None:
    """400 if one of ``tables`` already has ``title`` (compared without case)."""
    if any(t.title.lower() == title.lower() for t in tables):
        raise BadRequest(DUPLICATE_TITLE)


def create_table(request, project: Project, body: dict) -> Table:
    """A new table; a title already taken in the project is refused (the physical name
    is made unique by a suffix)."""
    source = default_source(project)
    existing = project_tables(request, project.id)
    check_table_name(body.get("table_name"))
    title = check_title(body.get("title") or body.get("table_name"))
    check_title_free(title, existing)
    work = data_transaction(request, source)
    work.lock_schema()
    taken = ddl.existing_tables(work) | {t.table_name.lower() for t in existing}
    table_name = unique_name(table_name_for(body.get("table_name") or title), taken)
    table = Table(
        project_id=project.id,
        source_id=source.id,
        title=title,
        table_name=table_name,
        meta=body.get("meta") if isinstance(body.get("meta"), dict) else {},
        order=max((t.order or 0 for t in existing), default=0) + 1,
    )
    request.dbsession.add(table)
    table.source = source
    user_columns = body.get("columns") or []
    if not isinstance(user_columns, list):
        raise BadRequest("columns must be a list")
    types = request.registry["field_types"]
    if not any(isinstance(c, dict) and c.get("pk") for c in user_columns):
        # A field of the key type given without flags is the primary key, auto-increment
        # (as in NocoDB).
        key_type = type_with(types, "system_role", "id")
        user_columns = [_key_as_primary_key(c, key_type) for c in user_columns]
    titles: set[str] = set()
    names: set[str] = set()
    system = {role: type_with(types, "system_role", role) for role, *_rest in SYSTEM_COLUMNS}
    system["id"] = required_type(types, "system_role", "id")
    given = {c.get("uidt") for c in user_columns if isinstance(c, dict)}
    if any(isinstance(c, dict) and c.get("pk") for c in user_columns):
        given.add(system["id"].name)  # the caller chose the primary key (possibly composite)
    columns = []
    for role, col_title, col_name, extra in SYSTEM_COLUMNS:
        uidt = system[role].name if system[role] is not None else None
        if uidt is not None and uidt not in given:
            columns.append(
                new_column(
                    request, table, {"uidt": uidt, "title": col_title, "column_name": col_name, **extra}, titles, names
                )
            )
    bodies = {}
    for body_column in user_columns:
        columns.append(new_column(request, table, body_column, titles, names, siblings=columns))
        bodies[columns[-1].id] = body_column
    if not any(c.pk for c in columns):
        raise BadRequest("A table needs a primary key")
    if not any(c.pv for c in columns):
        first = next((c for c in columns if not c.pk and not c.system), None)
        if first is not None:
            first.pv = True
    for order, column in enumerate(sorted(columns, key=lambda c: (not c.pk, c.system)), start=1):
        column.order = order
        table.columns.append(column)
    request.dbsession.flush()
    ddl.create_table(work, build_model(request.registry, table, table.columns, work.dialect).table)
    add_view(request, table, title=title, type_=default_view_type(request.registry).name, is_default=True)
    request.dbsession.flush()
    for column in list(table.columns):  # links given with the table: their other side
        create_managed(request, table, column, bodies.get(column.id) or {})
    return table


def _key_as_primary_key(column, key_type):
    if key_type is not None and isinstance(column, dict) and column.get("uidt") == key_type.name and "pk" not in column:
        return {"pk": True, "ai": True, "rqd": True, **column}
    return column


def add_view(request, table: Table, *, title: str, type_: str, is_default: bool = False) -> View:
    view = View(
        title=title, type=type_, is_default=is_default, order=max((v.order or 0 for v in table.views), default=0) + 1
    )
    for column in table.columns:
        view.columns.append(ViewColumn(column_id=column.id, show=not column.system, order=column.order))
    table.views.append(view)
    return view


def update_table(request, table: Table, body: dict) -> Table:
    if "title" in body or "table_name" in body:
        title = check_title(body.get("title") or body.get("table_name"))
        check_title_free(title, [t for t in project_tables(request, table.project_id) if t.id != table.id])
        table.title = title
        bump(table)
    if isinstance(body.get("meta"), dict):
        table.meta = body["meta"]
    if "order" in body:
        table.order = _order(body["order"])
    request.dbsession.flush()
    return table


def _order(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        raise BadRequest("order must be a number") from None


def reorder_table(request, table: Table, order) -> Table:
    table.order = _order(order)
    request.dbsession.flush()
    return table


def delete_table(request, table: Table) -> None:
    if table.type == "mm":
        raise BadRequest(f"Table '{table.title}' joins a many-to-many link: delete the link field instead")
    for column in list(table.columns):  # links go first, with their side in other tables
        if column in table.columns and isinstance(field_type(request.registry, column), ManagesSchema):
            field_type(request.registry, column).delete(request, table, column)
    work = data_transaction(request, table.source)
    ddl.drop_table(work, table.table_name)
    request.dbsession.delete(table)
    request.dbsession.flush()


def drop_project_tables(request, project: Project, keep_files=()) -> None:
    """Drop (after commit) the physical tables of a project being deleted, except in its
    embedded SQLite files, which go as a whole; cached engines of its sources are released."""
    from workbench.projects.sources import sqlite_path

    settings = request.registry.settings
    engines = request.registry["source_engines"]
    for source in project.sources:
        if sqlite_path(settings, source) not in keep_files:
            work = data_transaction(request, source)
            for table in project_tables(request, project.id):
                if table.source_id == source.id:
                    ddl.drop_table(work, table.table_name)
            if source.is_default:
                history_store.delete_project(work, project.id)
        request.tm.get().addAfterCommitHook(lambda ok, source_id=source.id: ok and engines.discard(source_id))

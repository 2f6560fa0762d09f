"""Route factories of the records API.

v1 paths name the project and the table by id or title (and optionally a view by id or
title); v2 paths name the table by id and take the view as ``viewId`` in the query.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from workbench.errors import NotFound
from workbench.projects.models import Project
from workbench.tables.contexts import TableContext, _BelowProject
from workbench.tables.models import Table, View


def _find_view(request, table: Table, key: str | None) -> View | None:
    if not key:
        return None
    for view in table.views:
        if key in (view.id, view.title):
            return view
    raise NotFound(f"View '{key}' not found")


class RecordsContext(TableContext):
    """v2: ``/api/v2/tables/{table_id}/records``; the view comes from ``viewId``."""

    def __init__(self, request):
        super().__init__(request)
        self.view = _find_view(request, self.table, request.params.get("viewId"))


class AliasRecordsContext(_BelowProject):
    """v1: ``/api/v1/db/data/noco/{project_id}/{table_name}[/views/{view_name}]``."""

    def __init__(self, request):
        md = request.matchdict or {}
        project_key, table_key = md.get("project_id"), md.get("table_name")
        db = request.dbsession
        project = db.get(Project, project_key) or db.scalars(
            sa.select(Project).where(Project.title == project_key).limit(1)).first()
        if project is None:
            raise NotFound(f"Project '{project_key}' not found")
        table = db.scalars(
            sa.select(Table).where(Table.project_id == project.id,
                                   sa.or_(Table.id == table_key, Table.title == table_key,
                                          Table.table_name == table_key))
            .order_by(sa.case((Table.id == table_key, 0), (Table.title == table_key, 1), else_=2))
            .options(selectinload(Table.columns)).limit(1)
        ).first()
        if table is None:
            raise NotFound(f"Table '{table_key}' not found")
        super().__init__(request, table)
        self.view = _find_view(request, table, md.get("view_name") or request.params.get("viewId"))

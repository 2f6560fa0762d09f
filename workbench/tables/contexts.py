"""Route factories for objects below a project: a table, a column, a view.

Each loads its object (404 if missing) and exposes ``project_id`` and ``member_roles``
like ``ProjectContext``, so the security policy checks the caller's role in the project.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import joinedload, selectinload

from workbench.errors import NotFound
from workbench.projects.models import Project
from workbench.security.contexts import ProjectContext
from workbench.tables.models import Column, Filter, Sort, Table, View
from workbench.tables.personal_views import check_seen


def _matched(request, *keys):
    matchdict = request.matchdict or {}
    return next((matchdict[k] for k in keys if k in matchdict), None)


class _BelowProject(ProjectContext):
    def __init__(self, request, table: Table):
        self.request = request
        self.table = table
        self.project_id = table.project_id
        self._roles_cache = {}

    @property
    def project(self) -> Project:
        return self.request.dbsession.get(Project, self.project_id)


def load_table(request, table_id) -> Table:
    table = None
    if table_id:
        table = request.dbsession.scalars(
            sa.select(Table).where(Table.id == table_id).options(selectinload(Table.columns), joinedload(Table.source))
        ).first()
    if table is None:
        raise NotFound(f"Table '{table_id}' not found")
    return table


class TableContext(_BelowProject):
    def __init__(self, request):
        super().__init__(request, load_table(request, _matched(request, "table_id", "tableId", "modelId")))


class ColumnContext(_BelowProject):
    def __init__(self, request):
        column_id = _matched(request, "column_id", "columnId")
        column = request.dbsession.get(Column, column_id) if column_id else None
        table_id = _matched(request, "table_id")
        if column is None or (table_id and column.table_id != table_id):
            raise NotFound(f"Column '{column_id}' not found")
        self.column = column
        super().__init__(request, load_table(request, column.table_id))


class ViewContext(_BelowProject):
    def __init__(self, request):
        view_id = _matched(request, "view_id", "viewId")
        view = request.dbsession.get(View, view_id) if view_id else None
        if view is None:
            raise NotFound(f"View '{view_id}' not found")
        check_seen(request, view)
        self.view = view
        super().__init__(request, load_table(request, view.table_id))


class _ViewPart(_BelowProject):
    """A filter or a sort: loads it, its view and the view's table."""

    model: type
    key: str
    label: str

    def __init__(self, request):
        item_id = _matched(request, self.key)
        item = request.dbsession.get(self.model, item_id) if item_id else None
        if item is None:
            raise NotFound(f"{self.label} '{item_id}' not found")
        self.item = item
        self.view = request.dbsession.get(View, item.view_id)
        check_seen(request, self.view, f"{self.label} '{item_id}' not found")
        super().__init__(request, load_table(request, self.view.table_id))


class FilterContext(_ViewPart):
    model, key, label = Filter, "filter_id", "Filter"


class SortContext(_ViewPart):
    model, key, label = Sort, "sort_id", "Sort"

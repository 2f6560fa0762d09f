"""Route factories of the records API.

v1 paths name the project and the table by id or title (and optionally a view by id or
title); v2 paths name the table by id and take the view as ``viewId`` in the query. The
table is loaded as a light ``TableRef`` (see ``workbench.records.loading``), the view as a
read-only copy (see ``workbench.records.view_cache``).
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.errors import NotFound
from workbench.projects.models import Project, ProjectMember
from workbench.records.loading import TableRef, load_table_ref, load_table_ref_by_id
from workbench.records.view_cache import ViewCopy, find_view
from workbench.tables.contexts import _BelowProject
from workbench.tables.models import Table
from workbench.tables.personal_views import check_seen


def _find_view(request, table: TableRef, key: str | None) -> ViewCopy | None:
    if not key:
        return None
    view = find_view(request, table, key)
    if view is None:
        raise NotFound(f"View '{key}' not found")
    check_seen(request, view, f"View '{key}' not found")
    return view


def _project_by_title(request, title: str) -> str | None:
    """Titles are not unique: prefer a project the caller is a member of."""
    user_id = request.authenticated_userid
    member = sa.exists().where(ProjectMember.project_id == Project.id, ProjectMember.user_id == user_id)
    return request.dbsession.scalar(
        sa.select(Project.id)
        .where(Project.title == title)
        .order_by(sa.case((member, 0), else_=1), Project.created_at)
        .limit(1)
    )


class RecordsContext(_BelowProject):
    """v2: ``/api/v2/tables/{table_id}/records``; the view comes from ``viewId``."""

    def __init__(self, request):
        table_id = (request.matchdict or {}).get("table_id")
        super().__init__(request, load_table_ref_by_id(request, table_id))
        self.view = _find_view(request, self.table, request.params.get("viewId"))


class AliasRecordsContext(_BelowProject):
    """v1: ``/api/v1/db/data/noco/{project_id}/{table_name}[/views/{view_name}]``."""

    def __init__(self, request):
        md = request.matchdict or {}
        project_key, table_key = md.get("project_id"), md.get("table_name")
        db = request.dbsession
        project_id = db.scalar(sa.select(Project.id).where(Project.id == project_key)) or _project_by_title(
            request, project_key
        )
        if project_id is None:
            raise NotFound(f"Project '{project_key}' not found")
        try:
            table = load_table_ref(
                request,
                Table.project_id == project_id,
                sa.or_(Table.id == table_key, Table.title == table_key, Table.table_name == table_key),
                order_by=(sa.case((Table.id == table_key, 0), (Table.title == table_key, 1), else_=2),),
            )
        except NotFound:
            raise NotFound(f"Table '{table_key}' not found") from None
        super().__init__(request, table)
        self.view = _find_view(request, table, md.get("view_name") or request.params.get("viewId"))

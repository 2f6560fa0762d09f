"""The context of an upload: the project the files will belong to and, optionally, the
Attachment field they are for.

NocoDB's upload routes have no project in their path. Workbench takes it from the query:
``project_id`` (or ``base_id``), or NocoDB's own ``path=noco/<base>/<table>/<column>``
(in the query or as a field of the multipart body); a path whose first part is not a
project but that names a table (``files/<table id>``) means that table's project.
A field named by ``column_id`` (or the path's last part) must be an Attachment field of
that project; its options narrow the accepted types and the size limit.
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.errors import BadRequest, NotFound
from workbench.fields.lookup import holds_files
from workbench.projects.models import Project
from workbench.security.contexts import ProjectContext
from workbench.tables.models import Column, Table


def _from_nocodb_path(path: str) -> tuple[str | None, str | None]:
    """(project id, column id) from ``noco/<base>/<table>/<column>`` (or a prefix of it)."""
    parts = [p for p in path.strip("/").split("/") if p]
    if parts[:1] == ["download"]:
        parts = parts[1:]
    if parts[:1] == ["noco"]:
        parts = parts[1:]
    project_id = parts[0] if parts else None
    column_id = parts[2] if len(parts) >= 3 else None
    return project_id, column_id


def _path_param(request) -> str:
    """``path`` from the query, else from the multipart body's fields."""
    path = request.GET.get("path")
    if not path and (request.content_type or "").startswith("multipart/form-data"):
        try:
            path = request.POST.get("path")
        except (ValueError, TypeError, KeyError, UnicodeDecodeError):
            path = None
    return path if isinstance(path, str) else ""


def _project_of_path(dbsession, path: str, project_id: str | None) -> str | None:
    """The path's project: its first part if that is a project, else the project of a
    table the path names."""
    if not project_id or dbsession.get(Project, project_id) is not None:
        return project_id
    parts = [p for p in path.strip("/").split("/") if p][:8]
    return dbsession.scalar(sa.select(Table.project_id).where(Table.id.in_(parts)).limit(1)) or project_id


class UploadContext(ProjectContext):
    """``ProjectContext`` for routes that name the project in the query."""

    def __init__(self, request):
        params = request.GET
        path = _path_param(request)
        path_project, path_column = _from_nocodb_path(path)
        project_id = params.get("project_id") or params.get("base_id")
        if not project_id:
            project_id = _project_of_path(request.dbsession, path, path_project)
        if not project_id:
            raise BadRequest("project_id is required: name the project the files belong to")
        request.matchdict = {**(request.matchdict or {}), "project_id": project_id}
        super().__init__(request)
        self.column_id = params.get("column_id") or params.get("fk_column_id") or path_column
        self._column = None

    @property
    def column(self) -> Column | None:
        """The Attachment field the upload is for, if one was named (404 if not in the project)."""
        if self.column_id and self._column is None:
            column = self.request.dbsession.scalar(
                sa.select(Column)
                .join(Table, Table.id == Column.table_id)
                .where(Column.id == self.column_id, Table.project_id == self.project_id)
            )
            if column is None:
                raise NotFound("Field not found")
            if not holds_files(self.request.registry, column):
                raise BadRequest(f"Field '{column.title}' is not an Attachment field")
            self._column = column
        return self._column

"""Route factories: the context objects views receive, loaded once per request."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.errors import NotFound
from workbench.projects.models import Project, ProjectMember
from workbench.security.roles import parse_roles


class RootContext:
    """Organisation-level routes: no project involved."""

    project_id = None

    def __init__(self, request):
        self.request = request


class ProjectContext:
    """Routes under one project: the project is loaded (404 if missing)."""

    matchdict_keys = ("project_id", "base_id", "baseId", "projectId")

    def __init__(self, request):
        self.request = request
        key = next((request.matchdict[k] for k in self.matchdict_keys if k in (request.matchdict or {})), None)
        project = request.dbsession.get(Project, key) if key else None
        if project is None:
            raise NotFound("Project not found")
        self.project = project
        self.project_id = project.id
        self._roles_cache: dict[str, set[str]] = {}

    def remember_member_roles(self, user_id: str, roles: str | None) -> None:
        """The caller's roles here, read along with the caller (see the security policy)."""
        self._roles_cache[user_id] = parse_roles(roles)

    def member_roles(self, user_id: str) -> set[str]:
        if user_id not in self._roles_cache:
            value = self.request.dbsession.scalar(
                sa.select(ProjectMember.roles).where(
                    ProjectMember.project_id == self.project_id, ProjectMember.user_id == user_id
                )
            )
            self._roles_cache[user_id] = parse_roles(value)
        return self._roles_cache[user_id]

"""Projects: creation with a default source, roles of members, API representation."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import aliased

from workbench.accounts.models import User
from workbench.meta.base import isoformat
from workbench.projects import sources
from workbench.projects.models import Project, ProjectMember
from workbench.projects.schemas import DEFAULT_THEME, normalise_meta
from workbench.security.roles import NO_RIGHTS_ROLE, parse_roles


def effective_project_roles(dbsession, project_id: str, user: User) -> set[str]:
    """The user's roles in a project: their membership, owner for the super admin,
    else the plain ``user`` role (which grants nothing)."""
    value = dbsession.scalar(
        sa.select(ProjectMember.roles).where(ProjectMember.project_id == project_id, ProjectMember.user_id == user.id)
    )
    roles = parse_roles(value)
    if not roles and "super" in user.role_set:
        roles = {"owner"}
    return roles or {NO_RIGHTS_ROLE}


def sole_owner_of(dbsession, user_id: str) -> list[str]:
    """Titles of the projects whose only owner is this user (deleting them would orphan it)."""
    other = aliased(ProjectMember)
    others = (
        sa.select(other.user_id)
        .where(other.project_id == ProjectMember.project_id, other.roles == "owner", other.user_id != user_id)
        .exists()
    )
    return list(
        dbsession.scalars(
            sa.select(Project.title)
            .join(ProjectMember, ProjectMember.project_id == Project.id)
            .where(ProjectMember.user_id == user_id, ProjectMember.roles == "owner", ~others)
        )
    )


def create_project(request, *, title, description=None, color=None, meta=None) -> Project:
    user = request.identity.user
    db = request.dbsession
    max_order = db.scalar(sa.select(sa.func.max(Project.order))) or 0
    project = Project(
        title=title,
        description=description,
        color=color,
        meta=meta if meta is not None else normalise_meta(None),
        order=max_order + 1,
        created_by=user.id,
    )
    db.add(project)
    db.flush()
    source = sources.default_source(project.id, request.registry.settings.get("workbench.data.url"))
    db.add(source)
    db.add(ProjectMember(project_id=project.id, user_id=user.id, roles="owner"))
    db.flush()
    path = sources.sqlite_path(request.registry.settings, source)
    # The file is created only once the meta change is committed.
    if path is not None:
        request.tm.get().addAfterCommitHook(lambda ok: ok and sources.create_sqlite_file(path))
    return project


def delete_project(request, project: Project) -> None:
    settings = request.registry.settings
    paths = [p for p in (sources.sqlite_path(settings, s) for s in project.sources if s.is_default) if p]
    from workbench.tables.services import drop_project_tables

    drop_project_tables(request, project, keep_files=paths)
    request.dbsession.delete(project)
    request.dbsession.flush()

    def remove_files(ok):
        if ok:
            for path in paths:
                sources.remove_sqlite_file(path)

    request.tm.get().addAfterCommitHook(remove_files)


def project_json(project: Project, roles: set[str] | None = None) -> dict:
    meta = project.meta or {}
    if "theme" not in meta:
        meta = {**meta, "theme": dict(DEFAULT_THEME)}
    source_list = [sources.source_json(s) for s in project.sources]
    body = {
        "id": project.id,
        "title": project.title,
        "description": project.description,
        "meta": meta,
        "color": project.color,
        "order": project.order,
        "prefix": "",
        "status": None,
        "deleted": False,
        "is_meta": False,
        "created_by": project.created_by,
        "created_at": isoformat(project.created_at),
        "updated_at": isoformat(project.updated_at),
        "bases": source_list,
        "sources": source_list,
    }
    if roles is not None:
        body["project_role"] = ",".join(sorted(roles))
        body["roles"] = dict.fromkeys(sorted(roles), True)
    return body

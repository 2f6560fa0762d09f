"""Whether a connected user may receive a project's events: a member with a role that
reads (any project role), or a super user; checked when a ``page`` message names it."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.accounts.models import User
from workbench.projects.models import Project, ProjectMember
from workbench.security.roles import NO_RIGHTS_ROLE, parse_roles

_CHECK = sa.select(
    User.roles,
    User.blocked,
    sa.select(Project.id).where(Project.id == sa.bindparam("project_id")).scalar_subquery().label("project"),
    sa.select(ProjectMember.roles)
    .where(ProjectMember.project_id == sa.bindparam("project_id"), ProjectMember.user_id == User.id)
    .scalar_subquery()
    .label("member_roles"),
).where(User.id == sa.bindparam("user_id"))


def may_read_project(registry, user_id: str, project_id) -> bool:
    if not isinstance(project_id, str) or not project_id:
        return False
    session = registry["dbsession_factory"]()
    try:
        row = session.execute(_CHECK, {"user_id": user_id, "project_id": project_id}).first()
    finally:
        session.close()
    if row is None or row.blocked or row.project is None:
        return False
    if "super" in parse_roles(row.roles):
        return True
    return bool(parse_roles(row.member_roles) - {NO_RIGHTS_ROLE})

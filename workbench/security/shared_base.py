"""Callers of a shared base: a request with ``xc-shared-base-id: <uuid>`` and no user token
acts with the link's role (viewer or editor) on that one project, and nowhere else.

They are nobody: no user, no account routes, no organisation routes, no other project.
Inside the project they hold the role's permissions minus the ones that would expose or
hand out access (members, sharing, webhooks, sources).
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.security.permissions import Permission as P

SHARED_BASE_HEADER = "xc-shared-base-id"
PASSWORD_HEADER = "xc-password"  # noqa: S105 (a header name)
SHARED_BASE_ROLES = ("viewer", "editor")
INVALID_PASSWORD = "INVALID_SHARED_VIEW_PASSWORD"  # noqa: S105 (an error code)
#: never granted through a shared base, whatever its role
WITHHELD = frozenset(
    {
        P.MEMBER_READ,
        P.MEMBER_INVITE,
        P.MEMBER_UPDATE,
        P.MEMBER_REMOVE,
        P.VIEW_SHARE,
        P.BASE_SHARE,
        P.WEBHOOK_MANAGE,
        P.SOURCE_MANAGE,
        P.PROJECT_UPDATE,
        P.PROJECT_DELETE,
        P.HISTORY_READ,
        P.AUDIT_READ,
    }
)


class SharedBaseIdentity:
    """The caller of a shared base; ``user_id`` is None (nobody is signed in)."""

    via = "shared_base"
    user_id = None
    shared_base = True

    def __init__(self, project_id: str, role: str | None, password_ok: bool = True, refusal=None):
        self.project_id = project_id
        self.role = role if role in SHARED_BASE_ROLES else "viewer"
        self.password_ok = password_ok and refusal is None
        #: the 429 to answer when the client has tried too many wrong passwords
        self.refusal = refusal
        self.claims: dict = {}

    @property
    def user(self):
        return None

    @property
    def system_roles(self) -> set[str]:
        return set()

    def project_roles(self, project_id: str) -> set[str]:
        return {self.role} if project_id == self.project_id and self.password_ok else set()


def shared_base_identity(request) -> SharedBaseIdentity | None:
    from workbench.accounts.services import hasher
    from workbench.accounts.throttle import shared_password_attempt
    from workbench.errors import TooManyRequests
    from workbench.views.models import SharedBase

    uuid = (request.headers.get(SHARED_BASE_HEADER) or "").strip()
    if not uuid:
        return None
    row = request.dbsession.scalar(sa.select(SharedBase).where(SharedBase.uuid == uuid))
    if row is None:
        return None
    ok = True
    if row.password_hash:
        given = request.headers.get(PASSWORD_HEADER) or ""
        ok = False
        if given:
            try:
                attempt = shared_password_attempt(request, row.uuid)
            except TooManyRequests as refusal:  # answered by the permission check
                return SharedBaseIdentity(row.project_id, row.roles, False, refusal)
            ok = hasher(request).verify(row.password_hash, given)
            if ok and attempt is not None:
                attempt.release()
    return SharedBaseIdentity(row.project_id, row.roles, ok)


def shared_base_permits(request, context, identity: SharedBaseIdentity, permission) -> set[str] | str:
    """The roles the caller acts with here, or why it is refused (429 while the client is
    refused for too many wrong passwords)."""
    if identity.refusal is not None:
        raise identity.refusal
    if not identity.password_ok:
        request.permission_denied_msg = INVALID_PASSWORD
        return INVALID_PASSWORD
    project_id = getattr(context, "project_id", None)
    if not str(permission).startswith("project:") or project_id != identity.project_id:
        return "a shared base reaches its own project only"
    if permission in WITHHELD:
        return f"{permission} is never granted through a shared base"
    return identity.project_roles(project_id)

"""The permission matrix: which role holds which permission, as data in one place.

Project roles inherit upwards (viewer < commenter < editor < creator < owner). System
roles: ``super`` holds everything, in every project; ``org-level-creator`` may create
projects; ``org-level-viewer`` may list the projects it is a member of. ``admin`` and
``guest`` add nothing. ``user`` holds no project rights at all: a caller whose only role
in a project is ``user`` is refused on that project's routes.
"""

from workbench.security.permissions import Permission as P

SYSTEM_ROLES = ("super", "admin", "org-level-creator", "org-level-viewer", "guest")
PROJECT_ROLES = ("owner", "creator", "editor", "commenter", "viewer")
# Roles a member can be given by invitation (owner is given only by creating a project).
SELECTABLE_PROJECT_ROLES = ("creator", "editor", "commenter", "viewer")
# Rank used to refuse inviting someone above one's own role.
PROJECT_ROLE_RANK = {"viewer": 1, "commenter": 2, "editor": 3, "creator": 4, "owner": 5}
NO_RIGHTS_ROLE = "user"

_ACCOUNT = {P.ACCOUNT_MANAGE, P.ORG_PROJECT_LIST, P.ORG_PLUGINS_READ}

_VIEWER = {
    P.PROJECT_READ,
    P.MEMBER_READ,
    P.TABLE_READ,
    P.DATA_READ,
    P.DATA_EXPORT,
    P.COMMENT_READ,
    P.HISTORY_READ,
    P.API_DOCS_READ,
}
_COMMENTER = _VIEWER | {P.COMMENT_WRITE}
_EDITOR = _COMMENTER | {
    P.DATA_INSERT,
    P.DATA_UPDATE,
    P.DATA_DELETE,
    P.DATA_IMPORT,
    P.ATTACHMENT_UPLOAD,
    P.VIEW_CREATE,
    P.VIEW_UPDATE,
    P.VIEW_DELETE,
    P.VIEW_CONFIGURE,
    P.VIEW_SHARE,
}
_CREATOR = _EDITOR | {
    P.PROJECT_UPDATE,
    P.MEMBER_INVITE,
    P.MEMBER_UPDATE,
    P.MEMBER_REMOVE,
    P.SOURCE_MANAGE,
    P.TABLE_CREATE,
    P.TABLE_UPDATE,
    P.TABLE_DELETE,
    P.COLUMN_CREATE,
    P.COLUMN_UPDATE,
    P.COLUMN_DELETE,
    P.WEBHOOK_MANAGE,
    P.BASE_SHARE,
    P.VIEW_LOCK,
    P.AUDIT_READ,
}
_OWNER = _CREATOR | {P.PROJECT_DELETE}

ROLE_PERMISSIONS: dict[str, frozenset[str]] = {
    # System roles.
    "super": frozenset(P),
    "admin": frozenset(_ACCOUNT),
    "org-level-creator": frozenset(_ACCOUNT | {P.ORG_PROJECT_CREATE}),
    "org-level-viewer": frozenset(_ACCOUNT),
    "guest": frozenset(),
    NO_RIGHTS_ROLE: frozenset(),
    # Project roles.
    "owner": frozenset(_OWNER),
    "creator": frozenset(_CREATOR),
    "editor": frozenset(_EDITOR),
    "commenter": frozenset(_COMMENTER),
    "viewer": frozenset(_VIEWER),
}


def roles_permit(roles, permission: str) -> bool:
    """True if any of ``roles`` holds ``permission``."""
    return any(permission in ROLE_PERMISSIONS.get(role, ()) for role in roles)


def parse_roles(value) -> set[str]:
    """Roles from a comma-separated string, a list or a ``{role: true}`` map."""
    if not value:
        return set()
    if isinstance(value, dict):
        return {k for k, v in value.items() if v}
    if isinstance(value, str):
        value = value.split(",")
    return {str(v).strip() for v in value if str(v).strip()}


def roles_map(roles) -> dict[str, bool]:
    return dict.fromkeys(sorted(roles), True)

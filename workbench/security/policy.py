"""The Pyramid 2 security policy: who is calling, and what their roles let them do.

Identity comes from a JWT (``xc-auth``, ``Authorization: JWT|Bearer``) or an API token
(``xc-token``, ``Authorization: Bearer wbt_...``); without either, ``xc-shared-base-id``
makes the caller a shared base's visitor (``workbench.security.shared_base``). Permission
checks use the matrix in ``workbench.security.roles``: the caller's system roles plus, on project routes, their
role in that project. A ``xc-preview`` header naming a role narrows every check to what
that role may do as well.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from pyramid.security import NO_PERMISSION_REQUIRED, Allowed, Denied

from workbench.accounts.models import ApiToken, User
from workbench.meta.base import utcnow
from workbench.projects.models import ProjectMember
from workbench.security import two_factor_gate
from workbench.security.permissions import Permission
from workbench.security.roles import NO_RIGHTS_ROLE, PROJECT_ROLES, roles_permit
from workbench.security.shared_base import shared_base_identity, shared_base_permits
from workbench.security.tokens import API_TOKEN_PREFIX, JWTCodec, token_hash

PREVIEW_HEADER = "xc-preview"
NO_PROJECT_ACCESS = "You don't have enough permission to access the project."
VIEW_LOCKED = "This view is locked: only a creator or an owner may change it"
_IDENTITY_CACHE = "_workbench_identity"
# How stale an API token's ``last_used_at`` may be.
LAST_USED_PRECISION = dt.timedelta(minutes=1)


# What a JWT check needs of the caller, read without loading the ORM object.
_CALLER = sa.select(
    User.blocked,
    User.token_version,
    User.roles,
    User.totp_enabled,
    two_factor_gate.required_setting.label("require_two_factor"),
).where(User.id == sa.bindparam("user_id"))
# The same on a project's route, with the caller's roles in that project (one query, not two).
_CALLER_IN_PROJECT = _CALLER.add_columns(
    sa.select(ProjectMember.roles)
    .where(ProjectMember.project_id == sa.bindparam("project_id"), ProjectMember.user_id == User.id)
    .scalar_subquery()
    .label("member_roles")
)


def _role_set(roles: str | None) -> set[str]:
    return {r.strip() for r in (roles or "").split(",") if r.strip()}


class Identity:
    """The caller. ``user`` (the ORM row) is loaded from the request's session on first use:
    most requests need only the id and the system roles, which the JWT check reads with one
    light query (about a tenth of a millisecond less per request than loading the row)."""

    def __init__(
        self,
        user: User | None = None,
        via: str = "jwt",
        claims: dict | None = None,
        *,
        user_id: str | None = None,
        roles: str | None = None,
        dbsession=None,
        two_factor_missing: bool = False,
    ):
        self._user = user
        self.user_id: str = user.id if user is not None else user_id
        self._roles = roles
        self._dbsession = dbsession
        self.via = via  # "jwt" or "api_token"
        self.claims = claims or {}
        #: the super admin requires two-factor sign-in and this user has not turned it on
        self.two_factor_missing = two_factor_missing

    @property
    def user(self) -> User:
        if self._user is None:
            self._user = self._dbsession.get(User, self.user_id)
        return self._user

    @property
    def system_roles(self) -> set[str]:
        if self._user is not None:
            return self._user.role_set
        return _role_set(self._roles)


class WorkbenchSecurityPolicy:
    def __init__(self, codec: JWTCodec):
        self.codec = codec

    # -- identity ---------------------------------------------------------
    def identity(self, request) -> Identity | None:
        # Pyramid asks again on every ``request.identity``: look the caller up once.
        cache = request.__dict__
        if _IDENTITY_CACHE not in cache:
            cache[_IDENTITY_CACHE] = self._identity(request)
        return cache[_IDENTITY_CACHE]

    def _identity(self, request) -> Identity | None:
        api_token = request.headers.get("xc-token")
        auth = request.headers.get("Authorization", "")
        scheme, _, value = auth.partition(" ")
        if not api_token and scheme == "Bearer" and value.strip().startswith(API_TOKEN_PREFIX):
            api_token = value.strip()
        if api_token:
            return self._api_token_identity(request, api_token)
        claims = self.codec.claims(request)
        if not claims:
            if auth or request.headers.get("xc-auth"):
                return None  # a bad user token is never a shared-base call
            return shared_base_identity(request)
        return self.identity_from_claims(request.dbsession, claims, getattr(request, "context", None))

    def identity_from_claims(self, dbsession, claims: dict, context=None) -> Identity | None:
        """The caller of a verified JWT, if still valid. On a project's route (``context``
        has ``project_id``), their roles in the project come with the same query and are
        handed to the context, which the permission check asks next."""
        user_id = claims["sub"]
        project_id = getattr(context, "project_id", None)
        remember = getattr(context, "remember_member_roles", None)
        # On the session's connection: a Core statement needs none of the ORM's execute path.
        connection = dbsession.connection()
        if project_id is not None and remember is not None:
            row = connection.execute(_CALLER_IN_PROJECT, {"user_id": user_id, "project_id": project_id}).first()
        else:
            row = connection.execute(_CALLER, {"user_id": user_id}).first()
            remember = None
        if row is None or row.blocked or claims.get("tv") != row.token_version:
            return None
        if remember is not None:
            remember(user_id, row.member_roles)
        return Identity(
            via="jwt",
            claims=claims,
            user_id=user_id,
            roles=row.roles,
            dbsession=dbsession,
            two_factor_missing=two_factor_gate.missing(row.totp_enabled, row.require_two_factor),
        )

    def _api_token_identity(self, request, token: str) -> Identity | None:
        row = request.dbsession.execute(
            sa.select(ApiToken, User, two_factor_gate.required_setting.label("require_two_factor"))
            .join(User, User.id == ApiToken.user_id)
            .where(ApiToken.token_hash == token_hash(token))
        ).first()
        if row is None or row.User.blocked:
            return None
        now = utcnow()
        last = row.ApiToken.last_used_at
        if last is None or now - last > LAST_USED_PRECISION:
            # Not on every call: a script's reads would each become a write.
            row.ApiToken.last_used_at = now
        missing = two_factor_gate.missing(row.User.totp_enabled, row.require_two_factor)
        return Identity(user=row.User, via="api_token", two_factor_missing=missing)

    def authenticated_userid(self, request) -> str | None:
        identity = request.identity
        return identity.user_id if identity else None

    # -- permissions ------------------------------------------------------
    def permits(self, request, context, permission):
        if permission == NO_PERMISSION_REQUIRED:
            return Allowed("public")
        identity = request.identity
        if identity is None:
            return Denied("not signed in")
        if getattr(identity, "shared_base", False):
            return self._shared_base_permits(request, context, identity, permission)
        if getattr(identity, "two_factor_missing", False) and not two_factor_gate.allowed(request):
            request.permission_denied_msg = two_factor_gate.REQUIRED
            return Denied(two_factor_gate.REQUIRED)
        roles = set(identity.system_roles)
        project_id = getattr(context, "project_id", None)
        if project_id is not None and "super" not in roles:
            project_roles = context.member_roles(identity.user_id)
            if not project_roles - {NO_RIGHTS_ROLE}:
                request.permission_denied_msg = NO_PROJECT_ACCESS
                return Denied(NO_PROJECT_ACCESS)
            roles |= project_roles
        if not roles_permit(roles, permission):
            return Denied(f"roles {sorted(roles)} lack {permission}")
        preview = request.headers.get(PREVIEW_HEADER)
        if preview and permission.startswith("project:"):
            # Preview narrows project checks to what the previewed role may do.
            if preview not in PROJECT_ROLES:
                return Denied(f"unknown preview role {preview!r}")
            if not roles_permit({preview}, permission):
                return Denied(f"previewing as {preview}: lacks {permission}")
            roles = {preview}
        return _check_view_lock(request, context, permission, roles)

    def _shared_base_permits(self, request, context, identity, permission):
        roles = shared_base_permits(request, context, identity, permission)
        if isinstance(roles, str):
            return Denied(roles)
        if not roles_permit(roles, permission):
            return Denied(f"shared base role {sorted(roles)} lacks {permission}")
        return _check_view_lock(request, context, permission, roles)

    def remember(self, request, userid, **kw):
        return []

    def forget(self, request, **kw):
        return []


def _check_view_lock(request, context, permission, roles):
    """A locked view's configuration changes only for the roles that may unlock it."""
    view = getattr(context, "view", None)
    if (
        permission == Permission.VIEW_CONFIGURE
        and getattr(view, "lock_type", None) == "locked"
        and not roles_permit(roles, Permission.VIEW_LOCK)
    ):
        request.permission_denied_msg = VIEW_LOCKED
        return Denied(VIEW_LOCKED)
    return Allowed(f"roles {sorted(roles)} hold {permission}")

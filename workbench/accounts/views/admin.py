"""Super-admin endpoints: app settings (sign-up policy) and organisation users."""

import sqlalchemy as sa

from workbench.accounts import sessions
from workbench.accounts.invitations import invite, invited_json
from workbench.accounts.models import User
from workbench.accounts.schemas import AppSettingsBody, OrgInviteBody, OrgUserUpdateBody
from workbench.accounts.services import app_settings, save_app_settings, user_by_email, user_json
from workbench.api import api_view
from workbench.errors import BadRequest, NotFound
from workbench.paging import int_param, paged
from workbench.projects.services import sole_owner_of
from workbench.realtime.session_end import announce_session_end
from workbench.security.permissions import Permission
from workbench.tables.personal_views import delete_personal_views


@api_view(
    "app_settings",
    "GET",
    Permission.ORG_SETTINGS_MANAGE,
    tags=("admin",),
    summary="App settings: invite-only sign-up and the role new sign-ups get",
)
def get_app_settings(request):
    return app_settings(request)


@api_view(
    "app_settings",
    "POST",
    Permission.ORG_SETTINGS_MANAGE,
    tags=("admin",),
    body=AppSettingsBody,
    summary="Change app settings",
)
def set_app_settings(request):
    body = request.validated(AppSettingsBody)
    return save_app_settings(request, body.model_dump(exclude_none=True))


@api_view(
    "org.users",
    "GET",
    Permission.ORG_USERS_MANAGE,
    tags=("admin",),
    summary="List every user of the organisation",
    query=(("limit", ""), ("offset", ""), ("query", "")),
)
def list_users(request):
    limit = int_param(request, "limit", 25, 1, 1000)
    offset = int_param(request, "offset", 0, 0)
    query = sa.select(User)
    text = request.params.get("query")
    if text:
        query = query.where(User.email.contains(text.lower(), autoescape=True))
    total = request.dbsession.scalar(sa.select(sa.func.count()).select_from(query.subquery()))
    rows = request.dbsession.scalars(query.order_by(User.created_at, User.id).limit(limit).offset(offset)).all()
    return paged([user_json(u) for u in rows], total, limit, offset)


@api_view(
    "org.users",
    "POST",
    Permission.ORG_USERS_MANAGE,
    tags=("admin",),
    body=OrgInviteBody,
    summary="Invite a user to the organisation: the sign-up link is mailed, or returned when mail is not configured",
)
def invite_user(request):
    body = request.validated(OrgInviteBody)
    if user_by_email(request.dbsession, body.email) is not None:
        raise BadRequest("User already exists")
    user = invite(request, body.email, body.roles)
    return {**invited_json([user]), "email": user.email, "id": user.id}


@api_view(
    "org.user",
    "PATCH",
    Permission.ORG_USERS_MANAGE,
    tags=("admin",),
    body=OrgUserUpdateBody,
    summary="Change a user's organisation role or block them",
)
def update_user(request):
    user = _target(request)
    body = request.validated(OrgUserUpdateBody)
    if body.roles is not None:
        user.roles = body.roles
    if body.blocked is not None:
        user.blocked = body.blocked
        if body.blocked:
            sessions.end_all_sessions(request, user)
    request.dbsession.flush()
    return user_json(user)


@api_view("org.user", "DELETE", Permission.ORG_USERS_MANAGE, tags=("admin",), summary="Delete a user")
def delete_user(request):
    user = _target(request)
    orphaned = sole_owner_of(request.dbsession, user.id)
    if orphaned:
        names = ", ".join(sorted(orphaned))
        raise BadRequest(f"The user is the only owner of {names}: give the project another owner first")
    delete_personal_views(request.dbsession, user.id)
    request.dbsession.delete(user)
    announce_session_end(request, user.id, None)  # its realtime connections close
    return {"msg": "The user has been deleted successfully"}


def _target(request) -> User:
    user = request.dbsession.get(User, request.matchdict["user_id"])
    if user is None:
        raise NotFound("User not found")
    if "super" in user.role_set:
        raise BadRequest("The super admin cannot be changed or deleted here")
    return user

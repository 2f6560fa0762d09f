"""Session endpoints shared by every sign-in provider: refresh, sign-out, current user."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.accounts import sessions, twofactor
from workbench.accounts.services import app_settings, user_json
from workbench.api import api_view
from workbench.errors import NotFound, Unauthorized, json_error
from workbench.projects.models import Project
from workbench.projects.services import effective_project_roles
from workbench.web.base_path import cookie_path

TOKEN_RESPONSE = {"type": "object", "properties": {"token": {"type": "string"}}, "required": ["token"]}


@api_view(
    "auth.refresh",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    summary="Exchange the refresh_token cookie for a new access token (rotates the cookie)",
    response=TOKEN_RESPONSE,
)
def refresh(request):
    try:
        return sessions.refresh_session(request)
    except Unauthorized as exc:
        # Answered rather than raised, so the transaction commits: a used or expired token
        # stays deleted, and the response clears the cookie the browser would resend.
        response = json_error(request, exc.status, exc.msg)
        response.delete_cookie(sessions.COOKIE_NAME, path=cookie_path(request))
        return response


@api_view(
    "auth.signout",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    summary="Sign out: forget the refresh token, clear its cookie and end the access token sent",
)
def signout(request):
    sessions.end_session(request)
    return {"msg": "Signed out successfully"}


@api_view(
    "auth.me",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    summary="The current user with a roles map; with project_id, the project's roles merged in",
    query=(("project_id", "merge the caller's roles in this project"),),
)
def me(request):
    identity = request.identity
    if identity is None:
        return {"id": None, "email": None, "roles": {"guest": True}}
    project_id = request.params.get("project_id") or request.params.get("base_id")
    if getattr(identity, "shared_base", False):  # a shared base's visitor: its role there
        roles = identity.project_roles(identity.project_id)
        return {
            "id": None,
            "email": None,
            "roles": dict.fromkeys(sorted(roles), True),
            "base_roles": dict.fromkeys(sorted(roles), True),
            "project_id": identity.project_id,
        }
    if not project_id:
        return _with_two_factor(request, user_json(identity.user))
    if request.dbsession.get(Project, project_id) is None:
        raise NotFound("Project not found")
    project_roles = effective_project_roles(request.dbsession, project_id, identity.user)
    body = user_json(identity.user, extra_roles=project_roles)
    body["project_id"] = project_id
    body["base_roles"] = dict.fromkeys(sorted(project_roles), True)
    return _with_two_factor(request, body)


def _with_two_factor(request, body: dict) -> dict:
    # The web app sends a user who must set up two-factor sign-in to do so first.
    body["two_factor_required"] = twofactor.required(app_settings(request), request.identity.user)
    return body

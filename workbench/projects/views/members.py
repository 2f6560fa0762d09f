"""Project members: list, invite (existing users or new ones), change role, remove."""

import sqlalchemy as sa

from workbench.accounts import invitations
from workbench.accounts import services as accounts
from workbench.accounts.models import User
from workbench.api import api_view
from workbench.errors import BadRequest, Forbidden, NotFound
from workbench.meta.base import isoformat
from workbench.paging import int_param, paged
from workbench.plugins import notify
from workbench.projects.models import ProjectMember
from workbench.projects.schemas import MemberInviteBody, MemberUpdateBody
from workbench.projects.services import effective_project_roles
from workbench.security.permissions import Permission
from workbench.security.roles import PROJECT_ROLE_RANK


def member_json(member: ProjectMember, user: User, show_invite: bool) -> dict:
    pending = user.password_hash is None and user.invite_token is not None
    return {
        "id": user.id,
        "email": user.email,
        "firstname": user.firstname,
        "lastname": user.lastname,
        "display_name": user.display_name,
        "roles": member.roles,
        "main_roles": ",".join(sorted(user.role_set)),
        "project_id": member.project_id,
        "invite_pending": pending,
        "invite_token": invitations.shown_token(user) if show_invite else None,
        "created_at": isoformat(member.created_at),
    }


@api_view(
    "project.users",
    "GET",
    Permission.MEMBER_READ,
    tags=("members",),
    summary="List a project's members",
    query=(("limit", ""), ("offset", "")),
)
def list_members(request):
    limit = int_param(request, "limit", 25, 1, 1000)
    offset = int_param(request, "offset", 0, 0)
    query = (
        sa.select(ProjectMember, User)
        .join(User, User.id == ProjectMember.user_id)
        .where(ProjectMember.project_id == request.context.project_id)
    )
    total = request.dbsession.scalar(sa.select(sa.func.count()).select_from(query.subquery()))
    rows = request.dbsession.execute(query.order_by(ProjectMember.created_at, User.email).limit(limit).offset(offset))
    show_invite = request.has_permission(Permission.MEMBER_INVITE)
    items = [member_json(m, u, bool(show_invite)) for m, u in rows]
    return {"users": paged(items, total, limit, offset)}


@api_view(
    "project.users",
    "POST",
    Permission.MEMBER_INVITE,
    tags=("members",),
    body=MemberInviteBody,
    summary=(
        "Add members by email (comma separated): unknown addresses get an invitation by mail, accounts a link"
        " to the project; lang: the mail's language for those whose account keeps none"
    ),
)
def invite_members(request):
    body = request.validated(MemberInviteBody)
    _check_rank(request, body.roles)
    db = request.dbsession
    project_id = request.context.project_id
    project = request.context.project
    invited = []
    for email in body.email.split(","):
        user = accounts.user_by_email(db, email)
        if user is None:
            user = invitations.invite(request, email, lang=body.lang)
            invited.append(user)
        elif db.get(ProjectMember, (project_id, user.id)) is not None:
            raise BadRequest(f"{email} is already a member of this project")
        else:
            invitations.mail_added(request, user, project, body.lang)
        db.add(ProjectMember(project_id=project_id, user_id=user.id, roles=body.roles))
        db.flush()
        notify.meta_changed(
            request, "member", "insert", {"project_id": project_id, "user_id": user.id, "roles": body.roles}
        )
    return invitations.invited_json(invited, several="," in body.email)


@api_view(
    "project.user",
    "PATCH",
    Permission.MEMBER_UPDATE,
    tags=("members",),
    body=MemberUpdateBody,
    summary="Change a member's role",
)
def update_member(request):
    body = request.validated(MemberUpdateBody)
    member = _member(request)
    _check_rank(request, body.roles)
    _check_rank(request, member.roles)
    if member.roles == "owner":
        _keep_an_owner(request, member)
    member.roles = body.roles
    request.dbsession.flush()
    notify.meta_changed(
        request, "member", "update", {"project_id": member.project_id, "user_id": member.user_id, "roles": member.roles}
    )
    return {"msg": "The user has been updated successfully"}


@api_view(
    "project.user", "DELETE", Permission.MEMBER_REMOVE, tags=("members",), summary="Remove a member from the project"
)
def remove_member(request):
    member = _member(request)
    _check_rank(request, member.roles)
    if member.roles == "owner":
        _keep_an_owner(request, member)
    request.dbsession.delete(member)
    notify.meta_changed(request, "member", "delete", {"project_id": member.project_id, "user_id": member.user_id})
    return {"msg": "The user has been removed from the project successfully"}


def _member(request) -> ProjectMember:
    member = request.dbsession.get(ProjectMember, (request.context.project_id, request.matchdict["user_id"]))
    if member is None:
        raise NotFound("User is not a member of this project")
    return member


def _check_rank(request, role: str) -> None:
    """Nobody grants, changes or removes a role above their own."""
    user = request.identity.user
    if "super" in user.role_set:
        return
    mine = effective_project_roles(request.dbsession, request.context.project_id, user)
    my_rank = max((PROJECT_ROLE_RANK.get(r, 0) for r in mine), default=0)
    if PROJECT_ROLE_RANK.get(role, 0) > my_rank:
        raise Forbidden(f"You cannot manage a member with the role {role}")


def _keep_an_owner(request, member: ProjectMember) -> None:
    owners = request.dbsession.scalar(
        sa.select(sa.func.count())
        .select_from(ProjectMember)
        .where(ProjectMember.project_id == member.project_id, ProjectMember.roles == "owner")
    )
    if owners <= 1:
        raise BadRequest("A project must keep at least one owner")

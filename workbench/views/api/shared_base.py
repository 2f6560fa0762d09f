"""Sharing a project (base) by public link, and the public lookup of a shared base."""

import sqlalchemy as sa
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.api import api_view
from workbench.errors import NotFound
from workbench.plugins import notify
from workbench.security.permissions import Permission
from workbench.views import shared_bases
from workbench.views.api.common import body_of
from workbench.views.contexts import check_password
from workbench.views.models import SharedBase

TAGS = ("sharing",)


def _answer(request, item, action: str) -> dict:
    result = shared_bases.shared_base_json(request.context.project_id, item)
    notify.meta_changed(request, "shared_base", action, result)
    return result


@api_view("project.shared", "GET", Permission.BASE_SHARE, tags=TAGS, summary="A project's public link, if shared")
def read_shared(request):
    project_id = request.context.project_id
    return shared_bases.shared_base_json(project_id, shared_bases.get(request, project_id))


@api_view(
    "project.shared",
    "POST",
    Permission.BASE_SHARE,
    tags=TAGS,
    summary="Share a project by public link (roles viewer or editor, optional password); "
    "when shared already, a new link replaces the old one",
)
def create_shared(request):
    return _answer(request, shared_bases.create(request, request.context.project_id, body_of(request)), "insert")


@api_view(
    "project.shared",
    "PATCH",
    Permission.BASE_SHARE,
    tags=TAGS,
    summary="Change a shared project's role or password (shares it if it is not)",
)
def update_shared(request):
    return _answer(request, shared_bases.update(request, request.context.project_id, body_of(request)), "update")


@api_view("project.shared", "DELETE", Permission.BASE_SHARE, tags=TAGS, summary="Stop sharing a project")
def delete_shared(request):
    shared_bases.delete(request, request.context.project_id)
    _answer(request, None, "delete")
    return {"msg": "The project is no longer shared"}


@api_view(
    "public.base.meta",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("public",),
    summary="The project of a shared base: {project_id}; then send xc-shared-base-id",
)
def shared_base_meta(request):
    uuid = request.matchdict["uuid"]
    item = request.dbsession.scalar(sa.select(SharedBase).where(SharedBase.uuid == uuid))
    if item is None:
        raise NotFound("Shared base not found")
    check_password(request, item.password_hash, item.uuid)
    return {"project_id": item.project_id, "base_id": item.project_id, "roles": item.roles}

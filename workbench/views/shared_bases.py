"""Sharing a whole project (base) by public link: a uuid, the role it grants (viewer by
default, or editor) and an optional password. Regenerating gives a new uuid, so the old
link stops working."""

from __future__ import annotations

import uuid as uuid_module

from workbench.accounts.services import hasher
from workbench.errors import BadRequest
from workbench.security.shared_base import SHARED_BASE_ROLES
from workbench.views.models import SharedBase
from workbench.views.sharing import MAX_SHARE_PASSWORD


def shared_base_json(project_id: str, item: SharedBase | None) -> dict:
    return {
        "project_id": project_id,
        "base_id": project_id,
        "uuid": item.uuid if item else None,
        "roles": item.roles if item else None,
        "password_protected": bool(item and item.password_hash),
    }


def get(request, project_id: str) -> SharedBase | None:
    return request.dbsession.get(SharedBase, project_id)


def _apply(request, item: SharedBase, body: dict) -> None:
    if "roles" in body or "role" in body:
        role = body.get("roles", body.get("role")) or "viewer"
        if role not in SHARED_BASE_ROLES:
            raise BadRequest(f"roles must be one of {', '.join(SHARED_BASE_ROLES)}")
        item.roles = role
    if "password" in body:
        password = body["password"]
        if password in (None, ""):
            item.password_hash = None
        elif not isinstance(password, str) or len(password) > MAX_SHARE_PASSWORD:
            raise BadRequest(f"password must be a string of at most {MAX_SHARE_PASSWORD} characters")
        else:
            item.password_hash = hasher(request).hash(password)


def create(request, project_id: str, body: dict) -> SharedBase:
    """Share the project, or regenerate its link (a new uuid) if it is shared already."""
    item = get(request, project_id)
    if item is None:
        item = SharedBase(project_id=project_id, roles="viewer")
        request.dbsession.add(item)
    item.uuid = str(uuid_module.uuid4())
    _apply(request, item, body)
    request.dbsession.flush()
    return item


def update(request, project_id: str, body: dict) -> SharedBase:
    item = get(request, project_id)
    if item is None:
        return create(request, project_id, body)
    _apply(request, item, body)
    request.dbsession.flush()
    return item


def delete(request, project_id: str) -> None:
    item = get(request, project_id)
    if item is not None:
        request.dbsession.delete(item)
        request.dbsession.flush()

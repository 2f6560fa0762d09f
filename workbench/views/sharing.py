"""Sharing a view by public link: the link's uuid, its optional password (hashed with
Argon2 like user passwords) and the share's options in the view's meta."""

from __future__ import annotations

import uuid as uuid_module

from workbench.accounts.services import hasher
from workbench.errors import BadRequest
from workbench.tables.models import View
from workbench.views.serialize import view_json
from workbench.views.services import parse_meta

MAX_SHARE_PASSWORD = 1024


def share_json(registry, view: View) -> dict:
    body = view_json(registry, view)
    body["password"] = None  # never shown; ``password_protected`` says whether one is set
    body["password_protected"] = bool(view.password_hash)
    return body


def share(request, view: View) -> View:
    """Give the view a public link (a view already shared keeps its link)."""
    if not view.uuid:
        view.uuid = str(uuid_module.uuid4())
    request.dbsession.flush()
    return view


def update_share(request, view: View, body: dict) -> View:
    if not view.uuid:
        raise BadRequest("The view is not shared")
    if "password" in body:
        password = body["password"]
        if password in (None, ""):
            view.password_hash = None
        elif not isinstance(password, str) or len(password) > MAX_SHARE_PASSWORD:
            raise BadRequest(f"password must be a string of at most {MAX_SHARE_PASSWORD} characters")
        else:
            view.password_hash = hasher(request).hash(password)
    if "meta" in body:
        view.meta = {**(view.meta or {}), **parse_meta(body["meta"])}
    request.dbsession.flush()
    return view


def unshare(request, view: View) -> None:
    """Remove the link; sharing again gives a new one."""
    view.uuid = None
    view.password_hash = None
    request.dbsession.flush()

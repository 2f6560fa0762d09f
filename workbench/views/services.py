"""View services: create (optionally copying another view's filters, sorts and fields),
rename, lock, reorder, delete, and show or hide every field at once."""

from __future__ import annotations

import json

from workbench.errors import BadRequest, Forbidden
from workbench.meta.base import new_id
from workbench.security.permissions import Permission
from workbench.security.policy import VIEW_LOCKED
from workbench.tables.filter_copies import copy_filters
from workbench.tables.models import Filter, Sort, View, ViewColumn
from workbench.tables.naming import check_title, unique_name
from workbench.tables.personal_views import PERSONAL, hidden_from
from workbench.views.kinds import type_of
from workbench.views.types import ViewType

LOCK_TYPES = ("collaborative", "locked", PERSONAL)
LOCKED_MSG = VIEW_LOCKED


def _number(value, name: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        raise BadRequest(f"{name} must be a number") from None


def parse_meta(value) -> dict:
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else {}
        except ValueError:
            raise BadRequest("meta must be a JSON object") from None
    if not isinstance(value, dict):
        raise BadRequest("meta must be a JSON object")
    return value


def create_view(request, table, vtype: type[ViewType], body: dict) -> View:
    title = unique_name(check_title(body.get("title"), "View"), [v.title for v in table.views])
    source = None
    copy_from = body.get("copy_from_id") or body.get("copyFromId")
    if copy_from:
        user_id = request.authenticated_userid
        source = next((v for v in table.views if v.id == copy_from and not hidden_from(v, user_id)), None)
        if source is None:
            raise BadRequest(f"View '{copy_from}' not found in table '{table.title}'")
    settings = dict(source.settings or {}) if source is not None and source.type == vtype.name else {}
    if not settings:
        settings = vtype.initial_settings(table)
    settings = vtype.clean_settings(body, table, settings)
    view = View(
        title=title,
        type=vtype.name,
        is_default=False,
        lock_type=_lock_type(request, body.get("lock_type") or "collaborative"),
        meta=parse_meta(body["meta"]) if body.get("meta") is not None else dict(source.meta or {}) if source else {},
        settings=settings,
        created_by=request.authenticated_userid,
        order=max((v.order or 0 for v in table.views), default=0) + 1,
    )
    if source is not None:
        _copy_parts(source, view)
    else:
        for column in table.columns:
            view.columns.append(ViewColumn(column_id=column.id, show=not column.system, order=column.order))
    table.views.append(view)
    request.dbsession.flush()
    return view


def _copy_parts(source: View, view: View) -> None:
    for vc in source.columns:
        view.columns.append(
            ViewColumn(column_id=vc.column_id, show=vc.show, order=vc.order, width=vc.width, meta=vc.meta)
        )
    for sort in source.sorts:
        view.sorts.append(Sort(column_id=sort.column_id, direction=sort.direction, order=sort.order))
    for copy in copy_filters(source.filters, lambda parts: Filter(id=new_id("fi_"), **parts)):
        view.filters.append(copy)


def _lock_type(request, value) -> str:
    """A lock type a view may be created with or given: a locked one only by those who may
    lock views."""
    if value not in LOCK_TYPES:
        raise BadRequest(f"lock_type must be one of {', '.join(LOCK_TYPES)}")
    if value == "locked" and not may_change_locked(request):
        raise Forbidden(LOCKED_MSG)
    return value


def may_change_locked(request) -> bool:
    return bool(request.has_permission(Permission.VIEW_LOCK, request.context))


def update_view(request, view: View, body: dict) -> View:
    table = view.table
    unlocking = "lock_type" in body and body["lock_type"] != view.lock_type
    if view.lock_type == "locked" and (unlocking or "meta" in body) and not may_change_locked(request):
        raise Forbidden(LOCKED_MSG)
    if "title" in body:
        title = check_title(body.get("title"), "View")
        if any(v.title.lower() == title.lower() for v in table.views if v.id != view.id):
            raise BadRequest(f"A view named '{title}' already exists")
        view.title = title
    if "lock_type" in body and body["lock_type"] != view.lock_type:
        lock_type = _lock_type(request, body["lock_type"])
        if lock_type == PERSONAL:
            _check_may_make_personal(request, view)
        view.lock_type = lock_type
    if "meta" in body:
        view.meta = parse_meta(body["meta"])
    if "order" in body:
        view.order = _number(body["order"], "order")
    request.dbsession.flush()
    return view


def _check_may_make_personal(request, view: View) -> None:
    if view.is_default:
        raise BadRequest("The default view cannot be personal")
    if view.created_by is None or view.created_by != request.authenticated_userid:
        raise Forbidden("Only the user who created a view can make it personal")


def update_settings(request, view: View, body: dict) -> View:
    vtype = type_of(request.registry, view)
    view.settings = vtype.clean_settings(body, view.table, view.settings)
    if "meta" in body:
        view.meta = parse_meta(body["meta"])
    request.dbsession.flush()
    return view


def delete_view(request, view: View) -> None:
    if view.is_default:
        raise BadRequest("The default view cannot be deleted")
    request.dbsession.delete(view)
    request.dbsession.flush()


def show_all(request, view: View, show: bool) -> None:
    """Show or hide every field (``ignoreIds``: fields left as they are). The primary
    value stays shown, and system fields are only ever shown on request."""
    ignored = set(_as_list(request.params.getall("ignoreIds")))
    columns = {c.id: c for c in view.table.columns}
    for vc in view.columns:
        column = columns.get(vc.column_id)
        if column is None or vc.column_id in ignored or vc.id in ignored:
            continue
        if not show and column.pv:
            continue
        if show and column.system:
            continue
        vc.show = show
    request.dbsession.flush()


def _as_list(values) -> list[str]:
    return [part for value in values for part in str(value).split(",") if part]


def update_view_column(request, view: View, vc: ViewColumn, body: dict) -> ViewColumn:
    vtype = type_of(request.registry, view)
    if "show" in body:
        vc.show = bool(body["show"])
    if "order" in body:
        vc.order = _number(body["order"], "order")
    if "width" in body:
        width = body["width"]
        if isinstance(width, int | float) and not isinstance(width, bool):
            width = f"{int(width)}px"
        if not isinstance(width, str) or len(width) > 16:
            raise BadRequest("width must be a CSS length such as 200px")
        vc.width = width
    meta = vtype.clean_view_column(body, view, vc)
    if meta != (vc.meta or {}):
        vc.meta = meta
    request.dbsession.flush()
    return vc

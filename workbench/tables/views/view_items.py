"""One filter or sort of a view: read, change, delete; a filter group's children."""

from workbench.api import api_view
from workbench.errors import BadRequest
from workbench.paging import paged
from workbench.plugins import notify
from workbench.security.permissions import Permission
from workbench.tables.views.tables import _body
from workbench.tables.views.view_state import _column_id, check_filter, filter_json, sort_json

TAGS = ("views",)
FILTER_FIELDS = ("comparison_op", "comparison_sub_op", "value", "logical_op")


@api_view("filter", "GET", Permission.TABLE_READ, tags=TAGS, summary="Read a filter")
def read_filter(request):
    return filter_json(request.context.item)


@api_view("filter.children", "GET", Permission.TABLE_READ, tags=TAGS, summary="The filters inside a filter group")
def filter_children(request):
    group = request.context.item
    items = [filter_json(f) for f in request.context.view.filters if f.parent_id == group.id]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view(
    "filter",
    "PATCH",
    Permission.VIEW_CONFIGURE,
    tags=TAGS,
    summary="Change a filter's field, operator, sub-operator, value or logical operator",
)
def update_filter(request):
    body = _body(request)
    item = request.context.item
    if "fk_column_id" in body and not item.is_group:
        item.column_id = _column_id(request, body["fk_column_id"])
    for name in FILTER_FIELDS:
        if name in body:
            value = body[name]
            setattr(item, name, None if value is None else str(value))
    if (item.logical_op or "and").lower() not in ("and", "or", "not"):
        raise BadRequest("logical_op must be and, or or not")
    if not item.is_group:
        check_filter(request, item)
    request.dbsession.flush()
    result = filter_json(item)
    notify.meta_changed(request, "filter", "update", result)
    return result


@api_view(
    "filter", "DELETE", Permission.VIEW_CONFIGURE, tags=TAGS, summary="Delete a filter (a group goes with its children)"
)
def delete_filter(request):
    item, view = request.context.item, request.context.view
    snapshot = filter_json(item)
    request.dbsession.delete(item)
    request.dbsession.flush()
    request.dbsession.expire(view, ["filters"])
    notify.meta_changed(request, "filter", "delete", snapshot)
    return {"msg": "The filter has been deleted"}


@api_view("sort", "GET", Permission.TABLE_READ, tags=TAGS, summary="Read a sort")
def read_sort(request):
    return sort_json(request.context.item)


@api_view("sort", "PATCH", Permission.VIEW_CONFIGURE, tags=TAGS, summary="Change a sort's field or direction")
def update_sort(request):
    body = _body(request)
    item = request.context.item
    if "fk_column_id" in body:
        item.column_id = _column_id(request, body["fk_column_id"])
    if "direction" in body:
        direction = str(body["direction"]).lower()
        if direction not in ("asc", "desc"):
            raise BadRequest("direction must be asc or desc")
        item.direction = direction
    request.dbsession.flush()
    result = sort_json(item)
    notify.meta_changed(request, "sort", "update", result)
    return result


@api_view("sort", "DELETE", Permission.VIEW_CONFIGURE, tags=TAGS, summary="Delete a sort")
def delete_sort(request):
    item = request.context.item
    snapshot = sort_json(item)
    request.dbsession.delete(item)
    request.dbsession.flush()
    notify.meta_changed(request, "sort", "delete", snapshot)
    return {"msg": "The sort has been deleted"}

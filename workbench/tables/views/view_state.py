"""A view's state as the records API applies it (``viewId``): filters (a tree of groups and
conditions), sorts and visible fields. Each is validated against the table's field types."""

import types

from workbench.api import api_view
from workbench.data.computed import Catalog
from workbench.data.filters import stored_filters_clause
from workbench.data.unit import data_transaction
from workbench.errors import BadRequest
from workbench.paging import paged
from workbench.plugins import notify
from workbench.records.loading import meta_loader
from workbench.security.permissions import Permission
from workbench.tables.models import Filter, Sort
from workbench.tables.serialize import visible_views
from workbench.tables.views.tables import _body
from workbench.views.kinds import type_of
from workbench.views.serialize import view_json as typed_view_json

TAGS = ("views",)


def filter_json(item: Filter) -> dict:
    return {
        "id": item.id,
        "fk_view_id": item.view_id,
        "fk_parent_id": item.parent_id,
        "fk_column_id": item.column_id,
        "comparison_op": item.comparison_op,
        "comparison_sub_op": item.comparison_sub_op,
        "value": item.value,
        "logical_op": item.logical_op,
        "is_group": bool(item.is_group),
        "order": item.order,
    }


def sort_json(item: Sort) -> dict:
    return {
        "id": item.id,
        "fk_view_id": item.view_id,
        "fk_column_id": item.column_id,
        "direction": item.direction,
        "order": item.order,
    }


def _model(request):
    table = request.context.table
    work = data_transaction(request, table.source)
    catalog = Catalog(request.registry, work.dialect, meta_loader(request.dbsession))
    return request.registry["data_models"].get(request.registry, table, work.dialect, catalog=catalog)


def check_filter(request, item: Filter) -> None:
    """400 naming the field if the condition cannot apply (checked alone, as a root)."""
    alone = types.SimpleNamespace(
        id=item.id,
        parent_id=None,
        order=0,
        is_group=False,
        column_id=item.column_id,
        comparison_op=item.comparison_op,
        comparison_sub_op=item.comparison_sub_op,
        value=item.value,
        logical_op="and",
    )
    stored_filters_clause(_model(request), [alone])


def _column_id(request, value) -> str:
    table = request.context.table
    column = next((c for c in table.columns if value in (c.id, c.title)), None)
    if column is None:
        raise BadRequest(f"Field '{value}' not found in table '{table.title}'")
    return column.id


@api_view("table.views", "GET", Permission.TABLE_READ, tags=TAGS, summary="List a table's views")
def list_views(request):
    # Each with its type's settings under "view" (a grid's row height), as NocoDB lists them.
    items = [
        typed_view_json(request.registry, v)
        for v in visible_views(request.context.table.views, request.registry, request.authenticated_userid)
    ]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view("view.filters", "GET", Permission.TABLE_READ, tags=TAGS, summary="List a view's filters")
def list_filters(request):
    items = [filter_json(f) for f in request.context.view.filters]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view(
    "view.filters",
    "POST",
    Permission.VIEW_CONFIGURE,
    tags=TAGS,
    summary="Add a filter (a condition, or a group with is_group) to a view",
)
def add_filter(request):
    body = _body(request)
    view = request.context.view
    is_group = bool(body.get("is_group"))
    parent_id = body.get("fk_parent_id")
    if parent_id and not any(f.id == parent_id and f.is_group for f in view.filters):
        raise BadRequest(f"Filter group '{parent_id}' not found in this view")
    logical_op = str(body.get("logical_op") or "and").lower()
    if logical_op not in ("and", "or", "not"):
        raise BadRequest("logical_op must be and, or or not")
    value = body.get("value")
    item = Filter(
        view_id=view.id,
        parent_id=parent_id,
        is_group=is_group,
        logical_op=logical_op,
        column_id=None if is_group else _column_id(request, body.get("fk_column_id")),
        comparison_op=None if is_group else body.get("comparison_op"),
        comparison_sub_op=body.get("comparison_sub_op"),
        value=None if value is None else str(value),
        order=max((f.order or 0 for f in view.filters), default=0) + 1,
    )
    if not is_group:
        check_filter(request, item)
    view.filters.append(item)
    request.dbsession.flush()
    result = filter_json(item)
    notify.meta_changed(request, "filter", "insert", result)
    return result


@api_view("view.sorts", "GET", Permission.TABLE_READ, tags=TAGS, summary="List a view's sorts")
def list_sorts(request):
    items = [sort_json(s) for s in request.context.view.sorts]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view("view.sorts", "POST", Permission.VIEW_CONFIGURE, tags=TAGS, summary="Add a sort to a view")
def add_sort(request):
    body = _body(request)
    view = request.context.view
    direction = str(body.get("direction") or "asc").lower()
    if direction not in ("asc", "desc"):
        raise BadRequest("direction must be asc or desc")
    column_id = _column_id(request, body.get("fk_column_id"))
    if _model(request).by_id[column_id].expr is None:
        raise BadRequest("This field cannot be sorted")
    item = Sort(
        view_id=view.id,
        column_id=column_id,
        direction=direction,
        order=max((s.order or 0 for s in view.sorts), default=0) + 1,
    )
    view.sorts.append(item)
    request.dbsession.flush()
    result = sort_json(item)
    notify.meta_changed(request, "sort", "insert", result)
    return result


def _view_column_json(request, vc, with_view: bool = True) -> dict:
    """A view's field: shown, order, width, and its view type's per-field settings (a
    grid's grouping and footer aggregation)."""
    body = {"id": vc.id}
    if with_view:
        body["fk_view_id"] = vc.view_id
    body.update(fk_column_id=vc.column_id, show=bool(vc.show), order=vc.order, width=vc.width)
    body.update(type_of(request.registry, request.context.view).column_settings_json(vc))
    return body


@api_view(
    "view.columns",
    "GET",
    Permission.TABLE_READ,
    tags=TAGS,
    summary="A view's fields: shown, order, width and the view type's settings of each",
)
def list_view_columns(request):
    items = [_view_column_json(request, vc) for vc in request.context.view.columns]
    return paged(items, len(items), max(len(items), 1), 0)


#: the widths (px) a grid column may take
MIN_WIDTH, MAX_WIDTH = 60, 1000


def _width(value) -> str:
    """``200``, ``"200"`` or ``"200px"`` as ``"200px"``; 400 outside MIN_WIDTH..MAX_WIDTH."""
    text = str(value).strip().removesuffix("px") if isinstance(value, (str, int, float)) else ""
    try:
        number = float(text)
    except ValueError:
        number = float("nan")
    if isinstance(value, bool) or not MIN_WIDTH <= number <= MAX_WIDTH:
        raise BadRequest(f"width must be a number of pixels from {MIN_WIDTH} to {MAX_WIDTH}")
    return f"{round(number)}px"


@api_view(
    "view.column",
    "PATCH",
    Permission.VIEW_CONFIGURE,
    tags=TAGS,
    summary="Show or hide a field in a view, move it, set its width or the view type's settings of it",
)
def update_view_column(request):
    body = _body(request)
    view = request.context.view
    column_id = request.matchdict["column_id"]
    item = next((vc for vc in view.columns if column_id in (vc.id, vc.column_id)), None)
    if item is None:
        raise BadRequest(f"Field '{column_id}' is not in this view")
    if "show" in body:
        item.show = bool(body["show"])
    if "order" in body:
        try:
            item.order = float(body["order"])
        except (TypeError, ValueError):
            raise BadRequest("order must be a number") from None
    if "width" in body:
        item.width = _width(body["width"])
    meta = type_of(request.registry, view).clean_view_column(body, view, item)
    if meta != (item.meta or {}):
        item.meta = meta
    request.dbsession.flush()
    return _view_column_json(request, item, with_view=False)

"""Views: create one of a type (optionally copying another view), rename, lock, reorder,
change its meta, delete; a type's own settings; show or hide every field."""

from workbench.api import api_view
from workbench.errors import NotFound
from workbench.paging import paged
from workbench.plugins import notify
from workbench.security.permissions import Permission
from workbench.views import services
from workbench.views.api.common import body_of
from workbench.views.kinds import type_by_path, type_of
from workbench.views.serialize import form_json, view_column_json, view_json

TAGS = ("views",)


def _changed(request, action: str, view) -> dict:
    result = view_json(request.registry, view)
    notify.meta_changed(request, "view", action, result)
    return result


@api_view(
    "views.create",
    "POST",
    Permission.VIEW_CREATE,
    tags=TAGS,
    summary="Create a view of the type the path names (grids, forms, galleries, kanbans, calendars); "
    "copy_from_id copies another view's filters, sorts and fields",
)
def create_view(request):
    vtype = type_by_path(request.registry, request.matchdict["view_path"])
    view = services.create_view(request, request.context.table, vtype, body_of(request))
    return _changed(request, "insert", view)


@api_view(
    "view", "PATCH", Permission.VIEW_UPDATE, tags=TAGS, summary="Rename a view, lock it, reorder it, set its meta"
)
def update_view(request):
    view = services.update_view(request, request.context.view, body_of(request))
    return _changed(request, "update", view)


@api_view("view", "DELETE", Permission.VIEW_DELETE, tags=TAGS, summary="Delete a view (not the default one)")
def delete_view(request):
    view = request.context.view
    snapshot = view_json(request.registry, view)
    services.delete_view(request, view)
    notify.meta_changed(request, "view", "delete", snapshot)
    return {"msg": "The view has been deleted"}


@api_view(
    "views.settings",
    "GET",
    Permission.TABLE_READ,
    tags=TAGS,
    summary="A view's type settings with its fields (forms, galleries, kanbans, calendars)",
)
def read_settings(request):
    if not type_of(request.registry, request.context.view).readable:
        raise NotFound("Not found")
    return form_json(request.registry, request.context.view)


@api_view(
    "views.settings",
    "PATCH",
    Permission.VIEW_CONFIGURE,
    tags=TAGS,
    summary="Change a view's type settings (form texts, cover image, kanban grouping, calendar range, grid row height)",
)
def update_settings(request):
    view = services.update_settings(request, request.context.view, body_of(request))
    _changed(request, "update", view)
    return form_json(request.registry, view)


def _show(request, show: bool):
    view = request.context.view
    services.show_all(request, view, show)
    _changed(request, "update", view)
    return {"msg": "The fields have been updated"}


@api_view("view.show_all", "POST", Permission.VIEW_CONFIGURE, tags=TAGS, summary="Show every field of a view")
def show_all(request):
    return _show(request, True)


@api_view("view.hide_all", "POST", Permission.VIEW_CONFIGURE, tags=TAGS, summary="Hide every field of a view")
def hide_all(request):
    return _show(request, False)


@api_view("view.grid_columns", "GET", Permission.TABLE_READ, tags=TAGS, summary="A view's fields: shown, order, width")
def grid_columns(request):
    view = request.context.view
    items = [view_column_json(request.registry, view, vc) for vc in view.columns]
    return paged(items, len(items), max(len(items), 1), 0)


def _update_column(request):
    context = request.context
    item = services.update_view_column(request, context.view, context.item, body_of(request))
    result = view_column_json(request.registry, context.view, item)
    notify.meta_changed(request, "view_column", "update", result)
    return result


@api_view(
    "view.grid_column", "PATCH", Permission.VIEW_CONFIGURE, tags=TAGS, summary="Change a field's width, shown or order"
)
def update_grid_column(request):
    return _update_column(request)


@api_view(
    "view.form_column",
    "PATCH",
    Permission.VIEW_CONFIGURE,
    tags=TAGS,
    summary="Change a form field's label, description, help, required, shown or order",
)
def update_form_column(request):
    return _update_column(request)

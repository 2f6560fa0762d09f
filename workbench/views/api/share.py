"""Sharing a view: create its public link, set its password and options, remove it; the
shared views of a table."""

from workbench.api import api_view
from workbench.paging import paged
from workbench.plugins import notify
from workbench.security.permissions import Permission
from workbench.tables.serialize import visible_views
from workbench.views import sharing
from workbench.views.api.common import body_of

TAGS = ("sharing",)


def _changed(request, view) -> dict:
    result = sharing.share_json(request.registry, view)
    notify.meta_changed(request, "view", "update", result)
    return result


@api_view(
    "view.share",
    "POST",
    Permission.VIEW_SHARE,
    tags=TAGS,
    summary="Share a view by public link: answers the view with its uuid (kept if already shared)",
)
def share_view(request):
    return _changed(request, sharing.share(request, request.context.view))


@api_view(
    "view.share",
    "PATCH",
    Permission.VIEW_SHARE,
    tags=TAGS,
    summary="Set or remove a shared view's password; change its share options (meta, e.g. allowCSVDownload)",
)
def update_share(request):
    return _changed(request, sharing.update_share(request, request.context.view, body_of(request)))


@api_view(
    "view.share", "DELETE", Permission.VIEW_SHARE, tags=TAGS, summary="Stop sharing a view (its link stops working)"
)
def unshare_view(request):
    sharing.unshare(request, request.context.view)
    _changed(request, request.context.view)
    return {"msg": "The view is no longer shared"}


@api_view("table.shares", "GET", Permission.VIEW_SHARE, tags=TAGS, summary="A table's shared views")
def list_shares(request):
    views = [
        v for v in visible_views(request.context.table.views, request.registry, request.authenticated_userid) if v.uuid
    ]
    items = [sharing.share_json(request.registry, v) for v in views]
    return paged(items, len(items), max(len(items), 1), 0)

"""Route factories of the views API: a view of a given type, a view's field, a shared view
(public, by uuid) and a shared base (public, by uuid)."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.errors import Forbidden, NotFound
from workbench.tables.contexts import ViewContext, _BelowProject, _matched, load_table
from workbench.tables.models import View, ViewColumn
from workbench.tables.personal_views import check_seen
from workbench.views.kinds import is_enabled

#: what NocoDB's clients recognise as "this shared view needs (another) password"
INVALID_SHARED_VIEW_PASSWORD = "INVALID_SHARED_VIEW_PASSWORD"  # noqa: S105 (an error code)
PASSWORD_HEADER = "xc-password"  # noqa: S105 (a header name)


class TypedViewContext(ViewContext):
    """``/api/v1/db/meta/{forms|galleries|...}/{viewId}``: the view must be of that type."""

    def __init__(self, request):
        super().__init__(request)
        path = request.matchdict["view_path"]
        types = request.registry["view_types"]
        if self.view.type not in types or getattr(types.get(self.view.type), "path", None) != path:
            raise NotFound(f"View '{self.view.id}' not found")


class EnabledViewContext(ViewContext):
    """A view whose type plugin is enabled (others are hidden: 404)."""

    def __init__(self, request):
        super().__init__(request)
        if not is_enabled(request.registry, self.view):
            raise NotFound(f"View '{self.view.id}' not found")


class ViewColumnContext(_BelowProject):
    """``/api/v1/db/meta/{grid|form}-columns/{id}``: a view's field, by its own id."""

    def __init__(self, request):
        item_id = _matched(request, "view_column_id")
        item = request.dbsession.get(ViewColumn, item_id) if item_id else None
        view = request.dbsession.get(View, item.view_id) if item is not None else None
        if view is None or not is_enabled(request.registry, view):
            raise NotFound(f"View column '{item_id}' not found")
        check_seen(request, view, f"View column '{item_id}' not found")
        self.item = item
        self.view = view
        super().__init__(request, load_table(request, view.table_id))


def check_password(request, password_hash: str | None, link: str) -> None:
    """403 ``INVALID_SHARED_VIEW_PASSWORD`` unless ``xc-password`` matches (when one is set);
    429 past the wrong passwords a client may try on the shared view ``link``."""
    if not password_hash:
        return
    from workbench.accounts.services import hasher
    from workbench.accounts.throttle import shared_password_attempt

    given = request.headers.get(PASSWORD_HEADER) or ""
    if not given:
        raise Forbidden(INVALID_SHARED_VIEW_PASSWORD, error=INVALID_SHARED_VIEW_PASSWORD)
    attempt = shared_password_attempt(request, link)
    if not hasher(request).verify(password_hash, given):
        raise Forbidden(INVALID_SHARED_VIEW_PASSWORD, error=INVALID_SHARED_VIEW_PASSWORD)
    if attempt is not None:
        attempt.release()


class SharedViewContext:
    """``/api/v1/db/public/shared-view/{uuid}/...``: the shared view, its password checked.

    No project role is involved: the link is the permission. ``project_id`` stays None so
    that no member check applies.
    """

    project_id = None

    def __init__(self, request):
        self.request = request
        uuid = _matched(request, "uuid")
        view = request.dbsession.scalar(sa.select(View).where(View.uuid == uuid)) if uuid else None
        if view is None or not is_enabled(request.registry, view):
            raise NotFound("Not found")
        check_password(request, view.password_hash, view.uuid)
        self.view = view
        self.table = load_table(request, view.table_id)
        self.shared_project_id = self.table.project_id

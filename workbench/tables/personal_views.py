"""Personal views: a view whose lock type is ``personal`` is seen and changed by the user who
created it, and by no one else. To anyone else it does not exist: it is left out of every list
and answers 404 by id and by title. Only a view's creator may make it personal, and a table's
default view never is."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.errors import NotFound
from workbench.tables.models import View

PERSONAL = "personal"


def hidden_from(view, user_id: str | None) -> bool:
    """Whether ``view`` is someone else's personal view (to ``user_id``; None: no user)."""
    return view.lock_type == PERSONAL and (user_id is None or view.created_by != user_id)


def check_seen(request, view, label: str | None = None) -> None:
    """404, as for a missing view, when ``view`` is another user's personal view."""
    if hidden_from(view, request.authenticated_userid):
        raise NotFound(label or f"View '{view.id}' not found")


def delete_personal_views(dbsession, user_id: str) -> None:
    """A deleted user's personal views go with them (no one else could ever open them)."""
    for view in dbsession.scalars(sa.select(View).where(View.created_by == user_id, View.lock_type == PERSONAL)):
        dbsession.delete(view)

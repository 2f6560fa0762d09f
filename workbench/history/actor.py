"""Who made a change and through what, as an entry records them.

``via`` is ``web`` (a signed-in session of the web app or a client using its session
token), ``api_token`` (an API token), ``shared_form`` (a shared view's form, nobody signed
in), ``import`` (an import job) or ``script`` (no request: a command or a test).
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from workbench.accounts.models import User

WEB = "web"
API_TOKEN = "api_token"  # noqa: S105 (a way of signing in, not a secret)
SHARED_FORM = "shared_form"
IMPORT = "import"
SCRIPT = "script"
VIAS = (WEB, API_TOKEN, SHARED_FORM, IMPORT, SCRIPT)

_ACTOR = "_workbench_history_actor"


@dataclass(frozen=True)
class Actor:
    user_id: str | None
    email: str | None
    via: str


def actor_of(request) -> Actor:
    """The request's actor (worked out once per request)."""
    if request is None:
        return Actor(None, None, SCRIPT)
    found = request.__dict__.get(_ACTOR)
    if found is None:
        found = request.__dict__[_ACTOR] = _actor(request)
    return found


def _actor(request) -> Actor:
    via = getattr(request, "history_via", None)
    if via is None:
        context = getattr(request, "context", None)
        if context is not None and getattr(context, "shared_project_id", None):
            via = SHARED_FORM
    identity = getattr(request, "identity", None)
    user_id = getattr(identity, "user_id", None) if identity is not None else None
    if via is None:
        via = API_TOKEN if getattr(identity, "via", None) == "api_token" else WEB
    if via == SHARED_FORM:
        user_id = None  # a shared link acts for nobody, whoever opened it
    email = None
    if user_id:
        email = request.dbsession.scalar(sa.select(User.email).where(User.id == user_id))
    return Actor(user_id, email, via)

"""While the super admin requires two-factor sign-in (the app setting
``require_two_factor``), a user without it reaches only what setting it up needs: the
two-factor status, setup and confirmation endpoints, besides the public ones (sign-out,
the current user, app info, token refresh). Everything else answers 403 with ``REQUIRED``,
whatever the credentials (access token or API token), and the realtime connection is
refused. Once two-factor sign-in is on, the same session goes on.
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.accounts.models import AppSetting

SETTING = "require_two_factor"
#: the routes that setting up two-factor sign-in needs
SETUP_ROUTES = frozenset({"auth.twofactor", "auth.twofactor.setup", "auth.twofactor.enable"})
REQUIRED = "Two-factor sign-in is required: turn it on in your account settings first"

#: the setting's stored value, as a column of the caller's query (no query of its own)
required_setting = sa.select(AppSetting.value).where(AppSetting.key == SETTING).scalar_subquery()


def missing(totp_enabled, required) -> bool:
    """Whether a user with ``totp_enabled`` is held back while the setting is ``required``."""
    return bool(required) and not totp_enabled


def allowed(request) -> bool:
    """Whether the request's route is one that setting up two-factor sign-in needs."""
    route = getattr(request, "matched_route", None)
    return route is not None and route.name.split("@", 1)[0] in SETUP_ROUTES

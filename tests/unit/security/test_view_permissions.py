"""Every API view declares the permission it needs: no view is public by accident."""

import pytest
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.security.permissions import Permission
from workbench.testing.app import make_app

# The core's public endpoints: sign-in and session, forgotten password, following a mailed
# address verification link, app info, health, version.
CORE_PUBLIC = {
    ("auth.signup", "POST"),
    ("auth.signin", "POST"),
    ("auth.twofactor.signin", "POST"),  # the second step: the challenge token is the permission
    ("auth.oidc.authorize", "GET"),
    ("auth.oidc.token", "POST"),
    ("auth.google.authorize", "GET"),
    ("auth.google.token", "POST"),
    ("auth.github.authorize", "GET"),
    ("auth.github.token", "POST"),
    ("auth.refresh", "POST"),
    ("auth.signout", "POST"),
    ("auth.me", "GET"),
    ("auth.password.forgot", "POST"),
    ("auth.token.validate", "POST"),
    ("auth.token.validate", "GET"),
    ("auth.password.reset", "POST"),
    ("auth.password.reset", "GET"),
    ("info.catalogue", "GET"),
    ("auth.email.validate", "POST"),
    ("info.app", "GET"),
    ("info.health", "GET"),
    ("info.version", "GET"),
    ("info.feedback_form", "GET"),
}


@pytest.fixture(scope="module")
def route_views(tmp_path_factory):
    """``{(route name, method): permission}`` for every view bound to a route."""
    data = tmp_path_factory.mktemp("views")
    app = make_app(f"sqlite:///{data / 'meta.db'}", data)
    found = {}
    for item in app.registry.introspector.get_category("views"):
        view = item["introspectable"]
        if not view["route_name"] or view.get("exception_only"):
            continue
        permissions = [r["value"] for r in item["related"] if r.category_name == "permissions"]
        methods = view["request_methods"] or ("*",)
        for method in (methods,) if isinstance(methods, str) else methods:
            found[(view["route_name"].split("@")[0], method)] = permissions[0] if permissions else None
    app.registry["db_engine"].dispose()
    return found


def test_every_api_view_declares_a_permission(route_views):
    missing = sorted(key for key, permission in route_views.items() if permission is None)
    assert not missing


def test_permissions_come_from_the_enum(route_views):
    for key, permission in route_views.items():
        if permission not in (None, NO_PERMISSION_REQUIRED):
            assert permission in set(Permission), key


def test_core_public_endpoints_are_exactly_these(route_views):
    core_prefixes = ("auth.", "tokens", "token", "app_settings", "org.", "projects", "project", "info.")
    public = {
        key
        for key, permission in route_views.items()
        if permission == NO_PERMISSION_REQUIRED and key[0].startswith(core_prefixes)
    }
    assert public == CORE_PUBLIC

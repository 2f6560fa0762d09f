"""The route table: core routes are where NocoDB clients expect them."""

import pytest

from workbench.testing.plugins import app_with_plugins

EXPECTED = {
    "auth.signup": "/api/v1/auth/user/signup",
    "auth.signup@1": "/api/v2/auth/user/signup",
    "auth.signin": "/api/v1/auth/user/signin",
    "auth.refresh": "/api/v1/auth/token/refresh",
    "auth.refresh@2": "/auth/refresh-token",
    "auth.signout": "/api/v1/auth/user/signout",
    "auth.me": "/api/v1/auth/user/me",
    "auth.password.change": "/api/v1/auth/password/change",
    "tokens": "/api/v1/tokens",
    "token": "/api/v1/tokens/{token_id}",
    "app_settings": "/api/v1/app-settings",
    "org.users": "/api/v1/users",
    "org.user": "/api/v1/users/{user_id}",
    "projects": "/api/v1/db/meta/projects",
    "projects@1": "/api/v2/meta/bases",
    "project": "/api/v1/db/meta/projects/{project_id}",
    "project@1": "/api/v2/meta/bases/{project_id}",
    "project.users": "/api/v1/db/meta/projects/{project_id}/users",
    "project.user": "/api/v1/db/meta/projects/{project_id}/users/{user_id}",
    "info.app": "/api/v1/db/meta/nocodb/info",
    "info.health": "/api/v1/health",
    "info.version": "/api/v1/version",
    "info.plugins": "/api/v1/plugins",
    "openapi": "/api/v1/openapi.json",
    "ws": "/ws",
    "storage.download_attachment": "/api/v2/downloadAttachment/{table_id}/{column_id}/{row_id}",
    "storage.signed": "/api/v1/db/storage/dltemp/{expires}/{signature}/{project_id}/{token}/{name}",
    "qrcode.image": "/api/plugins/qrcode/tables/{table_id}/columns/{column_id}/records/{row_id}",
    "barcode.image": "/api/plugins/barcode/tables/{table_id}/columns/{column_id}/records/{row_id}",
}


@pytest.fixture(scope="module")
def routes(tmp_path_factory):
    app = app_with_plugins(tmp_path_factory.mktemp("routes"))
    return {
        r["introspectable"]["name"]: r["introspectable"]["pattern"]
        for r in app.registry.introspector.get_category("routes")
    }


@pytest.mark.parametrize(("name", "pattern"), sorted(EXPECTED.items()))
def test_route(routes, name, pattern):
    assert routes.get(name) == pattern


def test_patterns_are_unique(routes):
    patterns = list(routes.values())
    duplicates = {p for p in patterns if patterns.count(p) > 1}
    assert not duplicates

"""Every registered sign-in provider passes the auth-provider contract."""

import pytest

from workbench.testing.auth_contract import check_credentials_session, check_provider
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return app_with_plugins(tmp_path_factory.mktemp("providers"))


def test_every_provider_conforms(app):
    names = app.registry["auth_providers"].names()
    assert "password" in names
    for name in names:
        check_provider(app, name)


def test_password_provider_session_round_trip(app):
    check_credentials_session(
        app,
        "/api/v1/auth/user/signup",
        "/api/v1/auth/user/signin",
        {"email": "contract@example.com", "password": "password-123"},
    )


@pytest.mark.parametrize("path", ["/api/v1/auth/user/signup", "/api/v1/auth/user/signin"])
def test_password_routes_are_reachable_signed_out(app, path):
    # A signed-out visitor gets the validation error, not 401.
    res = Client(app).post_json(path, {}, status=400)
    assert "email" in res.json["msg"]


def test_disabling_the_password_provider_removes_its_routes(tmp_path):
    app = app_with_plugins(tmp_path, **{"workbench.plugins.disabled": "password"})
    assert "password" not in app.registry["auth_providers"]
    client = Client(app)
    client.post_json("/api/v1/auth/user/signin", {"email": "a@example.com", "password": "x" * 9}, status=404)
    assert client.get("/api/v1/db/meta/nocodb/info").json["passwordAuthEnabled"] is False

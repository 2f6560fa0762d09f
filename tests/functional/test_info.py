"""App info, health, version and the plugin list."""

import pytest
import sqlalchemy as sa

import workbench
from tests.common import db
from workbench.accounts.models import User

INFO = "/api/v1/db/meta/nocodb/info"
# "App info", plus what NocoDB clients read besides.
INFO_FIELDS = {
    "ncSiteUrl",
    "authType",
    "connectToExternalDB",
    "defaultLimit",
    "firstUser",
    "githubAuthEnabled",
    "googleAuthEnabled",
    "ncMin",
    "oneClick",
    "projectHasAdmin",
    "teleEnabled",
    "type",
    "version",
    "passwordAuthEnabled",
    "inviteOnlySignup",
}


@pytest.mark.parametrize("path", [INFO, "/api/v2/meta/nocodb/info"])
def test_app_info_before_and_after_the_first_user(client, path):
    info = client.get(path).json
    assert set(info) == INFO_FIELDS
    assert info["authType"] == "jwt"
    assert info["type"] == "rest"
    assert info["version"] == workbench.__version__
    assert info["defaultLimit"] == 25
    assert info["ncSiteUrl"] == "http://localhost"
    assert (info["firstUser"], info["projectHasAdmin"]) == (True, False)
    assert (info["passwordAuthEnabled"], info["googleAuthEnabled"], info["githubAuthEnabled"]) == (True, False, False)
    assert info["inviteOnlySignup"] is False
    for flag in ("connectToExternalDB", "ncMin", "oneClick", "teleEnabled"):
        assert info[flag] is False
    client.signup("admin@example.com")
    info = client.get(path).json
    assert (info["firstUser"], info["projectHasAdmin"]) == (False, True)


def test_app_info_site_url_setting(make_client):
    client = make_client(**{"workbench.site_url": "https://wb.example.org"})
    assert client.get(INFO).json["ncSiteUrl"] == "https://wb.example.org"


def test_app_info_without_the_password_plugin(make_client):
    client = make_client(**{"workbench.plugins.disabled": "password"})
    assert client.get(INFO).json["passwordAuthEnabled"] is False
    client.post_json("/api/v1/auth/user/signup", {"email": "a@example.com", "password": "x" * 8}, status=404)
    client.post_json("/api/v1/auth/user/signin", {"email": "a@example.com", "password": "x" * 8}, status=404)
    # The session endpoints belong to the core and stay.
    assert client.get("/api/v1/auth/user/me").json["roles"] == {"guest": True}
    client.post("/api/v1/auth/token/refresh", status=401)


@pytest.mark.parametrize("path", ["/api/v1/health", "/api/v2/health"])
def test_health(client, path):
    body = client.get(path).json
    assert body["message"] == "OK"
    assert isinstance(body["timestamp"], int)
    assert body["uptime"] >= 0


@pytest.mark.parametrize("path", ["/api/v1/version", "/api/v2/meta/version"])
def test_version(client, path):
    assert client.get(path).json == {"currentVersion": workbench.__version__, "releaseVersion": workbench.__version__}


def test_public_endpoints_ignore_bad_tokens(client):
    for path in (INFO, "/api/v1/health", "/api/v1/version"):
        client.get(path, headers={"xc-auth": "garbage", "xc-token": "garbage"})


@pytest.mark.parametrize("path", ["/api/v1/plugins", "/api/v2/plugins"])
def test_plugin_list(client, admin, path):
    other = client.signup("other@example.com")
    client.get(path, status=401)
    for token in (admin, other):
        plugins = {p["name"]: p for p in client.get(path, headers=client.auth(token)).json["list"]}
        password = plugins["password"]
        assert password["kind"] == "auth_provider"
        assert password["enabled"] is True
        assert password["version"]
        assert set(password) == {"name", "version", "kind", "enabled", "module", "provides", "requires", "problems"}


def test_plugin_list_shows_disabled_plugins(make_client):
    client = make_client(**{"workbench.plugins.disabled": "password"})
    # Nobody can sign up without the password provider: make a user and a token directly.
    db.execute(client.app, sa.insert(User).values(id="us_operator", email="op@example.com", roles="super"))
    token = client.app.registry["jwt_codec"].create("us_operator", tv=1)
    plugins = {p["name"]: p for p in client.get("/api/v1/plugins", headers=client.auth(token)).json["list"]}
    assert plugins["password"]["enabled"] is False
    assert plugins["password"]["kind"] == "auth_provider"

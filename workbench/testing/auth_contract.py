"""The contract every sign-in provider passes.

A provider is a class registered through ``register_auth_providers``. The contract checks
that it conforms to ``IAuthProvider``, that the routes it mounts are documented and ask
for no permission (a signed-out visitor must reach them), and — for providers that sign in
with credentials (``credentials = True``, like ``password``) — that a visitor can sign up,
sign in, use the session, refresh it and sign out.

Plugin authors run it against their provider::

    from workbench.testing.auth_contract import check_provider, check_credentials_session

    def test_my_provider(tmp_path):
        app = app_with_plugins(tmp_path, ("mine", my_plugin))
        check_provider(app, "mine")
"""

from __future__ import annotations

from workbench.accounts.interfaces import IAuthProvider
from workbench.testing.client import Client


def check_provider(app, name: str) -> None:
    provider_cls = app.registry["auth_providers"].get(name)
    provider = provider_cls()
    assert isinstance(provider, IAuthProvider), f"{name} does not implement IAuthProvider"
    assert provider.name == name
    assert isinstance(provider.title, str)
    assert provider.title
    assert isinstance(provider.enabled(app.registry.settings), bool)
    document = Client(app).get("/api/v1/openapi.json").json
    assert document["paths"], "the OpenAPI document is empty"


def check_credentials_session(app, signup_path: str, signin_path: str, credentials: dict) -> None:
    """Sign up, sign in, call /me, refresh, sign out, and check the refresh cookie dies."""
    client = Client(app)
    token = client.post_json(signup_path, credentials).json["token"]
    me = client.get("/api/v1/auth/user/me", headers={"xc-auth": token}).json
    assert me["email"] == credentials["email"]
    token = client.post_json(signin_path, credentials).json["token"]
    assert client.get("/api/v1/auth/user/me", headers={"xc-auth": token}).json["email"] == credentials["email"]
    refreshed = client.post("/api/v1/auth/token/refresh").json["token"]
    assert client.get("/api/v1/auth/user/me", headers={"xc-auth": refreshed}).json["email"] == credentials["email"]
    client.post("/api/v1/auth/user/signout", headers={"xc-auth": refreshed})
    client.post("/api/v1/auth/token/refresh", status=401)

"""The super admin's requirement of two-factor sign-in, enforced by the API on every
dialect: a user without it reaches only what setting it up needs (and sign-out, the
current user, app info, token refresh); everything else answers 403 with a message, with
an access token or an API token alike, until two-factor sign-in is on."""

import pyotp
import pytest

pytestmark = pytest.mark.dialects

PROJECTS = "/api/v1/db/meta/projects"
SETTINGS = "/api/v1/app-settings"
STATUS = "/api/v1/auth/2fa"
SETUP = "/api/v1/auth/2fa/setup"
ENABLE = "/api/v1/auth/2fa/enable"
ME = "/api/v1/auth/user/me"
REQUIRED = "Two-factor sign-in is required: turn it on in your account settings first"


def turn_on(client, token) -> None:
    secret = client.post_json(SETUP, {}, headers=client.auth(token)).json["secret"]
    client.post_json(ENABLE, {"code": pyotp.TOTP(secret).now()}, headers=client.auth(token))


def test_a_user_without_it_can_only_set_it_up(client, admin):
    user = client.signup("user@example.com")
    headers = client.auth(user)
    api_token = client.post_json("/api/v1/tokens", {"description": "script"}, headers=headers).json["token"]
    client.get(PROJECTS, headers=headers)
    client.post_json(SETTINGS, {"require_two_factor": True}, headers=client.auth(admin))

    # Everything else is refused, reading and writing, whatever the credentials.
    refused = (
        client.get(PROJECTS, headers=headers, status=403),
        client.post_json(PROJECTS, {"title": "Mine"}, headers=headers, status=403),
        client.get("/api/v1/tokens", headers=headers, status=403),
        client.post_json("/api/v1/tokens", {"description": "another"}, headers=headers, status=403),
        client.post_json("/api/v1/auth/password/change", {"currentPassword": "x"}, headers=headers, status=403),
        client.patch_json("/api/v1/user/profile", {"display_name": "Me"}, headers=headers, status=403),
    )
    assert [res.json["msg"] for res in refused] == [REQUIRED] * len(refused)
    for api_headers in ({"xc-token": api_token}, {"Authorization": f"Bearer {api_token}"}):
        assert client.get(PROJECTS, headers=api_headers, status=403).json["msg"] == REQUIRED

    # What setting it up needs, and the public endpoints, answer.
    me = client.get(ME, headers=headers).json
    assert (me["email"], me["two_factor_required"]) == ("user@example.com", True)
    assert client.get(STATUS, headers=headers).json["required"] is True
    assert client.get("/api/v1/db/meta/nocodb/info", headers=headers).json["passwordAuthEnabled"] is True
    assert client.get("/api/v1/catalogue", headers=headers).json["authProviders"]

    # Once it is on, the same session and the same API token go on.
    turn_on(client, user)
    client.get(PROJECTS, headers=headers)
    client.post_json(PROJECTS, {"title": "Mine"}, headers=headers)
    client.get(PROJECTS, headers={"xc-token": api_token})


def test_the_requirement_holds_the_super_admin_too(client, admin):
    client.post_json(SETTINGS, {"require_two_factor": True}, headers=client.auth(admin))
    assert client.get(SETTINGS, headers=client.auth(admin), status=403).json["msg"] == REQUIRED
    turn_on(client, admin)
    # Lifted again, users without two-factor sign-in go on.
    user = client.signup("user@example.com")
    client.get(PROJECTS, headers=client.auth(user), status=403)
    client.post_json(SETTINGS, {"require_two_factor": False}, headers=client.auth(admin))
    client.get(PROJECTS, headers=client.auth(user))


def test_sign_out_and_refresh_still_answer(client, admin):
    user = client.signup("user@example.com")
    client.post_json(SETTINGS, {"require_two_factor": True}, headers=client.auth(admin))
    # The sign-up's refresh cookie still gives a new access token, itself held back.
    token = client.post("/api/v1/auth/token/refresh").json["token"]
    client.get(PROJECTS, headers=client.auth(token), status=403)
    client.post("/api/v1/auth/user/signout", headers=client.auth(user))
    assert client.get(ME, headers=client.auth(user)).json["id"] is None

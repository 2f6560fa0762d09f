"""Sign-up, sign-in, the refresh-token cookie, sign-out, the current user and password change."""

import datetime as dt
from http.cookies import SimpleCookie

import pytest
import sqlalchemy as sa

from tests.common import accounts, db
from workbench.accounts.models import RefreshToken, User
from workbench.testing.client import DEFAULT_PASSWORD
from workbench.testing.mail import mail_settings, memory_mail_plugin

SIGNUP = "/api/v1/auth/user/signup"
SIGNIN = "/api/v1/auth/user/signin"
REFRESH = "/api/v1/auth/token/refresh"
SIGNOUT = "/api/v1/auth/user/signout"
ME = "/api/v1/auth/user/me"
PASSWORD = "/api/v1/auth/password/change"
SETTINGS = "/api/v1/app-settings"
PROJECTS = "/api/v1/db/meta/projects"


def me(client, token=None, **params):
    headers = client.auth(token) if token else {}
    return client.get(ME, params=params, headers=headers).json


def refresh_cookie(res) -> dict:
    """The refresh_token Set-Cookie of ``res`` as {value, httponly, max-age, ...}."""
    for header in res.headers.getall("Set-Cookie"):
        cookie = SimpleCookie()
        cookie.load(header)
        if "refresh_token" in cookie:
            morsel = cookie["refresh_token"]
            # SimpleCookie keeps flag attributes (HttpOnly, Secure) as True or "".
            return {"value": morsel.value, **{k: morsel[k] for k in morsel}, "raw": header}
    raise AssertionError(f"no refresh_token cookie in {res.headers.getall('Set-Cookie')}")


def set_refresh(client, value: str) -> None:
    client.set_cookie("refresh_token", value)


def protected(client, token, status=200):
    return client.get("/api/v1/tokens", headers=client.auth(token), status=status)


# -- sign-up ------------------------------------------------------------------------------


def test_first_user_is_super_admin(client):
    assert client.get("/api/v1/db/meta/nocodb/info").json["firstUser"] is True
    res = client.post_json(SIGNUP, {"email": "boss@example.com", "password": DEFAULT_PASSWORD})
    assert set(res.json) == {"token"}
    user = me(client, res.json["token"])
    assert user["email"] == "boss@example.com"
    assert user["roles"] == {"super": True, "org-level-creator": True}
    assert user["id"].startswith("us_")
    assert client.get("/api/v1/db/meta/nocodb/info").json["firstUser"] is False


def test_later_users_get_the_signup_role_of_the_app_settings(client, admin):
    first = client.signup("second@example.com")
    assert me(client, first)["roles"] == {"org-level-creator": True}
    settings = client.get(SETTINGS, headers=client.auth(admin)).json
    assert settings == {"invite_only_signup": False, "signup_role": "org-level-creator", "require_two_factor": False}
    changed = client.post_json(SETTINGS, {"signup_role": "org-level-viewer"}, headers=client.auth(admin)).json
    assert changed["signup_role"] == "org-level-viewer"
    later = client.signup("third@example.com")
    assert me(client, later)["roles"] == {"org-level-viewer": True}


def test_signup_sets_names_and_refresh_cookie(client, admin):
    res = client.post_json(
        SIGNUP,
        {
            "email": "Ann@Example.com",
            "password": DEFAULT_PASSWORD,
            "firstname": "Ann",
            "lastname": "Lee",
            "ignore_subscribe": True,
        },
    )
    user = me(client, res.json["token"])
    assert user["email"] == "ann@example.com"
    assert (user["firstname"], user["lastname"], user["display_name"]) == ("Ann", "Lee", "Ann Lee")
    assert refresh_cookie(res)["httponly"] is True


def test_invite_only_app_setting_refuses_open_signup(client, admin):
    client.post_json(SETTINGS, {"invite_only_signup": True}, headers=client.auth(admin))
    assert client.get("/api/v1/db/meta/nocodb/info").json["inviteOnlySignup"] is True
    res = client.post_json(SIGNUP, {"email": "walk-in@example.com", "password": DEFAULT_PASSWORD}, status=400)
    assert res.json == {"msg": "Not allowed to signup, contact super admin."}
    assert db.count(client.app, User, User.email == "walk-in@example.com") == 0
    client.post_json(SETTINGS, {"invite_only_signup": False}, headers=client.auth(admin))
    client.signup("walk-in@example.com")


def test_invite_only_ini_setting_refuses_open_signup(make_client):
    plugin, outbox = memory_mail_plugin()
    client = make_client(**{"workbench.signup": "invite", **mail_settings(plugin)})
    assert client.get("/api/v1/db/meta/nocodb/info").json["inviteOnlySignup"] is True
    admin = client.signup("admin@example.com")  # the first user is always let in
    res = client.post_json(SIGNUP, {"email": "walk-in@example.com", "password": DEFAULT_PASSWORD}, status=400)
    assert res.json["msg"] == "Not allowed to signup, contact super admin."
    # The super admin cannot reopen what the operator closed.
    changed = client.post_json(SETTINGS, {"invite_only_signup": False}, headers=client.auth(admin)).json
    assert changed["invite_only_signup"] is True
    client.post_json(SIGNUP, {"email": "walk-in@example.com", "password": DEFAULT_PASSWORD}, status=400)
    # An invitation still works.
    client.post_json("/api/v1/users", {"email": "guest@example.com"}, headers=client.auth(admin))
    token = client.signup("guest@example.com", token=outbox.link_token("guest@example.com", "signup"))
    assert me(client, token)["roles"] == {"org-level-viewer": True}


def test_project_invitation_token_flow(make_client):
    plugin, outbox = memory_mail_plugin()
    client = make_client(**{"workbench.signup": "invite", **mail_settings(plugin)})
    admin = client.signup("admin@example.com")
    project = client.create_project(admin, "Shared")
    res = client.post_json(
        f"{PROJECTS}/{project['id']}/users", {"email": "New@Example.com", "roles": "editor"}, headers=client.auth(admin)
    ).json
    assert res == {"msg": "The user has been invited successfully", "email": "new@example.com"}
    invite_token = outbox.link_token("new@example.com", "signup")
    # The invited address cannot sign in or sign up without its token.
    client.post_json(SIGNIN, {"email": "new@example.com", "password": DEFAULT_PASSWORD}, status=400)
    refused = client.post_json(SIGNUP, {"email": "new@example.com", "password": DEFAULT_PASSWORD}, status=400)
    assert "invit" in refused.json["msg"]
    # Another address cannot use the token.
    client.post_json(
        SIGNUP, {"email": "other@example.com", "password": DEFAULT_PASSWORD, "token": invite_token}, status=400
    )
    token = client.signup("new@example.com", token=invite_token, firstname="Newt")
    user = me(client, token, project_id=project["id"])
    assert user["firstname"] == "Newt"
    assert user["email_verified"] is True
    assert user["invite_pending"] is False
    assert user["roles"]["editor"] is True
    assert user["base_roles"] == {"editor": True}
    # The token is spent.
    again = client.post_json(
        SIGNUP, {"email": "new@example.com", "password": DEFAULT_PASSWORD, "token": invite_token}, status=400
    )
    assert again.json["msg"] == "Invalid or expired invitation token"
    assert client.signin("new@example.com")


def test_expired_invitation_token_is_refused(client, admin):
    client.post_json("/api/v1/users", {"email": "late@example.com"}, headers=client.auth(admin))
    db.execute(
        client.app,
        sa.update(User).where(User.email == "late@example.com").values(invite_token_expires=dt.datetime(2000, 1, 1)),
    )
    res = client.post_json(
        SIGNUP,
        {
            "email": "late@example.com",
            "password": DEFAULT_PASSWORD,
            "token": client.outbox.link_token("late@example.com", "signup"),
        },
        status=400,
    )
    assert res.json["msg"] == "Invalid or expired invitation token"


def test_unknown_invitation_token_is_refused(client, admin):
    res = client.post_json(
        SIGNUP, {"email": "x@example.com", "password": DEFAULT_PASSWORD, "token": "nope"}, status=400
    )
    assert res.json["msg"] == "Invalid or expired invitation token"


@pytest.mark.parametrize("email", ["admin@example.com", "ADMIN@example.com", " admin@example.com "])
def test_duplicate_email_is_refused(client, admin, email):
    res = client.post_json(SIGNUP, {"email": email, "password": DEFAULT_PASSWORD}, status=400)
    assert res.json == {"msg": "User already exists"}
    assert db.count(client.app, User) == 1


@pytest.mark.parametrize("email", ["", "plain", "a@", "@example.com", "a b@example.com", "a@example..com"])
def test_invalid_email_is_refused(client, email):
    res = client.post_json(SIGNUP, {"email": email, "password": DEFAULT_PASSWORD}, status=400)
    assert res.json["msg"].startswith("email: ")
    assert db.count(client.app, User) == 0


def test_short_and_long_passwords_are_refused(client):
    res = client.post_json(SIGNUP, {"email": "a@example.com", "password": "short"}, status=400)
    assert res.json["msg"] == "password: Password must be at least 8 characters long"
    res = client.post_json(SIGNUP, {"email": "a@example.com", "password": "x" * 1025}, status=400)
    assert res.json["msg"] == "password: Password must be at most 1024 characters long"
    client.post_json(SIGNUP, {"email": "a@example.com", "password": "1234567890ab"})


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"email": 1, "password": DEFAULT_PASSWORD}, ["email"]),
        ({"email": "a@example.com", "password": 12345678}, ["password"]),
        ({"email": ["a@example.com"], "password": None}, ["email", "password"]),
        ({"email": "a@example.com", "password": DEFAULT_PASSWORD, "firstname": 5}, ["firstname"]),
        ({"email": "a@example.com", "password": DEFAULT_PASSWORD, "token": {"t": 1}}, ["token"]),
        ({"password": DEFAULT_PASSWORD}, ["email"]),
        ({"email": "a@example.com"}, ["password"]),
    ],
)
def test_wrong_types_and_missing_fields_are_400(client, body, fields):
    msg = client.post_json(SIGNUP, body, status=400).json["msg"]
    for name in fields:
        assert f"{name}: " in msg
    assert db.count(client.app, User) == 0


def test_v2_and_legacy_paths(client):
    token = client.post_json("/api/v2/auth/user/signup", {"email": "a@example.com", "password": DEFAULT_PASSWORD})
    assert token.json["token"]
    assert client.post_json(
        "/api/v1/db/auth/user/signin", {"email": "a@example.com", "password": DEFAULT_PASSWORD}
    ).json["token"]
    assert client.get("/api/v2/auth/user/me", headers=client.auth(token.json["token"])).json["email"]
    assert client.post("/auth/refresh-token").json["token"]


# -- sign-in ------------------------------------------------------------------------------


def test_signin_returns_token_and_httponly_cookie(client, admin):
    client.reset()
    res = client.post_json(SIGNIN, {"email": "Admin@Example.com", "password": DEFAULT_PASSWORD})
    assert set(res.json) == {"token"}
    assert me(client, res.json["token"])["email"] == "admin@example.com"
    cookie = refresh_cookie(res)
    assert cookie["httponly"] is True
    assert cookie["path"] == "/"
    assert cookie["samesite"] == "Lax"
    assert cookie["secure"] == ""
    assert int(cookie["max-age"]) == 7 * 24 * 3600
    assert len(cookie["value"]) == 80
    # Only its hash is stored.
    stored = db.execute(client.app, sa.select(RefreshToken.token_hash))
    assert cookie["value"] not in {row.token_hash for row in stored}


def test_secure_cookie_setting(make_client):
    client = make_client(**{"workbench.cookie_secure": "true"})
    res = client.post_json(SIGNUP, {"email": "a@example.com", "password": DEFAULT_PASSWORD})
    assert refresh_cookie(res)["secure"] is True


@pytest.mark.parametrize(
    "body",
    [
        {"email": "admin@example.com", "password": "wrong password"},
        {"email": "nobody@example.com", "password": DEFAULT_PASSWORD},
        {"email": "admin@example.com", "password": ""},
    ],
)
def test_signin_with_bad_credentials(client, admin, body):
    client.reset()
    res = client.post_json(SIGNIN, body, status=400)
    assert res.json == {"msg": "Email or password is incorrect"}
    assert "Set-Cookie" not in res.headers


def test_signin_validates_body(client):
    assert "email: " in client.post_json(SIGNIN, {"password": "x"}, status=400).json["msg"]
    assert "password: " in client.post_json(SIGNIN, {"email": "a@example.com", "password": 1}, status=400).json["msg"]


def test_blocked_user_cannot_sign_in_and_loses_tokens(client, admin):
    token = client.signup("bad@example.com")
    uid = accounts.user_id(client, token)
    client.patch_json(f"/api/v1/users/{uid}", {"blocked": True}, headers=client.auth(admin))
    protected(client, token, status=401)
    res = client.post_json(SIGNIN, {"email": "bad@example.com", "password": DEFAULT_PASSWORD}, status=400)
    assert res.json["msg"] == "This account is blocked"


# -- refresh cookie -----------------------------------------------------------------------


def test_refresh_rotates_the_cookie(client, admin):
    client.reset()
    first = refresh_cookie(client.post_json(SIGNIN, {"email": "admin@example.com", "password": DEFAULT_PASSWORD}))
    res = client.post(REFRESH)
    token = res.json["token"]
    assert me(client, token)["email"] == "admin@example.com"
    second = refresh_cookie(res)
    assert second["value"] != first["value"]
    assert second["httponly"] is True
    # The used cookie is dead; the new one works, once.
    set_refresh(client, first["value"])
    res = client.post(REFRESH, status=401)
    assert res.json == {"msg": "Invalid refresh token"}
    assert refresh_cookie(res)["max-age"] == "0"
    set_refresh(client, second["value"])
    third = refresh_cookie(client.post(REFRESH))
    set_refresh(client, second["value"])
    client.post(REFRESH, status=401)
    set_refresh(client, third["value"])
    client.post(REFRESH)


def test_refresh_without_cookie_is_401(client, admin):
    client.reset()
    assert client.post(REFRESH, status=401).json == {"msg": "Missing refresh token"}
    set_refresh(client, "0" * 80)
    assert client.post(REFRESH, status=401).json == {"msg": "Invalid refresh token"}


def test_expired_refresh_token_is_refused_and_forgotten(client, admin):
    db.execute(client.app, sa.update(RefreshToken).values(expires_at=dt.datetime(2000, 1, 1)))
    res = client.post(REFRESH, status=401)
    assert res.json == {"msg": "Refresh token expired"}
    assert refresh_cookie(res)["max-age"] == "0"
    assert db.count(client.app, RefreshToken) == 0


def test_refresh_of_a_blocked_user_is_refused(client, admin):
    client.signup("bad@example.com")
    cookie = client.cookies["refresh_token"]
    uid = db.scalar(client.app, sa.select(User.id).where(User.email == "bad@example.com"))
    db.execute(client.app, sa.update(User).where(User.id == uid).values(blocked=True))
    set_refresh(client, cookie)
    client.post(REFRESH, status=401)


def test_signout_deletes_the_refresh_token(client, admin):
    assert db.count(client.app, RefreshToken) == 1
    res = client.post(SIGNOUT)
    assert res.json == {"msg": "Signed out successfully"}
    assert refresh_cookie(res)["max-age"] == "0"
    assert db.count(client.app, RefreshToken) == 0
    client.post(REFRESH, status=401)


def test_signout_only_deletes_its_own_session(client, admin):
    client.reset()
    client.signin("admin@example.com")
    laptop = client.cookies["refresh_token"]
    client.reset()
    client.signin("admin@example.com")
    assert db.count(client.app, RefreshToken) == 3  # signup, laptop, this one
    client.post(SIGNOUT)
    assert db.count(client.app, RefreshToken) == 2
    set_refresh(client, laptop)
    client.post(REFRESH)


def test_signout_ends_the_access_token_it_was_sent_with(client, admin):
    headers = client.auth(admin)
    client.get(PROJECTS, headers=headers)
    client.post(SIGNOUT, headers=headers)
    assert client.get(PROJECTS, headers=headers, status=401).json == {"msg": "Unauthorized"}
    assert me(client, admin)["roles"] == {"guest": True}
    client.post(REFRESH, status=401)
    # Signing in again gives a working token.
    assert client.get(PROJECTS, headers=client.auth(client.signin("admin@example.com"))).status_int == 200


def test_signout_is_seen_at_once_by_every_process(make_client):
    first = make_client()
    token = first.signup("admin@example.com")
    second = make_client()  # another server process on the same meta database
    second.get(PROJECTS, headers=second.auth(token))  # its claims cache now holds the token
    first.post(SIGNOUT, headers=first.auth(token))
    second.get(PROJECTS, headers=second.auth(token), status=401)


def test_after_signout_other_sessions_refresh_to_a_working_token(client, admin):
    client.reset()
    laptop_token = client.signin("admin@example.com")
    laptop = client.cookies["refresh_token"]
    client.reset()
    phone_token = client.signin("admin@example.com")
    client.post(SIGNOUT, headers=client.auth(phone_token))
    client.get(PROJECTS, headers=client.auth(laptop_token), status=401)
    set_refresh(client, laptop)
    fresh = client.post(REFRESH).json["token"]
    assert client.get(PROJECTS, headers=client.auth(fresh)).status_int == 200


# -- current user -------------------------------------------------------------------------


def test_me_anonymous_is_guest(client):
    assert me(client) == {"id": None, "email": None, "roles": {"guest": True}}
    assert client.get(ME, headers={"xc-auth": "garbage"}).json["roles"] == {"guest": True}


def test_me_signed_in(client, admin):
    user = me(client, admin)
    assert set(user) >= {"id", "email", "firstname", "lastname", "roles", "created_at"}
    assert "password_hash" not in user
    assert "token_version" not in user


def test_me_with_project_merges_project_roles(client, admin):
    project, tokens = accounts.team(client, admin)
    for role, token in tokens.items():
        user = me(client, token, project_id=project["id"])
        assert user["roles"] == {"org-level-creator": True, role: True}
        assert user["base_roles"] == {role: True}
        assert user["project_id"] == project["id"]
    # base_id is accepted too (v2 naming).
    assert me(client, tokens["viewer"], base_id=project["id"])["base_roles"] == {"viewer": True}


def test_me_with_project_for_non_member_is_plain_user(client, admin):
    project = client.create_project(admin, "Private")
    stranger = client.signup("stranger@example.com")
    user = me(client, stranger, project_id=project["id"])
    assert user["roles"] == {"org-level-creator": True, "user": True}
    assert user["base_roles"] == {"user": True}


def test_me_with_project_for_super_admin_non_member_is_owner(client, admin):
    owner = client.signup("owner@example.com")
    project = client.create_project(owner, "Theirs")
    assert me(client, admin, project_id=project["id"])["base_roles"] == {"owner": True}


def test_me_with_unknown_project_is_404(client, admin):
    res = client.get(ME, params={"project_id": "p_doesnotexist"}, headers=client.auth(admin), status=404)
    assert res.json == {"msg": "Project not found"}


# -- password change ----------------------------------------------------------------------


def test_password_change_kills_old_tokens(client, admin):
    client.reset()
    old = client.signin("admin@example.com")
    old_cookie = client.cookies["refresh_token"]
    res = client.post_json(
        PASSWORD, {"currentPassword": DEFAULT_PASSWORD, "newPassword": "a brand new one"}, headers=client.auth(old)
    )
    assert res.json["msg"] == "Password has been updated successfully"
    new = res.json["token"]
    assert new != old
    new_cookie = refresh_cookie(res)["value"]
    # Old JWTs (this one and the sign-up one) are dead, the new one works.
    protected(client, old, status=401)
    protected(client, admin, status=401)
    protected(client, new)
    assert me(client, old)["roles"] == {"guest": True}
    # Old refresh tokens are dead, the new one works.
    set_refresh(client, old_cookie)
    client.post(REFRESH, status=401)
    set_refresh(client, new_cookie)
    client.post(REFRESH)
    # Only the new password signs in.
    client.post_json(SIGNIN, {"email": "admin@example.com", "password": DEFAULT_PASSWORD}, status=400)
    client.signin("admin@example.com", "a brand new one")


@pytest.mark.parametrize(
    ("body", "msg"),
    [
        ({"currentPassword": "wrong password", "newPassword": "a brand new one"}, "Current password is wrong"),
        (
            {"currentPassword": DEFAULT_PASSWORD, "newPassword": DEFAULT_PASSWORD},
            "The new password must differ from the current one",
        ),
        (
            {"currentPassword": DEFAULT_PASSWORD, "newPassword": "short"},
            "newPassword: Password must be at least 8 characters long",
        ),
        ({"currentPassword": DEFAULT_PASSWORD}, "newPassword: Field required"),
        ({"currentPassword": 1, "newPassword": "a brand new one"}, "currentPassword: Input should be a valid string"),
    ],
)
def test_password_change_refusals(client, admin, body, msg):
    res = client.post_json(PASSWORD, body, headers=client.auth(admin), status=400)
    assert res.json == {"msg": msg}
    protected(client, admin)


def test_password_change_needs_sign_in(client, admin):
    client.post_json(PASSWORD, {"currentPassword": DEFAULT_PASSWORD, "newPassword": "a brand new one"}, status=401)

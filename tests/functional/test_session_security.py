"""Sessions: a replayed refresh token revokes its family; access tokens without an expiry
are refused; a password change can revoke the API tokens too."""

import datetime as dt
import time

import jwt
import sqlalchemy as sa

from tests.common import db
from tests.functional.test_auth import PASSWORD, REFRESH, protected, refresh_cookie, set_refresh
from workbench.accounts.models import ApiToken, RefreshToken, User
from workbench.accounts.sessions import REPLAYED
from workbench.testing.client import DEFAULT_PASSWORD

SECRET = "test-secret-" + "x" * 40  # the test app's (workbench.testing.app)
NEW_PASSWORD = "another good secret"


def rotate(client, cookie: str):
    set_refresh(client, cookie)
    res = client.post(REFRESH)
    return refresh_cookie(res)["value"], res.json["token"]


def age_uses(client, seconds: int) -> None:
    """Make every use of a refresh token ``seconds`` older."""
    when = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(seconds=seconds)
    db.execute(client.app, sa.update(RefreshToken).where(RefreshToken.used_at.is_not(None)).values(used_at=when))


def test_a_replayed_refresh_token_revokes_its_family(client, admin):
    client.reset()
    client.signin("admin@example.com")
    first = client.cookies["refresh_token"]
    second, stolen_access = rotate(client, first)
    third, owner_access = rotate(client, second)
    # Another session of the same user (another browser): its own family.
    client.reset()
    client.signin("admin@example.com")
    laptop = client.cookies["refresh_token"]
    age_uses(client, 60)
    set_refresh(client, first)  # a copy of a used token comes back
    res = client.post(REFRESH, status=401)
    assert res.json == {"msg": REPLAYED}
    assert refresh_cookie(res)["max-age"] == "0"
    # The whole family is gone: the latest token too, and the access tokens it gave.
    set_refresh(client, third)
    assert client.post(REFRESH, status=401).json == {"msg": "Invalid refresh token"}
    protected(client, stolen_access, status=401)
    protected(client, owner_access, status=401)
    # The other family still refreshes (its access token must be renewed, as after sign-out).
    _next, laptop_access = rotate(client, laptop)
    protected(client, laptop_access)


def test_a_refresh_racing_another_tab_is_only_refused(client, admin):
    first = client.cookies["refresh_token"]
    second, access = rotate(client, first)
    set_refresh(client, first)  # the other tab, a moment later, with the same cookie
    assert client.post(REFRESH, status=401).json == {"msg": "Invalid refresh token"}
    protected(client, access)
    rotate(client, second)


def test_reuse_interval_setting(make_client):
    c = make_client(**{"workbench.refresh.reuse_interval": "0"})
    c.signup("admin@example.com")
    first = c.cookies["refresh_token"]
    second, access = rotate(c, first)
    time.sleep(0.01)
    set_refresh(c, first)
    assert c.post(REFRESH, status=401).json == {"msg": REPLAYED}
    protected(c, access, status=401)
    set_refresh(c, second)
    c.post(REFRESH, status=401)


def test_used_tokens_go_once_expired(client, admin):
    first = client.cookies["refresh_token"]
    second, _access = rotate(client, first)
    db.execute(
        client.app,
        sa.update(RefreshToken).where(RefreshToken.used_at.is_not(None)).values(expires_at=dt.datetime(2000, 1, 1)),
    )
    rotate(client, second)
    assert db.count(client.app, RefreshToken, RefreshToken.expires_at < dt.datetime(2001, 1, 1)) == 0


def _user(client, email="admin@example.com") -> User:
    return db.execute(client.app, sa.select(User.id, User.token_version).where(User.email == email))[0]


def test_access_tokens_without_expiry_are_refused(client, admin):
    user = _user(client)
    claims = {"sub": user.id, "tv": user.token_version, "email": "admin@example.com"}
    forever = jwt.encode(claims, SECRET, algorithm="HS256")
    res = protected(client, forever, status=401)
    assert res.json == {"msg": "Unauthorized"}
    client.get("/api/v1/tokens", headers={"Authorization": f"Bearer {forever}"}, status=401)
    # The same claims with an expiry are accepted: only the missing exp is refused.
    expiring = jwt.encode({**claims, "exp": int(time.time()) + 60}, SECRET, algorithm="HS256")
    protected(client, expiring)


def _api_token(client, token) -> str:
    return client.post_json("/api/v1/tokens", {"description": "script"}, headers=client.auth(token)).json["token"]


def test_a_password_change_revokes_api_tokens_by_default(client, admin):
    script = _api_token(client, admin)
    client.get("/api/v1/db/meta/projects", headers={"xc-token": script})
    res = client.post_json(
        PASSWORD, {"currentPassword": DEFAULT_PASSWORD, "newPassword": NEW_PASSWORD}, headers=client.auth(admin)
    )
    client.get("/api/v1/db/meta/projects", headers={"xc-token": script}, status=401)
    assert db.count(client.app, ApiToken) == 0
    protected(client, res.json["token"])


def test_a_password_change_may_keep_api_tokens(client, admin):
    script = _api_token(client, admin)
    body = {"currentPassword": DEFAULT_PASSWORD, "newPassword": NEW_PASSWORD, "revokeApiTokens": False}
    res = client.post_json(PASSWORD, body, headers=client.auth(admin))
    client.get("/api/v1/db/meta/projects", headers={"xc-token": script})
    protected(client, admin, status=401)  # the old access token is over all the same
    protected(client, res.json["token"])
    bad = {**body, "revokeApiTokens": "sometimes", "currentPassword": NEW_PASSWORD}
    client.post_json(PASSWORD, bad, headers=client.auth(res.json["token"]), status=400)


def test_the_session_cookie_is_sent_only_under_the_base_path(client):
    """Served under /workbench (the proxy's prefix in ``SCRIPT_NAME``), the refresh cookie
    belongs to that path, not to the whole host; so does its removal on sign-out."""
    under = {"SCRIPT_NAME": "/workbench"}
    res = client.post_json(
        "/api/v1/auth/user/signup", {"email": "base@example.com", "password": PASSWORD}, extra_environ=under
    )
    [cookie] = [h for h in res.headers.getall("Set-Cookie") if h.startswith("refresh_token=")]
    assert "Path=/workbench;" in cookie or cookie.endswith("Path=/workbench")
    signed_out = client.post_json(
        "/api/v1/auth/user/signout", {}, headers=client.auth(res.json["token"]), extra_environ=under
    )
    [removed] = [h for h in signed_out.headers.getall("Set-Cookie") if h.startswith("refresh_token=")]
    assert "Path=/workbench" in removed
    assert "Max-Age=0" in removed
    # at the root, the root's
    res = client.post_json("/api/v1/auth/user/signin", {"email": "base@example.com", "password": PASSWORD})
    [root] = [h for h in res.headers.getall("Set-Cookie") if h.startswith("refresh_token=")]
    assert "Path=/;" in root or root.endswith("Path=/")

"""Access tokens (header forms, claims, tampering, expiry, versions), racing refreshes and
sign-ups, and the last owner of a project."""

import datetime as dt

import jwt

from tests.common import accounts, db
from tests.functional.test_auth import me, protected
from workbench.accounts.models import RefreshToken
from workbench.testing.client import DEFAULT_PASSWORD

SIGNUP = "/api/v1/auth/user/signup"
REFRESH = "/api/v1/auth/token/refresh"
SETTINGS = "/api/v1/app-settings"


# -- access tokens ------------------------------------------------------------------------


def _claims(client, token):
    secret = client.app.registry.settings["workbench.secret"]
    return jwt.decode(token, secret, algorithms=["HS256"])


def _sign(client, claims, secret=None):
    return jwt.encode(claims, secret or client.app.registry.settings["workbench.secret"], algorithm="HS256")


def test_jwt_header_forms(client, admin):
    protected(client, admin)
    client.get("/api/v1/tokens", headers={"Authorization": f"Bearer {admin}"})
    client.get("/api/v1/tokens", headers={"Authorization": f"JWT {admin}"})
    client.get("/api/v1/tokens", headers={"Authorization": f"Basic {admin}"}, status=401)


def test_jwt_claims(client, admin):
    claims = _claims(client, admin)
    assert claims["sub"].startswith("us_")
    assert claims["email"] == "admin@example.com"
    assert claims["exp"] - claims["iat"] == 3600
    assert claims["tv"] == 1


def test_tampered_tokens_are_refused(client, admin):
    header, payload, signature = admin.split(".")
    other = client.signup("other@example.com")
    _, other_payload, _ = other.split(".")
    for token in (
        f"{header}.{other_payload}.{signature}",  # someone else's claims, my signature
        f"{header}.{payload}.{signature[:-4]}AAAA",  # broken signature
        _sign(client, _claims(client, admin), secret="another-secret-" + "y" * 40),
        jwt.encode(_claims(client, admin), key=None, algorithm="none"),
        "not.a.jwt",
    ):
        protected(client, token, status=401)
        assert me(client, token)["roles"] == {"guest": True}


def test_expired_token_is_refused(client, admin):
    claims = _claims(client, admin)
    now = int(dt.datetime.now(dt.UTC).timestamp())
    protected(client, _sign(client, {**claims, "iat": now - 7200, "exp": now - 3600}), status=401)
    protected(client, _sign(client, {**claims, "exp": now + 60}))


def test_token_of_an_older_version_is_refused(client, admin):
    claims = _claims(client, admin)
    protected(client, _sign(client, {**claims, "tv": 0}), status=401)
    protected(client, _sign(client, {k: v for k, v in claims.items() if k != "tv"}), status=401)


def test_token_of_a_deleted_user_is_refused(client, admin):
    token = client.signup("gone@example.com")
    client.delete(f"/api/v1/users/{accounts.user_id(client, token)}", headers=client.auth(admin))
    protected(client, token, status=401)


def _race(app, holds, *calls) -> None:
    """Run `calls` in threads at once, each held at a barrier after the first statement it
    sends for which `holds(statement)` is true (a replayed attempt goes on), so that all of
    them have read before any of them writes."""
    import threading

    from sqlalchemy import event

    engine = app.registry["db_engine"]
    barrier = threading.Barrier(len(calls), timeout=10)
    workers = set()

    def after_execute(conn, cursor, statement, params, context, executemany):
        if threading.get_ident() in workers and holds(statement):
            workers.discard(threading.get_ident())
            barrier.wait()

    def run(call):
        workers.add(threading.get_ident())
        call()

    event.listen(engine, "after_cursor_execute", after_execute)
    try:
        threads = [threading.Thread(target=run, args=(call,)) for call in calls]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    finally:
        event.remove(engine, "after_cursor_execute", after_execute)


def test_racing_refreshes_with_one_cookie_get_one_session(client, admin):
    """Two refreshes that both found the token before either rotated it: only one wins.

    (On SQLite the loser's write is refused as busy and the request replayed.)"""
    from webob import Request

    cookie = client.cookies["refresh_token"]
    results = []

    def refresh():
        req = Request.blank(REFRESH, method="POST", headers={"Cookie": f"refresh_token={cookie}"})
        results.append(req.get_response(client.app).status_int)

    # Each is held after its first look at the token.
    _race(
        client.app,
        lambda statement: statement.lstrip().upper().startswith("SELECT") and "wb_refresh_tokens" in statement,
        refresh,
        refresh,
    )
    assert sorted(results) == [200, 401]
    assert db.count(client.app, RefreshToken, RefreshToken.used_at.is_(None)) == 1  # one live session


def test_racing_first_sign_ups_make_one_super_admin(client):
    """Two sign-ups that both counted no users before either wrote: only one becomes super."""
    import json

    from webob import Request

    results = []

    def sign_up(email):
        body = json.dumps({"email": email, "password": DEFAULT_PASSWORD}).encode()
        req = Request.blank(SIGNUP, method="POST", body=body, content_type="application/json")
        res = req.get_response(client.app)
        results.append((res.status_int, json.loads(res.body)))

    # Each is held after it counted the users.
    _race(
        client.app,
        lambda statement: "count(" in statement.lower() and "wb_users" in statement,
        lambda: sign_up("racer0@example.com"),
        lambda: sign_up("racer1@example.com"),
    )
    supers = [
        body["token"] for status, body in results if status == 200 and me(client, body["token"])["roles"].get("super")
    ]
    assert len(supers) == 1
    # The other one was told to try again (or, on SQLite, replayed as a normal sign-up).
    assert len(results) == 2
    for status, body in results:
        if status != 200:
            assert status == 409
            assert "sign up again" in body["msg"]
    assert "_first_user" not in client.get(SETTINGS, headers=client.auth(supers[0])).json


def test_the_only_owner_of_a_project_cannot_be_deleted(client, admin):
    owner = client.signup("keeper@example.com")
    client.create_project(owner, "Kept")
    uid = accounts.user_id(client, owner)
    res = client.delete(f"/api/v1/users/{uid}", headers=client.auth(admin), status=400)
    assert res.json["msg"] == "The user is the only owner of Kept: give the project another owner first"
    protected(client, owner)

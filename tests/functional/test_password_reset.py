"""Forgotten password: the reset link is mailed (through the mailer plugin), checked, spent
once; the new password follows the password rules and every older session ends."""

import datetime as dt
import hashlib
import re

import pytest
import sqlalchemy as sa

from tests.common import db
from workbench.accounts.models import PasswordReset, RefreshToken, User
from workbench.testing.client import DEFAULT_PASSWORD
from workbench.testing.mail import memory_mail_plugin

FORGOT = "/api/v1/auth/password/forgot"
VALIDATE = "/api/v1/auth/token/validate/{}"
RESET = "/api/v1/auth/password/reset/{}"
REFRESH = "/api/v1/auth/token/refresh"
SITE = "http://workbench.example"
LINK = re.compile(re.escape(SITE) + r"/reset-password/([A-Za-z0-9_-]+)")
NEW_PASSWORD = "a brand new secret"


@pytest.fixture
def client(make_client):
    plugin, outbox = memory_mail_plugin()
    c = make_client(
        **{
            "workbench.plugins.extra": [("memory_mail", plugin)],
            "workbench.mail.backend": "memory",
            "workbench.site_url": SITE,
        }
    )
    c.outbox = outbox
    c.signup("admin@example.com")
    c.signup("ann@example.com", firstname="Ann")
    c.reset()  # no cookies
    assert c.outbox.wait(2)
    c.outbox.clear()  # the sign-ups' verification mails
    return c


def ask(client, email="ann@example.com", path=FORGOT) -> str:
    """Ask for a reset link and answer the token mailed."""
    before = len(client.outbox)
    client.post_json(path, {"email": email})
    assert len(client.outbox) == before + 1
    return LINK.search(client.outbox[-1].text).group(1)


def protected(client, token, status=200):
    return client.get("/api/v1/tokens", headers=client.auth(token), status=status)


def test_hook_register_mailers(client):
    """The mailer named by workbench.mail.backend, contributed by a plugin, sends the mail."""
    res = client.post_json(FORGOT, {"email": "Ann@Example.com "})
    assert len(client.outbox) == 1
    mail = client.outbox[0]
    assert mail.to == "ann@example.com"
    assert mail.subject == "Reset your Workbench password"
    assert "Hello Ann" in mail.text
    assert "60 minutes" in mail.text
    token = LINK.search(mail.text).group(1)
    assert len(token) >= 40
    assert res.json == {
        "msg": "If an account uses this email address, a link to reset its password has been sent to it"
    }


def test_same_answer_for_unknown_addresses_and_no_mail(client):
    known = client.post_json(FORGOT, {"email": "ann@example.com"})
    unknown = client.post_json(FORGOT, {"email": "nobody@example.com"})
    assert (unknown.status_int, unknown.json) == (known.status_int, known.json)
    assert [m.to for m in client.outbox] == ["ann@example.com"]


def test_blocked_accounts_get_no_mail(client):
    db.execute(client.app, sa.update(User).where(User.email == "ann@example.com").values(blocked=True))
    res = client.post_json(FORGOT, {"email": "ann@example.com"})
    assert "msg" in res.json
    assert client.outbox == []


def test_invalid_addresses_are_400(client):
    res = client.post_json(FORGOT, {"email": "not an address"}, status=400)
    assert "email" in res.json["msg"].lower()
    client.post_json(FORGOT, {}, status=400)
    assert client.outbox == []


def test_only_the_hash_of_the_token_is_stored(client):
    token = ask(client)
    rows = db.execute(client.app, sa.select(PasswordReset.token_hash, PasswordReset.expires_at))
    assert [r.token_hash for r in rows] == [hashlib.sha256(token.encode()).hexdigest()]
    lifetime = rows[0].expires_at - dt.datetime.now(dt.UTC).replace(tzinfo=None)
    assert dt.timedelta(minutes=55) < lifetime <= dt.timedelta(minutes=60)


def test_validate_token(client):
    token = ask(client)
    assert client.post(VALIDATE.format(token)).json == {"msg": "The password reset link is valid"}
    assert client.get(VALIDATE.format(token)).json["msg"]
    res = client.post(VALIDATE.format("not-a-token"), status=400)
    assert res.json == {"msg": "This password reset link is not valid; ask for a new one"}


def test_reset_sets_the_password_and_ends_every_session(client):
    old_access = client.signin("ann@example.com")
    old_cookie = client.cookies["refresh_token"]
    protected(client, old_access)
    token = ask(client)
    res = client.post_json(RESET.format(token), {"password": NEW_PASSWORD})
    assert res.json == {"msg": "Password has been reset successfully"}
    # Old access tokens and refresh tokens are dead.
    protected(client, old_access, status=401)
    user_id = db.scalar(client.app, sa.select(User.id).where(User.email == "ann@example.com"))
    assert db.count(client.app, RefreshToken, RefreshToken.user_id == user_id) == 0
    client.set_cookie("refresh_token", old_cookie)
    client.post(REFRESH, status=401)
    # Only the new password signs in.
    client.post_json("/api/v1/auth/user/signin", {"email": "ann@example.com", "password": DEFAULT_PASSWORD}, status=400)
    protected(client, client.signin("ann@example.com", NEW_PASSWORD))
    # Other accounts are untouched.
    client.signin("admin@example.com")


def test_a_token_works_once(client):
    token = ask(client)
    client.post_json(RESET.format(token), {"password": NEW_PASSWORD})
    res = client.post_json(RESET.format(token), {"password": "yet another password"}, status=400)
    assert res.json == {"msg": "This password reset link has already been used; ask for a new one"}
    client.post(VALIDATE.format(token), status=400)
    client.signin("ann@example.com", NEW_PASSWORD)


def test_expired_token_is_400_and_changes_nothing(client):
    token = ask(client)
    past = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(seconds=1)
    db.execute(client.app, sa.update(PasswordReset).values(expires_at=past))
    res = client.post_json(RESET.format(token), {"password": NEW_PASSWORD}, status=400)
    assert res.json == {"msg": "This password reset link has expired; ask for a new one"}
    assert (
        client.post(VALIDATE.format(token), status=400).json["msg"].startswith("This password reset link has expired")
    )
    client.signin("ann@example.com")


def test_password_rules_apply_and_the_token_stays_usable(client):
    token = ask(client)
    res = client.post_json(RESET.format(token), {"password": "short"}, status=400)
    assert "at least 8 characters" in res.json["msg"]
    client.post_json(RESET.format(token), {}, status=400)
    client.signin("ann@example.com")
    client.post_json(RESET.format(token), {"password": NEW_PASSWORD})
    client.signin("ann@example.com", NEW_PASSWORD)


def test_a_new_link_replaces_the_older_one(client):
    first = ask(client)
    second = ask(client)
    assert first != second
    client.post(VALIDATE.format(first), status=400)
    client.post(VALIDATE.format(second))


@pytest.mark.parametrize("prefix", ["/api/v2/auth", "/api/v1/db/auth", "/auth"])
def test_compatibility_paths(client, prefix):
    token = ask(client, path=f"{prefix}/password/forgot")
    client.post(f"{prefix}/token/validate/{token}")
    client.post_json(f"{prefix}/password/reset/{token}", {"password": NEW_PASSWORD})
    client.signin("ann@example.com", NEW_PASSWORD)


def test_mailers_that_are_not_synchronous_send_from_a_thread(make_client):
    plugin, outbox = memory_mail_plugin("threaded", synchronous=False)
    c = make_client(**{"workbench.plugins.extra": [("threaded_mail", plugin)], "workbench.mail.backend": "threaded"})
    c.signup("admin@example.com")
    assert outbox.wait(1)  # the address verification mail
    c.post_json(FORGOT, {"email": "admin@example.com"})
    assert outbox.wait(2)
    assert outbox[1].to == "admin@example.com"
    assert LINK.search(outbox[1].text) is None  # no site URL set: the link uses the request's
    assert "http://localhost/reset-password/" in outbox[1].text


def test_an_unknown_mail_backend_stops_the_start_up(make_client):
    with pytest.raises(RuntimeError, match="pigeon"):
        make_client(**{"workbench.mail.backend": "pigeon"})


def test_nocodb_reset_form_path_opens_the_reset_page(client):
    res = client.get("/auth/password/reset/some%20token", status=302)
    assert res.headers["Location"].endswith("/reset-password/some%20token")
    res = client.get("/api/v1/db/auth/password/reset/abc", status=302)
    assert res.headers["Location"].endswith("/reset-password/abc")

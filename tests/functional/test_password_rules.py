"""New passwords follow NIST SP 800-63B: at least 8 characters after normalisation (NFKC,
runs of spaces as one, none at the ends), any characters, and none of the shipped common
passwords; on sign-up, invited sign-up, password change and password reset alike."""

from __future__ import annotations

import re

import pytest

from tests.common import db
from workbench.accounts.models import User
from workbench.testing.client import DEFAULT_PASSWORD
from workbench.testing.mail import memory_mail_plugin

SIGNUP = "/api/v1/auth/user/signup"
SITE = "http://workbench.example"
COMMON = "password: This password is one of the most common ones; choose a password that is harder to guess"
SPACES = "password: Password must not be only spaces"
SHORT = "password: Password must be at least 8 characters long"

REFUSED = [
    ("password", COMMON),
    ("Password", COMMON),
    ("12345678", COMMON),
    ("iloveyou", COMMON),
    ("\uff50\uff41\uff53\uff53\uff57\uff4f\uff52\uff44", COMMON),  # full-width letters
    (" " * 8, SPACES),
    ("\t \u3000" * 4, SPACES),
    ("  ab   cd  ", SHORT),
]


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
    c.admin = c.signup("admin@example.com")
    return c


@pytest.mark.parametrize(("password", "message"), REFUSED)
def test_sign_up_refuses_weak_passwords(client, password, message):
    res = client.post_json(SIGNUP, {"email": "ann@example.com", "password": password}, status=400)
    assert res.json == {"msg": message}
    assert db.count(client.app, User) == 1


def test_sign_up_takes_any_other_password(client):
    for n, password in enumerate(["correct horse battery", "ab cd ef gh", "пароль-для-Анны", "😀😀😀😀😀😀😀😀"]):
        client.signup(f"u{n}@example.com", password=password)
        assert client.signin(f"u{n}@example.com", password=password)


@pytest.mark.parametrize(("password", "message"), REFUSED[:2] + REFUSED[5:6])
def test_password_change_refuses_weak_passwords(client, password, message):
    token = client.signup("ann@example.com")
    res = client.post_json(
        "/api/v1/auth/password/change",
        {"currentPassword": DEFAULT_PASSWORD, "newPassword": password},
        headers=client.auth(token),
        status=400,
    )
    assert res.json == {"msg": message.replace("password: ", "newPassword: ")}
    assert client.signin("ann@example.com")


@pytest.mark.parametrize(("password", "message"), REFUSED[:2] + REFUSED[5:6])
def test_password_reset_refuses_weak_passwords(client, password, message):
    client.signup("ann@example.com")
    client.post_json("/api/v1/auth/password/forgot", {"email": "ann@example.com"})
    [link] = re.findall(re.escape(SITE) + r"/reset-password/([A-Za-z0-9_-]+)", client.outbox[-1].text)
    res = client.post_json(f"/api/v1/auth/password/reset/{link}", {"password": password}, status=400)
    assert res.json == {"msg": message}
    # The link is not spent and the old password still signs in.
    client.post_json(f"/api/v1/auth/token/validate/{link}")
    assert client.signin("ann@example.com")


@pytest.mark.parametrize(("password", "message"), REFUSED[:2] + REFUSED[5:6])
def test_invited_sign_up_refuses_weak_passwords(client, password, message):
    client.post_json("/api/v1/users", {"email": "guest@example.com"}, headers=client.auth(client.admin))
    [token] = re.findall(re.escape(SITE) + r"/signup/([A-Za-z0-9_-]+)", client.outbox[-1].text)
    body = {"email": "guest@example.com", "password": password, "token": token}
    assert client.post_json(SIGNUP, body, status=400).json == {"msg": message}
    client.signup("guest@example.com", token=token)

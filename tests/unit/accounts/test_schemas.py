"""Account bodies: e-mail normalisation and password rules."""

import pytest
from pydantic import ValidationError

from workbench.accounts.passwords import Argon2Hasher, password_problem
from workbench.accounts.schemas import AppSettingsBody, OrgInviteBody, SignUpBody, normalise_email

FAST = {
    "workbench.password.argon2.time_cost": "1",
    "workbench.password.argon2.memory_cost": "1024",
    "workbench.password.argon2.parallelism": "1",
}


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("a@example.com", "a@example.com"),
        (" Ann.Lee@Example.COM ", "ann.lee@example.com"),
        ("x+tag@sub.example.org", "x+tag@sub.example.org"),
    ],
)
def test_normalise_email(value, expected):
    assert normalise_email(value) == expected


@pytest.mark.parametrize("value", ["", "plain", "a@", "@b.com", "a b@c.com", "a@b..com", "a@@b.com"])
def test_invalid_email(value):
    with pytest.raises(ValueError, match="Invalid email address"):
        normalise_email(value)


def test_password_problem():
    assert password_problem("1234567") == "Password must be at least 8 characters long"
    assert password_problem("1234567890ab") is None
    assert password_problem("x" * 1024) is None
    assert password_problem("x" * 1025) == "Password must be at most 1024 characters long"


def test_signup_body():
    body = SignUpBody.model_validate({"email": "A@Example.com", "password": "1234567890ab", "extra": 1})
    assert body.email == "a@example.com"
    assert body.token is None
    with pytest.raises(ValidationError):
        SignUpBody.model_validate({"email": "a@example.com", "password": "short"})
    with pytest.raises(ValidationError):
        SignUpBody.model_validate({"email": "a@example.com", "password": "1234567890ab", "token": "t" * 65})


def test_org_roles_are_restricted():
    assert OrgInviteBody.model_validate({"email": "a@example.com"}).roles == "org-level-viewer"
    with pytest.raises(ValidationError):
        OrgInviteBody.model_validate({"email": "a@example.com", "roles": "super"})
    with pytest.raises(ValidationError):
        AppSettingsBody.model_validate({"signup_role": "super"})


def test_hasher_round_trip():
    hasher = Argon2Hasher(FAST)
    hashed = hasher.hash("correct horse")
    assert hashed.startswith("$argon2id$")
    assert "correct horse" not in hashed
    assert hasher.verify(hashed, "correct horse")
    assert not hasher.verify(hashed, "wrong horse")
    assert not hasher.verify(None, "correct horse")
    assert not hasher.verify("not a hash", "correct horse")
    assert not hasher.needs_rehash(hashed)
    # Stronger defaults than the fast test parameters: a sign-in would rehash.
    assert Argon2Hasher().needs_rehash(hashed)


def test_hasher_spends_a_real_check_without_a_hash(monkeypatch):
    hasher = Argon2Hasher(FAST)
    calls = []
    real = hasher._check
    monkeypatch.setattr(hasher, "_check", lambda h, p: calls.append(h) or real(h, p))
    assert not hasher.verify(None, "anything")
    assert not hasher.verify("", "anything")
    assert len(calls) == 2
    assert calls[0].startswith("$argon2id$")
    assert calls[0] == calls[1]  # one dummy hash, made once

"""Invitations and e-mail verification: an address counts as verified only when a link
mailed to it was followed. With a mailer that delivers, an invitation's sign-up link goes
to the invited address alone (in the inviter's language) and signing up with it verifies
the address; without one the inviter gets the link to pass on and the account it creates
stays unverified. Ordinary sign-ups get a verification link by mail."""

from __future__ import annotations

import datetime as dt
import hashlib
from urllib.parse import unquote

import jwt
import pytest
from workbench_plugins.mail.log import LogMailer

from workbench.testing.mail import mail_settings, memory_mail_plugin

PROJECTS = "/api/v1/db/meta/projects"
ME = "/api/v1/auth/user/me"
VALIDATE = "/api/v1/auth/email/validate/"
RESEND = "/api/v1/auth/email/verification"
SITE = "http://workbench.example"


def build(make_client, delivers: bool):
    plugin, outbox = memory_mail_plugin(delivers=delivers)
    client = make_client(**{**mail_settings(plugin), "workbench.site_url": SITE})
    client.outbox = outbox
    client.admin = client.signup("admin@example.com")
    outbox.clear()
    return client


@pytest.fixture
def mailed(make_client):
    """A server whose mailer delivers mail."""
    return build(make_client, delivers=True)


@pytest.fixture
def unmailed(make_client):
    """A server without a mailer that reaches people (the log mailer in production)."""
    return build(make_client, delivers=False)


def me(client, token):
    return client.get(ME, headers=client.auth(token)).json


def invite_member(client, email, **headers):
    project = client.create_project(client.admin, "Shared")
    res = client.post_json(
        f"{PROJECTS}/{project['id']}/users",
        {"email": email, "roles": "editor"},
        headers=client.auth(client.admin, **headers),
    )
    return project, res.json


def test_the_inviter_never_sees_a_mailed_token(mailed):
    project, res = invite_member(mailed, "guest@example.com")
    assert res == {"msg": "The user has been invited successfully", "email": "guest@example.com"}
    listed = mailed.get(f"{PROJECTS}/{project['id']}/users", headers=mailed.auth(mailed.admin)).json
    [guest] = [u for u in listed["users"]["list"] if u["email"] == "guest@example.com"]
    assert (guest["invite_pending"], guest["invite_token"]) == (True, None)
    org = mailed.post_json("/api/v1/users", {"email": "org@example.com"}, headers=mailed.auth(mailed.admin)).json
    assert set(org) == {"msg", "email", "id"}
    several = mailed.post_json(
        f"{PROJECTS}/{project['id']}/users",
        {"email": "a@example.com,b@example.com", "roles": "viewer"},
        headers=mailed.auth(mailed.admin),
    ).json
    assert [i["invite_token"] for i in several["invites"]] == [None, None]
    assert sorted(m.to for m in mailed.outbox) == [
        "a@example.com",
        "b@example.com",
        "guest@example.com",
        "org@example.com",
    ]


def test_a_mailed_invitation_verifies_the_address_it_reaches(mailed):
    invite_member(mailed, "guest@example.com")
    [mail] = mailed.outbox.to("guest@example.com")
    assert mail.subject == "admin@example.com invited you to Workbench"
    assert f"{SITE}/signup/" in mail.text
    assert "within 30 days" in mail.text
    token = mailed.signup("guest@example.com", token=mailed.outbox.link_token("guest@example.com", "signup"))
    assert me(mailed, token)["email_verified"] is True
    # No verification mail is needed after that.
    assert len(mailed.outbox.to("guest@example.com")) == 1


def test_the_invitation_mail_is_in_the_inviters_language(mailed):
    invite_member(mailed, "gast@example.com", **{"xc-lang": "de"})
    [mail] = mailed.outbox.to("gast@example.com")
    assert mail.subject == "admin@example.com hat Sie zu Workbench eingeladen"
    assert "innerhalb von 30 Tagen" in mail.text


def test_without_a_mailer_the_inviter_passes_the_link_on_and_the_account_stays_unverified(unmailed):
    project, res = invite_member(unmailed, "guest@example.com")
    assert set(res) == {"msg", "invite_token", "email"}
    listed = unmailed.get(f"{PROJECTS}/{project['id']}/users", headers=unmailed.auth(unmailed.admin)).json
    [guest] = [u for u in listed["users"]["list"] if u["email"] == "guest@example.com"]
    assert guest["invite_token"] == res["invite_token"]
    token = unmailed.signup("guest@example.com", token=res["invite_token"])
    user = me(unmailed, token)
    assert (user["email_verified"], user["roles"]) == (False, {"org-level-viewer": True})
    # Nothing that proves the address can be sent either.
    refused = unmailed.post_json(RESEND, headers=unmailed.auth(token), status=400)
    assert refused.json == {"msg": "Email is not configured on this server, so no verification link can be sent"}
    org = unmailed.post_json("/api/v1/users", {"email": "org@example.com"}, headers=unmailed.auth(unmailed.admin))
    assert org.json["invite_token"]


def test_a_sign_up_is_verified_by_the_link_mailed_to_it(mailed):
    body = {"email": "ann@example.com", "password": "correct horse battery", "firstname": "Ann"}
    token = mailed.post_json("/api/v1/auth/user/signup", body, headers={"xc-lang": "fr"}).json["token"]
    assert me(mailed, token)["email_verified"] is False
    [mail] = mailed.outbox.to("ann@example.com")
    assert mail.subject == "Confirmez votre adresse e-mail pour Workbench"
    assert "Bonjour Ann" in mail.text
    link = unquote(mailed.outbox.link_token("ann@example.com", "verify-email"))
    assert mailed.post_json(VALIDATE + link).json == {"msg": "Your email address has been verified"}
    assert me(mailed, token)["email_verified"] is True
    mailed.post_json(VALIDATE + link)  # following it again is harmless
    assert mailed.post_json(RESEND, headers=mailed.auth(token)).json == {
        "msg": "Your email address is already verified"
    }


def test_a_new_verification_link_can_be_asked_for(mailed):
    token = mailed.signup("ann@example.com")
    assert mailed.post_json(RESEND, headers=mailed.auth(token)).json == {
        "msg": "A verification link has been sent to your email address"
    }
    assert len(mailed.outbox.to("ann@example.com")) == 2
    mailed.post_json(RESEND, status=401)


def _forged(claims, secret="test-secret-" + "x" * 40):
    key = hashlib.sha256(f"email-verification:{secret}".encode()).digest()
    return jwt.encode(claims, key, algorithm="HS256")


def test_bad_verification_links_are_refused(mailed):
    token = mailed.signup("ann@example.com")
    user_id = me(mailed, token)["id"]
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=1)
    invalid = {"msg": "This email verification link is not valid; sign in and ask for a new one"}
    cases = [
        ("not-a-token", invalid),
        (
            _forged(
                {"sub": user_id, "email": "ann@example.com", "purpose": "email-verification", "exp": later}, "y" * 52
            ),
            invalid,
        ),
        (_forged({"sub": user_id, "email": "bob@example.com", "purpose": "email-verification", "exp": later}), invalid),
        (_forged({"sub": user_id, "email": "ann@example.com", "purpose": "other", "exp": later}), invalid),
        (
            _forged(
                {
                    "sub": user_id,
                    "email": "ann@example.com",
                    "purpose": "email-verification",
                    "exp": later - dt.timedelta(days=2),
                }
            ),
            {"msg": "This email verification link has expired; sign in and ask for a new one"},
        ),
        ("x" * 2000, invalid),
    ]
    for link, expected in cases:
        assert mailed.post_json(VALIDATE + link, status=400).json == expected
    assert me(mailed, token)["email_verified"] is False
    # An access token is no verification link, and a verification link is no access token.
    mailed.post_json(VALIDATE + token, status=400)
    link = unquote(mailed.outbox.link_token("ann@example.com", "verify-email"))
    assert mailed.get(ME, headers=mailed.auth(link)).json["id"] is None  # a guest


def test_the_log_mailer_delivers_only_in_development():
    assert LogMailer({"workbench.env": "development"}).delivers is True
    assert LogMailer({"workbench.env": "production"}).delivers is False

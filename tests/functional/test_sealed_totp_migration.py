"""Migration 0014 on every dialect: TOTP secrets stored in the clear by the previous
revision are encrypted under the app's secret (and decrypted on the way back); users of the
upgraded database sign in with their authenticator's codes as before. The migration refuses
to run without the app's secret when there are secrets to encrypt."""

import datetime as dt

import pyotp
import pytest
import sqlalchemy as sa

from workbench.accounts.passwords import Argon2Hasher
from workbench.meta.migrate import NO_SECRET, downgrade, upgrade
from workbench.security import sealing
from workbench.testing.app import TEST_SECRET, make_app, wipe_meta
from workbench.testing.client import DEFAULT_PASSWORD, Client
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects

SECRET = pyotp.random_base32()


def _stored(url) -> dict:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT email, totp_secret FROM wb_users ORDER BY email")).all()
    finally:
        engine.dispose()
    return dict(rows)


def _add_users(url) -> None:
    engine = sa.create_engine(url)
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    users = sa.Table("wb_users", sa.MetaData(), autoload_with=engine)
    common = {
        "password_hash": Argon2Hasher({}).hash(DEFAULT_PASSWORD),
        "token_version": 1,
        "email_verified": True,
        "invite_mailed": False,
        "blocked": False,
        "created_at": now,
        "updated_at": now,
    }
    try:
        with engine.begin() as conn:
            conn.execute(
                users.insert(),
                [
                    {"id": "us_1", "email": "on@example.com", "roles": "super", "totp_secret": SECRET,
                     "totp_enabled": True, **common},
                    {"id": "us_2", "email": "off@example.com", "roles": "org-level-creator", "totp_secret": None,
                     "totp_enabled": False, **common},
                ],
            )  # fmt: skip
    finally:
        engine.dispose()


def test_sealed_totp_secrets_migration(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0013")
        _add_users(url)
        with pytest.raises(RuntimeError, match="needs the app's secret"):
            upgrade(url, "0014")
        assert NO_SECRET.startswith("this migration needs")
        assert _stored(url) == {"off@example.com": None, "on@example.com": SECRET}

        upgrade(url, "0014", secret=TEST_SECRET)
        stored = _stored(url)
        assert stored["off@example.com"] is None
        assert SECRET not in stored["on@example.com"]
        assert sealing.unseal(TEST_SECRET, "totp-secret", stored["on@example.com"]) == SECRET
        downgrade(url, "0013", secret=TEST_SECRET)
        assert _stored(url) == {"off@example.com": None, "on@example.com": SECRET}
        upgrade(url, "0014", secret=TEST_SECRET)

        app = make_app(url, tmp_path / "data")
        try:
            client = Client(app)
            body = client.post_json(
                "/api/v1/auth/user/signin", {"email": "on@example.com", "password": DEFAULT_PASSWORD}
            ).json
            assert body["twoFactorRequired"] is True
            token = client.post_json(
                "/api/v1/auth/user/signin/2fa", {"challenge": body["challenge"], "code": pyotp.TOTP(SECRET).now()}
            ).json["token"]
            me = client.get("/api/v1/auth/user/me", headers=client.auth(token)).json
            assert (me["email"], me["two_factor_enabled"]) == ("on@example.com", True)
            # A new setup is stored sealed too.
            other = client.signin("off@example.com")
            new = client.post_json("/api/v1/auth/2fa/setup", {}, headers=client.auth(other)).json["secret"]
            kept = _stored(url)["off@example.com"]
            assert new not in kept
            assert sealing.unseal(TEST_SECRET, "totp-secret", kept) == new
        finally:
            wipe_meta(app)
            app.registry["db_engine"].dispose()
    finally:
        drop_database(url)

"""Migration 0012 on every dialect: users made by the previous code gain two-factor sign-in,
off; the recovery codes' table comes and goes with it; the upgraded database signs its users
in with their password alone (sessions from before go on), and they can turn two-factor
sign-in on."""

import datetime as dt

import pyotp
import pytest
import sqlalchemy as sa

from workbench.accounts.passwords import Argon2Hasher
from workbench.meta.migrate import downgrade, upgrade
from workbench.security.tokens import token_hash
from workbench.testing.app import make_app, wipe_meta
from workbench.testing.client import DEFAULT_PASSWORD, Client
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects

OLD_TOKEN = "f" * 80


def _columns(url, name):
    engine = sa.create_engine(url)
    try:
        inspector = sa.inspect(engine)
        if name not in inspector.get_table_names():
            return None
        return {c["name"] for c in inspector.get_columns(name)}
    finally:
        engine.dispose()


def test_two_factor_migration(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0011")
        engine = sa.create_engine(url)
        now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
        meta = sa.MetaData()
        users = sa.Table("wb_users", meta, autoload_with=engine)
        tokens = sa.Table("wb_refresh_tokens", meta, autoload_with=engine)
        with engine.begin() as conn:
            conn.execute(
                users.insert().values(
                    id="us_1",
                    email="old@example.com",
                    password_hash=Argon2Hasher({}).hash(DEFAULT_PASSWORD),
                    roles="super,org-level-creator",
                    token_version=1,
                    email_verified=True,
                    invite_mailed=False,
                    blocked=False,
                    created_at=now,
                    updated_at=now,
                )
            )
            conn.execute(
                tokens.insert().values(
                    id="rt_0",
                    user_id="us_1",
                    token_hash=token_hash(OLD_TOKEN),
                    expires_at=now + dt.timedelta(days=1),
                    created_at=now,
                    family_id="rt_0",
                )
            )
        engine.dispose()
        assert _columns(url, "wb_recovery_codes") is None
        upgrade(url, "0012")
        assert {"totp_secret", "totp_enabled", "totp_last_step"} <= _columns(url, "wb_users")
        assert {"id", "user_id", "code_hash", "used_at", "created_at"} == _columns(url, "wb_recovery_codes")
        downgrade(url, "0011")
        assert "totp_enabled" not in _columns(url, "wb_users")
        assert _columns(url, "wb_recovery_codes") is None
        upgrade(url, "0012")
        app = make_app(url, tmp_path / "data")
        try:
            client = Client(app)
            # The users' other rows went through the upgrade and the downgrade untouched:
            # the session from before still refreshes.
            client.set_cookie("refresh_token", OLD_TOKEN)
            assert client.post("/api/v1/auth/token/refresh").json["token"]
            token = client.signin("old@example.com")
            me = client.get("/api/v1/auth/user/me", headers=client.auth(token)).json
            assert me["two_factor_enabled"] is False
            assert me["two_factor_required"] is False
            secret = client.post_json("/api/v1/auth/2fa/setup", {}, headers=client.auth(token)).json["secret"]
            enabled = client.post_json(
                "/api/v1/auth/2fa/enable", {"code": pyotp.TOTP(secret).now()}, headers=client.auth(token)
            )
            assert len(enabled.json["recoveryCodes"]) == 10
            body = client.post_json(
                "/api/v1/auth/user/signin", {"email": "old@example.com", "password": DEFAULT_PASSWORD}
            ).json
            assert body["twoFactorRequired"] is True
        finally:
            wipe_meta(app)
            app.registry["db_engine"].dispose()
    finally:
        drop_database(url)

"""Migration 0008 on every dialect: refresh tokens gain family_id and used_at; a token
issued before it starts a family of its own and still refreshes after the upgrade."""

import datetime as dt

import pytest
import sqlalchemy as sa

from workbench.meta.migrate import downgrade, upgrade
from workbench.security.tokens import token_hash
from workbench.testing.app import make_app, wipe_meta
from workbench.testing.client import Client
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects

OLD_TOKEN = "f" * 80


def _rows(url, name):
    engine = sa.create_engine(url)
    try:
        table = sa.Table(name, sa.MetaData(), autoload_with=engine)
        with engine.connect() as conn:
            return [dict(row._mapping) for row in conn.execute(sa.select(table).order_by(table.c.id))]
    finally:
        engine.dispose()


def test_refresh_token_families_migration(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0007")
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
                    roles="super,org-level-creator",
                    token_version=1,
                    email_verified=False,
                    invite_mailed=False,
                    blocked=False,
                    created_at=now,
                    updated_at=now,
                )
            )
            for n, token in enumerate((OLD_TOKEN, "e" * 80)):
                conn.execute(
                    tokens.insert().values(
                        id=f"rt_{n}",
                        user_id="us_1",
                        token_hash=token_hash(token),
                        expires_at=now + dt.timedelta(days=1),
                        created_at=now,
                    )
                )
        engine.dispose()
        upgrade(url, "0008")
        rows = _rows(url, "wb_refresh_tokens")
        assert [(r["id"], r["family_id"], r["used_at"]) for r in rows] == [
            ("rt_0", "rt_0", None),
            ("rt_1", "rt_1", None),
        ]
        downgrade(url, "0007")
        assert "family_id" not in _rows(url, "wb_refresh_tokens")[0]
        upgrade(url, "0008")
        # The upgraded database serves: the old cookie refreshes into its own family.
        app = make_app(url, tmp_path / "data")
        try:
            client = Client(app)
            client.set_cookie("refresh_token", OLD_TOKEN)
            assert client.post("/api/v1/auth/token/refresh").json["token"]
            families = {r["id"]: r["family_id"] for r in _rows(url, "wb_refresh_tokens")}
            assert len(families) == 3
            assert sorted(families.values()) == ["rt_0", "rt_0", "rt_1"]
        finally:
            wipe_meta(app)
            app.registry["db_engine"].dispose()
    finally:
        drop_database(url)

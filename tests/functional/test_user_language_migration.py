"""Migration 0013 on every dialect, from a database revision 0012 made: wb_users gains
lang, empty for the accounts there (their mails keep the language of the request that
sends them until they choose one); down and up again."""

import datetime as dt

import pytest
import sqlalchemy as sa

from workbench.meta.migrate import downgrade, upgrade
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects


def _users(engine):
    return sa.Table("wb_users", sa.MetaData(), autoload_with=engine)


def test_user_language_migration_up_down_up(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0012")
        engine = sa.create_engine(url)
        now = dt.datetime(2026, 1, 1)
        with engine.begin() as conn:
            conn.execute(
                _users(engine)
                .insert()
                .values(
                    id="us_1",
                    email="ada@example.com",
                    roles="org-level-viewer",
                    token_version=1,
                    email_verified=True,
                    blocked=False,
                    invite_mailed=False,
                    totp_enabled=False,
                    created_at=now,
                    updated_at=now,
                )
            )
        engine.dispose()

        upgrade(url, "0013")
        engine = sa.create_engine(url)
        users = _users(engine)
        with engine.begin() as conn:
            row = conn.execute(sa.select(users)).mappings().one()
            assert (row["email"], row["lang"]) == ("ada@example.com", None)
            conn.execute(users.update().values(lang="zh-Hant"))
            assert conn.execute(sa.select(users.c.lang)).scalar_one() == "zh-Hant"
        engine.dispose()

        downgrade(url, "0012")
        engine = sa.create_engine(url)
        assert "lang" not in {c["name"] for c in sa.inspect(engine).get_columns("wb_users")}
        engine.dispose()
        upgrade(url, "0013")
    finally:
        drop_database(url)

"""Migration 0011 on every dialect, from a database revision 0010 made: wb_users gains
display_name (empty: the name shown stays first and last name) and avatar_digest, and
wb_user_avatars holds images of up to a megabyte; down and up again."""

import datetime as dt

import pytest
import sqlalchemy as sa

from workbench.meta.migrate import downgrade, upgrade
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects


def _table(engine, name):
    return sa.Table(name, sa.MetaData(), autoload_with=engine)


def test_user_profile_migration_up_down_up(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0010")
        engine = sa.create_engine(url)
        now = dt.datetime(2026, 1, 1)
        with engine.begin() as conn:
            conn.execute(
                _table(engine, "wb_users")
                .insert()
                .values(
                    id="us_1",
                    email="ada@example.com",
                    firstname="Ada",
                    roles="org-level-viewer",
                    token_version=1,
                    email_verified=True,
                    blocked=False,
                    invite_mailed=False,
                    created_at=now,
                    updated_at=now,
                )
            )
        engine.dispose()

        upgrade(url, "0011")
        engine = sa.create_engine(url)
        users = _table(engine, "wb_users")
        avatars = _table(engine, "wb_user_avatars")
        image = b"\x89PNG" + b"\x01" * (1024 * 1024)
        with engine.begin() as conn:
            row = conn.execute(sa.select(users)).mappings().one()
            assert (row["firstname"], row["display_name"], row["avatar_digest"]) == ("Ada", None, None)
            conn.execute(avatars.insert().values(user_id="us_1", mimetype="image/png", data=image, updated_at=now))
        with engine.connect() as conn:
            assert conn.execute(sa.select(avatars.c.data)).scalar_one() == image
        engine.dispose()

        downgrade(url, "0010")
        engine = sa.create_engine(url)
        assert "wb_user_avatars" not in sa.inspect(engine).get_table_names()
        assert "display_name" not in {c["name"] for c in sa.inspect(engine).get_columns("wb_users")}
        engine.dispose()
        upgrade(url, "0011")
    finally:
        drop_database(url)

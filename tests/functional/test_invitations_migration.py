"""Migration 0007 on every dialect: wb_users gains invite_mailed, and addresses marked
verified before it (by an invitation token the inviter was handed too) become unverified."""

import datetime as dt

import pytest
import sqlalchemy as sa

from workbench.meta.migrate import downgrade, upgrade
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects


def _users(url):
    engine = sa.create_engine(url)
    try:
        table = sa.Table("wb_users", sa.MetaData(), autoload_with=engine)
        with engine.connect() as conn:
            return [dict(row._mapping) for row in conn.execute(sa.select(table).order_by(table.c.id))]
    finally:
        engine.dispose()


def test_invite_mailed_migration_up_down_up(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0006")
        engine = sa.create_engine(url)
        now = dt.datetime(2026, 1, 1)
        users = sa.Table("wb_users", sa.MetaData(), autoload_with=engine)
        with engine.begin() as conn:
            for n, verified in enumerate((True, False)):
                conn.execute(
                    users.insert().values(
                        id=f"us_{n}",
                        email=f"u{n}@example.com",
                        roles="org-level-viewer",
                        token_version=1,
                        email_verified=verified,
                        blocked=False,
                        created_at=now,
                        updated_at=now,
                    )
                )
        engine.dispose()
        upgrade(url, "0007")
        assert [(u["email_verified"], u["invite_mailed"]) for u in _users(url)] == [(False, False), (False, False)]
        downgrade(url, "0006")
        assert "invite_mailed" not in _users(url)[0]
        upgrade(url, "0007")
    finally:
        drop_database(url)

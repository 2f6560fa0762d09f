"""Migration 0004 (views: share, settings; shared bases) on every dialect: up, down, up."""

import pytest
import sqlalchemy as sa

from workbench.meta.migrate import downgrade, upgrade
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects


def _columns(url, table):
    engine = sa.create_engine(url)
    try:
        inspector = sa.inspect(engine)
        if table not in inspector.get_table_names():
            return None
        return {c["name"] for c in inspector.get_columns(table)}
    finally:
        engine.dispose()


def test_views_migration_up_down_up(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0004")
        assert {"uuid", "password_hash", "settings", "created_by"} <= _columns(url, "wb_views")
        assert "meta" in _columns(url, "wb_view_columns")
        assert _columns(url, "wb_shared_bases") == {
            "project_id",
            "uuid",
            "roles",
            "password_hash",
            "created_at",
            "updated_at",
        }
        downgrade(url, "0003")
        assert "uuid" not in _columns(url, "wb_views")
        assert _columns(url, "wb_shared_bases") is None
        upgrade(url, "0004")
        assert "settings" in _columns(url, "wb_views")
    finally:
        drop_database(url)

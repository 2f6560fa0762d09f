"""Migration 0010 on every dialect: a database made by 0009, with a project and a table,
gains the hook tables; a hook, its filter and its log go with their table; down and up
again."""

import datetime as dt

import pytest
import sqlalchemy as sa

from tests.functional.comments.test_comments_migration import _arrange, _insert
from workbench.meta.migrate import downgrade, upgrade
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects
NOW = dt.datetime(2026, 1, 1)
TABLES = {"wb_hooks", "wb_hook_filters", "wb_hook_logs", "wb_hook_outbox"}


def _count(conn, table):
    return conn.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar()


def test_hooks_migration_up_down_up(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0009")
        engine = sa.create_engine(url)
        _arrange(engine)
        upgrade(url, "0010")
        stamps = {"created_at": NOW, "updated_at": NOW}
        _insert(
            engine,
            "wb_hooks",
            id="hk_1",
            project_id="p_1",
            table_id="md_1",
            title="On insert",
            event="after",
            operation="insert",
            version="v2",
            active=True,
            condition=False,
            notification='{"type":"URL","payload":{"path":"https://example.com"}}',
            **stamps,
        )
        _insert(engine, "wb_hook_filters", id="hf_1", hook_id="hk_1", logical_op="and", is_group=True, **stamps)
        _insert(
            engine,
            "wb_hook_logs",
            id="hl_1",
            hook_id="hk_1",
            event_id="e1",
            type="URL",
            operation="insert",
            attempt=1,
            status="success",
            duration_ms=3,
            test_call=False,
            created_at=NOW,
        )
        _insert(
            engine, "wb_hook_outbox", id="e2", hook_id="hk_1", payload="{}", attempts=0, next_at=NOW, created_at=NOW
        )
        with engine.begin() as conn:
            if dialect == "sqlite":
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.execute(sa.text("DELETE FROM wb_tables WHERE id = 'md_1'"))
            assert [_count(conn, t) for t in ("wb_hooks", "wb_hook_filters", "wb_hook_logs")] == [0, 0, 0]
        engine.dispose()
        downgrade(url, "0009")
        engine = sa.create_engine(url)
        assert not TABLES & set(sa.inspect(engine).get_table_names())
        engine.dispose()
        upgrade(url, "0010")
        engine = sa.create_engine(url)
        assert set(sa.inspect(engine).get_table_names()) >= TABLES
        engine.dispose()
    finally:
        drop_database(url)

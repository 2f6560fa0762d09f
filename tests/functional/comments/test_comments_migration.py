"""Migration 0009 on every dialect: a database made by 0008, with a project, a table and a
user, gains wb_comments; a comment then goes with its table and outlives its author."""

import datetime as dt

import pytest
import sqlalchemy as sa

from workbench.meta.migrate import downgrade, upgrade
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects
NOW = dt.datetime(2026, 1, 1)


def _insert(engine, name, **values):
    table = sa.Table(name, sa.MetaData(), autoload_with=engine)
    with engine.begin() as conn:
        conn.execute(table.insert().values(**values))


def _arrange(engine):
    stamps = {"created_at": NOW, "updated_at": NOW}
    _insert(
        engine,
        "wb_users",
        id="us_1",
        email="a@example.com",
        roles="org-level-viewer",
        token_version=1,
        email_verified=True,
        blocked=False,
        invite_mailed=False,
        **stamps,
    )
    _insert(engine, "wb_projects", id="p_1", title="Old", **_defaults(engine, "wb_projects", stamps))
    _insert(engine, "wb_sources", id="s_1", project_id="p_1", **_defaults(engine, "wb_sources", stamps))
    _insert(
        engine,
        "wb_tables",
        id="md_1",
        project_id="p_1",
        source_id="s_1",
        title="T",
        table_name="t",
        **_defaults(engine, "wb_tables", stamps),
    )


def _defaults(engine, name, stamps):
    """Values for the table's other NOT NULL columns without a server default."""
    table = sa.Table(name, sa.MetaData(), autoload_with=engine)
    given = {"id", "title", "project_id", "source_id", "table_name"}
    values = {}
    for column in table.columns:
        if column.name in given or column.nullable or column.server_default is not None:
            continue
        if column.name in stamps:
            values[column.name] = stamps[column.name]
        elif isinstance(column.type, sa.Boolean):
            values[column.name] = False
        elif isinstance(column.type, (sa.Integer, sa.Numeric)):
            values[column.name] = 0
        else:
            values[column.name] = "x"
    return values


def test_comments_migration_up_down_up(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0008")
        engine = sa.create_engine(url)
        _arrange(engine)
        upgrade(url, "0009")
        _insert(
            engine,
            "wb_comments",
            id="cm_1",
            project_id="p_1",
            table_id="md_1",
            row_id="1",
            user_id="us_1",
            created_by_email="a@example.com",
            body="hello",
            created_at=NOW,
            updated_at=NOW,
        )
        if dialect == "sqlite":
            with engine.begin() as conn:
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.exec_driver_sql("DELETE FROM wb_users WHERE id = 'us_1'")
                kept = conn.exec_driver_sql("SELECT user_id, created_by_email FROM wb_comments").all()
                conn.exec_driver_sql("DELETE FROM wb_tables WHERE id = 'md_1'")
                left = conn.exec_driver_sql("SELECT count(*) FROM wb_comments").scalar()
        else:
            with engine.begin() as conn:
                conn.execute(sa.text("DELETE FROM wb_users WHERE id = 'us_1'"))
                kept = conn.execute(sa.text("SELECT user_id, created_by_email FROM wb_comments")).all()
                conn.execute(sa.text("DELETE FROM wb_tables WHERE id = 'md_1'"))
                left = conn.execute(sa.text("SELECT count(*) FROM wb_comments")).scalar()
        assert [tuple(r) for r in kept] == [(None, "a@example.com")]
        assert left == 0
        engine.dispose()
        downgrade(url, "0008")
        engine = sa.create_engine(url)
        assert "wb_comments" not in sa.inspect(engine).get_table_names()
        engine.dispose()
        upgrade(url, "0009")
    finally:
        drop_database(url)

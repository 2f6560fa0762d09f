"""Migration 0018 on every dialect, from a database revision 0014 made: wb_imports gains
claimed_by and claimed_until, empty for the jobs there (free for any process to take);
down and up again."""

import datetime as dt

import pytest
import sqlalchemy as sa

from workbench.meta.migrate import downgrade, upgrade
from workbench.testing.databases import create_database, drop_database

pytestmark = pytest.mark.dialects


def _table(engine, name):
    return sa.Table(name, sa.MetaData(), autoload_with=engine)


def test_import_claims_migration_up_down_up(dialect, tmp_path):
    url = create_database(dialect, tmp_path)
    try:
        upgrade(url, "0014")
        engine = sa.create_engine(url)
        now = dt.datetime(2026, 1, 1)
        with engine.begin() as conn:
            conn.execute(
                _table(engine, "wb_projects").insert().values(id="p_1", title="P", created_at=now, updated_at=now)
            )
            conn.execute(
                _table(engine, "wb_imports")
                .insert()
                .values(
                    id="im_1",
                    project_id="p_1",
                    status="running",
                    type="csv",
                    file_name="a.csv",
                    error_count=0,
                    created_at=now,
                    updated_at=now,
                )
            )
        engine.dispose()

        upgrade(url, "0018")
        engine = sa.create_engine(url)
        jobs = _table(engine, "wb_imports")
        with engine.begin() as conn:
            row = conn.execute(sa.select(jobs)).mappings().one()
            assert (row["id"], row["status"], row["claimed_by"], row["claimed_until"]) == (
                "im_1",
                "running",
                None,
                None,
            )
            conn.execute(jobs.update().values(claimed_by="t" * 32, claimed_until=now))
            assert conn.execute(sa.select(jobs.c.claimed_by, jobs.c.claimed_until)).one() == ("t" * 32, now)
        engine.dispose()

        downgrade(url, "0014")
        engine = sa.create_engine(url)
        columns = {c["name"] for c in sa.inspect(engine).get_columns("wb_imports")}
        assert not {"claimed_by", "claimed_until"} & columns
        engine.dispose()
        upgrade(url, "0018")
    finally:
        drop_database(url)

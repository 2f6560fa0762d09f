"""Import jobs claimed by one process at a time, on every dialect: a process whose lease
passed to another stores nothing more of the job, and the position kept in the project's
database moves on only from where a batch started (the fence against a batch stored
twice)."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from tests.functional.data.test_imports import count, people_csv, start, upload
from workbench.imports import progress
from workbench.imports.context import JobRequest
from workbench.imports.run import run_job
from workbench.imports.runner import JOBS, ImportRunner
from workbench.meta.base import utcnow
from workbench.records.loading import load_table_ref_by_id

pytestmark = pytest.mark.dialects


@pytest.fixture
def runners(data_app, monkeypatch):
    """Two runners on the same meta database, as two processes would have; neither starts
    jobs by itself. Jobs run in batches of 1,000 rows."""
    monkeypatch.setattr("workbench.imports.run.BATCH", 1000)
    monkeypatch.setattr("workbench.imports.run.COPY_CELLS", 0)  # as many rows into PostgreSQL
    here, other = data_app.registry["import_runner"], ImportRunner(data_app.registry)
    here.autostart = other.autostart = False
    yield here, other
    here.autostart = True


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Imports")
    return client, admin, project["id"]


def _expire(data_app, job_id: str) -> None:
    with data_app.registry["db_engine"].begin() as connection:
        past = utcnow() - dt.timedelta(seconds=1)
        connection.execute(sa.update(JOBS).where(JOBS.c.id == job_id).values(claimed_until=past))


def test_a_process_whose_lease_passed_stores_nothing_more(ctx, data_app, runners):
    client, admin, pid = ctx
    here, other = runners
    job = upload(client, admin, pid, people_csv(2500))
    table_id = start(client, admin, job)["tables"][0]["id"]
    assert here.run(job["id"], max_batches=1) == "running"
    assert here._claim(JOBS.c.id == job["id"]) == [job["id"]]
    assert other._claim(JOBS.c.id == job["id"]) == []  # held: not taken
    _expire(data_app, job["id"])  # this process stalls past its lease
    assert other._claim(JOBS.c.id == job["id"]) == [job["id"]]
    assert run_job(data_app.registry, job["id"], token=here.token) == "running"
    assert count(client, admin, table_id) == 1000  # nothing more from the stalled one
    assert other.run(job["id"]) == "done"
    assert count(client, admin, table_id) == 2500


def test_the_position_moves_only_from_where_a_batch_started(ctx, data_app, runners):
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(10))
    table_id = start(client, admin, job)["tables"][0]["id"]
    registry = data_app.registry
    with JobRequest(registry, None) as req:
        source = load_table_ref_by_id(req, table_id).source
    engines = registry["source_engines"]
    assert progress.fenced(source)
    assert progress.stored(engines, source, job["id"], "people", 0, 0) == (0, 0)
    with engines.get(source).begin() as connection:
        progress.advance(connection, job["id"], "people", 0, 1000, 990)
    # A second batch read from the same position (a process that lost the job) is refused.
    with pytest.raises(progress.Lost), engines.get(source).begin() as connection:
        progress.advance(connection, job["id"], "people", 0, 1000, 990)
    assert progress.stored(engines, source, job["id"], "people", 0, 0) == (1000, 990)
    progress.forget(engines, [source], job["id"])
    assert progress.stored(engines, source, job["id"], "people", 7, 7) == (7, 7)
    progress.forget(engines, [source], job["id"])

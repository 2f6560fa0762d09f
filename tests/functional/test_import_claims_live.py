"""Import jobs claimed once across processes: two real servers on one PostgreSQL (meta
and data), the one running a job killed with SIGKILL in the middle of it; the other takes
the job over once its lease has passed and finishes it, every row stored exactly once."""

from __future__ import annotations

import signal
import time

import pytest
import sqlalchemy as sa

from tests.functional.live_api import Api
from workbench.testing.databases import create_database, drop_database
from workbench.testing.server import server_process

V1 = "/api/v1/db/meta"
ROWS = 60_000  # three batches (into PostgreSQL, of 20,000 rows)
# Short leases so that the take-over happens within a few seconds.
SETTINGS = {"workbench.import.lease": "2", "workbench.import.resume_interval": "0.5"}


@pytest.fixture
def pg(tmp_path):
    meta, data = create_database("postgresql", tmp_path), create_database("postgresql", tmp_path)
    yield meta, data
    drop_database(meta)
    drop_database(data)


def _csv() -> bytes:
    return ("Name,Qty\n" + "".join(f"item {i},{i}\n" for i in range(ROWS))).encode()


def _stored(meta_url: str, data_url: str, table_id: str) -> tuple[int, int]:
    meta = sa.create_engine(meta_url)
    with meta.connect() as connection:
        name = connection.scalar(sa.text("SELECT table_name FROM wb_tables WHERE id = :id"), {"id": table_id})
    meta.dispose()
    data = sa.create_engine(data_url)
    try:
        table = sa.Table(name, sa.MetaData(), autoload_with=data)
        column = next(c for c in table.columns if c.name.lower() == "name")
        with data.connect() as connection:
            return connection.execute(sa.select(sa.func.count(), sa.func.count(sa.distinct(column)))).one()
    finally:
        data.dispose()


def _start_job(owner_a):
    pid = owner_a.call("POST", f"{V1}/projects", {"title": "P"})["id"]
    job = owner_a.upload(f"{V1}/projects/{pid}/imports", "items.csv", _csv())
    started = owner_a.call("POST", f"{V1}/imports/{job['id']}/start", {"template": job["template"]}, status=202)
    return job["id"], started["tables"][0]["id"]


def _wait_first_batches(owner, job_id: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if owner.call("GET", f"{V1}/imports/{job_id}")["rows_done"].get("items"):
            return
        time.sleep(0.02)
    raise AssertionError("no batch was stored within 30 s")


def _wait_finished(owner, job_id: str, within: float) -> dict:
    deadline = time.monotonic() + within
    found = owner.call("GET", f"{V1}/imports/{job_id}")
    while found["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.2)
        found = owner.call("GET", f"{V1}/imports/{job_id}")
    return found


def _check_stored_once(owner, meta_url: str, data_url: str, job_id: str, table_id: str) -> None:
    found = owner.call("GET", f"{V1}/imports/{job_id}")
    assert found["status"] == "done", found
    assert found["rows_done"] == {"items": ROWS}
    assert found["error_count"] == 0
    assert owner.call("GET", f"/api/v2/tables/{table_id}/records/count")["count"] == ROWS
    assert _stored(meta_url, data_url, table_id) == (ROWS, ROWS)  # every row once, none twice


def test_a_killed_process_job_is_finished_by_the_other_exactly_once(tmp_path, pg):
    meta_url, data_url = pg
    settings = {**SETTINGS, "workbench.data.url": data_url}
    folder = tmp_path / "data"
    with (
        server_process(folder, meta_url, **settings) as (proc_a, base_a),
        server_process(folder, meta_url, **settings) as (_proc_b, base_b),
    ):
        owner_a = Api(base_a).signup("owner@example.com")
        owner_b = Api(base_b, owner_a.token)
        job_id, table_id = _start_job(owner_a)
        # A runs the job; once its first batches are stored, it is killed mid-job.
        _wait_first_batches(owner_b, job_id)
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait(timeout=10)
        at_kill = owner_b.call("GET", f"{V1}/imports/{job_id}")
        assert at_kill["status"] == "running", at_kill
        assert 0 < at_kill["rows_done"]["items"] < ROWS
        # B takes it over within 30 seconds and finishes it.
        _wait_finished(owner_b, job_id, 30)
        _check_stored_once(owner_b, meta_url, data_url, job_id, table_id)
    # The job's progress rows are gone from the project's database with the job.
    data = sa.create_engine(data_url)
    with data.connect() as connection:
        assert connection.scalar(sa.text("SELECT count(*) FROM wb_import_progress")) == 0
    data.dispose()


def test_a_stopped_process_gives_its_job_back_at_once(tmp_path, pg):
    """SIGTERM stops a server gracefully: its job stops after a batch and gives its claim
    back, and the next process resumes it at once, long before the (here 120 s) lease
    would have passed."""
    meta_url, data_url = pg
    settings = {**SETTINGS, "workbench.import.lease": "120", "workbench.data.url": data_url}
    folder = tmp_path / "data"
    with server_process(folder, meta_url, **settings) as (proc_a, base_a):
        owner = Api(base_a).signup("owner@example.com")
        job_id, table_id = _start_job(owner)
        _wait_first_batches(owner, job_id)
        proc_a.terminate()
        assert proc_a.wait(timeout=15) == 0  # stopped on its own, not killed
    meta = sa.create_engine(meta_url)
    with meta.connect() as connection:
        status, claimed_by = connection.execute(
            sa.text("SELECT status, claimed_by FROM wb_imports WHERE id = :id"), {"id": job_id}
        ).one()
    meta.dispose()
    assert (status, claimed_by) == ("running", None)
    with server_process(folder, meta_url, **settings) as (_proc_b, base_b):
        owner_b = Api(base_b, owner.token)
        _wait_finished(owner_b, job_id, 30)
        _check_stored_once(owner_b, meta_url, data_url, job_id, table_id)

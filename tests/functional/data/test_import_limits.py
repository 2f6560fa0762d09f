"""The limits of an import: zip-based files that unpack too far, pack too tightly, hold too
many members or cells are refused at upload before they are parsed (or fail their job when a
limit is met later), and a job past its CPU time stops and is undone; each refusal names the
limit and leaves no table, rows, job or stored upload behind."""

from __future__ import annotations

import pytest

from tests.functional.data import bombs
from tests.functional.data.test_imports import V1, count, people_csv, start, upload
from workbench.imports import uploads
from workbench.testing.tables import create_table


@pytest.fixture
def ctx(client, admin, data_app):
    project = client.create_project(admin, "Limits")
    found = Ctx((client, admin, project["id"], data_app.registry.settings))
    found.registry = data_app.registry
    return found


class Ctx(tuple):
    """client, admin, project id, settings; and ``registry``."""


@pytest.fixture
def runner(data_app):
    runner = data_app.registry["import_runner"]
    runner.autostart = False
    yield runner
    runner.autostart = True


def stored_uploads(registry) -> set[str]:
    return set(uploads.stored(registry))


def refused(ctx, content: bytes, name: str) -> str:
    """Upload ``content``: a 400 whose message is answered, with nothing left behind."""
    client, admin, pid, _settings = ctx
    before = stored_uploads(ctx.registry)
    msg = upload(client, admin, pid, content, name=name, status=400)["msg"]
    assert stored_uploads(ctx.registry) == before
    assert client.get(f"{V1}/projects/{pid}/imports", headers=client.auth(admin)).json["list"] == []
    assert client.get(f"{V1}/projects/{pid}/tables", headers=client.auth(admin)).json["list"] == []
    return msg


@pytest.mark.parametrize("ext", ["xlsx", "ods"])
def test_a_tightly_packed_file_is_refused_before_it_is_read(ctx, ext):
    content = bombs.xlsx(4_200_000) if ext == "xlsx" else bombs.ods(1_400_000)
    assert len(content) < 1024 * 1024 < 100 * 1024 * 1024 < bombs.unpacked(content)
    msg = refused(ctx, content, f"bomb.{ext}")
    assert "more than 100 times its packed size" in msg


@pytest.mark.parametrize("ext", ["xlsx", "ods"])
def test_a_file_unpacking_past_the_limit_is_refused(ctx, monkeypatch, ext):
    settings = ctx[3]
    monkeypatch.setitem(settings, "workbench.import.max_unpacked_size", str(10 * 1024 * 1024))
    monkeypatch.setitem(settings, "workbench.import.max_ratio", "100000")
    content = bombs.xlsx(500_000) if ext == "xlsx" else bombs.ods(200_000)
    assert bombs.unpacked(content) > 10 * 1024 * 1024
    assert "more than the limit of 10 MB" in refused(ctx, content, f"big.{ext}")


def test_a_file_of_thousands_of_members_is_refused(ctx):
    msg = refused(ctx, bombs.xlsx(3, extra=5000), "many.xlsx")
    assert "holds 5010 packed files, more than the limit of 2000" in msg


def test_cells_declared_past_the_limit_are_refused(ctx):
    msg = refused(ctx, bombs.xlsx(3, dimension="A1:XFD1048576"), "wide.xlsx")
    assert "more than 10,000,000 cells" in msg


def test_repeated_ods_cells_past_the_limit_are_refused(ctx):
    content = bombs.repeated_ods(30)  # 30 million cells in a few KB
    assert len(content) < 10_000
    assert "more than 10,000,000 cells" in refused(ctx, content, "repeated.ods")


@pytest.mark.parametrize("ext", ["xlsx", "ods"])
def test_cells_read_past_the_limit_are_refused(ctx, monkeypatch, ext):
    monkeypatch.setitem(ctx[3], "workbench.import.max_cells", "1000")
    content = bombs.xlsx(2000) if ext == "xlsx" else bombs.ods(2000)  # no dimension declared
    assert "more than 1,000 cells" in refused(ctx, content, f"cells.{ext}")


def test_reading_past_the_cpu_time_is_refused(ctx, monkeypatch):
    monkeypatch.setitem(ctx[3], "workbench.import.cpu_seconds", "0.000001")
    assert "seconds of processor time" in refused(ctx, people_csv(300), "people.csv")


@pytest.mark.dialects
def test_within_the_limits_a_workbook_imports(ctx, runner):
    client, admin, pid, _settings = ctx
    job = upload(client, admin, pid, bombs.xlsx(2500), name="qty.xlsx")
    assert job["rows_total"]["People"] == 2500
    started = start(client, admin, job)
    assert runner.run(job["id"]) == "done"
    by_title = {t["title"]: t["id"] for t in started["tables"]}
    assert count(client, admin, by_title["People"]) == 2500


def assert_undone(ctx, job_id: str, limit: str) -> None:
    client, admin, _pid, _settings = ctx
    failed = client.get(f"{V1}/imports/{job_id}", headers=client.auth(admin)).json
    assert failed["status"] == "failed"
    assert limit in failed["msg"]
    assert job_id not in stored_uploads(ctx.registry)


@pytest.mark.dialects
def test_a_limit_met_by_the_job_fails_it_and_undoes_it(ctx, runner, monkeypatch):
    client, admin, pid, settings = ctx
    job = upload(client, admin, pid, bombs.xlsx(2500), name="qty.xlsx")
    started = start(client, admin, job)
    monkeypatch.setitem(settings, "workbench.import.max_cells", "1500")
    assert runner.run(job["id"]) == "failed"
    assert_undone(ctx, job["id"], "more than 1,500 cells")
    for table in started["tables"]:
        client.get(f"{V1}/tables/{table['id']}", headers=client.auth(admin), status=404)


@pytest.mark.dialects
@pytest.mark.parametrize("into", ["new", "existing"])
def test_a_job_past_its_cpu_time_is_stopped_and_undone(ctx, runner, monkeypatch, into):
    client, admin, pid, settings = ctx
    table_id = None
    if into == "existing":
        table_id = create_table(client, admin, pid, "Team", [{"title": "Name"}, {"title": "Age"}])["id"]
        client.post_json(f"/api/v2/tables/{table_id}/records", {"Name": "kept"}, headers=client.auth(admin))
    job = upload(client, admin, pid, people_csv(2500), table_id=table_id) if table_id else None
    job = job or upload(client, admin, pid, people_csv(2500))
    started = start(client, admin, job)
    monkeypatch.setitem(settings, "workbench.import.cpu_seconds", "0.000001")
    assert runner.run(job["id"]) == "failed"
    assert_undone(ctx, job["id"], "more than 1e-06 seconds of processor time")
    if table_id:
        assert count(client, admin, table_id) == 1
    else:
        client.get(f"{V1}/tables/{started['tables'][0]['id']}", headers=client.auth(admin), status=404)

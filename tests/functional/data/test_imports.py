"""Import jobs over the API, on every dialect's data source: preview and template, edited
templates, new and existing tables, bad rows, cancel, resume, and the refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.common import accounts
from workbench.imports import uploads
from workbench.imports.models import ImportJob
from workbench.testing.tables import create_table

V1 = "/api/v1/db/meta"
FIXTURES = Path(__file__).resolve().parents[3] / "plugins" / "importers"


def people_csv(count: int = 100, bad: dict | None = None) -> bytes:
    lines = ["Name,Age,Email,Joined,Member,Team"]
    for i in range(1, count + 1):
        age = (bad or {}).get(i, str(20 + i % 50))
        member = "yes" if i % 2 else "no"
        lines.append(f"Person {i},{age},p{i}@example.com,2020-01-{1 + i % 28:02d},{member},{'ab'[i % 2]}")
    return ("\n".join(lines) + "\n").encode()


def upload(client, token, project_id, content: bytes, name="people.csv", status=201, **options):
    fields = [("options", json.dumps(options))] if options else []
    return client.post(
        f"{V1}/projects/{project_id}/imports",
        fields,
        upload_files=[("file", name, content)],
        headers=client.auth(token),
        status=status,
    ).json


def start(client, token, job, status=202, **body):
    body.setdefault("template", job["template"])
    return client.post_json(f"{V1}/imports/{job['id']}/start", body, headers=client.auth(token), status=status).json


def finish(app, client, token, job_id) -> dict:
    app.registry["import_runner"].wait(job_id)
    return client.get(f"{V1}/imports/{job_id}", headers=client.auth(token)).json


def count(client, token, table_id) -> int:
    return client.get(f"/api/v2/tables/{table_id}/records/count", headers=client.auth(token)).json["count"]


def records(client, token, table_id) -> list[dict]:
    res = client.get(f"/api/v2/tables/{table_id}/records", {"limit": 1000}, headers=client.auth(token))
    return res.json["list"]


@pytest.fixture
def runner(data_app, monkeypatch):
    """The app's import runner with autostart off (until the test ends): a started job runs
    only as far as the test runs it, in batches of 1,000 rows."""
    monkeypatch.setattr("workbench.imports.run.BATCH", 1000)
    monkeypatch.setattr("workbench.imports.run.COPY_CELLS", 0)  # as many rows into PostgreSQL
    runner = data_app.registry["import_runner"]
    runner.autostart = False
    yield runner
    runner.autostart = True


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Imports")
    return client, admin, project["id"]


@pytest.mark.dialects
def test_preview_detects_the_template(ctx):
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(30))
    assert job["status"] == "preview"
    assert job["type"] == "csv"
    assert job["file_name"] == "people.csv"
    (table,) = job["template"]["tables"]
    assert table["table_name"] == "people"
    assert table["ref_table_name"] == "people"
    types = {c["column_name"]: c["uidt"] for c in table["columns"]}
    assert types == {
        "Name": "SingleLineText",
        "Age": "Number",
        "Email": "Email",
        "Joined": "Date",
        "Member": "Checkbox",
        "Team": "SingleSelect",
    }
    joined = next(c for c in table["columns"] if c["column_name"] == "Joined")
    assert joined["meta"] == {"date_format": "YYYY-MM-DD"}
    assert next(c for c in table["columns"] if c["column_name"] == "Team")["dtxp"] == "'b','a'"
    assert job["preview"]["people"][0] == ["Person 1", "21", "p1@example.com", "2020-01-02", "yes", "b"]
    assert len(job["preview"]["people"]) == 10
    assert job["rows_total"] == {"people": 30}
    assert job["rows_done"] == {"people": 0}
    listed = client.get(f"{V1}/projects/{pid}/imports", headers=client.auth(admin)).json["list"]
    assert [j["id"] for j in listed] == [job["id"]]


@pytest.mark.dialects
def test_a_hundred_rows_into_a_new_table(ctx, data_app):
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(100))
    started = start(client, admin, job)
    assert started["status"] == "running"
    (made,) = started["tables"]
    done = finish(data_app, client, admin, job["id"])
    assert done["status"] == "done", done
    assert done["rows_done"] == {"people": 100}
    assert done["error_count"] == 0
    rows = records(client, admin, made["id"])
    assert len(rows) == 100
    first = next(r for r in rows if r["Name"] == "Person 1")
    assert first["Age"] == 21
    assert first["Email"] == "p1@example.com"
    assert first["Joined"] == "2020-01-02"
    assert first["Member"] is True
    assert first["Team"] == "b"
    assert next(r for r in rows if r["Name"] == "Person 2")["Member"] is False
    table = client.get(f"{V1}/tables/{made['id']}", headers=client.auth(admin)).json
    assert table["title"] == "people"
    assert [v["type"] for v in table["views"]] in ([3], ["grid"])


@pytest.mark.dialects
def test_edited_template_renames_retypes_and_drops(ctx, data_app):
    client, admin, pid = ctx
    client.post_json(f"{V1}/projects/{pid}/tables", {"title": "people"}, headers=client.auth(admin))
    job = upload(client, admin, pid, people_csv(5))
    template = job["template"]
    table = template["tables"][0]
    columns = {c["column_name"]: c for c in table["columns"]}
    columns["Name"]["column_name"] = "Full name"
    columns["Age"]["uidt"] = "SingleLineText"
    table["columns"] = [c for c in table["columns"] if c["ref_column_name"] != "Email"]
    started = start(client, admin, job, template=template)
    (made,) = started["tables"]
    assert made["title"] == "people_1"  # the project has a "people" already
    assert finish(data_app, client, admin, job["id"])["status"] == "done"
    rows = records(client, admin, made["id"])
    assert rows[0]["Full name"] == "Person 1"
    assert rows[0]["Age"] == "21"
    assert "Email" not in rows[0]


@pytest.mark.dialects
def test_into_an_existing_table_with_a_column_map(ctx, data_app):
    client, admin, pid = ctx
    table = create_table(client, admin, pid, "Staff", [{"title": "Who"}, {"title": "Years", "uidt": "Number"}])
    ids = {c["title"]: c["id"] for c in table["columns"]}
    client.post_json(f"/api/v2/tables/{table['id']}/records", [{"Who": "kept"}], headers=client.auth(admin))
    job = upload(client, admin, pid, people_csv(12), table_id=table["id"])
    assert job["table_id"] == table["id"]
    column_map = {"Name": ids["Who"], "Age": ids["Years"], "Email": None, "Joined": None, "Member": None, "Team": None}
    start(client, admin, job, column_map=column_map)
    done = finish(data_app, client, admin, job["id"])
    assert done["status"] == "done"
    assert done["rows_done"] == {"people": 12}
    assert done["tables"] == [{"id": table["id"], "title": "Staff"}]
    rows = records(client, admin, table["id"])
    assert len(rows) == 13
    assert {k: rows[3][k] for k in ("Who", "Years")} == {"Who": "Person 3", "Years": 23}


@pytest.mark.dialects
def test_bad_rows_are_reported_and_skipped(ctx, data_app):
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(40, bad={5: "five", 30: "x"}))
    template = job["template"]
    age = next(c for c in template["tables"][0]["columns"] if c["column_name"] == "Age")
    age["uidt"] = "Number"  # detection made it text; the user insists
    started = start(client, admin, job, template=template)
    done = finish(data_app, client, admin, job["id"])
    assert done["status"] == "done"
    assert done["rows_done"] == {"people": 38}
    assert done["error_count"] == 2
    found = [(e["row"], e["column"], e["table"]) for e in done["errors"]]
    assert found == [(5, "Age", "people"), (30, "Age", "people")]
    assert all(e["msg"] for e in done["errors"])
    names = {r["Name"] for r in records(client, admin, started["tables"][0]["id"])}
    assert "Person 5" not in names
    assert "Person 6" in names
    assert len(names) == 38


@pytest.mark.dialects
def test_batches_converted_while_the_one_before_is_copied(ctx, dialect, runner, monkeypatch):
    """Into PostgreSQL each batch's values are converted ahead, by the batch before's
    writer, while that one is copied: the same rows and the same report of bad ones."""
    from workbench.imports import run

    ahead = []
    store_ahead = run._store_ahead

    def recorded(*args):
        found = store_ahead(*args)
        ahead.append(found is not None)
        return found

    monkeypatch.setattr(run, "_store_ahead", recorded)
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(3500, bad={2500: "x"}))
    template = job["template"]
    age = next(c for c in template["tables"][0]["columns"] if c["column_name"] == "Age")
    age["uidt"] = "Number"
    started = start(client, admin, job, template=template)
    assert runner.run(job["id"]) == "done"
    done = client.get(f"{V1}/imports/{job['id']}", headers=client.auth(admin)).json
    assert done["rows_done"] == {"people": 3499}
    assert [(e["row"], e["column"]) for e in done["errors"]] == [(2500, "Age")]
    table_id = started["tables"][0]["id"]
    assert count(client, admin, table_id) == 3499
    rows = client.get(
        f"/api/v2/tables/{table_id}/records", {"where": "(Name,eq,Person 3001)"}, headers=client.auth(admin)
    ).json["list"]
    assert [(r["Age"], r["Email"], r["Joined"], r["Member"], r["Team"]) for r in rows] == [
        (20 + 3001 % 50, "p3001@example.com", "2020-01-06", True, "b")
    ]
    if dialect == "postgresql":
        # the first batch converted as it is inserted (no writer yet), the bad
        # one refused ahead (then read row by row as inserted), the last converted ahead
        assert len(ahead) == 4
        assert [ahead[0], ahead[2], ahead[3]] == [False, False, True]
    else:
        assert ahead == []  # SQLite, MariaDB: each batch read when its turn comes


@pytest.mark.dialects
def test_the_insert_listeners_get_each_rows_key(ctx, data_app, monkeypatch):
    from workbench.plugins import notify

    seen = []
    rows_changed = notify.rows_changed

    def recorded(request, table, action, changes):
        seen.append((action, [after for _before, after in changes]))
        return rows_changed(request, table, action, changes)

    monkeypatch.setattr(notify, "rows_changed", recorded)
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(3))
    started = start(client, admin, job)
    assert finish(data_app, client, admin, job["id"])["status"] == "done"
    rows = records(client, admin, started["tables"][0]["id"])
    assert [action for action, _keys in seen] == ["insert"]
    (key,) = seen[0][1][0]  # the key field's title alone
    assert sorted(k[key] for k in seen[0][1]) == sorted(r[key] for r in rows)
    assert len(rows) == 3


@pytest.mark.dialects
def test_cancel_drops_the_new_table(ctx, runner):
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(2500))
    started = start(client, admin, job)
    assert runner.run(job["id"], max_batches=1) == "running"
    progress = client.get(f"{V1}/imports/{job['id']}", headers=client.auth(admin)).json
    assert progress["rows_done"] == {"people": 1000}
    cancelled = client.delete(f"{V1}/imports/{job['id']}", headers=client.auth(admin)).json
    assert cancelled["status"] == "cancelled"
    client.get(f"{V1}/tables/{started['tables'][0]['id']}", headers=client.auth(admin), status=404)
    tables = client.get(f"{V1}/projects/{pid}/tables", headers=client.auth(admin)).json["list"]
    assert tables == []
    # A job that runs after its cancel finds it ended and adds nothing.
    assert runner.run(job["id"]) == "cancelled"


@pytest.mark.dialects
def test_cancel_deletes_the_rows_inserted_into_an_existing_table(ctx, runner):
    client, admin, pid = ctx
    table = create_table(client, admin, pid, "people", [{"title": "Name"}, {"title": "Age", "uidt": "Number"}])
    client.post_json(f"/api/v2/tables/{table['id']}/records", [{"Name": "kept"}], headers=client.auth(admin))
    job = upload(client, admin, pid, people_csv(2100), table_id=table["id"])
    start(client, admin, job)  # matched by title: Name, Age
    runner.run(job["id"], max_batches=2)
    assert count(client, admin, table["id"]) == 2001
    client.delete(f"{V1}/imports/{job['id']}", headers=client.auth(admin))
    assert [r["Name"] for r in records(client, admin, table["id"])] == ["kept"]


@pytest.mark.dialects
def test_an_interrupted_job_resumes_without_duplicates(ctx, data_app, runner):
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(3500))
    started = start(client, admin, job)
    assert runner.run(job["id"], max_batches=2) == "running"  # the server stops here
    assert runner.resume() == [job["id"]]
    done = finish(data_app, client, admin, job["id"])
    assert done["status"] == "done"
    assert done["rows_done"] == {"people": 3500}
    table_id = started["tables"][0]["id"]
    assert count(client, admin, table_id) == 3500
    names = {r["Name"] for r in records(client, admin, table_id)}
    assert len(names) == 1000  # one page of distinct rows


@pytest.mark.dialects
def test_refusals(ctx, data_app):
    client, admin, pid = ctx
    assert upload(client, admin, pid, b"a,b\n1,2\n", name="data.txt", status=400)["msg"].startswith(
        "target file is not an accepted file type: .csv"
    )
    refused = upload(client, admin, pid, b"a\n", name="data.json", status=400, type="csv")["msg"]
    assert refused == "target file is not an accepted file type: .csv"
    assert upload(client, admin, pid, b"", status=400)["msg"] == "The file is empty"
    assert "array of objects" in upload(client, admin, pid, b'{"a": 1}', name="x.json", status=400)["msg"]
    assert upload(client, admin, pid, b"\n\n", status=400)["msg"] == "The file has no columns to import"
    assert "Excel" in upload(client, admin, pid, b"not a workbook", name="x.xlsx", status=400)["msg"]
    job = upload(client, admin, pid, people_csv(3))
    bad = json.loads(json.dumps(job["template"]))
    bad["tables"][0]["table_name"] = "a/b"
    assert "must not contain" in start(client, admin, job, template=bad, status=400)["msg"]
    bad["tables"][0]["table_name"] = "ok"
    bad["tables"][0]["columns"][1]["uidt"] = "Nope"
    assert "Column 'Age' of table 'ok'" in start(client, admin, job, template=bad, status=400)["msg"]
    bad["tables"][0]["columns"][1]["uidt"] = "Number"
    bad["tables"][0]["columns"][1]["column_name"] = "name"
    assert "appears twice" in start(client, admin, job, template=bad, status=400)["msg"]
    table = create_table(client, admin, pid, "Strict", [{"title": "Code", "rqd": True}, {"title": "Name"}])
    job2 = upload(client, admin, pid, people_csv(3), table_id=table["id"])
    assert "Required column 'Code'" in start(client, admin, job2, status=400)["msg"]
    assert client.get(f"{V1}/imports/{job2['id']}", headers=client.auth(admin)).json["status"] == "preview"


@pytest.mark.dialects
def test_roles_and_ownership(ctx):
    client, admin, pid = ctx
    project, tokens = accounts.team(client, admin)
    pid = project["id"]
    table = create_table(client, tokens["owner"], pid, "T", [{"title": "Name"}])
    for role in ("commenter", "viewer"):
        assert "permission" in upload(client, tokens[role], pid, people_csv(2), status=403)["msg"]
    assert "creators" in upload(client, tokens["editor"], pid, people_csv(2), status=403)["msg"]
    into = upload(client, tokens["editor"], pid, people_csv(2), table_id=table["id"])
    mine = upload(client, tokens["creator"], pid, people_csv(2))
    other = client.get(f"{V1}/imports/{mine['id']}", headers=client.auth(tokens["editor"]), status=403).json
    assert other["msg"]
    client.get(f"{V1}/imports/{mine['id']}", headers=client.auth(tokens["owner"]))
    listed = client.get(f"{V1}/projects/{pid}/imports", headers=client.auth(tokens["editor"])).json["list"]
    assert [j["id"] for j in listed] == [into["id"]]
    client.delete(f"{V1}/imports/{mine['id']}", headers=client.auth(tokens["editor"]), status=403)
    cancelled = client.delete(f"{V1}/imports/{mine['id']}", headers=client.auth(tokens["creator"])).json
    assert cancelled["status"] == "cancelled"


def test_too_large_an_upload_is_refused(make_client):
    client = make_client(**{"workbench.import.max_size": "1000"})
    admin = client.signup("admin@example.com")
    pid = client.create_project(admin, "P")["id"]
    res = upload(client, admin, pid, people_csv(100), status=413)
    assert "too large" in res["msg"] or "larger" in res["msg"]
    path = f"/api/v2/meta/bases/{pid}/imports"
    small = client.post(path, upload_files=[("file", "a.csv", b"a,b\n1,2\n")], headers=client.auth(admin), status=201)
    assert small.json["rows_total"] == {"a": 1}


@pytest.mark.dialects
def test_a_fatal_error_fails_the_job_and_undoes_it(ctx, data_app, runner):
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(1500))
    started = start(client, admin, job)
    runner.run(job["id"], max_batches=1)
    uploads.remove(data_app.registry, uploads.stored(data_app.registry)[job["id"]])  # the file is lost mid-way
    assert runner.run(job["id"]) == "failed"
    failed = client.get(f"{V1}/imports/{job['id']}", headers=client.auth(admin)).json
    assert failed["status"] == "failed"
    assert failed["msg"]
    client.get(f"{V1}/tables/{started['tables'][0]['id']}", headers=client.auth(admin), status=404)


def test_the_sweep_removes_old_uploads_and_discards_their_previews(client, admin, data_app):
    pid = client.create_project(admin, "Sweep")["id"]
    job = upload(client, admin, pid, people_csv(3))
    registry = data_app.registry
    assert job["id"] in uploads.stored(registry)
    runner = data_app.registry["import_runner"]
    assert job["id"] not in runner.sweep()  # young: kept
    runner.max_age = -1
    try:
        assert job["id"] in runner.sweep()
    finally:
        runner.max_age = 7 * 24 * 3600
    assert job["id"] not in uploads.stored(registry)
    assert client.get(f"{V1}/imports/{job['id']}", headers=client.auth(admin)).json["status"] == "cancelled"


def test_the_upload_route_alone_takes_bodies_up_to_the_import_limit(make_client):
    client = make_client(**{"workbench.max_body_size": "2000", "workbench.import.max_size": "100000"})
    admin = client.signup("admin@example.com")
    pid = client.create_project(admin, "P")["id"]
    content = people_csv(100)
    assert len(content) > 2000
    assert upload(client, admin, pid, content)["rows_total"] == {"people": 100}
    big = {"title": "x" * 3000}
    res = client.post_json(f"{V1}/projects/{pid}/tables", big, headers=client.auth(admin), status=413)
    assert res.json["msg"].startswith("Request body too large")


@pytest.mark.dialects
@pytest.mark.parametrize("ext", ["xlsx", "xls", "ods"])
def test_an_excel_workbook_makes_a_table_per_sheet(ctx, data_app, ext):
    client, admin, pid = ctx
    content = (FIXTURES / f"excel/tests/people.{ext}").read_bytes()
    job = upload(client, admin, pid, content, name=f"people.{ext}")
    assert job["type"] == "excel"
    people, cities = job["template"]["tables"]
    assert (people["ref_table_name"], cities["ref_table_name"]) == ("People", "Cities")
    types = {c["column_name"]: c["uidt"] for c in people["columns"]}
    assert types["Age"] == "Number"
    assert types["Member"] == "Checkbox"
    assert types["Joined"] == "DateTime"  # one cell has a time
    if ext == "xlsx":
        assert types["Price"] == "Currency"  # shown with a $ format
    started = start(client, admin, job)
    done = finish(data_app, client, admin, job["id"])
    assert done["status"] == "done", done
    assert done["rows_done"] == {"People": 3, "Cities": 1}
    by_title = {t["title"]: t["id"] for t in started["tables"]}
    rows = records(client, admin, by_title["People"])
    assert [r["Name"] for r in rows] == ["Ada", "Grace", "Linus"]
    assert rows[0]["Age"] == 36
    assert rows[0]["Member"] is True
    assert rows[2]["Joined"].startswith("2021-07-14 10:30")
    assert records(client, admin, by_title["Cities"])[0]["Country"] == "France"


@pytest.mark.dialects
def test_json_objects_make_flattened_columns(ctx, data_app):
    client, admin, pid = ctx
    job = upload(client, admin, pid, (FIXTURES / "json/tests/people.json").read_bytes(), name="people.json")
    columns = [c["column_name"] for c in job["template"]["tables"][0]["columns"]]
    assert columns == ["Name", "Age", "Address_City", "Address_Zip", "Tags", "Score", "Active"]
    started = start(client, admin, job)
    assert finish(data_app, client, admin, job["id"])["status"] == "done"
    rows = records(client, admin, started["tables"][0]["id"])
    assert rows[0]["Address_City"] == "London"
    assert rows[0]["Tags"] == '["math", "code"]'
    assert rows[0]["Score"] == 9.5


def test_a_job_saved_with_its_upload_in_the_data_folder_still_runs(ctx, data_app, runner):
    """Jobs from before uploads went to the storage backend keep their file where it was."""
    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(1500))
    started = start(client, admin, job)
    registry = data_app.registry
    key = uploads.stored(registry)[job["id"]]
    folder = Path(registry.settings["workbench.data_dir"]) / "imports" / job["id"]
    folder.mkdir(parents=True)
    with registry["storage"].backend.open(key) as stream:
        (folder / "people.csv").write_bytes(stream.read())
    uploads.remove(registry, key)
    with registry["db_engine"].begin() as connection:
        connection.execute(
            sa.update(ImportJob).where(ImportJob.id == job["id"]).values(file_path=f"imports/{job['id']}/people.csv")
        )
    assert runner.run(job["id"]) == "done"
    assert count(client, admin, started["tables"][0]["id"]) == 1500
    assert not folder.exists()


def test_a_lease_extended_during_a_batch_does_not_fail_it(ctx, data_app, runner, monkeypatch):
    """The lease's heartbeat commits while a batch is between reading its job and writing
    its progress (in another thread here, as another greenlet in the server): the batch
    still stores its progress (on a SQLite meta database it holds the write lock from its
    start, and the heartbeat waits for it)."""
    import threading

    from workbench import leases
    from workbench.data.writes import RowWriter
    from workbench.imports.runner import JOBS

    client, admin, pid = ctx
    job = upload(client, admin, pid, people_csv(2500))
    start(client, admin, job)
    beats: list[threading.Thread] = []
    extended: list[bool] = []
    insert = RowWriter.insert_prepared

    def heartbeat(started: threading.Event):
        started.set()
        with leases.writing(data_app.registry["db_engine"]) as connection:
            extended.append(leases.extend(connection, JOBS, job["id"], runner.token, leases.lease_until(60)))

    def insert_with_a_heartbeat(self, prepared, **options):
        started = threading.Event()
        beat = threading.Thread(target=heartbeat, args=(started,))
        beat.start()
        # On a busy machine the thread may start late: once it runs, it commits now or waits
        # for the batch's write lock (never only after the last batch has ended the job).
        assert started.wait(10)
        beat.join(0.3)
        beats.append(beat)
        return insert(self, prepared, **options)

    monkeypatch.setattr(RowWriter, "insert_prepared", insert_with_a_heartbeat)
    assert runner.run(job["id"]) == "done"
    for beat in beats:
        beat.join(10)
    assert extended == [True, True, True]
    done = client.get(f"{V1}/imports/{job['id']}", headers=client.auth(admin)).json
    assert done["rows_done"] == {"people": 2500}

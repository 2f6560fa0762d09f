"""Record history and the audit log on every dialect: inserts, field-by-field updates,
deletes, links and unlinks, schema changes, who and through what; the project log
filtered and paged; a deleted record restored with its links."""

import datetime as dt
import json
import types

import pytest
import sqlalchemy as sa

from workbench.data.engines import source_url
from workbench.history.store import history as entries
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

HISTORY = "/api/v1/db/meta/audits"


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Work")
    table = create_table(client, admin, project["id"], "Tasks", [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}])
    h = client.auth(admin)
    records = f"/api/v2/tables/{table['id']}/records"
    return {"client": client, "h": h, "project": project, "table": table, "records": records}


def history(ctx, row_id, status=200, h=None, **params):
    query = {"fk_model_id": ctx["table"]["id"], "row_id": row_id, **params}
    return ctx["client"].get(HISTORY, query, headers=h or ctx["h"], status=status)


def audits(ctx, status=200, h=None, **params):
    url = f"/api/v1/db/meta/projects/{ctx['project']['id']}/audits"
    return ctx["client"].get(url, params, headers=h or ctx["h"], status=status)


def test_insert_update_delete_of_a_record_are_its_history(ctx):
    client, h, records = ctx["client"], ctx["h"], ctx["records"]
    client.post_json(records, {"Name": "first", "Qty": 1}, headers=h)
    client.patch_json(records, {"Id": 1, "Name": "renamed"}, headers=h)
    client.patch_json(records, {"Id": 1, "Qty": 5, "Name": "renamed"}, headers=h)  # Name unchanged: not listed
    client.patch_json(records, {"Id": 1, "Qty": 5}, headers=h)  # nothing changed: no entry
    client.delete_json(records, {"Id": 1}, headers=h)
    page = history(ctx, 1).json
    entries = page["list"]
    assert [e["op"] for e in entries] == ["delete", "update", "update", "insert"]
    assert page["pageInfo"]["totalRows"] == 4
    delete, second, first, insert = entries
    assert first["details"]["changes"] == [
        {"id": first["details"]["changes"][0]["id"], "title": "Name", "old": "first", "new": "renamed"}
    ]
    assert [(c["title"], c["old"], c["new"]) for c in second["details"]["changes"]] == [("Qty", 1, 5)]
    assert delete["details"]["record"]["Name"] == "renamed"
    assert (insert["op_type"], insert["op_sub_type"], delete["op_sub_type"]) == ("DATA", "INSERT", "DELETE")
    for entry in entries:
        assert (entry["user"], entry["via"], entry["fk_model_id"], entry["row_id"]) == (
            "admin@example.com",
            "web",
            ctx["table"]["id"],
            "1",
        )
        assert entry["created_at"]
    assert history(ctx, 2).json["list"] == []


def test_bulk_writes_give_one_entry_per_record(ctx):
    client, h, records = ctx["client"], ctx["h"], ctx["records"]
    client.post_json(records, [{"Name": f"n{i}", "Qty": i} for i in range(30)], headers=h)
    client.patch_json(records, [{"Id": i, "Qty": 100 + i} for i in range(1, 11)], headers=h)
    client.delete_json(records, [{"Id": i} for i in range(21, 31)], headers=h)
    log = audits(ctx, limit=1000).json
    ops = [e["op"] for e in log["list"] if e["fk_model_id"] == ctx["table"]["id"] and e["row_id"]]
    assert (ops.count("insert"), ops.count("update"), ops.count("delete")) == (30, 10, 10)
    inserts = [e for e in log["list"] if e["op"] == "insert" and e["fk_model_id"] == ctx["table"]["id"]]
    assert [e["row_id"] for e in inserts] == [str(i) for i in range(30, 0, -1)], "ids as text, in order"
    assert {(bool(e["user"]), e["via"], json.dumps(e["details"])) for e in inserts} == {(True, "web", "{}")}
    assert history(ctx, 5).json["list"][0]["details"]["changes"][0]["new"] == 105


def test_api_token_and_shared_form_are_told_apart(ctx):
    client, h, records = ctx["client"], ctx["h"], ctx["records"]
    token = client.post_json("/api/v1/tokens", {"description": "script"}, headers=h).json["token"]
    client.post_json(records, {"Name": "by token"}, headers={"xc-token": token})
    entry = history(ctx, 1).json["list"][0]
    assert (entry["via"], entry["user"]) == ("api_token", "admin@example.com")
    form = client.post_json(f"/api/v1/db/meta/tables/{ctx['table']['id']}/forms", {"title": "Ask"}, headers=h).json
    share = client.post_json(f"/api/v1/db/meta/views/{form['id']}/share", {}, headers=h).json
    client.post_json(f"/api/v1/db/public/shared-view/{share['uuid']}/rows", {"Name": "from form"})
    entry = history(ctx, 2).json["list"][0]
    assert (entry["op"], entry["via"], entry["user"], entry["user_id"]) == ("insert", "shared_form", None, None)


def test_schema_changes_are_in_the_project_log(ctx):
    client, h = ctx["client"], ctx["h"]
    table_id = ctx["table"]["id"]
    column = client.post_json(
        f"/api/v1/db/meta/tables/{table_id}/columns", {"title": "Due", "uidt": "Date"}, headers=h
    ).json
    due = next(c for c in column["columns"] if c["title"] == "Due")
    client.delete(f"/api/v1/db/meta/columns/{due['id']}", headers=h)
    client.patch_json(f"/api/v1/db/meta/tables/{table_id}", {"title": "Jobs"}, headers=h)
    ops = [e["op"] for e in audits(ctx).json["list"]]
    assert ops[:3] == ["table_update", "column_delete", "column_insert"]
    assert "table_insert" in ops
    created = next(e for e in audits(ctx).json["list"] if e["op"] == "column_insert")
    assert (created["op_type"], created["op_sub_type"], created["details"]["title"]) == (
        "TABLE_COLUMN",
        "CREATE",
        "Due",
    )


def test_the_log_filters_and_pages(ctx, client):
    h, records = ctx["h"], ctx["records"]
    client.post_json(records, [{"Name": f"n{i}"} for i in range(5)], headers=h)
    client.patch_json(records, {"Id": 2, "Name": "two"}, headers=h)
    client.delete_json(records, {"Id": 3}, headers=h)
    first = audits(ctx, limit=3, offset=0).json
    second = audits(ctx, limit=3, offset=3).json
    assert len(first["list"]) == 3
    assert first["pageInfo"]["totalRows"] == second["pageInfo"]["totalRows"]
    assert not {e["id"] for e in first["list"]} & {e["id"] for e in second["list"]}
    assert [e["op"] for e in audits(ctx, op="update,delete").json["list"]] == ["delete", "update"]
    assert audits(ctx, user="nobody").json["list"] == []
    assert audits(ctx, user="ADMIN@").json["pageInfo"]["totalRows"] == first["pageInfo"]["totalRows"]
    assert audits(ctx, via="api_token").json["list"] == []
    assert audits(ctx, **{"from": "2999-01-01"}).json["list"] == []
    assert len(audits(ctx, fk_model_id=ctx["table"]["id"], row_id="2").json["list"]) == 2
    assert "Unknown op" in audits(ctx, op="explode", status=400).json["msg"]
    assert audits(ctx, **{"from": "yesterday"}, status=400).json["msg"]


def test_restore_a_deleted_record(ctx):
    client, h, records = ctx["client"], ctx["h"], ctx["records"]
    client.post_json(records, [{"Name": "keep", "Qty": 7}, {"Name": "other"}], headers=h)
    client.delete_json(records, {"Id": 1}, headers=h)
    deleted = history(ctx, 1).json["list"][0]
    url = f"{HISTORY}/{deleted['id']}/restore"
    res = client.post_json(url, {"fk_model_id": ctx["table"]["id"]}, headers=h).json
    assert res["row_id"] == "1"
    row = client.get(f"{records}/1", headers=h).json
    assert (row["Name"], row["Qty"]) == ("keep", 7)
    assert history(ctx, 1).json["list"][0]["op"] == "restore"
    assert history(ctx, 1).json["list"][0]["details"] == {"from": deleted["id"]}
    assert (
        "exists already"
        in client.post_json(url, {"fk_model_id": ctx["table"]["id"]}, headers=h, status=409).json["msg"]
    )
    insert = history(ctx, 2).json["list"][0]
    bad = client.post_json(
        f"{HISTORY}/{insert['id']}/restore", {"fk_model_id": ctx["table"]["id"]}, headers=h, status=400
    )
    assert "Only a deleted record" in bad.json["msg"]
    client.post_json(f"{HISTORY}/999999/restore", {"fk_model_id": ctx["table"]["id"]}, headers=h, status=404)


def test_restore_brings_back_many_to_many_and_has_many_links(ctx, client, admin):
    h = ctx["h"]
    project_id = ctx["project"]["id"]
    tags = create_table(client, admin, project_id, "Tags", [{"title": "Label"}])
    tasks_id = ctx["table"]["id"]
    client.post_json(
        f"/api/v1/db/meta/tables/{tasks_id}/columns",
        {"title": "Tags", "uidt": "Links", "childId": tags["id"], "type": "mm"},
        headers=h,
    )
    client.post_json(
        f"/api/v1/db/meta/tables/{tasks_id}/columns",
        {"title": "Subtags", "uidt": "Links", "childId": tags["id"], "type": "hm"},
        headers=h,
    )
    tasks = client.get(f"/api/v1/db/meta/tables/{tasks_id}", headers=h).json
    link = {c["title"]: c["id"] for c in tasks["columns"]}
    client.post_json(ctx["records"], {"Name": "task"}, headers=h)
    client.post_json(f"/api/v2/tables/{tags['id']}/records", [{"Label": f"t{i}"} for i in range(3)], headers=h)
    links = f"/api/v2/tables/{tasks_id}/links"
    client.post_json(f"{links}/{link['Tags']}/records/1", [{"Id": 1}, {"Id": 2}], headers=h)
    client.post_json(f"{links}/{link['Subtags']}/records/1", [{"Id": 3}], headers=h)
    client.delete_json(f"{links}/{link['Tags']}/records/1", [{"Id": 2}], headers=h)
    ops = [(e["op"], e["details"].get("ids")) for e in history(ctx, 1).json["list"]]
    assert ops == [("unlink", [2]), ("link", [3]), ("link", [1, 2]), ("insert", None)]
    client.delete_json(ctx["records"], {"Id": 1}, headers=h)
    assert client.get(f"{links}/{link['Tags']}/records/1", headers=h, status=404)
    deleted = history(ctx, 1).json["list"][0]
    assert deleted["details"]["links"] == {link["Tags"]: [1], link["Subtags"]: [3]}
    client.post_json(f"{HISTORY}/{deleted['id']}/restore", {"fk_model_id": tasks_id}, headers=h)
    assert [r["Id"] for r in client.get(f"{links}/{link['Tags']}/records/1", headers=h).json["list"]] == [1]
    assert [r["Id"] for r in client.get(f"{links}/{link['Subtags']}/records/1", headers=h).json["list"]] == [3]


def test_entries_past_the_retention_are_pruned(ctx, data_app):
    client, h, records = ctx["client"], ctx["h"], ctx["records"]
    client.post_json(records, [{"Name": "old"}, {"Name": "new"}], headers=h)
    settings = data_app.registry.settings
    source = sa.table("wb_sources", sa.column("project_id"), sa.column("type"), sa.column("config"))
    engine = data_app.registry["db_engine"]
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(source.c.type, source.c.config).where(source.c.project_id == ctx["project"]["id"])
        ).first()
    config = json.loads(row.config) if isinstance(row.config, str) else row.config
    data = sa.create_engine(source_url(settings, types.SimpleNamespace(type=row.type, config=config)))
    try:
        with data.begin() as conn:
            conn.execute(
                entries.update()
                .where(entries.c.project_id == ctx["project"]["id"], entries.c.row_id == "1")
                .values(created_at=dt.datetime(2000, 1, 1))
            )
        assert audits(ctx).json["retention_days"] == 0, "the audit log states the retention: none"
        settings["workbench.history.retention_days"] = "30"
        assert audits(ctx).json["retention_days"] == 30
        client.patch_json(records, {"Id": 2, "Name": "newer"}, headers=h)
        assert history(ctx, 1).json["list"] == []
        assert [e["op"] for e in history(ctx, 2).json["list"]] == ["update", "insert"]
    finally:
        settings.pop("workbench.history.retention_days", None)
        data.dispose()


def test_a_deleted_project_takes_its_entries_along(ctx, client, admin):
    h, records = ctx["h"], ctx["records"]
    other = client.create_project(admin, "Other")
    other_table = create_table(client, admin, other["id"], "Kept", [{"title": "Name"}])
    client.post_json(records, {"Name": "gone"}, headers=h)
    client.post_json(f"/api/v2/tables/{other_table['id']}/records", {"Name": "stays"}, headers=h)
    client.delete(f"/api/v1/db/meta/projects/{ctx['project']['id']}", headers=h)
    client.app.registry["source_engines"].dispose_all()
    url = client.app.registry.settings.get("workbench.data.url")
    if url:  # the shared data database: the deleted project's entries are gone, not others'
        engine = sa.create_engine(url)
        with engine.connect() as conn:
            left = conn.execute(sa.select(entries.c.project_id).distinct()).scalars().all()
        engine.dispose()
        assert left == [other["id"]]
    log = client.get(f"/api/v1/db/meta/projects/{other['id']}/audits", headers=h).json
    assert "insert" in [e["op"] for e in log["list"]]


def test_the_deleted_records_of_a_table_say_whether_they_are_back(ctx):
    client, h, records = ctx["client"], ctx["h"], ctx["records"]
    client.post_json(records, [{"Name": "a"}, {"Name": "b"}, {"Name": "c"}], headers=h)
    client.delete_json(records, [{"Id": 1}, {"Id": 2}], headers=h)
    listed = client.get(HISTORY, {"fk_model_id": ctx["table"]["id"]}, headers=h).json["list"]
    assert sorted(e["row_id"] for e in listed) == ["1", "2"]
    assert {e["restored"] for e in listed} == {False}
    first = next(e for e in listed if e["row_id"] == "1")
    client.post_json(f"{HISTORY}/{first['id']}/restore", {"fk_model_id": ctx["table"]["id"]}, headers=h)
    listed = client.get(HISTORY, {"fk_model_id": ctx["table"]["id"]}, headers=h).json["list"]
    assert {e["row_id"]: e["restored"] for e in listed} == {"1": True, "2": False}

"""A shared base's role on the records API: an editor link edits records through every
records route (v1, v1 bulk, v2, uploads) but never the schema; a viewer link reads and is
refused every write with 403 and a JSON ``msg``."""

import pytest

from tests.functional.views.conftest import META
from tests.functional.views.test_shared_base import shared_url

pytestmark = pytest.mark.dialects


def _link(ctx, role: str) -> dict:
    uuid = ctx.client.post_json(shared_url(ctx), {"roles": role}, headers=ctx.h).json["uuid"]
    return {"xc-shared-base-id": uuid}


def _routes(pid: str, tid: str) -> tuple[str, str, str]:
    """The v1 records, v1 bulk and v2 records routes of the table."""
    return (
        f"/api/v1/db/data/noco/{pid}/Tasks",
        f"/api/v1/db/data/bulk/noco/{pid}/Tasks",
        f"/api/v2/tables/{tid}/records",
    )


def _upload(ctx, headers, status=None):
    url = f"/api/v1/db/storage/upload?project_id={ctx.project['id']}"
    return ctx.client.post(url, upload_files=[("files", "note.txt", b"hello")], headers=headers, status=status)


def _refused(res) -> None:
    assert res.status_int == 403
    assert res.content_type == "application/json"
    assert isinstance(res.json["msg"], str)
    assert res.json["msg"]


def _names(ctx) -> list:
    rows = ctx.client.get(f"/api/v2/tables/{ctx.table['id']}/records", {"sort": "Id"}, headers=ctx.h).json["list"]
    return [(r["Id"], r["Name"], r["Qty"]) for r in rows]


def test_editor_link_writes_records_through_every_records_route(ctx):
    ctx.rows([{"Name": "a", "Qty": 1}, {"Name": "b", "Qty": 2}])
    sb = _link(ctx, "editor")
    c, pid, tid = ctx.client, ctx.project["id"], ctx.table["id"]
    v1, bulk, v2 = _routes(pid, tid)
    # v2: update, insert, delete
    c.patch_json(v2, {"Id": 1, "Name": "a2"}, headers=sb)
    assert c.post_json(v2, [{"Name": "c", "Qty": 3}], headers=sb).json == [{"Id": 3}]
    c.delete_json(v2, {"Id": 2}, headers=sb)
    # v1: one record, then in bulk
    c.patch_json(f"{v1}/3", {"Qty": 30}, headers=sb)
    assert c.post_json(v1, {"Name": "d"}, headers=sb).json["Name"] == "d"
    c.post_json(bulk, [{"Name": "e"}, {"Name": "f"}], headers=sb)
    c.patch_json(bulk, [{"Id": 5, "Qty": 5}, {"Id": 6, "Qty": 6}], headers=sb)
    c.delete(f"{v1}/4", headers=sb)
    assert _names(ctx) == [(1, "a2", 1), (3, "c", 30), (5, "e", 5), (6, "f", 6)]
    # An attachment is uploaded for a record.
    assert _upload(ctx, sb).json[0]["title"] == "note.txt"


def test_editor_link_leaves_the_schema_alone(ctx):
    sb = _link(ctx, "editor")
    c, pid, tid = ctx.client, ctx.project["id"], ctx.table["id"]
    name_id = ctx.col["Name"]
    refusals = [
        c.post_json(f"{META}/tables/{tid}/columns", {"title": "C", "uidt": "Number"}, headers=sb, status=403),
        c.patch_json(f"{META}/columns/{name_id}", {"title": "Renamed"}, headers=sb, status=403),
        c.delete(f"{META}/columns/{name_id}", headers=sb, status=403),
        c.post_json(f"{META}/projects/{pid}/tables", {"title": "T2", "columns": []}, headers=sb, status=403),
        c.patch_json(f"{META}/tables/{tid}", {"title": "Renamed"}, headers=sb, status=403),
        c.delete(f"{META}/tables/{tid}", headers=sb, status=403),
    ]
    for res in refusals:
        _refused(res)
    table = c.get(f"{META}/tables/{tid}", headers=ctx.h).json
    assert table["title"] == "Tasks"
    assert [col["title"] for col in table["columns"] if col["title"] in ("Name", "C", "Renamed")] == ["Name"]


def test_viewer_link_reads_and_every_write_is_refused(ctx):
    ctx.rows([{"Name": "a", "Qty": 1}, {"Name": "b", "Qty": 2}])
    sb = _link(ctx, "viewer")
    c, pid, tid = ctx.client, ctx.project["id"], ctx.table["id"]
    v1, bulk, v2 = _routes(pid, tid)
    assert [r["Name"] for r in c.get(v2, headers=sb).json["list"]] == ["a", "b"]
    assert c.get(f"{v1}/1", headers=sb).json["Name"] == "a"
    refusals = [
        c.post_json(v2, {"Name": "x"}, headers=sb, status=403),
        c.patch_json(v2, {"Id": 1, "Name": "x"}, headers=sb, status=403),
        c.delete_json(v2, {"Id": 1}, headers=sb, status=403),
        c.post_json(v1, {"Name": "x"}, headers=sb, status=403),
        c.patch_json(f"{v1}/1", {"Name": "x"}, headers=sb, status=403),
        c.delete(f"{v1}/1", headers=sb, status=403),
        c.post_json(bulk, [{"Name": "x"}], headers=sb, status=403),
        c.patch_json(bulk, [{"Id": 1, "Name": "x"}], headers=sb, status=403),
        c.delete_json(bulk, [{"Id": 1}], headers=sb, status=403),
        _upload(ctx, sb, status=403),
    ]
    for res in refusals:
        _refused(res)
    assert _names(ctx) == [(1, "a", 1), (2, "b", 2)]

"""Row comments on every dialect: the audit form and the newer form, counts for many
records in one request, edits and deletes by the author only, bad input, and what becomes
of comments when their record or table is deleted."""

import pytest

from tests.common import accounts
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

AUDIT = "/api/v1/db/meta/audits/comments"
NEWER = "/api/v1/db/meta/comments"


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Notes")
    table = create_table(client, admin, project["id"], "Tasks", [{"title": "Name"}])
    records = f"/api/v2/tables/{table['id']}/records"
    client.post_json(records, [{"Name": f"task {i}"} for i in range(3)], headers=client.auth(admin))
    return {"client": client, "h": client.auth(admin), "project": project, "table": table, "records": records}


def post(ctx, row_id, text, url=AUDIT, key="description", h=None, status=200):
    body = {"fk_model_id": ctx["table"]["id"], "row_id": row_id, key: text}
    return ctx["client"].post_json(url, body, headers=h or ctx["h"], status=status)


def listing(ctx, row_id, url=AUDIT, h=None, status=200):
    params = {"fk_model_id": ctx["table"]["id"], "row_id": row_id}
    return ctx["client"].get(url, params, headers=h or ctx["h"], status=status)


def test_write_and_list_in_both_forms(ctx):
    first = post(ctx, 1, "Looks good").json
    assert (first["description"], first["comment"], first["row_id"], first["fk_model_id"]) == (
        "Looks good",
        "Looks good",
        "1",
        ctx["table"]["id"],
    )
    assert (first["op_type"], first["user"], first["created_by_email"], first["is_edited"]) == (
        "COMMENT",
        "admin@example.com",
        "admin@example.com",
        False,
    )
    post(ctx, "1", "Second thought", url=NEWER, key="comment")
    post(ctx, 2, "Other record")
    audit = listing(ctx, 1).json
    assert [c["description"] for c in audit] == ["Looks good", "Second thought"]
    newer = listing(ctx, 1, url=NEWER).json
    assert [c["comment"] for c in newer["list"]] == ["Looks good", "Second thought"]
    assert newer["pageInfo"]["totalRows"] == 2
    assert listing(ctx, 3).json == []


def test_counts_for_a_page_of_records_in_one_request(ctx):
    for row_id, n in ((1, 2), (3, 1)):
        for i in range(n):
            post(ctx, row_id, f"note {i}")
    client, table_id = ctx["client"], ctx["table"]["id"]
    url = f"{AUDIT}/count?fk_model_id={table_id}&ids[]=1&ids[]=2&ids[]=3"
    assert sorted((c["row_id"], c["count"]) for c in client.get(url, headers=ctx["h"]).json) == [("1", 2), ("3", 1)]
    newer = client.get(f"{NEWER}/count?fk_model_id={table_id}&ids=1,2,3", headers=ctx["h"]).json
    assert sorted((c["row_id"], c["count"]) for c in newer) == [("1", 2), ("3", 1)]
    too_many = "&".join(f"ids[]={i}" for i in range(1001))
    res = client.get(f"{AUDIT}/count?fk_model_id={table_id}&{too_many}", headers=ctx["h"], status=400)
    assert "At most 1000" in res.json["msg"]


def test_edit_and_delete_own_comment_in_both_forms(ctx):
    client = ctx["client"]
    first = post(ctx, 1, "Typo hree").json
    edited = client.patch_json(
        f"/api/v1/db/meta/audits/{first['id']}/comment", {"description": "Typo here"}, headers=ctx["h"]
    ).json
    assert (edited["description"], edited["is_edited"]) == ("Typo here", True)
    assert edited["edited_at"] is not None
    again = client.patch_json(f"/api/v1/db/meta/comment/{first['id']}", {"comment": "Fixed"}, headers=ctx["h"]).json
    assert again["comment"] == "Fixed"
    assert [(c["description"], c["is_edited"]) for c in listing(ctx, 1).json] == [("Fixed", True)]
    second = post(ctx, 1, "Remove me").json
    assert client.delete(f"/api/v1/db/meta/comment/{second['id']}", headers=ctx["h"]).json is True
    assert client.delete(f"/api/v1/db/meta/audits/{first['id']}/comment", headers=ctx["h"]).json is True
    assert listing(ctx, 1).json == []
    client.delete(f"/api/v1/db/meta/comment/{first['id']}", headers=ctx["h"], status=404)


def test_only_the_author_edits_or_deletes(ctx, client, admin):
    project_id = ctx["project"]["id"]
    other = accounts.user(client, "other@example.com")
    accounts.add_member(client, admin, project_id, "other@example.com", "editor")
    mine = post(ctx, 1, "Mine").json
    h = client.auth(other)
    for call in (
        lambda: client.patch_json(
            f"/api/v1/db/meta/comment/{mine['id']}", {"comment": "Theirs"}, headers=h, status=403
        ),
        lambda: client.delete(f"/api/v1/db/meta/audits/{mine['id']}/comment", headers=h, status=403),
    ):
        assert call().json["msg"] == "Only the author of a comment can change or delete it"
    assert [c["description"] for c in listing(ctx, 1).json] == ["Mine"]


def test_bad_input(ctx):
    client, h, table_id = ctx["client"], ctx["h"], ctx["table"]["id"]
    assert "description" in post(ctx, 1, "", status=400).json["msg"]
    assert post(ctx, 1, "   ", status=400).json["msg"] == "The comment is empty"
    assert "at most" in post(ctx, 1, "x" * 10_001, status=400).json["msg"]
    assert "row_id" in post(ctx, "x" * 256, "long id", status=400).json["msg"]
    res = client.post_json(AUDIT, {"row_id": 1, "description": "no table"}, headers=h, status=400)
    assert "fk_model_id" in res.json["msg"]
    res = client.post_json(AUDIT, {"fk_model_id": "md_missing", "row_id": 1, "description": "x"}, headers=h, status=404)
    assert res.json["msg"] == "Table 'md_missing' not found"
    assert client.get(AUDIT, {"fk_model_id": table_id}, headers=h, status=400).json["msg"] == "row_id is required"
    assert client.get(AUDIT, {"row_id": 1}, headers=h, status=400).json["msg"] == "fk_model_id is required"
    client.patch_json("/api/v1/db/meta/comment/cm_missing", {"comment": "x"}, headers=h, status=404)
    assert listing(ctx, 1).json == []


def test_deleting_a_record_deletes_its_comments(ctx):
    client, h = ctx["client"], ctx["h"]
    post(ctx, 1, "on one")
    post(ctx, 2, "on two")
    client.delete_json(ctx["records"], {"Id": 1}, headers=h)
    assert listing(ctx, 1).json == []
    assert [c["description"] for c in listing(ctx, 2).json] == ["on two"]
    created = client.post_json(ctx["records"], {"Name": "new"}, headers=h).json
    assert listing(ctx, created["Id"]).json == []


def test_deleting_a_table_deletes_its_comments(ctx, app):
    from sqlalchemy import select

    from tests.common.db import execute
    from workbench.comments.models import Comment

    post(ctx, 1, "gone with the table")
    ctx["client"].delete(f"/api/v1/db/meta/tables/{ctx['table']['id']}", headers=ctx["h"])
    assert execute(app, select(Comment.id).where(Comment.table_id == ctx["table"]["id"])) == []

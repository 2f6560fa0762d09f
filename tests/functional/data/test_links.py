"""Links between tables through the API: creating has-many, belongs-to, many-to-many and
self-links (both sides, the foreign key or junction table, NocoDB's colOptions), deleting
them (everything they created goes, nothing is left half-done), links in record lists
(v1 nested records, v2 counts and objects), writing a belongs-to through its foreign key,
filters, Count fields, and a page with links taking the same number of queries whatever
its size."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from workbench.testing.tables import create_table, physical_columns

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
    assert records(ctx, ctx["authors"], version=1, fields="Books")[0] == {
        "Books": [{"Id": 1, "Title": "X"}, {"Id": 3, "Title": "Z"}]
    }
    assert records(ctx, ctx["authors"], version=2, fields="Books")[0] == {"Books": 2}
    one = (
        ctx["client"].get(f"/api/v1/db/data/noco/{ctx['project']['id']}/{ctx['books']['id']}/3", headers=ctx["h"]).json
    )
    assert one["Authors"] == {"Id": 1, "Name": "Ann"}


def test_many_to_many_junction_both_sides_and_v2_links_api(ctx):
    books = add_link(ctx, ctx["books"], ctx["authors"], "Writers", "mm", version=2)
    mm = col(books, "Writers")
    authors = read_table(ctx, ctx["authors"])
    other = col(authors, "Books")
    options = mm["colOptions"]
    assert options["type"] == other["colOptions"]["type"] == "mm"
    assert options["fk_mm_model_id"] == other["colOptions"]["fk_mm_model_id"]
    assert options["fk_mm_child_column_id"] == other["colOptions"]["fk_mm_parent_column_id"]
    assert options["fk_child_column_id"] == col(books, "Id")["id"]
    assert options["fk_parent_column_id"] == col(authors, "Id")["id"]
    client, h = ctx["client"], ctx["h"]
    listed = client.get(f"/api/v1/db/meta/projects/{ctx['project']['id']}/tables", headers=h).json["list"]
    assert [t["title"] for t in listed] == ["Authors", "Books"]
    listed = client.get(
        f"/api/v1/db/meta/projects/{ctx['project']['id']}/tables", params={"includeM2M": "true"}, headers=h
    ).json["list"]
    junction = next(t for t in listed if t["mm"])
    assert junction["id"] == options["fk_mm_model_id"]
    # link: one id, a list, [{Id}]; duplicates refused with SPEC's message; unknown → 404
    assert link(ctx, ctx["books"], mm, 1, 1) is True
    assert link(ctx, ctx["books"], mm, 1, [2]) is True
    assert link(ctx, ctx["books"], mm, 2, [{"Id": 2}, {"Id": 3}]) is True
    res = link(ctx, ctx["books"], mm, 1, [2], status=400)
    assert res["msg"] == "value already in list"
    assert "99" in link(ctx, ctx["books"], mm, 1, [99], status=404)["msg"]
    assert "not found" in link(ctx, ctx["books"], mm, 42, [1], status=404)["msg"]
    url = f"/api/v2/tables/{ctx['books']['id']}/links/{mm['id']}/records/1"
    page = client.get(url, headers=h).json
    assert [r["Name"] for r in page["list"]] == ["Ann", "Bob"]
    assert page["pageInfo"]["totalRows"] == 2
    assert [r["Writers"] for r in records(ctx, ctx["books"])] == [2, 2, 0]
    assert [r["Books"] for r in records(ctx, ctx["authors"])] == [1, 2, 1]
    v1 = records(ctx, ctx["authors"], version=1)
    assert v1[1]["Books"] == [{"Id": 1, "Title": "X"}, {"Id": 2, "Title": "Y"}]
    assert link(ctx, ctx["books"], mm, 1, [1], method="delete") is True
    assert "not linked" in link(ctx, ctx["books"], mm, 1, [1], method="delete", status=404)["msg"]
    assert [r["Writers"] for r in records(ctx, ctx["books"])] == [1, 2, 0]


def test_v1_nested_routes(ctx):
    add_link(ctx, ctx["authors"], ctx["books"], "Books", "hm")
    client, h = ctx["client"], ctx["h"]
    base = f"/api/v1/db/data/noco/{ctx['project']['id']}/Authors"
    res = client.post(f"{base}/1/hm/Books/2", headers=h).json
    assert res == {"msg": "The relation data has been created successfully"}
    client.post(f"{base}/1/hm/Books/3", headers=h)
    assert client.post(f"{base}/1/hm/Books/3", headers=h, status=400).json["msg"] == "value already in list"
    page = client.get(f"{base}/1/hm/Books", headers=h).json
    assert [r["Title"] for r in page["list"]] == ["Y", "Z"]
    excluded = client.get(f"{base}/1/hm/Books/exclude", headers=h).json
    assert [r["Title"] for r in excluded["list"]] == ["X"]
    # the other side: a belongs-to reads and changes one parent
    books = f"/api/v1/db/data/noco/{ctx['project']['id']}/Books"
    assert client.get(f"{books}/2/bt/Authors", headers=h).json["Name"] == "Ann"
    client.delete(f"{books}/2/bt/Authors/1", headers=h)
    assert client.get(f"{books}/2/bt/Authors", headers=h).json is None
    client.post(f"{books}/2/bt/Authors/2", headers=h)
    assert client.get(f"{base}/2/hm/Books", headers=h).json["list"][0]["Title"] == "Y"
    client.delete(f"{base}/1/hm/Books/3", headers=h)
    assert client.get(f"{base}/1/hm/Books", headers=h).json["list"] == []
    assert client.get(f"{base}/1/mm/Books", headers=h, status=400).json["msg"]
    via_view = client.get(f"{base}/views/Authors/2/hm/Books", headers=h).json
    assert [r["Title"] for r in via_view["list"]] == ["Y"]
    short = f"/api/v1/data/noco/{ctx['project']['id']}/Authors"
    assert client.get(f"{short}/2/hm/Books/exclude", headers=h).json["pageInfo"]["totalRows"] == 2


def test_self_link(ctx):
    authors = add_link(ctx, ctx["authors"], ctx["authors"], "Mentees", "hm")
    titles = [c["title"] for c in authors["columns"]]
    assert "Mentees" in titles
    assert "Authors" in titles  # the belongs-to side, on the same table
    assert "Authors_id" in titles
    mentees = col(authors, "Mentees")
    link(ctx, ctx["authors"], mentees, 1, [2, 3])
    listed = records(ctx, ctx["authors"])
    assert [r["Mentees"] for r in listed] == [2, 0, 0]
    assert [r["Authors"] for r in listed] == [None, {"Id": 1, "Name": "Ann"}, {"Id": 1, "Name": "Ann"}]
    books = add_link(ctx, ctx["books"], ctx["books"], "Related", "mm")
    related = col(books, "Related")
    link(ctx, ctx["books"], related, 1, [2, 3])
    assert [r["Related"] for r in records(ctx, ctx["books"])] == [2, 0, 0]
    other = col(read_table(ctx, ctx["books"]), "Books")
    assert [r["Books"] for r in records(ctx, ctx["books"])] == [0, 1, 1]
    assert other["colOptions"]["fk_symmetric_column_id"] == related["id"]


def test_delete_link_removes_both_sides_and_foreign_key(ctx, data_app):
    authors = add_link(ctx, ctx["authors"], ctx["books"], "Books", "hm")
    client, h = ctx["client"], ctx["h"]
    hm = col(authors, "Books")
    books = read_table(ctx, ctx["books"])
    fk = col(books, "Authors_id")
    res = client.delete(f"/api/v1/db/meta/columns/{fk['id']}", headers=h, status=400).json
    assert "system field" in res["msg"]
    client.delete(f"/api/v1/db/meta/columns/{col(books, 'Authors')['id']}", headers=h)
    assert "Books" not in [c["title"] for c in read_table(ctx, ctx["authors"])["columns"]]
    assert [c["title"] for c in read_table(ctx, ctx["books"])["columns"]] == ["Id", "Title", "CreatedAt", "UpdatedAt"]
    assert client.get(f"/api/v1/db/meta/columns/{hm['id']}", headers=h, status=404)
    assert physical_columns(data_app, ctx["project"]["id"])["books"] == {"id", "created_at", "updated_at", "title"}
    # many-to-many: the junction table goes too
    books = add_link(ctx, ctx["books"], ctx["authors"], "Writers", "mm")
    mm = col(books, "Writers")
    junction = mm["colOptions"]["fk_mm_model_id"]
    client.delete(f"/api/v1/db/meta/columns/{mm['id']}", headers=h)
    client.get(f"/api/v1/db/meta/tables/{junction}", headers=h, status=404)
    assert "Books" not in [c["title"] for c in read_table(ctx, ctx["authors"])["columns"]]


def test_filters_sorts_and_count_field(ctx):
    authors = add_link(ctx, ctx["authors"], ctx["books"], "Books", "hm")
    books = read_table(ctx, ctx["books"])
    hm, bt = col(authors, "Books"), col(books, "Authors")
    link(ctx, ctx["authors"], hm, 2, [1, 2])
    link(ctx, ctx["authors"], hm, 3, [3])
    names = lambda **p: [r["Name"] for r in records(ctx, ctx["authors"], **p)]  # noqa: E731
    assert names(where="(Books,blank)") == ["Ann"]
    assert names(where="(Books,notblank)") == ["Bob", "Cy"]
    assert names(where="(Books,gt,1)") == ["Bob"]
    assert names(sort="-Books") == ["Bob", "Cy", "Ann"]
    assert [r["Title"] for r in records(ctx, ctx["books"], where="(Authors,blank)")] == []
    ctx["client"].delete_json(f"/api/v2/tables/{ctx['books']['id']}/links/{bt['id']}/records/3", 3, headers=ctx["h"])
    assert [r["Title"] for r in records(ctx, ctx["books"], where="(Authors,blank)")] == ["Z"]
    client, h = ctx["client"], ctx["h"]
    body = {"title": "Number of books", "uidt": "Count", "fk_relation_column_id": hm["id"]}
    table = client.post_json(f"/api/v1/db/meta/tables/{ctx['authors']['id']}/columns", body, headers=h).json
    assert col(table, "Number of books")["colOptions"]["fk_relation_column_id"] == hm["id"]
    assert [r["Number of books"] for r in records(ctx, ctx["authors"])] == [0, 2, 0]
    assert names(where="(Number of books,ge,1)") == ["Bob"]
    assert names(sort="-Number of books,Name") == ["Bob", "Ann", "Cy"]
    # the counted link cannot go while the count reads it
    res = client.delete(f"/api/v1/db/meta/columns/{hm['id']}", headers=h, status=400).json
    assert "Number of books" in res["msg"]
    bad = {"title": "Bad", "uidt": "Count", "fk_relation_column_id": "cl_nope"}
    client.post_json(f"/api/v1/db/meta/tables/{ctx['authors']['id']}/columns", bad, headers=h, status=400)


def test_formula_reading_a_link_blocks_its_deletion(ctx):
    authors = add_link(ctx, ctx["authors"], ctx["books"], "Books", "mm")
    client, h = ctx["client"], ctx["h"]
    body = {"title": "Twice", "uidt": "Formula", "formula_raw": "{Books} * 2"}
    client.post_json(f"/api/v1/db/meta/tables/{ctx['authors']['id']}/columns", body, headers=h)
    link(ctx, ctx["authors"], col(authors, "Books"), 1, [1, 2])
    assert [r["Twice"] for r in records(ctx, ctx["authors"])] == [4, 0, 0]
    books = read_table(ctx, ctx["books"])
    res = client.delete(f"/api/v1/db/meta/columns/{col(books, 'Authors')['id']}", headers=h, status=400).json
    assert "Twice" in res["msg"]
    assert col(read_table(ctx, ctx["authors"]), "Books")


def test_link_errors_leave_nothing_behind(ctx, data_app):
    client, h = ctx["client"], ctx["h"]
    before = physical_columns(data_app, ctx["project"]["id"])
    res = add_link(ctx, ctx["authors"], ctx["books"], "Bad", "xx", status=400)
    assert "type must be" in res["msg"]
    res = add_link(ctx, ctx["authors"], {"id": "md_missing"}, "Bad", "hm", status=400)
    assert "not found" in res["msg"]
    other = client.create_project(h["xc-auth"], "Other")
    elsewhere = create_table(client, h["xc-auth"], other["id"], "Elsewhere", [{"title": "Name"}])
    add_link(ctx, ctx["authors"], elsewhere, "Far", "hm", status=400)
    after = physical_columns(data_app, ctx["project"]["id"])
    assert (after["authors"], after["books"]) == (before["authors"], before["books"])
    assert [c["title"] for c in read_table(ctx, ctx["authors"])["columns"]] == ["Id", "Name", "CreatedAt", "UpdatedAt"]


def test_deleting_a_table_removes_its_links_elsewhere(ctx, data_app):
    add_link(ctx, ctx["authors"], ctx["books"], "Books", "hm")
    add_link(ctx, ctx["books"], ctx["authors"], "Writers", "mm")
    client, h = ctx["client"], ctx["h"]
    client.delete(f"/api/v1/db/meta/tables/{ctx['authors']['id']}", headers=h)
    books = read_table(ctx, ctx["books"])
    assert [c["title"] for c in books["columns"]] == ["Id", "Title", "CreatedAt", "UpdatedAt"]
    listed = client.get(
        f"/api/v1/db/meta/projects/{ctx['project']['id']}/tables", params={"includeM2M": "true"}, headers=h
    ).json["list"]
    assert [t["title"] for t in listed] == ["Books"]
    assert set(physical_columns(data_app, ctx["project"]["id"])) == {"books"}
    assert set(records(ctx, ctx["books"])[0]) == {"Id", "Title", "CreatedAt", "UpdatedAt"}


def test_permissions_and_row_events(ctx, client, admin):
    authors = add_link(ctx, ctx["authors"], ctx["books"], "Books", "hm")
    hm = col(authors, "Books")
    viewer = client.signup("viewer@example.com")
    client.post_json(
        f"/api/v1/db/meta/projects/{ctx['project']['id']}/users",
        {"email": "viewer@example.com", "roles": "viewer"},
        headers=ctx["h"],
    )
    url = f"/api/v2/tables/{ctx['authors']['id']}/links/{hm['id']}/records/1"
    client.get(url, headers=client.auth(viewer))
    client.post_json(url, [1], headers=client.auth(viewer), status=403)
    client.get(url, status=401)


def test_page_query_count_does_not_grow_with_page_size(ctx):
    authors = add_link(ctx, ctx["authors"], ctx["books"], "Books", "hm")
    add_link(ctx, ctx["books"], ctx["authors"], "Writers", "mm")
    client, h = ctx["client"], ctx["h"]
    client.post_json(
        f"/api/v2/tables/{ctx['books']['id']}/records", [{"Title": f"B{i}"} for i in range(120)], headers=h
    )
    client.post_json(
        f"/api/v2/tables/{ctx['authors']['id']}/records", [{"Name": f"A{i}"} for i in range(120)], headers=h
    )
    hm = col(authors, "Books")
    for author in range(1, 101):
        link(ctx, ctx["authors"], hm, author, [author])
    counts, sizes = [0], []

    def count(*_args):
        counts[-1] += 1

    urls = [
        f"/api/v1/db/data/noco/{ctx['project']['id']}/{ctx['authors']['id']}",
        f"/api/v2/tables/{ctx['books']['id']}/records",
        f"/api/v1/db/data/noco/{ctx['project']['id']}/{ctx['books']['id']}",
    ]
    event.listen(sa.engine.Engine, "before_cursor_execute", count)
    try:
        for url in urls:
            for limit in (10, 100):
                client.get(url, params={"limit": limit}, headers=h)  # warm the model cache
                counts.append(0)
                page = client.get(url, params={"limit": limit}, headers=h).json["list"]
                assert len(page) == limit
                sizes.append(counts[-1])
    finally:
        event.remove(sa.engine.Engine, "before_cursor_execute", count)
    assert sizes[0] == sizes[1]
    assert sizes[2] == sizes[3]
    assert sizes[4] == sizes[5]


def test_required_belongs_to(ctx):
    books = add_link_body(
        ctx,
        ctx["books"],
        {"title": "Author", "uidt": "LinkToAnotherRecord", "childId": ctx["authors"]["id"], "type": "bt", "rqd": True},
    )
    assert col(books, "Author")["rqd"] is True
    assert col(books, "Authors_id")["rqd"] is True
    assert col(read_table(ctx, ctx["authors"]), "Books")["rqd"] is False
    client, h = ctx["client"], ctx["h"]
    url = f"/api/v2/tables/{ctx['books']['id']}/records"
    res = client.post_json(url, {"Title": "Orphan"}, headers=h, status=422).json
    assert "Authors_id" in res["msg"]
    client.post_json(url, {"Title": "Child", "Authors_id": 2}, headers=h)
    # a required has-many only marks its own field: its children need no parent
    body = {"title": "Picks", "uidt": "Links", "childId": ctx["books"]["id"], "type": "hm", "rqd": True}
    authors = add_link_body(ctx, ctx["authors"], body)
    assert col(authors, "Picks")["rqd"] is True
    assert col(read_table(ctx, ctx["books"]), "Authors_id_1")["rqd"] is False
    assert records(ctx, ctx["books"], where="(Title,eq,Child)")[0]["Author"] == {"Id": 2, "Name": "Bob"}


def add_link_body(ctx, table, body, status=200):
    url = f"/api/v1/db/meta/tables/{table['id']}/columns"
    return ctx["client"].post_json(url, body, headers=ctx["h"], status=status).json


def test_link_to_a_table_keyed_by_text(ctx):
    client, h = ctx["client"], ctx["h"]
    codes = create_table(
        client, h["xc-auth"], ctx["project"]["id"], "Codes", [{"title": "Code", "uidt": "SingleLineText", "pk": True}]
    )
    client.post_json(f"/api/v2/tables/{codes['id']}/records", [{"Code": "A1"}, {"Code": "B2"}], headers=h)
    books = add_link(ctx, ctx["books"], codes, "Code", "bt", uidt="LinkToAnotherRecord")
    fk = next(c for c in books["columns"] if c["uidt"] == "ForeignKey")
    url = f"/api/v2/tables/{ctx['books']['id']}/records"
    client.patch_json(url, {"Id": 1, fk["title"]: "B2"}, headers=h)
    client.patch_json(url, {"Id": 2, fk["title"]: "C3"}, headers=h, status=422)
    assert records(ctx, ctx["books"])[0]["Code"] == {"Code": "B2"}
    mm = add_link(ctx, codes, ctx["authors"], "Authors", "mm")
    link(ctx, codes, col(mm, "Authors"), "A1", [1, 2])
    assert [r["Authors"] for r in records(ctx, codes)] == [2, 0]
    assert [r["Codes"] for r in records(ctx, ctx["authors"])] == [1, 1, 0]


def test_rename_keeps_the_link_and_junction_cannot_be_deleted_alone(ctx):
    authors = add_link(ctx, ctx["authors"], ctx["books"], "Books", "mm")
    mm = col(authors, "Books")
    client, h = ctx["client"], ctx["h"]
    client.patch_json(f"/api/v1/db/meta/columns/{mm['id']}", {"title": "Works"}, headers=h)
    renamed = col(read_table(ctx, ctx["authors"]), "Works")
    assert renamed["colOptions"] == mm["colOptions"]
    link(ctx, ctx["authors"], renamed, 1, [3])
    assert records(ctx, ctx["authors"], version=1)[0]["Works"] == [{"Id": 3, "Title": "Z"}]
    junction = mm["colOptions"]["fk_mm_model_id"]
    res = client.delete(f"/api/v1/db/meta/tables/{junction}", headers=h, status=400).json
    assert "many-to-many" in res["msg"]
    res = client.patch_json(f"/api/v1/db/meta/columns/{mm['id']}", {"uidt": "Number"}, headers=h, status=400).json
    assert "cannot change type" in res["msg"]

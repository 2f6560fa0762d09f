"""Records API v1 and v2: list, count, find-one, read, create, update, delete (one, many,
all by where), paging, fields and sort, errors naming the field, and the rows-changed hook."""

import pytest

from workbench.hookspecs import hookimpl
from workbench.testing.app import make_app, wipe_data, wipe_meta
from workbench.testing.client import Client
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

COLUMNS = [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}, {"title": "Mail", "uidt": "Email"}]


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    return {
        "client": client,
        "h": client.auth(admin),
        "project": project,
        "table": table,
        "v2": f"/api/v2/tables/{table['id']}/records",
        "v1": f"/api/v1/db/data/noco/{project['id']}/{table['id']}",
        "bulk": f"/api/v1/db/data/bulk/noco/{project['id']}/{table['id']}",
    }


def seed(ctx, n=30):
    rows = [{"Name": f"item {i:02d}", "Qty": i % 7} for i in range(n)]
    return ctx["client"].post_json(ctx["v2"], rows, headers=ctx["h"]).json


def test_v2_create_read_update_delete(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["v2"]
    created = client.post_json(url, {"Name": "pen", "Qty": 3}, headers=h).json
    assert created == {"Id": 1}
    row = client.get(f"{url}/1", headers=h).json
    assert (row["Id"], row["Name"], row["Qty"], row["Mail"]) == (1, "pen", 3, None)
    assert row["CreatedAt"].endswith("+00:00")
    assert client.patch_json(url, {"Id": 1, "Qty": 4}, headers=h).json == {"Id": 1}
    assert client.get(f"{url}/1", headers=h).json["Qty"] == 4
    assert client.delete_json(url, {"Id": 1}, headers=h).json == {"Id": 1}
    client.get(f"{url}/1", headers=h, status=404)


def test_v2_bulk(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["v2"]
    ids = seed(ctx, 5)
    assert ids == [{"Id": i} for i in range(1, 6)]
    assert client.patch_json(url, [{"Id": 1, "Qty": 100}, {"Id": 2, "Qty": 200}], headers=h).json == [
        {"Id": 1},
        {"Id": 2},
    ]
    res = client.patch_json(url, [{"Id": 1, "Qty": 1}, {"Id": 1, "Qty": 2}], headers=h, status=422).json
    assert "more than once" in res["msg"]
    assert client.delete_json(url, [{"Id": 3}, {"Id": 4}], headers=h).json == [{"Id": 3}, {"Id": 4}]
    assert client.get(f"{url}/count", headers=h).json == {"count": 3}
    assert [r["Qty"] for r in client.get(url, headers=h).json["list"]] == [100, 200, 4]
    client.delete_json(url, [{"Id": 5}, {"Id": 99}], headers=h, status=404)
    assert client.get(f"{url}/count", headers=h).json == {"count": 3}


def test_list_paging_and_page_info(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["v2"]
    seed(ctx, 30)
    page = client.get(url, headers=h).json
    assert len(page["list"]) == 25
    assert page["pageInfo"] == {"totalRows": 30, "page": 1, "pageSize": 25, "isFirstPage": True, "isLastPage": False}
    page = client.get(url, {"limit": 10, "offset": 20}, headers=h).json
    assert [r["Id"] for r in page["list"]] == list(range(21, 31))
    assert page["pageInfo"]["page"] == 3
    assert page["pageInfo"]["isLastPage"] is True
    odd = client.get(url, {"limit": 10, "offset": 5}, headers=h).json["pageInfo"]
    assert odd["offset"] == 5
    assert "page" not in odd
    assert client.get(url, {"limit": 0}, headers=h, status=400).json["msg"].startswith("limit")


def test_fields_and_sort(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["v2"]
    seed(ctx, 10)
    rows = client.get(url, {"fields": "Name,Qty", "sort": "-Qty,Name", "limit": 3}, headers=h).json["list"]
    assert rows == [{"Name": "item 06", "Qty": 6}, {"Name": "item 05", "Qty": 5}, {"Name": "item 04", "Qty": 4}]
    res = client.get(url, {"fields": "Name,Nope"}, headers=h, status=400).json
    assert "Nope" in res["msg"]
    res = client.get(url, {"sort": "-Ghost"}, headers=h, status=400).json
    assert "Ghost" in res["msg"]


def test_bad_values_name_the_field(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["v2"]
    res = client.post_json(url, {"Qty": "many"}, headers=h, status=422).json
    assert "Qty" in res["msg"]
    res = client.post_json(url, {"Mail": "not-an-address"}, headers=h, status=422).json
    assert "Mail" in res["msg"]
    res = client.post_json(url, {"Colour": "red"}, headers=h, status=400).json
    assert "Colour" in res["msg"]
    res = client.post_json(url, "just text", headers=h, status=400).json
    assert "object" in res["msg"]
    client.patch_json(url, {"Qty": 1}, headers=h, status=400)
    assert client.get(f"{url}/count", headers=h).json == {"count": 0}


@pytest.mark.parametrize("body", [-1664, [5], ["text"], [{"Id": 1, "Qty": 9}, 7]])
def test_updates_that_are_not_objects_are_refused(ctx, body):
    """A record to update is an object with its key (not a bare id): 400, nothing changed."""
    client, h = ctx["client"], ctx["h"]
    seed(ctx, 2)
    for url in (ctx["v2"], ctx["bulk"]):
        res = client.patch_json(url, body, headers=h, status=400).json
        assert res["msg"] == "Each record to update must be an object holding its primary key and the fields to change"
    assert [row["Qty"] for row in client.get(ctx["v2"], headers=h).json["list"]] == [0, 1]


def test_v1_alias_paths(ctx):
    client, h = ctx["client"], ctx["h"]
    by_title = f"/api/v1/db/data/noco/{ctx['project']['title']}/Items"
    row = client.post_json(ctx["v1"], {"Name": "cup", "Qty": 2}, headers=h).json
    assert (row["Id"], row["Name"], row["Qty"]) == (1, "cup", 2)
    assert client.get(f"{by_title}/1", headers=h).json["Name"] == "cup"
    assert client.get(f"{ctx['v1']}/1/exist", headers=h).json is True
    assert client.get(f"{ctx['v1']}/2/exist", headers=h).json is False
    updated = client.patch_json(f"{ctx['v1']}/1", {"Qty": 5}, headers=h).json
    assert (updated["Id"], updated["Qty"], updated["Name"]) == (1, 5, "cup")
    assert client.get(f"{ctx['v1']}/find-one", {"where": "(Qty,eq,5)"}, headers=h).json["Name"] == "cup"
    assert client.get(f"{ctx['v1']}/find-one", {"where": "(Qty,eq,6)"}, headers=h).json == {}
    assert client.get(f"{ctx['v1']}/count", headers=h).json == {"count": 1}
    assert client.get(ctx["v1"], headers=h).json["pageInfo"]["totalRows"] == 1
    assert client.delete(f"{ctx['v1']}/1", headers=h).json == 1
    client.get(f"{ctx['v1']}/1", headers=h, status=404)
    client.get(f"/api/v1/db/data/noco/{ctx['project']['id']}/Nope", headers=h, status=404)
    client.get(f"/api/v1/db/data/noco/p_nope/{ctx['table']['id']}", headers=h, status=404)


def test_v1_bulk_paths(ctx):
    client, h, bulk = ctx["client"], ctx["h"], ctx["bulk"]
    assert client.post_json(
        bulk, [{"Name": "a", "Qty": 1}, {"Name": "b", "Qty": 2}, {"Name": "c", "Qty": 3}], headers=h
    ).json == [{"Id": 1}, {"Id": 2}, {"Id": 3}]
    assert client.patch_json(bulk, [{"Id": 1, "Name": "A"}], headers=h).json == [{"Id": 1}]
    assert client.patch_json(f"{bulk}/all?where=(Qty,ge,2)", {"Name": "big"}, headers=h).json == 2
    names = [r["Name"] for r in client.get(ctx["v2"], headers=h).json["list"]]
    assert names == ["A", "big", "big"]
    assert client.delete_json(bulk, [{"Id": 1}], headers=h).json == [{"Id": 1}]
    assert client.delete(f"{bulk}/all?where=(Name,eq,big)", headers=h).json == 2
    assert client.get(f"{ctx['v2']}/count", headers=h).json == {"count": 0}


def test_updated_at_changes_and_read_only_fields_ignored(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["v2"]
    client.post_json(url, {"Name": "x", "CreatedAt": "1999-01-01 00:00:00"}, headers=h)
    row = client.get(f"{url}/1", headers=h).json
    assert not row["CreatedAt"].startswith("1999")
    client.patch_json(url, {"Id": 1, "Name": "y"}, headers=h)
    assert client.get(f"{url}/1", headers=h).json["UpdatedAt"] >= row["UpdatedAt"]


def test_data_permissions(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["v2"]
    seed(ctx, 1)
    commenter = client.auth(client.signup("c@example.com"))
    editor = client.auth(client.signup("e@example.com"))
    client.post_json(
        f"/api/v1/db/meta/projects/{ctx['project']['id']}/users",
        {"email": "c@example.com", "roles": "commenter"},
        headers=h,
    )
    client.post_json(
        f"/api/v1/db/meta/projects/{ctx['project']['id']}/users",
        {"email": "e@example.com", "roles": "editor"},
        headers=h,
    )
    client.get(url, headers=commenter)
    client.post_json(url, {"Name": "no"}, headers=commenter, status=403)
    client.patch_json(url, {"Id": 1, "Name": "no"}, headers=commenter, status=403)
    client.delete_json(url, {"Id": 1}, headers=commenter, status=403)
    client.post_json(url, {"Name": "yes"}, headers=editor)
    client.post_json(f"/api/v1/db/meta/tables/{ctx['table']['id']}/columns", {"title": "X"}, headers=editor, status=403)
    client.get(url, status=401)


class _Recorder:
    def __init__(self):
        self.calls = []

    @hookimpl
    def on_rows_changed(self, request, table, action, changes):
        self.calls.append((table.title, action, [(b, a) for b, a in changes]))


@pytest.fixture
def recorded(db_url, data_db_url, tmp_path):
    recorder = _Recorder()
    settings = {"workbench.data.url": data_db_url} if data_db_url else {}
    app = make_app(db_url, tmp_path, **settings, **{"workbench.plugins.extra": [("recorder", recorder)]})
    yield Client(app), recorder
    wipe_meta(app)
    wipe_data(app)
    app.registry["source_engines"].dispose_all()
    app.registry["db_engine"].dispose()


def test_every_write_notifies_rows_changed_with_before_and_after(recorded):
    client, recorder = recorded
    token = client.signup("owner@example.com")
    h = client.auth(token)
    project = client.create_project(token, "P")
    table = create_table(client, token, project["id"], "T", COLUMNS)
    url = f"/api/v2/tables/{table['id']}/records"
    bulk = f"/api/v1/db/data/bulk/noco/{project['id']}/{table['id']}"
    client.post_json(url, [{"Name": "a", "Qty": 1}, {"Name": "b", "Qty": 2}], headers=h)
    client.patch_json(url, {"Id": 1, "Qty": 10}, headers=h)
    client.patch_json(f"{bulk}/all?where=(Qty,eq,2)", {"Name": "B"}, headers=h)
    client.delete_json(url, {"Id": 1}, headers=h)
    client.delete(f"{bulk}/all", headers=h)
    actions = [(title, action, len(changes)) for title, action, changes in recorder.calls]
    assert actions == [
        ("T", "insert", 2),
        ("T", "update", 1),
        ("T", "update", 1),
        ("T", "delete", 1),
        ("T", "delete", 1),
    ]
    inserted = recorder.calls[0][2]
    assert inserted[0][0] is None
    assert (inserted[0][1]["Id"], inserted[0][1]["Name"], inserted[0][1]["Qty"]) == (1, "a", 1)
    before, after = recorder.calls[1][2][0]
    assert (before["Qty"], after["Qty"], after["Name"]) == (1, 10, "a")
    before, after = recorder.calls[2][2][0]
    assert (before["Name"], after["Name"], after["Id"]) == ("b", "B", 2)
    assert recorder.calls[3][2][0] == (recorder.calls[3][2][0][0], None)
    assert recorder.calls[3][2][0][0]["Qty"] == 10
    assert recorder.calls[4][2][0][0]["Name"] == "B"


def test_shuffle_returns_the_same_rows_in_any_order(ctx):
    seed(ctx, 12)
    client, h, url = ctx["client"], ctx["h"], ctx["v2"]
    rows = client.get(url, {"shuffle": "1", "limit": 100}, headers=h).json["list"]
    assert sorted(r["Id"] for r in rows) == list(range(1, 13))


def test_v1_project_titles_resolve_to_the_callers_project(ctx):
    client = ctx["client"]
    other = client.signup("other@example.com")
    theirs = client.create_project(other, ctx["project"]["title"])
    create_table(client, other, theirs["id"], "Items", COLUMNS)
    client.post_json(f"/api/v1/db/data/noco/{theirs['title']}/Items", {"Name": "theirs"}, headers=client.auth(other))
    mine = client.get(f"/api/v1/db/data/noco/{ctx['project']['title']}/Items", headers=ctx["h"]).json
    assert mine["list"] == []
    rows = client.get(f"/api/v1/db/data/noco/{theirs['title']}/Items", headers=client.auth(other)).json["list"]
    assert [r["Name"] for r in rows] == ["theirs"]


def test_bulk_writes_beyond_the_drivers_parameter_limits(ctx):
    client, h, url, bulk = ctx["client"], ctx["h"], ctx["v2"], ctx["bulk"]
    for start in range(0, 3000, 1000):
        client.post_json(url, [{"Name": f"r{i}", "Qty": i % 2} for i in range(start, start + 1000)], headers=h)
    assert client.patch_json(f"{bulk}/all?where=(Qty,eq,1)", {"Name": "odd"}, headers=h).json == 1500
    deleted = client.delete_json(url, [{"Id": i} for i in range(1, 1201)], headers=h).json
    assert len(deleted) == 1200
    assert client.delete(f"{bulk}/all?where=(Name,eq,odd)", headers=h).json == 900
    assert client.get(f"{url}/count", headers=h).json == {"count": 900}


def test_limit_above_the_cap_is_lowered(ctx):
    seed(ctx, 3)
    page = ctx["client"].get(ctx["v2"], {"limit": 10**9}, headers=ctx["h"]).json
    assert page["pageInfo"]["pageSize"] == 1000
    assert len(page["list"]) == 3


def test_no_page_has_more_than_a_thousand_rows(ctx):
    client, h = ctx["client"], ctx["h"]
    client.post_json(ctx["v2"], [{"Name": f"r{i}", "Qty": i} for i in range(1200)], headers=h)
    for url in (ctx["v2"], ctx["v1"]):
        page = client.get(url, {"limit": 5000}, headers=h).json
        assert (len(page["list"]), page["pageInfo"]["pageSize"]) == (1000, 1000)
        assert (page["pageInfo"]["totalRows"], page["pageInfo"]["isLastPage"]) == (1200, False)
        rest = client.get(url, {"limit": 5000, "offset": 1000}, headers=h).json
        assert [r["Name"] for r in rest["list"]] == [f"r{i}" for i in range(1000, 1200)]


def test_the_page_cap_is_a_setting(make_client):
    client = make_client(**{"workbench.data.max_page_size": "2"})
    token = client.signup("admin@example.com")
    project = client.create_project(token, "Shop")
    table = create_table(client, token, project["id"], "Items", COLUMNS)
    url = f"/api/v2/tables/{table['id']}/records"
    client.post_json(url, [{"Name": n} for n in "abc"], headers=client.auth(token))
    page = client.get(url, {"limit": 10}, headers=client.auth(token)).json
    assert ([r["Name"] for r in page["list"]], page["pageInfo"]["pageSize"]) == (["a", "b"], 2)

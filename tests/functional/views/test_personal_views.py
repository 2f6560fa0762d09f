"""Personal views: only the user who created one sees it and changes it; to anyone else it does
not exist, in lists, by id, by title and below it (filters, sorts, fields, records)."""

from tests.functional.views.conftest import META


def _personal(ctx, headers, title="Mine") -> dict:
    view = ctx.create("grids", {"title": title}, headers=headers)
    made = ctx.client.patch_json(f"{META}/views/{view['id']}", {"lock_type": "personal"}, headers=headers).json
    assert made["lock_type"] == "personal"
    return made


def test_only_the_creator_sees_a_personal_view(ctx):
    creator = ctx.member("creator@example.com", "creator")
    other = ctx.member("other@example.com", "creator")
    view = _personal(ctx, creator)
    assert view["created_by"]
    url = f"{META}/views/{view['id']}"
    sort = ctx.client.post_json(f"{url}/sorts", {"fk_column_id": ctx.col["Name"]}, headers=creator).json
    ctx.rows([{"Name": "a"}, {"Name": "b"}])

    # The creator sees it everywhere, and uses it.
    assert "Mine" in {v["title"] for v in ctx.views(creator)}
    table = ctx.client.get(f"{META}/tables/{ctx.table['id']}", headers=creator).json
    assert "Mine" in {v["title"] for v in table["views"]}
    records = f"/api/v2/tables/{ctx.table['id']}/records"
    assert len(ctx.client.get(records, {"viewId": view["id"]}, headers=creator).json["list"]) == 2

    # To the owner and to another creator it does not exist.
    for headers in (ctx.h, other):
        assert "Mine" not in {v["title"] for v in ctx.views(headers)}
        table = ctx.client.get(f"{META}/tables/{ctx.table['id']}", headers=headers).json
        assert "Mine" not in {v["title"] for v in table["views"]}
        assert ctx.client.get(f"{url}/columns", headers=headers, status=404).json["msg"] == (
            f"View '{view['id']}' not found"
        )
        ctx.client.patch_json(url, {"title": "Taken"}, headers=headers, status=404)
        ctx.client.delete(url, headers=headers, status=404)
        ctx.client.post_json(f"{url}/filters", {"fk_column_id": ctx.col["Name"]}, headers=headers, status=404)
        ctx.client.delete(f"{META}/sorts/{sort['id']}", headers=headers, status=404)
        ctx.client.get(records, {"viewId": view["id"]}, headers=headers, status=404)
        v1 = f"/api/v1/db/data/noco/{ctx.project['id']}/{ctx.table['id']}/views/Mine"
        assert ctx.client.get(v1, headers=headers, status=404).json["msg"] == "View 'Mine' not found"
        # Nor can it be copied.
        copy = {"title": "Copy", "copy_from_id": view["id"]}
        assert ctx.create("grids", copy, status=400, headers=headers)["msg"].startswith("View ")

    # Made collaborative again, everyone sees it.
    ctx.client.patch_json(url, {"lock_type": "collaborative"}, headers=creator)
    assert "Mine" in {v["title"] for v in ctx.views(ctx.h)}


def test_who_may_make_a_view_personal(ctx):
    creator = ctx.member("creator@example.com", "creator")
    shared = ctx.create("grids", {"title": "Shared"})  # the owner's
    url = f"{META}/views/{shared['id']}"
    res = ctx.client.patch_json(url, {"lock_type": "personal"}, headers=creator, status=403).json
    assert res["msg"] == "Only the user who created a view can make it personal"
    assert (
        ctx.client.get(f"{META}/tables/{ctx.table['id']}/views", headers=creator).json["list"][1]["title"] == "Shared"
    )
    res = ctx.client.patch_json(
        f"{META}/views/{ctx.default_view['id']}", {"lock_type": "personal"}, headers=ctx.h, status=400
    )
    assert res.json["msg"] == "The default view cannot be personal"
    # Created personal at once.
    view = ctx.create("grids", {"title": "Draft", "lock_type": "personal"}, headers=creator)
    assert view["lock_type"] == "personal"
    assert "Draft" not in {v["title"] for v in ctx.views()}


def test_locking_takes_the_right_to_unlock(ctx):
    editor = ctx.member("editor@example.com", "editor")
    view = ctx.create("grids", {"title": "L"})
    url = f"{META}/views/{view['id']}"
    ctx.client.patch_json(url, {"lock_type": "locked"}, headers=editor, status=403)
    ctx.create("grids", {"title": "L2", "lock_type": "locked"}, headers=editor, status=403)
    assert ctx.client.get(url + "/columns", headers=ctx.h).status_code == 200
    assert {v["title"]: v["lock_type"] for v in ctx.views()}["L"] == "collaborative"


def test_a_deleted_users_personal_views_go_with_them(ctx):
    creator = ctx.member("gone@example.com", "creator")
    _personal(ctx, creator, "Private")
    ctx.create("grids", {"title": "Public"}, headers=creator)
    users = ctx.client.get("/api/v1/users", headers=ctx.h).json["list"]
    gone = next(u for u in users if u["email"] == "gone@example.com")
    ctx.client.delete(f"/api/v1/users/{gone['id']}", headers=ctx.h)
    table = ctx.client.get(f"{META}/tables/{ctx.table['id']}", headers=ctx.h).json
    assert {v["title"] for v in table["views"]} == {"Tasks", "Public"}
    # Its title is free again: the view is gone, not merely out of sight.
    assert ctx.create("grids", {"title": "Private"})["title"] == "Private"

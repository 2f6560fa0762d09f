"""Views meta API: create each type (and copy one), rename, lock, reorder, delete, type
settings with validation, grid and form fields, show/hide all, roles and the lock."""

import pytest

from tests.functional.views.conftest import META

pytestmark = pytest.mark.dialects

TYPES = [("grids", 3), ("forms", 1), ("galleries", 2), ("kanbans", 4), ("calendars", 6)]


@pytest.mark.parametrize(("path", "number"), TYPES)
def test_create_each_type_v1_and_v2(ctx, path, number):
    view = ctx.create(path, {"title": "Mine"})
    assert (view["title"], view["type"], view["fk_model_id"]) == ("Mine", number, ctx.table["id"])
    assert view["is_default"] is False
    assert view["lock_type"] == "collaborative"
    assert view["uuid"] is None
    again = ctx.client.post_json(f"/api/v2/meta/tables/{ctx.table['id']}/{path}", {"title": "mine"}, headers=ctx.h).json
    assert again["title"] == "mine_1"  # titles are unique per table, whatever the case
    listed = {v["title"]: v["type"] for v in ctx.views()}
    assert listed == {"Tasks": 3, "Mine": number, "mine_1": number}
    # New views show the table's fields except the system ones (timestamps).
    cols = ctx.client.get(f"{META}/views/{view['id']}/columns", headers=ctx.h).json["list"]
    shown = {c["fk_column_id"] for c in cols if c["show"]}
    assert shown >= {ctx.col[t] for t in ("Name", "Secret", "Qty", "Status", "Due", "Photo")}
    assert ctx.col["CreatedAt"] not in shown


def test_create_needs_a_title(ctx):
    assert ctx.create("grids", {"title": "  "}, status=400)["msg"] == "View name is required"
    assert ctx.create("grids", {}, status=400)["msg"] == "View name is required"
    assert len(ctx.views()) == 1


def test_initial_type_settings(ctx):
    kanban = ctx.create("kanbans", {"title": "Board"})
    assert kanban["view"]["fk_grp_col_id"] == ctx.col["Status"]
    calendar = ctx.create("calendars", {"title": "Cal"})
    assert calendar["view"]["calendar_range"] == [{"fk_from_column_id": ctx.col["Due"], "fk_to_column_id": None}]
    form = ctx.client.get(f"{META}/forms/{ctx.create('forms', {'title': 'F'})['id']}", headers=ctx.h).json
    assert form["heading"] == ""
    assert form["submit_another_form"] is False
    assert form["show_blank_form"] is False
    assert {c["fk_column_id"] for c in form["columns"]} >= {ctx.col["Name"], ctx.col["Qty"]}


def test_copy_from_copies_filters_sorts_and_fields(ctx):
    source = ctx.default_view["id"]
    h = ctx.h
    group = ctx.client.post_json(f"{META}/views/{source}/filters", {"is_group": True}, headers=h).json
    ctx.client.post_json(
        f"{META}/views/{source}/filters",
        {"fk_column_id": ctx.col["Qty"], "comparison_op": "gt", "value": "2", "fk_parent_id": group["id"]},
        headers=h,
    )
    ctx.client.post_json(
        f"{META}/views/{source}/sorts", {"fk_column_id": ctx.col["Name"], "direction": "desc"}, headers=h
    )
    ctx.client.patch_json(f"{META}/views/{source}/columns/{ctx.col['Secret']}", {"show": False}, headers=h)
    copy = ctx.create("galleries", {"title": "Copy", "copy_from_id": source})
    filters = ctx.client.get(f"{META}/views/{copy['id']}/filters", headers=h).json["list"]
    assert len(filters) == 2
    [new_group] = [f for f in filters if f["is_group"]]
    [child] = [f for f in filters if not f["is_group"]]
    assert new_group["id"] != group["id"]
    assert child["fk_parent_id"] == new_group["id"]
    assert (child["fk_column_id"], child["comparison_op"], child["value"]) == (ctx.col["Qty"], "gt", "2")
    sorts = ctx.client.get(f"{META}/views/{copy['id']}/sorts", headers=h).json["list"]
    assert [(s["fk_column_id"], s["direction"]) for s in sorts] == [(ctx.col["Name"], "desc")]
    cols = {
        c["fk_column_id"]: c["show"]
        for c in ctx.client.get(f"{META}/views/{copy['id']}/columns", headers=h).json["list"]
    }
    assert cols[ctx.col["Secret"]] is False
    assert cols[ctx.col["Name"]] is True
    # The copy's filter applies to records read through it.
    ctx.rows([{"Name": "a", "Qty": 1}, {"Name": "b", "Qty": 5}])
    listed = ctx.client.get(f"/api/v2/tables/{ctx.table['id']}/records", {"viewId": copy["id"]}, headers=h).json
    assert [r["Name"] for r in listed["list"]] == ["b"]
    assert ctx.create("grids", {"title": "X", "copy_from_id": "vw_nope"}, status=400)["msg"].startswith(
        "View 'vw_nope'"
    )


def test_rename_lock_reorder_meta_and_delete(ctx):
    view = ctx.create("grids", {"title": "Two"})
    url = f"{META}/views/{view['id']}"
    res = ctx.client.patch_json(url, {"title": "Second", "order": 7, "meta": {"x": 1}}, headers=ctx.h).json
    assert (res["title"], res["order"], res["meta"]) == ("Second", 7, {"x": 1})
    assert ctx.client.patch_json(url, {"title": "tasks"}, headers=ctx.h, status=400).json["msg"] == (
        "A view named 'tasks' already exists"
    )
    assert (
        ctx.client.patch_json(url, {"lock_type": "weird"}, headers=ctx.h, status=400)
        .json["msg"]
        .startswith("lock_type")
    )
    assert ctx.client.patch_json(url, {"order": "x"}, headers=ctx.h, status=400).json["msg"] == "order must be a number"
    assert ctx.client.patch_json(url, {"lock_type": "locked"}, headers=ctx.h).json["lock_type"] == "locked"
    assert (
        ctx.client.patch_json(f"/api/v2/meta/views/{view['id']}", {"title": "V2"}, headers=ctx.h).json["title"] == "V2"
    )
    assert {v["title"] for v in ctx.views()} == {"Tasks", "V2"}
    assert ctx.client.delete(url, headers=ctx.h).json == {"msg": "The view has been deleted"}
    assert [v["title"] for v in ctx.views()] == ["Tasks"]
    ctx.client.delete(url, headers=ctx.h, status=404)


def test_default_view_cannot_be_deleted(ctx):
    res = ctx.client.delete(f"{META}/views/{ctx.default_view['id']}", headers=ctx.h, status=400).json
    assert res == {"msg": "The default view cannot be deleted"}
    assert [v["id"] for v in ctx.views()] == [ctx.default_view["id"]]


def test_form_settings(ctx):
    form = ctx.create("forms", {"title": "Sign up", "heading": "Hello", "success_msg": "Thanks"})
    url = f"{META}/forms/{form['id']}"
    body = ctx.client.get(url, headers=ctx.h).json
    assert (body["heading"], body["success_msg"], body["fk_view_id"]) == ("Hello", "Thanks", form["id"])
    patch = {
        "subheading": "Sub",
        "submit_another_form": True,
        "show_blank_form": True,
        "redirect_url": "https://x.org/a",
    }
    body = ctx.client.patch_json(url, patch, headers=ctx.h).json
    assert (body["subheading"], body["submit_another_form"], body["show_blank_form"]) == ("Sub", True, True)
    assert body["redirect_url"] == "https://x.org/a"
    bad = ctx.client.patch_json(url, {"redirect_url": "javascript:alert(1)"}, headers=ctx.h, status=400).json
    assert bad["msg"].startswith("Invalid redirect_url")
    bad = ctx.client.patch_json(url, {"show_blank_form": "maybe"}, headers=ctx.h, status=400).json
    assert bad["msg"].startswith("Invalid show_blank_form")
    assert ctx.client.get(url, headers=ctx.h).json["redirect_url"] == "https://x.org/a"
    # Per-field settings.
    column = next(c for c in body["columns"] if c["fk_column_id"] == ctx.col["Name"])
    res = ctx.client.patch_json(
        f"{META}/form-columns/{column['id']}",
        {"label": "Your name", "description": "d", "help": "h", "required": True, "order": 1},
        headers=ctx.h,
    ).json
    assert (res["label"], res["description"], res["help"], res["required"], res["order"]) == (
        "Your name",
        "d",
        "h",
        True,
        1,
    )
    bad = ctx.client.patch_json(f"{META}/form-columns/{column['id']}", {"label": 5}, headers=ctx.h, status=400).json
    assert bad["msg"].startswith("Invalid label")
    body = ctx.client.get(url, headers=ctx.h).json
    assert next(c for c in body["columns"] if c["id"] == column["id"])["label"] == "Your name"
    # The form path does not answer another type's view.
    ctx.client.get(f"{META}/forms/{ctx.default_view['id']}", headers=ctx.h, status=404)


def test_gallery_kanban_calendar_settings_are_checked(ctx):
    gallery = ctx.create("galleries", {"title": "G"})
    url = f"{META}/galleries/{gallery['id']}"
    assert (
        ctx.client.patch_json(url, {"fk_cover_image_col_id": ctx.col["Photo"]}, headers=ctx.h).json[
            "fk_cover_image_col_id"
        ]
        == ctx.col["Photo"]
    )
    bad = ctx.client.patch_json(url, {"fk_cover_image_col_id": ctx.col["Name"]}, headers=ctx.h, status=400).json
    assert "Attachment" in bad["msg"]
    kanban = ctx.create("kanbans", {"title": "K"})
    url = f"{META}/kanbans/{kanban['id']}"
    bad = ctx.client.patch_json(url, {"fk_grp_col_id": ctx.col["Qty"]}, headers=ctx.h, status=400).json
    assert bad["msg"] == "Invalid fk_grp_col_id: field 'Qty' must be of type SingleSelect"
    stacks = {ctx.col["Status"]: [{"id": "todo", "collapsed": True}]}
    res = ctx.client.patch_json(url, {"meta": stacks}, headers=ctx.h).json
    assert res["meta"] == stacks
    assert res["fk_grp_col_id"] == ctx.col["Status"]
    assert ctx.create("kanbans", {"title": "K2", "fk_grp_col_id": ctx.col["Due"]}, status=400)["msg"].startswith(
        "Invalid fk_grp_col_id"
    )
    calendar = ctx.create("calendars", {"title": "C"})
    url = f"{META}/calendars/{calendar['id']}"
    bad = ctx.client.patch_json(
        url, {"calendar_range": [{"fk_from_column_id": ctx.col["Name"]}]}, headers=ctx.h, status=400
    ).json
    assert "Date or DateTime" in bad["msg"]
    assert ctx.client.get(url, headers=ctx.h).json["calendar_range"][0]["fk_from_column_id"] == ctx.col["Due"]
    grid = ctx.create("grids", {"title": "Gr"})
    assert ctx.client.patch_json(f"{META}/grids/{grid['id']}", {"row_height": 2}, headers=ctx.h).json["row_height"] == 2
    ctx.client.patch_json(f"{META}/grids/{grid['id']}", {"row_height": 9}, headers=ctx.h, status=400)


def test_grid_columns_and_show_hide_all(ctx):
    view = ctx.default_view["id"]
    cols = ctx.client.get(f"{META}/grids/{view}/grid-columns", headers=ctx.h).json["list"]
    name = next(c for c in cols if c["fk_column_id"] == ctx.col["Name"])
    res = ctx.client.patch_json(f"{META}/grid-columns/{name['id']}", {"width": 300, "show": True}, headers=ctx.h).json
    assert res["width"] == "300px"
    ctx.client.patch_json(f"{META}/grid-columns/{name['id']}", {"width": {"a": 1}}, headers=ctx.h, status=400)
    ctx.client.patch_json(f"{META}/grid-columns/nc_missing", {"width": 10}, headers=ctx.h, status=404)
    ctx.client.post(f"{META}/views/{view}/hide-all", headers=ctx.h)
    shown = {
        c["fk_column_id"]
        for c in ctx.client.get(f"{META}/grids/{view}/grid-columns", headers=ctx.h).json["list"]
        if c["show"]
    }
    assert shown == {ctx.col["Name"]}  # the display value stays
    ctx.client.post(f"/api/v2/meta/views/{view}/show-all", headers=ctx.h)
    shown = {
        c["fk_column_id"]
        for c in ctx.client.get(f"{META}/grids/{view}/grid-columns", headers=ctx.h).json["list"]
        if c["show"]
    }
    assert ctx.col["Secret"] in shown
    assert ctx.col["CreatedAt"] not in shown


def test_new_columns_appear_in_every_view(ctx):
    form = ctx.create("forms", {"title": "F"})
    ctx.client.post_json(
        f"{META}/tables/{ctx.table['id']}/columns", {"title": "Extra", "uidt": "Number"}, headers=ctx.h
    )
    table = ctx.client.get(f"{META}/tables/{ctx.table['id']}", headers=ctx.h).json
    extra = next(c["id"] for c in table["columns"] if c["title"] == "Extra")
    for view in (form["id"], ctx.default_view["id"]):
        cols = ctx.client.get(f"{META}/views/{view}/columns", headers=ctx.h).json["list"]
        assert extra in {c["fk_column_id"] for c in cols}


@pytest.mark.parametrize(("role", "allowed"), [("editor", True), ("commenter", False), ("viewer", False)])
def test_roles(ctx, role, allowed):
    h = ctx.member(f"{role}@example.com", role)
    status = 200 if allowed else 403
    view = ctx.create("grids", {"title": "R"}, status=status, headers=h)
    assert len(ctx.views(headers=h)) == (2 if allowed else 1)  # every role reads the list
    mine = view["id"] if allowed else ctx.create("grids", {"title": "R"})["id"]
    ctx.client.patch_json(f"{META}/views/{mine}", {"title": "S"}, headers=h, status=status)
    ctx.client.patch_json(f"{META}/grids/{mine}", {"row_height": 1}, headers=h, status=status)
    ctx.client.post(f"{META}/views/{mine}/hide-all", headers=h, status=status)
    ctx.client.delete(f"{META}/views/{mine}", headers=h, status=status)
    stranger = ctx.client.auth(ctx.client.signup("stranger@example.com"))
    ctx.client.get(f"{META}/tables/{ctx.table['id']}/views", headers=stranger, status=403)
    ctx.client.get(f"{META}/tables/{ctx.table['id']}/views", status=401)


def test_locked_view_refuses_editors(ctx):
    editor = ctx.member("editor@example.com", "editor")
    view = ctx.create("grids", {"title": "L"})
    url = f"{META}/views/{view['id']}"
    ctx.client.patch_json(url, {"lock_type": "locked"}, headers=ctx.h)
    res = ctx.client.post_json(f"{url}/sorts", {"fk_column_id": ctx.col["Name"]}, headers=editor, status=403).json
    assert "locked" in res["msg"]
    ctx.client.patch_json(f"{META}/grids/{view['id']}", {"row_height": 1}, headers=editor, status=403)
    ctx.client.post(f"{url}/hide-all", headers=editor, status=403)
    ctx.client.patch_json(url, {"lock_type": "collaborative"}, headers=editor, status=403)
    # Renaming is not configuration.
    assert ctx.client.patch_json(url, {"title": "L2"}, headers=editor).json["title"] == "L2"
    # The owner still configures it, and unlocks it.
    ctx.client.post_json(f"{url}/sorts", {"fk_column_id": ctx.col["Name"]}, headers=ctx.h)
    ctx.client.patch_json(url, {"lock_type": "collaborative"}, headers=ctx.h)
    ctx.client.post(f"{url}/hide-all", headers=editor)

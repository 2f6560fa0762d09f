"""A form view filled in inside the app: members who may add records submit it without a
share, under the form's rules (shown fields only, its required ones, attachments as files);
commenters, viewers and outsiders are refused, and other view types take no submissions."""

import pytest

from tests.functional.views.conftest import META

pytestmark = pytest.mark.dialects


def submit_path(view_id: str) -> str:
    return f"{META}/views/{view_id}/form-rows"


@pytest.fixture
def form(ctx):
    """An unshared form hiding Secret, with Qty required and labelled "How many"."""
    view = ctx.create("forms", {"title": "Apply"})
    ctx.client.patch_json(f"{META}/views/{view['id']}/columns/{ctx.col['Secret']}", {"show": False}, headers=ctx.h)
    columns = ctx.client.get(f"{META}/forms/{view['id']}", headers=ctx.h).json["columns"]
    qty = next(c for c in columns if c["fk_column_id"] == ctx.col["Qty"])
    ctx.client.patch_json(f"{META}/form-columns/{qty['id']}", {"required": True, "label": "How many"}, headers=ctx.h)
    return view


def _names(ctx):
    rows = ctx.client.get(f"/api/v2/tables/{ctx.table['id']}/records", headers=ctx.h).json["list"]
    return sorted(r["Name"] for r in rows)


def test_an_editor_submits_an_unshared_form(ctx, form):
    editor = ctx.member("editor@example.com", "editor")
    row = ctx.client.post_json(submit_path(form["id"]), {"Name": "Ann", "Qty": 2}, headers=editor).json
    assert (row["Name"], row["Qty"]) == ("Ann", 2)
    assert "Secret" not in row
    # The v2 alias takes it too; the form was never shared.
    ctx.client.post_json(f"/api/v2/meta/views/{form['id']}/form-rows", {"Name": "Bo", "Qty": 1}, headers=editor)
    assert _names(ctx) == ["Ann", "Bo"]
    assert ctx.client.get(f"{META}/forms/{form['id']}", headers=ctx.h).json.get("uuid") in (None, "")


@pytest.mark.parametrize(
    ("body", "msg"),
    [
        ({"Name": "Ann"}, "How many is required"),
        ({"Name": "Ann", "Qty": 1, "Secret": "x"}, "Field 'Secret' is not in this form"),
        ({"Name": "Ann", "Qty": "many"}, "Invalid value for field 'Qty'"),
        ([1], "data must be a JSON object"),
    ],
)
def test_the_form_rules_apply(ctx, form, body, msg):
    res = ctx.client.post_json(submit_path(form["id"]), body, headers=ctx.h, status=400).json
    assert res["msg"].startswith(msg)
    assert _names(ctx) == []


def test_attachments_come_as_files(ctx, form):
    res = ctx.client.post(
        submit_path(form["id"]),
        {"data": '{"Name": "Cy", "Qty": 3}'},
        upload_files=[("_Photo", "me.txt", b"hello")],
        headers=ctx.h,
    ).json
    [photo] = res["Photo"]
    assert (photo["title"], photo["size"]) == ("me.txt", 5)


@pytest.mark.parametrize("role", ["commenter", "viewer"])
def test_who_may_not_add_records_is_refused(ctx, form, role):
    headers = ctx.member(f"{role}@example.com", role)
    res = ctx.client.post_json(submit_path(form["id"]), {"Name": "Ann", "Qty": 1}, headers=headers, status=403).json
    assert res["msg"]
    assert _names(ctx) == []


def test_outsiders_and_anonymous_callers_are_refused(ctx, form):
    stranger = ctx.client.auth(ctx.client.signup("stranger@example.com"))
    ctx.client.post_json(submit_path(form["id"]), {"Name": "Ann", "Qty": 1}, headers=stranger, status=403)
    ctx.client.post_json(submit_path(form["id"]), {"Name": "Ann", "Qty": 1}, status=401)
    assert _names(ctx) == []


def test_only_forms_take_submissions(ctx):
    grid = ctx.create("grids", {"title": "G"})
    res = ctx.client.post_json(submit_path(grid["id"]), {"Name": "x"}, headers=ctx.h, status=404).json
    assert res["msg"] == f"View '{grid['id']}' is not a form"
    ctx.client.post_json(submit_path("nope"), {"Name": "x"}, headers=ctx.h, status=404)

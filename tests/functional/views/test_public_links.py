"""Shared views and link fields, grouping, kanban stacks, signed attachment links and
formula redaction: what the public sees of linked tables is their key and display value
only, and hidden fields' names never reach it."""

import pytest

from tests.functional.views.conftest import META
from tests.functional.views.test_public import PUBLIC1, PUBLIC2, hide, share
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def linked(ctx):
    """People (Name shown as display value, Email never public), linked from Tasks by a
    belongs-to ``Owner`` and a many-to-many ``Helpers``."""
    people = create_table(ctx.client, ctx.token, ctx.project["id"], "People", [{"title": "Name"}, {"title": "Email"}])
    url = f"/api/v2/tables/{people['id']}/records"
    ctx.client.post_json(url, [{"Name": n, "Email": f"{n}@x.org"} for n in ("Ann", "Bob", "Cy")], headers=ctx.h)
    for title, kind in (("Owner", "bt"), ("Helpers", "mm")):
        body = {"title": title, "uidt": "LinkToAnotherRecord", "parentId": ctx.table["id"], "childId": people["id"]}
        ctx.client.post_json(f"{META}/tables/{ctx.table['id']}/columns", {**body, "type": kind}, headers=ctx.h)
    table = ctx.client.get(f"{META}/tables/{ctx.table['id']}", headers=ctx.h).json
    ctx.col = {c["title"]: c["id"] for c in table["columns"]}
    ctx.people = people
    return people


def _form(ctx, **settings):
    view = ctx.create("forms", {"title": "Apply"})
    hide(ctx, view["id"], "Secret")
    if settings:
        columns = ctx.client.get(f"{META}/forms/{view['id']}", headers=ctx.h).json["columns"]
        for title, patch in settings.items():
            column = next(c for c in columns if c["fk_column_id"] == ctx.col[title])
            ctx.client.patch_json(f"{META}/form-columns/{column['id']}", patch, headers=ctx.h)
    return view, share(ctx, view["id"])


def _count(ctx):
    return ctx.client.get(f"/api/v2/tables/{ctx.table['id']}/records/count", headers=ctx.h).json["count"]


def test_meta_related_metas_show_key_and_display_value_only(ctx, linked):
    _view, uuid = _form(ctx)
    meta = ctx.client.get(f"{PUBLIC1}/{uuid}/meta").json
    assert set(meta["relatedMetas"]) == {linked["id"]}
    related = meta["relatedMetas"][linked["id"]]
    assert related["title"] == "People"
    assert {c["title"] for c in related["columns"]} == {"Id", "Name"}
    assert "Email" not in str(meta["relatedMetas"])
    owner = next(c for c in meta["model"]["columns"] if c["title"] == "Owner")
    assert owner["colOptions"]["fk_related_model_id"] == linked["id"]


def test_nested_lists_choices_with_key_and_display_value(ctx, linked):
    _view, uuid = _form(ctx)
    for prefix in (PUBLIC1, PUBLIC2):
        page = ctx.client.get(f"{prefix}/{uuid}/nested/{ctx.col['Helpers']}").json
        assert [r["Name"] for r in page["list"]] == ["Ann", "Bob", "Cy"]
        assert all(set(r) == {"Id", "Name"} for r in page["list"])
        assert page["pageInfo"]["totalRows"] == 3
    page = ctx.client.get(f"{PUBLIC1}/{uuid}/nested/Owner", {"where": "(Name,like,%o%)"}).json
    assert [r["Name"] for r in page["list"]] == ["Bob"]
    page = ctx.client.get(f"{PUBLIC1}/{uuid}/nested/Owner", {"limit": 1, "offset": 1}).json
    assert ([r["Name"] for r in page["list"]], page["pageInfo"]["totalRows"]) == (["Bob"], 3)
    for params in ({"where": "(Email,eq,Ann@x.org)"}, {"fields": "Email"}, {"sort": "-Email"}):
        res = ctx.client.get(f"{PUBLIC1}/{uuid}/nested/Owner", params, status=400).json
        assert res["msg"] == "Field 'Email' not found in table 'People'"
    ctx.client.get(f"{PUBLIC1}/{uuid}/nested/{ctx.col['Name']}", status=404)  # not a link
    ctx.client.get(f"{PUBLIC1}/{uuid}/nested/Nope", status=404)


def test_nested_refused_for_hidden_links_and_row_views(ctx, linked):
    view, uuid = _form(ctx)
    hide(ctx, view["id"], "Helpers")
    ctx.client.get(f"{PUBLIC1}/{uuid}/nested/{ctx.col['Helpers']}", status=404)
    grid = ctx.create("grids", {"title": "Public"})
    ctx.client.get(f"{PUBLIC1}/{share(ctx, grid['id'])}/nested/{ctx.col['Owner']}", status=404)


def test_form_submission_creates_links(ctx, linked):
    _view, uuid = _form(ctx)
    people = ctx.client.get(f"/api/v2/tables/{linked['id']}/records", headers=ctx.h).json["list"]
    ann, bob, cy = (p["Id"] for p in people)
    row = ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "t", "Owner": ann, "Helpers": [bob, {"Id": cy}]}).json
    record = ctx.client.get(
        f"/api/v1/db/data/noco/{ctx.project['id']}/{ctx.table['id']}/{row['Id']}", headers=ctx.h
    ).json
    assert record["Owner"]["Name"] == "Ann"
    assert sorted(h["Name"] for h in record["Helpers"]) == ["Bob", "Cy"]


@pytest.mark.parametrize(
    ("body", "msg"),
    [
        ({"Name": "t"}, "Helpers is required"),
        ({"Name": "t", "Helpers": []}, "Helpers is required"),
        ({"Name": "t", "Helpers": [999999]}, "Helpers: record '999999' not found in table 'People'"),
        ({"Name": "t", "Helpers": [1], "Owner": [1, 2]}, "Owner links one record"),
        ({"Name": "t", "Helpers": [1], "Owner": "x"}, None),
    ],
)
def test_form_link_rules(ctx, linked, body, msg):
    _view, uuid = _form(ctx, Helpers={"required": True})
    before = _count(ctx)
    res = ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", body, status=400).json
    if msg is not None:
        assert res["msg"] == msg
    assert _count(ctx) == before


def test_required_belongs_to_by_its_foreign_key(ctx):
    people = create_table(ctx.client, ctx.token, ctx.project["id"], "People", [{"title": "Name"}])
    ctx.client.post_json(f"/api/v2/tables/{people['id']}/records", [{"Name": "Ann"}], headers=ctx.h)
    body = {"title": "Owner", "uidt": "LinkToAnotherRecord", "childId": people["id"], "type": "bt", "rqd": True}
    ctx.client.post_json(f"{META}/tables/{ctx.table['id']}/columns", body, headers=ctx.h)
    view = ctx.create("forms", {"title": "Apply"})
    uuid = share(ctx, view["id"])
    assert ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "t"}, status=400).json["msg"] == "Owner is required"
    ann = ctx.client.get(f"{PUBLIC1}/{uuid}/nested/Owner").json["list"][0]["Id"]
    row = ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "t", "Owner": {"Id": ann}}).json
    record = ctx.client.get(f"/api/v2/tables/{ctx.table['id']}/records/{row['Id']}", headers=ctx.h).json
    assert record["Owner"]["Name"] == "Ann"


def test_linked_records_of_a_shown_row(ctx, linked):
    people = ctx.client.get(f"/api/v2/tables/{linked['id']}/records", headers=ctx.h).json["list"]
    rows = ctx.rows([{"Name": "a", "Qty": 5}, {"Name": "b", "Qty": 0}])
    for row in rows:
        url = f"/api/v2/tables/{ctx.table['id']}/links/{ctx.col['Helpers']}/records/{row['Id']}"
        ctx.client.post_json(url, [people[0]["Id"], people[2]["Id"]], headers=ctx.h)
    view = ctx.create("grids", {"title": "Public"})
    ctx.client.post_json(
        f"{META}/views/{view['id']}/filters",
        {"fk_column_id": ctx.col["Qty"], "comparison_op": "gt", "value": "1"},
        headers=ctx.h,
    )
    uuid = share(ctx, view["id"])
    shown, filtered = rows[0]["Id"], rows[1]["Id"]
    for prefix in (PUBLIC1, PUBLIC2):
        page = ctx.client.get(f"{prefix}/{uuid}/rows/{shown}/mm/{ctx.col['Helpers']}").json
        assert [r["Name"] for r in page["list"]] == ["Ann", "Cy"]
        assert all(set(r) == {"Id", "Name"} for r in page["list"])
    ctx.client.get(f"{PUBLIC1}/{uuid}/rows/{filtered}/mm/{ctx.col['Helpers']}", status=404)
    assert "is a mm link" in ctx.client.get(f"{PUBLIC1}/{uuid}/rows/{shown}/hm/Helpers", status=400).json["msg"]
    hide(ctx, view["id"], "Helpers")
    ctx.client.get(f"{PUBLIC1}/{uuid}/rows/{shown}/mm/{ctx.col['Helpers']}", status=404)


def test_group_endpoint(ctx):
    view = ctx.create("grids", {"title": "Public"})
    hide(ctx, view["id"], "Secret")
    ctx.rows([{"Name": f"n{i}", "Secret": "s", "Qty": i, "Status": "todo" if i % 2 else "done"} for i in range(5)])
    uuid = share(ctx, view["id"])
    for prefix in (PUBLIC1, PUBLIC2):
        groups = ctx.client.get(f"{prefix}/{uuid}/group/{ctx.col['Status']}", {"sort": "Qty"}).json
        by_key = {g["key"]: g["value"] for g in groups}
        assert set(by_key) == {"todo", "done"}
        assert [r["Qty"] for r in by_key["done"]["list"]] == [0, 2, 4]
        assert by_key["todo"]["pageInfo"]["totalRows"] == 2
        assert all("Secret" not in r for g in groups for r in g["value"]["list"])
    groups = ctx.client.get(f"{PUBLIC1}/{uuid}/group/Status", {"options": '["todo"]', "limit": 1}).json
    assert [(g["key"], len(g["value"]["list"])) for g in groups] == [("todo", 1)]
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/group/Secret", status=400).json
    assert res["msg"] == "Field 'Secret' not found in table 'Tasks'"


def test_kanban_reads_its_hidden_stacking_field_only(ctx):
    view = ctx.create("kanbans", {"title": "Board", "fk_grp_col_id": ctx.col["Status"]})
    hide(ctx, view["id"], "Status")
    hide(ctx, view["id"], "Secret")
    ctx.rows([{"Name": "a", "Secret": "s", "Status": "todo"}])
    uuid = share(ctx, view["id"])
    meta = ctx.client.get(f"{PUBLIC1}/{uuid}/meta").json
    status = next(c for c in meta["model"]["columns"] if c["title"] == "Status")
    assert status["show"] is False
    assert [o["title"] for o in status["colOptions"]["options"]] == ["todo", "done"]
    assert "Secret" not in str(meta)
    row = ctx.client.get(f"{PUBLIC1}/{uuid}/rows").json["list"][0]
    assert row["Status"] == "todo"
    assert "Secret" not in row
    groups = ctx.client.get(f"{PUBLIC1}/{uuid}/group/Status").json
    assert [g["key"] for g in groups if g["value"]["list"]] == ["todo"]
    grid = ctx.create("grids", {"title": "Grid"})
    hide(ctx, grid["id"], "Status")
    assert "Status" not in ctx.client.get(f"{PUBLIC1}/{share(ctx, grid['id'])}/rows").json["list"][0]


def test_protected_gallery_rows_carry_signed_links(ctx):
    files = ctx.client.post(
        f"/api/v1/db/storage/upload?project_id={ctx.project['id']}&column_id={ctx.col['Photo']}",
        upload_files=[("file", "cover.txt", b"cover!")],
        headers=ctx.h,
    ).json
    ctx.rows([{"Name": "shown", "Qty": 5, "Photo": files}])
    view = ctx.create("galleries", {"title": "Cards", "fk_cover_image_col_id": ctx.col["Photo"]})
    uuid = share(ctx, view["id"], password="open sesame")
    ctx.client.get(f"{PUBLIC1}/{uuid}/rows", status=403)
    row = ctx.client.get(f"{PUBLIC1}/{uuid}/rows", headers={"xc-password": "open sesame"}).json["list"][0]
    signed = row["Photo"][0]["signedPath"]
    assert "?" in signed or "/signed" in signed or signed != files[0]["path"]
    assert ctx.client.get("/" + signed.lstrip("/")).body == b"cover!"  # no password, no token


def test_formula_naming_hidden_fields_is_redacted(ctx):
    for title, formula in (("Leaky", "CONCAT({Name}, {Secret})"), ("Plain", "CONCAT({Name}, {Qty})")):
        body = {"title": title, "uidt": "Formula", "formula_raw": formula}
        ctx.client.post_json(f"{META}/tables/{ctx.table['id']}/columns", body, headers=ctx.h)
    view = ctx.create("grids", {"title": "Public"})
    hide(ctx, view["id"], "Secret")
    uuid = share(ctx, view["id"])
    meta = ctx.client.get(f"{PUBLIC1}/{uuid}/meta").json
    assert "Secret" not in str(meta)
    columns = {c["title"]: c for c in meta["model"]["columns"]}
    assert columns["Leaky"]["formula_raw"] is None
    assert columns["Leaky"]["colOptions"]["formula"] is None
    assert columns["Plain"]["formula_raw"] == "CONCAT({Name}, {Qty})"
    ctx.client.patch_json(f"{META}/views/{view['id']}/columns/{ctx.col['Secret']}", {"show": True}, headers=ctx.h)
    meta = ctx.client.get(f"{PUBLIC1}/{uuid}/meta").json
    assert (
        next(c for c in meta["model"]["columns"] if c["title"] == "Leaky")["formula_raw"] == "CONCAT({Name}, {Secret})"
    )


def test_form_submission_links_has_many(ctx, linked):
    body = {"title": "Reports", "uidt": "LinkToAnotherRecord", "childId": linked["id"], "type": "hm"}
    ctx.client.post_json(f"{META}/tables/{ctx.table['id']}/columns", body, headers=ctx.h)
    _view, uuid = _form(ctx)
    people = ctx.client.get(f"{PUBLIC2}/{uuid}/nested/Reports").json["list"]
    assert [set(p) for p in people] == [{"Id", "Name"}] * 3
    row = ctx.client.post_json(f"{PUBLIC2}/{uuid}/rows", {"Name": "t", "Reports": [people[1]["Id"]]}).json
    record = ctx.client.get(
        f"/api/v1/db/data/noco/{ctx.project['id']}/{ctx.table['id']}/{row['Id']}", headers=ctx.h
    ).json
    assert [p["Name"] for p in record["Reports"]] == ["Bob"]

"""The public API of shared views: meta, rows, CSV, form submissions, passwords; hidden
fields never leak; no sign-in needed."""

import base64
import csv
import io

import openpyxl
import pytest

from tests.functional.views.conftest import META
from workbench.hookspecs import hookimpl

pytestmark = pytest.mark.dialects

PUBLIC1, PUBLIC2 = "/api/v1/db/public/shared-view", "/api/v2/public/shared-view"


def share(ctx, view_id, **patch) -> str:
    uuid = ctx.client.post(f"{META}/views/{view_id}/share", headers=ctx.h).json["uuid"]
    if patch:
        ctx.client.patch_json(f"{META}/views/{view_id}/share", patch, headers=ctx.h)
    return uuid


def hide(ctx, view_id, title):
    ctx.client.patch_json(f"{META}/views/{view_id}/columns/{ctx.col[title]}", {"show": False}, headers=ctx.h)


@pytest.fixture
def grid(ctx):
    """A shared grid hiding Secret, filtered on Qty > 1, sorted by Qty descending."""
    view = ctx.create("grids", {"title": "Public"})
    hide(ctx, view["id"], "Secret")
    ctx.client.post_json(
        f"{META}/views/{view['id']}/filters",
        {"fk_column_id": ctx.col["Qty"], "comparison_op": "gt", "value": "1"},
        headers=ctx.h,
    )
    ctx.client.post_json(
        f"{META}/views/{view['id']}/sorts", {"fk_column_id": ctx.col["Qty"], "direction": "desc"}, headers=ctx.h
    )
    ctx.rows([{"Name": f"n{i}", "Secret": f"s{i}", "Qty": i, "Status": "todo" if i % 2 else "done"} for i in range(6)])
    return view, share(ctx, view["id"])


def test_meta_shows_only_shown_fields(ctx, grid):
    view, uuid = grid
    meta = ctx.client.get(f"{PUBLIC1}/{uuid}/meta").json
    assert (meta["id"], meta["title"], meta["type"], meta["uuid"]) == (view["id"], "Public", 3, uuid)
    titles = {c["title"] for c in meta["model"]["columns"]}
    assert "Secret" not in titles
    assert {"Name", "Qty", "Status", "Id"} <= titles
    assert meta["relatedMetas"] == {}
    assert "Secret" not in str(meta)
    assert ctx.client.get(f"{PUBLIC2}/{uuid}/meta").json["id"] == view["id"]
    ctx.client.get(f"{PUBLIC1}/00000000-0000-0000-0000-000000000000/meta", status=404)


def test_rows_apply_the_view_and_hide_fields(ctx, grid):
    _view, uuid = grid
    page = ctx.client.get(f"{PUBLIC1}/{uuid}/rows").json
    assert [r["Qty"] for r in page["list"]] == [5, 4, 3, 2]
    assert page["pageInfo"]["totalRows"] == 4
    assert all("Secret" not in r for r in page["list"])
    assert {"Id", "Name"} <= set(page["list"][0])
    page = ctx.client.get(f"{PUBLIC2}/{uuid}/rows", {"limit": 2, "offset": 1}).json
    assert [r["Qty"] for r in page["list"]] == [4, 3]
    assert page["pageInfo"]["totalRows"] == 4
    assert [r["Qty"] for r in ctx.client.get(f"{PUBLIC1}/{uuid}/rows", {"where": "(Status,eq,todo)"}).json["list"]] == [
        5,
        3,
    ]
    sort = f'[{{"fk_column_id": "{ctx.col["Name"]}", "direction": "asc"}}]'
    assert [r["Name"] for r in ctx.client.get(f"{PUBLIC1}/{uuid}/rows", {"sortArrJson": sort}).json["list"]] == [
        "n2",
        "n3",
        "n4",
        "n5",
    ]
    filters = f'[{{"fk_column_id": "{ctx.col["Qty"]}", "comparison_op": "lt", "value": "4"}}]'
    assert [r["Qty"] for r in ctx.client.get(f"{PUBLIC1}/{uuid}/rows", {"filterArrJson": filters}).json["list"]] == [
        3,
        2,
    ]


@pytest.mark.parametrize(
    "params",
    [
        {"where": "(Secret,eq,s3)"},
        {"fields": "Name,Secret"},
        {"sort": "-Secret"},
        {
            "filterArrJson": '[{"is_group": true, "children": [{"fk_column_id": "Secret", '
            '"comparison_op": "eq", "value": "s3"}]}]'
        },
        {"sortArrJson": '[{"fk_column_id": "Secret"}]'},
    ],
)
def test_hidden_fields_cannot_be_read_or_probed(ctx, grid, params):
    _view, uuid = grid
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/rows", params, status=400).json
    assert res["msg"] == "Field 'Secret' not found in table 'Tasks'"


def test_password_protection(ctx, grid):
    view, uuid = grid
    ctx.client.patch_json(f"{META}/views/{view['id']}/share", {"password": "open sesame"}, headers=ctx.h)
    for path in ("meta", "rows"):
        missing = ctx.client.get(f"{PUBLIC1}/{uuid}/{path}", status=403).json
        assert missing["msg"] == "INVALID_SHARED_VIEW_PASSWORD"
        wrong = ctx.client.get(f"{PUBLIC1}/{uuid}/{path}", headers={"xc-password": "nope"}, status=403).json
        assert wrong["msg"] == "INVALID_SHARED_VIEW_PASSWORD"
        ctx.client.get(f"{PUBLIC1}/{uuid}/{path}", headers={"xc-password": "open sesame"})
    assert ctx.client.get(f"{PUBLIC1}/{uuid}/meta", headers={"xc-password": "open sesame"}).json["password_protected"]
    ctx.client.get(f"{PUBLIC1}/{uuid}/rows/export/csv", status=403)


def test_csv_download_only_when_allowed(ctx, grid):
    view, uuid = grid
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/rows/export/csv", status=403).json
    assert res["msg"] == "Download is not allowed for this view"
    ctx.client.patch_json(f"{META}/views/{view['id']}/share", {"meta": {"allowCSVDownload": True}}, headers=ctx.h)
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/rows/export/csv")
    assert res.content_type == "text/csv"
    assert res.headers["nc-export-offset"] == "-1"
    lines = list(csv.reader(io.StringIO(res.text)))
    assert "Secret" not in lines[0]
    name = lines[0].index("Name")
    assert [line[name] for line in lines[1:]] == ["n5", "n4", "n3", "n2"]
    book = openpyxl.load_workbook(
        io.BytesIO(base64.b64decode(ctx.client.get(f"{PUBLIC1}/{uuid}/rows/export/excel").body))
    )
    assert [c.value for c in next(book.active.iter_rows())] == lines[0]
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/rows/export/pdf", status=400).json
    assert res["msg"].startswith("Unknown export format 'pdf'")
    ctx.client.get(f"{PUBLIC1}/{uuid}/rows/export/csv", {"fields": "Name,Secret"}, status=400)
    ctx.client.get(f"{PUBLIC1}/{uuid}/rows/export/csv", {"fields[]": "Secret"}, status=400)


def test_shared_csv_neutralises_cells_that_start_like_a_formula(ctx, grid):
    view, uuid = grid
    ctx.client.patch_json(f"{META}/views/{view['id']}/share", {"meta": {"allowCSVDownload": True}}, headers=ctx.h)
    ctx.rows([{"Name": '=HYPERLINK("http://evil.example","x")', "Qty": 9}, {"Name": "@SUM(A1)", "Qty": 8}])
    lines = list(csv.reader(io.StringIO(ctx.client.get(f"{PUBLIC1}/{uuid}/rows/export/csv").text)))
    name = lines[0].index("Name")
    assert [line[name] for line in lines[1:3]] == ['\'=HYPERLINK("http://evil.example","x")', "'@SUM(A1)"]


@pytest.fixture
def form(ctx):
    view = ctx.create("forms", {"title": "Apply", "success_msg": "Thanks"})
    hide(ctx, view["id"], "Secret")
    columns = ctx.client.get(f"{META}/forms/{view['id']}", headers=ctx.h).json["columns"]
    qty = next(c for c in columns if c["fk_column_id"] == ctx.col["Qty"])
    ctx.client.patch_json(f"{META}/form-columns/{qty['id']}", {"required": True, "label": "How many"}, headers=ctx.h)
    return view, share(ctx, view["id"])


def _count(ctx):
    return ctx.client.get(f"/api/v2/tables/{ctx.table['id']}/records/count", headers=ctx.h).json["count"]


def test_form_meta_and_submit(ctx, form):
    _view, uuid = form
    meta = ctx.client.get(f"{PUBLIC1}/{uuid}/meta").json
    assert meta["view"]["success_msg"] == "Thanks"
    qty = next(c for c in meta["model"]["columns"] if c["title"] == "Qty")
    assert (qty["label"], qty["required"]) == ("How many", True)
    assert "Secret" not in {c["title"] for c in meta["model"]["columns"]}
    row = ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "Ann", "Qty": 2}).json
    assert (row["Name"], row["Qty"]) == ("Ann", 2)
    assert "Secret" not in row
    assert _count(ctx) == 1
    # The form's rows are not readable by the public.
    ctx.client.get(f"{PUBLIC1}/{uuid}/rows", status=404)


@pytest.mark.parametrize(
    ("body", "msg"),
    [
        ({"Name": "Ann"}, "How many is required"),
        ({"Name": "Ann", "Qty": None}, "How many is required"),
        ({"Name": "Ann", "Qty": 1, "Secret": "x"}, "Field 'Secret' is not in this form"),
        ({"Name": "Ann", "Qty": 1, "Nope": "x"}, "Field 'Nope' is not in this form"),
        ({"Name": "Ann", "Qty": "many"}, "Invalid value for field 'Qty'"),
        ([1, 2], "data must be a JSON object"),
    ],
)
def test_form_validation(ctx, form, body, msg):
    _view, uuid = form
    res = ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", body, status=400).json
    assert res["msg"].startswith(msg)
    assert _count(ctx) == 0


def test_form_required_by_the_field(ctx):
    ctx.client.patch_json(
        f"{META}/columns/{ctx.col['Name']}", {"title": "Name", "uidt": "SingleLineText", "rqd": True}, headers=ctx.h
    )
    view = ctx.create("forms", {"title": "F"})
    uuid = share(ctx, view["id"])
    assert ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Qty": 1}, status=400).json["msg"] == "Name is required"
    assert ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "  "}, status=400).json["msg"] == "Name is required"
    ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "ok"})


def test_form_multipart_with_attachment(ctx, form):
    _view, uuid = form
    res = ctx.client.post(
        f"{PUBLIC1}/{uuid}/rows",
        {"data": '{"Name": "Bob", "Qty": 3}'},
        upload_files=[("_Photo", "me.txt", b"hello")],
    ).json
    assert res["Name"] == "Bob"
    [photo] = res["Photo"]
    assert (photo["title"], photo["size"]) == ("me.txt", 5)
    bad = ctx.client.post(
        f"{PUBLIC1}/{uuid}/rows",
        {"data": '{"Name": "Bob", "Qty": 3}'},
        upload_files=[("_Name", "me.txt", b"hello")],
        status=400,
    ).json
    assert bad["msg"] == "Field 'Name' is not an attachment field of this form"
    assert ctx.client.post(
        f"{PUBLIC1}/{uuid}/rows", {"data": "{oops"}, content_type="multipart/form-data", status=400
    ).json["msg"] == ("data must be a JSON object")
    assert _count(ctx) == 1


def test_grid_does_not_take_submissions(ctx, grid):
    _view, uuid = grid
    ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "x"}, status=404)


def test_form_password(ctx, form):
    view, uuid = form
    ctx.client.patch_json(f"{META}/views/{view['id']}/share", {"password": "pw"}, headers=ctx.h)
    res = ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "A", "Qty": 1}, status=403).json
    assert res["msg"] == "INVALID_SHARED_VIEW_PASSWORD"
    ctx.client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "A", "Qty": 1}, headers={"xc-password": "pw"})
    assert _count(ctx) == 1


class RowListener:
    def __init__(self):
        self.seen = []

    @hookimpl
    def on_rows_changed(self, request, table, action, changes):
        self.seen.append((table.id, action, [after["Name"] for _before, after in changes]))


def test_submission_fires_rows_changed(make_client):
    from workbench.testing.tables import create_table

    from .conftest import COLUMNS, Ctx

    listener = RowListener()
    client = make_client(**{"workbench.plugins.extra": [("listener", listener)]})
    admin = client.signup("admin@example.com")
    project = client.create_project(admin, "P")
    ctx = Ctx(client, admin, project, create_table(client, admin, project["id"], "T", COLUMNS))
    view = ctx.create("forms", {"title": "F"})
    uuid = share(ctx, view["id"])
    client.post_json(f"{PUBLIC1}/{uuid}/rows", {"Name": "Zed"})
    assert listener.seen == [(ctx.table["id"], "insert", ["Zed"])]


def test_groupby_on_shown_fields(ctx, grid):
    _view, uuid = grid
    page = ctx.client.get(f"{PUBLIC1}/{uuid}/groupby", {"column_name": "Status"}).json
    assert {g["Status"]: g["count"] for g in page["list"]} == {"done": 2, "todo": 2}  # the view's filter applies
    assert page["pageInfo"]["totalRows"] == 2
    res = ctx.client.get(f"{PUBLIC2}/{uuid}/groupby", {"column_name": "Secret"}, status=400).json
    assert res["msg"] == "Field 'Secret' not found in table 'Tasks'"


def test_aggregates_of_shown_fields(ctx, grid):
    _view, uuid = grid
    wanted = '[{"field": "Qty", "type": "sum"}, {"field": "Name", "type": "count_filled"}]'
    figures = ctx.client.get(f"{PUBLIC1}/{uuid}/aggregate", {"aggregation": wanted}).json
    assert figures["Qty"]["sum"] == 2 + 3 + 4 + 5  # the view's filter applies
    assert figures["Name"]["count_filled"] == 4
    narrowed = ctx.client.get(f"{PUBLIC2}/{uuid}/aggregate", {"aggregation": wanted, "where": "(Qty,lt,4)"}).json
    assert narrowed["Qty"]["sum"] == 5
    hidden = '[{"field": "Secret", "type": "count_filled"}]'
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/aggregate", {"aggregation": hidden}, status=400).json
    assert res["msg"] == "Field 'Secret' not found in table 'Tasks'"
    # Nor can a filter probe a hidden field.
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/aggregate", {"aggregation": wanted, "where": "(Secret,eq,s3)"}, status=400)
    assert res.json["msg"] == "Field 'Secret' not found in table 'Tasks'"
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/aggregate", {"aggregation": "["}, status=400).json
    assert res["msg"] == "aggregation must be JSON"


def test_search_names_a_shown_field(ctx, grid):
    _view, uuid = grid
    rows = ctx.client.get(f"{PUBLIC1}/{uuid}/rows", {"searchValue": "n3", "searchField": "Name"}).json["list"]
    assert [r["Name"] for r in rows] == ["n3"]
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/rows", {"searchValue": "s3"}, status=400).json
    assert res["msg"] == "searchField is required to search a shared view"
    res = ctx.client.get(f"{PUBLIC1}/{uuid}/rows", {"searchValue": "s3", "searchField": "Secret"}, status=400).json
    assert res["msg"] == "Field 'Secret' not found in table 'Tasks'"


def test_shown_attachments_can_be_downloaded(ctx):
    files = ctx.client.post(
        f"/api/v1/db/storage/upload?project_id={ctx.project['id']}&column_id={ctx.col['Photo']}",
        upload_files=[("file", "cover.txt", b"cover!"), ("file2", "other.txt", b"other")],
        headers=ctx.h,
    ).json
    cover, other = files
    ctx.rows([{"Name": "shown", "Qty": 5, "Photo": [cover]}, {"Name": "filtered", "Qty": 0, "Photo": [other]}])
    view = ctx.create("galleries", {"title": "Cards", "fk_cover_image_col_id": ctx.col["Photo"]})
    ctx.client.post_json(
        f"{META}/views/{view['id']}/filters",
        {"fk_column_id": ctx.col["Qty"], "comparison_op": "gt", "value": "1"},
        headers=ctx.h,
    )
    uuid = share(ctx, view["id"])
    prefix = "api/v1/db/storage/download/"
    assert cover["path"].startswith(prefix)

    def url(file):
        return f"{PUBLIC1}/{uuid}/download/{file['path'][len(prefix) :]}"

    res = ctx.client.get(url(cover))
    assert res.body == b"cover!"
    assert res.headers["X-Content-Type-Options"] == "nosniff"
    ctx.client.get(url(other), status=404)  # its record is filtered out of the view
    ctx.client.get(f"{PUBLIC1}/{uuid}/download/{ctx.project['id']}/nope/cover.txt", status=404)
    hide(ctx, view["id"], "Photo")
    ctx.client.get(url(cover), status=404)  # the field is hidden

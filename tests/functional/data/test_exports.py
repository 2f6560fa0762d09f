"""Downloads of records as CSV and XLSX by signed-in users: NocoDB's paths and chunk loop
(``nc-export-offset``), the streamed file, every view type with its filters, sorts, shown
fields and their order, values written as each field type says, roles, and CSV cells
neutralised."""

from __future__ import annotations

import base64
import csv
import io

import openpyxl
import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

META = "/api/v1/db/meta"
COLUMNS = [
    {"title": "Name", "uidt": "SingleLineText"},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Price", "uidt": "Decimal", "meta": {"precision": 2}},
    {"title": "Ok", "uidt": "Checkbox"},
    {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "todo"}, {"title": "done"}]}},
    {"title": "Tags", "uidt": "MultiSelect", "colOptions": {"options": [{"title": "a"}, {"title": "b"}]}},
    {"title": "Due", "uidt": "Date", "meta": {"date_format": "DD/MM/YYYY"}},
    {"title": "At", "uidt": "DateTime"},
    {"title": "Photo", "uidt": "Attachment"},
    {"title": "Data", "uidt": "JSON"},
]


class Ctx:
    def __init__(self, client, token):
        self.client = client
        self.token = token
        self.h = client.auth(token)
        self.project = client.create_project(token, "Shop")
        self.table = create_table(client, token, self.project["id"], "Items", COLUMNS)
        self.col = {c["title"]: c["id"] for c in self.table["columns"]}
        self.base = f"/api/v1/db/data/noco/{self.project['id']}/{self.table['id']}"

    def rows(self, items, table=None):
        table = table or self.table
        return self.client.post_json(f"/api/v2/tables/{table['id']}/records", items, headers=self.h).json

    def create_view(self, path: str, body: dict) -> dict:
        return self.client.post_json(f"{META}/tables/{self.table['id']}/{path}", body, headers=self.h).json

    def member(self, email: str, role: str) -> dict:
        token = self.client.signup(email)
        self.client.post_json(
            f"{META}/projects/{self.project['id']}/users", {"email": email, "roles": role}, headers=self.h
        )
        return self.client.auth(token)

    def csv(self, path: str, params=None, headers=None, status=200):
        res = self.client.get(path, params or {}, headers=headers or self.h, status=status)
        return res, list(csv.reader(io.StringIO(res.body.decode("utf-8"), newline="")))


@pytest.fixture
def ctx(client, admin):
    return Ctx(client, admin)


def seed(ctx, n=12):
    ctx.rows(
        [
            {
                "Name": f"item {i:02d}",
                "Qty": i % 4,
                "Price": i + 0.5,
                "Ok": i % 2 == 0,
                "Status": "done" if i % 3 == 0 else "todo",
                "Tags": "a,b" if i % 2 else "b",
                "Due": f"2024-03-{i + 1:02d}",
                "At": f"2024-03-{i + 1:02d} 10:30:00",
                "Data": {"n": i},
            }
            for i in range(n)
        ]
    )


def test_csv_of_the_table_writes_each_type_as_it_says(ctx):
    seed(ctx, 3)
    res, lines = ctx.csv(f"{ctx.base}/export/csv")
    assert res.content_type == "text/csv"
    assert res.headers["nc-export-offset"] == "-1"
    assert "nc-export-offset" in res.headers["Access-Control-Expose-Headers"]
    assert 'filename="Items-export.csv"' in res.headers["Content-Disposition"]
    assert res.body.endswith(b"\r\n")
    header = lines[0]
    assert header[:2] == ["Id", "Name"]
    row = dict(zip(header, lines[1], strict=True))
    assert row["Name"] == "item 00"
    assert row["Qty"] == "0"
    assert row["Price"] == "0.5"
    assert row["Ok"] == "true"
    assert row["Status"] == "done"
    assert row["Tags"] == "b"
    assert row["Due"] == "01/03/2024"
    assert row["At"] == "2024-03-01 10:30:00"
    assert row["Data"] == '{"n":0}'
    assert len(lines) == 4


def test_excel_chunk_is_base64_of_a_workbook(ctx):
    seed(ctx, 3)
    res = ctx.client.get(f"{ctx.base}/export/excel", headers=ctx.h)
    assert res.headers["nc-export-offset"] == "-1"
    book = openpyxl.load_workbook(io.BytesIO(base64.b64decode(res.body)))
    sheet = book.active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    header = rows[0]
    first = dict(zip(header, rows[1], strict=True))
    assert first["Name"] == "item 00"
    assert first["Qty"] == 0
    assert first["Ok"] is True
    assert first["Due"].date().isoformat() == "2024-03-01"
    assert sheet.cell(row=2, column=header.index("Due") + 1).number_format == 'dd"/"mm"/"yyyy'
    assert len(rows) == 4


def column_of(lines, title):
    index = lines[0].index(title)
    return [line[index] for line in lines[1:]]


def test_a_view_applies_its_filters_sorts_shown_fields_and_their_order(ctx):
    seed(ctx, 12)
    view = ctx.create_view("grids", {"title": "Cheap first"})
    vid = view["id"]
    c, h = ctx.client, ctx.h
    c.post_json(
        f"{META}/views/{vid}/filters", {"fk_column_id": ctx.col["Qty"], "comparison_op": "gt", "value": "0"}, headers=h
    )
    c.post_json(f"{META}/views/{vid}/sorts", {"fk_column_id": ctx.col["Qty"], "direction": "desc"}, headers=h)
    for title in ("Price", "Ok", "Tags", "Due", "At", "Photo", "Data", "Id"):
        c.patch_json(f"{META}/views/{vid}/columns/{ctx.col[title]}", {"show": False}, headers=h)
    # Status before Name and Qty
    c.patch_json(f"{META}/views/{vid}/columns/{ctx.col['Status']}", {"order": 0.5}, headers=h)
    for path in (f"{ctx.base}/views/{vid}", f"{ctx.base}/views/Cheap first"):
        res, lines = ctx.csv(f"{path}/export/csv")
        assert 'filename="Cheap_first-export.csv"' in res.headers["Content-Disposition"]
        assert lines[0] == ["Status", "Name", "Qty"]
        # Qty descending, then by key; Qty 0 filtered out
        assert column_of(lines, "Qty") == ["3", "3", "3", "2", "2", "2", "1", "1", "1"]
        assert column_of(lines, "Name")[:3] == ["item 03", "item 07", "item 11"]
    # the query's fields choose and order the columns; where narrows further
    _res, lines = ctx.csv(f"{ctx.base}/views/{vid}/export/csv", {"fields": "Qty,Name", "where": "(Qty,eq,1)"})
    assert lines == [["Qty", "Name"], ["1", "item 01"], ["1", "item 05"], ["1", "item 09"]]
    _res, lines = ctx.csv(f"{ctx.base}/views/{vid}/export/csv", [("fields[]", "Name"), ("fields[]", "Price")])
    assert lines[0] == ["Name", "Price"]
    res = c.get(f"{ctx.base}/export/csv", {"fields": "Name,Nope"}, headers=h, status=400).json
    assert res["msg"] == "Field 'Nope' not found in table 'Items'"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("grids", {"title": "V"}),
        ("galleries", {"title": "V"}),
        ("kanbans", {"title": "V", "fk_grp_col_id": "Status"}),
        ("calendars", {"title": "V", "calendar_range": [{"fk_from_column_id": "Due"}]}),
    ],
)
def test_every_view_type_with_records_downloads_in_both_formats(ctx, path, body):
    seed(ctx, 6)
    body = {k: (ctx.col[v] if k == "fk_grp_col_id" else v) for k, v in body.items()}
    if "calendar_range" in body:
        body["calendar_range"] = [{"fk_from_column_id": ctx.col["Due"]}]
    view = ctx.create_view(path, body)
    ctx.client.post_json(
        f"{META}/views/{view['id']}/filters",
        {"fk_column_id": ctx.col["Status"], "comparison_op": "eq", "value": "todo"},
        headers=ctx.h,
    )
    _res, lines = ctx.csv(f"{ctx.base}/views/{view['id']}/export/csv")
    assert column_of(lines, "Name") == ["item 01", "item 02", "item 04", "item 05"]
    res = ctx.client.get(f"{ctx.base}/views/{view['id']}/export/excel", headers=ctx.h)
    sheet = openpyxl.load_workbook(io.BytesIO(base64.b64decode(res.body))).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert rows[0] == lines[0]
    assert [r[rows[0].index("Name")] for r in rows[1:]] == ["item 01", "item 02", "item 04", "item 05"]
    assert sheet.title == "V"


def test_a_form_has_no_records_to_download(ctx):
    view = ctx.create_view("forms", {"title": "Apply"})
    res = ctx.client.get(f"{ctx.base}/views/{view['id']}/export/csv", headers=ctx.h, status=400).json
    assert res["msg"] == "View 'Apply' has no records to download"
    res = ctx.client.get(f"{ctx.base}/export/pdf", headers=ctx.h, status=400).json
    assert res["msg"] == "Unknown export format 'pdf'; use one of csv, excel"


def test_the_short_v1_path_and_titles_work_too(ctx):
    seed(ctx, 2)
    short = f"/api/v1/data/noco/{ctx.project['title']}/Items/export/csv"
    _res, lines = ctx.csv(short)
    assert column_of(lines, "Name") == ["item 00", "item 01"]


def test_links_lookups_and_attachments_as_display_values_and_addresses(ctx):
    c, h = ctx.client, ctx.h
    makers = create_table(
        c,
        ctx.token,
        ctx.project["id"],
        "Makers",
        [{"title": "Label"}, {"title": "Founded", "uidt": "Date", "meta": {"date_format": "YYYY/MM/DD"}}],
    )
    ctx.rows([{"Label": "=Acme", "Founded": "1999-12-31"}, {"Label": "Bolt", "Founded": "2001-01-02"}], makers)
    link = c.post_json(
        f"{META}/tables/{ctx.table['id']}/columns",
        {"title": "Makers", "uidt": "Links", "parentId": ctx.table["id"], "childId": makers["id"], "type": "mm"},
        headers=h,
    ).json
    link_id = next(col["id"] for col in link["columns"] if col["title"] == "Makers")
    founded = next(col["id"] for col in makers["columns"] if col["title"] == "Founded")
    c.post_json(
        f"{META}/tables/{ctx.table['id']}/columns",
        {"title": "Since", "uidt": "Lookup", "fk_relation_column_id": link_id, "fk_lookup_column_id": founded},
        headers=h,
    )
    stored = f"api/v1/db/storage/download/{ctx.project['id']}/{'A' * 24}/photo.png"
    files = [{"url": "https://example.com/a.pdf", "title": "a.pdf"}, {"path": stored, "title": "photo.png"}]
    ctx.rows([{"Name": "pen", "Photo": files, "Due": "2024-05-06"}, {"Name": "cup"}])
    c.post_json(f"/api/v2/tables/{ctx.table['id']}/links/{link_id}/records/1", [1, 2], headers=h)
    # with links the values come expanded; dates are still written in their format
    _res, lines = ctx.csv(f"{ctx.base}/export/csv", {"fields": "Name,Makers,Since,Photo,Due"})
    assert lines[1] == [
        "pen",
        "'=Acme, Bolt",
        "1999/12/31, 2001/01/02",
        f"https://example.com/a.pdf, http://localhost/{stored}",
        "06/05/2024",
    ]
    assert lines[2] == ["cup", "", "", "", ""]
    res = c.get(f"{ctx.base}/export/excel", {"fields": "Name,Makers,Due"}, headers=h)
    rows = list(openpyxl.load_workbook(io.BytesIO(base64.b64decode(res.body))).active.iter_rows(values_only=True))
    assert rows[1][:2] == ("pen", "=Acme, Bolt")
    assert rows[1][2].date().isoformat() == "2024-05-06"

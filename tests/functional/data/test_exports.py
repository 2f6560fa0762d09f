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

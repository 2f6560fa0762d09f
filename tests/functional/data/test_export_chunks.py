"""Downloads of records, continued: who may download, NocoDB's chunk loop
(``nc-export-offset`` until -1) over keyset pages in any order, the streamed file, and the
settings (neutralising CSV cells, chunk size)."""

from __future__ import annotations

import base64
import csv
import io

import openpyxl
import pytest

from tests.functional.data.test_exports import META, Ctx, column_of
from workbench.testing.app import make_app, wipe_data, wipe_meta
from workbench.testing.client import Client

pytestmark = pytest.mark.dialects


@pytest.fixture
def small(db_url, data_db_url, tmp_path):
    """An app whose chunks hold 7 records and whose CSV cells are written as they are."""
    settings = {"workbench.data.url": data_db_url} if data_db_url else {}
    settings |= {"workbench.export.chunk_rows": "7", "workbench.export.neutralise": "false"}
    app = make_app(db_url, tmp_path, **settings)
    client = Client(app)
    yield Ctx(client, client.signup("owner@example.com"))
    wipe_meta(app)
    wipe_data(app)
    app.registry["source_engines"].dispose_all()
    app.registry["db_engine"].dispose()


@pytest.fixture
def ctx(client, admin):
    return Ctx(client, admin)


def parse(body: bytes):
    return list(csv.reader(io.StringIO(body.decode("utf-8"), newline="")))


def download_in_chunks(ctx, path, params=(), kind="csv"):
    """NocoDB's client loop: ask from offset 0 until nc-export-offset says -1."""
    chunks, offset = [], 0
    while offset != -1:
        res = ctx.client.get(f"{path}/export/{kind}", [*params, ("offset", offset)], headers=ctx.h)
        chunks.append(res.body)
        offset = int(res.headers["nc-export-offset"])
        assert len(chunks) < 50
    return chunks


def rows_of_api(ctx, path, params=()):
    """The same records through the records API, in its order."""
    res = ctx.client.get(path, [*params, ("limit", 1000)], headers=ctx.h).json
    return [r["Name"] for r in res["list"]]


def test_the_chunk_loop_covers_every_record_once_in_the_view_order(small):
    ctx = small
    # duplicates and blanks in the sorted fields: the key breaks ties
    ctx.rows([{"Name": f"n{i:02d}", "Qty": None if i % 5 == 0 else i % 3, "Price": i % 2 or None} for i in range(30)])
    view = ctx.create_view("grids", {"title": "Sorted"})
    c, h = ctx.client, ctx.h
    c.post_json(f"{META}/views/{view['id']}/sorts", {"fk_column_id": ctx.col["Qty"], "direction": "desc"}, headers=h)
    c.post_json(f"{META}/views/{view['id']}/sorts", {"fk_column_id": ctx.col["Price"], "direction": "asc"}, headers=h)
    path = f"{ctx.base}/views/{view['id']}"
    chunks = download_in_chunks(ctx, path)
    assert len(chunks) == 5  # 7 + 7 + 7 + 7 + 2
    lines = [line for chunk in chunks for line in parse(chunk)[1:]]
    assert all(parse(chunk)[0] == parse(chunks[0])[0] for chunk in chunks)
    names = [line[parse(chunks[0])[0].index("Name")] for line in lines]
    assert names == rows_of_api(ctx, path)
    assert sorted(names) == [f"n{i:02d}" for i in range(30)]
    # the same with a filter and a sort given in the query, ascending nulls first
    params = [("where", "(Name,neq,n03)"), ("sort", "Qty,-Name")]
    chunks = download_in_chunks(ctx, ctx.base, params)
    names = [line[1] for chunk in chunks for line in parse(chunk)[1:]]
    assert names == rows_of_api(ctx, ctx.base, params)
    assert len(names) == 29


def test_excel_chunks_follow_the_same_loop(small):
    ctx = small
    ctx.rows([{"Name": f"n{i:02d}", "Qty": i} for i in range(10)])
    chunks = download_in_chunks(ctx, ctx.base, kind="excel")
    assert len(chunks) == 2
    names = []
    for chunk in chunks:
        rows = list(openpyxl.load_workbook(io.BytesIO(base64.b64decode(chunk))).active.iter_rows(values_only=True))
        names += [r[rows[0].index("Name")] for r in rows[1:]]
    assert names == [f"n{i:02d}" for i in range(10)]


def test_the_setting_turns_neutralising_off(small):
    ctx = small
    ctx.rows([{"Name": "=1+1"}, {"Name": "-2"}, {"Name": "\tx"}])
    lines = parse(ctx.client.get(f"{ctx.base}/export/csv", {"fields": "Name"}, headers=ctx.h).body)
    assert column_of(lines, "Name") == ["=1+1", "-2", "\tx"]


def test_cells_that_start_like_a_formula_are_neutralised_by_default(ctx):
    texts = ["=1+1", "+1", "-1", "@A1", "\tx", "\rx", "a=b", "", "plain"]
    ctx.rows([{"Name": t, "Qty": -5} for t in texts])
    lines = parse(ctx.client.get(f"{ctx.base}/export/csv", {"fields": "Name,Qty"}, headers=ctx.h).body)
    assert column_of(lines, "Name") == ["'=1+1", "'+1", "'-1", "'@A1", "'\tx", "'\rx", "a=b", "", "plain"]
    # numbers are numbers: a negative one is left alone
    assert set(column_of(lines, "Qty")) == {"-5"}
    # the XLSX file keeps the text as it is (typed cells are never run)
    res = ctx.client.get(f"{ctx.base}/export/excel", {"fields": "Name"}, headers=ctx.h)
    rows = list(openpyxl.load_workbook(io.BytesIO(base64.b64decode(res.body))).active.iter_rows(values_only=True))
    assert rows[1][0] == "=1+1"


@pytest.mark.parametrize("role", ["owner", "creator", "editor", "commenter", "viewer"])
def test_every_project_role_may_download(ctx, role):
    ctx.rows([{"Name": "pen"}])
    headers = ctx.h if role == "owner" else ctx.member(f"{role}@example.com", role)
    for kind in ("csv", "excel"):
        res = ctx.client.get(f"{ctx.base}/export/{kind}", headers=headers)
        assert res.headers["nc-export-offset"] == "-1"


def test_outsiders_and_anonymous_callers_may_not(ctx):
    ctx.rows([{"Name": "pen"}])
    stranger = ctx.client.auth(ctx.client.signup("stranger@example.com"))
    ctx.client.get(f"{ctx.base}/export/csv", headers=stranger, status=403)
    ctx.client.get(f"{ctx.base}/export/excel", status=401)
    stream = ctx.client.get(f"{ctx.base}/export/csv", {"stream": "true"}, headers=stranger, status=403).json
    assert stream["msg"]


def test_the_stream_holds_every_record_in_one_file(small):
    ctx = small
    ctx.rows([{"Name": f"n{i:02d}", "Qty": i % 3} for i in range(20)])
    res = ctx.client.get(f"{ctx.base}/export/csv", {"stream": "true", "sort": "-Qty"}, headers=ctx.h)
    assert res.headers["nc-export-offset"] == "-1"
    assert res.headers["wb-export-total"] == "20"
    assert "Content-Length" not in res.headers or int(res.headers["Content-Length"]) == len(res.body)
    names = column_of(parse(res.body), "Name")
    assert names == rows_of_api(ctx, ctx.base, [("sort", "-Qty")])
    res = ctx.client.get(f"{ctx.base}/export/excel", {"stream": "true", "where": "(Qty,eq,1)"}, headers=ctx.h)
    assert res.content_type == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert res.headers["wb-export-total"] == "7"
    rows = list(openpyxl.load_workbook(io.BytesIO(res.body)).active.iter_rows(values_only=True))
    assert len(rows) == 8
    res = ctx.client.get(
        f"{ctx.base}/export/csv", {"stream": "true", "where": "(Nope,eq,1)"}, headers=ctx.h, status=400
    )
    assert "Nope" in res.json["msg"]


def test_date_times_in_a_chosen_time_zone(ctx):
    ctx.rows([{"Name": "a", "At": "2024-07-01 22:30:00"}])
    lines = parse(
        ctx.client.get(f"{ctx.base}/export/csv", {"fields": "At", "timezone": "Europe/Berlin"}, headers=ctx.h).body
    )
    assert lines[1] == ["2024-07-02 00:30:00"]
    res = ctx.client.get(f"{ctx.base}/export/csv", {"timezone": "Mars/Olympus"}, headers=ctx.h, status=400).json
    assert res["msg"] == "Unknown time zone 'Mars/Olympus'"

"""Group-by on the v1 records API: distinct values with counts (``/groupby``) and a page
of records per value (``/group/{columnId}``), on stored and formula fields."""

import json

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

COLUMNS = [
    {"title": "Name", "uidt": "SingleLineText"},
    {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "todo"}, {"title": "done"}]}},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Big", "uidt": "Formula", "formula_raw": "IF({Qty} > 5, 'big', 'small')"},
]
ROWS = [
    {"Name": "a", "Status": "todo", "Qty": 1},
    {"Name": "b", "Status": "done", "Qty": 7},
    {"Name": "c", "Status": "todo", "Qty": 9},
    {"Name": "d", "Status": None, "Qty": 1},
    {"Name": "e", "Status": "todo", "Qty": 3},
]


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    h = client.auth(admin)
    client.post_json(f"/api/v2/tables/{table['id']}/records", ROWS, headers=h)
    views = client.get(f"/api/v1/db/meta/tables/{table['id']}/views", headers=h).json["list"]
    base = f"/api/v1/db/data/noco/{project['id']}/{table['id']}"
    return {"client": client, "h": h, "table": table, "base": base, "view": views[0], "project": project}


def groupby(ctx, status=200, path="", **params):
    url = ctx["base"] + path + "/groupby"
    return ctx["client"].get(url, params=params, headers=ctx["h"], status=status).json


def test_groupby_counts_each_value(ctx):
    res = groupby(ctx, column_name="Status")
    assert res["list"] == [{"Status": None, "count": 1}, {"Status": "done", "count": 1}, {"Status": "todo", "count": 3}]
    assert res["pageInfo"]["totalRows"] == 3
    assert res["pageInfo"]["isLastPage"] is True


def test_groupby_sort_where_and_paging(ctx):
    res = groupby(ctx, column_name="Status", sort="-count", limit=1)
    assert res["list"] == [{"Status": "todo", "count": 3}]
    assert res["pageInfo"]["totalRows"] == 3
    assert res["pageInfo"]["isLastPage"] is False
    res = groupby(ctx, column_name="Status", sort="-Status", offset=1, limit=1)
    assert res["list"] == [{"Status": "done", "count": 1}]
    res = groupby(ctx, column_name="Qty", where="(Status,eq,todo)")
    assert res["list"] == [{"Qty": 1, "count": 1}, {"Qty": 3, "count": 1}, {"Qty": 9, "count": 1}]
    res = groupby(ctx, column_name="Status", searchField="Name", searchValue="c")
    assert res["list"] == [{"Status": "todo", "count": 1}]


def test_groupby_several_fields_and_a_formula(ctx):
    res = groupby(ctx, column_name="Big")
    assert res["list"] == [{"Big": "big", "count": 2}, {"Big": "small", "count": 3}]
    res = groupby(ctx, column_name="Status,Big", where="(Status,notblank)")
    assert res["list"] == [
        {"Status": "done", "Big": "big", "count": 1},
        {"Status": "todo", "Big": "big", "count": 1},
        {"Status": "todo", "Big": "small", "count": 2},
    ]


def test_groupby_through_a_view_applies_its_filters(ctx):
    client, h, view = ctx["client"], ctx["h"], ctx["view"]
    qty = next(c for c in ctx["table"]["columns"] if c["title"] == "Qty")
    client.post_json(
        f"/api/v1/db/meta/views/{view['id']}/filters",
        {"fk_column_id": qty["id"], "comparison_op": "gt", "value": "2"},
        headers=h,
    )
    res = groupby(ctx, path=f"/views/{view['id']}", column_name="Status")
    assert res["list"] == [{"Status": "done", "count": 1}, {"Status": "todo", "count": 2}]


def test_groupby_errors_name_the_problem(ctx):
    assert "column_name" in groupby(ctx, status=400)["msg"]
    assert "'Nope'" in groupby(ctx, status=400, column_name="Nope")["msg"]
    assert "not grouped" in groupby(ctx, status=400, column_name="Status", sort="Qty")["msg"]
    ctx["client"].get(ctx["base"] + "/groupby", params={"column_name": "Status"}, status=401)


def test_grouped_records_by_distinct_values(ctx):
    url = ctx["base"] + "/group/Status"
    res = ctx["client"].get(url, params={"sort": "-Qty", "limit": 2}, headers=ctx["h"]).json
    assert [g["key"] for g in res] == [None, "done", "todo"]
    todo = res[2]["value"]
    assert [r["Name"] for r in todo["list"]] == ["c", "e"]
    assert todo["pageInfo"]["totalRows"] == 3
    assert todo["pageInfo"]["isLastPage"] is False
    assert [r["Name"] for r in res[0]["value"]["list"]] == ["d"]
    res = ctx["client"].get(url, params={"sort": "-Qty", "limit": 2, "offset": 2}, headers=ctx["h"]).json
    assert [r["Name"] for r in res[2]["value"]["list"]] == ["a"]


def test_grouped_records_for_given_options_by_column_id(ctx):
    status = next(c for c in ctx["table"]["columns"] if c["title"] == "Status")
    url = ctx["base"] + f"/group/{status['id']}"
    params = {"options": json.dumps(["todo", None, "done"]), "fields": "Name", "sort": "Name", "where": "(Qty,lt,8)"}
    res = ctx["client"].get(url, params=params, headers=ctx["h"]).json
    assert [(g["key"], [r["Name"] for r in g["value"]["list"]]) for g in res] == [
        ("todo", ["a", "e"]),
        (None, ["d"]),
        ("done", ["b"]),
    ]
    assert res[0]["value"]["list"][0] == {"Name": "a"}


def test_grouped_records_on_a_formula_with_group_paging(ctx):
    url = ctx["base"] + "/group/Big"
    res = ctx["client"].get(url, params={"groupLimit": 1, "groupOffset": 1, "sort": "Name"}, headers=ctx["h"]).json
    assert [(g["key"], g["value"]["pageInfo"]["totalRows"]) for g in res] == [("small", 3)]
    assert [r["Name"] for r in res[0]["value"]["list"]] == ["a", "d", "e"]


def test_grouped_records_errors(ctx):
    client, h = ctx["client"], ctx["h"]
    res = client.get(ctx["base"] + "/group/Nope", headers=h, status=400)
    assert "'Nope'" in res.json["msg"]
    res = client.get(ctx["base"] + "/group/Status", params={"options": "{"}, headers=h, status=400)
    assert "options" in res.json["msg"]
    res = client.get(ctx["base"] + "/group/Qty", params={"options": '["x"]'}, headers=h, status=400)
    assert "'Qty'" in res.json["msg"]

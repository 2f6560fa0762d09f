"""The ``where`` grammar over every scalar type: operators, date sub-operators, ~and, ~or,
~not and nesting; invalid filters are 400s naming the field; views apply their state."""

import datetime as dt

import pytest

from workbench.testing.tables import MIXED_COLUMNS, create_table

pytestmark = pytest.mark.dialects

TODAY = dt.datetime.now(dt.UTC).date()


def day(offset: int) -> str:
    return (TODAY + dt.timedelta(days=offset)).isoformat()


ROWS = [
    {
        "Name": "alpha",
        "Notes": "first line",
        "Mail": "a@example.com",
        "Qty": 1,
        "Price": 1.5,
        "Ok": True,
        "Status": "todo",
        "Tags": "a,b",
        "Due": day(0),
        "At": day(-1) + " 10:00:00",
        "Alarm": "08:00",
        "Year": 2020,
        "Data": {"k": 1},
        "Stars": 1,
        "Spent": 60,
        "Done %": 10,
    },
    {
        "Name": "beta",
        "Notes": "",
        "Mail": "b@example.org",
        "Qty": 5,
        "Price": 2.25,
        "Ok": False,
        "Status": "done",
        "Tags": "b",
        "Due": day(-3),
        "At": day(0) + " 12:30:00",
        "Alarm": "12:00",
        "Year": 2021,
        "Data": [1, 2],
        "Stars": 3,
        "Spent": 3600,
        "Done %": 50,
    },
    {
        "Name": "Gamma 50%",
        "Qty": 10,
        "Price": 10,
        "Status": "todo",
        "Tags": "c",
        "Due": day(10),
        "At": day(20) + " 00:00:00",
        "Year": 2022,
        "Stars": 5,
    },
    {"Name": None, "Qty": None},
]


@pytest.fixture
def env(client, admin):
    project = client.create_project(admin, "Filters")
    table = create_table(client, admin, project["id"], "Things", MIXED_COLUMNS)
    url = f"/api/v2/tables/{table['id']}/records"
    h = client.auth(admin)
    client.post_json(url, ROWS, headers=h)

    def ids(where, status=200, **params):
        res = client.get(url, {"where": where, "limit": 100, **params}, headers=h, status=status)
        return res.json if status != 200 else [r["Id"] for r in res.json["list"]]

    return {"client": client, "h": h, "url": url, "table": table, "ids": ids}


CASES = [
    ("(Name,eq,alpha)", [1]),
    ("(Name,neq,alpha)", [2, 3, 4]),
    ("(Name,like,AMM)", [3]),
    ("(Name,like,gam%)", [3]),
    ("(Name,like,%50\\%)", [3]),
    ("(Name,like,%a)", [1, 2]),
    ("(Name,nlike,a)", [4]),
    ("(Name,blank)", [4]),
    ("(Name,notblank)", [1, 2, 3]),
    ("(Notes,blank)", [2, 3, 4]),
    ("(Notes,empty)", [2]),
    ("(Notes,null)", [3, 4]),
    ("(Name,is,null)", [4]),
    ("(Name,in,alpha,beta)", [1, 2]),
    ("(Mail,like,example.org)", [2]),
    ("(Qty,gt,1)", [2, 3]),
    ("(Qty,ge,5)", [2, 3]),
    ("(Qty,lt,5)", [1]),
    ("(Qty,le,5)", [1, 2]),
    ("(Qty,eq,10)", [3]),
    ("(Qty,btw,2,10)", [2, 3]),
    ("(Qty,nbtw,2,9)", [1, 3, 4]),
    ("(Qty,blank)", [4]),
    ("(Price,gt,2)", [2, 3]),
    ("(Price,eq,2.25)", [2]),
    ("(Stars,ge,3)", [2, 3]),
    ("(Spent,eq,3600)", [2]),
    ("(Done %,lt,20)", [1]),
    ("(Year,eq,2021)", [2]),
    ("(Ok,checked)", [1]),
    ("(Ok,notchecked)", [2, 3, 4]),
    ("(Ok,is,true)", [1]),
    ("(Status,eq,todo)", [1, 3]),
    ("(Status,anyof,done,todo)", [1, 2, 3]),
    ("(Status,nanyof,todo)", [2, 4]),
    ("(Tags,anyof,a,c)", [1, 3]),
    ("(Tags,allof,a,b)", [1]),
    ("(Tags,nallof,b)", [3, 4]),
    ("(Tags,nanyof,b)", [3, 4]),
    ("(Due,eq,today)", [1]),
    ("(Due,eq,exactDate," + day(-3) + ")", [2]),
    ("(Due,lt,today)", [2]),
    ("(Due,ge,today)", [1, 3]),
    ("(Due,gt,daysAgo,4)", [1, 2, 3]),
    ("(Due,gt,daysAgo,2)", [1, 3]),
    ("(Due,le,daysFromNow,10)", [1, 2, 3]),
    ("(Due,isWithin,pastWeek)", [1, 2]),
    ("(Due,isWithin,nextNumberOfDays,10)", [1, 3]),
    ("(Due,blank)", [4]),
    ("(At,eq,today)", [2]),
    ("(At,eq,yesterday)", [1]),
    ("(At,gt,today)", [3]),
    ("(At,isWithin,nextMonth)", [2, 3]),
    ("(Alarm,lt,10:00)", [1]),
    ("(Alarm,eq,12:00:00)", [2]),
    ('(Data,like,"k")', [1]),
    ("(Name,eq,alpha)~or(Name,eq,beta)", [1, 2]),
    ("(Qty,gt,0)~and(Qty,lt,10)", [1, 2]),
    ("(Name,eq,alpha)~or(Qty,gt,4)~and(Qty,lt,6)", [1, 2]),
    ("((Name,eq,alpha)~or(Qty,gt,4))~and(Qty,lt,6)", [1, 2]),
    ("(Qty,gt,0)~not(Name,eq,beta)", [1, 3]),
    ("~not(Name,blank)", [1, 2, 3]),
    ("(Name,eq,alpha)~or((Qty,gt,4)~and(Status,eq,todo))", [1, 3]),
    ("(Name,eq,beta)~ornot(Qty,gt,1)", [1, 2]),
]


@pytest.mark.parametrize(("where", "expected"), CASES, ids=[c[0] for c in CASES])
def test_where(env, where, expected):
    assert env["ids"](where) == expected


def test_several_where_params_are_anded(env):
    client, h, url = env["client"], env["h"], env["url"]
    res = client.get(f"{url}?where=(Qty,gt,0)&where=(Qty,lt,10)", headers=h).json
    assert [r["Id"] for r in res["list"]] == [1, 2]
    assert client.get(f"{url}/count", {"where": "(Status,eq,todo)"}, headers=h).json == {"count": 2}


@pytest.mark.parametrize(
    ("where", "fragment"),
    [
        ("(Ghost,eq,1)", "Ghost"),
        ("(Qty,like,1)", "Qty"),
        ("(Ok,eq,1)", "Ok"),
        ("(Qty,gt,many)", "Qty"),
        ("(Due,eq,someday)", "Due"),
        ("(Due,isWithin,soon)", "Due"),
        ("(Due,eq,daysAgo)", "Due"),
        ("(Qty,btw,1)", "Qty"),
        ("(Qty,eq,1", "where"),
        ("(Qty,eq,1)~xor(Qty,eq,2)", "xor"),
        ("(Qty)", "operator"),
        ("Qty,eq,1", "where"),
    ],
)
def test_invalid_filters_are_400_naming_the_problem(env, where, fragment):
    res = env["ids"](where, status=400)
    assert fragment in res["msg"]


def test_quoted_v3_style_condition(env):
    assert env["ids"]('@("Name", like, "alpha")') == [1]


def test_view_applies_filters_sorts_and_fields(env):
    client, h, table = env["client"], env["h"], env["table"]
    view_id = table["views"][0]["id"]
    cols = {c["title"]: c["id"] for c in table["columns"]}
    base = "/api/v1/db/meta/views/" + view_id
    client.post_json(f"{base}/filters", {"fk_column_id": cols["Qty"], "comparison_op": "gt", "value": "0"}, headers=h)
    group = client.post_json(f"{base}/filters", {"is_group": True, "logical_op": "and"}, headers=h).json
    client.post_json(
        f"{base}/filters",
        {"fk_parent_id": group["id"], "fk_column_id": cols["Status"], "comparison_op": "eq", "value": "todo"},
        headers=h,
    )
    client.post_json(
        f"{base}/filters",
        {
            "fk_parent_id": group["id"],
            "fk_column_id": cols["Qty"],
            "logical_op": "or",
            "comparison_op": "eq",
            "value": "5",
        },
        headers=h,
    )
    client.post_json(f"{base}/sorts", {"fk_column_id": cols["Qty"], "direction": "desc"}, headers=h)
    for title in (
        "Notes",
        "Mail",
        "Site",
        "Phone",
        "Price",
        "Cost",
        "Done %",
        "Spent",
        "Stars",
        "Ok",
        "Status",
        "Tags",
        "Due",
        "At",
        "Alarm",
        "Year",
        "Data",
    ):
        client.patch_json(f"{base}/columns/{cols[title]}", {"show": False}, headers=h)
    listed = client.get(env["url"], {"viewId": view_id}, headers=h).json["list"]
    assert listed == [
        {"Id": 3, "Name": "Gamma 50%", "Qty": 10},
        {"Id": 2, "Name": "beta", "Qty": 5},
        {"Id": 1, "Name": "alpha", "Qty": 1},
    ]
    narrowed = client.get(env["url"], {"viewId": view_id, "where": "(Qty,lt,10)", "sort": "Qty"}, headers=h).json
    assert [r["Id"] for r in narrowed["list"]] == [1, 2]
    assert client.get(f"{env['url']}/count", {"viewId": view_id}, headers=h).json == {"count": 3}
    assert len(client.get(f"{base}/filters", headers=h).json["list"]) == 4
    assert client.get(f"{base}/sorts", headers=h).json["list"][0]["direction"] == "desc"
    v1 = f"/api/v1/db/data/noco/{table['project_id']}/Things/views/{view_id}"
    assert [r["Id"] for r in client.get(v1, headers=h).json["list"]] == [3, 2, 1]
    bad = client.post_json(
        f"{base}/filters", {"fk_column_id": cols["Ok"], "comparison_op": "like", "value": "x"}, headers=h, status=400
    ).json
    assert "Ok" in bad["msg"]
    client.get(env["url"], {"viewId": "vw_missing"}, headers=h, status=404)


def test_gui_json_filters_and_sorts(env):
    import json

    client, h, table = env["client"], env["h"], env["table"]
    cols = {c["title"]: c["id"] for c in table["columns"]}
    filters = [
        {"fk_column_id": cols["Qty"], "comparison_op": "gt", "value": 0},
        {
            "is_group": True,
            "logical_op": "and",
            "children": [
                {"fk_column_id": cols["Status"], "comparison_op": "eq", "value": "done"},
                {"fk_column_id": cols["Due"], "comparison_op": "eq", "comparison_sub_op": "today", "logical_op": "or"},
            ],
        },
    ]
    sorts = [{"fk_column_id": cols["Qty"], "direction": "desc"}]
    res = client.get(
        env["url"], {"filterArrJson": json.dumps(filters), "sortArrJson": json.dumps(sorts)}, headers=h
    ).json
    assert [r["Id"] for r in res["list"]] == [2, 1]
    bad = client.get(
        env["url"],
        {"filterArrJson": json.dumps([{"fk_column_id": "cl_nope", "comparison_op": "eq"}])},
        headers=h,
        status=400,
    ).json
    assert "cl_nope" in bad["msg"]
    client.get(env["url"], {"sortArrJson": "{"}, headers=h, status=400)


def test_view_filter_and_sort_items(env):
    client, h, table = env["client"], env["h"], env["table"]
    view_id = table["views"][0]["id"]
    cols = {c["title"]: c["id"] for c in table["columns"]}
    base = "/api/v2/meta/views/" + view_id
    group = client.post_json(f"{base}/filters", {"is_group": True}, headers=h).json
    child = client.post_json(
        f"{base}/filters",
        {"fk_parent_id": group["id"], "fk_column_id": "Qty", "comparison_op": "gt", "value": 1},
        headers=h,
    ).json
    assert child["fk_column_id"] == cols["Qty"]
    assert [c["id"] for c in client.get(f"/api/v1/db/meta/filters/{group['id']}/children", headers=h).json["list"]] == [
        child["id"]
    ]
    assert env["ids"]("", viewId=view_id) == [2, 3]
    changed = client.patch_json(f"/api/v1/db/meta/filters/{child['id']}", {"value": "5"}, headers=h).json
    assert changed["value"] == "5"
    assert env["ids"]("", viewId=view_id) == [3]
    bad = client.patch_json(
        f"/api/v1/db/meta/filters/{child['id']}", {"comparison_op": "like"}, headers=h, status=400
    ).json
    assert "Qty" in bad["msg"]
    sort = client.post_json(f"{base}/sorts", {"fk_column_id": cols["Qty"]}, headers=h).json
    client.patch_json(f"/api/v1/db/meta/sorts/{sort['id']}", {"direction": "desc"}, headers=h)
    assert client.get(f"/api/v2/meta/sorts/{sort['id']}", headers=h).json["direction"] == "desc"
    client.delete(f"/api/v1/db/meta/filters/{group['id']}", headers=h)
    client.get(f"/api/v1/db/meta/filters/{child['id']}", headers=h, status=404)
    assert env["ids"]("", viewId=view_id) == [3, 2, 1, 4]
    client.delete(f"/api/v1/db/meta/sorts/{sort['id']}", headers=h)
    assert env["ids"]("", viewId=view_id) == [1, 2, 3, 4]
    client.get(f"/api/v1/db/meta/sorts/{sort['id']}", headers=h, status=404)


def test_aggregations(env):
    import json

    client, h, table = env["client"], env["h"], env["table"]
    wanted = [{"field": "Qty", "type": t} for t in ("sum", "avg", "min", "max", "count_filled")] + [
        {"field": "Name", "type": "count_empty"},
        {"field": "Name", "type": "count_unique"},
        {"field": "Ok", "type": "checked"},
        {"field": "Ok", "type": "unchecked"},
        {"field": "Due", "type": "earliest"},
        {"field": "Due", "type": "latest"},
        {"field": "Id", "type": "count"},
    ]
    url = f"/api/v2/tables/{table['id']}/aggregate"
    result = client.get(url, {"aggregation": json.dumps(wanted)}, headers=h).json
    assert result["Qty"] == {"sum": 16.0, "avg": pytest.approx(16 / 3), "min": 1, "max": 10, "count_filled": 3}
    assert result["Name"] == {"count_empty": 1, "count_unique": 3}
    assert result["Ok"] == {"checked": 1, "unchecked": 3}
    assert result["Due"] == {"earliest": day(-3), "latest": day(10)}
    assert result["Id"] == {"count": 4}
    todo = client.get(url, {"aggregation": json.dumps(wanted[:1]), "where": "(Status,eq,todo)"}, headers=h).json
    assert todo == {"Qty": {"sum": 11.0}}
    v1 = f"/api/v1/db/data/noco/{table['project_id']}/Things/aggregate"
    assert client.get(v1, {"aggregation": json.dumps(wanted[:1])}, headers=h).json == {"Qty": {"sum": 16.0}}
    bad = client.get(url, {"aggregation": json.dumps([{"field": "Name", "type": "sum"}])}, headers=h, status=400)
    assert "Name" in bad.json["msg"]
    client.get(url, {"aggregation": "[1]"}, headers=h, status=400)

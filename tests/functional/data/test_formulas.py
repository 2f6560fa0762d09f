"""Formula fields through the API: create (v1 and v2 column endpoints), formula_raw with
current titles, values in lists and single reads, filter, sort and fields on formulas,
errors with positions, cycles, read-only writes, formula over formula, what happens to
referenced fields (deleting or retyping one that would break a formula is refused), and
a page with formulas taking the same number of queries whatever its size."""

import json

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

COLUMNS = [
    {"title": "Name"},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Price", "uidt": "Decimal"},
    {"title": "Day", "uidt": "Date"},
]


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    h = client.auth(admin)
    rows = [{"Name": f"item {i}", "Qty": i, "Price": 1.5, "Day": f"2024-01-{i + 1:02d}"} for i in range(1, 6)]
    client.post_json(f"/api/v2/tables/{table['id']}/records", rows, headers=h)
    return {
        "client": client,
        "admin": admin,
        "h": h,
        "project": project,
        "table": table,
        "v2": f"/api/v2/tables/{table['id']}/records",
        "v1": f"/api/v1/db/data/noco/{project['id']}/{table['id']}",
        "columns_v1": f"/api/v1/db/meta/tables/{table['id']}/columns",
        "columns_v2": f"/api/v2/meta/tables/{table['id']}/columns",
    }


def add_formula(ctx, title, formula, status=200, version=1):
    url = ctx["columns_v1"] if version == 1 else ctx["columns_v2"]
    body = {"title": title, "uidt": "Formula", "formula_raw": formula}
    return ctx["client"].post_json(url, body, headers=ctx["h"], status=status).json


def col(table, title):
    return next(c for c in table["columns"] if c["title"] == title)


def rows(ctx, **params):
    return ctx["client"].get(ctx["v2"], params=params, headers=ctx["h"]).json["list"]


def test_create_read_and_list(ctx):
    table = add_formula(ctx, "Total", "{Qty} * {Price}")
    total = col(table, "Total")
    assert total["uidt"] == "Formula"
    assert total["column_name"] is None
    assert total["formula_raw"] == total["colOptions"]["formula_raw"] == "{Qty} * {Price}"
    assert col(table, "Qty")["id"] in total["colOptions"]["formula"]
    assert total["colOptions"]["dataType"] == "numeric"
    add_formula(ctx, "Label", 'CONCAT(UPPER({Name}), "-", {Qty})', version=2)
    listed = rows(ctx)
    assert [(r["Total"], r["Label"]) for r in listed] == [
        (1.5, "ITEM 1-1"),
        (3, "ITEM 2-2"),
        (4.5, "ITEM 3-3"),
        (6, "ITEM 4-4"),
        (7.5, "ITEM 5-5"),
    ]
    one = ctx["client"].get(f"{ctx['v2']}/2", headers=ctx["h"]).json
    assert (one["Total"], one["Label"]) == (3, "ITEM 2-2")
    column = ctx["client"].get(f"/api/v1/db/meta/columns/{total['id']}", headers=ctx["h"]).json
    assert column["formula_raw"] == "{Qty} * {Price}"


def test_filter_sort_and_fields(ctx):
    add_formula(ctx, "Total", "{Qty} * {Price}")
    add_formula(ctx, "Label", 'CONCAT("x", {Qty})')
    add_formula(ctx, "Big", "{Qty} > 3")
    add_formula(ctx, "Next", "DATEADD({Day}, 1, 'day')")
    assert [r["Qty"] for r in rows(ctx, where="(Total,gt,4)")] == [3, 4, 5]
    assert [r["Qty"] for r in rows(ctx, where="(Total,btw,3,6)")] == [2, 3, 4]
    assert [r["Qty"] for r in rows(ctx, where="(Label,like,x4)")] == [4]
    assert [r["Qty"] for r in rows(ctx, where="(Big,checked)")] == [4, 5]
    assert [r["Qty"] for r in rows(ctx, where="(Next,eq,exactDate,2024-01-03)")] == [1]
    assert [r["Qty"] for r in rows(ctx, sort="-Total")] == [5, 4, 3, 2, 1]
    assert rows(ctx, fields="Total,Label", limit=1) == [{"Total": 1.5, "Label": "x1"}]
    assert rows(ctx, fields="Next", limit=1) == [{"Next": "2024-01-03"}]
    res = ctx["client"].get(ctx["v2"], params={"where": "(Label,gt,3)"}, headers=ctx["h"], status=400).json
    assert "Operator 'gt' is not supported for field 'Label'" in res["msg"]


def test_rename_keeps_values_and_shows_new_title(ctx):
    table = add_formula(ctx, "Total", "{Qty} * 2")
    qty = col(table, "Qty")
    ctx["client"].patch_json(f"/api/v2/meta/columns/{qty['id']}", {"title": "Amount"}, headers=ctx["h"])
    column = ctx["client"].get(f"/api/v1/db/meta/columns/{col(table, 'Total')['id']}", headers=ctx["h"]).json
    assert column["formula_raw"] == "{Amount} * 2"
    assert [r["Total"] for r in rows(ctx)] == [2, 4, 6, 8, 10]


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ("{Qty} +", "Invalid formula: Unexpected end of formula at position 7"),
        ("{Nope} + 1", "Invalid formula: Field 'Nope' not found at position 0"),
        ("NOSUCH(1)", "at position 0"),
        ("", "Invalid formula: The formula is empty at position 0"),
    ],
)
def test_errors_name_the_problem_and_position(ctx, formula, message):
    res = add_formula(ctx, "Bad", formula, status=400)
    assert message in res["msg"]
    assert res["msg"].startswith("Field 'Bad': ")


def test_cycles_are_refused(ctx):
    table = add_formula(ctx, "A", "{Qty} + 1")
    add_formula(ctx, "B", "{A} + 1")
    a = col(table, "A")
    res = (
        ctx["client"]
        .patch_json(f"/api/v2/meta/columns/{a['id']}", {"formula_raw": "{B} + 1"}, headers=ctx["h"], status=400)
        .json
    )
    assert "Circular reference: A → B → A" in res["msg"]
    res = (
        ctx["client"]
        .patch_json(f"/api/v2/meta/columns/{a['id']}", {"formula_raw": "{A} + 1"}, headers=ctx["h"], status=400)
        .json
    )
    assert "Circular reference: A → A" in res["msg"]


def test_formula_over_formula_and_change(ctx):
    table = add_formula(ctx, "A", "{Qty} + 1")
    add_formula(ctx, "B", "{A} * 10")
    assert [r["B"] for r in rows(ctx)] == [20, 30, 40, 50, 60]
    ctx["client"].patch_json(
        f"/api/v2/meta/columns/{col(table, 'A')['id']}", {"formula_raw": "{Qty} + 2"}, headers=ctx["h"]
    )
    assert [r["B"] for r in rows(ctx)] == [30, 40, 50, 60, 70]
    assert [r["Qty"] for r in rows(ctx, where="(B,eq,50)")] == [3]


def test_read_only_and_fresh_after_write(ctx):
    add_formula(ctx, "Total", "{Qty} * {Price}")
    client, h = ctx["client"], ctx["h"]
    res = client.post_json(ctx["v2"], {"Name": "x", "Total": 3}, headers=h, status=400).json
    assert res["msg"] == "Field 'Total' is computed (Formula) and cannot be written"
    client.patch_json(ctx["v2"], {"Id": 1, "Total": 3}, headers=h, status=400)
    created = client.post_json(ctx["v1"], {"Name": "new", "Qty": 4, "Price": 2}, headers=h).json
    assert created["Total"] == 8
    updated = client.patch_json(f"{ctx['v1']}/{created['Id']}", {"Qty": 5}, headers=h).json
    assert updated["Total"] == 10
    assert client.get(f"{ctx['v2']}/{created['Id']}", headers=h).json["Total"] == 10


def test_referenced_fields_cannot_be_deleted_or_broken(ctx):
    add_formula(ctx, "Shout", "UPPER({Name}) & {Qty}")
    table = add_formula(ctx, "Twice", "{Qty} * 2")
    client, h = ctx["client"], ctx["h"]
    qty = col(table, "Qty")
    res = client.delete(f"/api/v1/db/meta/columns/{qty['id']}", headers=h, status=400).json
    assert res["msg"] == "Field 'Qty' is used by formula field 'Shout', 'Twice': change or delete those first"
    res = client.patch_json(f"/api/v2/meta/columns/{qty['id']}", {"uidt": "SingleLineText"}, headers=h, status=400).json
    assert "is used by formula field 'Twice', which would break" in res["msg"]
    # a change that keeps every formula valid is fine
    client.patch_json(f"/api/v2/meta/columns/{qty['id']}", {"uidt": "Decimal"}, headers=h)
    assert [r["Twice"] for r in rows(ctx)] == [2, 4, 6, 8, 10]
    # deleting the formulas first frees the field
    for title in ("Shout", "Twice"):
        client.delete(f"/api/v1/db/meta/columns/{col(table, title)['id']}", headers=h)
    client.delete(f"/api/v1/db/meta/columns/{qty['id']}", headers=h)
    res = client.patch_json(
        f"/api/v2/meta/columns/{col(table, 'Name')['id']}", {"uidt": "Formula"}, headers=h, status=400
    ).json
    assert "cannot change type to or from Formula" in res["msg"]


def test_page_query_count_does_not_grow_with_page_size(ctx):
    add_formula(ctx, "A", "{Qty} + 1")
    add_formula(ctx, "B", "{A} * {Price}")
    add_formula(ctx, "C", 'CONCAT({Name}, " ", {B})')
    client, h = ctx["client"], ctx["h"]
    client.post_json(ctx["v2"], [{"Name": f"more {i}", "Qty": i} for i in range(40)], headers=h)
    counts, sizes = [0], []

    def count(*_args):
        counts[-1] += 1

    event.listen(sa.engine.Engine, "before_cursor_execute", count)
    try:
        for limit in (1, 10, 40):
            client.get(ctx["v2"], params={"limit": limit}, headers=h)  # warm the model cache
            measured = len(counts)
            counts.append(0)
            page = client.get(ctx["v2"], params={"limit": limit}, headers=h).json["list"]
            assert len(page) == limit
            assert all("C" in r for r in page)
            sizes.append(counts[measured])
            counts.append(0)
    finally:
        event.remove(sa.engine.Engine, "before_cursor_execute", count)
    # every SQL statement of the request, meta and data: the same for 1, 10 and 40 rows
    assert sizes[0] == sizes[1] == sizes[2], sizes


def test_retyping_a_field_updates_the_type_of_formulas_reading_it(ctx):
    table = add_formula(ctx, "Copy", "{Qty}")
    add_formula(ctx, "CopyOfCopy", "{Copy}")
    client, h = ctx["client"], ctx["h"]
    assert col(table, "Copy")["colOptions"]["dataType"] == "numeric"
    result = client.patch_json(
        f"/api/v2/meta/columns/{col(table, 'Qty')['id']}", {"uidt": "SingleLineText"}, headers=h
    ).json
    assert col(result, "Copy")["colOptions"]["dataType"] == "string"
    assert col(result, "CopyOfCopy")["colOptions"]["dataType"] == "string"
    assert [r["Qty"] for r in rows(ctx, where="(CopyOfCopy,like,4)")] == ["4"]
    assert [r["CopyOfCopy"] for r in rows(ctx, limit=2)] == ["1", "2"]


def test_formula_in_a_new_table(ctx):
    client, h = ctx["client"], ctx["h"]
    columns = [{"title": "Qty", "uidt": "Number"}, {"title": "Double", "uidt": "Formula", "formula_raw": "{Qty} * 2"}]
    table = create_table(client, ctx["admin"], ctx["project"]["id"], "Other", columns)
    assert col(table, "Double")["formula_raw"] == "{Qty} * 2"
    url = f"/api/v2/tables/{table['id']}/records"
    client.post_json(url, {"Qty": 21}, headers=h)
    assert client.get(url, headers=h).json["list"][0]["Double"] == 42
    res = create_table(
        client,
        ctx["admin"],
        ctx["project"]["id"],
        "Broken",
        [{"title": "F", "uidt": "Formula", "formula_raw": "{Missing}"}],
        status=400,
    )
    assert res["msg"] == "Field 'F': Invalid formula: Field 'Missing' not found at position 0"


def test_footer_aggregations_on_a_formula(ctx):
    add_formula(ctx, "Total", "{Qty} * {Price}")
    wanted = [{"field": "Total", "type": t} for t in ("sum", "max", "count_filled")]
    url = f"/api/v2/tables/{ctx['table']['id']}/aggregate"
    result = ctx["client"].get(url, {"aggregation": json.dumps(wanted), "where": "(Total,gt,2)"}, headers=ctx["h"]).json
    assert result["Total"]["sum"] == pytest.approx(21)
    assert result["Total"]["max"] == pytest.approx(7.5)
    assert result["Total"]["count_filled"] == 4


def test_view_filters_and_sorts_on_a_formula(ctx):
    table = add_formula(ctx, "Total", "{Qty} * {Price}")
    client, h = ctx["client"], ctx["h"]
    view_id = table["views"][0]["id"]
    base = f"/api/v1/db/meta/views/{view_id}"
    total = col(table, "Total")["id"]
    client.post_json(f"{base}/filters", {"fk_column_id": total, "comparison_op": "lt", "value": "6"}, headers=h)
    client.post_json(f"{base}/sorts", {"fk_column_id": total, "direction": "desc"}, headers=h)
    listed = client.get(ctx["v2"], {"viewId": view_id}, headers=h).json["list"]
    assert [(r["Qty"], r["Total"]) for r in listed] == [(3, 4.5), (2, 3), (1, 1.5)]
    assert client.get(f"{ctx['v2']}/count", {"viewId": view_id}, headers=h).json == {"count": 3}


def test_logical_results_are_1_and_0_and_filter_and_sort(ctx):
    add_formula(ctx, "Big", "{Qty} > 3")
    add_formula(ctx, "Both", 'AND({Qty} > 1, REGEX_MATCH({Name}, "[24]"))')
    add_formula(ctx, "Blank", "ISBLANK({Name})")
    listed = rows(ctx)
    assert [r["Big"] for r in listed] == [0, 0, 0, 1, 1]
    assert [r["Both"] for r in listed] == [0, 1, 0, 1, 0]
    assert [type(r["Big"]) for r in listed] == [int] * 5
    assert [r["Blank"] for r in listed] == [0] * 5
    assert ctx["client"].get(f"{ctx['v2']}/4", headers=ctx["h"]).json["Big"] == 1
    assert [r["Qty"] for r in rows(ctx, where="(Big,checked)")] == [4, 5]
    assert [r["Qty"] for r in rows(ctx, where="(Big,notchecked)")] == [1, 2, 3]
    assert [r["Qty"] for r in rows(ctx, where="(Both,eq,1)")] == [2, 4]
    assert [r["Qty"] for r in rows(ctx, where="(Both,eq,false)")] == [1, 3, 5]
    assert [r["Qty"] for r in rows(ctx, where="(Both,neq,true)")] == [1, 3, 5]
    assert [r["Qty"] for r in rows(ctx, sort="-Both,Qty")] == [2, 4, 1, 3, 5]
    res = ctx["client"].get(ctx["v2"], params={"where": "(Big,eq,maybe)"}, headers=ctx["h"], status=400).json
    assert res["msg"].startswith("Invalid filter value for field 'Big'")
    changed = ctx["client"].patch_json(f"{ctx['v1']}/1", {"Qty": 9}, headers=ctx["h"]).json
    assert changed["Big"] == 1


def test_record_times_and_week_numbers(ctx):
    add_formula(ctx, "Modified", "LAST_MODIFIED_TIME()")
    add_formula(ctx, "Created", "CREATED_TIME()")
    add_formula(ctx, "Week", "WEEKNUM({Day})")
    add_formula(ctx, "Sunday week", 'WEEKNUM("2024-01-07", "sunday")')
    add_formula(ctx, "Age", 'DATETIME_DIFF(NOW(), LAST_MODIFIED_TIME(), "days") = 0')
    one = ctx["client"].get(f"{ctx['v2']}/1", headers=ctx["h"]).json
    assert one["Modified"] == one["UpdatedAt"]
    assert one["Created"] == one["CreatedAt"]
    assert one["Modified"].endswith("+00:00")
    assert (one["Week"], one["Sunday week"], one["Age"]) == (1, 2, 1)
    assert [r["Week"] for r in rows(ctx)] == [1, 1, 1, 1, 1]
    ctx["client"].patch_json(ctx["v2"], {"Id": 1, "Day": "2024-12-30"}, headers=ctx["h"])
    assert ctx["client"].get(f"{ctx['v2']}/1", headers=ctx["h"]).json["Week"] == 53
    res = add_formula(ctx, "Bad", "LAST_MODIFIED_TIME({Qty})", status=400)
    assert res["msg"] == (
        "Field 'Bad': Invalid formula: LAST_MODIFIED_TIME takes no fields: the time kept is the record's "
        "last change at position 19"
    )

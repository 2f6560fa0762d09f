"""A grid's own settings: per field its grouping (NocoDB's ``group_by``, ``group_by_order``,
``group_by_sort``) and footer aggregation, read back with the view's fields; the view's row
height and frozen columns; who may change them."""

import pytest

from tests.functional.views.conftest import META

pytestmark = pytest.mark.dialects


def _columns(ctx, view_id):
    return {c["fk_column_id"]: c for c in ctx.client.get(f"{META}/views/{view_id}/columns", headers=ctx.h).json["list"]}


def test_new_fields_are_not_grouped_nor_aggregated(ctx):
    column = _columns(ctx, ctx.default_view["id"])[ctx.col["Status"]]
    assert column["group_by"] is False
    assert column["group_by_order"] is None
    assert column["group_by_sort"] is None
    assert column["aggregation"] is None


def test_grouping_and_aggregation_are_stored_per_field(ctx):
    view = ctx.default_view["id"]
    url = f"{META}/views/{view}/columns/{ctx.col['Status']}"
    body = {"group_by": True, "group_by_order": 1, "group_by_sort": "desc"}
    res = ctx.client.patch_json(url, body, headers=ctx.h).json
    assert (res["group_by"], res["group_by_order"], res["group_by_sort"]) == (True, 1, "desc")
    ctx.client.patch_json(f"{META}/views/{view}/columns/{ctx.col['Qty']}", {"aggregation": "sum"}, headers=ctx.h)
    columns = _columns(ctx, view)
    assert columns[ctx.col["Status"]]["group_by_sort"] == "desc"
    assert columns[ctx.col["Qty"]]["aggregation"] == "sum"
    # NocoDB's grid-columns read answers the same; other settings of the field stay.
    grid = {
        c["fk_column_id"]: c for c in ctx.client.get(f"{META}/grids/{view}/grid-columns", headers=ctx.h).json["list"]
    }
    assert grid[ctx.col["Status"]]["group_by"] is True
    ctx.client.patch_json(url, {"width": 300}, headers=ctx.h)
    assert _columns(ctx, view)[ctx.col["Status"]]["group_by_order"] == 1
    # Ungrouping.
    ctx.client.patch_json(url, {"group_by": False, "group_by_order": None}, headers=ctx.h)
    column = _columns(ctx, view)[ctx.col["Status"]]
    assert (column["group_by"], column["group_by_order"]) == (False, None)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"group_by_order": 4}, "Invalid group_by_order: must be an integer from 1 to 3"),
        ({"group_by_sort": "up"}, "Invalid group_by_sort: must be one of asc, desc"),
        ({"aggregation": "median"}, "Invalid aggregation"),
        ({"group_by": "maybe"}, "Invalid group_by: must be true or false"),
    ],
)
def test_wrong_settings_are_refused(ctx, body, message):
    url = f"{META}/views/{ctx.default_view['id']}/columns/{ctx.col['Qty']}"
    res = ctx.client.patch_json(url, body, headers=ctx.h, status=400).json
    assert res["msg"].startswith(message)


def test_row_height_and_frozen_columns(ctx):
    url = f"{META}/grids/{ctx.default_view['id']}"
    res = ctx.client.patch_json(url, {"row_height": 3, "frozen_columns": 2}, headers=ctx.h).json
    assert (res["row_height"], res["frozen_columns"]) == (3, 2)
    view = next(v for v in ctx.views() if v["id"] == ctx.default_view["id"])
    assert view["view"]["frozen_columns"] == 2
    res = ctx.client.patch_json(url, {"frozen_columns": 4}, headers=ctx.h, status=400).json
    assert res["msg"] == "Invalid frozen_columns: must be an integer from 0 to 3"


@pytest.mark.parametrize(("role", "allowed"), [("editor", True), ("commenter", False), ("viewer", False)])
def test_roles(ctx, role, allowed):
    h = ctx.member(f"{role}@example.com", role)
    status = 200 if allowed else 403
    view = ctx.default_view["id"]
    ctx.client.patch_json(
        f"{META}/views/{view}/columns/{ctx.col['Name']}", {"group_by": True}, headers=h, status=status
    )
    ctx.client.patch_json(f"{META}/grids/{view}", {"frozen_columns": 1}, headers=h, status=status)
    assert _columns(ctx, view)[ctx.col["Name"]]["group_by"] is allowed


def test_a_grid_groups_by_three_fields_at_most(ctx):
    view = ctx.default_view["id"]
    url = f"{META}/views/{view}/columns/{{}}"
    for order, title in enumerate(("Name", "Qty", "Status"), start=1):
        ctx.client.patch_json(url.format(ctx.col[title]), {"group_by": True, "group_by_order": order}, headers=ctx.h)
    res = ctx.client.patch_json(url.format(ctx.col["Due"]), {"group_by": True}, headers=ctx.h, status=400).json
    assert res["msg"] == "A grid groups its records by at most 3 fields; ungroup one first"
    # NocoDB's grid-columns path checks the same.
    grid = {
        c["fk_column_id"]: c for c in ctx.client.get(f"{META}/grids/{view}/grid-columns", headers=ctx.h).json["list"]
    }
    due = grid[ctx.col["Due"]]["id"]
    ctx.client.patch_json(f"{META}/grid-columns/{due}", {"group_by": True}, headers=ctx.h, status=400)
    assert _columns(ctx, view)[ctx.col["Due"]]["group_by"] is False
    # A grouped field's other settings still change; once one is ungrouped another may be grouped.
    ctx.client.patch_json(url.format(ctx.col["Qty"]), {"group_by": True, "group_by_sort": "desc"}, headers=ctx.h)
    ctx.client.patch_json(url.format(ctx.col["Name"]), {"group_by": False}, headers=ctx.h)
    ctx.client.patch_json(url.format(ctx.col["Due"]), {"group_by": True, "group_by_order": 1}, headers=ctx.h)
    assert _columns(ctx, view)[ctx.col["Due"]]["group_by"] is True

"""The records of a kanban or calendar read through the view carry the field the view places
them by (stacking field, date field) even when the view hides it; a grid hiding it does not."""

import pytest

from tests.functional.views.test_public import hide

pytestmark = pytest.mark.dialects


def records(ctx, view, **params):
    return ctx.client.get(
        f"/api/v2/tables/{ctx.table['id']}/records", {"viewId": view["id"], **params}, headers=ctx.h
    ).json["list"]


def test_kanban_and_calendar_read_their_hidden_placing_field(ctx):
    ctx.rows([{"Name": "a", "Status": "todo", "Due": "2026-02-03", "Secret": "s"}])
    kanban = ctx.create("kanbans", {"title": "Board", "fk_grp_col_id": ctx.col["Status"]})
    calendar = ctx.create("calendars", {"title": "Plan", "calendar_range": [{"fk_from_column_id": ctx.col["Due"]}]})
    grid = ctx.create("grids", {"title": "Grid"})
    for view in (kanban, calendar, grid):
        for title in ("Status", "Due", "Secret"):
            hide(ctx, view["id"], title)
    board = records(ctx, kanban)[0]
    assert board["Status"] == "todo"
    assert "Due" not in board
    assert "Secret" not in board
    plan = records(ctx, calendar, where="(Due,eq,exactDate,2026-02-03)")[0]
    assert plan["Due"] == "2026-02-03"
    assert "Status" not in plan
    assert set(records(ctx, grid)[0]) & {"Status", "Due", "Secret"} == set()
    # Fields asked for by name are exactly those.
    assert set(records(ctx, kanban, fields="Name")[0]) <= {"Id", "Name"}

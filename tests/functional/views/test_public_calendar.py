"""A shared calendar reads its date field even when the field is hidden, and loads the
records of a range of days (and those without a date) with a ``where`` on it."""

import pytest

from tests.functional.views.test_public import PUBLIC1, hide, share

pytestmark = pytest.mark.dialects


def test_calendar_reads_its_hidden_date_field_and_filters_on_it(ctx):
    view = ctx.create("calendars", {"title": "Plan", "calendar_range": [{"fk_from_column_id": ctx.col["Due"]}]})
    hide(ctx, view["id"], "Due")
    hide(ctx, view["id"], "Secret")
    ctx.rows(
        [
            {"Name": "before", "Due": "2026-01-31", "Secret": "s"},
            {"Name": "first", "Due": "2026-02-01"},
            {"Name": "last", "Due": "2026-02-28"},
            {"Name": "after", "Due": "2026-03-01"},
            {"Name": "undated", "Due": None},
        ]
    )
    uuid = share(ctx, view["id"])
    meta = ctx.client.get(f"{PUBLIC1}/{uuid}/meta").json
    due = next(c for c in meta["model"]["columns"] if c["title"] == "Due")
    assert due["show"] is False
    assert meta["view"]["calendar_range"][0]["fk_from_column_id"] == ctx.col["Due"]
    assert "Secret" not in str(meta)
    where = "(Due,gte,exactDate,2026-02-01)~and(Due,lte,exactDate,2026-02-28)"
    rows = ctx.client.get(f"{PUBLIC1}/{uuid}/rows", {"where": where}).json["list"]
    assert sorted((r["Name"], r["Due"]) for r in rows) == [("first", "2026-02-01"), ("last", "2026-02-28")]
    assert all("Secret" not in r for r in rows)
    undated = ctx.client.get(f"{PUBLIC1}/{uuid}/rows", {"where": "(Due,blank)"}).json["list"]
    assert [r["Name"] for r in undated] == ["undated"]
    # A grid of the same table with Due hidden does not read it.
    grid = ctx.create("grids", {"title": "Grid"})
    hide(ctx, grid["id"], "Due")
    grid_uuid = share(ctx, grid["id"])
    assert "Due" not in ctx.client.get(f"{PUBLIC1}/{grid_uuid}/rows").json["list"][0]
    bad = ctx.client.get(f"{PUBLIC1}/{grid_uuid}/rows", {"where": "(Due,blank)"}, status=400).json
    assert "Due" in bad["msg"]

"""An editor that pops up over its cell stays in view: under the cell on the first rows, above
it on the last rows of the grid, where opening downwards would run past the grid's bottom."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, display_field, field_cell, project_with_table

pytestmark = pytest.mark.e2e

OPTIONS = [{"title": f"option {i}"} for i in range(8)]


def _box(locator) -> dict:
    box = locator.bounding_box()
    assert box is not None
    return box


def test_select_editor_opens_upwards_on_the_last_rows(server, page):
    token = _sign_up_first_user(server)
    columns = [display_field(), {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": OPTIONS}}]
    records = [{"Name": f"row {i}", "Status": "option 1"} for i in range(1, 31)]
    project, _table = project_with_table(server, token, title="Popups", table="Rows", columns=columns, records=records)
    _use_token(page, token)
    page.set_viewport_size({"width": 1200, "height": 700})
    page.goto(f"/nc/{project['id']}/table/Rows")
    grid = page.get_by_test_id("grid-scroll")
    expect(field_cell(page, "Status", 1).locator(".wb-select-cell")).to_have_text("option 1")

    # The first row: the list opens under the cell.
    first = field_cell(page, "Status", 1)
    first.dblclick()
    popup = page.locator(".wb-popup-editor")
    expect(page.get_by_test_id("select-option")).to_have_count(len(OPTIONS))
    assert _box(popup)["y"] >= _box(first)["y"] - 5
    page.keyboard.press("Escape")
    expect(popup).to_have_count(0)

    # The last row, scrolled into view at the grid's bottom: the list opens above the cell and
    # ends inside the grid.
    grid.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    last = field_cell(page, "Status", 30)
    expect(last.locator(".wb-select-cell")).to_have_text("option 1")
    last.dblclick()
    expect(page.get_by_test_id("select-option")).to_have_count(len(OPTIONS))
    expect(page.locator(".wb-popup-up")).to_have_count(1)
    popup_box, cell_box, grid_box = _box(popup), _box(last), _box(grid)
    assert popup_box["y"] + popup_box["height"] <= cell_box["y"] + cell_box["height"] + 5
    assert popup_box["y"] >= grid_box["y"]

    # Still usable there: a pick saves.
    page.get_by_test_id("select-option").filter(has_text="option 5").click()
    expect(last.locator(".wb-select-cell")).to_have_text("option 5")

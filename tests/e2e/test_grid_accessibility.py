"""The grid as assistive technology reads it and as a keyboard user works it: ARIA grid roles
with row and column counts and indexes (the header is row 1, the row numbers column 1), the
active cell named by the grid's aria-activedescendant, the toolbar's actions reached with Tab
and used with Enter, Shift+Space to expand a record, and Tab out of the grid past its last
field to the header's menus."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, parts_table, screenshot

pytestmark = pytest.mark.e2e


def _focused_test_id(page) -> str | None:
    return page.evaluate("() => document.activeElement?.getAttribute('data-testid') ?? null")


def _active_cell(page, grid):
    """The element the grid names as its active cell."""
    ref = grid.get_attribute("aria-activedescendant")
    assert ref, "the grid names no active cell"
    cell = page.locator(f'[id="{ref}"]')
    expect(cell).to_have_count(1)
    return cell


def test_the_grid_is_an_aria_grid_worked_by_keyboard(server, page):
    token = _sign_up_first_user(server)
    rows = [{"Name": "bolt", "Qty": 5}, {"Name": "nut", "Qty": 50}, {"Name": "washer", "Qty": 20}]
    project, _table = parts_table(server, token, rows=rows)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")

    # Roles, counts and indexes.
    grid = page.get_by_role("grid", name="Parts")
    expect(grid).to_have_attribute("aria-rowcount", "4")
    expect(grid).to_have_attribute("aria-colcount", "3")
    expect(grid.get_by_test_id("grid-row").get_by_role("gridcell")).to_have_count(6)
    # The footer is the last row, a cell under each field.
    expect(grid.get_by_test_id("grid-footer").get_by_role("gridcell")).to_have_count(2)
    expect(grid.get_by_role("row").last).to_have_attribute("data-testid", "grid-footer")
    header_row = grid.get_by_role("row").first
    expect(header_row).to_have_attribute("aria-rowindex", "1")
    headers = grid.get_by_test_id("column-header")
    expect(headers.first).to_have_attribute("role", "columnheader")
    expect(headers).to_have_text(["Name", "Qty"])
    expect(headers.nth(0)).to_have_attribute("aria-colindex", "2")
    expect(headers.nth(1)).to_have_attribute("aria-colindex", "3")
    first_row = grid.get_by_role("row").nth(1)
    expect(first_row).to_have_attribute("aria-rowindex", "2")
    expect(first_row.get_by_role("rowheader")).to_have_text("1")
    expect(first_row.get_by_role("rowheader")).to_have_attribute("aria-colindex", "1")
    expect(first_row.get_by_role("gridcell")).to_have_text(["bolt", "5"])
    expect(first_row.get_by_role("gridcell").nth(1)).to_have_attribute("aria-colindex", "3")
    assert grid.get_attribute("aria-activedescendant") is None

    # The toolbar: Tab from the search reaches Filter; Enter opens it, Escape closes it and
    # gives the focus back; Tab goes on through the toolbar into the grid.
    page.get_by_test_id("search-input").focus()
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("add-filter")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("filter-form")).to_be_visible()
    # The open form takes the focus (on a slow machine a frame later).
    expect(page.get_by_test_id("add-filter")).not_to_be_focused()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("filter-form")).to_have_count(0)
    expect(page.get_by_test_id("add-filter")).to_be_focused()
    # Past the toolbar's other buttons (sort, group, row height), Tab enters the grid.
    for _ in range(6):
        page.keyboard.press("Tab")
        if grid.evaluate("(g) => g === document.activeElement"):
            break
    expect(grid).to_be_focused()

    # The first arrow makes the first cell active; the grid names it, then follows the keys.
    page.keyboard.press("ArrowDown")
    cell = _active_cell(page, grid)
    expect(cell).to_have_text("bolt")
    expect(cell).to_have_attribute("role", "gridcell")
    expect(cell).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    cell = _active_cell(page, grid)
    expect(cell).to_have_text("50")
    expect(cell).to_have_attribute("aria-colindex", "3")
    screenshot(page, "a11y-grid-active-cell")

    # Shift+Space expands the active cell's record; Escape closes it and the grid has the focus.
    page.keyboard.press("Shift+Space")
    form = page.get_by_test_id("expanded-record")
    expect(form).to_be_visible()
    expect(form.get_by_role("textbox", name="Name")).to_have_value("nut")
    page.keyboard.press("Escape")
    expect(form).to_have_count(0)
    expect(grid).to_be_focused()

    # With a cell active, every toolbar action is reached with Tab, in reading order.
    page.get_by_test_id("add-record").focus()
    reached = [_focused_test_id(page)]
    while reached[-1] != "grid-scroll" and len(reached) < 20:
        page.keyboard.press("Tab")
        reached.append(_focused_test_id(page))
    for action in ("add-record", "delete-record", "expand-record", "search-input", "add-filter", "grid-scroll"):
        assert action in reached, reached
    assert reached.index("delete-record") < reached.index("expand-record") < reached.index("grid-scroll")

    # Tab past the last field leaves the grid for the header's menus; Enter opens one.
    expect(grid).to_be_focused()
    expect(_active_cell(page, grid)).to_have_text("50")
    page.keyboard.press("Tab")
    menu_button = headers.nth(0).get_by_test_id("field-menu")
    expect(menu_button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("sort-asc")).to_be_visible()
    screenshot(page, "a11y-field-menu")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("sort-asc")).to_have_count(0)

"""The keyboard in a grouped grid: a move into a folded group unfolds it and scrolls the row
into view; the grid names as its active cell only a cell it has drawn (never one scrolled
out of the virtual window); group headers are rows of the grid."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, column_id, field_cell, screenshot, shop_table

pytestmark = pytest.mark.e2e

ROWS = [{"Name": f"Done {i:02d}", "Qty": i, "Status": "Done"} for i in range(60)] + [
    {"Name": f"Todo {i:02d}", "Qty": i, "Status": "Todo"} for i in range(60)
]


def _named_cell(page):
    """The element the grid names as its active cell, or None when it names none."""
    return page.evaluate(
        """() => {
          const ref = document.querySelector('[data-testid=grid-scroll]').getAttribute('aria-activedescendant');
          if (!ref) return null;
          const cell = document.getElementById(ref);
          return cell ? cell.textContent : 'missing: ' + ref;
        }"""
    )


def test_keys_unfold_a_folded_group_and_name_only_drawn_cells(server, page):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token, rows=ROWS)
    view = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"][0]
    server.api(
        "PATCH",
        f"/api/v1/db/meta/views/{view['id']}/columns/{column_id(table, 'Status')}",
        {"group_by": True, "group_by_order": 1, "group_by_sort": "asc"},
        token=token,
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    grid = page.get_by_test_id("grid-scroll")
    headers = page.get_by_test_id("group-header")
    expect(headers.get_by_test_id("group-value")).to_have_text(["Done"])  # "Todo" is 60 rows below

    # Group headers are rows of the grid, their one cell spanning the columns.
    expect(headers.first).to_have_attribute("role", "row")
    expect(headers.first.get_by_role("gridcell")).to_have_attribute("aria-colspan", "4")

    # Fold "Done": "Todo 00" comes up under the headers.
    headers.first.get_by_test_id("group-toggle").click()
    expect(headers.first.get_by_test_id("group-toggle")).to_have_attribute("aria-expanded", "false")
    expect(headers.get_by_test_id("group-value")).to_have_text(["Done", "Todo"])
    first_todo = field_cell(page, "Name", 61)
    expect(first_todo).to_have_text("Todo 00")
    first_todo.click()
    assert _named_cell(page) == "Todo 00"

    # ArrowUp goes to the last record of "Done": the group unfolds and the row is in view.
    page.keyboard.press("ArrowUp")
    expect(headers.first.get_by_test_id("group-toggle")).to_have_attribute("aria-expanded", "true")
    done = field_cell(page, "Name", 60)
    expect(done).to_have_text("Done 59")
    expect(done).to_have_class(re.compile(r"\bwb-cell-active\b"))
    expect(done).to_be_in_viewport()
    assert _named_cell(page) == "Done 59"
    screenshot(page, "grid-folded-group-unfolded-by-key")

    # Scrolled far away, the active cell is no longer drawn, and the grid names none; back
    # in view, it names it again.
    grid.evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
    expect(field_cell(page, "Name", 120)).to_have_text("Todo 59")
    expect(page.locator(".wb-cell-active")).to_have_count(0)
    assert _named_cell(page) is None
    grid.evaluate("(el) => { el.scrollTop = 0; }")
    expect(field_cell(page, "Name", 1)).to_have_text("Done 00")
    # The top of "Done 59": under the header of "Done", after 59 rows of 32 px.
    grid.evaluate("(el) => { el.scrollTop = 36 + 59 * 32 - 200; }")
    expect(page.locator(".wb-cell-active")).to_have_text("Done 59")
    assert _named_cell(page) == "Done 59"

"""Copying a block of the grid whose rows are not all loaded, in headless Chromium: the grid
fetches the missing pages (showing its progress), then the whole block is on the clipboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, add_records, grid_cell, parts_table, screenshot

pytestmark = pytest.mark.e2e

ROWS = 450  # the grid reads 100 rows a page: five pages, the first one loaded on opening


def _clipboard(page) -> str:
    return page.evaluate("navigator.clipboard.readText()")


def _expected(first: int, last: int) -> str:
    return "\n".join(f"part {n}\t{n}" for n in range(first, last + 1))


def _open(server, context, page):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    token = _sign_up_first_user(server)
    rows = [{"Name": f"part {n}", "Qty": n} for n in range(1, ROWS + 1)]
    project, _table_meta = parts_table(server, token, rows=rows)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    expect(grid_cell(page, 1, 0)).to_have_text("part 1")
    page.evaluate("navigator.clipboard.writeText('before')")


def test_select_all_copies_rows_never_loaded_with_progress(server, context, page):
    _open(server, context, page)
    fetched: list[str] = []
    held = []
    released = []

    def hold(route):
        fetched.append(route.request.url)
        if released:
            route.continue_()
        else:
            held.append(route)

    # The missing pages are held back until the progress has been seen.
    page.route("**/api/v2/tables/*/records?*offset=*", hold)
    grid_cell(page, 1, 0).click()
    page.get_by_test_id("grid-scroll").press("Control+a")
    expect(page.locator(".wb-cell-selected").first).to_be_visible()
    page.get_by_test_id("grid-scroll").press("Control+c")
    progress = page.get_by_test_id("copy-progress")
    expect(progress).to_contain_text("0 of 4 pages")
    screenshot(page, "grid-copy-progress")
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_function("() => !document.querySelector('[data-testid=copy-progress]')")
    # Only the four pages not yet loaded were asked for (the first came from the cache).
    offsets = sorted(int(u.split("offset=")[1].split("&")[0]) for u in fetched)
    assert offsets[:4] == [100, 200, 300, 400]
    expect(page.get_by_text(f"Cells copied: {ROWS * 2}")).to_be_visible()
    assert _clipboard(page) == _expected(1, ROWS)


def test_shift_click_block_across_unloaded_pages(server, context, page):
    _open(server, context, page)
    grid = page.get_by_test_id("grid-scroll")
    grid_cell(page, 3, 0).click()
    # Jump to the end: the pages in between are never drawn, so never loaded.
    grid.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    expect(grid_cell(page, ROWS - 10, 1)).to_have_text(str(ROWS - 10))
    grid_cell(page, ROWS - 10, 1).click(modifiers=["Shift"])
    grid.press("Control+c")
    expect(page.get_by_text(f"Cells copied: {(ROWS - 10 - 3 + 1) * 2}")).to_be_visible()
    assert _clipboard(page) == _expected(3, ROWS - 10)

    # A block inside the loaded rows goes through the copy event at once, as before.
    grid_cell(page, ROWS - 2, 0).click()
    grid_cell(page, ROWS - 1, 1).click(modifiers=["Shift"])
    grid.press("Control+c")
    assert _clipboard(page) == _expected(ROWS - 2, ROWS - 1)


def test_a_block_over_the_limit_is_refused_with_a_message(server, context, page):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    token = _sign_up_first_user(server)
    project, table = parts_table(server, token)
    # 50,001 records of two fields: 100,002 cells, just over the 100,000 a copy takes.
    for start in range(0, 50_001, 10_000):
        rows = [{"Name": f"p{n}", "Qty": n} for n in range(start, min(start + 10_000, 50_001))]
        add_records(server, token, table, rows)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    expect(page.get_by_test_id("record-count")).to_have_text("50,001 records")
    # The first page is read before the requests are counted: only the copy's would count.
    expect(grid_cell(page, 1, 0)).to_have_text("p0")
    page.evaluate("navigator.clipboard.writeText('before')")
    asked: list[str] = []
    page.on("request", lambda r: "offset=" in r.url and asked.append(r.url))
    grid = page.get_by_test_id("grid-scroll")
    grid_cell(page, 1, 0).click()
    grid.press("Control+a")
    grid.press("Control+c")
    message = "Cells selected: 100,002; at most 100,000 can be copied or cleared at once. Select a smaller block."
    expect(page.get_by_text(message)).to_be_visible()
    # Nothing was fetched for it, and the clipboard is untouched; clearing is refused alike.
    assert asked == []
    assert _clipboard(page) == "before"
    expect(page.get_by_text(message)).to_have_count(0)  # the toast goes away
    grid.press("Delete")
    expect(page.get_by_text(message)).to_be_visible()
    expect(grid_cell(page, 1, 0)).to_have_text("p0")

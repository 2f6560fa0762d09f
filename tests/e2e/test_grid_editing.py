"""The grid's block editing and view state in headless Chromium: column widths kept per view,
range copy, a pasted block (with new records, a value that does not fit, one undo step),
a cleared range, filters and sorts edited in place, and the app store page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    column_id,
    fresh_page,
    grid_cell,
    list_records,
    parts_table,
    screenshot,
    sign_up,
)

pytestmark = pytest.mark.e2e


def _records(server, table, token):
    return [(r["Name"], r["Qty"]) for r in list_records(server, token, table, limit=100)]


def _paste(page, text: str) -> None:
    """Paste `text` into the grid as the browser would (a paste event carrying text/plain)."""
    page.get_by_test_id("grid-scroll").evaluate(
        "(el, text) => { const data = new DataTransfer(); data.setData('text/plain', text);"
        " el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })); }",
        text,
    )


def test_column_width_is_dragged_kept_after_reload_and_set_by_keys(server, page):
    token = _sign_up_first_user(server)
    project, _table_meta = parts_table(server, token, rows=[{"Name": "bolt", "Qty": 5}])
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    header = page.get_by_test_id("column-header").first
    expect(header).to_have_text(re.compile("Name"))
    assert header.bounding_box()["width"] == pytest.approx(200, abs=1)

    handle = header.get_by_test_id("column-resize")
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y, steps=4)
    page.mouse.move(x + 120, y, steps=4)
    with page.expect_response(lambda r: "/columns/" in r.url and r.request.method == "PATCH") as saved:
        page.mouse.up()
    assert saved.value.json()["width"] == "320px"
    expect(handle).to_have_attribute("aria-valuenow", "320")
    assert header.bounding_box()["width"] == pytest.approx(320, abs=1)
    # The cells follow the header.
    assert grid_cell(page, 1, 0).bounding_box()["width"] == pytest.approx(320, abs=1)

    page.reload()
    handle = page.get_by_test_id("column-header").first.get_by_test_id("column-resize")
    expect(handle).to_have_attribute("aria-valuenow", "320")

    # Keyboard: arrows on the focused edge narrow it, down to the minimum and no further;
    # the run of presses is saved once.
    handle.focus()
    handle.press("ArrowLeft")
    handle.press("ArrowLeft")
    expect(handle).to_have_attribute("aria-valuenow", "300")
    with page.expect_response(
        lambda r: r.request.method == "PATCH" and r.request.post_data_json == {"width": 60}
    ) as saved:
        for _ in range(30):
            handle.press("ArrowLeft")
    assert saved.value.json()["width"] == "60px"
    expect(handle).to_have_attribute("aria-valuenow", "60")
    page.reload()
    expect(page.get_by_test_id("column-header").first.get_by_test_id("column-resize")).to_have_attribute(
        "aria-valuenow", "60"
    )
    screenshot(page, "grid-column-resized")


def test_range_copy_block_paste_with_new_records_undo_and_range_clear(server, page):
    token = _sign_up_first_user(server)
    project, table = parts_table(server, token, rows=[{"Name": "alpha", "Qty": 1}, {"Name": "beta", "Qty": 2}])
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    grid = page.get_by_test_id("grid-scroll")
    expect(grid_cell(page, 2, 0)).to_have_text("beta")

    # Shift+click selects a block; copying it gives tab-separated text.
    page.evaluate(
        "window.__copied = []; document.addEventListener('copy',"
        " (e) => window.__copied.push(e.clipboardData.getData('text/plain')))"
    )
    grid_cell(page, 1, 0).click()
    grid_cell(page, 2, 1).click(modifiers=["Shift"])
    expect(grid.locator(".wb-cell-selected")).to_have_count(4)
    grid.press("Control+c")
    assert page.evaluate("window.__copied") == ["alpha\t1\nbeta\t2"]

    # A 3x2 block pasted from the second row runs two rows past the end: asked first.
    grid_cell(page, 2, 0).click()
    _paste(page, 'gamma\t3\n"delta\nline"\tmany\nepsilon\t5\n')
    dialog = page.get_by_test_id("paste-add-rows")
    expect(dialog).to_contain_text("2 of the pasted rows")
    screenshot(page, "grid-paste-add-rows")
    page.get_by_test_id("paste-add-rows-confirm").click()
    # "many" does not fit Qty: listed, not written; everything else is.
    report = page.get_by_test_id("paste-report")
    expect(report.get_by_test_id("paste-invalid-cell")).to_have_count(1)
    expect(report.get_by_test_id("paste-invalid-cell")).to_contain_text("many")
    expect(report.get_by_test_id("paste-invalid-cell")).to_contain_text("Not a number")
    screenshot(page, "grid-paste-report")
    page.get_by_test_id("paste-report-close").click()
    expect(page.get_by_test_id("record-count")).to_have_text("4 records")
    expect(grid_cell(page, 4, 0)).to_have_text("epsilon")
    assert _records(server, table, token) == [("alpha", 1), ("gamma", 3), ("delta\nline", None), ("epsilon", 5)]

    # One undo takes the whole paste back, the added record too; redo applies it again.
    grid.focus()
    grid.press("Control+z")
    expect(page.get_by_test_id("record-count")).to_have_text("2 records")
    expect(grid_cell(page, 2, 0)).to_have_text("beta")
    assert _records(server, table, token) == [("alpha", 1), ("beta", 2)]
    grid.press("Control+Shift+z")
    expect(page.get_by_test_id("record-count")).to_have_text("4 records")
    expect(grid_cell(page, 4, 0)).to_have_text("epsilon")

    # Delete clears a selected range in one step; undo brings it back.
    grid_cell(page, 1, 0).click()
    grid.press("Shift+ArrowDown")
    grid.press("Shift+ArrowRight")
    expect(grid.locator(".wb-cell-selected")).to_have_count(4)
    grid.press("Delete")
    expect(grid_cell(page, 1, 0)).to_have_text("")
    expect(grid_cell(page, 2, 1)).to_have_text("")
    grid.press("Control+z")
    expect(grid_cell(page, 1, 0)).to_have_text("alpha")
    expect(grid_cell(page, 2, 1)).to_have_text("3")

    # A value only the server refuses (too large for a number field): that record is reported
    # with the server's words and left as it was; the other pasted record is written.
    grid_cell(page, 1, 0).click()
    _paste(page, "omega\t1\nzeta\t99999999999999999999")
    refused = page.get_by_test_id("paste-report").get_by_test_id("paste-invalid-cell")
    expect(refused).to_have_count(2)
    expect(refused.first).to_contain_text("zeta")
    page.get_by_test_id("paste-report-close").click()
    expect(grid_cell(page, 1, 0)).to_have_text("omega")
    expect(grid_cell(page, 2, 0)).to_have_text("gamma")
    assert _records(server, table, token)[:2] == [("omega", 1), ("gamma", 3)]


def test_filters_and_sorts_are_edited_in_place(server, page):
    token = _sign_up_first_user(server)
    parts = {"bolt": 5, "nut": 50, "washer": 20, "screw": 7, "bracket": 1}
    project, table = parts_table(server, token, rows=[{"Name": n, "Qty": q} for n, q in parts.items()])
    view_id = table["views"][0]["id"]
    qty = column_id(table, "Qty")
    server.api(
        "POST",
        f"/api/v1/db/meta/views/{view_id}/filters",
        {"fk_column_id": qty, "comparison_op": "gt", "value": "4"},
        token=token,
    )
    server.api("POST", f"/api/v1/db/meta/views/{view_id}/sorts", {"fk_column_id": qty}, token=token)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    count = page.get_by_test_id("record-count")
    names = page.locator(".wb-grid-row .wb-cell[data-col='0']")
    expect(count).to_have_text("4 records")

    # The filter's value, then its operator (only the number operators are offered).
    page.get_by_test_id("filter-tag").click()
    editor = page.get_by_test_id("filter-edit")
    ops = editor.get_by_test_id("filter-edit-op").locator("option")
    # The field's own operators once the server has listed them (every operator until then).
    expect(ops.and_(editor.locator("option[value='gt']"))).to_have_count(1)
    expect(ops.and_(editor.locator("option[value='like']"))).to_have_count(0)
    value = editor.get_by_test_id("filter-edit-value")
    value.fill("10")
    value.press("Enter")
    expect(count).to_have_text("2 records")
    expect(page.get_by_test_id("filter-tag")).to_have_text("Qty is greater than 10")
    screenshot(page, "grid-filter-edit")
    editor.get_by_test_id("filter-edit-op").select_option("lt")
    expect(count).to_have_text("3 records")
    # A value the field refuses shows the server's message and keeps the filter as it was.
    value.fill("many")
    value.press("Enter")
    expect(editor.get_by_test_id("filter-edit-error")).to_contain_text("Qty")
    expect(count).to_have_text("3 records")
    value.fill("8")
    value.press("Enter")
    expect(editor.get_by_test_id("filter-edit-error")).to_have_count(0)
    page.get_by_test_id("filter-edit-done").click()
    expect(names).to_have_text(["bracket", "bolt", "screw"])

    # The sort's direction.
    page.get_by_test_id("sort-tag").click()
    page.get_by_test_id("sort-edit-direction").select_option("desc")
    expect(names).to_have_text(["screw", "bolt", "bracket"])
    page.keyboard.press("Escape")

    page.reload()
    expect(count).to_have_text("3 records")
    expect(names).to_have_text(["screw", "bolt", "bracket"])
    filters = server.api("GET", f"/api/v1/db/meta/views/{view_id}/filters", token=token)["list"]
    assert [(f["comparison_op"], f["value"]) for f in filters] == [("lt", "8")]


def test_app_store_lists_plugins_for_the_super_admin_only(server, browser, page):
    token = _sign_up_first_user(server)
    _use_token(page, token)
    page.goto("/")
    page.get_by_test_id("nav-apps").click()
    expect(page).to_have_url(re.compile(r"/apps$"))
    store = page.get_by_test_id("app-store")
    expect(store.get_by_test_id("apps-note")).to_contain_text("workbench.plugins.disabled")
    rows = store.get_by_test_id("app-row")
    expect(rows).not_to_have_count(0)
    plugins = server.api("GET", "/api/v1/plugins", token=token)["list"]
    expect(rows).to_have_count(len(plugins))
    first = sorted(plugins, key=lambda p: (p["kind"], p["name"]))[0]
    expect(rows.first).to_contain_text(first["name"])
    expect(rows.first).to_contain_text(first["version"])
    expect(rows.first.get_by_test_id("app-enabled")).to_have_text("Enabled" if first["enabled"] else "Disabled")
    screenshot(page, "app-store")

    member = sign_up(server, "member@example.com")
    with fresh_page(browser, server) as other:
        _use_token(other, member)
        other.goto("/")
        expect(other.get_by_test_id("nav-account")).to_be_visible()
        expect(other.get_by_test_id("nav-apps")).to_have_count(0)
        other.goto("/apps")
        expect(other).to_have_url(re.compile(r"/$"))
        expect(other.get_by_test_id("app-store")).to_have_count(0)

"""The grid in headless Chromium against a real server: pages, edits, new and deleted records,
fields added, renamed, retyped and deleted, search, sorts, filters and filter groups, hidden
and reordered fields, copy and paste with undo and redo, and the expanded record."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _dialog_settled,
    _sign_up_first_user,
    _submit_dialog,
    _use_token,
    display_field,
    list_records,
    number_field,
    pick_field_type,
    project_with_table,
    screenshot,
    wait_records,
)

pytestmark = pytest.mark.e2e


def test_grid_pages_edits_adds_and_deletes_records(server, page):
    token = _sign_up_first_user(server)
    rows = [{"Title": f"Item {i:03d}", "Qty": i} for i in range(1, 251)]
    project, table = project_with_table(
        server,
        token,
        title="Inventory",
        table="Items",
        columns=[display_field("Title"), number_field("Qty")],
        records=rows,
    )

    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Items")
    grid = page.get_by_test_id("grid-scroll")
    expect(page.get_by_test_id("record-count")).to_have_text("250 records")
    expect(grid.locator(".wb-grid-row[aria-rowindex='2']")).to_contain_text("Item 001")
    # Only the rows in view are in the page.
    assert grid.locator(".wb-grid-row").count() < 60
    screenshot(page, "grid")

    # Scrolling to the end fetches the last page.
    grid.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    expect(grid.locator(".wb-grid-row[aria-rowindex='251']")).to_contain_text("Item 250")

    # Edit a text cell in place; the value is kept after a reload.
    grid.evaluate("el => { el.scrollTop = 0; }")
    first_title = grid.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(0)
    first_title.dblclick()
    editor = page.get_by_test_id("cell-editor")
    editor.fill("Renamed item")
    editor.press("Enter")
    expect(first_title).to_have_text("Renamed item")

    # An invalid number shows the field's error and keeps what was typed.
    qty = grid.locator(".wb-grid-row[aria-rowindex='3'] .wb-cell").nth(1)
    qty.click()
    grid.press("Enter")
    page.get_by_test_id("cell-editor").fill("lots")
    page.get_by_test_id("cell-editor").press("Enter")
    expect(page.get_by_test_id("cell-error")).to_contain_text("Qty")
    expect(page.get_by_test_id("cell-editor")).to_have_value("lots")
    screenshot(page, "grid-invalid-value")
    # Typing again takes the error away (the text is the editor's own until it is saved).
    page.get_by_test_id("cell-editor").fill("42")
    expect(page.get_by_test_id("cell-error")).to_have_count(0)
    page.get_by_test_id("cell-editor").press("Enter")
    expect(qty).to_have_text("42")

    # Keyboard: move with the arrows and type to edit.
    qty.click()
    grid.press("ArrowUp")
    grid.press("ArrowLeft")
    grid.press("x")
    page.get_by_test_id("cell-editor").press("End")
    page.get_by_test_id("cell-editor").press("Escape")
    expect(first_title).to_have_text("Renamed item")

    # Page and edge keys move the active cell; Delete clears a cell.
    grid.press("Control+End")
    expect(grid.locator(".wb-grid-row[aria-rowindex='251'] .wb-cell-active")).to_have_count(1)
    grid.press("Control+Home")
    expect(grid.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(0)).to_have_class(re.compile("wb-cell-active"))
    grid.press("PageDown")
    expect(grid.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell-active")).to_have_count(0)
    grid.press("PageUp")
    grid.press("End")
    expect(grid.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(1)).to_have_class(re.compile("wb-cell-active"))
    grid.press("ArrowDown")
    grid.press("ArrowDown")
    grid.press("Delete")
    expect(grid.locator(".wb-grid-row[aria-rowindex='4'] .wb-cell").nth(1)).to_have_text("")

    page.reload()
    expect(grid.locator(".wb-grid-row[aria-rowindex='4'] .wb-cell").nth(1)).to_have_text("")
    expect(grid.locator(".wb-grid-row[aria-rowindex='2']")).to_contain_text("Renamed item")
    expect(grid.locator(".wb-grid-row[aria-rowindex='3'] .wb-cell").nth(1)).to_have_text("42")

    # Add a record, then delete it.
    page.get_by_test_id("add-record").click()
    expect(page.get_by_test_id("record-count")).to_have_text("251 records")
    expect(grid.locator(".wb-grid-row[aria-rowindex='252']")).to_be_visible()
    grid.locator(".wb-grid-row[aria-rowindex='252'] .wb-cell").nth(0).click()
    page.get_by_test_id("delete-record").click()
    expect(page.get_by_test_id("record-count")).to_have_text("250 records")
    assert server.api("GET", f"/api/v2/tables/{table['id']}/records/count", token=token) == {"count": 250}


def test_fields_are_added_renamed_retyped_and_deleted(server, page):
    token = _sign_up_first_user(server)
    project, table = project_with_table(server, token, title="Crm", table="People", records=[{"Name": "Ada"}])
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/People")
    headers = page.get_by_test_id("grid").get_by_test_id("column-header")
    expect(headers).to_have_text(["Name"])

    # Add a number field; the name rules show inline.
    page.get_by_test_id("add-field").click()
    page.get_by_test_id("field-title-input").fill("name")
    expect(page.get_by_text("A field with this name already exists")).to_be_visible()
    page.get_by_test_id("field-title-input").fill("Age")
    pick_field_type(page, "Number")
    _dialog_settled(page)
    screenshot(page, "field-dialog")
    _submit_dialog(page, "field-submit")
    expect(headers).to_have_text(["Name", "Age"])
    age = page.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(1)
    age.dblclick()
    page.get_by_test_id("cell-editor").fill("36")
    page.get_by_test_id("cell-editor").press("Enter")
    expect(age).to_have_text("36")

    # Rename and retype it (number to text keeps the value).
    headers.nth(1).get_by_test_id("field-menu").click()
    page.get_by_test_id("field-edit").click()
    page.get_by_test_id("field-title-input").fill("Age text")
    pick_field_type(page, "Single line text")
    _submit_dialog(page, "field-submit")
    expect(headers).to_have_text(["Name", "Age text"])
    page.reload()
    expect(headers).to_have_text(["Name", "Age text"])
    expect(page.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(1)).to_have_text("36")
    kinds = {
        c["title"]: c["uidt"]
        for c in server.api("GET", f"/api/v1/db/meta/tables/{table['id']}", token=token)["columns"]
    }
    assert kinds["Age text"] == "SingleLineText"

    # Delete it after confirming.
    headers.nth(1).get_by_test_id("field-menu").click()
    page.get_by_test_id("field-delete").click()
    page.locator(".bp6-alert").get_by_role("button", name="Delete field").click()
    expect(headers).to_have_text(["Name"])


def test_grid_search_sort_filter_hide_and_reorder_are_kept(server, page):
    token = _sign_up_first_user(server)
    columns = [display_field(), number_field("Qty"), {"title": "Note", "column_name": "note", "uidt": "LongText"}]
    names = ["bolt", "nut", "washer", "screw", "bracket"]
    rows = [{"Name": n, "Qty": q, "Note": f"{n} note"} for n, q in zip(names, [5, 50, 20, 7, 1], strict=True)]
    project, _table = project_with_table(server, token, title="Stock", columns=columns, records=rows)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    count = page.get_by_test_id("record-count")
    expect(count).to_have_text("5 records")
    headers = page.get_by_test_id("grid").get_by_test_id("column-header")
    first_names = page.locator(".wb-grid-row .wb-cell[data-col='0']")

    # Search on the display value (like), then on a number field (equal).
    page.get_by_test_id("search-input").fill("b")
    expect(count).to_have_text("2 records")
    page.get_by_test_id("search-field").select_option(label="Qty")
    page.get_by_test_id("search-input").fill("50")
    expect(count).to_have_text("1 record")
    expect(first_names).to_have_text(["nut"])
    page.get_by_test_id("search-input").fill("")
    expect(count).to_have_text("5 records")

    # Sort by Qty descending (saved in the view).
    headers.nth(1).get_by_test_id("field-menu").click()
    page.get_by_test_id("sort-desc").click()
    expect(first_names).to_have_text(["nut", "washer", "screw", "bolt", "bracket"])
    expect(page.get_by_test_id("sort-tag")).to_have_text("Qty")

    # Filter Qty > 4 (saved in the view).
    page.get_by_test_id("add-filter").click()
    page.get_by_test_id("filter-field").select_option(label="Qty")
    page.get_by_test_id("filter-op").select_option("gt")
    page.get_by_test_id("filter-value").fill("4")
    page.get_by_test_id("filter-submit").click()
    expect(count).to_have_text("4 records")
    expect(first_names).to_have_text(["nut", "washer", "screw", "bolt"])

    # Hide Note, move Qty to the front.
    headers.nth(2).get_by_test_id("field-menu").click()
    page.get_by_test_id("field-hide").click()
    expect(headers).to_have_text(["Name", "Qty"])
    headers.nth(1).get_by_test_id("field-menu").click()
    page.get_by_test_id("field-move-left").click()
    expect(headers).to_have_text(["Qty", "Name"])
    screenshot(page, "grid-view-state")

    # All of it is kept after a reload.
    page.reload()
    expect(headers).to_have_text(["Qty", "Name"])
    expect(count).to_have_text("4 records")
    expect(page.locator(".wb-grid-row .wb-cell[data-col='1']")).to_have_text(["nut", "washer", "screw", "bolt"])
    expect(page.get_by_test_id("hidden-fields")).to_have_text("1 hidden field")

    # A hidden field can be shown again.
    page.get_by_test_id("hidden-fields").click()
    page.get_by_test_id("show-field").click()
    expect(headers).to_have_count(3)

    # Removing the filter and the sort brings back every record in its natural order.
    page.get_by_test_id("filter-tag").get_by_role("button").click()
    expect(count).to_have_text("5 records")
    page.get_by_test_id("sort-tag").get_by_role("button").click()
    expect(page.get_by_test_id("sort-tag")).to_have_count(0)
    expect(page.locator(".wb-grid-row .wb-cell[data-col='1']")).to_have_text(names)


def test_grid_copy_paste_undo_redo_and_expanded_record(server, page):
    token = _sign_up_first_user(server)
    project, table = project_with_table(
        server,
        token,
        title="Notes",
        table="Things",
        columns=[display_field(), number_field("Qty")],
        records=[{"Name": "alpha", "Qty": 1}, {"Name": "beta", "Qty": 2}],
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Things")
    grid = page.get_by_test_id("grid-scroll")
    cell = lambda row, col: grid.locator(f".wb-grid-row[aria-rowindex='{row + 1}'] .wb-cell").nth(col)  # noqa: E731
    expect(cell(1, 0)).to_have_text("alpha")

    # Copy alpha, paste it over beta.
    cell(1, 0).click()
    page.keyboard.press("Control+c")
    grid.press("ArrowDown")
    page.keyboard.press("Control+v")
    expect(cell(2, 0)).to_have_text("alpha")

    # Undo brings beta back; redo pastes again; both reach the server.
    grid.press("Control+z")
    expect(cell(2, 0)).to_have_text("beta")
    grid.press("Control+Shift+z")
    expect(cell(2, 0)).to_have_text("alpha")
    grid.press("Control+z")
    expect(cell(2, 0)).to_have_text("beta")
    # The writes are sent one after the other: the server ends where the grid shows.
    wait_records(server, token, table, {1: ("alpha",), 2: ("beta",)}, fields=("Name",))

    # Expand a record into a form; a bad number keeps the form and what was typed.
    cell(1, 1).click()
    page.get_by_test_id("expand-record").click()
    form = page.get_by_test_id("expanded-record")
    name, qty = form.get_by_label("Name"), form.get_by_label("Qty")
    name.fill("alpha prime")
    qty.fill("many")
    page.get_by_test_id("record-save").click()
    # The server's error shows under the field it names.
    qty_row = form.locator(".bp6-form-group", has=page.get_by_label("Qty"))
    expect(qty_row.get_by_test_id("record-error")).to_contain_text("Qty")
    expect(name).to_have_value("alpha prime")
    expect(qty).to_have_value("many")
    screenshot(page, "expanded-record")
    qty.fill("3")
    page.get_by_test_id("record-save").click()
    expect(form).to_have_count(0)
    expect(cell(1, 0)).to_have_text("alpha prime")
    expect(cell(1, 1)).to_have_text("3")
    page.reload()
    expect(cell(1, 0)).to_have_text("alpha prime")


def test_grid_edits_fields_of_several_types(server, page):
    token = _sign_up_first_user(server)
    columns = [
        display_field(),
        {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "todo"}, {"title": "done"}]}},
        {"title": "Due", "uidt": "Date"},
        {"title": "Stars", "uidt": "Rating"},
        {"title": "Paid", "uidt": "Checkbox"},
    ]
    project, table = project_with_table(
        server, token, title="Types", table="Tasks", columns=columns, records=[{"Name": "write", "Status": "todo"}]
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Tasks")
    grid = page.get_by_test_id("grid-scroll")
    cell = lambda col: grid.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(col)  # noqa: E731
    expect(cell(1).get_by_test_id("select-tag")).to_have_text("todo")

    # Each type edits through its plugin's editor: the select's list of options, the date picker.
    cell(1).dblclick()
    page.get_by_test_id("select-option").filter(has_text="done").click()
    # (the cell's own tag: while the save is under way the editor's option tags are there too)
    expect(cell(1).locator(".wb-select-cell").get_by_test_id("select-tag")).to_have_text("done")

    cell(2).dblclick()
    expect(page.get_by_test_id("cell-editor")).to_have_attribute("type", "date")
    page.get_by_test_id("cell-editor").fill("2026-12-24")
    page.get_by_test_id("cell-editor").press("Enter")
    expect(cell(2)).to_have_text("Dec 24, 2026")

    # Rating comes from the numbers plugin's UI bundle (stars; typing a digit picks it).
    expect(cell(3).locator(".wb-rating[role=img]")).to_have_attribute("aria-label", "0 of 5 stars")
    cell(3).click()
    grid.press("4")
    page.get_by_test_id("rating-editor").press("Enter")
    expect(cell(3).locator(".wb-rating")).to_have_attribute("aria-label", "4 of 5 stars")

    cell(4).click()
    grid.press("Enter")
    expect(cell(4)).to_have_text("✓")
    screenshot(page, "grid-field-types")

    page.reload()
    expect(cell(1).get_by_test_id("select-tag")).to_have_text("done")
    expect(cell(2)).to_have_text("Dec 24, 2026")
    expect(cell(3).locator(".wb-rating")).to_have_attribute("aria-label", "4 of 5 stars")
    expect(cell(4)).to_have_text("✓")
    [record] = list_records(server, token, table)
    assert (record["Status"], record["Due"], record["Stars"], record["Paid"]) == ("done", "2026-12-24", 4, True)


def test_grid_filter_groups(server, page):
    token = _sign_up_first_user(server)
    parts = {"bolt": 5, "nut": 50, "washer": 20, "screw": 7, "bracket": 1, "bar": 30}
    project, _table = project_with_table(
        server,
        token,
        title="Yard",
        columns=[display_field(), number_field("Qty")],
        records=[{"Name": n, "Qty": q} for n, q in parts.items()],
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    count = page.get_by_test_id("record-count")
    expect(count).to_have_text("6 records")

    def add_filter(field, op, value, logic="and", group=None, new_group=False):
        page.get_by_test_id("add-filter").click()
        page.get_by_test_id("filter-logic").select_option(logic)
        if new_group:
            page.get_by_test_id("filter-add-group").click()
            expect(page.get_by_test_id("filter-parent")).not_to_have_value("")
        elif group:
            page.get_by_test_id("filter-parent").select_option(label=group)
        page.get_by_test_id("filter-field").select_option(label=field)
        page.get_by_test_id("filter-op").select_option(op)
        page.get_by_test_id("filter-value").fill(value)
        page.get_by_test_id("filter-submit").click()
        expect(page.get_by_test_id("filter-form")).to_have_count(0)

    # Name contains b, and (Qty > 10 or Qty < 3).
    add_filter("Name", "like", "b")
    expect(count).to_have_text("3 records")
    add_filter("Qty", "gt", "10", new_group=True)
    expect(count).to_have_text("1 record")
    add_filter("Qty", "lt", "3", logic="or", group="Group 1")
    expect(count).to_have_text("2 records")
    tags = page.get_by_test_id("filter-tag")
    expect(tags).to_have_text(["Name contains b", "and (Qty is greater than 10 or Qty is less than 3)"])
    screenshot(page, "grid-filter-groups")
    page.reload()
    expect(count).to_have_text("2 records")
    expect(page.locator(".wb-grid-row .wb-cell[data-col='0']")).to_have_text(["bracket", "bar"])

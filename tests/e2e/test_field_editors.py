"""The built-in field types' cells and editors in headless Chromium, each from its plugin's UI
bundle: a coloured single select picked from its list, a multi select toggled by typing and
Enter, a date set with the date picker and shown in the column's format, a date and time and
a time from their pickers, a checkbox toggled with Space or a click, invalid JSON refused in
place (the error shown, the text kept), a currency in its locale, a duration typed as h:mm, a
long text on several lines and a web address as a link."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    display_field,
    field_cell,
    list_records,
    project_with_table,
    screenshot,
)

pytestmark = pytest.mark.e2e

COLOURS = {"todo": "#cfdffe", "done": "#1b5e20"}


def _table(server, token):
    options = [{"title": t, "color": c} for t, c in COLOURS.items()]
    tags = [{"title": t} for t in ("red", "green", "blue")]
    columns = [
        display_field(),
        {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": options}},
        {"title": "Tags", "uidt": "MultiSelect", "colOptions": {"options": tags}},
        {"title": "Due", "uidt": "Date", "meta": {"date_format": "DD/MM/YYYY"}},
        {"title": "At", "uidt": "DateTime"},
        {"title": "Opens", "uidt": "Time"},
        {"title": "Done", "uidt": "Checkbox"},
        {"title": "Data", "uidt": "JSON"},
        {"title": "Price", "uidt": "Currency", "meta": {"currency_locale": "de-DE", "currency_code": "EUR"}},
        {"title": "Took", "uidt": "Duration"},
        {"title": "Notes", "uidt": "LongText"},
        {"title": "Site", "uidt": "URL"},
    ]
    record = {"Name": "one", "Status": "todo", "Price": 1234.5, "Site": "example.com"}
    return project_with_table(server, token, title="Fields", table="Things", columns=columns, records=[record])


def _open(server, page, height: int):
    """Sign the first user up, make the table and open its grid, wide enough for every field;
    returns the token and the table."""
    token = _sign_up_first_user(server)
    project, table = _table(server, token)
    _use_token(page, token)
    page.set_viewport_size({"width": 2400, "height": height})
    page.goto(f"/nc/{project['id']}/table/Things")
    return token, table


def _pick(cell, editor, kind: str, value: str) -> None:
    """Open the cell's editor, check that it is the browser's `kind` picker, and enter `value`."""
    cell.dblclick()
    expect(editor).to_have_attribute("type", kind)
    editor.fill(value)
    editor.press("Enter")


def test_field_types_edit_through_their_plugin_editors(server, page):
    token, table = _open(server, page, height=800)
    grid = page.get_by_test_id("grid-scroll")
    editor = page.get_by_test_id("cell-editor")

    # A single select: coloured tags with readable text; picked from the coloured list.
    status = field_cell(page, "Status")
    expect(status.get_by_test_id("select-tag")).to_have_text("todo")
    expect(status.get_by_test_id("select-tag")).to_have_css("background-color", "rgb(207, 223, 254)")
    status.dblclick()
    expect(page.get_by_test_id("select-options").get_by_test_id("select-tag")).to_have_text(["todo", "done"])
    screenshot(page, "select-editor")
    page.get_by_test_id("select-option").filter(has_text="done").click()
    # The cell's own tag (while the save is under way the editor's option tags are there too).
    status_tag = status.locator(".wb-select-cell").get_by_test_id("select-tag")
    expect(status_tag).to_have_text("done")
    expect(status_tag).to_have_css("background-color", "rgb(27, 94, 32)")
    expect(status_tag).to_have_css("color", "rgb(255, 255, 255)")

    # A multi select: a typed key filters, Enter toggles the first match, Enter again saves.
    tags = field_cell(page, "Tags")
    tags.click()
    grid.press("r")
    expect(page.get_by_test_id("select-filter")).to_have_value("r")
    page.get_by_test_id("select-filter").press("Enter")
    page.get_by_test_id("select-filter").fill("blu")
    page.get_by_test_id("select-filter").press("Enter")
    page.get_by_test_id("select-filter").press("Enter")
    expect(tags.get_by_test_id("select-tag")).to_have_text(["red", "blue"])

    # A date from the date picker, shown in the column's format.
    due = field_cell(page, "Due")
    _pick(due, editor, "date", "2026-12-24")
    expect(due).to_have_text("24/12/2026")

    # A date and time from its picker, in the browser's time zone; stored in UTC.
    at = field_cell(page, "At")
    _pick(at, editor, "datetime-local", "2026-12-24T09:30")
    expect(at).to_contain_text("Dec 24, 2026")
    expect(at).to_contain_text("9:30")
    at_utc = page.evaluate("new Date('2026-12-24T09:30').toISOString()")

    # A time from the time picker, shown as the locale writes times.
    opens = field_cell(page, "Opens")
    _pick(opens, editor, "time", "19:05:00")
    expect(opens).to_have_text("07:05 PM")

    # A checkbox toggled with Space, back with a double click, again with a click on its box.
    done = field_cell(page, "Done")
    box = done.get_by_test_id("check-cell")
    done.click(position={"x": 150, "y": 16})
    grid.press(" ")
    expect(box).to_have_attribute("aria-checked", "true")
    expect(done).to_have_text("✓")
    done.dblclick(position={"x": 150, "y": 16})
    expect(box).to_have_attribute("aria-checked", "false")
    box.click()
    expect(box).to_have_attribute("aria-checked", "true")

    # Invalid JSON: the parse error shows in place, Ctrl+Enter does not save, the text stays;
    # leaving it anyway gets the server's error, the text still there.
    data = field_cell(page, "Data")
    data.dblclick()
    editor.fill('{"a": [1, 2],')
    expect(page.get_by_test_id("json-error")).to_contain_text("Invalid JSON")
    editor.press("Control+Enter")
    expect(editor).to_have_value('{"a": [1, 2],')
    screenshot(page, "json-editor-invalid")
    editor.press("Tab")
    expect(page.get_by_test_id("cell-error")).to_contain_text("Data")
    expect(editor).to_have_value('{"a": [1, 2],')
    editor.fill('{"a": [1, 2]}')
    expect(page.get_by_test_id("json-error")).to_have_count(0)
    editor.press("Control+Enter")
    expect(data).to_have_text('{"a":[1,2]}')

    # A currency in the column's locale and currency; typed as a plain number.
    price = field_cell(page, "Price")
    expect(price).to_have_text(re.compile(r"^1\.234,50\s€$"))
    price.click()
    grid.press("9")
    editor.fill("9.5")
    editor.press("Enter")
    expect(price).to_have_text(re.compile(r"^9,50\s€$"))

    # A duration typed as h:mm; text that is not one gets the field's error and is kept.
    took = field_cell(page, "Took")
    took.dblclick()
    editor.fill("soon")
    editor.press("Enter")
    expect(page.get_by_test_id("cell-error")).to_contain_text("Took")
    expect(editor).to_have_value("soon")
    editor.dblclick()  # selects the word; the edit goes on with the text
    expect(editor).to_have_value("soon")
    expect(page.get_by_test_id("cell-error")).to_be_visible()
    editor.fill("1:30")
    editor.press("Enter")
    expect(took).to_have_text("1:30")

    # A long text: Enter adds a line, Ctrl+Enter saves; the cell shows it on one line.
    notes = field_cell(page, "Notes")
    notes.dblclick()
    editor.press_sequentially("line 1")
    editor.press("Enter")
    editor.press_sequentially("line 2")
    editor.press("Control+Enter")
    expect(editor).to_have_count(0)
    expect(notes).to_have_text("line 1\nline 2")

    # A web address is a link (https added); a double click on it does not start an edit.
    site = field_cell(page, "Site")
    link = site.get_by_test_id("text-link")
    expect(link).to_have_attribute("href", "https://example.com/")
    link.dispatch_event("dblclick")
    expect(editor).to_have_count(0)
    screenshot(page, "field-editors")

    [record] = list_records(server, token, table)
    assert record["Status"] == "done"
    assert record["Tags"] == "red,blue"
    assert record["Due"] == "2026-12-24"
    assert record["At"] == at_utc.replace("T", " ").replace(".000Z", "+00:00")
    assert record["Opens"] == "19:05:00"
    assert record["Done"] is True
    assert record["Data"] == {"a": [1, 2]}
    assert record["Price"] == 9.5
    assert record["Took"] == 5400
    assert record["Notes"] == "line 1\nline 2"

    page.reload()
    expect(field_cell(page, "Due")).to_have_text("24/12/2026")
    expect(field_cell(page, "Tags").get_by_test_id("select-tag")).to_have_text(["red", "blue"])
    expect(field_cell(page, "Data")).to_have_text(re.compile(r'^\{"a":\[1,2\]\}$'))


def test_expanded_record_form_edits_through_the_plugin_editors(server, page):
    token, table = _open(server, page, height=900)
    expect(field_cell(page, "Name")).to_have_text("one")

    def open_form():
        field_cell(page, "Name").click()
        page.get_by_test_id("expand-record").click()
        form = page.get_by_test_id("expanded-record")
        expect(form).to_be_visible()
        return form

    form = open_form()
    editor = lambda uidt: form.locator(f"[data-testid=record-editor][data-uidt={uidt}]")  # noqa: E731

    # A single select shows its coloured options in the form's row, full width, and picks one.
    status = editor("SingleSelect")
    expect(status.get_by_test_id("select-tag")).to_have_text(["todo", "done"])
    expect(status.get_by_test_id("select-tag").nth(1)).to_have_css("background-color", "rgb(27, 94, 32)")
    expect(status.locator(".wb-popup-editor")).to_have_count(0)
    # Both edges measured at once (the drawer slides in).
    gaps = status.get_by_test_id("select-options").evaluate(
        "el => { const r = el.getBoundingClientRect(), g = el.closest('.bp6-form-group').getBoundingClientRect();"
        " return [r.left - g.left, g.right - r.right]; }"
    )
    assert all(abs(gap) <= 2 for gap in gaps), gaps
    status.get_by_test_id("select-option").filter(has_text="done").click()
    expect(status.get_by_role("option", name="done")).to_have_attribute("aria-selected", "true")

    # The date from its picker, under its label.
    due = form.get_by_label("Due")
    expect(due).to_have_attribute("type", "date")
    due.fill("2027-03-15")

    # The checkbox toggles in place with a click, and with Space from the keyboard.
    check = form.get_by_test_id("check-editor")
    expect(check).to_have_attribute("aria-checked", "false")
    check.click()
    expect(check).to_have_attribute("aria-checked", "true")
    check.press(" ")
    expect(check).to_have_attribute("aria-checked", "false")
    check.press(" ")
    expect(check).to_have_attribute("aria-checked", "true")

    # Invalid JSON: the parse error inline, the server's error under the field on saving, the
    # text kept and the form still open; then valid JSON saves.
    data = form.get_by_label("Data")
    data.fill('{"b": [3,')
    expect(form.get_by_test_id("json-error")).to_contain_text("Invalid JSON")
    page.get_by_test_id("record-save").click()
    # The server's error under the field (a locator inside `has` is relative to the row).
    error = form.locator(".bp6-form-group", has=page.get_by_label("Data")).get_by_test_id("record-error")
    expect(error).to_contain_text("Data")
    expect(data).to_be_focused()
    expect(data).to_have_value('{"b": [3,')
    expect(due).to_have_value("2027-03-15")
    expect(check).to_have_attribute("aria-checked", "true")
    screenshot(page, "record-form-editors")
    data.fill('{"b": [3]}')
    expect(form.get_by_test_id("json-error")).to_have_count(0)
    page.get_by_test_id("record-save").click()
    expect(form).to_have_count(0)

    [record] = list_records(server, token, table)
    assert record["Status"] == "done"
    assert record["Due"] == "2027-03-15"
    assert record["Done"] is True
    assert record["Data"] == {"b": [3]}

    page.reload()
    expect(field_cell(page, "Status").get_by_test_id("select-tag")).to_have_text("done")
    expect(field_cell(page, "Due")).to_have_text("15/03/2027")
    expect(field_cell(page, "Done").get_by_test_id("check-cell")).to_have_attribute("aria-checked", "true")
    expect(field_cell(page, "Data")).to_have_text('{"b":[3]}')
    form = open_form()
    expect(editor("SingleSelect").get_by_role("option", name="done")).to_have_attribute("aria-selected", "true")
    expect(form.get_by_label("Due")).to_have_value("2027-03-15")
    expect(form.get_by_test_id("check-editor")).to_have_attribute("aria-checked", "true")
    expect(form.get_by_label("Data")).to_have_value('{\n  "b": [\n    3\n  ]\n}')

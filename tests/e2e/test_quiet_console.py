"""The main walk through the app writes nothing to the console: signing in, a project and a
table made through the screens, fields of several types, cell edits, a filter and a sort, the
expanded record, the kanban, gallery, form and calendar views, the share dialog, the members
and the account page. Any console error or warning (Blueprint's, React's, the app's) fails."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    EMAIL,
    PASSWORD,
    _dialog_settled,
    _sign_up_first_user,
    _submit_dialog,
    field_cell,
    pick_field_type,
    screenshot,
)

pytestmark = pytest.mark.e2e


def _add_field(page, title: str, type_label: str, options: str | None = None) -> None:
    page.get_by_test_id("add-field").click()
    page.get_by_test_id("field-title-input").fill(title)
    pick_field_type(page, type_label)
    if options:
        page.get_by_test_id("field-options").fill(options)
    _submit_dialog(page, "field-submit")
    expect(page.get_by_test_id("column-header").filter(has_text=re.compile(f"^{re.escape(title)}$"))).to_have_count(1)


def _type_into(page, title: str, row: int, text: str) -> None:
    cell = field_cell(page, title, row)
    cell.dblclick()
    page.get_by_test_id("cell-editor").fill(text)
    page.get_by_test_id("cell-editor").press("Enter")
    expect(field_cell(page, title, row)).to_have_text(text)


def _create_view(page, kind: str, title: str) -> None:
    page.get_by_test_id(f"create-view-{kind}").click()
    _dialog_settled(page)
    page.get_by_test_id("view-title-input").fill(title)
    _submit_dialog(page, "view-create-submit")
    expect(page).to_have_url(re.compile(f"/{re.escape(title)}$"))


def test_the_main_walk_through_the_app_writes_nothing_to_the_console(server, page):
    _sign_up_first_user(server)

    # Sign in through the form.
    page.goto("/signin")
    page.fill("#signin-email", EMAIL)
    page.fill("#signin-password", PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))

    # A project and a table, made on the screens.
    page.get_by_test_id("new-project").click()
    page.get_by_test_id("project-title-input").fill("Workshop")
    page.get_by_test_id("project-title-submit").click()
    expect(page.get_by_test_id("project-title")).to_have_text("Workshop")
    page.get_by_test_id("new-table").click()
    page.get_by_test_id("table-title-input").fill("Jobs")
    _submit_dialog(page, "table-title-submit")
    expect(page.get_by_test_id("table-title")).to_have_text("Jobs")

    # Fields of several types.
    _add_field(page, "Hours", "Number")
    _add_field(page, "Stage", "Single select", options="Todo, Doing, Done")
    _add_field(page, "Due", "Date")
    _add_field(page, "Urgent", "Checkbox")
    _add_field(page, "Notes", "Long text")

    # Records and cell edits.
    count = page.get_by_test_id("record-count")
    page.get_by_test_id("add-record").click()
    expect(count).to_have_text("1 record")
    page.get_by_test_id("add-record").click()
    expect(count).to_have_text("2 records")
    _type_into(page, "Title", 1, "Paint the fence")
    _type_into(page, "Hours", 1, "6")
    _type_into(page, "Title", 2, "Fix the gate")
    _type_into(page, "Hours", 2, "2")
    field_cell(page, "Stage", 1).dblclick()
    page.get_by_test_id("select-option").filter(has_text="Doing").click()
    expect(field_cell(page, "Stage", 1)).to_contain_text("Doing")
    page.keyboard.press("Escape")
    screenshot(page, "quiet-grid")

    # A filter (its operator in words) and a sort from the field's menu.
    page.get_by_test_id("add-filter").click()
    page.get_by_test_id("filter-field").select_option(label="Hours")
    page.get_by_test_id("filter-op").select_option(label="is greater than (>)")
    page.get_by_test_id("filter-value").fill("3")
    page.get_by_test_id("filter-submit").click()
    expect(page.get_by_test_id("filter-tag")).to_have_text("Hours is greater than 3")
    expect(count).to_have_text("1 record")
    page.get_by_test_id("filter-tag").locator(".bp6-tag-remove").click()
    expect(count).to_have_text("2 records")
    header = page.get_by_test_id("column-header").filter(has_text=re.compile("^Hours$"))
    header.get_by_test_id("field-menu").click()
    page.get_by_test_id("sort-asc").click()
    expect(page.get_by_test_id("sort-tag")).to_have_text("Hours")
    expect(field_cell(page, "Title", 1)).to_have_text("Fix the gate")
    screenshot(page, "quiet-filter-sort")

    # The expanded record.
    field_cell(page, "Title", 1).click()
    page.get_by_test_id("expand-record").click()
    expect(page.get_by_test_id("expanded-record")).to_be_visible()
    screenshot(page, "quiet-expanded-record")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("expanded-record")).to_have_count(0)

    # The other views.
    _create_view(page, "kanban", "Board")
    expect(page.get_by_test_id("kanban")).to_be_visible()
    expect(page.get_by_test_id("record-card")).to_have_count(2)
    page.locator("[data-testid='kanban-stack'][data-stack='Todo']").get_by_test_id("stack-menu").click()
    expect(page.get_by_test_id("stack-menu-body")).to_be_visible()
    screenshot(page, "quiet-kanban")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("stack-menu-body")).to_have_count(0)
    _create_view(page, "gallery", "Cards")
    expect(page.get_by_test_id("record-card")).to_have_count(2)
    screenshot(page, "quiet-gallery")
    _create_view(page, "form", "Request")
    expect(page.get_by_test_id("form-builder")).to_be_visible()
    screenshot(page, "quiet-form")
    _create_view(page, "calendar", "Schedule")
    expect(page.get_by_test_id("calendar")).to_be_visible()
    page.get_by_test_id("calendar-fields-button").click()
    expect(page.get_by_test_id("calendar-fields")).to_be_visible()
    screenshot(page, "quiet-calendar")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("calendar-fields")).to_have_count(0)

    # The table's download menu.
    page.get_by_test_id("export-menu").click()
    expect(page.get_by_test_id("export-csv")).to_be_visible()
    # Blueprint's popover may miss an Escape pressed while it is still opening (a second one
    # closes it): the key waits for the opening to end.
    page.locator(".bp6-popover-enter-done", has=page.get_by_test_id("export-csv")).wait_for()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("export-csv")).to_have_count(0)

    # The share dialog.
    page.get_by_test_id("views-list").locator("[data-view='Request']").get_by_test_id("view-menu").click()
    page.get_by_test_id("view-share").click()
    page.get_by_test_id("share-toggle").click(force=True)
    expect(page.get_by_test_id("share-link")).to_have_value(re.compile("/nc/form/"))
    _dialog_settled(page)
    screenshot(page, "quiet-share")
    page.locator(".bp6-dialog-close-button").click()
    expect(page.locator(".bp6-dialog")).to_have_count(0)

    # The members (from the project's home, once the table's tab is closed), in a tab titled
    # Members, with their roles named.
    page.get_by_test_id("close-tab").click()
    page.get_by_test_id("open-members").click()
    expect(page.get_by_test_id("members")).to_be_visible()
    expect(page.get_by_test_id("tab-bar").get_by_role("tab").filter(has_text="Members")).to_have_count(1)
    expect(page.get_by_test_id("member-row")).to_contain_text("Owner")
    screenshot(page, "quiet-members")

    # The account page.
    page.get_by_test_id("nav-account").click()
    expect(page.get_by_test_id("account-email")).to_have_text(EMAIL)
    screenshot(page, "quiet-account")

    assert page.errors.console() == []

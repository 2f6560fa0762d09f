"""The web app in headless Chromium against a real server: first load is server rendered and
hydrates cleanly, sign-up, projects kept across reloads, the route guards, 404, languages."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    EMAIL,
    PASSWORD,
    _dialog_settled,
    _hydrated,
    _member_token,
    _sign_up_first_user,
    _submit_dialog,
    _use_token,
    create_project,
    display_field,
    fresh_page,
    list_records,
    mailed_link,
    number_field,
    pick_field_type,
    project_with_table,
    screenshot,
    sign_up,
)

pytestmark = pytest.mark.e2e


def test_first_response_holds_the_rendered_shell(server):
    status, html = server.get_html("/signin")
    assert status == 200
    root = re.search(r'<div id="root">(.*)</div>\s*</body>', html, re.S).group(1)
    assert "Sign in to Workbench" in root
    assert 'id="signin-email"' in root
    state = json.loads(re.search(r"window.__WB_STATE__=(.*?);</script>", html).group(1))
    assert state["appInfo"]["firstUser"] is True
    assert state["messages"]["auth.signIn.submit"] == "Sign in"
    assert state["theme"]["primaryColor"] == "#4351E8"

    status, html = server.get_html("/nc/p_unknown/table/Orders")
    assert status == 200
    assert 'data-testid="project-shell"' in html
    status, html = server.get_html("/no/such/page/at/all")
    assert status == 404
    assert "Page not found" in html
    status, html = server.get_html("/api/v1/no-such-thing")
    assert status == 404
    assert json.loads(html) == {"msg": "Not found"}


def test_sign_up_create_project_and_find_it_after_reload(server, page):
    page.goto("/")
    _hydrated(page)
    # The first visitor is sent to sign-up.
    expect(page).to_have_url(re.compile(r"/signup$"))
    expect(page.get_by_test_id("first-user")).to_be_visible()
    screenshot(page, "signup")

    page.get_by_test_id("signup-submit").click()
    expect(page.get_by_text("Enter a valid email address")).to_be_visible()
    page.fill("#signup-firstname", "Olive")
    page.fill("#signup-email", EMAIL)
    page.fill("#signup-password", PASSWORD)
    page.get_by_test_id("signup-submit").click()

    # Signed in: the no-auth sign-up route sends the user on to the project list.
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_text("No projects yet. Create your first one.")).to_be_visible()
    screenshot(page, "projects-empty")

    page.get_by_test_id("new-project").click()
    title_input = page.get_by_test_id("project-title-input")
    title_input.fill(" Leading space")
    expect(page.get_by_text("Project name cannot start with a space")).to_be_visible()
    expect(page.get_by_test_id("project-title-submit")).to_be_disabled()
    title_input.fill("x" * 51)
    expect(page.get_by_text("Project name must be at most 50 characters long")).to_be_visible()
    title_input.fill("Sales pipeline")
    _dialog_settled(page)
    screenshot(page, "project-create-dialog")
    page.get_by_test_id("project-title-submit").click()

    # The new project opens in its shell, themed with the default colours.
    expect(page).to_have_url(re.compile(r"/nc/[^/]+$"))
    expect(page.get_by_test_id("project-title")).to_have_text("Sales pipeline")
    header_colour = page.eval_on_selector(".wb-project-header", "el => getComputedStyle(el).backgroundColor")
    assert header_colour == "rgb(67, 81, 232)"
    screenshot(page, "project-home")

    page.goto("/")
    expect(page.get_by_test_id("project-row")).to_have_count(1)
    page.reload()
    _hydrated(page)
    expect(page.get_by_test_id("project-row")).to_have_count(1)
    expect(page.get_by_test_id("project-row")).to_contain_text("Sales pipeline")

    # Rename, then find the new name after a reload.
    page.get_by_test_id("rename-project").click()
    page.get_by_test_id("project-title-input").fill("Sales 2027")
    page.get_by_test_id("project-title-submit").click()
    expect(page.locator(".bp6-dialog")).to_have_count(0)
    expect(page.get_by_test_id("project-row")).to_contain_text("Sales 2027")
    page.reload()
    expect(page.get_by_test_id("project-row")).to_contain_text("Sales 2027")
    screenshot(page, "projects")

    # The account page shows the signed-in user.
    page.get_by_test_id("nav-account").click()
    expect(page.get_by_test_id("account-email")).to_have_text(EMAIL)
    screenshot(page, "account")

    # Delete after confirming.
    page.goto("/")
    page.get_by_test_id("delete-project").click()
    alert = page.locator(".bp6-alert")
    expect(alert).to_contain_text("Sales 2027")
    alert.get_by_role("button", name="Delete", exact=True).click()
    expect(page.get_by_text("No projects yet. Create your first one.")).to_be_visible()
    page.reload()
    expect(page.get_by_text("No projects yet. Create your first one.")).to_be_visible()


def test_route_guards(server, context, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Guarded")

    # Signed out, once a user exists: auth routes go to sign-in.
    for path in ("/", "/account", f"/nc/{project['id']}"):
        page.goto(path)
        _hydrated(page)
        expect(page).to_have_url(re.compile(r"/signin$"))
    screenshot(page, "signin")
    # Public routes need no session.
    page.goto("/error/404")
    expect(page.get_by_test_id("not-found")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/error/404$"))

    # Wrong password: the server's message is shown, the user stays on sign-in.
    page.goto("/signin")
    page.fill("#signin-email", EMAIL)
    page.fill("#signin-password", "wrong password")
    page.get_by_test_id("signin-submit").click()
    expect(page.get_by_test_id("form-error")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/signin$"))

    page.fill("#signin-password", PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_test_id("project-row")).to_contain_text("Guarded")
    # The realtime socket authenticates with the new token.
    page.wait_for_function("() => window.__wbRealtimeState === 'ready'")

    # Signed in: no-auth routes bounce back to the previous route.
    page.goto(f"/nc/{project['id']}")
    expect(page.get_by_test_id("project-title")).to_have_text("Guarded")
    page.evaluate("window.history.pushState({}, '', '/signin'); window.dispatchEvent(new PopStateEvent('popstate'))")
    expect(page).to_have_url(re.compile(rf"/nc/{project['id']}$"))
    page.goto("/signup")
    expect(page).to_have_url(re.compile(r"/$"))

    # The super admin may open the app store route.
    page.goto("/apps")
    expect(page).to_have_url(re.compile(r"/apps$"))

    # Unknown project: the 404 page.
    page.goto("/nc/p_does_not_exist")
    expect(page).to_have_url(re.compile(r"/error/404$"))
    screenshot(page, "not-found")

    # Signing out returns to sign-in, and the token is gone after a reload.
    page.goto("/")
    page.get_by_test_id("sign-out").click()
    expect(page).to_have_url(re.compile(r"/signin$"))
    page.wait_for_function("() => window.__wbRealtimeState === 'idle'")
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/signin$"))


def test_non_super_user_is_refused_the_app_store(server, browser):
    _sign_up_first_user(server)
    token = sign_up(server, "member@example.com")
    with fresh_page(browser, server) as page:
        _use_token(page, token)
        page.goto("/apps")
        expect(page).to_have_url(re.compile(r"/$"))
        expect(page.get_by_text("You don't have enough permission to access the page.")).to_be_visible()


def test_arabic_is_served_right_to_left(server, browser):
    with fresh_page(browser, server, locale="ar-EG") as page:
        errors = []
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.goto("/signin")
        _hydrated(page)
        assert page.get_attribute("html", "dir") == "rtl"
        assert page.get_attribute("html", "lang") == "ar"
        expect(page.get_by_role("heading", name="تسجيل الدخول إلى Workbench")).to_be_visible()
        screenshot(page, "signin-ar")
        assert [e for e in errors if "hydrat" in e.lower()] == []

        # The grid runs right to left too: row numbers on the right, first field next to them.
        token = _sign_up_first_user(server)
        columns = [
            {"title": "الاسم", "column_name": "name", "uidt": "SingleLineText", "pv": True},
            {"title": "العدد", "uidt": "Number"},
        ]
        project, table = project_with_table(
            server, token, title="مشروع", table="جدول", columns=columns, records=[{"الاسم": "أ", "العدد": 1}]
        )
        _use_token(page, token)
        page.goto(f"/nc/{project['id']}/table/{table['title']}")
        row = page.locator(".wb-grid-row[aria-rowindex='2']")
        expect(row.locator(".wb-cell").nth(0)).to_have_text("أ")
        number_box = row.locator(".wb-row-number").bounding_box()
        first_box = row.locator(".wb-cell").nth(0).bounding_box()
        second_box = row.locator(".wb-cell").nth(1).bounding_box()
        assert number_box["x"] > first_box["x"] > second_box["x"]
        screenshot(page, "grid-ar")


def test_tables_and_tabs_in_the_project_shell(server, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Shop")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")
    expect(page.get_by_test_id("no-tables")).to_be_visible()

    # Create two tables; the name rules show inline.
    page.get_by_test_id("new-table").click()
    name = page.get_by_test_id("table-title-input")
    expect(name).to_have_value("Table")
    name.fill("Orders/2026")
    expect(page.get_by_text("Table name cannot contain . / or \\")).to_be_visible()
    name.fill("Orders")
    _submit_dialog(page, "table-title-submit")
    expect(page).to_have_url(re.compile(r"/table/Orders$"))
    expect(page.get_by_test_id("table-title")).to_have_text("Orders")
    expect(page.get_by_test_id("grid").get_by_test_id("column-header")).to_have_text(["Title"])

    # A name another table has, whatever the case, is refused before it is sent.
    page.get_by_test_id("new-table").click()
    page.get_by_test_id("table-title-input").fill("orders")
    expect(page.get_by_text("A table with this name already exists")).to_be_visible()
    page.get_by_test_id("table-title-input").fill("Customers")
    _submit_dialog(page, "table-title-submit")
    expect(page).to_have_url(re.compile(r"/table/Customers$"))
    tabs = page.get_by_test_id("tab-bar").get_by_role("tab")
    expect(tabs).to_have_count(2)
    screenshot(page, "table-workspace")

    # Rename the active table: the tab and the route follow; kept after a reload.
    page.get_by_test_id("rename-table").click()
    page.get_by_test_id("table-title-input").fill("ORDERS")
    expect(page.get_by_text("A table with this name already exists")).to_be_visible()
    page.get_by_test_id("table-title-input").fill("Clients")
    _submit_dialog(page, "table-title-submit")
    expect(page).to_have_url(re.compile(r"/table/Clients$"))
    expect(tabs.nth(1)).to_contain_text("Clients")
    page.reload()
    expect(page.get_by_test_id("table-list")).to_contain_text("Clients")
    expect(page.get_by_test_id("table-title")).to_have_text("Clients")

    # Open Orders again (its tab is reused), then close it: the previous tab becomes active.
    page.get_by_test_id("table-list").get_by_text("Orders").click()
    page.get_by_test_id("table-list").get_by_text("Clients").click()
    page.get_by_test_id("table-list").get_by_text("Orders").click()
    expect(tabs).to_have_count(2)
    expect(page).to_have_url(re.compile(r"/table/Orders$"))
    tabs.filter(has_text="Orders").get_by_test_id("close-tab").click()
    expect(page).to_have_url(re.compile(r"/table/Clients$"))

    # Delete the last open table: back to the project home.
    page.get_by_test_id("delete-table").click()
    page.locator(".bp6-alert").get_by_role("button", name="Delete", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/nc/{project['id']}$"))
    expect(page.get_by_test_id("table-list")).not_to_contain_text("Clients")
    page.reload()
    expect(page.get_by_test_id("project-home")).to_contain_text("Orders")
    expect(page.get_by_test_id("project-home")).not_to_contain_text("Clients")


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
    page.get_by_test_id("cell-editor").fill("42")
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
    assert [r["Name"] for r in list_records(server, token, table)] == ["alpha", "beta"]

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


def test_project_theme_colours_are_validated_saved_and_applied(server, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Brand")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")
    header_colour = (
        "document.querySelector('.wb-project-header')"
        " && getComputedStyle(document.querySelector('.wb-project-header')).backgroundColor"
    )
    page.wait_for_function(f"() => {header_colour} === 'rgb(67, 81, 232)'")

    page.get_by_test_id("theme-primary").fill("#12345")
    expect(page.get_by_text("Use a hex colour of 3 or 6 digits, like #4351E8")).to_be_visible()
    # A theme colour has no alpha.
    page.get_by_test_id("theme-primary").fill("#abcd")
    expect(page.get_by_text("Use a hex colour of 3 or 6 digits, like #4351E8")).to_be_visible()
    expect(page.get_by_test_id("theme-save")).to_be_disabled()
    page.get_by_test_id("theme-primary").fill("#0a7")
    page.get_by_test_id("theme-accent").fill("#ffaa00")
    page.get_by_test_id("theme-save").click()
    page.wait_for_function(f"() => {header_colour} === 'rgb(0, 170, 119)'")
    screenshot(page, "project-theme")

    page.reload()
    page.wait_for_function(f"() => {header_colour} === 'rgb(0, 170, 119)'")
    theme = server.api("GET", f"/api/v1/db/meta/projects/{project['id']}", token=token)["meta"]["theme"]
    assert theme == {"primaryColor": "#0a7", "accentColor": "#ffaa00"}

    # Another client's change shows after a reload (invalid colours are refused by the server
    # and fall back to the defaults on screen: see theme.ts and its vitest).
    server.api(
        "PATCH", f"/api/v1/db/meta/projects/{project['id']}", {"meta": {"theme": {"primaryColor": "#abc"}}}, token=token
    )
    page.reload()
    page.wait_for_function(f"() => {header_colour} === 'rgb(170, 187, 204)'")

    # A colour of the palettes; the header's text takes the colour that reads on it (dark on
    # a light colour), and the editor says the contrast's level.
    page.get_by_test_id("theme-primary-palette-light").get_by_role("button", name="#FFF4BA").click()
    expect(page.get_by_test_id("theme-primary")).to_have_value("#FFF4BA")
    expect(page.get_by_test_id("theme-primary-contrast")).to_have_attribute("data-small", "AAA")
    page.get_by_test_id("theme-primary-palette-brand").get_by_role("button", name="#0B7A96").click()
    expect(page.get_by_test_id("theme-primary-contrast")).to_have_attribute("data-small", "AA")
    expect(page.get_by_test_id("theme-primary-contrast")).to_have_attribute("data-large", "AAA")
    page.get_by_test_id("theme-primary-palette-light").get_by_role("button", name="#FFF4BA").click()
    page.get_by_test_id("theme-save").click()
    header_text = "getComputedStyle(document.querySelector('.wb-project-header h2')).color"
    page.wait_for_function(f"() => {header_colour} === 'rgb(255, 244, 186)' && {header_text} === 'rgb(28, 33, 39)'")


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


def test_invitation_sign_up_and_password_change(server, page, browser):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Team")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")
    page.get_by_test_id("open-members").click()
    expect(page).to_have_url(re.compile(r"/auth$"))
    expect(page.get_by_test_id("member-row")).to_have_count(1)
    page.get_by_test_id("invite-email").fill("not-an-address")
    expect(page.get_by_text("Enter a valid email address")).to_be_visible()
    page.get_by_test_id("invite-email").fill("guest@example.com")
    page.get_by_test_id("invite-role").select_option("viewer")
    page.get_by_test_id("invite-submit").click()
    # The link goes to the invited address only (the development server's mailer logs it).
    expect(page.get_by_test_id("invite-mailed")).to_have_text(
        "An invitation with a sign-up link has been mailed to guest@example.com."
    )
    expect(page.get_by_test_id("invite-link")).to_have_count(0)
    link = mailed_link(server, "guest@example.com", "signup")
    expect(page.get_by_test_id("member-row")).to_have_count(2)
    screenshot(page, "members")

    # The invited person signs up through the link and finds the project; a password of
    # only spaces or a common one is refused.
    with fresh_page(browser, server) as guest:
        guest.goto(link)
        expect(guest.get_by_test_id("invited")).to_be_visible()
        guest.fill("#signup-email", "guest@example.com")
        guest.fill("#signup-password", " " * 8)
        guest.get_by_test_id("signup-submit").click()
        expect(guest.get_by_text("The password cannot be only spaces")).to_be_visible()
        guest.fill("#signup-password", "password")
        guest.get_by_test_id("signup-submit").click()
        expect(guest.get_by_test_id("form-error")).to_have_text(
            "password: This password is one of the most common ones; choose a password that is harder to guess"
        )
        guest.fill("#signup-password", PASSWORD)
        guest.get_by_test_id("signup-submit").click()
        expect(guest).to_have_url(re.compile(r"/$"))
        expect(guest.get_by_test_id("project-row")).to_contain_text("Team")
        # Signing up through the mailed link verified the address.
        guest.goto("/account")
        expect(guest.get_by_test_id("email-verified")).to_be_visible()

        # Password change: the new password works, the old one no longer does.
        guest.goto("/account")
        guest.fill("#password-current", "wrong")
        guest.fill("#password-new", "a brand new passphrase")
        guest.get_by_test_id("password-submit").click()
        expect(guest.get_by_test_id("password-message")).to_have_text("Current password is wrong")
        guest.fill("#password-current", PASSWORD)
        guest.get_by_test_id("password-submit").click()
        expect(guest.get_by_test_id("password-message")).to_have_text("Your password has been changed.")
        guest.reload()
        expect(guest.get_by_test_id("account-email")).to_have_text("guest@example.com")
        guest.get_by_test_id("sign-out").click()
        expect(guest).to_have_url(re.compile(r"/signin$"))
        guest.fill("#signin-email", "guest@example.com")
        guest.fill("#signin-password", PASSWORD)
        guest.get_by_test_id("signin-submit").click()
        expect(guest.get_by_test_id("form-error")).to_be_visible()
        guest.fill("#signin-password", "a brand new passphrase")
        guest.get_by_test_id("signin-submit").click()
        expect(guest).to_have_url(re.compile(r"/$"))


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


def test_super_admin_manages_users(server, page, browser):
    token = _sign_up_first_user(server)
    sign_up(server, "member@example.com")
    _use_token(page, token)
    page.goto("/account")
    page.get_by_test_id("account-users-tab").click()
    expect(page).to_have_url(re.compile(r"/account/users$"))
    rows = page.get_by_test_id("user-row")
    expect(rows).to_have_count(2)

    # Invite-only sign-up, then an invitation.
    page.get_by_text("Sign-up by invitation only").click()
    expect(page.get_by_test_id("invite-only")).to_be_checked()
    page.get_by_test_id("user-invite-email").fill("new@example.com")
    page.get_by_test_id("user-invite-submit").click()
    expect(page.get_by_test_id("user-invite-mailed")).to_contain_text("new@example.com")
    assert mailed_link(server, "new@example.com", "signup")
    expect(rows).to_have_count(3)
    screenshot(page, "users")
    assert server.api("GET", "/api/v1/app-settings", token=token)["invite_only_signup"] is True

    # Block the member: their session ends and they cannot sign in.
    member = rows.filter(has_text="member@example.com")
    member.get_by_test_id("user-block").click()
    expect(member).to_contain_text("blocked")
    with fresh_page(browser, server) as p2:
        p2.goto("/signin")
        p2.fill("#signin-email", "member@example.com")
        p2.fill("#signin-password", PASSWORD)
        p2.get_by_test_id("signin-submit").click()
        expect(p2.get_by_test_id("form-error")).to_be_visible()

    # A deep link reloads straight into user management.
    page.reload()
    expect(page.get_by_test_id("users")).to_be_visible()
    expect(page.get_by_test_id("invite-only")).to_be_checked()


def test_viewers_get_a_read_only_project_and_editors_edit_data_only(server, browser):
    owner = _sign_up_first_user(server)
    project, _table = project_with_table(server, owner, title="Shared", table="Items", records=[{"Name": "one"}])
    viewer = _member_token(server, owner, project["id"], "viewer@example.com", "viewer")
    editor = _member_token(server, owner, project["id"], "editor@example.com", "editor")

    for token, role in ((viewer, "viewer"), (editor, "editor")):
        with fresh_page(browser, server) as page:
            _use_token(page, token)
            page.goto("/")
            expect(page.get_by_test_id("project-row")).to_contain_text("Shared")
            expect(page.get_by_test_id("rename-project")).to_have_count(0)
            expect(page.get_by_test_id("delete-project")).to_have_count(0)
            expect(page.get_by_test_id("new-project")).to_have_count(0)
            page.goto(f"/nc/{project['id']}/table/Items")
            first = page.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(0)
            expect(first).to_have_text("one")
            expect(page.get_by_test_id("add-field")).to_have_count(0)
            expect(page.get_by_test_id("rename-table")).to_have_count(0)
            expect(page.get_by_test_id("new-table")).to_have_count(0)
            first.dblclick()
            if role == "viewer":
                expect(page.get_by_test_id("add-record")).to_have_count(0)
                expect(page.get_by_test_id("field-menu")).to_have_count(0)
                expect(page.get_by_test_id("cell-editor")).to_have_count(0)
                screenshot(page, "grid-read-only")
            else:
                page.get_by_test_id("cell-editor").fill("edited")
                page.get_by_test_id("cell-editor").press("Enter")
                expect(first).to_have_text("edited")
                page.get_by_test_id("field-menu").click()
                expect(page.get_by_test_id("sort-asc")).to_be_visible()
                expect(page.get_by_test_id("field-edit")).to_have_count(0)
                expect(page.get_by_test_id("field-delete")).to_have_count(0)
            page.goto(f"/nc/{project['id']}/auth")
            expect(page.get_by_test_id("member-row")).to_have_count(3)
            expect(page.get_by_test_id("invite-submit")).to_have_count(0)


def test_owner_previews_the_project_as_another_role(server, page):
    token = _sign_up_first_user(server)
    project, _table = project_with_table(server, token, title="Preview", table="Items")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Items")
    expect(page.get_by_test_id("add-record")).to_be_visible()
    page.get_by_test_id("preview-as").select_option("viewer")
    expect(page.get_by_test_id("add-record")).to_have_count(0)
    expect(page.get_by_test_id("add-field")).to_have_count(0)
    expect(page.get_by_test_id("rename-table")).to_have_count(0)
    page.reload()
    expect(page.get_by_test_id("preview-as")).to_have_value("viewer")
    expect(page.get_by_test_id("add-record")).to_have_count(0)
    page.get_by_test_id("preview-as").select_option("editor")
    expect(page.get_by_test_id("add-record")).to_be_visible()
    expect(page.get_by_test_id("add-field")).to_have_count(0)
    page.get_by_test_id("preview-as").select_option("")
    expect(page.get_by_test_id("add-field")).to_be_visible()

"""Views in headless Chromium: creating and switching views of each kind from the table's
views list, a form view shared by link and filled in by a signed-out visitor (the row then
shows in the grid), a password-protected link, the read-only shared grid and a shared base."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    column_id,
    form_choose,
    form_input,
    fresh_page,
    list_records,
    screenshot,
    shop_table,
)

pytestmark = pytest.mark.e2e


def _views(server, table, token):
    return server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"]


def _default_view(server, table, token):
    return next(v for v in _views(server, table, token) if v["is_default"])


def _records(server, table, token):
    return list_records(server, token, table, limit=100)


def _view_item(page, title):
    return page.get_by_test_id("views-list").locator(f"[data-view='{title}']")


def test_views_are_created_switched_renamed_and_deleted(server, page):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token, rows=[{"Name": "bolt", "Qty": 5, "Status": "Todo"}])
    default = _default_view(server, table, token)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    expect(page.get_by_test_id("grid-row")).to_have_count(1)
    expect(_view_item(page, default["title"])).to_be_visible()

    # A form view: the title dialog proposes a free name and checks it while typing.
    page.get_by_test_id("create-view-form").click()
    title_input = page.get_by_test_id("view-title-input")
    expect(title_input).to_have_value("Form")
    title_input.fill(default["title"])
    expect(page.get_by_text("This table already has a view with this name")).to_be_visible()
    expect(page.get_by_test_id("view-create-submit")).to_be_disabled()
    title_input.fill("Order form")
    page.get_by_test_id("view-create-submit").click()
    expect(page).to_have_url(re.compile(r"/table/Parts/Order%20form$"))
    expect(page.get_by_test_id("form-builder")).to_be_visible()
    expect(page.get_by_test_id("form-config-Name")).to_be_visible()

    # Copying proposes a free name and opens the copy.
    _view_item(page, "Order form").get_by_test_id("view-menu").click()
    page.get_by_test_id("view-copy").click()
    expect(page.get_by_test_id("view-title-input")).to_have_value("Order form_1")
    page.get_by_test_id("view-create-submit").click()
    expect(page).to_have_url(re.compile(r"/table/Parts/Order%20form_1$"))
    expect(page.get_by_test_id("form-builder")).to_be_visible()

    # Back to the default grid, then a kanban stacked by the select field.
    _view_item(page, default["title"]).click()
    expect(page).to_have_url(re.compile(r"/table/Parts$"))
    expect(page.get_by_test_id("grid-row")).to_have_count(1)
    page.get_by_test_id("create-view-kanban").click()
    status_id = column_id(table, "Status")
    expect(page.get_by_test_id("view-group-field")).to_have_value(status_id)
    expect(page.get_by_test_id("view-title-input")).to_have_value("Kanban")
    # Chosen explicitly as well: the proposal above is what is checked, the creation below.
    page.get_by_test_id("view-group-field").select_option(status_id)
    expect(page.get_by_test_id("view-create-submit")).to_be_enabled()
    page.get_by_test_id("view-create-submit").click()
    expect(page).to_have_url(re.compile(r"/table/Parts/Kanban$"))
    todo = page.locator("[data-testid='kanban-stack'][data-stack='Todo']")
    expect(todo.get_by_test_id("record-card")).to_have_count(1)
    screenshot(page, "views-kanban")

    # Moving a card to another stack writes the select field through the records API.
    todo.get_by_test_id("card-move").select_option("Done")
    done = page.locator("[data-testid='kanban-stack'][data-stack='Done']")
    expect(done.get_by_test_id("record-card")).to_have_count(1)
    assert _records(server, table, token)[0]["Status"] == "Done"

    # The tab remembers the open view.
    expect(page.get_by_test_id("tab-bar")).to_contain_text("Parts")

    # Rename the kanban: the route follows.
    _view_item(page, "Kanban").get_by_test_id("view-menu").click()
    page.get_by_test_id("view-rename").click()
    page.get_by_test_id("view-rename-input").fill("Board")
    page.get_by_test_id("view-rename-submit").click()
    expect(page).to_have_url(re.compile(r"/table/Parts/Board$"))
    expect(_view_item(page, "Board")).to_be_visible()

    # Reload keeps the view open from the route.
    page.reload()
    expect(page.get_by_test_id("kanban")).to_be_visible()

    # The default view cannot be deleted; the board can.
    _view_item(page, default["title"]).get_by_test_id("view-menu").click()
    expect(page.get_by_test_id("view-delete")).to_have_class(re.compile("disabled"))
    page.get_by_test_id("table-title").click()
    expect(page.get_by_test_id("view-delete")).to_have_count(0)
    _view_item(page, "Board").get_by_test_id("view-menu").click()
    page.get_by_test_id("view-delete").click()
    page.get_by_role("button", name="Delete view").click()
    expect(page).to_have_url(re.compile(r"/table/Parts$"))
    expect(_view_item(page, "Board")).to_have_count(0)
    titles = sorted(v["title"] for v in _views(server, table, token))
    assert titles == sorted([default["title"], "Order form", "Order form_1"])


def test_a_shared_form_is_filled_by_a_visitor_and_the_row_shows_in_the_grid(server, page, browser):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    page.get_by_test_id("create-view-form").click()
    page.get_by_test_id("view-create-submit").click()
    expect(page.get_by_test_id("form-builder")).to_be_visible()

    # Name required, a heading, a blank form 5 seconds after each submission.
    name_row = page.get_by_test_id("form-config-Name")
    with page.expect_response(lambda r: "/form-columns/" in r.url and r.request.method == "PATCH"):
        name_row.get_by_test_id("form-config-required").click(force=True)
    expect(name_row.get_by_test_id("form-config-required")).to_be_checked()
    heading = page.get_by_test_id("form-heading")
    heading.fill("Order parts")
    with page.expect_response(lambda r: "/meta/forms/" in r.url and r.request.method == "PATCH"):
        heading.blur()
    with page.expect_response(lambda r: "/meta/forms/" in r.url and r.request.method == "PATCH"):
        page.get_by_test_id("form-show-blank").click(force=True)
    expect(page.get_by_test_id("form-show-blank")).to_be_checked()
    expect(page.get_by_test_id("form-preview")).to_contain_text("Order parts")

    # Share it and read the link.
    page.get_by_test_id("views-list").locator("[data-view='Form']").get_by_test_id("view-menu").click()
    page.get_by_test_id("view-share").click()
    page.get_by_test_id("share-toggle").click(force=True)
    link = page.get_by_test_id("share-link")
    expect(link).to_have_value(re.compile(r"/nc/form/[0-9a-f-]{36}$"))
    url = link.input_value()
    screenshot(page, "views-share-dialog")
    page.get_by_role("dialog").get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog")).to_have_count(0)

    with fresh_page(browser, server) as visitor:
        visitor.goto(url)
        expect(visitor.get_by_test_id("shared-form")).to_be_visible()
        expect(visitor.get_by_test_id("form-heading")).to_have_text("Order parts")
        visitor.get_by_test_id("form-submit").click()
        expect(visitor.get_by_text("Name is required")).to_be_visible()
        form_input(visitor, "Name").fill("washer")
        form_input(visitor, "Qty").fill("12")
        form_choose(visitor, "Status", "Todo")
        screenshot(visitor, "views-shared-form-filled")
        visitor.get_by_test_id("form-submit").click()
        expect(visitor.get_by_test_id("form-success")).to_have_text("Saved successfully.")
        expect(visitor.get_by_test_id("form-countdown")).to_be_visible()
        screenshot(visitor, "views-shared-form-submitted")
        # After the countdown a blank form shows again.
        expect(form_input(visitor, "Name")).to_have_value("", timeout=15_000)
        expect(visitor.get_by_test_id("form-submitted")).to_have_count(0)

    rows = _records(server, table, token)
    assert [(r["Name"], r["Qty"], r["Status"]) for r in rows] == [("washer", 12, "Todo")]
    page.get_by_test_id("views-list").locator("[data-view='Parts']").click()
    expect(page.get_by_test_id("grid-row")).to_have_count(1)
    expect(page.get_by_test_id("grid-row").first).to_contain_text("washer")


def test_a_password_protected_form_asks_for_its_password(server, browser):
    token = _sign_up_first_user(server)
    _project, table = shop_table(server, token)
    server.api(
        "POST", f"/api/v1/db/meta/tables/{table['id']}/columns", {"title": "Photo", "uidt": "Attachment"}, token=token
    )
    form = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/forms", {"title": "Private"}, token=token)
    shared = server.api("POST", f"/api/v1/db/meta/views/{form['id']}/share", token=token)
    server.api("PATCH", f"/api/v1/db/meta/views/{form['id']}/share", {"password": "s3cret"}, token=token)

    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/nc/form/{shared['uuid']}")
        expect(visitor.get_by_test_id("shared-password")).to_be_visible()
        expect(visitor.get_by_test_id("shared-password-error")).to_have_count(0)
        visitor.get_by_test_id("shared-password-input").fill("wrong")
        visitor.get_by_test_id("shared-password-submit").click()
        error = visitor.get_by_test_id("shared-password-error")
        expect(error).to_have_text("Something went wrong. Please check your credentials.")
        screenshot(visitor, "views-shared-password")
        # Editing the password clears the error.
        visitor.get_by_test_id("shared-password-input").fill("s3cre")
        expect(error).to_have_count(0)
        visitor.get_by_test_id("shared-password-input").fill("s3cret")
        visitor.get_by_test_id("shared-password-submit").click()
        expect(visitor.get_by_test_id("shared-form")).to_be_visible()
        form_input(visitor, "Name").fill("nut")
        visitor.get_by_test_id("form-input-Photo").set_input_files(
            {"name": "nut.txt", "mimeType": "text/plain", "buffer": b"a small nut"}
        )
        visitor.get_by_test_id("form-submit").click()
        expect(visitor.get_by_test_id("form-success")).to_be_visible()

        # An unknown link shows the not-found state.
        visitor.goto("/nc/form/00000000-0000-0000-0000-000000000000")
        expect(visitor.get_by_text("This shared view does not exist")).to_be_visible()
    [row] = _records(server, table, token)
    assert row["Name"] == "nut"
    # The attachment travelled with the submission (multipart, behind the password).
    assert [a["title"] for a in row["Photo"]] == ["nut.txt"]


def test_the_shared_grid_is_read_only_with_a_temporary_sort(server, browser):
    token = _sign_up_first_user(server)
    _project, table = shop_table(
        server, token, rows=[{"Name": "bolt", "Qty": 5}, {"Name": "axle", "Qty": 1}, {"Name": "cog", "Qty": 9}]
    )
    grid = _default_view(server, table, token)
    shared = server.api("POST", f"/api/v1/db/meta/views/{grid['id']}/share", token=token)

    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/nc/view/{shared['uuid']}")
        rows = visitor.get_by_test_id("grid-row")
        expect(rows).to_have_count(3)
        expect(rows.first).to_contain_text("bolt")
        expect(visitor.get_by_test_id("add-record")).to_have_count(0)
        expect(visitor.get_by_test_id("add-field")).to_have_count(0)
        expect(visitor.get_by_test_id("shared-download")).to_have_count(0)
        # No editor opens.
        rows.first.locator(".wb-cell").first.dblclick()
        expect(visitor.get_by_test_id("cell-editor")).to_have_count(0)
        # A temporary sort reorders the rows without being saved.
        name_id = column_id(table, "Name")
        visitor.get_by_test_id("shared-sort").select_option(f"{name_id}:asc")
        expect(rows.first).to_contain_text("axle")
        # A temporary filter narrows them, and its tag removes it again.
        visitor.get_by_test_id("shared-filter-field").select_option(name_id)
        visitor.get_by_test_id("shared-filter-op").select_option("like")
        visitor.get_by_test_id("shared-filter-value").fill("o")
        visitor.get_by_test_id("shared-filter-add").click()
        expect(rows).to_have_count(2)
        expect(visitor.get_by_test_id("shared-filter-tag")).to_have_text(re.compile("Name contains o"))
        screenshot(visitor, "views-shared-grid")
        visitor.get_by_test_id("shared-filter-tag").locator("button").click()
        expect(rows).to_have_count(3)
        # Nothing of it was saved on the view.
        assert server.api("GET", f"/api/v1/db/meta/views/{grid['id']}/sorts", token=token)["list"] == []
        assert server.api("GET", f"/api/v1/db/meta/views/{grid['id']}/filters", token=token)["list"] == []
        visitor.reload()
        expect(visitor.get_by_test_id("grid-row").first).to_contain_text("bolt")

        # Allowing CSV download offers it.
        share_path = f"/api/v1/db/meta/views/{grid['id']}/share"
        server.api("PATCH", share_path, {"meta": {"allowCSVDownload": True}}, token=token)
        visitor.reload()
        with visitor.expect_download() as download:
            visitor.get_by_test_id("shared-download").click()
        assert "bolt" in Path(download.value.path()).read_text(encoding="utf8")


def test_a_shared_base_opens_read_only_and_an_unknown_one_is_not_found(server, browser):
    token = _sign_up_first_user(server)
    project, _table_meta = shop_table(server, token, rows=[{"Name": "bolt", "Qty": 5}])
    shared = server.api("POST", f"/api/v1/db/meta/projects/{project['id']}/shared", {"roles": "viewer"}, token=token)

    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/base/{shared['uuid']}")
        expect(visitor.get_by_test_id("project-title")).to_have_text("Shop")
        expect(visitor.get_by_test_id("grid-row")).to_have_count(1)
        expect(visitor.get_by_test_id("grid-row").first).to_contain_text("bolt")
        expect(visitor.get_by_test_id("add-record")).to_have_count(0)
        screenshot(visitor, "views-shared-base")
        visitor.goto("/base/not-a-shared-base")
        expect(visitor).to_have_url(re.compile(r"/error/404$"))

        # A protected shared base asks for its password first.
        shared_path = f"/api/v1/db/meta/projects/{project['id']}/shared"
        server.api("PATCH", shared_path, {"password": "open sesame"}, token=token)
        visitor.goto(f"/base/{shared['uuid']}")
        visitor.get_by_test_id("shared-password-input").fill("wrong")
        visitor.get_by_test_id("shared-password-submit").click()
        expect(visitor.get_by_test_id("shared-password-error")).to_be_visible()
        visitor.get_by_test_id("shared-password-input").fill("open sesame")
        visitor.get_by_test_id("shared-password-submit").click()
        expect(visitor.get_by_test_id("grid-row").first).to_contain_text("bolt")


def test_shared_kanban_and_gallery_are_read_only_and_a_survey_asks_one_field_at_a_time(server, browser):
    token = _sign_up_first_user(server)
    _project, table = shop_table(
        server, token, rows=[{"Name": "bolt", "Qty": 5, "Status": "Todo"}, {"Name": "cog", "Qty": 2, "Status": "Done"}]
    )
    status_id = column_id(table, "Status")
    base = f"/api/v1/db/meta/tables/{table['id']}"
    kanban = server.api("POST", f"{base}/kanbans", {"title": "Board", "fk_grp_col_id": status_id}, token=token)
    gallery = server.api("POST", f"{base}/galleries", {"title": "Cards"}, token=token)
    form = server.api("POST", f"{base}/forms", {"title": "Survey"}, token=token)
    links = {
        v["title"]: server.api("POST", f"/api/v1/db/meta/views/{v['id']}/share", token=token)["uuid"]
        for v in (kanban, gallery, form)
    }

    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/nc/kanban/{links['Board']}")
        done = visitor.locator("[data-testid='kanban-stack'][data-stack='Done']")
        expect(done.get_by_test_id("record-card")).to_have_count(1)
        expect(done).to_contain_text("cog")
        expect(visitor.get_by_test_id("card-move")).to_have_count(0)
        screenshot(visitor, "views-shared-kanban")

        visitor.goto(f"/nc/gallery/{links['Cards']}")
        expect(visitor.get_by_test_id("record-card")).to_have_count(2)

        visitor.goto(f"/nc/form/{links['Survey']}/survey")
        expect(form_input(visitor, "Name")).to_be_visible()
        expect(visitor.get_by_test_id("form-field-Qty")).to_have_count(0)
        form_input(visitor, "Name").fill("pin")
        visitor.get_by_test_id("survey-next").click()
        expect(form_input(visitor, "Qty")).to_be_visible()
        expect(visitor.get_by_test_id("form-field-Name")).to_have_count(0)
        form_input(visitor, "Qty").fill("3")
        visitor.get_by_test_id("survey-next").click()
        expect(visitor.get_by_test_id("form-field-Status")).to_be_visible()
        visitor.get_by_test_id("form-submit").click()
        expect(visitor.get_by_test_id("form-success")).to_have_text("Saved successfully.")
    assert ("pin", 3) in [(r["Name"], r["Qty"]) for r in _records(server, table, token)]


def test_a_shared_form_is_filled_from_its_link_and_sends_the_visitor_on(server, page, browser):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token)
    form = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/forms", {"title": "Order"}, token=token)
    server.api("POST", f"/api/v1/db/meta/views/{form['id']}/share", token=token)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts/Order")
    expect(page.get_by_test_id("form-builder")).to_be_visible()

    # The address to open after submitting, set in the form's settings.
    redirect = page.get_by_test_id("form-redirect_url")
    redirect.fill(f"{server.url}/error/404?record={{record_id}}")
    with page.expect_response(lambda r: "/meta/forms/" in r.url and r.request.method == "PATCH"):
        redirect.blur()
    # Fields filled from the link are read-only on this form.
    _view_item(page, "Order").get_by_test_id("view-menu").click()
    page.get_by_test_id("view-share").click()
    with page.expect_response(lambda r: r.url.endswith("/share") and r.request.method == "PATCH"):
        page.get_by_test_id("share-prefill").select_option("locked")
    url = page.get_by_test_id("share-link").input_value()
    screenshot(page, "views-share-prefill")

    with fresh_page(browser, server) as visitor:
        visitor.goto(url + "?Name=bolt&Qty=3")
        name = visitor.get_by_test_id("form-input-Name")
        expect(name).to_have_value("bolt")
        expect(name).to_have_attribute("readonly", "")
        expect(visitor.get_by_test_id("form-input-Qty")).to_have_value("3")
        form_choose(visitor, "Status", "Todo")
        visitor.get_by_test_id("form-submit").click()
        expect(visitor).to_have_url(re.compile(r"/error/404\?record=\d+$"))
        record_id = int(visitor.url.rsplit("=", 1)[1])

    rows = _records(server, table, token)
    assert [(r["Id"], r["Name"], r["Qty"], r["Status"]) for r in rows] == [(record_id, "bolt", 3, "Todo")]

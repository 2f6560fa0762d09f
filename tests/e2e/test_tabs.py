"""Project tabs: /table/{title} opens a table tab, /view/{title} a view tab; closing
the active tab moves to the previous tab, else the next, else the project home; renaming
changes the title in the route; opening an item again reuses its tab. A project whose
database config cannot be found goes to /project/0."""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _submit_dialog, _use_token, add_table, create_project, display_field

pytestmark = pytest.mark.e2e


def test_view_tabs_and_closing_to_the_next_tab_then_home(server, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Tabs")
    pid = project["id"]
    for title in ("Orders", "Stock"):
        add_table(server, token, pid, title, [display_field("Title")])
    _use_token(page, token)
    tabs = page.get_by_test_id("tab-bar").get_by_role("tab")

    # A view route opens a view tab; the same item by its table route is a tab of its own kind.
    page.goto(f"/nc/{pid}/view/Orders")
    expect(page.get_by_test_id("table-title")).to_have_text("Orders")
    expect(tabs).to_have_count(1)
    expect(tabs.nth(0).locator("[data-icon='eye-open']")).to_have_count(1)

    # Renaming in a view tab keeps the view route.
    page.get_by_test_id("rename-table").click()
    page.get_by_test_id("table-title-input").fill("Purchases")
    _submit_dialog(page, "table-title-submit")
    expect(page).to_have_url(re.compile(rf"/nc/{pid}/view/Purchases$"))
    expect(tabs.nth(0)).to_contain_text("Purchases")

    # Open Stock as a table tab, go back to the first tab (reused), and close it: it was the
    # first tab, so the next one becomes active.
    page.get_by_test_id("table-list").get_by_text("Stock").click()
    expect(page).to_have_url(re.compile(rf"/nc/{pid}/table/Stock$"))
    expect(tabs).to_have_count(2)
    expect(tabs.nth(1).locator("[data-icon='th']")).to_have_count(1)
    tabs.nth(0).locator(".wb-tab-title").click()
    expect(page).to_have_url(re.compile(rf"/nc/{pid}/view/Purchases$"))
    expect(tabs).to_have_count(2)
    tabs.nth(0).get_by_test_id("close-tab").click()
    expect(page).to_have_url(re.compile(rf"/nc/{pid}/table/Stock$"))
    expect(tabs).to_have_count(1)
    expect(tabs.nth(0)).to_have_attribute("aria-selected", "true")

    # Closing the last tab goes to the project home.
    tabs.nth(0).get_by_test_id("close-tab").click()
    expect(page).to_have_url(re.compile(rf"/nc/{pid}$"))
    expect(page.get_by_test_id("project-home")).to_be_visible()
    expect(page.get_by_test_id("tab-bar")).to_have_count(0)


def test_a_project_without_a_database_config_goes_to_project_0(server, page, tmp_path):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Orphan")
    # Its database config is gone (as after losing the connection's record).
    with sqlite3.connect(tmp_path / "workbench.db") as db:
        db.execute("DELETE FROM wb_sources WHERE project_id = ?", (project["id"],))
    assert server.api("GET", f"/api/v1/db/meta/projects/{project['id']}", token=token)["bases"] == []
    _use_token(page, token)
    addresses = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and addresses.append(frame.url))
    page.goto(f"/nc/{project['id']}")
    # /project/0 is no project either: the not-found page follows.
    expect(page).to_have_url(re.compile(r"/error/404$"))
    assert f"{server.url}/project/0" in addresses


def test_a_table_not_in_the_list_opens_no_tab_and_pointing_at_one_reads_it_ahead(server, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Tabs")
    orders = add_table(server, token, project["id"], "Orders", [display_field("Title")])
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Nope")
    expect(page.get_by_text("Table not in list")).to_be_visible()
    expect(page.get_by_test_id("tab-bar")).to_have_count(0)
    expect(page.get_by_test_id("grid-scroll")).to_have_count(0)

    # Pointing at a table's link reads its fields ahead, before it is opened.
    with page.expect_request(lambda r: r.url.endswith(f"/api/v1/db/meta/tables/{orders['id']}")):
        page.get_by_test_id("table-list").get_by_text("Orders").hover()
    expect(page.get_by_test_id("tab-bar")).to_have_count(0)

"""Connecting a PostgreSQL database to an existing project from its page: the connection
form in a dialog (a refusal shown in words, then a success with its toast), the table list
grouped by database, a connected table opened in the grid, and the database removed again
after a confirm (Workbench forgets it; the database keeps its tables)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    expect_toast_shown,
    project_with_table,
    record_toasts,
    screenshot,
)

pytestmark = pytest.mark.e2e


def test_a_database_is_connected_to_a_project_browsed_and_removed(server, page, shop_db):
    token = _sign_up_first_user(server)
    project, _notes = project_with_table(server, token, title="Office", table="Notes")
    _use_token(page, token)
    record_toasts(page)
    failed = []
    page.on("response", lambda r: r.status >= 400 and failed.append((r.request.method, r.url, r.status)))
    page.goto(f"/nc/{project['id']}")
    tables = page.get_by_test_id("table-list")
    expect(tables).to_contain_text("Notes")
    # one database: a plain list, without headings
    expect(page.get_by_test_id("source-heading")).to_have_count(0)

    page.get_by_test_id("connect-source").click()
    dialog = page.get_by_test_id("connect-source-form")
    dialog.get_by_test_id("source-alias").fill("Shop database")
    dialog.get_by_test_id("source-client").select_option("pg")
    expect(dialog.get_by_test_id("source-port")).to_have_value("5432")
    dialog.get_by_test_id("source-host").fill("127.0.0.1")
    dialog.get_by_test_id("source-user").fill("postgres")
    dialog.get_by_test_id("source-database").fill("no_such_database_here")
    dialog.get_by_test_id("source-connect").click()
    expect(dialog.get_by_test_id("source-error")).to_contain_text("database does not exist")
    screenshot(page, "connect-source-dialog")
    expect(tables).not_to_contain_text("customers")
    dialog.get_by_test_id("source-database").fill(shop_db.name)
    dialog.get_by_test_id("source-connect").click()
    expect(dialog).to_be_hidden(timeout=30_000)  # its tables are read first
    expect_toast_shown(page, "Shop database connected")

    headings = page.get_by_test_id("source-heading")
    expect(headings).to_have_text(["Built-in database", "Shop database"])
    groups = page.get_by_test_id("source-group")
    expect(groups.nth(0)).to_contain_text("Notes")
    expect(groups.nth(1)).to_contain_text("customers")
    expect(groups.nth(1)).to_contain_text("order lines")
    # the project home lists them by database too
    home = page.get_by_test_id("home-source-group")
    expect(home).to_have_count(2)
    expect(home.nth(1)).to_contain_text("Shop database")
    expect(home.nth(1)).to_contain_text("customers")
    screenshot(page, "connect-source-grouped")

    # The grid's rows and their comment counts are read before the database is removed (a
    # read still under way as it goes would rightly be refused).
    with page.expect_response(lambda r: "/comments/count" in r.url):
        groups.nth(1).get_by_text("customers", exact=True).click()
    expect(page).to_have_url(re.compile(r"/table/customers$"))
    grid = page.get_by_test_id("grid-scroll")
    expect(grid).to_contain_text("Ann Lee")
    expect(page.get_by_test_id("record-count")).to_have_text("2 records")

    groups.nth(1).get_by_test_id("source-remove").click()
    confirm = page.get_by_test_id("source-remove-confirm")
    expect(confirm).to_contain_text("Remove Shop database from this project?")
    expect(confirm).to_contain_text("The database itself is untouched")
    screenshot(page, "connect-source-remove")
    page.locator(".bp6-alert").get_by_role("button", name="Remove").click()
    expect_toast_shown(page, "Shop database removed; the database is untouched")
    # the open table's database gone: the project home, the plain list again
    expect(page).to_have_url(re.compile(rf"/nc/{project['id']}$"))
    expect(page.get_by_test_id("project-home")).to_be_visible()
    expect(tables).not_to_contain_text("customers")
    expect(page.get_by_test_id("source-heading")).to_have_count(0)
    expect(page.get_by_test_id("home-source-group")).to_have_count(0)
    sources = server.api("GET", f"/api/v1/db/meta/projects/{project['id']}", token=token)["bases"]
    assert [s["is_default"] for s in sources] == [True]
    # Workbench forgot it; the database keeps its tables and rows
    assert shop_db.scalar("SELECT count(*) FROM customers") == 2
    # the refused connection (a config that does not connect: 400) is the only failed
    # request, and the only message in the console
    assert failed == [("POST", f"{server.url}/api/v2/meta/bases/{project['id']}/sources", 400)]
    assert page.errors.console() == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]

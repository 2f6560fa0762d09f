"""Record history in headless Chromium: a record edited in its expanded form shows each
change (field, old value, new value, who) in its History pane; an editor restores a deleted
record from the table's deleted records and it is back in the grid; the owner's audit log
lists and filters the changes, and a viewer has no audit log."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _live_page,
    _member_token,
    _sign_up_first_user,
    grid_cell,
    parts_table,
    screenshot,
)

pytestmark = pytest.mark.e2e


def _api(server, token: str, method: str, path: str, body) -> None:
    request = urllib.request.Request(
        f"{server.url}{path}",
        data=json.dumps(body).encode(),
        method=method,
        headers={"Content-Type": "application/json", "xc-auth": token},
    )
    with urllib.request.urlopen(request) as response:
        response.read()


def test_a_records_history_after_edits(server, browser):
    owner = _sign_up_first_user(server)
    project, table = parts_table(server, owner, title="Store", rows=[{"Name": "bolt", "Qty": 1}])
    path = f"/nc/{project['id']}/table/Parts"
    with _live_page(browser, server, owner, path, project["id"]) as page:
        grid_cell(page, 1, 0).click()
        page.get_by_test_id("expand-record").click()
        form = page.get_by_test_id("expanded-record")
        history = form.get_by_test_id("history-pane")
        expect(history.get_by_test_id("history-what")).to_have_text(["Created the record"])
        form.get_by_label("Name").fill("nut")
        form.get_by_label("Qty").fill("4")
        page.get_by_test_id("record-save").click()
        expect(form).to_have_count(0)
        # a second change, through the API, reaches the open page live
        _api(server, owner, "PATCH", f"/api/v2/tables/{table['id']}/records", {"Id": 1, "Qty": 5})
        expect(grid_cell(page, 1, 1)).to_have_text("5")
        page.get_by_test_id("expand-record").click()
        entries = form.get_by_test_id("history-entry")
        expect(entries).to_have_count(3)
        expect(entries.nth(0).get_by_test_id("history-change")).to_have_text(["Qty 4 → 5"])
        expect(entries.nth(1).get_by_test_id("history-change")).to_have_text(["Name bolt → nut", "Qty 1 → 4"])
        expect(entries.nth(1).get_by_test_id("history-who")).to_have_text("owner@example.com")
        expect(entries.nth(2).get_by_test_id("history-what")).to_have_text("Created the record")
        screenshot(page, "record-history")


def test_an_editor_restores_a_deleted_record_and_the_owner_audits(server, browser):
    owner = _sign_up_first_user(server)
    project, table = parts_table(
        server, owner, title="Depot", rows=[{"Name": "gear", "Qty": 2}, {"Name": "axle", "Qty": 3}]
    )
    editor = _member_token(server, owner, project["id"], "ed@example.com", "editor")
    viewer = _member_token(server, owner, project["id"], "vic@example.com", "viewer")
    _api(server, owner, "DELETE", f"/api/v2/tables/{table['id']}/records", {"Id": 1})
    path = f"/nc/{project['id']}/table/Parts"

    with _live_page(browser, server, editor, path, project["id"]) as page:
        expect(grid_cell(page, 1, 0)).to_have_text("axle")
        page.get_by_test_id("open-deleted-records").click()
        drawer = page.get_by_test_id("deleted-records")
        expect(drawer.get_by_test_id("deleted-record")).to_have_text(["Record 1 gear"])
        screenshot(page, "deleted-records")
        drawer.get_by_test_id("history-restore").click()
        expect(page.locator(".bp6-toast")).to_contain_text("Record restored")
        expect(drawer.get_by_test_id("history-back")).to_be_visible()
        page.keyboard.press("Escape")
        expect(grid_cell(page, 1, 0)).to_have_text("gear")
        expect(grid_cell(page, 2, 0)).to_have_text("axle")

    home = f"/nc/{project['id']}"
    with _live_page(browser, server, owner, home, project["id"]) as page:
        page.get_by_test_id("open-audit").click()
        log = page.get_by_test_id("audit-log")
        expect(log.get_by_test_id("history-what").first).to_have_text("Restored the record")
        expect(log.get_by_test_id("history-who").first).to_have_text("ed@example.com")
        log.get_by_test_id("audit-kind").select_option("delete")
        expect(log.get_by_test_id("history-what")).to_have_text(["Deleted the record"])
        expect(log.get_by_test_id("history-back")).to_be_visible()
        log.get_by_test_id("audit-kind").select_option("schema")
        expect(log.get_by_test_id("history-what").filter(has_text="Created the table Parts")).to_have_count(1)
        screenshot(page, "audit-log")

    with _live_page(browser, server, viewer, home, project["id"]) as page:
        expect(page.get_by_test_id("open-members")).to_be_visible()
        expect(page.get_by_test_id("open-audit")).to_have_count(0)
        page.get_by_test_id("project-home").get_by_role("link", name="Parts").click()
        expect(grid_cell(page, 1, 0)).to_have_text("gear")
        expect(page.get_by_test_id("open-deleted-records")).to_have_count(0)

"""A shared base by role in headless Chromium: a signed-out visitor of an editor link edits
and adds records in the grid (never fields); once the link is turned to viewer the same
visitor only reads, and the server refuses a write with 403 and a JSON msg."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, fresh_page, list_records, screenshot, shop_table

pytestmark = pytest.mark.e2e

WRITE = """async ([uuid, tableId]) => {
  const res = await fetch(`/api/v2/tables/${tableId}/records`, {
    method: "PATCH",
    headers: { "content-type": "application/json", "xc-shared-base-id": uuid },
    body: JSON.stringify({ Id: 1, Name: "forced" }),
  });
  return [res.status, await res.json()];
}"""


def test_an_editor_link_edits_records_and_a_viewer_link_only_reads(server, browser):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token, rows=[{"Name": "bolt", "Qty": 5}])
    shared_path = f"/api/v1/db/meta/projects/{project['id']}/shared"
    shared = server.api("POST", shared_path, {"roles": "editor"}, token=token)

    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/base/{shared['uuid']}")
        expect(visitor.get_by_test_id("shared-base-access")).to_contain_text("you can edit records")
        grid = visitor.get_by_test_id("grid-scroll")
        expect(visitor.get_by_test_id("grid-row").first).to_contain_text("bolt")
        # Records yes, fields no.
        expect(visitor.get_by_test_id("add-field")).to_have_count(0)
        expect(visitor.get_by_test_id("field-edit")).to_have_count(0)
        qty = grid.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(1)
        qty.dblclick()
        editor = visitor.get_by_test_id("cell-editor")
        editor.fill("7")
        editor.press("Enter")
        expect(qty).to_have_text("7")
        visitor.get_by_test_id("add-record").click()
        expect(visitor.get_by_test_id("record-count")).to_have_text("2 records")
        screenshot(visitor, "shared-base-editor")
        assert [(r["Name"], r["Qty"]) for r in list_records(server, token, table, limit=100)] == [
            ("bolt", 7),
            (None, None),
        ]

        # The owner turns the link to viewer: the same visitor now only reads.
        server.api("PATCH", shared_path, {"roles": "viewer"}, token=token)
        visitor.reload()
        expect(visitor.get_by_test_id("shared-base-access")).to_have_text("This shared project is read-only.")
        expect(visitor.get_by_test_id("grid-row").first).to_contain_text("bolt")
        expect(visitor.get_by_test_id("add-record")).to_have_count(0)
        visitor.get_by_test_id("grid-row").first.locator(".wb-cell").nth(1).dblclick()
        expect(visitor.get_by_test_id("cell-editor")).to_have_count(0)
        status, body = visitor.evaluate(WRITE, [shared["uuid"], table["id"]])
        assert status == 403
        assert body["msg"]
        assert list_records(server, token, table, limit=100)[0]["Name"] == "bolt"

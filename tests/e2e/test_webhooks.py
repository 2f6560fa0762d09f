"""Webhooks in headless Chromium: the owner creates a webhook from the table's menu (sent
to a real receiver on this machine), a record added fires it, and its delivery shows in the
webhook's log; turning it off is answered with a toast."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, project_with_table, screenshot
from tests.functional.hooks.receiver import receiving

pytestmark = pytest.mark.e2e


def test_create_a_webhook_trigger_it_and_see_the_delivery(server, page):
    owner = _sign_up_first_user(server)
    project, table = project_with_table(server, owner, title="Hooks", table="Orders")
    _use_token(page, owner)
    with receiving() as receiver:
        page.goto(f"/nc/{project['id']}/table/Orders")
        page.get_by_test_id("table-webhooks").click()
        dialog = page.get_by_role("dialog", name="Webhooks of Orders")
        expect(dialog).to_be_visible()
        dialog.get_by_test_id("webhook-add").click()
        dialog.get_by_test_id("webhook-title").fill("Tell the shop")
        dialog.get_by_test_id("webhook-operation").select_option("insert")
        dialog.get_by_test_id("webhook-address").fill(receiver.url)
        screenshot(page, "webhooks-editor")
        dialog.get_by_test_id("webhook-save").click()
        expect(page.locator(".bp6-toast")).to_contain_text("Webhook Tell the shop saved")
        expect(dialog.get_by_test_id("webhook-row")).to_have_count(1)
        expect(dialog.get_by_test_id("webhook-row")).to_contain_text("A record is added")

        server.api("POST", f"/api/v2/tables/{table['id']}/records", {"Name": "bolt"}, token=owner)
        receiver.wait_for(1)
        [call] = receiver.calls
        assert call["body"]["type"] == "records.after.insert"
        assert call["body"]["data"]["rows"][0]["Name"] == "bolt"

        dialog.get_by_test_id("webhook-log").click()
        entry = dialog.get_by_test_id("webhook-log-entry")
        expect(entry).to_have_count(1)
        expect(entry).to_contain_text("Delivered")
        expect(entry).to_contain_text("200")
        screenshot(page, "webhooks-log")

        dialog.get_by_test_id("webhook-log-back").click()
        dialog.get_by_test_id("webhook-row").locator(".bp6-switch").click()
        expect(page.locator(".bp6-toast").last).to_contain_text("Webhook Tell the shop turned off")
        [hook] = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/hooks", token=owner)["list"]
        assert hook["active"] is False
    assert [m for m in page.errors.messages if "webhook" in m.lower()] == []


def test_a_button_field_fires_its_webhook_for_its_record(server, page):
    owner = _sign_up_first_user(server)
    project, table = project_with_table(server, owner, title="Buttons", table="Orders", records=[{"Name": "bolt"}])
    _use_token(page, owner)
    with receiving() as receiver:
        hook = {
            "title": "Ship",
            "event": "manual",
            "operation": "trigger",
            "notification": {"type": "URL", "payload": {"method": "POST", "path": receiver.url}},
        }
        hook = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/hooks", hook, token=owner)
        column = {"title": "Ship", "uidt": "Button", "type": "webhook", "fk_webhook_id": hook["id"], "label": "Ship it"}
        server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/columns", column, token=owner)
        page.goto(f"/nc/{project['id']}/table/Orders")
        button = page.get_by_test_id("button-field")
        expect(button).to_have_text("Ship it")
        button.click()
        expect(page.locator(".bp6-toast")).to_contain_text("Ship it: sent")
        receiver.wait_for(1)
        screenshot(page, "button-field")
        [call] = receiver.calls
        assert call["body"]["type"] == "records.manual.trigger"
        assert call["body"]["data"]["rows"][0]["Name"] == "bolt"

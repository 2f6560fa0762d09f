"""Webhooks in headless Chromium: the owner creates a webhook from the table's menu (sent
to a real receiver on this machine) with the URL notifier's form from its plugin bundle
(a header and a query parameter) and a condition edited with the grid's filter editor; a
record that meets the condition fires it, one that does not fires nothing, and the delivery
shows in the webhook's log; turning it off is answered with a toast. A Button field fires
its webhook, and a URL button offers the address its formula built, in its colour."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, project_with_table, screenshot, wait_until
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
        # the URL notifier's form is its plugin's bundle: address, headers, query parameters
        expect(dialog.get_by_test_id("notifier-settings")).to_be_visible()
        dialog.get_by_test_id("webhook-address").fill(receiver.url)
        dialog.get_by_test_id("url-add-header").click()
        dialog.get_by_test_id("url-header-name").fill("X-Shop")
        dialog.get_by_test_id("url-header-value").fill("north")
        dialog.get_by_test_id("url-add-parameter").click()
        dialog.get_by_test_id("url-parameter-name").fill("source")
        dialog.get_by_test_id("url-parameter-value").fill("workbench")
        # only for records that meet the conditions: they are added once the webhook is saved
        dialog.get_by_test_id("webhook-condition").locator("..").click()
        expect(dialog.get_by_test_id("webhook-conditions-later")).to_be_visible()
        screenshot(page, "webhooks-editor")
        dialog.get_by_test_id("webhook-save").click()
        expect(page.locator(".bp6-toast")).to_contain_text("Webhook Tell the shop saved")
        conditions = dialog.get_by_test_id("conditions-editor")
        expect(conditions).to_be_visible()
        conditions.get_by_test_id("filter-field").select_option(label="Name")
        conditions.get_by_test_id("filter-op").select_option("eq")
        conditions.get_by_test_id("filter-value").fill("bolt")
        conditions.get_by_test_id("filter-submit").click()
        expect(conditions.get_by_test_id("condition")).to_have_count(1)
        expect(conditions.get_by_test_id("filter-edit-value")).to_have_value("bolt")
        screenshot(page, "webhooks-conditions")
        dialog.get_by_test_id("webhook-save").click()
        expect(dialog.get_by_test_id("webhook-row")).to_have_count(1)
        expect(dialog.get_by_test_id("webhook-row")).to_contain_text("A record is added")
        [hook] = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/hooks", token=owner)["list"]
        assert hook["condition"] is True
        [condition] = server.api("GET", f"/api/v1/db/meta/hooks/{hook['id']}/filters", token=owner)["list"]
        assert (condition["comparison_op"], condition["value"]) == ("eq", "bolt")

        records = f"/api/v2/tables/{table['id']}/records"
        server.api("POST", records, {"Name": "nut"}, token=owner)  # does not meet the condition
        server.api("POST", records, {"Name": "bolt"}, token=owner)
        receiver.wait_for(1)
        [call] = receiver.calls
        assert call["body"]["type"] == "records.after.insert"
        assert call["body"]["data"]["rows"][0]["Name"] == "bolt"
        assert call["headers"]["x-shop"] == "north"
        assert call["path"] == "/hook?source=workbench"
        # The delivery is logged once the receiver's answer is read, a moment after the call
        # arrived; the log shows what was logged when it opens.
        logs = f"/api/v1/db/meta/hooks/{hook['id']}/logs"
        wait_until(lambda: server.api("GET", logs, token=owner)["list"], 15)

        dialog.get_by_test_id("webhook-log").click()
        entry = dialog.get_by_test_id("webhook-log-entry")
        expect(entry).to_have_count(1)
        expect(entry).to_contain_text("Delivered")
        expect(entry).to_contain_text("200")
        screenshot(page, "webhooks-log")
        # The open log reads the deliveries again by itself: a new one shows without Refresh.
        server.api("POST", records, {"Name": "bolt"}, token=owner)
        receiver.wait_for(2)
        expect(entry).to_have_count(2, timeout=15_000)
        expect(dialog.get_by_test_id("webhook-log-refresh")).not_to_have_class(re.compile("bp6-loading"))

        dialog.get_by_test_id("webhook-log-back").click()
        dialog.get_by_test_id("webhook-row").locator(".bp6-switch").click()
        expect(page.locator(".bp6-toast").last).to_contain_text("Webhook Tell the shop turned off")
        [turned_off] = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/hooks", token=owner)["list"]
        assert turned_off["active"] is False

        # a duplicate comes with the original's condition
        dialog.get_by_test_id("webhook-duplicate").click()
        dialog.get_by_test_id("webhook-save").click()
        copied = dialog.get_by_test_id("conditions-editor")
        expect(copied.get_by_test_id("condition")).to_have_count(1)
        expect(copied.get_by_test_id("filter-edit-value")).to_have_value("bolt")
        dialog.get_by_test_id("webhook-save").click()
        expect(dialog.get_by_test_id("webhook-row")).to_have_count(2)
        hooks = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/hooks", token=owner)["list"]
        [copy] = [h for h in hooks if h["id"] != hook["id"]]
        [copied_condition] = server.api("GET", f"/api/v1/db/meta/hooks/{copy['id']}/filters", token=owner)["list"]
        assert (copied_condition["comparison_op"], copied_condition["value"]) == ("eq", "bolt")
        assert copied_condition["id"] != condition["id"]
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


def test_a_url_button_offers_the_address_its_formula_built_in_its_colour(server, page):
    owner = _sign_up_first_user(server)
    project, table = project_with_table(server, owner, title="Links", table="Orders", records=[{"Name": "bolt"}])
    _use_token(page, owner)
    column = {
        "title": "Open",
        "uidt": "Button",
        "type": "url",
        "formula_raw": 'CONCAT("https://example.com/orders/", {Name})',
        "label": "Open order",
        "color": "green",
        "icon": "share",
    }
    server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/columns", column, token=owner)
    page.goto(f"/nc/{project['id']}/table/Orders")
    button = page.get_by_test_id("button-field")
    expect(button).to_have_text("Open order")
    expect(button).to_have_attribute("data-action", "url")
    expect(button).to_have_attribute("title", "https://example.com/orders/bolt")
    expect(button).to_have_css("background-color", "rgb(35, 133, 81)")
    expect(button.locator("[data-icon='share']")).to_have_count(1)
    screenshot(page, "button-field-url")
    page.context.route(
        "https://example.com/**", lambda route: route.fulfill(body="the order", content_type="text/plain")
    )
    with page.expect_popup() as popup:
        button.click()
    popup.value.wait_for_load_state()
    assert popup.value.url == "https://example.com/orders/bolt"
    popup.value.close()

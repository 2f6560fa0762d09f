"""A viewer, who cannot change a view's sorts and filters, sorts and filters the grid for
themselves: kept in the open tab (switching tabs and back keeps them), gone when the tab
closes, never saved to the view."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _member_token,
    _sign_up_first_user,
    _use_token,
    add_table,
    display_field,
    number_field,
    parts_table,
    screenshot,
)

pytestmark = pytest.mark.e2e


def _names(page):
    """The first cell of each record row: expected with retries, since the page's records
    and its count may arrive in different frames."""
    return page.locator("[data-testid='grid-row'] .wb-cell[data-col='0']")


def test_a_viewers_own_sort_and_filters_live_in_the_tab(server, page):
    owner = _sign_up_first_user(server)
    project, table = parts_table(
        server, owner, rows=[{"Name": "bolt", "Qty": 5}, {"Name": "nut", "Qty": 2}, {"Name": "washer", "Qty": 9}]
    )
    pid = project["id"]
    add_table(server, owner, pid, "Orders", [display_field("Title"), number_field("Count")], [{"Title": "first"}])
    viewer = _member_token(server, owner, pid, "viewer@example.com", "viewer")
    _use_token(page, viewer)
    tabs = page.get_by_test_id("tab-bar").get_by_role("tab")

    page.goto(f"/nc/{pid}/table/Parts")
    expect(page.get_by_test_id("grid-row")).to_have_count(3)
    # The view's own sort and filter buttons are an editor's; the viewer gets their own.
    expect(page.get_by_test_id("add-filter")).to_have_count(0)
    expect(page.get_by_test_id("sort-button")).to_have_count(0)
    page.get_by_test_id("own-sort").select_option(label="Qty ↓")
    expect(page.get_by_test_id("grid-row").first.locator(".wb-cell").first).to_have_text("washer")
    expect(_names(page)).to_have_text(["washer", "bolt", "nut"])
    page.get_by_test_id("own-filter-field").select_option(label="Name")
    page.get_by_test_id("own-filter-value").fill("t")
    page.get_by_test_id("own-filter-add").click()
    expect(page.get_by_test_id("own-filter-tag")).to_have_count(1)
    expect(page.get_by_test_id("grid-row")).to_have_count(2)
    expect(_names(page)).to_have_text(["bolt", "nut"])
    expect(page.get_by_test_id("record-count")).to_contain_text("2")
    screenshot(page, "viewer-own-sort-filter")

    # Another tab and back: the tab kept them.
    page.get_by_test_id("table-list").get_by_text("Orders").click()
    expect(page).to_have_url(re.compile(rf"/nc/{pid}/table/Orders$"))
    expect(page.get_by_test_id("grid-row")).to_have_count(1)
    expect(page.get_by_test_id("own-filter-tag")).to_have_count(0)
    tabs.nth(0).locator(".wb-tab-title").click()
    expect(page).to_have_url(re.compile(rf"/nc/{pid}/table/Parts$"))
    expect(page.get_by_test_id("own-filter-tag")).to_have_count(1)
    expect(page.get_by_test_id("grid-row")).to_have_count(2)
    expect(page.get_by_test_id("own-sort")).to_have_value(re.compile(r":desc$"))

    # Removing the filter shows every record again, still in the own order.
    page.get_by_test_id("own-filter-tag").locator("button").click()
    expect(page.get_by_test_id("grid-row")).to_have_count(3)
    expect(_names(page)).to_have_text(["washer", "bolt", "nut"])
    page.get_by_test_id("own-filter-value").fill("sh")
    page.get_by_test_id("own-filter-add").click()
    expect(page.get_by_test_id("grid-row")).to_have_count(1)

    # Closed tab: gone. Opening the table again starts without them.
    tabs.nth(0).get_by_test_id("close-tab").click()
    expect(page).to_have_url(re.compile(rf"/nc/{pid}/table/Orders$"))
    page.get_by_test_id("table-list").get_by_text("Parts").click()
    expect(page.get_by_test_id("grid-row")).to_have_count(3)
    expect(page.get_by_test_id("own-filter-tag")).to_have_count(0)
    expect(page.get_by_test_id("own-sort")).to_have_value("")
    expect(_names(page)).to_have_text(["bolt", "nut", "washer"])

    # Nothing was saved to the view.
    views = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=owner)["list"]
    for view in views:
        assert server.api("GET", f"/api/v1/db/meta/views/{view['id']}/sorts", token=owner)["list"] == []
        assert server.api("GET", f"/api/v1/db/meta/views/{view['id']}/filters", token=owner)["list"] == []

"""View modes in headless Chromium: a creator makes their own view personal from its menu (a
toast says so and the list marks it); another member's browser never lists it; an owner locks a
view and an editor sees its mode choices closed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _member_token, _sign_up_first_user, _use_token, fresh_page, screenshot, shop_table

pytestmark = pytest.mark.e2e


def _view_item(page, title):
    return page.get_by_test_id("views-list").locator(f"[data-view='{title}']")


def _titles(server, table, token) -> set[str]:
    views = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"]
    return {v["title"] for v in views}


def test_a_personal_view_is_seen_by_its_creator_only(server, browser):
    owner = _sign_up_first_user(server)
    project, table = shop_table(server, owner, rows=[{"Name": "bolt", "Qty": 5, "Status": "Todo"}])
    creator = _member_token(server, owner, project["id"], "maker@example.com", "creator")
    editor = _member_token(server, owner, project["id"], "editor@example.com", "editor")
    server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/grids", {"title": "Drafts"}, token=creator)

    with fresh_page(browser, server) as page:
        _use_token(page, creator)
        page.goto(f"/nc/{project['id']}/table/Parts")
        expect(_view_item(page, "Drafts")).to_be_visible()
        # The default view offers no personal mode.
        _view_item(page, "Parts").get_by_test_id("view-menu").click()
        expect(page.get_by_test_id("view-mode-personal")).to_have_attribute("aria-disabled", "true")
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("view-mode-personal")).to_have_count(0)

        _view_item(page, "Drafts").get_by_test_id("view-menu").click()
        expect(page.get_by_test_id("view-mode-collaborative").get_by_test_id("view-mode-current")).to_be_visible()
        screenshot(page, "view-modes-menu")
        page.get_by_test_id("view-mode-personal").click()
        expect(page.get_by_text('"Drafts" is personal: only you can see it')).to_be_visible()
        expect(_view_item(page, "Drafts").get_by_test_id("view-mode-icon")).to_be_visible()
        screenshot(page, "view-modes-personal")
    assert "Drafts" in _titles(server, table, creator)
    assert "Drafts" not in _titles(server, table, owner)

    with fresh_page(browser, server) as page:
        _use_token(page, owner)
        page.goto(f"/nc/{project['id']}/table/Parts")
        expect(_view_item(page, "Parts")).to_be_visible()
        expect(_view_item(page, "Drafts")).to_have_count(0)
        # The owner locks the default view.
        _view_item(page, "Parts").get_by_test_id("view-menu").click()
        page.get_by_test_id("view-mode-locked").click()
        expect(page.get_by_text('"Parts" is locked: only creators and owners can change it')).to_be_visible()

    with fresh_page(browser, server) as page:
        _use_token(page, editor)
        page.goto(f"/nc/{project['id']}/table/Parts")
        expect(_view_item(page, "Parts").get_by_test_id("view-mode-icon")).to_be_visible()
        _view_item(page, "Parts").get_by_test_id("view-menu").click()
        for mode in ("collaborative", "locked", "personal"):
            expect(page.get_by_test_id(f"view-mode-{mode}")).to_have_attribute("aria-disabled", "true")
        expect(page.get_by_test_id("view-mode-locked").get_by_test_id("view-mode-current")).to_be_visible()

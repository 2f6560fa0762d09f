"""The web app at a phone's size (390x844, touch) in headless Chromium: sign in, open a table
from the folded tables' list, edit a cell, open a record over the whole screen, and fill in a
shared form; nothing is wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    EMAIL,
    PASSWORD,
    _sign_up_first_user,
    form_input,
    grid_cell,
    list_records,
    saved_value,
    screenshot,
    shop_table,
)

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def _fits(page) -> None:
    """The page scrolls only inside its scrolling parts: nothing pushes it wider than the screen."""
    page.wait_for_function("() => document.documentElement.scrollWidth <= screen.width")


def _swipe(page, selector: str, dx: int) -> None:
    """A finger put down in the middle of `selector` and lifted `dx` pixels to the side."""
    page.evaluate(
        """([selector, dx]) => {
          const el = document.querySelector(selector);
          const box = el.getBoundingClientRect();
          const x = box.left + box.width / 2, y = box.top + box.height / 2;
          const at = (cx) => new Touch({ identifier: 1, target: el, clientX: cx, clientY: y });
          el.dispatchEvent(new TouchEvent("touchstart", { touches: [at(x)], changedTouches: [at(x)], bubbles: true }));
          el.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [at(x + dx)], bubbles: true }));
        }""",
        [selector, dx],
    )


def test_a_phone_signs_in_edits_opens_a_record_and_fills_a_form(server, browser):
    token = _sign_up_first_user(server)
    _project, table = shop_table(server, token, rows=[{"Name": "bolt", "Qty": 5, "Status": "Todo"}])
    form = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/forms", {"title": "Order"}, token=token)
    shared = server.api("POST", f"/api/v1/db/meta/views/{form['id']}/share", token=token)
    context = browser.new_context(base_url=server.url, locale="en-US", **PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto("/signin")
        page.fill("#signin-email", EMAIL)
        page.fill("#signin-password", PASSWORD)
        page.get_by_test_id("signin-submit").click()
        expect(page.get_by_text("Shop")).to_be_visible()
        _fits(page)
        screenshot(page, "phone-projects")

        page.get_by_text("Shop").first.click()
        expect(page.get_by_test_id("project-title")).to_have_text("Shop")
        # The tables' list is folded; a swipe of 50 pixels along the reading direction opens
        # it (a shorter move does nothing), one against it folds it, and so does its toggle;
        # opening a table folds it again.
        expect(page.get_by_test_id("table-list")).to_be_hidden()
        _swipe(page, ".wb-project-header", 49)
        expect(page.get_by_test_id("toggle-tables")).to_have_attribute("aria-expanded", "false")
        _swipe(page, ".wb-project-header", 50)
        expect(page.get_by_test_id("table-list")).to_be_visible()
        _swipe(page, ".wb-project-header", -60)
        expect(page.get_by_test_id("table-list")).to_be_hidden()
        page.get_by_test_id("toggle-tables").click()
        page.get_by_test_id("table-list").get_by_text("Parts").click()
        expect(page.get_by_test_id("table-list")).to_be_hidden()
        expect(page.get_by_test_id("grid-row")).to_have_count(1)
        _fits(page)
        screenshot(page, "phone-grid")

        grid_cell(page, 1, 0).dblclick()
        page.keyboard.press("Control+a")
        page.keyboard.type("nut")
        page.keyboard.press("Enter")
        expect(grid_cell(page, 1, 0)).to_have_text("nut")
        assert saved_value(server, token, table, "Name", "nut") == "nut"

        page.get_by_test_id("expand-record").click()
        record = page.get_by_test_id("expanded-record")
        expect(record).to_be_visible()
        drawer = page.locator(".wb-record-drawer")
        assert drawer.bounding_box()["width"] == pytest.approx(390, abs=1)
        screenshot(page, "phone-record")
        # A swipe along the reading direction puts the record away; a short one does not.
        _swipe(page, ".wb-record-swipe", 30)
        expect(record).to_be_visible()
        _swipe(page, ".wb-record-swipe", 80)
        expect(record).to_have_count(0)

        page.goto(f"/nc/form/{shared['uuid']}")
        expect(page.get_by_test_id("shared-form")).to_be_visible()
        _fits(page)
        form_input(page, "Name").fill("washer")
        screenshot(page, "phone-shared-form")
        page.get_by_test_id("form-submit").click()
        expect(page.get_by_test_id("form-success")).to_have_text("Saved successfully.")
        assert "washer" in [r["Name"] for r in list_records(server, token, table)]
    finally:
        context.close()

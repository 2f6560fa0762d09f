"""Feedback where users expect it, in headless Chromium: a toast once the theme is saved, a
project deleted and a shared link copied; and no sign-in form shown to a signed-in user,
neither after signing in nor on a reload."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    EMAIL,
    PASSWORD,
    _sign_up_first_user,
    _use_token,
    create_project,
    screenshot,
    shop_table,
)

pytestmark = pytest.mark.e2e

# Counts, from the first paint, each time the sign-in form shows in the page.
WATCH_SIGN_IN = """
(() => {
  window.__signInShown = 0;
  let shown = false;
  const look = () => {
    const button = document.querySelector("[data-testid=signin-submit]");
    const now = !!button && button.checkVisibility({ visibilityProperty: true });
    if (now && !shown) window.__signInShown += 1;
    shown = now;
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener("DOMContentLoaded", look);
})()
"""


def _toast(page, text):
    return page.locator(".bp6-toast", has_text=text)


def test_saved_theme_deleted_project_and_copied_link_say_so(server, context, page):
    token = _sign_up_first_user(server)
    project, _table = shop_table(server, token)
    _use_token(page, token)

    # The theme.
    page.goto(f"/nc/{project['id']}")
    page.get_by_test_id("theme-primary").fill("#0a7")
    page.get_by_test_id("theme-save").click()
    expect(_toast(page, "Theme saved")).to_be_visible()
    screenshot(page, "feedback-theme-saved")

    # A shared view's link, copied: the toast, and the link on the clipboard.
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/nc/{project['id']}/table/Parts")
    page.get_by_test_id("views-list").locator("[data-view='Parts']").get_by_test_id("view-menu").click()
    page.get_by_test_id("view-share").click()
    page.get_by_test_id("share-toggle").click(force=True)
    link = page.get_by_test_id("share-link")
    expect(link).to_have_value(re.compile(r"/nc/view/[0-9a-f-]{36}$"))
    page.get_by_role("dialog").get_by_role("button", name="Copy").click()
    expect(_toast(page, "Link copied to the clipboard")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == link.input_value()
    screenshot(page, "feedback-link-copied")
    page.get_by_role("dialog").get_by_role("button", name="Close").click()

    # A project deleted.
    create_project(server, token, "Scratch")
    page.goto("/")
    row = page.get_by_test_id("project-row").filter(has_text="Scratch")
    row.get_by_test_id("delete-project").click()
    page.locator(".bp6-alert").get_by_role("button", name="Delete", exact=True).click()
    expect(_toast(page, "Project “Scratch” deleted")).to_be_visible()
    expect(page.get_by_test_id("project-row")).to_have_count(1)
    screenshot(page, "feedback-project-deleted")


def test_no_sign_in_form_flashes_for_a_signed_in_user(server, page):
    _sign_up_first_user(server)
    page.add_init_script(WATCH_SIGN_IN)

    # Signing in: the form goes once, and the projects show without it coming back.
    page.goto("/signin")
    page.fill("#signin-email", EMAIL)
    page.fill("#signin-password", PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_text("No projects yet. Create your first one.")).to_be_visible()
    expect(page.get_by_test_id("signin-submit")).to_have_count(0)
    assert page.evaluate("window.__signInShown") == 1

    # A reload of the projects, of a deep link and of the sign-in page itself never shows it.
    for path in ("/", "/account", "/signin"):
        page.goto(path)
        expect(page.get_by_test_id("nav-account")).to_be_visible()
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__signInShown") == 0, path
    screenshot(page, "feedback-signed-in-reload")

"""Forgotten password in the browser: ask for the link, open it from the mail (the
development server's log mailer writes it to the server log), set a new password, sign in."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import fresh_page, screenshot

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
NEW_PASSWORD = "a brand new passphrase"


def test_forgot_and_reset_password(server, page):
    server.api("POST", "/api/v1/auth/user/signup", {"email": "ann@example.com", "password": PASSWORD})

    page.goto("/forgot-password")
    page.fill("#forgot-email", "ann@example.com")
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_text("If the address is registered, a reset link is on its way.")).to_be_visible()

    links = re.findall(re.escape(server.url) + r"/reset-password/[A-Za-z0-9_-]+", server.log())
    assert len(links) == 1
    page.goto(links[0])
    page.fill("#reset-password", NEW_PASSWORD)
    page.fill("#reset-confirm", NEW_PASSWORD + "!")
    page.get_by_test_id("reset-submit").click()
    expect(page.get_by_text("The passwords do not match")).to_be_visible()
    page.fill("#reset-confirm", NEW_PASSWORD)
    screenshot(page, "reset-password")
    page.get_by_test_id("reset-submit").click()
    expect(page.get_by_test_id("reset-done")).to_be_visible()

    # The link works once; the new password signs in.
    page.goto(links[0])
    expect(page.get_by_test_id("form-error")).to_have_text(
        "This password reset link has already been used; ask for a new one"
    )
    page.goto("/signin")
    page.fill("#signin-email", "ann@example.com")
    page.fill("#signin-password", NEW_PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_the_reset_mail_is_in_the_language_of_the_app(server, browser):
    """A German browser gets the app in German, and the reset mail it asks for is German too."""
    server.api("POST", "/api/v1/auth/user/signup", {"email": "jan@example.com", "password": PASSWORD})
    with fresh_page(browser, server, locale="de-DE") as page:
        page.goto("/forgot-password")
        page.fill("#forgot-email", "jan@example.com")
        page.locator("button[type=submit]").click()
        expect(page.locator(".bp6-callout.bp6-intent-success")).to_be_visible()
        log = server.log()
        assert "Subject: Setzen Sie Ihr Workbench-Passwort zurück" in log
        assert "öffnen Sie diesen Link innerhalb von 60 Minuten" in log

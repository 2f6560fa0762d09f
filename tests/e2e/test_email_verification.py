"""E-mail verification in the browser: a new account is unverified, the link mailed at
sign-up (the development server's log mailer writes it to the server log) verifies it, a
new link can be asked for from the account page, and the mail is in the app's language."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import PASSWORD, fresh_page, mailed_link, screenshot

pytestmark = pytest.mark.e2e


def test_the_mailed_link_verifies_the_address(server, page):
    page.goto("/signup")
    page.fill("#signup-email", "ann@example.com")
    page.fill("#signup-password", "ab   cd")
    page.get_by_test_id("signup-submit").click()
    expect(page.get_by_text("The password must be at least 8 characters long")).to_be_visible()
    page.fill("#signup-password", PASSWORD)
    page.get_by_test_id("signup-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))
    page.goto("/account")
    expect(page.get_by_test_id("email-unverified")).to_have_text("not verified")
    first = mailed_link(server, "ann@example.com", "verify-email")

    # A new link can be asked for; either one works.
    page.get_by_test_id("email-verify-send").click()
    expect(page.get_by_text("A verification link is on its way to your address.")).to_be_visible()
    page.goto(first)
    expect(page.get_by_test_id("verify-done")).to_have_text("Your email address has been verified.")
    screenshot(page, "email-verified")
    page.goto("/account")
    expect(page.get_by_test_id("email-verified")).to_have_text("verified")
    expect(page.get_by_test_id("email-verify-send")).to_have_count(0)

    # A broken link says so.
    page.goto(first[:-4] + "xxxx")
    expect(page.get_by_test_id("form-error")).to_have_text(
        "This email verification link is not valid; sign in and ask for a new one"
    )


def test_the_verification_mail_and_page_are_in_the_language_of_the_app(server, browser):
    with fresh_page(browser, server, locale="de-DE") as page:
        page.goto("/signup")
        page.fill("#signup-email", "jan@example.com")
        page.fill("#signup-password", " " * 8)
        page.locator("button[type=submit]").click()
        expect(page.get_by_text("Das Passwort darf nicht nur aus Leerzeichen bestehen")).to_be_visible()
        page.fill("#signup-password", PASSWORD)
        page.locator("button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"/$"))
        link = mailed_link(server, "jan@example.com", "verify-email")
        assert "Subject: Bestätigen Sie Ihre E-Mail-Adresse für Workbench" in server.log()
        page.goto(link)
        expect(page.get_by_test_id("verify-done")).to_have_text("Ihre E-Mail-Adresse wurde bestätigt.")

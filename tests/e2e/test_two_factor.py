"""Two-factor sign-in in the browser: turning it on from the account page (QR code, key,
confirmation code, recovery codes shown once), signing in with a code computed here from
the key the page showed, a wrong code refused, and the administrator's requirement sending
a user without it to set it up."""

from __future__ import annotations

import re
import time

import pyotp
import pytest
from playwright.sync_api import expect

from tests.e2e.support import EMAIL, PASSWORD, _hydrated, _sign_up_first_user, screenshot, sign_up

pytestmark = pytest.mark.e2e


def _code(secret: str, steps_ahead: int = 0) -> str:
    totp = pyotp.TOTP(secret)
    return totp.at(time.time() + steps_ahead * totp.interval)


def _password_step(page, email: str = EMAIL) -> None:
    page.goto("/signin")
    _hydrated(page)
    page.fill("#signin-email", email)
    page.fill("#signin-password", PASSWORD)
    page.get_by_test_id("signin-submit").click()


def test_turn_on_and_sign_in_with_a_code(server, page):
    _sign_up_first_user(server)
    _password_step(page)
    expect(page).to_have_url(re.compile(r"/$"))
    page.goto("/account")
    _hydrated(page)
    section = page.get_by_test_id("two-factor")
    expect(section.get_by_test_id("two-factor-state")).to_have_text("Off")
    section.get_by_test_id("two-factor-start").click()
    expect(page.get_by_test_id("two-factor-qr")).to_be_visible()
    # The QR code is an image that has loaded (an SVG of the otpauth address).
    page.wait_for_function(
        "() => { const img = document.querySelector('[data-testid=two-factor-qr]');"
        " return img.complete && img.naturalWidth > 100; }"
    )
    secret = page.get_by_test_id("two-factor-secret").inner_text()
    assert re.fullmatch(r"[A-Z2-7]{32}", secret)
    screenshot(page, "two-factor-setup")
    confirmed = _code(secret)
    page.fill("#two-factor-confirm-code", confirmed)
    page.get_by_test_id("two-factor-confirm-submit").click()
    codes = page.get_by_test_id("recovery-codes").locator("pre")
    expect(codes).to_be_visible()
    recovery = codes.inner_text().split()
    assert len(recovery) == 10
    assert all(re.fullmatch(r"[0-9a-f]{5}-[0-9a-f]{5}", c) for c in recovery)
    expect(section.get_by_test_id("two-factor-state")).to_have_text("On")
    screenshot(page, "two-factor-recovery-codes")
    page.get_by_test_id("recovery-codes-done").click()
    expect(page.get_by_test_id("recovery-codes")).to_have_count(0)
    expect(section).to_contain_text("Recovery codes left: 10")

    page.get_by_test_id("sign-out").click()
    expect(page).to_have_url(re.compile(r"/signin$"))
    _password_step(page)
    expect(page.get_by_test_id("signin-code-form")).to_be_visible()
    screenshot(page, "two-factor-sign-in-code")
    # The confirmation's code is not accepted a second time (the same code, even when the
    # time step has moved on since).
    page.fill("#signin-code", confirmed)
    page.get_by_test_id("signin-code-submit").click()
    expect(page.get_by_test_id("form-error")).to_have_text("The code is wrong or was already used")
    expect(page).to_have_url(re.compile(r"/signin$"))
    page.fill("#signin-code", _code(secret, 1))
    page.get_by_test_id("signin-code-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_test_id("nav-account")).to_be_visible()

    # A recovery code signs in too, once.
    page.get_by_test_id("sign-out").click()
    expect(page).to_have_url(re.compile(r"/signin$"))
    _password_step(page)
    page.fill("#signin-code", recovery[0])
    page.get_by_test_id("signin-code-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_a_required_setup_comes_first(server, page):
    admin = _sign_up_first_user(server)
    sign_up(server, "member@example.com")
    server.api("POST", "/api/v1/app-settings", {"require_two_factor": True}, token=admin)
    _password_step(page, "member@example.com")
    # Signed in with the password alone (no two-factor sign-in yet), and sent to set it up.
    expect(page).to_have_url(re.compile(r"/account$"))
    expect(page.get_by_test_id("two-factor-required")).to_be_visible()
    screenshot(page, "two-factor-required")
    # Anywhere else, the same way back.
    page.goto("/")
    _hydrated(page)
    expect(page).to_have_url(re.compile(r"/account$"))
    page.get_by_test_id("two-factor-start").click()
    secret = page.get_by_test_id("two-factor-secret").inner_text()
    page.fill("#two-factor-confirm-code", _code(secret))
    page.get_by_test_id("two-factor-confirm-submit").click()
    expect(page.get_by_test_id("recovery-codes")).to_be_visible()
    expect(page.get_by_test_id("two-factor-required")).to_have_count(0)
    page.goto("/")
    _hydrated(page)
    expect(page).to_have_url(re.compile(r"/$"))

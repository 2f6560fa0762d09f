"""Changing the password in the browser: the dialog's choice to revoke API tokens (ticked
by default), and another browser of the same person signed out at once through its
realtime socket."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.support import EMAIL, PASSWORD, _hydrated, _sign_up_first_user, fresh_page

pytestmark = pytest.mark.e2e


def _api_token(server, token: str) -> str:
    return server.api("POST", "/api/v1/tokens", {"description": "script"}, token=token)["token"]


def _script_status(server, api_token: str) -> int:
    request = urllib.request.Request(server.url + "/api/v1/db/meta/projects", headers={"xc-token": api_token})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            json.loads(response.read())
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def _sign_in(page) -> None:
    page.goto("/signin")
    _hydrated(page)
    page.fill("#signin-email", EMAIL)
    page.fill("#signin-password", PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))


def _change(page, current: str, new: str) -> None:
    page.fill("#password-current", current)
    page.fill("#password-new", new)
    with page.expect_response(lambda response: response.url.endswith("/api/v1/auth/password/change")) as answer:
        page.get_by_test_id("password-submit").click()
    assert answer.value.status == 200
    expect(page.get_by_test_id("password-message")).to_have_text("Your password has been changed.")


def test_api_tokens_kept_or_revoked_as_chosen(server, page):
    token = _sign_up_first_user(server)
    script = _api_token(server, token)
    _sign_in(page)
    page.goto("/account")
    _hydrated(page)
    label = "Also revoke my API tokens (scripts using them stop working)"
    choice = page.get_by_role("checkbox", name=label)
    expect(choice).to_be_checked()
    # Unticked (a click on its label): the script's token keeps working.
    page.get_by_text(label).click()
    expect(choice).not_to_be_checked()
    _change(page, PASSWORD, "a first new passphrase")
    assert _script_status(server, script) == 200
    # Ticked again: it is revoked with the change.
    page.get_by_text(label).click()
    expect(choice).to_be_checked()
    _change(page, "a first new passphrase", "a second new passphrase")
    assert _script_status(server, script) == 401
    page.reload()
    _hydrated(page)
    expect(page.get_by_test_id("account-email")).to_have_text(EMAIL)


def test_another_browser_is_signed_out_by_a_password_change(server, page, browser):
    _sign_up_first_user(server)
    with fresh_page(browser, server) as elsewhere:
        _sign_in(elsewhere)
        elsewhere.wait_for_function("() => window.__wbRealtimeState === 'ready'")
        _sign_in(page)
        page.goto("/account")
        _hydrated(page)
        _change(page, PASSWORD, "a brand new passphrase")
        # Its socket closed with the session, it asked for a new token, which its refresh
        # cookie (ended with every other session) could not give: back to the sign-in page.
        expect(elsewhere).to_have_url(re.compile(r"/signin$"))
    expect(page.get_by_test_id("account-email")).to_have_text(EMAIL)

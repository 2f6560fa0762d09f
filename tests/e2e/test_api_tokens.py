"""The account's API tokens screen: a token is created with a description and shown once,
works against the API in the xc-token header, is listed by its first characters only, and
stops working when revoked."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, screenshot

pytestmark = pytest.mark.e2e


def _projects_status(server, api_token: str) -> int:
    request = urllib.request.Request(server.url + "/api/v1/db/meta/projects", headers={"xc-token": api_token})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_an_api_token_is_created_shown_once_used_and_revoked(server, page):
    token = _sign_up_first_user(server)
    _use_token(page, token)
    page.goto("/account")
    tokens = page.get_by_test_id("api-tokens")
    expect(tokens.get_by_test_id("tokens-empty")).to_be_visible()

    # A description past its limit is refused before anything is sent.
    tokens.get_by_test_id("token-description").fill("x" * 256)
    expect(tokens.get_by_test_id("token-create")).to_be_disabled()
    tokens.get_by_test_id("token-description").fill("Nightly export")
    tokens.get_by_test_id("token-create").click()
    value = tokens.get_by_test_id("token-value")
    expect(value).not_to_have_value("")
    api_token = value.input_value()
    assert len(api_token) > 20
    assert _projects_status(server, api_token) == 200

    row = tokens.get_by_test_id("token-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Nightly export")
    expect(row).to_contain_text(api_token[:10])
    expect(row).not_to_contain_text(api_token)
    screenshot(page, "account-api-tokens")

    # Shown once: after a reload only the first characters remain.
    page.reload()
    expect(tokens.get_by_test_id("token-row")).to_have_count(1)
    expect(tokens.get_by_test_id("token-fresh")).to_have_count(0)

    tokens.get_by_test_id("token-revoke").click()
    # The confirmation's own button: a locator resolved before the dialog renders would stay
    # on the row's button, behind the dialog's backdrop.
    page.locator(".bp6-alert").get_by_role("button", name="Revoke", exact=True).click()
    expect(tokens.get_by_test_id("tokens-empty")).to_be_visible()
    expect(page.get_by_text("Token revoked")).to_be_visible()
    assert _projects_status(server, api_token) == 401

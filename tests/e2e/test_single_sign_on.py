"""Single sign-on in the browser: the sign-in page's button (from the plugin catalogue) goes
to an OpenID Provider started by the test on 127.0.0.1, which sends the browser back to the
sign-in page; the web app exchanges the code and is signed in."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.common.oidc_provider import CLIENT_ID, CLIENT_SECRET, identity_provider
from tests.e2e.support import _hydrated, screenshot

pytestmark = pytest.mark.e2e


def test_sign_in_through_the_identity_provider(server, page):
    with identity_provider(server.url + "/signin") as idp:
        server.restart(
            env={
                "WORKBENCH_OIDC_ISSUER": idp.issuer,
                "WORKBENCH_OIDC_CLIENT_ID": CLIENT_ID,
                "WORKBENCH_OIDC_CLIENT_SECRET": CLIENT_SECRET,
            }
        )
        idp.account("ada@example.com")
        page.goto("/signin")
        _hydrated(page)
        button = page.get_by_test_id("signin-provider-oidc")
        expect(button).to_have_text("Sign in with single sign-on")
        screenshot(page, "single-sign-on-button")
        button.click()
        # Back from the provider, signed in as the account it vouched for (created: the first).
        expect(page.get_by_test_id("nav-account")).to_be_visible()
        page.goto("/account")
        _hydrated(page)
        expect(page.get_by_test_id("account-email")).to_have_text("ada@example.com")
        screenshot(page, "single-sign-on-signed-in")

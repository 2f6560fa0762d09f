"""The language of mails in headless Chromium: the owner picks German on the account page
(saved with the account), the invite dialog then offers German for the mail, the owner picks
French for a new address and the invitation goes out in French; someone with an account
kept in Japanese is added (the page says so) and told of the project in Japanese; when she
signs in on a browser set to English, the app turns to her Japanese."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, create_project, fresh_page, screenshot, wait_until

pytestmark = pytest.mark.e2e


def _subject_to(server, email: str, timeout: float = 15) -> str:
    """The subject of the last mail to ``email`` in the server log (its log mailer's)."""
    pattern = re.compile(r"Mail to " + re.escape(email) + r"\nSubject: (.*)$", re.M)
    found = wait_until(lambda: pattern.findall(server.log()), timeout)
    assert found, f"no mail to {email}"
    return found[-1]


def test_mails_go_out_in_the_language_of_their_reader(server, page, browser):
    owner = _sign_up_first_user(server)
    project = create_project(server, owner, "Team")
    request = urllib.request.Request(
        f"{server.url}/api/v1/auth/user/signup",
        data=json.dumps({"email": "kim@example.com", "password": "correct horse battery"}).encode(),
        headers={"content-type": "application/json", "xc-lang": "ja"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        response.read()
    _use_token(page, owner)

    page.goto("/account")
    expect(page.get_by_test_id("language-mail-note")).to_be_visible()
    with page.expect_response(
        lambda r: r.url.endswith("/api/v1/user/profile") and r.request.method == "PATCH"
    ) as saved:
        page.get_by_test_id("language-select").select_option("de")
    assert saved.value.ok
    expect(page.get_by_test_id("language-mail-note")).to_have_text("Mails an Sie werden in dieser Sprache geschrieben.")
    assert server.api("GET", "/api/v1/auth/user/me", token=owner)["lang"] == "de"

    page.goto(f"/nc/{project['id']}/auth")
    language = page.get_by_test_id("invite-language")
    expect(language).to_have_value("de")
    page.get_by_test_id("invite-email").fill("jean@example.com")
    language.select_option("fr")
    screenshot(page, "invite-mail-language")
    page.get_by_test_id("invite-submit").click()
    expect(page.get_by_test_id("invite-mailed")).to_be_visible()
    assert _subject_to(server, "jean@example.com") == "owner@example.com vous invite sur Workbench"

    page.get_by_test_id("invite-email").fill("kim@example.com")
    page.get_by_test_id("invite-submit").click()
    expect(page.locator(".bp6-toast", has_text="Zum Projekt hinzugefügt: kim@example.com")).to_be_visible()
    expect(page.get_by_test_id("member-row")).to_have_count(3)
    assert _subject_to(server, "kim@example.com") == "owner@example.com さんが Team にあなたを追加しました"

    with fresh_page(browser, server) as elsewhere:
        elsewhere.goto("/signin")
        expect(elsewhere.locator("html")).to_have_attribute("lang", "en")
        elsewhere.fill("#signin-email", "kim@example.com")
        elsewhere.fill("#signin-password", "correct horse battery")
        elsewhere.get_by_test_id("signin-submit").click()
        expect(elsewhere.get_by_test_id("project-row")).to_contain_text("Team")
        expect(elsewhere.locator("html")).to_have_attribute("lang", "ja")

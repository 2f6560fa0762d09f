"""Sign-in with Google and with GitHub in the browser, against provider-shaped servers
started by the test on 127.0.0.1: the sign-in page offers their buttons (and none for the
provider without settings), each provider sends the browser back to the sign-in page, and
the web app exchanges the code with the provider the state names."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.common.provider_servers import github_server, google_server
from tests.e2e.conftest import REPO, Server, _require_build_and_browser
from tests.e2e.support import _hydrated, screenshot

pytestmark = pytest.mark.e2e


@pytest.fixture
def providers():
    with google_server() as google, github_server() as github:
        yield google, github


@pytest.fixture
def server(tmp_path, providers):
    """A server whose ini points Google's and GitHub's endpoints at the local servers."""
    _require_build_and_browser()
    google, github = providers
    root = tmp_path / "root"
    root.mkdir()
    lines = "".join(f"{key} = {value}\n" for key, value in {**google.settings(), **github.settings()}.items())
    ini = (REPO / "development.ini").read_text().replace("[app:main]\n", "[app:main]\n" + lines, 1)
    (root / "development.ini").write_text(ini)
    data = tmp_path / "data"
    data.mkdir()
    srv = Server(data, root=root)
    yield srv
    srv.stop()


def test_sign_in_with_google_then_github(server, page, providers):
    google, github = providers
    google.sign_in_as("ada@example.com")
    github.sign_in_as("ada@example.com")
    page.goto("/signin")
    _hydrated(page)
    expect(page.get_by_test_id("signin-provider-google")).to_have_text("Sign in with Google")
    expect(page.get_by_test_id("signin-provider-github")).to_have_text("Sign in with GitHub")
    expect(page.get_by_test_id("signin-provider-oidc")).to_have_count(0)
    screenshot(page, "google-and-github-buttons")

    page.get_by_test_id("signin-provider-google").click()
    expect(page.get_by_test_id("nav-account")).to_be_visible()
    assert "GET /o/oauth2/v2/auth" in google.seen
    page.goto("/account")
    _hydrated(page)
    expect(page.get_by_test_id("account-email")).to_have_text("ada@example.com")
    # The way through the provider and back writes nothing to the console.
    assert page.errors.console() == []

    page.get_by_test_id("sign-out").click()
    expect(page).to_have_url(re.compile(r"/signin$"))
    _hydrated(page)
    page.get_by_test_id("signin-provider-github").click()
    expect(page.get_by_test_id("nav-account")).to_be_visible()
    assert "GET /api/user/emails" in github.seen
    page.goto("/account")
    _hydrated(page)
    # The same account: linked by the verified address both providers vouch for.
    expect(page.get_by_test_id("account-email")).to_have_text("ada@example.com")

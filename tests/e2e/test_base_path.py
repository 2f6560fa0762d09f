"""The app served under a path prefix behind a proxy (workbench.base_path = /workbench, here
from WORKBENCH_BASE_PATH): the page, its assets, the plugin bundles, the API calls, the
websocket, links and redirects all stay under /workbench/."""

from __future__ import annotations

import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageErrors, Server, _require_build_and_browser
from tests.e2e.support import (
    EMAIL,
    PASSWORD,
    _sign_up_first_user,
    _wait_live,
    add_records,
    grid_cell,
    saved_value,
    screenshot,
    shop_table,
)

pytestmark = pytest.mark.e2e

BASE = "/workbench"


@pytest.fixture
def prefixed(tmp_path):
    _require_build_and_browser()
    server = Server(tmp_path, env={"WORKBENCH_BASE_PATH": BASE})
    yield server
    server.stop()


def test_the_page_and_its_addresses_carry_the_prefix(prefixed):
    status, html = prefixed.get_html(f"{BASE}/signin")
    assert status == 200
    assert f'src="{BASE}/assets/index-' in html
    assert 'src="./' not in html
    assert 'href="./' not in html
    assert 'src="/assets/' not in html
    assert '"basePath":"/workbench"' in html
    # The prerendered shell's links too (the app hydrates with the same addresses).
    assert f'href="{BASE}/signup"' in html
    # The password reset link of a mail redirects to the page under the prefix.
    request = urllib.request.Request(prefixed.url + f"{BASE}/auth/password/reset/abc", method="GET")
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as answer:
        opener.open(request, timeout=10)
    location = answer.value.headers["Location"]
    answer.value.close()
    assert location.endswith(f"{BASE}/reset-password/abc")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_signing_in_editing_and_live_updates_under_the_prefix(prefixed, browser):
    server = prefixed
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token, rows=[{"Name": "bolt", "Qty": 5, "Status": "Todo"}])
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800}, locale="en-US")
    outside: list[str] = []
    sockets: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        errors = PageErrors(page)
        under = server.url + BASE + "/"
        page.on(
            "request", lambda r: r.url.startswith(server.url) and not r.url.startswith(under) and outside.append(r.url)
        )
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(f"{BASE}/signin")
        page.fill("#signin-email", EMAIL)
        page.fill("#signin-password", PASSWORD)
        page.get_by_test_id("signin-submit").click()
        expect(page).to_have_url(re.compile(rf"^{re.escape(server.url + BASE)}/?$"))
        page.get_by_text("Shop").first.click()
        expect(page).to_have_url(f"{server.url}{BASE}/nc/{project['id']}")
        page.get_by_test_id("table-list").get_by_text("Parts").click()
        expect(page).to_have_url(f"{server.url}{BASE}/nc/{project['id']}/table/Parts")
        # The grid comes from the grid plugin's bundle, loaded from under the prefix.
        expect(page.get_by_test_id("grid-row")).to_have_count(1)
        _wait_live(page, project["id"])

        grid_cell(page, 1, 0).dblclick()
        page.keyboard.press("Control+a")
        page.keyboard.type("nut")
        page.keyboard.press("Enter")
        expect(grid_cell(page, 1, 0)).to_have_text("nut")
        assert saved_value(server, token, table, "Name", "nut") == "nut"

        # A record added elsewhere arrives through the websocket under the prefix.
        add_records(server, token, table, [{"Name": "washer"}])
        expect(page.get_by_test_id("grid-row")).to_have_count(2)
        screenshot(page, "base-path-grid")

        # A reload of a deep link is served the app's page under the prefix.
        page.reload()
        expect(page.get_by_test_id("grid-row")).to_have_count(2)
        assert page.evaluate("location.pathname") == f"{BASE}/nc/{project['id']}/table/Parts"
        # The app's cookies (the session's, the language's) are the prefix's, not the host's.
        cookies = {c["name"]: c["path"] for c in context.cookies()}
        assert cookies["refresh_token"] == BASE
        assert cookies["wb_lang"] == BASE

        assert sockets
        assert all(url.startswith(f"ws://127.0.0.1:{server.port}{BASE}/ws") for url in sockets), sockets
        assert outside == []
        assert errors.console() == []
    finally:
        context.close()

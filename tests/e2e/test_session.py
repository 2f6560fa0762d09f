"""The session in the browser: the first visitor is sent to sign-up, a
rejected token is refreshed from the cookie and the request replayed, a failed refresh signs
out to the sign-in page with the server's message, the token is refreshed before it runs
out, the plain user role is refused on a project, and every request carries the headers."""

from __future__ import annotations

import base64
import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Server, _require_build_and_browser
from tests.e2e.support import (
    EMAIL,
    PASSWORD,
    _hydrated,
    _sign_up_first_user,
    _use_token,
    create_project,
    expect_toast_shown,
    fresh_page,
    project_with_table,
    record_toasts,
    sign_up,
)

pytestmark = pytest.mark.e2e

SETTINGS_KEY = "workbench.settings"


def _b64(value: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def _forged_token(**claims) -> str:
    """A well-formed token the browser reads as valid for an hour, which the server refuses
    (its signature is not the server's)."""
    body = {"sub": "us_forged", "email": EMAIL, "roles": "super", "exp": int(time.time()) + 3600, **claims}
    return f"{_b64({'alg': 'HS256', 'typ': 'JWT'})}.{_b64(body)}.bm90LXRoZS1zZXJ2ZXJz"


def _stored_token(page) -> str | None:
    return page.evaluate(f"JSON.parse(window.localStorage.getItem('{SETTINGS_KEY}') || '{{}}').token ?? null")


def _store_token(page, token: str) -> None:
    page.evaluate(
        f"(() => {{ const s = JSON.parse(localStorage.getItem('{SETTINGS_KEY}') || '{{}}');"
        f" s.token = {json.dumps(token)}; localStorage.setItem('{SETTINGS_KEY}', JSON.stringify(s)); }})()"
    )


def _sign_in(page) -> None:
    page.goto("/signin")
    _hydrated(page)
    page.fill("#signin-email", EMAIL)
    page.fill("#signin-password", PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_the_first_visitor_is_sent_to_sign_up(server, page):
    for path in ("/", "/account", "/nc/p_anything/table/Orders"):
        page.goto(path)
        _hydrated(page)
        expect(page).to_have_url(re.compile(r"/signup$"))
    # Public routes stay where they are.
    page.goto("/error/404")
    expect(page.get_by_test_id("not-found")).to_be_visible()


def test_a_rejected_token_is_refreshed_from_the_cookie_and_the_request_replayed(server, page):
    _sign_up_first_user(server)
    _sign_in(page)
    forged = _forged_token()
    _store_token(page, forged)
    api_calls = []
    page.on("request", lambda r: api_calls.append((r.method, r.url, r.headers)))
    statuses = []
    page.on(
        "response", lambda r: statuses.append((r.request.method, r.url, r.status, r.request.headers.get("xc-auth")))
    )

    page.goto("/")
    # The list loads: the 401 led to one refresh and the replay succeeded with the new token.
    expect(page.get_by_text("No projects yet. Create your first one.")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))
    refreshes = [s for s in statuses if s[1].endswith("/auth/refresh-token")]
    assert [(m, code) for m, _, code, _token in refreshes] == [("POST", 200)]
    new_token = _stored_token(page)
    assert new_token not in (forged, None)
    # (a request of the signed-in page before the forged token may still answer meanwhile)
    projects = [(code, token) for _, url, code, token in statuses if "/api/v1/db/meta/projects" in url]
    assert [code for code, token in projects if token == forged] == [401]
    assert [code for code, token in projects if token == new_token][:1] == [200]
    claims = json.loads(base64.urlsafe_b64decode(new_token.split(".")[1] + "=="))
    assert claims["sub"] != "us_forged"

    # Every request of the app carries the GUI marker; the replay carries the new token.
    app_calls = [c for c in api_calls if "/api/" in c[1] or c[1].endswith("/auth/refresh-token")]
    assert app_calls
    assert all(c[2].get("xc-gui") == "true" for c in app_calls)
    listed = [c for c in api_calls if "/api/v1/db/meta/projects" in c[1]]
    refused = next(i for i, c in enumerate(listed) if c[2].get("xc-auth") == forged)
    replay = listed[refused + 1]
    assert replay[2].get("xc-auth") == new_token
    refresh_call = next(c for c in api_calls if c[1].endswith("/auth/refresh-token"))
    assert "xc-preview" not in refresh_call[2]


def test_a_failed_refresh_signs_out_to_the_sign_in_page_with_the_servers_message(server, page):
    _sign_up_first_user(server)
    # The first page's feedback poll answers only after the token is stored: its answer
    # stores the poll's date and keeps the token stored meanwhile.
    held = []
    page.route("**/api/v1/feedback_form", lambda route: held.append(route))
    # A token the browser reads as valid, no refresh cookie: the server refuses both.
    page.goto("/error/404")
    _hydrated(page)
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    _store_token(page, _forged_token())
    held[0].continue_()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{SETTINGS_KEY}'))?.feedbackForm?.lastFormPollDate")
    page.unroute("**/api/v1/feedback_form")
    record_toasts(page)
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/signin$"))
    expect_toast_shown(page, "Missing refresh token")
    assert _stored_token(page) is None
    # The sign-out stays after a reload.
    page.reload()
    _hydrated(page)
    expect(page).to_have_url(re.compile(r"/signin$"))


def test_a_non_member_is_refused_the_project(server, browser):
    owner = _sign_up_first_user(server)
    project = create_project(server, owner, "Private")
    member = sign_up(server, "other@example.com")
    with fresh_page(browser, server) as page:
        _use_token(page, member)
        page.goto(f"/nc/{project['id']}")
        expect(page).to_have_url(re.compile(r"/$"))
        expect(page.get_by_text("You don't have enough permission to access the project.")).to_be_visible()
        expect(page.get_by_test_id("project-shell")).to_have_count(0)


@pytest.fixture
def short_token_server(tmp_path, monkeypatch):
    """A server whose access tokens live 5 minutes and 4 seconds: the client must renew them
    on its own a few seconds after signing in."""
    _require_build_and_browser()
    monkeypatch.setenv("WORKBENCH_JWT_EXPIRATION", "304")
    srv = Server(tmp_path)
    yield srv
    srv.stop()


def test_the_token_is_refreshed_when_under_five_minutes_remain(short_token_server, browser):
    server = short_token_server
    _sign_up_first_user(server)
    with fresh_page(browser, server) as page:
        refreshes = []
        page.on("request", lambda r: r.url.endswith("/auth/refresh-token") and refreshes.append(r.method))
        _sign_in(page)
        first = _stored_token(page)
        assert refreshes == []
        page.wait_for_function(
            f"() => JSON.parse(localStorage.getItem('{SETTINGS_KEY}') || '{{}}').token !== {json.dumps(first)}",
            timeout=20_000,
        )
        assert refreshes[:1] == ["POST"]
        # Still signed in, on the same page, with the renewed token.
        expect(page).to_have_url(re.compile(r"/$"))
        expect(page.get_by_test_id("sign-out")).to_be_visible()
        assert _stored_token(page) not in (None, first)


def test_an_oauth_return_is_exchanged_for_a_token_and_the_query_removed(server, browser):
    token = _sign_up_first_user(server)
    with fresh_page(browser, server) as page:
        exchanges = []

        def google(route):
            exchanges.append((route.request.method, route.request.url))
            route.fulfill(status=200, content_type="application/json", body=json.dumps({"token": token}))

        page.route("**/auth/google/genTokenByCode*", google)
        page.goto("/signin?code=abc&scope=email")
        # Signed in by the exchanged token: the sign-in page sends the user on, query gone.
        expect(page).to_have_url(re.compile(r"/$"))
        expect(page.get_by_test_id("sign-out")).to_be_visible()
        assert exchanges == [("POST", f"{server.url}/auth/google/genTokenByCode?code=abc&scope=email")]
        assert _stored_token(page) == token

    with fresh_page(browser, server) as page:
        exchanges = []

        def github(route):
            exchanges.append(route.request.url)
            body = json.dumps({"msg": "Bad verification code"})
            route.fulfill(status=400, content_type="application/json", body=body)

        page.route("**/auth/github/genTokenByCode*", github)
        page.goto("/signin?code=xyz&state=github")
        # A failed exchange: the server's message, still signed out, the query string removed.
        expect(page.locator(".bp6-toast")).to_contain_text("Bad verification code")
        expect(page).to_have_url(re.compile(r"/signin$"))
        assert exchanges == [f"{server.url}/auth/github/genTokenByCode?code=xyz&state=github"]
        assert _stored_token(page) is None


def test_the_project_list_at_the_root_is_titled_my_projects(server, page):
    _use_token(page, _sign_up_first_user(server))
    page.goto("/")
    expect(page).to_have_title("My projects | Workbench")
    page.goto("/projects")
    expect(page).to_have_title("Projects | Workbench")


def test_an_expired_token_is_not_sent_so_a_shared_base_opens_for_its_visitor(server, browser):
    token = _sign_up_first_user(server)
    project, _table = project_with_table(server, token, table="Stock", records=[{"Name": "bolt"}])
    shared = server.api("POST", f"/api/v1/db/meta/projects/{project['id']}/shared", {"roles": "viewer"}, token=token)

    with fresh_page(browser, server) as page:
        page.goto("/error/404")
        _hydrated(page)
        # A session of long ago: its token expired an hour back.
        _store_token(page, _forged_token(exp=int(time.time()) - 3600))
        sent_auth = []
        page.on("request", lambda r: "/api/" in r.url and sent_auth.append(r.headers.get("xc-auth")))
        page.goto(f"/base/{shared['uuid']}")
        expect(page.get_by_test_id("project-title")).to_have_text("Shop")
        expect(page.get_by_test_id("grid-row").first).to_contain_text("bolt")
        assert sent_auth
        assert set(sent_auth) == {None}
        expect(page).to_have_url(re.compile(rf"/base/{shared['uuid']}$"))


def test_a_deep_link_survives_an_expired_token_renewed_from_the_cookie(server, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Deep")
    _sign_in(page)
    # Back after the access token ran out; the refresh cookie is still good.
    expired = _forged_token(exp=int(time.time()) - 60)
    _store_token(page, expired)
    addresses = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and addresses.append(frame.url))
    page.goto(f"/nc/{project['id']}")
    expect(page.get_by_test_id("project-title")).to_have_text("Deep")
    expect(page).to_have_url(re.compile(rf"/nc/{project['id']}$"))
    assert _stored_token(page) not in (None, expired)
    # The guard waited for the renewal: no detour by the sign-in page.
    assert not [a for a in addresses if "/signin" in a]

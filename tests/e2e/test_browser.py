"""The web app in headless Chromium against a real server: first load is server rendered and
hydrates cleanly, sign-up, projects kept across reloads, the route guards, 404, languages."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    EMAIL,
    PASSWORD,
    _dialog_settled,
    _hydrated,
    _member_token,
    _sign_up_first_user,
    _submit_dialog,
    _use_token,
    create_project,
    fresh_page,
    mailed_link,
    project_with_table,
    screenshot,
    sign_up,
)

pytestmark = pytest.mark.e2e


def test_first_response_holds_the_rendered_shell(server):
    status, html = server.get_html("/signin")
    assert status == 200
    root = re.search(r'<div id="root">(.*)</div>\s*</body>', html, re.S).group(1)
    assert "Sign in to Workbench" in root
    assert 'id="signin-email"' in root
    state = json.loads(re.search(r"window.__WB_STATE__=(.*?);</script>", html).group(1))
    assert state["appInfo"]["firstUser"] is True
    assert state["messages"]["auth.signIn.submit"] == "Sign in"
    assert state["theme"]["primaryColor"] == "#4351E8"

    status, html = server.get_html("/nc/p_unknown/table/Orders")
    assert status == 200
    assert 'data-testid="project-shell"' in html
    status, html = server.get_html("/no/such/page/at/all")
    assert status == 404
    assert "Page not found" in html
    status, html = server.get_html("/api/v1/no-such-thing")
    assert status == 404
    assert json.loads(html) == {"msg": "Not found"}


def test_sign_up_create_project_and_find_it_after_reload(server, page):
    page.goto("/")
    _hydrated(page)
    # The first visitor is sent to sign-up.
    expect(page).to_have_url(re.compile(r"/signup$"))
    expect(page.get_by_test_id("first-user")).to_be_visible()
    screenshot(page, "signup")

    page.get_by_test_id("signup-submit").click()
    expect(page.get_by_text("Enter a valid email address")).to_be_visible()
    page.fill("#signup-firstname", "Olive")
    page.fill("#signup-email", EMAIL)
    page.fill("#signup-password", PASSWORD)
    page.get_by_test_id("signup-submit").click()

    # Signed in: the no-auth sign-up route sends the user on to the project list.
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_text("No projects yet. Create your first one.")).to_be_visible()
    screenshot(page, "projects-empty")

    page.get_by_test_id("new-project").click()
    title_input = page.get_by_test_id("project-title-input")
    title_input.fill(" Leading space")
    expect(page.get_by_text("Project name cannot start with a space")).to_be_visible()
    expect(page.get_by_test_id("project-title-submit")).to_be_disabled()
    title_input.fill("x" * 51)
    expect(page.get_by_text("Project name must be at most 50 characters long")).to_be_visible()
    title_input.fill("Sales pipeline")
    _dialog_settled(page)
    screenshot(page, "project-create-dialog")
    page.get_by_test_id("project-title-submit").click()

    # The new project opens in its shell, themed with the default colours.
    expect(page).to_have_url(re.compile(r"/nc/[^/]+$"))
    expect(page.get_by_test_id("project-title")).to_have_text("Sales pipeline")
    header_colour = page.eval_on_selector(".wb-project-header", "el => getComputedStyle(el).backgroundColor")
    assert header_colour == "rgb(67, 81, 232)"
    screenshot(page, "project-home")

    page.goto("/")
    expect(page.get_by_test_id("project-row")).to_have_count(1)
    page.reload()
    _hydrated(page)
    expect(page.get_by_test_id("project-row")).to_have_count(1)
    expect(page.get_by_test_id("project-row")).to_contain_text("Sales pipeline")

    # Rename, then find the new name after a reload.
    page.get_by_test_id("rename-project").click()
    page.get_by_test_id("project-title-input").fill("Sales 2027")
    page.get_by_test_id("project-title-submit").click()
    expect(page.locator(".bp6-dialog")).to_have_count(0)
    expect(page.get_by_test_id("project-row")).to_contain_text("Sales 2027")
    page.reload()
    expect(page.get_by_test_id("project-row")).to_contain_text("Sales 2027")
    screenshot(page, "projects")

    # The account page shows the signed-in user.
    page.get_by_test_id("nav-account").click()
    expect(page.get_by_test_id("account-email")).to_have_text(EMAIL)
    screenshot(page, "account")

    # Delete after confirming.
    page.goto("/")
    page.get_by_test_id("delete-project").click()
    alert = page.locator(".bp6-alert")
    expect(alert).to_contain_text("Sales 2027")
    alert.get_by_role("button", name="Delete", exact=True).click()
    expect(page.get_by_text("No projects yet. Create your first one.")).to_be_visible()
    page.reload()
    expect(page.get_by_text("No projects yet. Create your first one.")).to_be_visible()


def test_route_guards(server, context, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Guarded")

    # Signed out, once a user exists: auth routes go to sign-in.
    for path in ("/", "/account", f"/nc/{project['id']}"):
        page.goto(path)
        _hydrated(page)
        expect(page).to_have_url(re.compile(r"/signin$"))
    screenshot(page, "signin")
    # Public routes need no session.
    page.goto("/error/404")
    expect(page.get_by_test_id("not-found")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/error/404$"))

    # Wrong password: the server's message is shown, the user stays on sign-in.
    page.goto("/signin")
    page.fill("#signin-email", EMAIL)
    page.fill("#signin-password", "wrong password")
    page.get_by_test_id("signin-submit").click()
    expect(page.get_by_test_id("form-error")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/signin$"))

    page.fill("#signin-password", PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_test_id("project-row")).to_contain_text("Guarded")
    # The realtime socket authenticates with the new token.
    page.wait_for_function("() => window.__wbRealtimeState === 'ready'")

    # Signed in: no-auth routes bounce back to the previous route.
    page.goto(f"/nc/{project['id']}")
    expect(page.get_by_test_id("project-title")).to_have_text("Guarded")
    page.evaluate("window.history.pushState({}, '', '/signin'); window.dispatchEvent(new PopStateEvent('popstate'))")
    expect(page).to_have_url(re.compile(rf"/nc/{project['id']}$"))
    page.goto("/signup")
    expect(page).to_have_url(re.compile(r"/$"))

    # The super admin may open the app store route.
    page.goto("/apps")
    expect(page).to_have_url(re.compile(r"/apps$"))

    # Unknown project: the 404 page.
    page.goto("/nc/p_does_not_exist")
    expect(page).to_have_url(re.compile(r"/error/404$"))
    screenshot(page, "not-found")

    # Signing out returns to sign-in, and the token is gone after a reload.
    page.goto("/")
    page.get_by_test_id("sign-out").click()
    expect(page).to_have_url(re.compile(r"/signin$"))
    page.wait_for_function("() => window.__wbRealtimeState === 'idle'")
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/signin$"))


def test_non_super_user_is_refused_the_app_store(server, browser):
    _sign_up_first_user(server)
    token = sign_up(server, "member@example.com")
    with fresh_page(browser, server) as page:
        _use_token(page, token)
        page.goto("/apps")
        expect(page).to_have_url(re.compile(r"/$"))
        expect(page.get_by_text("You don't have enough permission to access the page.")).to_be_visible()


def test_arabic_is_served_right_to_left(server, browser):
    with fresh_page(browser, server, locale="ar-EG") as page:
        errors = []
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.goto("/signin")
        _hydrated(page)
        assert page.get_attribute("html", "dir") == "rtl"
        assert page.get_attribute("html", "lang") == "ar"
        expect(page.get_by_role("heading", name="تسجيل الدخول إلى Workbench")).to_be_visible()
        screenshot(page, "signin-ar")
        assert [e for e in errors if "hydrat" in e.lower()] == []

        # The grid runs right to left too: row numbers on the right, first field next to them.
        token = _sign_up_first_user(server)
        columns = [
            {"title": "الاسم", "column_name": "name", "uidt": "SingleLineText", "pv": True},
            {"title": "العدد", "uidt": "Number"},
        ]
        project, table = project_with_table(
            server, token, title="مشروع", table="جدول", columns=columns, records=[{"الاسم": "أ", "العدد": 1}]
        )
        _use_token(page, token)
        page.goto(f"/nc/{project['id']}/table/{table['title']}")
        row = page.locator(".wb-grid-row[aria-rowindex='2']")
        expect(row.locator(".wb-cell").nth(0)).to_have_text("أ")
        number_box = row.locator(".wb-row-number").bounding_box()
        first_box = row.locator(".wb-cell").nth(0).bounding_box()
        second_box = row.locator(".wb-cell").nth(1).bounding_box()
        assert number_box["x"] > first_box["x"] > second_box["x"]
        screenshot(page, "grid-ar")


def test_tables_and_tabs_in_the_project_shell(server, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Shop")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")
    expect(page.get_by_test_id("no-tables")).to_be_visible()

    # Create two tables; the name rules show inline.
    page.get_by_test_id("new-table").click()
    name = page.get_by_test_id("table-title-input")
    expect(name).to_have_value("Table")
    name.fill("Orders/2026")
    expect(page.get_by_text("Table name cannot contain . / or \\")).to_be_visible()
    name.fill("Orders")
    _submit_dialog(page, "table-title-submit")
    expect(page).to_have_url(re.compile(r"/table/Orders$"))
    expect(page.get_by_test_id("table-title")).to_have_text("Orders")
    expect(page.get_by_test_id("grid").get_by_test_id("column-header")).to_have_text(["Title"])

    # A name another table has, whatever the case, is refused before it is sent.
    page.get_by_test_id("new-table").click()
    page.get_by_test_id("table-title-input").fill("orders")
    expect(page.get_by_text("A table with this name already exists")).to_be_visible()
    page.get_by_test_id("table-title-input").fill("Customers")
    _submit_dialog(page, "table-title-submit")
    expect(page).to_have_url(re.compile(r"/table/Customers$"))
    tabs = page.get_by_test_id("tab-bar").get_by_role("tab")
    expect(tabs).to_have_count(2)
    screenshot(page, "table-workspace")

    # Rename the active table: the tab and the route follow; kept after a reload.
    page.get_by_test_id("rename-table").click()
    page.get_by_test_id("table-title-input").fill("ORDERS")
    expect(page.get_by_text("A table with this name already exists")).to_be_visible()
    page.get_by_test_id("table-title-input").fill("Clients")
    _submit_dialog(page, "table-title-submit")
    expect(page).to_have_url(re.compile(r"/table/Clients$"))
    expect(tabs.nth(1)).to_contain_text("Clients")
    page.reload()
    expect(page.get_by_test_id("table-list")).to_contain_text("Clients")
    expect(page.get_by_test_id("table-title")).to_have_text("Clients")

    # Open Orders again (its tab is reused), then close it: the previous tab becomes active.
    page.get_by_test_id("table-list").get_by_text("Orders").click()
    page.get_by_test_id("table-list").get_by_text("Clients").click()
    page.get_by_test_id("table-list").get_by_text("Orders").click()
    expect(tabs).to_have_count(2)
    expect(page).to_have_url(re.compile(r"/table/Orders$"))
    tabs.filter(has_text="Orders").get_by_test_id("close-tab").click()
    expect(page).to_have_url(re.compile(r"/table/Clients$"))

    # Delete the last open table: back to the project home.
    page.get_by_test_id("delete-table").click()
    page.locator(".bp6-alert").get_by_role("button", name="Delete", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/nc/{project['id']}$"))
    expect(page.get_by_test_id("table-list")).not_to_contain_text("Clients")
    page.reload()
    expect(page.get_by_test_id("project-home")).to_contain_text("Orders")
    expect(page.get_by_test_id("project-home")).not_to_contain_text("Clients")


def test_project_theme_colours_are_validated_saved_and_applied(server, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Brand")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")
    header_colour = (
        "document.querySelector('.wb-project-header')"
        " && getComputedStyle(document.querySelector('.wb-project-header')).backgroundColor"
    )
    page.wait_for_function(f"() => {header_colour} === 'rgb(67, 81, 232)'")

    page.get_by_test_id("theme-primary").fill("#12345")
    expect(page.get_by_text("Use a hex colour of 3 or 6 digits, like #4351E8")).to_be_visible()
    # A theme colour has no alpha.
    page.get_by_test_id("theme-primary").fill("#abcd")
    expect(page.get_by_text("Use a hex colour of 3 or 6 digits, like #4351E8")).to_be_visible()
    expect(page.get_by_test_id("theme-save")).to_be_disabled()
    page.get_by_test_id("theme-primary").fill("#0a7")
    page.get_by_test_id("theme-accent").fill("#ffaa00")
    page.get_by_test_id("theme-save").click()
    page.wait_for_function(f"() => {header_colour} === 'rgb(0, 170, 119)'")
    screenshot(page, "project-theme")

    page.reload()
    page.wait_for_function(f"() => {header_colour} === 'rgb(0, 170, 119)'")
    theme = server.api("GET", f"/api/v1/db/meta/projects/{project['id']}", token=token)["meta"]["theme"]
    assert theme == {"primaryColor": "#0a7", "accentColor": "#ffaa00"}

    # Another client's change shows after a reload (invalid colours are refused by the server
    # and fall back to the defaults on screen: see theme.ts and its vitest).
    server.api(
        "PATCH", f"/api/v1/db/meta/projects/{project['id']}", {"meta": {"theme": {"primaryColor": "#abc"}}}, token=token
    )
    page.reload()
    page.wait_for_function(f"() => {header_colour} === 'rgb(170, 187, 204)'")

    # A colour of the palettes; the header's text takes the colour that reads on it (dark on
    # a light colour), and the editor says the contrast's level.
    page.get_by_test_id("theme-primary-palette-light").get_by_role("button", name="#FFF4BA").click()
    expect(page.get_by_test_id("theme-primary")).to_have_value("#FFF4BA")
    expect(page.get_by_test_id("theme-primary-contrast")).to_have_attribute("data-small", "AAA")
    page.get_by_test_id("theme-primary-palette-brand").get_by_role("button", name="#0B7A96").click()
    expect(page.get_by_test_id("theme-primary-contrast")).to_have_attribute("data-small", "AA")
    expect(page.get_by_test_id("theme-primary-contrast")).to_have_attribute("data-large", "AAA")
    page.get_by_test_id("theme-primary-palette-light").get_by_role("button", name="#FFF4BA").click()
    page.get_by_test_id("theme-save").click()
    header_text = "getComputedStyle(document.querySelector('.wb-project-header h2')).color"
    page.wait_for_function(f"() => {header_colour} === 'rgb(255, 244, 186)' && {header_text} === 'rgb(28, 33, 39)'")


def test_invitation_sign_up_and_password_change(server, page, browser):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Team")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")
    page.get_by_test_id("open-members").click()
    expect(page).to_have_url(re.compile(r"/auth$"))
    expect(page.get_by_test_id("member-row")).to_have_count(1)
    page.get_by_test_id("invite-email").fill("not-an-address")
    expect(page.get_by_text("Enter a valid email address")).to_be_visible()
    page.get_by_test_id("invite-email").fill("guest@example.com")
    page.get_by_test_id("invite-role").select_option("viewer")
    page.get_by_test_id("invite-submit").click()
    # The link goes to the invited address only (the development server's mailer logs it).
    expect(page.get_by_test_id("invite-mailed")).to_have_text(
        "An invitation with a sign-up link has been mailed to guest@example.com."
    )
    expect(page.get_by_test_id("invite-link")).to_have_count(0)
    link = mailed_link(server, "guest@example.com", "signup")
    expect(page.get_by_test_id("member-row")).to_have_count(2)
    screenshot(page, "members")

    # The invited person signs up through the link and finds the project; a password of
    # only spaces or a common one is refused.
    with fresh_page(browser, server) as guest:
        guest.goto(link)
        expect(guest.get_by_test_id("invited")).to_be_visible()
        guest.fill("#signup-email", "guest@example.com")
        guest.fill("#signup-password", " " * 8)
        guest.get_by_test_id("signup-submit").click()
        expect(guest.get_by_text("The password cannot be only spaces")).to_be_visible()
        guest.fill("#signup-password", "password")
        guest.get_by_test_id("signup-submit").click()
        expect(guest.get_by_test_id("form-error")).to_have_text(
            "password: This password is one of the most common ones; choose a password that is harder to guess"
        )
        guest.fill("#signup-password", PASSWORD)
        guest.get_by_test_id("signup-submit").click()
        expect(guest).to_have_url(re.compile(r"/$"))
        expect(guest.get_by_test_id("project-row")).to_contain_text("Team")
        # Signing up through the mailed link verified the address.
        guest.goto("/account")
        expect(guest.get_by_test_id("email-verified")).to_be_visible()

        # Password change: the new password works, the old one no longer does.
        guest.goto("/account")
        guest.fill("#password-current", "wrong")
        guest.fill("#password-new", "a brand new passphrase")
        guest.get_by_test_id("password-submit").click()
        expect(guest.get_by_test_id("password-message")).to_have_text("Current password is wrong")
        guest.fill("#password-current", PASSWORD)
        guest.get_by_test_id("password-submit").click()
        expect(guest.get_by_test_id("password-message")).to_have_text("Your password has been changed.")
        guest.reload()
        expect(guest.get_by_test_id("account-email")).to_have_text("guest@example.com")
        guest.get_by_test_id("sign-out").click()
        expect(guest).to_have_url(re.compile(r"/signin$"))
        guest.fill("#signin-email", "guest@example.com")
        guest.fill("#signin-password", PASSWORD)
        guest.get_by_test_id("signin-submit").click()
        expect(guest.get_by_test_id("form-error")).to_be_visible()
        guest.fill("#signin-password", "a brand new passphrase")
        guest.get_by_test_id("signin-submit").click()
        expect(guest).to_have_url(re.compile(r"/$"))


def test_super_admin_manages_users(server, page, browser):
    token = _sign_up_first_user(server)
    sign_up(server, "member@example.com")
    _use_token(page, token)
    page.goto("/account")
    page.get_by_test_id("account-users-tab").click()
    expect(page).to_have_url(re.compile(r"/account/users$"))
    rows = page.get_by_test_id("user-row")
    expect(rows).to_have_count(2)

    # Invite-only sign-up, then an invitation.
    page.get_by_text("Sign-up by invitation only").click()
    expect(page.get_by_test_id("invite-only")).to_be_checked()
    page.get_by_test_id("user-invite-email").fill("new@example.com")
    page.get_by_test_id("user-invite-submit").click()
    expect(page.get_by_test_id("user-invite-mailed")).to_contain_text("new@example.com")
    assert mailed_link(server, "new@example.com", "signup")
    expect(rows).to_have_count(3)
    screenshot(page, "users")
    assert server.api("GET", "/api/v1/app-settings", token=token)["invite_only_signup"] is True

    # Block the member: their session ends and they cannot sign in.
    member = rows.filter(has_text="member@example.com")
    member.get_by_test_id("user-block").click()
    expect(member).to_contain_text("blocked")
    with fresh_page(browser, server) as p2:
        p2.goto("/signin")
        p2.fill("#signin-email", "member@example.com")
        p2.fill("#signin-password", PASSWORD)
        p2.get_by_test_id("signin-submit").click()
        expect(p2.get_by_test_id("form-error")).to_be_visible()

    # A deep link reloads straight into user management.
    page.reload()
    expect(page.get_by_test_id("users")).to_be_visible()
    expect(page.get_by_test_id("invite-only")).to_be_checked()


def test_viewers_get_a_read_only_project_and_editors_edit_data_only(server, browser):
    owner = _sign_up_first_user(server)
    project, _table = project_with_table(server, owner, title="Shared", table="Items", records=[{"Name": "one"}])
    viewer = _member_token(server, owner, project["id"], "viewer@example.com", "viewer")
    editor = _member_token(server, owner, project["id"], "editor@example.com", "editor")

    for token, role in ((viewer, "viewer"), (editor, "editor")):
        with fresh_page(browser, server) as page:
            _use_token(page, token)
            page.goto("/")
            expect(page.get_by_test_id("project-row")).to_contain_text("Shared")
            expect(page.get_by_test_id("rename-project")).to_have_count(0)
            expect(page.get_by_test_id("delete-project")).to_have_count(0)
            expect(page.get_by_test_id("new-project")).to_have_count(0)
            page.goto(f"/nc/{project['id']}/table/Items")
            first = page.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").nth(0)
            expect(first).to_have_text("one")
            expect(page.get_by_test_id("add-field")).to_have_count(0)
            expect(page.get_by_test_id("rename-table")).to_have_count(0)
            expect(page.get_by_test_id("new-table")).to_have_count(0)
            first.dblclick()
            if role == "viewer":
                expect(page.get_by_test_id("add-record")).to_have_count(0)
                expect(page.get_by_test_id("field-menu")).to_have_count(0)
                expect(page.get_by_test_id("cell-editor")).to_have_count(0)
                screenshot(page, "grid-read-only")
            else:
                page.get_by_test_id("cell-editor").fill("edited")
                page.get_by_test_id("cell-editor").press("Enter")
                expect(first).to_have_text("edited")
                page.get_by_test_id("field-menu").click()
                expect(page.get_by_test_id("sort-asc")).to_be_visible()
                expect(page.get_by_test_id("field-edit")).to_have_count(0)
                expect(page.get_by_test_id("field-delete")).to_have_count(0)
            page.goto(f"/nc/{project['id']}/auth")
            expect(page.get_by_test_id("member-row")).to_have_count(3)
            expect(page.get_by_test_id("invite-submit")).to_have_count(0)


def test_owner_previews_the_project_as_another_role(server, page):
    token = _sign_up_first_user(server)
    project, _table = project_with_table(server, token, title="Preview", table="Items")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Items")
    expect(page.get_by_test_id("add-record")).to_be_visible()
    page.get_by_test_id("preview-as").select_option("viewer")
    expect(page.get_by_test_id("add-record")).to_have_count(0)
    expect(page.get_by_test_id("add-field")).to_have_count(0)
    expect(page.get_by_test_id("rename-table")).to_have_count(0)
    page.reload()
    expect(page.get_by_test_id("preview-as")).to_have_value("viewer")
    expect(page.get_by_test_id("add-record")).to_have_count(0)
    page.get_by_test_id("preview-as").select_option("editor")
    expect(page.get_by_test_id("add-record")).to_be_visible()
    expect(page.get_by_test_id("add-field")).to_have_count(0)
    page.get_by_test_id("preview-as").select_option("")
    expect(page.get_by_test_id("add-field")).to_be_visible()

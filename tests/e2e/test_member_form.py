"""A form view filled in inside the app, in headless Chromium: an editor switches the form view
to "Fill in", is told what is required, submits it (never shared) and sees the record in the
grid; a commenter only sees the form's settings. Link fields pick records of the linked table
as the member reads them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _member_token,
    _sign_up_first_user,
    _use_token,
    add_table,
    column_id,
    form_choose,
    form_input,
    list_records,
    screenshot,
    shop_table,
)

pytestmark = pytest.mark.e2e


def test_an_editor_fills_in_and_submits_an_unshared_form(server, page, browser):
    owner = _sign_up_first_user(server)
    project, table = shop_table(server, owner)
    form = server.api(
        "POST",
        f"/api/v1/db/meta/tables/{table['id']}/forms",
        {"title": "Order", "heading": "Order parts", "success_msg": "Thanks, ordered"},
        token=owner,
    )
    columns = server.api("GET", f"/api/v1/db/meta/forms/{form['id']}", token=owner)["columns"]
    name = next(c for c in columns if c["fk_column_id"] == column_id(table, "Name"))
    server.api("PATCH", f"/api/v1/db/meta/form-columns/{name['id']}", {"required": True}, token=owner)
    editor = _member_token(server, owner, project["id"], "ed@example.com", "editor")
    _use_token(page, editor)
    page.goto(f"/nc/{project['id']}/table/Parts/Order")

    # The builder first (an editor may change the form); "Fill in" shows the form itself.
    expect(page.get_by_test_id("form-builder")).to_be_visible()
    page.get_by_test_id("form-mode").get_by_text("Fill in").click()
    member_form = page.get_by_test_id("member-form")
    expect(member_form.get_by_test_id("form-heading")).to_have_text("Order parts")
    member_form.get_by_test_id("form-submit").click()
    expect(member_form.get_by_text("Name is required")).to_be_visible()
    form_input(page, "Name").fill("washer")
    form_input(page, "Qty").fill("12")
    form_choose(page, "Status", "Todo")
    screenshot(page, "member-form-filled")
    member_form.get_by_test_id("form-submit").click()
    expect(member_form.get_by_test_id("form-success")).to_have_text("Thanks, ordered")
    screenshot(page, "member-form-submitted")

    # Saved as the editor's record, the form still unshared; the grid shows it.
    rows = list_records(server, owner, table)
    assert [(r["Name"], r["Qty"], r["Status"]) for r in rows] == [("washer", 12, "Todo")]
    views = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=owner)["list"]
    assert not next(v for v in views if v["id"] == form["id"]).get("uuid")
    page.get_by_test_id("views-list").locator("[data-view='Parts']").click()
    expect(page.get_by_test_id("grid-row")).to_have_count(1)
    expect(page.get_by_test_id("grid-row").first).to_contain_text("washer")

    # A commenter may not add records: the form's settings only, no "Fill in".
    commenter = _member_token(server, owner, project["id"], "co@example.com", "commenter")
    context = browser.new_context(base_url=server.url, locale="en-US")
    try:
        other = context.new_page()
        _use_token(other, commenter)
        other.goto(f"/nc/{project['id']}/table/Parts/Order")
        expect(other.get_by_test_id("form-builder")).to_be_visible()
        expect(other.get_by_test_id("form-mode")).to_have_count(0)
        expect(other.get_by_test_id("member-form")).to_have_count(0)
    finally:
        context.close()


def test_a_member_picks_linked_records_in_the_form(server, page):
    owner = _sign_up_first_user(server)
    project, parts = shop_table(server, owner)
    suppliers = add_table(
        server,
        owner,
        project["id"],
        "Suppliers",
        [{"title": "Company", "uidt": "SingleLineText", "pv": True}],
        [{"Company": n} for n in ("Acme", "Bolt Works", "Cogs Ltd")],
    )
    for title, kind in (("Maker", "bt"), ("Sellers", "mm")):
        body = {"title": title, "uidt": "LinkToAnotherRecord", "childId": suppliers["id"], "type": kind}
        server.api("POST", f"/api/v1/db/meta/tables/{parts['id']}/columns", body, token=owner)
    server.api("POST", f"/api/v1/db/meta/tables/{parts['id']}/forms", {"title": "Order"}, token=owner)
    editor = _member_token(server, owner, project["id"], "ed@example.com", "editor")
    _use_token(page, editor)
    page.goto(f"/nc/{project['id']}/table/Parts/Order")
    page.get_by_test_id("form-mode").get_by_text("Fill in").click()
    member_form = page.get_by_test_id("member-form")
    form_input(page, "Name").fill("bolt")
    maker = member_form.get_by_test_id("form-field-Maker")
    expect(maker.get_by_test_id("link-choice-Acme")).to_be_visible()
    maker.get_by_test_id("link-search-Maker").fill("bolt")
    expect(maker.get_by_test_id("link-choice-Acme")).to_have_count(0)
    maker.get_by_test_id("link-choice-Bolt Works").click()
    expect(maker.get_by_test_id("link-picked-Bolt Works")).to_be_visible()
    sellers = member_form.get_by_test_id("form-field-Sellers")
    sellers.get_by_test_id("link-choice-Acme").click()
    sellers.get_by_test_id("link-choice-Cogs Ltd").click()
    expect(sellers.get_by_test_id("link-picked-Cogs Ltd")).to_be_visible()
    screenshot(page, "member-form-links")
    member_form.get_by_test_id("form-submit").click()
    expect(member_form.get_by_test_id("form-success")).to_be_visible()

    [row] = server.api("GET", f"/api/v1/db/data/noco/{project['id']}/{parts['id']}", token=owner)["list"]
    assert row["Name"] == "bolt"
    assert row["Maker"]["Company"] == "Bolt Works"
    assert sorted(s["Company"] for s in row["Sellers"]) == ["Acme", "Cogs Ltd"]

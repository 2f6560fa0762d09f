"""Things are shown by their names in the user's language, never by the ids the server uses:
field types in the grid's header and the field dialog, filter operators as words with their
symbols as hints, roles in the members tab (titled Members), the invitation and the users
admin, and on the account page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _member_token,
    _sign_up_first_user,
    _use_token,
    display_field,
    fresh_page,
    number_field,
    project_with_table,
    screenshot,
)

pytestmark = pytest.mark.e2e

# Ids the server uses that a person should never read.
RAW = re.compile(
    r"org-level|SingleLineText|SingleSelect|LongText|\bDateTime\b|comparison_op|uidt|notblank|\bneq\b|"
    r"^(?:super|creator|editor|commenter|viewer|owner)$|role\.|plugin\.view_|filter\.op\.",
    re.MULTILINE,
)

WORDS = {
    "en-US": {
        "number": "Number",
        "gt": "is greater than",
        "after": "is after",
        "members": "Members",
        "owner": "Owner",
        "editor": "Editor",
        "roles": ["Creator", "Editor", "Commenter", "Viewer"],
        "org_roles": ["Organisation creator", "Organisation viewer"],
        "super": "Super admin",
    },
    "de-DE": {
        "number": "Zahl",
        "gt": "ist größer als",
        "after": "ist nach",
        "members": "Mitglieder",
        "owner": "Eigentümer",
        "editor": "Bearbeiter",
        "roles": ["Ersteller", "Bearbeiter", "Kommentator", "Betrachter"],
        "org_roles": ["Organisations-Ersteller", "Organisations-Betrachter"],
        "super": "Super-Admin",
    },
}


def _no_raw_names(page) -> None:
    text = page.locator("body").inner_text()
    assert not RAW.search(text), RAW.search(text)


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_types_operators_and_roles_are_named_in_the_language(server, browser, locale):
    words = WORDS[locale]
    lang = locale[:2]
    token = _sign_up_first_user(server)
    columns = [
        display_field(),
        number_field("Qty"),
        {"title": "Due", "column_name": "due", "uidt": "Date"},
        {"title": "Stage", "column_name": "stage", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "A"}]}},
    ]
    project, _table = project_with_table(server, token, columns=columns, records=[{"Name": "bolt", "Qty": 5}])
    _member_token(server, token, project["id"], "ed@example.com", "editor")

    with fresh_page(browser, server, locale=locale) as page:
        _use_token(page, token)
        page.goto(f"/nc/{project['id']}/table/Parts")
        header = page.get_by_test_id("column-header").filter(has_text=re.compile("^Qty$"))
        # The header names the field's type (from the type's plugin catalogue) on hover.
        expect(header).to_have_attribute("title", words["number"])

        # Filter operators: words, the symbol a hint; on dates "after", "before".
        page.get_by_test_id("add-filter").click()
        page.get_by_test_id("filter-field").select_option(label="Qty")
        ops = page.get_by_test_id("filter-op").locator("option").all_inner_texts()
        assert f"{words['gt']} (>)" in ops
        assert not [o for o in ops if re.fullmatch(r"[=<>≠≤≥]|[a-z]+", o) and o not in ("is", "ist")], ops
        page.get_by_test_id("filter-field").select_option(label="Due")
        date_ops = page.get_by_test_id("filter-op").locator("option").all_inner_texts()
        assert words["after"] in date_ops
        page.get_by_test_id("filter-field").select_option(label="Qty")
        page.get_by_test_id("filter-op").select_option(label=f"{words['gt']} (>)")
        page.get_by_test_id("filter-value").fill("3")
        screenshot(page, f"human-names-{lang}-filter")
        page.get_by_test_id("filter-submit").click()
        expect(page.get_by_test_id("filter-tag")).to_have_text(f"Qty {words['gt']} 3")
        _no_raw_names(page)

        # The field dialog names the type, and every type in its menu.
        header.get_by_test_id("field-menu").click()
        page.get_by_test_id("field-edit").click()
        expect(page.get_by_test_id("field-type-select")).to_have_text(words["number"])
        page.get_by_test_id("field-type-select").click()
        menu = page.get_by_test_id("field-type-menu")
        expect(menu.get_by_role("menuitem").first).to_be_visible()
        items = menu.get_by_role("menuitem").all_inner_texts()
        assert len(items) > 10
        assert not [i for i in items if re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]+)+", i.strip())], items
        screenshot(page, f"human-names-{lang}-field-types")
        page.keyboard.press("Escape")
        expect(menu).to_have_count(0)
        page.locator(".bp6-dialog-close-button").click()
        expect(page.locator(".bp6-dialog")).to_have_count(0)

        # The members tab: titled Members, roles named (the owner's tag, each member's choice
        # and the invitation's).
        page.goto(f"/nc/{project['id']}/auth")
        expect(page.get_by_test_id("tab-bar").get_by_role("tab")).to_have_text([words["members"]])
        expect(page.get_by_test_id("member-role")).to_have_text(words["owner"])
        choice = page.get_by_test_id("member-role-select")
        expect(choice.locator("option:checked")).to_have_text(words["editor"])
        assert choice.locator("option").all_inner_texts() == words["roles"]
        assert page.get_by_test_id("invite-role").locator("option").all_inner_texts() == words["roles"]
        screenshot(page, f"human-names-{lang}-members")
        _no_raw_names(page)

        # The users admin and the account page.
        page.goto("/account/users")
        roles = page.get_by_test_id("user-role")
        expect(roles).to_have_count(1)
        assert roles.locator("option").all_inner_texts() == words["org_roles"]
        expect(page.get_by_test_id("user-list")).to_contain_text(words["super"])
        screenshot(page, f"human-names-{lang}-users")
        _no_raw_names(page)
        page.goto("/account")
        expect(page.get_by_test_id("account-role").first).to_be_visible()
        held = page.get_by_test_id("account-role").all_inner_texts()
        assert words["super"] in held
        assert set(held) <= {words["super"], *words["org_roles"]}, held
        screenshot(page, f"human-names-{lang}-account")
        _no_raw_names(page)

"""Text as cells show it, in headless Chromium: a URL() formula's result is a link opening in a
new tab with its label, an unsafe address stays text, and a text holding a whole ISO timestamp
shows as YYYY-MM-DD HH:mm."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, add_table, create_project, field_cell, screenshot

pytestmark = pytest.mark.e2e


def test_links_and_timestamps_in_text(server, page):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Sites")
    columns = [{"title": "Name", "uidt": "SingleLineText", "pv": True}, {"title": "Address", "uidt": "SingleLineText"}]
    rows = [
        {"Name": "Docs", "Address": "example.org/docs"},
        {"Name": "Trap", "Address": "javascript:alert(1)"},
        {"Name": "2024-05-01T09:30", "Address": None},
    ]
    table = add_table(server, token, project["id"], "Sites", columns, rows)
    server.api(
        "POST",
        f"/api/v1/db/meta/tables/{table['id']}/columns",
        {"title": "Link", "uidt": "Formula", "formula_raw": "URL({Address}, {Name})"},
        token=token,
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Sites")
    link = field_cell(page, "Link", 1).get_by_test_id("text-link")
    expect(link).to_have_text("Docs")
    expect(link).to_have_attribute("href", "http://example.org/docs")
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener noreferrer")
    # A javascript: address is never a link.
    expect(field_cell(page, "Link", 2).get_by_test_id("text-link")).to_have_count(0)
    expect(field_cell(page, "Link", 2)).to_contain_text("Trap")
    expect(field_cell(page, "Name", 3)).to_have_text("2024-05-01 09:30")
    screenshot(page, "text-display")

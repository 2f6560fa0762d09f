"""Row comments in headless Chromium: a commenter writes on a record in one browser and the
owner, with the same record open in another, sees it arrive live with its author, and the
row's comment badge in the grid counts it; a viewer reads comments but has no box to write."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _live_page,
    _member_token,
    _sign_up_first_user,
    grid_cell,
    parts_table,
    screenshot,
)

pytestmark = pytest.mark.e2e


def _open_record(page, row: int = 1):
    # The row's record is read (a row still loading shows placeholders, and has no record to
    # expand).
    page.locator(f".wb-grid-row[aria-rowindex='{row + 1}'][data-testid='grid-row']").wait_for()
    grid_cell(page, row, 0).click()
    page.get_by_test_id("expand-record").click()
    pane = page.get_by_test_id("expanded-record").get_by_test_id("comments-pane")
    expect(pane).to_be_visible()
    return pane


def test_a_comment_made_in_one_browser_appears_live_in_another(server, browser):
    owner = _sign_up_first_user(server)
    project, _table = parts_table(server, owner, title="Talk", rows=[{"Name": "bolt", "Qty": 1}])
    commenter = _member_token(server, owner, project["id"], "carol@example.com", "commenter")
    viewer = _member_token(server, owner, project["id"], "vic@example.com", "viewer")
    path = f"/nc/{project['id']}/table/Parts"

    with _live_page(browser, server, owner, path, project["id"]) as watching:
        owner_pane = _open_record(watching)
        expect(owner_pane.get_by_test_id("comments-empty")).to_be_visible()

        with _live_page(browser, server, commenter, path, project["id"]) as writing:
            pane = _open_record(writing)
            pane.get_by_test_id("comment-input").fill("Is this the M6 bolt?")
            pane.get_by_test_id("comment-send").click()
            expect(pane.get_by_test_id("comment-text")).to_have_text(["Is this the M6 bolt?"])

        comment = owner_pane.get_by_test_id("comment")
        expect(comment).to_have_count(1)
        expect(comment.get_by_test_id("comment-text")).to_have_text("Is this the M6 bolt?")
        expect(comment.get_by_test_id("comment-author")).to_contain_text("carol")
        # Not the owner's comment: no edit or delete.
        expect(comment.get_by_test_id("comment-edit")).to_have_count(0)
        screenshot(watching, "comments-live")
        watching.keyboard.press("Escape")
        expect(grid_cell(watching, 1, 0).locator("xpath=..").get_by_test_id("comment-badge")).to_contain_text("1")

    with _live_page(browser, server, viewer, path, project["id"]) as reading:
        pane = _open_record(reading)
        expect(pane.get_by_test_id("comment-text")).to_have_text(["Is this the M6 bolt?"])
        expect(pane.get_by_test_id("comment-input")).to_have_count(0)

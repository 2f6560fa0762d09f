"""The grid of a sorted view reads each page by seeking its position (a cursor jump), and
shows the rows of the view's order wherever it is scrolled to."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, display_field, number_field, project_with_table

pytestmark = pytest.mark.e2e

ROWS = 2600


def test_a_sorted_view_shows_the_right_rows_at_any_depth(server, page):
    token = _sign_up_first_user(server)
    # Qty repeats (ties are broken by the key) and runs against the insertion order.
    rows = [{"Title": f"Item {i:04d}", "Qty": (ROWS - i) // 3} for i in range(ROWS)]
    project, table = project_with_table(
        server, token, title="Deep", table="Items", columns=[display_field("Title"), number_field("Qty")]
    )
    url = f"/api/v2/tables/{table['id']}/records"
    for start in range(0, ROWS, 1000):
        server.api("POST", url, rows[start : start + 1000], token=token)
    meta = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}", token=token)
    qty = next(c for c in meta["columns"] if c["title"] == "Qty")
    view_id = meta["views"][0]["id"]
    server.api("POST", f"/api/v1/db/meta/views/{view_id}/sorts", {"fk_column_id": qty["id"]}, token=token)
    expected = [
        r["Title"] for r in server.api("GET", f"{url}?limit=1000&viewId={view_id}&cursor=", token=token)["list"]
    ]

    asked: list[str] = []
    page.on("request", lambda r: f"/tables/{table['id']}/records?" in r.url and asked.append(r.url))
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Items")
    grid = page.get_by_test_id("grid-scroll")
    expect(page.get_by_test_id("record-count")).to_have_text(re.compile(r"2,?600 records"))
    expect(grid.locator(".wb-grid-row[aria-rowindex='2']")).to_contain_text(expected[0])

    # The last rows, at the bottom of the order.
    grid.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    tail = server.api("GET", f"{url}?limit=5&offset={ROWS - 5}&viewId={view_id}", token=token)["list"]
    expect(grid.locator(f".wb-grid-row[aria-rowindex='{ROWS + 1}']")).to_contain_text(tail[-1]["Title"])

    # A row in the middle, past the first thousand, where a page is found by its position.
    middle = server.api("GET", f"{url}?limit=1&offset=1500&viewId={view_id}", token=token)["list"][0]
    grid.evaluate("(el) => { el.scrollTop = el.scrollHeight * 1501 / 2601 - el.clientHeight / 2; }")
    expect(grid.locator(".wb-grid-row[aria-rowindex='1502']")).to_contain_text(middle["Title"])
    pages = [u for u in asked if "offset=" in u and "limit=100" in u]
    assert pages
    assert all("cursor=" in u for u in pages)


def test_a_page_flown_past_is_not_read(server, page):
    """A page that a fling brings into view reads its records only once it has stayed there a
    moment: the pages flown past are never asked for, the one the grid stops at is."""
    token = _sign_up_first_user(server)
    project, table = project_with_table(
        server, token, title="Fling", table="Items", columns=[display_field("Title"), number_field("Qty")]
    )
    url = f"/api/v2/tables/{table['id']}/records"
    for start in range(0, ROWS, 1000):
        server.api("POST", url, [{"Title": f"Item {i:04d}", "Qty": i} for i in range(start, start + 1000)], token=token)

    asked: list[str] = []
    page.on("request", lambda r: f"/tables/{table['id']}/records?" in r.url and asked.append(r.url))
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Items")
    grid = page.get_by_test_id("grid-scroll")
    expect(grid.locator(".wb-grid-row[aria-rowindex='2']")).to_contain_text("Item 0000")

    # Row 1200's page is drawn (its rows waiting for their records), then flown past at once.
    grid.evaluate(
        """async (el) => {
            const [first, second] = el.querySelectorAll('.wb-grid-row');
            const rowHeight = second.offsetTop - first.offsetTop;
            const drawn = () => el.querySelector('.wb-grid-row[aria-rowindex="1202"]');
            await new Promise((resolve) => {
                const observer = new MutationObserver(() => {
                    if (!drawn()) return;
                    observer.disconnect();
                    resolve();
                });
                observer.observe(el, { subtree: true, childList: true });
                el.scrollTop = 1200 * rowHeight;
            });
            el.scrollTop = 2000 * rowHeight;
        }"""
    )
    expect(grid.locator(".wb-grid-row[aria-rowindex='2002']")).to_contain_text("Item 2000")
    offsets = {int(re.search(r"offset=(\d+)", u).group(1)) for u in asked if "offset=" in u}
    assert 2000 in offsets
    assert 1200 not in offsets, sorted(offsets)

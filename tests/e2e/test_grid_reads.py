"""What the grid asks the server for as it opens: its first page of records is read while the
records are counted, not after the count has come back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, parts_table, wait_until

pytestmark = pytest.mark.e2e


def test_first_page_is_read_while_the_records_are_counted(server, page):
    token = _sign_up_first_user(server)
    project, _ = parts_table(server, token, rows=[{"Name": f"Part {i}", "Qty": i} for i in range(3)])
    held = []
    # The count gets no answer until the first page has been asked for.
    page.route(re.compile(r"/records/count"), lambda route: held.append(route))
    _use_token(page, token)
    first_page = re.compile(r"/api/v2/tables/[^/]+/records\?(.*&)?offset=0")
    with page.expect_request(lambda r: r.method == "GET" and bool(first_page.search(r.url)), timeout=15_000):
        page.goto(f"/nc/{project['id']}/table/Parts")
    wait_until(lambda: held, 10, page)
    assert len(held) == 1, "the grid did not count its records"
    # Its rows show once the count has come back too.
    held[0].continue_()
    expect(page.get_by_test_id("record-count")).to_have_text("3 records")
    expect(page.locator(".wb-grid-row[aria-rowindex='2']")).to_contain_text("Part 0")

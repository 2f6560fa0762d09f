"""Downloading a view's records from the web app in headless Chromium: the toolbar's
Download menu, CSV and Excel of a sorted, filtered view with a hidden field, a progress bar
that follows the records as they arrive, cancel, and a viewer downloading too. The files
the browser saves are read back."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from tests.e2e.support import (
    _member_token,
    _sign_up_first_user,
    _use_token,
    add_records,
    column_id,
    display_field,
    expect_toast_shown,
    number_field,
    project_with_table,
    record_toasts,
    screenshot,
)

pytestmark = pytest.mark.e2e

ROWS = 40_000
# Every text the progress area shows, as it changes (read back after the download).
WATCH_PROGRESS = """(() => {
  window.__exportProgress = [];
  new MutationObserver(() => {
    const area = document.querySelector("[data-testid=export-progress]");
    const text = area ? area.textContent : null;
    const seen = window.__exportProgress;
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()"""


def _big_table(server, token):
    project, table = project_with_table(
        server, token, title="Warehouse", columns=[display_field(), number_field("Qty"), display_field("Note")]
    )
    for start in range(0, ROWS, 1000):
        add_records(
            server,
            token,
            table,
            [{"Name": f"n{i:05d}", "Qty": i % 10, "Note": "x"} for i in range(start, start + 1000)],
        )
    return project, table


def _progress_counts(page) -> list[tuple[int, int]]:
    counts = []
    for text in page.evaluate("window.__exportProgress"):
        found = re.search(r"([\d,.\s]+) of ([\d,.\s]+) records", text)
        if found:
            counts.append(tuple(int(re.sub(r"\D", "", n)) for n in found.groups()))
    return counts


def test_csv_and_excel_of_a_view_with_progress(server, page, tmp_path):
    token = _sign_up_first_user(server)
    project, table = _big_table(server, token)
    grid = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/grids", {"title": "Busy"}, token=token)
    server.api(
        "POST",
        f"/api/v1/db/meta/views/{grid['id']}/filters",
        {"fk_column_id": column_id(table, "Qty"), "comparison_op": "gt", "value": "0"},
        token=token,
    )
    server.api(
        "POST",
        f"/api/v1/db/meta/views/{grid['id']}/sorts",
        {"fk_column_id": column_id(table, "Qty"), "direction": "desc"},
        token=token,
    )
    server.api(
        "PATCH", f"/api/v1/db/meta/views/{grid['id']}/columns/{column_id(table, 'Note')}", {"show": False}, token=token
    )
    expected = ROWS * 9 // 10
    _use_token(page, token)
    page.add_init_script(WATCH_PROGRESS)
    record_toasts(page)
    page.goto(f"/nc/{project['id']}/table/Parts/Busy")
    expect(page.get_by_test_id("grid-row").first).to_contain_text("n00009")

    page.get_by_test_id("export-menu").click()
    with page.expect_download(timeout=60_000) as info:
        page.get_by_test_id("export-csv").click()
        expect(page.get_by_test_id("export-progress-bar")).to_be_visible()
        screenshot(page, "download-progress")
    download = info.value
    assert download.suggested_filename == "Busy-export.csv"
    lines = list(csv.reader(io.StringIO(Path(download.path()).read_text(encoding="utf-8"), newline="")))
    assert lines[0] == ["Id", "Name", "Qty"]
    assert len(lines) == expected + 1
    assert [line[1] for line in lines[1:4]] == ["n00009", "n00019", "n00029"]
    assert {line[2] for line in lines[1:]} == {str(q) for q in range(1, 10)}
    expect(page.get_by_test_id("export-progress")).to_have_count(0)
    # (the toast may have gone by now, while the file was read)
    expect_toast_shown(page, f"Downloaded {expected:,} records")
    counts = _progress_counts(page)
    # the bar moved through the records as they came, against the view's total
    assert counts
    assert all(total == expected for _done, total in counts)
    assert any(0 < done < expected for done, _total in counts), counts

    page.evaluate("window.__exportProgress = []")
    page.get_by_test_id("export-menu").click()
    with page.expect_download(timeout=60_000) as info:
        page.get_by_test_id("export-excel").click()
    download = info.value
    assert download.suggested_filename == "Busy-export.xlsx"
    sheet = load_workbook(io.BytesIO(Path(download.path()).read_bytes()), read_only=True).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("Id", "Name", "Qty")
    assert len(rows) == expected + 1
    assert rows[1][1:] == ("n00009", 9)
    counts = _progress_counts(page)
    assert counts
    assert all(total == expected for _done, total in counts)


def test_a_download_can_be_cancelled_and_a_viewer_downloads_too(server, page, browser):
    token = _sign_up_first_user(server)
    project, _table = project_with_table(
        server,
        token,
        columns=[display_field(), number_field("Qty")],
        records=[{"Name": "bolt", "Qty": 5}, {"Name": "=cmd", "Qty": 1}],
    )
    viewer = _member_token(server, token, project["id"], "viewer@example.com", "viewer")
    _use_token(page, viewer)
    held = []
    page.route(re.compile(r".*/export/csv\?.*"), lambda route: held.append(route))
    page.goto(f"/nc/{project['id']}/table/Parts")
    expect(page.get_by_test_id("grid-row")).to_have_count(2)
    # a viewer edits nothing, and downloads
    expect(page.get_by_test_id("add-record")).to_have_count(0)
    page.get_by_test_id("export-menu").click()
    page.get_by_test_id("export-csv").click()
    expect(page.get_by_test_id("export-progress")).to_be_visible()
    page.get_by_test_id("export-cancel").click()
    expect(page.locator(".bp6-toast")).to_contain_text("Download cancelled")
    expect(page.get_by_test_id("export-progress")).to_have_count(0)
    assert len(held) == 1
    page.unroute(re.compile(r".*/export/csv\?.*"))

    page.get_by_test_id("export-menu").click()
    with page.expect_download() as info:
        page.get_by_test_id("export-csv").click()
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert text.splitlines() == ["Id,Name,Qty", "1,bolt,5", "2,'=cmd,1"]

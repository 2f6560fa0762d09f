"""Live updates in headless Chromium: two pages on the same table (the owner's and an editor's,
each in its own browser context) follow records added, edited and deleted through the REST
API or in the other page, and a field added, without a reload; a cell being edited is left
alone until its editor closes; the expanded record reads someone's edit in; a view or table
deleted elsewhere falls back with a notice.

Skipped when the server sends no ``data`` events on /ws (probed with a plain websocket client
before the browsers open)."""

from __future__ import annotations

import json
import re
import time

import pytest
import websocket
from playwright.sync_api import expect

from tests.e2e.support import (
    _live_page,
    _member_token,
    _sign_up_first_user,
    display_field,
    grid_cell,
    parts_table,
    screenshot,
)

pytestmark = pytest.mark.e2e


def _require_data_events(server, token: str, project: dict) -> None:
    """Skip unless the server pushes a `data` event to a socket whose page names the project
    (a record added to a table of its own, so that the tested table stays as it was)."""
    probe = server.api(
        "POST",
        f"/api/v1/db/meta/projects/{project['id']}/tables",
        {"title": "Probe", "columns": [display_field()]},
        token=token,
    )
    ws = websocket.create_connection(
        server.url.replace("http", "ws", 1) + "/ws", header=[f"xc-auth: {token}"], timeout=5
    )
    try:
        _receive_until(ws, lambda m: m.get("event") == "ready", 5)
        ws.send(json.dumps({"event": "page", "data": {"path": "/", "type": None, "pid": project["id"]}}))
        _receive_until(ws, lambda m: m.get("event") == "ack" and m.get("of") == "page", 5)
        server.api("POST", f"/api/v2/tables/{probe['id']}/records", [{"Name": "probe"}], token=token)
        found = _receive_until(ws, lambda m: m.get("event") == "data", 5)
    finally:
        ws.close()
    if found is None:
        pytest.skip("the server sends no data events on /ws")
    assert found["data"]["table_id"] == probe["id"]


def _receive_until(ws, wanted, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ws.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            message = json.loads(ws.recv())
        except websocket.WebSocketTimeoutException:
            return None
        if wanted(message):
            return message
    return None


# Records each text the first cell of grid row `row` (1-based; the header is aria-rowindex 1)
# shows, as the page changes.
SHOWN_TEXTS = """(row) => {
  const root = document.querySelector("[data-testid=grid-scroll]");
  window.__shown = [];
  const read = () => {
    const cell = root.querySelector(`.wb-grid-row[aria-rowindex='${Number(row) + 1}'] .wb-cell[data-col='0']`);
    const text = cell ? cell.textContent : null;
    if (window.__shown.at(-1) !== text) window.__shown.push(text);
  };
  new MutationObserver(read).observe(root, { subtree: true, childList: true, characterData: true });
  read();
}"""


def _names(page):
    return page.get_by_test_id("grid-scroll").locator(".wb-grid-row .wb-cell[data-col='0']")


def test_records_and_fields_from_others_appear_without_reload(server, browser):
    owner = _sign_up_first_user(server)
    project, table = parts_table(
        server, owner, title="Live", rows=[{"Name": "bolt", "Qty": 1}, {"Name": "nut", "Qty": 2}]
    )
    editor = _member_token(server, owner, project["id"], "editor@example.com", "editor")
    _require_data_events(server, owner, project)
    path = f"/nc/{project['id']}/table/Parts"
    with (
        _live_page(browser, server, owner, path, project["id"]) as a,
        _live_page(browser, server, editor, path, project["id"]) as b,
    ):
        for page in (a, b):
            expect(_names(page)).to_have_text(["bolt", "nut"])
            expect(page.get_by_test_id("live-indicator")).to_have_attribute("data-state", "ready")
        records = f"/api/v2/tables/{table['id']}/records"

        # Added, edited and deleted through the REST API.
        server.api("POST", records, [{"Name": "washer", "Qty": 3}], token=owner)
        for page in (a, b):
            expect(_names(page)).to_have_text(["bolt", "nut", "washer"])
            expect(page.get_by_test_id("record-count")).to_have_text("3 records")
        server.api("PATCH", records, [{"Id": 2, "Name": "nut M6", "Qty": 20}], token=owner)
        for page in (a, b):
            expect(grid_cell(page, 2, 0)).to_have_text("nut M6")
            expect(grid_cell(page, 2, 1)).to_have_text("20")
        # The owner's selection is on "nut M6" (row 2): when the row above goes, it follows.
        grid_cell(a, 2, 1).click()
        expect(grid_cell(a, 2, 1)).to_have_class(re.compile("wb-cell-active"))
        server.api("DELETE", records, [{"Id": 1}], token=owner)
        for page in (a, b):
            expect(_names(page)).to_have_text(["nut M6", "washer"])
            expect(page.get_by_test_id("record-count")).to_have_text("2 records")
        expect(a.locator(".wb-cell-active")).to_have_attribute("data-row", "0")
        expect(a.locator(".wb-cell-active")).to_have_text("20")

        # Edited in the other page (the editor's), seen by the owner. The editor's page shows
        # its edit from the moment it is saved, without a blink back to the old value when
        # its own change comes back over the socket (every text the cell shows is recorded).
        b.evaluate(SHOWN_TEXTS, "2")
        grid_cell(b, 2, 0).dblclick()
        b.get_by_test_id("cell-editor").fill("spring washer")
        b.get_by_test_id("cell-editor").press("Enter")
        expect(grid_cell(b, 2, 0)).to_have_text("spring washer")
        expect(grid_cell(a, 2, 0)).to_have_text("spring washer")
        b.wait_for_timeout(1500)
        shown = b.evaluate("window.__shown")
        assert shown[shown.index("spring washer") :] == ["spring washer"], shown

        # A field added by the owner through the API appears in both grids.
        server.api(
            "POST",
            f"/api/v1/db/meta/tables/{table['id']}/columns",
            {"title": "Colour", "column_name": "colour", "uidt": "SingleLineText"},
            token=owner,
        )
        for page in (a, b):
            expect(page.get_by_test_id("column-header")).to_have_text(
                [re.compile("Name"), re.compile("Qty"), re.compile("Colour")]
            )
        screenshot(a, "realtime-grid")


def test_an_open_cell_editor_is_left_alone_until_it_closes(server, browser):
    owner = _sign_up_first_user(server)
    project, table = parts_table(
        server, owner, title="Live", rows=[{"Name": "bolt", "Qty": 1}, {"Name": "nut", "Qty": 2}]
    )
    _require_data_events(server, owner, project)
    with _live_page(browser, server, owner, f"/nc/{project['id']}/table/Parts", project["id"]) as page:
        expect(_names(page)).to_have_text(["bolt", "nut"])
        grid_cell(page, 2, 0).dblclick()
        page.get_by_test_id("cell-editor").fill("mine")
        # Someone deletes the record above and renames the one being edited.
        records = f"/api/v2/tables/{table['id']}/records"
        server.api("DELETE", records, [{"Id": 1}], token=owner)
        server.api("PATCH", records, [{"Id": 2, "Name": "theirs"}], token=owner)
        page.wait_for_timeout(1500)  # the events have arrived; nothing moves under the editor
        expect(page.get_by_test_id("cell-editor")).to_have_value("mine")
        expect(page.get_by_test_id("record-count")).to_have_text("2 records")
        page.get_by_test_id("cell-editor").press("Enter")
        # The edit went to the record it was made on; then the grid reads the table again.
        expect(_names(page)).to_have_text(["mine"])
        expect(page.get_by_test_id("record-count")).to_have_text("1 record")
        rows = server.api("GET", records, token=owner)["list"]
        assert [(r["Id"], r["Name"]) for r in rows] == [(2, "mine")]


def test_expanded_record_and_views_and_tables_deleted_elsewhere(server, browser):
    owner = _sign_up_first_user(server)
    project, table = parts_table(server, owner, title="Live", rows=[{"Name": "bolt", "Qty": 1}])
    _require_data_events(server, owner, project)
    view = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/grids", {"title": "Mine"}, token=owner)
    with _live_page(browser, server, owner, f"/nc/{project['id']}/table/Parts/Mine", project["id"]) as page:
        expect(_names(page)).to_have_text(["bolt"])
        records = f"/api/v2/tables/{table['id']}/records"

        # The expanded record: someone's change to a field not being edited is read in; the
        # field being edited keeps what was typed.
        grid_cell(page, 1, 0).click()
        page.get_by_test_id("expand-record").click()
        form = page.get_by_test_id("expanded-record")
        form.get_by_label(re.compile("^Name")).fill("my bolt")
        server.api("PATCH", records, [{"Id": 1, "Name": "their bolt", "Qty": 7}], token=owner)
        expect(form.get_by_label(re.compile("^Qty"))).to_have_value("7")
        expect(form.get_by_label(re.compile("^Name"))).to_have_value("my bolt")
        # Deleted meanwhile: it says so and can no longer be saved.
        server.api("DELETE", records, [{"Id": 1}], token=owner)
        expect(page.get_by_test_id("record-gone")).to_be_visible()
        expect(page.get_by_test_id("record-save")).to_be_disabled()
        page.keyboard.press("Escape")
        expect(form).to_have_count(0)

        # The open view deleted elsewhere: the default view, with a notice.
        server.api("DELETE", f"/api/v1/db/meta/views/{view['id']}", token=owner)
        expect(page.locator(".bp6-toast", has_text="The view Mine was deleted")).to_be_visible()
        expect(page).to_have_url(re.compile(rf"/nc/{project['id']}/table/Parts$"))
        expect(page.get_by_test_id("grid")).to_be_visible()

        # The open table renamed, then deleted elsewhere.
        server.api("PATCH", f"/api/v1/db/meta/tables/{table['id']}", {"title": "Spares"}, token=owner)
        expect(page).to_have_url(re.compile(rf"/nc/{project['id']}/table/Spares$"))
        expect(page.get_by_test_id("table-title")).to_have_text("Spares")
        server.api("DELETE", f"/api/v1/db/meta/tables/{table['id']}", token=owner)
        expect(page.locator(".bp6-toast", has_text="The table Spares was deleted")).to_be_visible()
        expect(page.get_by_test_id("project-home")).to_be_visible()


def test_card_views_follow_records_changed_elsewhere(server, browser):
    owner = _sign_up_first_user(server)
    project, table = parts_table(server, owner, title="Live", rows=[{"Name": "bolt", "Qty": 1}])
    _require_data_events(server, owner, project)
    status = {
        "title": "Status",
        "column_name": "status",
        "uidt": "SingleSelect",
        "colOptions": {"options": [{"title": "Todo"}, {"title": "Done"}]},
    }
    meta = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/columns", status, token=owner)
    status_id = next(c["id"] for c in meta["columns"] if c["title"] == "Status")
    views = f"/api/v1/db/meta/tables/{table['id']}"
    server.api("POST", f"{views}/galleries", {"title": "Cards"}, token=owner)
    server.api("POST", f"{views}/kanbans", {"title": "Board", "fk_grp_col_id": status_id}, token=owner)
    records = f"/api/v2/tables/{table['id']}/records"
    server.api("PATCH", records, [{"Id": 1, "Status": "Todo"}], token=owner)
    with _live_page(browser, server, owner, f"/nc/{project['id']}/table/Parts/Cards", project["id"]) as page:
        cards = page.get_by_test_id("record-card")
        expect(cards).to_have_count(1)
        server.api("POST", records, [{"Name": "nut", "Qty": 2, "Status": "Todo"}], token=owner)
        expect(cards).to_have_count(2)
        expect(page.get_by_test_id("gallery-count")).to_contain_text("2")
        server.api("PATCH", records, [{"Id": 1, "Name": "big bolt"}], token=owner)
        expect(cards.first.locator(".wb-card-title")).to_have_text("big bolt")

        # The kanban: a card moved to another stack elsewhere moves here.
        page.get_by_test_id("view-item").filter(has_text="Board").click()
        todo = page.locator("[data-testid=kanban-stack][data-stack='Todo']")
        done = page.locator("[data-testid=kanban-stack][data-stack='Done']")
        expect(todo.get_by_test_id("record-card")).to_have_count(2)
        server.api("PATCH", records, [{"Id": 2, "Status": "Done"}], token=owner)
        expect(done.get_by_test_id("record-card")).to_have_text([re.compile("nut")])
        expect(todo.get_by_test_id("record-card")).to_have_text([re.compile("big bolt")])


def test_tables_added_elsewhere_appear_and_a_removed_member_leaves(server, browser):
    owner = _sign_up_first_user(server)
    project, table = parts_table(server, owner, title="Live", rows=[{"Name": "bolt", "Qty": 1}])
    editor = _member_token(server, owner, project["id"], "editor@example.com", "editor")
    _require_data_events(server, owner, project)
    with _live_page(browser, server, editor, f"/nc/{project['id']}/table/Parts", project["id"]) as page:
        expect(_names(page)).to_have_text(["bolt"])
        server.api(
            "POST",
            f"/api/v1/db/meta/projects/{project['id']}/tables",
            {"title": "Orders", "columns": [display_field()]},
            token=owner,
        )
        page.get_by_test_id("table-list").get_by_text("Orders").click()
        tabs = page.get_by_test_id("tab-bar").get_by_role("tab")
        expect(tabs).to_have_text(["Parts", "Orders"])

        # The tab of a table renamed elsewhere takes the new name; deleted, it closes.
        server.api("PATCH", f"/api/v1/db/meta/tables/{table['id']}", {"title": "Spares"}, token=owner)
        expect(tabs).to_have_text(["Spares", "Orders"])
        server.api("DELETE", f"/api/v1/db/meta/tables/{table['id']}", token=owner)
        expect(tabs).to_have_text(["Orders"])
        expect(page.get_by_test_id("table-title")).to_have_text("Orders")

        users = server.api("GET", f"/api/v1/db/meta/projects/{project['id']}/users", token=owner)["users"]["list"]
        editor_id = next(u["id"] for u in users if u["email"] == "editor@example.com")
        server.api("DELETE", f"/api/v1/db/meta/projects/{project['id']}/users/{editor_id}", token=owner)
        expect(page.locator(".bp6-toast", has_text="permission to access the project")).to_be_visible()
        expect(page).to_have_url(re.compile(r"/$"))


def test_a_project_deleted_elsewhere_returns_to_the_project_list(server, browser):
    owner = _sign_up_first_user(server)
    project, _table = parts_table(server, owner, title="Live", rows=[{"Name": "bolt", "Qty": 1}])
    _require_data_events(server, owner, project)
    with _live_page(browser, server, owner, f"/nc/{project['id']}/table/Parts", project["id"]) as page:
        expect(_names(page)).to_have_text(["bolt"])
        server.api("DELETE", f"/api/v1/db/meta/projects/{project['id']}", token=owner)
        expect(page.locator(".bp6-toast", has_text="This project was deleted")).to_be_visible()
        expect(page).to_have_url(re.compile(r"/$"))
        expect(page.get_by_test_id("project-row")).to_have_count(0)


def test_sorts_and_filters_set_elsewhere_apply(server, browser):
    owner = _sign_up_first_user(server)
    project, table = parts_table(
        server, owner, title="Live", rows=[{"Name": "bolt", "Qty": 3}, {"Name": "nut", "Qty": 1}]
    )
    _require_data_events(server, owner, project)
    view = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=owner)["list"][0]
    qty = next(c["id"] for c in table["columns"] if c["title"] == "Qty")
    with _live_page(browser, server, owner, f"/nc/{project['id']}/table/Parts", project["id"]) as page:
        expect(_names(page)).to_have_text(["bolt", "nut"])
        views = f"/api/v1/db/meta/views/{view['id']}"
        server.api("POST", f"{views}/sorts", {"fk_column_id": qty, "direction": "asc"}, token=owner)
        expect(_names(page)).to_have_text(["nut", "bolt"])
        server.api("POST", f"{views}/filters", {"fk_column_id": qty, "comparison_op": "gt", "value": "2"}, token=owner)
        expect(_names(page)).to_have_text(["bolt"])
        expect(page.get_by_test_id("record-count")).to_have_text("1 record")

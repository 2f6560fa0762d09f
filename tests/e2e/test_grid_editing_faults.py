"""Editing faults of the grid that put values in the wrong place, each reproduced in
headless Chromium as a user meets it."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    add_table,
    display_field,
    field_cell,
    fresh_page,
    number_field,
    people_grid,
    project_with_table,
    saved_value,
    screenshot,
    wait_records,
)

pytestmark = pytest.mark.e2e


def test_typing_after_a_click_goes_into_the_clicked_cell(server, page):
    token, table = people_grid(server, page)
    name1, age4 = field_cell(page, "Name", 1), field_cell(page, "Age", 4)
    expect(name1).to_have_text("Person 1")

    # Type into row 1's Name, click row 4's Age, type there and press Enter.
    name1.click()
    page.keyboard.type("Zed")
    expect(page.get_by_test_id("cell-editor")).to_have_value("Zed")
    age4.click()
    page.keyboard.type("99")
    expect(page.get_by_test_id("cell-editor")).to_have_value("99")
    page.keyboard.press("Enter")
    expect(name1).to_have_text("Zed")
    expect(age4).to_have_text("99")
    wait_records(server, token, table, {1: ("Zed", 21), 4: ("Person 4", 99)})
    # Enter moved the cursor down from the clicked cell.
    expect(field_cell(page, "Age", 5)).to_have_class(r"wb-cell wb-cell-active")

    # A value the field refuses, left by a click elsewhere: the editor opens again where it
    # was, with the text and the server's message; the clicked cell is left alone.
    age2, name3 = field_cell(page, "Age", 2), field_cell(page, "Name", 3)
    age2.click()
    page.keyboard.press("Enter")
    page.get_by_test_id("cell-editor").fill("lots")
    name3.click()
    expect(page.get_by_test_id("cell-error")).to_contain_text("Age")
    expect(page.get_by_test_id("cell-editor")).to_have_value("lots")
    expect(age2.get_by_test_id("cell-editor")).to_have_count(1)
    screenshot(page, "grid-click-away-invalid")
    page.get_by_test_id("cell-editor").fill("42")
    name3.click()
    page.keyboard.type("Ann")
    page.keyboard.press("Tab")
    expect(age2).to_have_text("42")
    expect(name3).to_have_text("Ann")
    wait_records(server, token, table, {2: ("Person 2", 42), 3: ("Ann", 23), 1: ("Zed", 21)})


def _in_view(page, locator) -> bool:
    """Whether the element lies wholly inside the grid's scrolled viewport."""
    return page.get_by_test_id("grid-scroll").evaluate(
        "(grid, cell) => { const g = grid.getBoundingClientRect(), c = cell.getBoundingClientRect();"
        " return c.left >= g.left - 1 && c.right <= g.right + 1 && c.top >= g.top - 1 && c.bottom <= g.bottom + 1; }",
        locator.element_handle(),
    )


def test_keyboard_moves_scroll_the_active_cell_into_view(server, page):
    token = _sign_up_first_user(server)
    columns = [display_field()] + [number_field(f"N{i:02d}") for i in range(1, 16)]
    rows = [{"Name": f"Row {r}", **{f"N{i:02d}": r * 100 + i for i in range(1, 16)}} for r in range(1, 61)]
    project, _table = project_with_table(server, token, title="Wide", table="Wide", columns=columns, records=rows)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Wide")
    grid = page.get_by_test_id("grid-scroll")
    field_cell(page, "Name", 1).click()
    for _ in range(10):
        grid.press("ArrowRight")
    active = grid.locator(".wb-cell-active")
    expect(active).to_have_count(1)
    expect(active).to_have_attribute("data-col", "10")
    assert grid.evaluate("el => el.scrollLeft") > 0
    assert _in_view(page, active)

    grid.press("Control+End")
    active = grid.locator(".wb-grid-row[aria-rowindex='61'] .wb-cell-active")
    expect(active).to_have_count(1)
    expect(active).to_have_attribute("data-col", "15")
    assert _in_view(page, active)
    expect(active).to_have_text("6015")
    screenshot(page, "grid-keyboard-end")

    grid.press("Control+Home")
    active = grid.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell-active")
    expect(active).to_have_attribute("data-col", "0")
    assert _in_view(page, active)
    assert grid.evaluate("el => el.scrollLeft") == 0


def test_multi_select_keeps_every_option_picked_with_the_mouse(server, page):
    token = _sign_up_first_user(server)
    tags = {
        "title": "Tags",
        "column_name": "tags",
        "uidt": "MultiSelect",
        "colOptions": {"options": [{"title": "red"}, {"title": "green"}, {"title": "blue"}]},
    }
    project, table = project_with_table(
        server, token, title="Tagged", table="Things", columns=[display_field(), tags], records=[{"Name": "one"}]
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Things")
    # The record has loaded (a double click on a row still loading edits nothing).
    expect(page.get_by_test_id("grid-row")).to_have_count(1)
    cell = field_cell(page, "Tags", 1)
    cell.dblclick()
    options = page.get_by_test_id("select-option")
    options.filter(has_text="red").click()
    options.filter(has_text="blue").click()
    page.keyboard.press("Enter")
    expect(cell.get_by_test_id("select-tag")).to_have_text(["red", "blue"])
    assert saved_value(server, token, table, "Tags", "red,blue") == "red,blue"


def test_switching_tables_asks_only_for_the_open_tables_records(server, page):
    token = _sign_up_first_user(server)
    project, first = project_with_table(
        server, token, title="Two", table="First", columns=[display_field()], records=[{"Name": "one"}]
    )
    second = add_table(server, token, project["id"], "Second", [display_field()], [{"Name": "two"}])
    views = {}
    for table in (first, second):
        listed = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"]
        views[table["id"]] = {v["id"] for v in listed}
    asked, failed = [], []
    page.on("request", lambda r: "/api/" in r.url and asked.append(r.url))
    page.on("response", lambda r: "/records" in r.url and r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/First")
    expect(field_cell(page, "Name", 1)).to_have_text("one")
    # Opening the table reads its first page once (a second read of it used to follow).
    page.wait_for_load_state("networkidle")
    first_pages = [url for url in asked if f"/tables/{first['id']}/records?" in url and "offset=0" in url]
    assert len(first_pages) == 1, first_pages
    for _ in range(3):
        page.get_by_test_id("table-list").get_by_text("Second", exact=True).click()
        expect(field_cell(page, "Name", 1)).to_have_text("two")
        page.get_by_test_id("table-list").get_by_text("First", exact=True).click()
        expect(field_cell(page, "Name", 1)).to_have_text("one")
    assert failed == []
    # Every records request of a table names one of that table's own views.
    for url in asked:
        for table_id, view_ids in views.items():
            if f"/tables/{table_id}/records" in url and "viewId=" in url:
                assert url.split("viewId=")[1].split("&")[0] in view_ids, url


def test_a_shared_view_password_is_kept_for_the_browser_session(server, browser):
    token = _sign_up_first_user(server)
    _project, table = project_with_table(
        server, token, title="Locked", table="Secrets", columns=[display_field()], records=[{"Name": "hidden"}]
    )
    grid = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"][0]
    shared = server.api("POST", f"/api/v1/db/meta/views/{grid['id']}/share", token=token)
    server.api("PATCH", f"/api/v1/db/meta/views/{grid['id']}/share", {"password": "s3cret"}, token=token)
    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/nc/view/{shared['uuid']}")
        visitor.get_by_test_id("shared-password-input").fill("s3cret")
        visitor.get_by_test_id("shared-password-submit").click()
        expect(visitor.get_by_test_id("grid-scroll")).to_contain_text("hidden")
        visitor.reload()
        expect(visitor.get_by_test_id("grid-scroll")).to_contain_text("hidden")
        expect(visitor.get_by_test_id("shared-password")).to_have_count(0)
        # The owner changes the password: the kept one is refused and the prompt comes back.
        server.api("PATCH", f"/api/v1/db/meta/views/{grid['id']}/share", {"password": "n3w"}, token=token)
        visitor.reload()
        expect(visitor.get_by_test_id("shared-password")).to_be_visible()
        visitor.get_by_test_id("shared-password-input").fill("n3w")
        visitor.get_by_test_id("shared-password-submit").click()
        expect(visitor.get_by_test_id("grid-scroll")).to_contain_text("hidden")
    # Another browser session asks again.
    with fresh_page(browser, server) as other:
        other.goto(f"/nc/view/{shared['uuid']}")
        expect(other.get_by_test_id("shared-password")).to_be_visible()


def _people_with_teams(server, token):
    """Project "League": Teams (red, blue) and People (Ann, Bob, Cid, Dee) with a many-to-many
    link field Teams; Bob is in both teams, Cid in blue."""
    project, teams = project_with_table(
        server,
        token,
        title="League",
        table="Teams",
        columns=[display_field()],
        records=[{"Name": "red"}, {"Name": "blue"}],
    )
    people = add_table(
        server,
        token,
        project["id"],
        "People",
        [display_field(), number_field("Age")],
        [{"Name": n, "Age": a} for n, a in (("Ann", 30), ("Bob", 40), ("Cid", 50), ("Dee", 60))],
    )
    body = {"title": "Teams", "uidt": "Links", "type": "mm", "childId": teams["id"]}
    people = server.api("POST", f"/api/v1/db/meta/tables/{people['id']}/columns", body, token=token)
    link = next(c["id"] for c in people["columns"] if c["title"] == "Teams")
    for person, team_ids in ((2, [1, 2]), (3, [2])):
        server.api(
            "POST",
            f"/api/v2/tables/{people['id']}/links/{link}/records/{person}",
            [{"Id": t} for t in team_ids],
            token=token,
        )
    return project, people


def _people(server, token, project) -> dict[int, tuple]:
    rows = server.api("GET", f"/api/v1/db/data/noco/{project['id']}/People?limit=100", token=token)["list"]
    return {r["Id"]: (r["Name"], r["Age"], sorted(t["Name"] for t in r["Teams"])) for r in rows}


def _wait_people(server, token, project, expected: dict[int, tuple]) -> None:
    got = {}
    for _ in range(50):
        got = _people(server, token, project)
        if got == expected:
            return
        time.sleep(0.2)
    raise AssertionError(f"people are {got}, expected {expected}")


def test_deleted_records_come_back_with_their_links_by_undo(server, page):
    token = _sign_up_first_user(server)
    project, _people_table = _people_with_teams(server, token)
    everyone = {
        1: ("Ann", 30, []),
        2: ("Bob", 40, ["blue", "red"]),
        3: ("Cid", 50, ["blue"]),
        4: ("Dee", 60, []),
    }
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/People")
    count = page.get_by_test_id("record-count")
    expect(count).to_have_text("4 records")

    # One record: a toast says so and offers to undo it.
    field_cell(page, "Name", 2).click()
    page.get_by_test_id("delete-record").click()
    toast = page.locator(".bp6-toast").filter(has_text="1 record deleted")
    expect(toast).to_be_visible()
    expect(count).to_have_text("3 records")
    _wait_people(server, token, project, {k: v for k, v in everyone.items() if k != 2})
    screenshot(page, "grid-delete-undo-toast")
    toast.get_by_role("button", name="Undo").click()
    expect(count).to_have_text("4 records")
    _wait_people(server, token, project, everyone)

    # A block of rows: deleted together, back together with Ctrl+Z, gone again with redo.
    field_cell(page, "Name", 1).click()
    field_cell(page, "Age", 3).click(modifiers=["Shift"])
    delete = page.get_by_test_id("delete-record")
    expect(delete).to_have_text("Delete 3 records")
    delete.click()
    expect(count).to_have_text("1 record")
    _wait_people(server, token, project, {4: everyone[4]})
    grid = page.get_by_test_id("grid-scroll")
    grid.press("Control+z")
    expect(count).to_have_text("4 records")
    _wait_people(server, token, project, everyone)
    expect(field_cell(page, "Name", 2)).to_have_text("Bob")
    grid.press("Control+Shift+z")
    expect(count).to_have_text("1 record")
    _wait_people(server, token, project, {4: everyone[4]})

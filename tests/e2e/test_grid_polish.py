"""The grid's finish, as a user of NocoDB or Airtable expects it: records grouped under
collapsible headers, Sort and Group buttons with counts, field-type icons in the headers,
headers dragged to reorder, frozen fields, row heights, a footer of aggregations and the
empty table's first steps; each checked in headless Chromium and against the API."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    column_id,
    display_field,
    drag_and_drop,
    field_cell,
    number_field,
    project_with_table,
    screenshot,
    shop_table,
)

pytestmark = pytest.mark.e2e

ROWS = [
    {"Name": "Anvil", "Qty": 5, "Status": "Todo"},
    {"Name": "Bolt", "Qty": 3, "Status": "Done"},
    {"Name": "Cog", "Qty": 7, "Status": "Todo"},
    {"Name": "Drill", "Qty": 1, "Status": None},
    {"Name": "Epoxy", "Qty": 2, "Status": "Done"},
]


# The grid's reads of records in an order (a grouping's).
SORTED_READS = re.compile(r"/api/v2/tables/[^/]+/records\?.*sort=")


def _view_columns(server, token, table) -> dict[str, dict]:
    view = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"][0]
    cols = server.api("GET", f"/api/v1/db/meta/views/{view['id']}/columns", token=token)["list"]
    return {c["fk_column_id"]: c for c in cols}


def _grid_view(server, token, table) -> dict:
    return server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"][0]


def _expect_names(page, names: list[str]) -> None:
    """Wait until the Name of each record row drawn, top to bottom, is `names` (the rows of
    a new grouping or sort arrive a moment after its headers)."""
    page.wait_for_function(
        """(names) => [...document.querySelectorAll('.wb-grid-row')]
            .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
            .map((row) => row.querySelector('.wb-cell[data-col="0"]')?.textContent ?? '')
            .join('\\n') === names.join('\\n')""",
        arg=names,
    )


def _watch_groups(page, field: str) -> None:
    """Check every frame from now on that each record drawn lies under the header of its own
    group (by the value of `field`, the grid's first grouped field); `_misplaced` reads what
    did not."""
    header = page.get_by_test_id("column-header").filter(has_text=re.compile(f"^{re.escape(field)}$"))
    col = header.get_attribute("data-col")
    page.evaluate(
        """(col) => {
            window.__misplaced = [];
            const check = () => {
                const headers = [...document.querySelectorAll('.wb-group-header[data-level="0"]')]
                    .map((h) => ({
                        top: h.getBoundingClientRect().top,
                        value: h.querySelector('[data-testid=group-value]').textContent,
                    }))
                    .sort((a, b) => a.top - b.top);
                for (const row of document.querySelectorAll('.wb-grid-row')) {
                    const name = row.querySelector('.wb-cell[data-col="0"]')?.textContent;
                    const value = row.querySelector(`.wb-cell[data-col="${col}"]`)?.textContent ?? '';
                    const top = row.getBoundingClientRect().top;
                    const above = headers.filter((h) => h.top < top).pop();
                    if (!name || !above) continue;
                    if (value !== (above.value === '(empty)' ? '' : above.value)) {
                        window.__misplaced.push(`${name} under ${above.value}`);
                    }
                }
                if (window.__misplaced) requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
        }""",
        col,
    )


def _late(route) -> None:
    """Answer the request a moment late."""
    time.sleep(0.3)
    route.continue_()


def _misplaced(page) -> list[str]:
    """The records drawn under another group's header since `_watch_groups` (which stops)."""
    return page.evaluate("() => { const seen = window.__misplaced; window.__misplaced = null; return seen; }")


def test_grouping_with_sort_and_group_buttons(server, page):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token, rows=ROWS)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    expect(field_cell(page, "Name", 1)).to_have_text("Anvil")
    group_button, sort_button = page.get_by_test_id("group-button"), page.get_by_test_id("sort-button")
    expect(group_button).to_have_text("Group")
    expect(sort_button).to_have_text("Sort")

    # Group by Status: a header per value (empty first) with its count, records under it (and
    # never, not even for a frame, under another value's header).
    # The records of the new grouping arrive after its groups here, as they may on any network.
    page.route(SORTED_READS, _late)
    group_button.click()
    _watch_groups(page, "Status")
    page.get_by_test_id("group-add").select_option(label="Status")
    expect(page.get_by_test_id("group-count")).to_have_text("1")
    page.keyboard.press("Escape")
    headers = page.get_by_test_id("group-header")
    expect(headers).to_have_count(3)
    expect(headers.get_by_test_id("group-value")).to_have_text(["(empty)", "Done", "Todo"])
    expect(headers.get_by_test_id("group-records")).to_have_text(["1 record", "2 records", "2 records"])
    expect(page.locator(".wb-grid-row")).to_have_count(5)
    _expect_names(page, ["Drill", "Bolt", "Epoxy", "Anvil", "Cog"])
    assert _misplaced(page) == []
    page.unroute(SORTED_READS, _late)
    status = _view_columns(server, token, table)[column_id(table, "Status")]
    assert (status["group_by"], status["group_by_order"], status["group_by_sort"]) == (True, 1, "asc")
    screenshot(page, "grid-grouped")

    # A sort from the Sort button orders the records inside their groups.
    sort_button.click()
    page.get_by_test_id("sort-add").select_option(label="Qty")
    expect(page.get_by_test_id("sort-count")).to_have_text("1")
    page.get_by_test_id("sort-edit-direction").select_option("desc")
    page.keyboard.press("Escape")
    _expect_names(page, ["Drill", "Bolt", "Epoxy", "Cog", "Anvil"])

    # Collapsing a group hides its records; the others move up.
    done = headers.filter(has_text="Done")
    done.get_by_test_id("group-toggle").click()
    expect(done.get_by_test_id("group-toggle")).to_have_attribute("aria-expanded", "false")
    expect(page.locator(".wb-grid-row")).to_have_count(3)
    _expect_names(page, ["Drill", "Cog", "Anvil"])
    screenshot(page, "grid-grouped-collapsed")
    done.get_by_test_id("group-toggle").click()
    expect(page.locator(".wb-grid-row")).to_have_count(5)

    # A second level, descending: subgroups under each status, by name from Z to A.
    group_button.click()
    page.get_by_test_id("group-add").select_option(label="Name")
    expect(page.get_by_test_id("group-count")).to_have_text("2")
    page.get_by_test_id("group-direction").nth(1).select_option("desc")
    page.keyboard.press("Escape")
    expect(headers).to_have_count(8)
    expect(page.locator(".wb-group-header[data-level='1']")).to_have_count(5)
    expect(page.locator(".wb-group-header[data-level='1']").get_by_test_id("group-value")).to_have_text(
        ["Drill", "Epoxy", "Bolt", "Cog", "Anvil"]
    )
    name = _view_columns(server, token, table)[column_id(table, "Name")]
    assert (name["group_by"], name["group_by_order"], name["group_by_sort"]) == (True, 2, "desc")
    screenshot(page, "grid-grouped-two-levels")

    # A record added to a grouped grid opens in the record form (its group depends on its
    # values); without values it joins the groups of empty values.
    page.get_by_test_id("add-record").click()
    expect(page.get_by_test_id("expanded-record")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("expanded-record")).to_have_count(0)
    expect(headers).to_have_count(9)
    expect(headers.first.get_by_test_id("group-records")).to_have_text("2 records")

    # The grouping is the view's: it is there after a reload; removing it ungroups.
    page.reload()
    expect(page.get_by_test_id("group-header")).to_have_count(9)
    expect(page.get_by_test_id("group-count")).to_have_text("2")
    page.get_by_test_id("group-button").click()
    page.get_by_test_id("group-remove").first.click()
    expect(page.get_by_test_id("group-count")).to_have_text("1")
    page.get_by_test_id("group-remove").first.click()
    expect(page.get_by_test_id("group-count")).to_have_count(0)
    # The focused button went with its level (the focus is then on the page): Escape still
    # closes the menu.
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("group-menu")).to_have_count(0)
    expect(page.get_by_test_id("group-header")).to_have_count(0)
    assert not any(c["group_by"] for c in _view_columns(server, token, table).values())


def test_header_icons_drag_to_reorder_and_freeze(server, page):
    token = _sign_up_first_user(server)
    columns = [display_field(), number_field("Qty")] + [
        {"title": f"Note {i}", "column_name": f"note{i}", "uidt": "SingleLineText"} for i in range(1, 8)
    ]
    project, table = project_with_table(server, token, columns=columns, records=[{"Name": "Anvil", "Qty": 5}])
    catalogue = server.api("GET", "/api/v1/catalogue", token=token)
    icons = {t["uidt"]: t["icon"] for t in catalogue["fieldTypes"]}
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    expect(field_cell(page, "Name", 1)).to_have_text("Anvil")

    # Every header shows its field type's icon from the catalogue.
    headers = page.get_by_test_id("column-header")
    icon_class = lambda uidt: re.compile(rf"(^|\s)bp6-icon-{re.escape(icons[uidt])}(\s|$)")  # noqa: E731
    expect(headers.first.get_by_test_id("column-icon")).to_have_class(icon_class("SingleLineText"))
    qty = headers.filter(has_text="Qty")
    expect(qty.get_by_test_id("column-icon")).to_have_class(icon_class("Number"))
    assert icons["Number"] != icons["SingleLineText"]

    # Drag Qty's header before Name's: the view keeps the new order.
    drag_and_drop(page, qty.get_by_test_id("column-title"), headers.filter(has_text="Name"))
    expect(headers.nth(0)).to_have_text("Qty")
    expect(headers.nth(1)).to_have_text("Name")
    order = _view_columns(server, token, table)
    assert order[column_id(table, "Qty")]["order"] < order[column_id(table, "Name")]["order"]
    screenshot(page, "grid-header-dragged")

    # Freeze the first two fields: they stay in place while the grid scrolls sideways.
    headers.nth(1).get_by_test_id("field-menu").click()
    page.get_by_test_id("field-freeze").click()
    page.wait_for_function(
        "() => document.querySelectorAll('.wb-grid-header .wb-row-frozen .wb-header-cell').length === 2"
    )
    assert _grid_view(server, token, table)["view"]["frozen_columns"] == 2
    name_cell = field_cell(page, "Name", 1)
    before = name_cell.bounding_box()["x"]
    note3_before = field_cell(page, "Note 3", 1).bounding_box()["x"]
    page.get_by_test_id("grid-scroll").evaluate("el => { el.scrollLeft = 300; }")
    page.wait_for_function("() => document.querySelector('[data-testid=grid-scroll]').scrollLeft === 300")
    assert abs(name_cell.bounding_box()["x"] - before) < 1
    assert abs(field_cell(page, "Note 3", 1).bounding_box()["x"] - (note3_before - 300)) < 1
    screenshot(page, "grid-frozen-fields")
    page.reload()
    expect(page.locator(".wb-grid-header .wb-row-frozen .wb-header-cell")).to_have_count(2)
    # The view's order has loaded (field_cell reads the header's position once).
    expect(page.get_by_test_id("column-header").nth(0)).to_have_text("Qty")
    expect(field_cell(page, "Name", 1)).to_have_text("Anvil")
    page.get_by_test_id("column-header").nth(0).get_by_test_id("field-menu").click()
    page.get_by_test_id("field-unfreeze").click()
    expect(page.locator(".wb-grid-header .wb-row-frozen .wb-header-cell")).to_have_count(0)


def test_row_height(server, page):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token, rows=ROWS)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    row = page.locator(".wb-grid-row[aria-rowindex='3']")
    expect(row).to_be_visible()
    assert row.bounding_box()["height"] == 32
    for name, setting, height in (("tall", 2, 88), ("extraTall", 3, 120), ("medium", 1, 56)):
        page.get_by_test_id("row-height").click()
        page.get_by_test_id(f"row-height-{name}").click()
        page.wait_for_function(
            "(h) => document.querySelector(\".wb-grid-row[aria-rowindex='3']\")?.getBoundingClientRect().height === h",
            arg=height,
        )
        assert _grid_view(server, token, table)["view"]["row_height"] == setting
        # The second row starts where the first ends.
        first = page.locator(".wb-grid-row[aria-rowindex='2']").bounding_box()
        assert row.bounding_box()["y"] == pytest.approx(first["y"] + height)
        if name == "tall":
            screenshot(page, "grid-row-height-tall")
    page.reload()
    page.wait_for_function(
        "() => document.querySelector(\".wb-grid-row[aria-rowindex='3']\")?.getBoundingClientRect().height === 56"
    )


def test_footer_aggregations(server, page):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token, rows=ROWS)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    expect(field_cell(page, "Name", 1)).to_have_text("Anvil")
    footer = page.get_by_test_id("grid-footer")
    qty = footer.locator("[data-testid=footer-cell][data-col='1']")
    qty.click()
    # The choices are the field type's: a number adds sum, average, min and max.
    expect(page.get_by_test_id("aggregate-sum")).to_be_visible()
    expect(page.get_by_test_id("aggregate-earliest")).to_have_count(0)
    page.get_by_test_id("aggregate-sum").click()
    expect(qty.get_by_test_id("footer-value")).to_have_text("18")
    expect(qty).to_contain_text("Sum")
    assert _view_columns(server, token, table)[column_id(table, "Qty")]["aggregation"] == "sum"

    status = footer.locator("[data-testid=footer-cell][data-col='2']")
    status.click()
    expect(page.get_by_test_id("aggregate-sum")).to_have_count(0)
    page.get_by_test_id("aggregate-count_empty").click()
    expect(status.get_by_test_id("footer-value")).to_have_text("1")

    # The figures follow the search, and the records' changes.
    page.get_by_test_id("search-input").fill("o")
    expect(qty.get_by_test_id("footer-value")).to_have_text("12")  # Bolt, Cog and Epoxy
    page.get_by_test_id("search-input").fill("")
    expect(qty.get_by_test_id("footer-value")).to_have_text("18")
    server.api("PATCH", f"/api/v2/tables/{table['id']}/records", {"Id": 1, "Qty": 15}, token=token)
    page.reload()
    expect(qty.get_by_test_id("footer-value")).to_have_text("28")
    expect(status.get_by_test_id("footer-value")).to_have_text("1")
    screenshot(page, "grid-footer-aggregations")

    qty.click()
    page.get_by_test_id("aggregate-avg").click()
    expect(qty.get_by_test_id("footer-value")).to_have_text("5.6")
    expect(qty).to_contain_text("Average")


def test_empty_table_offers_a_first_record_and_an_import(server, page):
    token = _sign_up_first_user(server)
    project, table = project_with_table(server, token, columns=[display_field(), number_field("Qty")])
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    empty = page.get_by_test_id("grid-empty")
    expect(empty).to_be_visible()
    expect(empty).to_contain_text("No records yet")
    expect(page.get_by_test_id("empty-import-file")).to_have_text("Import")
    screenshot(page, "grid-empty-table")
    page.get_by_test_id("empty-import-file").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.get_by_test_id("empty-add-record").click()
    expect(page.locator(".wb-grid-row")).to_have_count(1)
    expect(empty).to_have_count(0)
    assert len(server.api("GET", f"/api/v2/tables/{table['id']}/records", token=token)["list"]) == 1

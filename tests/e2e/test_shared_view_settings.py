"""Shared views keep their view's settings, read-only: a shared grid shows the view's
grouping, row height and footer; shared gallery and kanban cards show the view's fields in
its order (hidden fields left out), as the cards in the app do."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, column_id, fresh_page, screenshot, shop_table

pytestmark = pytest.mark.e2e

ROWS = [
    {"Name": "Anvil", "Qty": 5, "Status": "Todo"},
    {"Name": "Bolt", "Qty": 3, "Status": "Done"},
    {"Name": "Cog", "Qty": 7, "Status": "Todo"},
]


def _set_column(server, token, view_id, table, title, body) -> None:
    server.api("PATCH", f"/api/v1/db/meta/views/{view_id}/columns/{column_id(table, title)}", body, token=token)


def test_a_shared_grid_shows_grouping_row_height_and_footer(server, browser):
    token = _sign_up_first_user(server)
    _project, table = shop_table(server, token, rows=ROWS)
    view = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"][0]
    grouping = {"group_by": True, "group_by_order": 1, "group_by_sort": "desc"}
    _set_column(server, token, view["id"], table, "Status", grouping)
    _set_column(server, token, view["id"], table, "Qty", {"aggregation": "sum"})
    server.api("PATCH", f"/api/v1/db/meta/grids/{view['id']}", {"row_height": 2}, token=token)
    shared = server.api("POST", f"/api/v1/db/meta/views/{view['id']}/share", token=token)

    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/nc/view/{shared['uuid']}")
        headers = visitor.get_by_test_id("group-header")
        expect(headers.get_by_test_id("group-value")).to_have_text(["Todo", "Done"])
        expect(headers.get_by_test_id("group-records")).to_have_text(["2 records", "1 record"])
        expect(visitor.get_by_test_id("grid-row")).to_have_count(3)
        expect(visitor.get_by_test_id("grid-scroll")).to_have_attribute("data-row-height", "88")
        footer = visitor.get_by_test_id("footer-value")
        expect(footer).to_have_text(["15"])
        # A visitor's filter narrows the groups and the footer alike.
        visitor.get_by_test_id("shared-filter-field").select_option(label="Name")
        visitor.get_by_test_id("shared-filter-value").fill("Cog")
        visitor.get_by_test_id("shared-filter-add").click()
        expect(headers.get_by_test_id("group-value")).to_have_text(["Todo"])
        expect(footer).to_have_text(["7"])
        # Read-only: the groups fold, the footer's figure is not a menu.
        headers.first.get_by_test_id("group-toggle").click()
        expect(visitor.get_by_test_id("grid-row")).to_have_count(0)
        expect(visitor.get_by_test_id("footer-cell").get_by_role("button")).to_have_count(0)
        screenshot(visitor, "shared-grid-grouped")


@pytest.mark.parametrize("kind", ["galleries", "kanbans"])
def test_shared_cards_follow_the_views_fields(server, browser, kind):
    token = _sign_up_first_user(server)
    _project, table = shop_table(server, token)
    maker = {"title": "Maker", "column_name": "maker", "uidt": "SingleLineText"}
    table = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/columns", maker, token=token)
    server.api("POST", f"/api/v2/tables/{table['id']}/records", [{**r, "Maker": "Acme"} for r in ROWS], token=token)
    body = {"title": "Cards"}
    if kind == "kanbans":
        body["fk_grp_col_id"] = column_id(table, "Status")
    view = server.api("POST", f"/api/v1/db/meta/tables/{table['id']}/{kind}", body, token=token)
    columns = server.api("GET", f"/api/v1/db/meta/views/{view['id']}/columns", token=token)["list"]
    orders = {c["fk_column_id"]: c["order"] for c in columns}
    # Qty hidden; Maker moved before Status.
    _set_column(server, token, view["id"], table, "Qty", {"show": False})
    _set_column(server, token, view["id"], table, "Maker", {"order": orders[column_id(table, "Status")] - 0.5})
    shared = server.api("POST", f"/api/v1/db/meta/views/{view['id']}/share", token=token)
    path = "gallery" if kind == "galleries" else "kanban"

    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/nc/{path}/{shared['uuid']}")
        card = visitor.get_by_test_id("record-card").filter(has_text="Anvil")
        expect(card).to_have_count(1)
        expect(card.locator(".wb-card-title")).to_have_text("Anvil")
        fields = card.get_by_test_id("card-field-value")
        # Under the display value, the view's shown fields in its order; a kanban's stacking
        # field is its stack's title.
        expected = ["Maker", "Status"] if kind == "galleries" else ["Maker"]
        expect(fields).to_have_count(len(expected))
        assert [fields.nth(i).get_attribute("data-field") for i in range(len(expected))] == expected
        screenshot(visitor, f"shared-{path}-fields")

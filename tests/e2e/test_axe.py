"""An automated accessibility check (axe-core, from the web app's development packages) of
the grid (grouped, with a cell active and a field's menu open), the expanded record, and
the gallery and kanban cards: no serious or critical violation. The header's field menu is
worked with the arrow keys, as a menu is."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import REPO
from tests.e2e.support import _sign_up_first_user, _use_token, column_id, screenshot, shop_table

pytestmark = pytest.mark.e2e

AXE = REPO / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
ROWS = [
    {"Name": "Anvil", "Qty": 5, "Status": "Todo"},
    {"Name": "Bolt", "Qty": 3, "Status": "Done"},
    {"Name": "Cog", "Qty": 7, "Status": "Todo"},
]


def serious_violations(page, selector: str = "body") -> list[str]:
    """The serious and critical axe-core violations within `selector`, each with where it is."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated through the browser's protocol, which the page's content policy does not govern.
        page.evaluate(AXE.read_text())
    found = page.evaluate(
        """async (selector) => {
          const result = await window.axe.run(document.querySelector(selector), { resultTypes: ["violations"] });
          return result.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => ({
              id: v.id,
              help: v.help,
              nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary),
            }));
        }""",
        selector,
    )
    return [json.dumps(v) for v in found]


def test_grid_record_and_cards_pass_axe(server, page):
    token = _sign_up_first_user(server)
    project, table = shop_table(server, token, rows=ROWS)
    view = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"][0]
    status = column_id(table, "Status")
    columns = f"/api/v1/db/meta/views/{view['id']}/columns"
    server.api("PATCH", f"{columns}/{status}", {"group_by": True, "group_by_order": 1}, token=token)
    server.api("PATCH", f"{columns}/{column_id(table, 'Qty')}", {"aggregation": "sum"}, token=token)
    views = f"/api/v1/db/meta/tables/{table['id']}"
    server.api("POST", f"{views}/galleries", {"title": "Cards"}, token=token)
    server.api("POST", f"{views}/kanbans", {"title": "Board", "fk_grp_col_id": status}, token=token)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")

    # The grouped grid with its footer, a cell active.
    expect(page.get_by_test_id("group-header")).to_have_count(2)
    expect(page.get_by_test_id("grid-row")).to_have_count(3)
    page.get_by_test_id("grid-row").first.locator(".wb-cell").first.click()
    assert serious_violations(page) == []

    # The field menu: its first item has the focus; the arrows move through the items.
    page.get_by_test_id("column-header").first.get_by_test_id("field-menu").click()
    items = page.locator(".bp6-popover-content").get_by_role("menuitem")
    expect(items.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(items.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(items.last).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(items.first).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(items.last).to_be_focused()
    assert serious_violations(page) == []
    page.keyboard.press("Escape")
    expect(items).to_have_count(0)

    # The expanded record.
    page.get_by_test_id("expand-record").click()
    record = page.get_by_test_id("expanded-record")
    expect(record).to_be_visible()
    assert serious_violations(page) == []
    screenshot(page, "axe-expanded-record")
    page.keyboard.press("Escape")
    expect(record).to_have_count(0)

    # The cards.
    page.goto(f"/nc/{project['id']}/table/Parts/Cards")
    expect(page.get_by_test_id("record-card")).to_have_count(3)
    assert serious_violations(page) == []
    page.goto(f"/nc/{project['id']}/table/Parts/Board")
    expect(page.get_by_test_id("record-card")).to_have_count(3)
    assert serious_violations(page) == []

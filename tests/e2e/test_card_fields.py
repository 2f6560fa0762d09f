"""The cards of gallery and kanban views in headless Chromium: the Fields menu of their toolbar
shows, hides and orders the fields a card shows (saved as the view's fields), leaves empty
values out, and the cover is chosen in the toolbar; gallery cards carry their cover across
the top, kanban cards are all of one small height. Every change is checked through the API
and after a reload."""

from __future__ import annotations

import json
import re
import struct
import zlib

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    column_id,
    display_field,
    list_records,
    project_with_table,
    screenshot,
)

pytestmark = pytest.mark.e2e


def _png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A PNG of one colour."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def _upload(server, token, project, table, field, name, content) -> list[dict]:
    res = requests.post(
        f"{server.url}/api/v2/storage/upload",
        params={"project_id": project["id"], "column_id": column_id(table, field)},
        files={"file": (name, content, "image/png")},
        headers={"xc-auth": token},
        timeout=10,
    )
    res.raise_for_status()
    return [{k: v for k, v in item.items() if not k.startswith("signed")} for item in res.json()]


COLUMNS = [
    {"title": "Notes", "column_name": "notes", "uidt": "LongText"},
    {"title": "Qty", "column_name": "qty", "uidt": "Number"},
    {
        "title": "Status",
        "column_name": "status",
        "uidt": "SingleSelect",
        "colOptions": {"options": [{"title": "Todo"}, {"title": "Done"}]},
    },
    {"title": "Photo", "column_name": "photo", "uidt": "Attachment"},
]


def _setup(server, token):
    rows = [
        {"Name": "Apples", "Notes": "Crisp and red", "Qty": 3, "Status": "Todo"},
        {"Name": "Bread", "Notes": None, "Qty": 1, "Status": "Todo"},
        {
            "Name": "Cheese",
            "Notes": "A long note that goes on and on, " * 12,
            "Qty": 7,
            "Status": "Done",
        },
    ]
    project, table = project_with_table(
        server, token, title="Pantry", table="Food", columns=[display_field(), *COLUMNS], records=rows
    )
    photo = _upload(server, token, project, table, "Photo", "apples.png", _png(160, 90, (200, 40, 40)))
    apples = next(r for r in list_records(server, token, table) if r["Name"] == "Apples")
    server.api("PATCH", f"/api/v2/tables/{table['id']}/records", {"Id": apples["Id"], "Photo": photo}, token=token)
    return project, table


def _view_fields(server, token, view_id):
    items = server.api("GET", f"/api/v1/db/meta/views/{view_id}/columns", token=token)["list"]
    return {i["fk_column_id"]: i for i in items}


def _card(page, name):
    return page.get_by_test_id("record-card").filter(has=page.locator(".wb-card-title", has_text=name))


def _fields_of(card):
    return card.get_by_test_id("card-field-value").evaluate_all("els => els.map(e => e.dataset.field)")


def _menu_field(page, title):
    return page.get_by_test_id("card-fields-menu").locator(f"[data-testid='card-field'][data-field='{title}']")


def test_gallery_fields_order_empty_values_and_cover(server, page):
    token = _sign_up_first_user(server)
    project, table = _setup(server, token)
    view = server.api(
        "POST",
        f"/api/v1/db/meta/tables/{table['id']}/galleries",
        {"title": "Shelf", "fk_cover_image_col_id": column_id(table, "Photo")},
        token=token,
    )
    _use_token(page, token)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"/nc/{project['id']}/table/Food/Shelf")

    # At first every field shows, in the table's order; the cover spans the top of the card.
    apples = _card(page, "Apples")
    expect(apples.get_by_test_id("card-cover")).to_have_attribute("src", re.compile("dltemp"))
    expect(apples.get_by_test_id("card-cover")).to_have_attribute("srcset", re.compile(r"dltemp/.*\?w=640 640w"))
    assert _fields_of(apples) == ["Notes", "Qty", "Status"]
    cover_box = apples.get_by_test_id("card-cover").bounding_box()
    card_box = apples.bounding_box()
    assert abs(cover_box["width"] - card_box["width"]) <= 2
    assert abs(cover_box["y"] - card_box["y"]) <= 2
    expect(page.get_by_test_id("card-fields")).to_have_text("Fields")

    # Hide Qty: the cards leave it out, the button counts it, the view keeps it.
    page.get_by_test_id("card-fields").click()
    menu = page.get_by_test_id("card-fields-menu")
    expect(menu.get_by_test_id("card-field")).to_have_count(3)  # no title, no cover
    _menu_field(page, "Qty").locator("label").click()
    expect(page.get_by_test_id("card-fields")).to_have_text("1 hidden field")
    expect(apples.locator("[data-field='Qty']")).to_have_count(0)
    assert _view_fields(server, token, view["id"])[column_id(table, "Qty")]["show"] is False

    # Move Status to the top: the cards follow, the orders are saved.
    _menu_field(page, "Status").get_by_test_id("card-field-up").click()
    expect(menu.get_by_test_id("card-field").nth(1)).to_have_attribute("data-field", "Status")
    _menu_field(page, "Status").get_by_test_id("card-field-up").click()
    expect(menu.get_by_test_id("card-field").first).to_have_attribute("data-field", "Status")
    expect(apples.get_by_test_id("card-field-value")).to_have_count(2)
    expect(apples.get_by_test_id("card-field-value").first).to_have_attribute("data-field", "Status")
    saved = _view_fields(server, token, view["id"])
    assert saved[column_id(table, "Status")]["order"] < saved[column_id(table, "Notes")]["order"]

    # Bread has no notes: shown empty until empty values are hidden (saved in the view).
    bread = _card(page, "Bread")
    assert _fields_of(bread) == ["Status", "Notes"]
    menu.get_by_text("Hide empty fields").click()
    expect(bread.locator("[data-field='Notes']")).to_have_count(0)
    assert _fields_of(apples) == ["Status", "Notes"]
    views = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"]
    meta = next(v for v in views if v["id"] == view["id"])["meta"]
    assert (meta if isinstance(meta, dict) else json.loads(meta))["hideEmpty"] is True
    page.get_by_test_id("card-fields").click()
    expect(menu).to_have_count(0)
    screenshot(page, "gallery-card-fields")

    # The cover is chosen in the toolbar: none, then the photo again.
    page.get_by_test_id("card-cover-field").select_option(label="No cover image")
    expect(page.get_by_test_id("card-cover")).to_have_count(0)
    gallery = server.api("GET", f"/api/v1/db/meta/galleries/{view['id']}", token=token)
    assert gallery["fk_cover_image_col_id"] is None
    page.get_by_test_id("card-cover-field").select_option(label="Photo")
    expect(apples.get_by_test_id("card-cover")).to_be_visible()

    # All of it is kept.
    page.reload()
    apples = _card(page, "Apples")
    expect(apples.get_by_test_id("card-cover")).to_be_visible()
    expect(apples.get_by_test_id("card-field-value")).to_have_count(2)
    assert _fields_of(apples) == ["Status", "Notes"]
    expect(_card(page, "Bread").get_by_test_id("card-field-value")).to_have_count(1)
    expect(page.get_by_test_id("card-fields")).to_have_text("1 hidden field")


def test_kanban_cards_are_small_and_show_the_chosen_fields(server, page):
    token = _sign_up_first_user(server)
    project, table = _setup(server, token)
    view = server.api(
        "POST",
        f"/api/v1/db/meta/tables/{table['id']}/kanbans",
        {
            "title": "Board",
            "fk_grp_col_id": column_id(table, "Status"),
            "fk_cover_image_col_id": column_id(table, "Photo"),
        },
        token=token,
    )
    _use_token(page, token)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"/nc/{project['id']}/table/Food/Board")

    # Cards of one small height, whatever they hold (a cover, a long note, nothing much).
    cards = page.get_by_test_id("record-card")
    expect(cards).to_have_count(3)
    heights = {round(cards.nth(i).bounding_box()["height"]) for i in range(3)}
    assert len(heights) == 1, heights
    assert heights.pop() <= 140
    apples = _card(page, "Apples")
    cover = apples.get_by_test_id("card-cover").bounding_box()
    assert cover["width"] <= 48
    assert cover["height"] <= 48

    # The menu lists neither the stacks' field nor the cover; hiding Notes leaves it out.
    page.get_by_test_id("card-fields").click()
    menu = page.get_by_test_id("card-fields-menu")
    expect(menu.get_by_test_id("card-field")).to_have_count(2)
    assert menu.get_by_test_id("card-field").evaluate_all("els => els.map(e => e.dataset.field)") == ["Notes", "Qty"]
    _menu_field(page, "Notes").locator("label").click()
    expect(apples.locator("[data-field='Notes']")).to_have_count(0)
    assert _fields_of(apples) == ["Qty"]
    _menu_field(page, "Qty").get_by_test_id("card-field-up").click()
    expect(menu.get_by_test_id("card-field").first).to_have_attribute("data-field", "Qty")
    screenshot(page, "kanban-card-fields")
    page.get_by_test_id("card-fields").click()
    expect(menu).to_have_count(0)
    assert _view_fields(server, token, view["id"])[column_id(table, "Notes")]["show"] is False

    # Kept after a reload; the stacks still hold their cards.
    page.reload()
    expect(page.get_by_test_id("card-fields")).to_have_text("1 hidden field")
    expect(_card(page, "Cheese")).to_be_visible()
    assert _fields_of(_card(page, "Apples")) == ["Qty"]

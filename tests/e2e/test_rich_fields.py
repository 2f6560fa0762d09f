"""The rich field types in headless Chromium: a has-many link created in the field dialog,
records linked with the picker, a lookup, a rollup and a formula over the rollup that follow
the links, a formula error shown where it is, an uploaded attachment's thumbnail and a QR
code cell with its larger view."""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    add_table,
    create_project,
    display_field,
    field_cell,
    list_records,
    number_field,
    pick_field_type,
    screenshot,
)

pytestmark = pytest.mark.e2e

# A 2×2 red PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=="
)


def _tables(server, token):
    project = create_project(server, token, "Shop")
    customers = add_table(
        server, token, project["id"], "Customers", [display_field()], [{"Name": "Ada"}, {"Name": "Bob"}]
    )
    orders = add_table(
        server,
        token,
        project["id"],
        "Orders",
        [display_field(), number_field("Amount")],
        [{"Name": "o1", "Amount": 10}, {"Name": "o2", "Amount": 5}, {"Name": "o3", "Amount": 7}],
    )
    return project, customers, orders


def _add_field(page, title: str, type_label: str, **choices):
    page.get_by_test_id("add-field").click()
    page.get_by_test_id("field-title-input").fill(title)
    pick_field_type(page, type_label)
    for test_id, value in choices.items():
        control = page.get_by_test_id(test_id.replace("_", "-"))
        if test_id == "field_formula":
            control.fill(value)
        elif test_id.startswith("field_link_kind"):
            control.check()
        else:
            control.select_option(label=value)


def _linked_pick(page, names):
    picker = page.locator(".wb-link-picker")
    expect(picker).to_be_visible()
    for name in names:
        row = picker.get_by_test_id("link-candidate").filter(has_text=name)
        expect(row).to_have_attribute("data-linked", "false")
        row.get_by_test_id("link-toggle").click()
        expect(row).to_have_attribute("data-linked", "true")
    return picker


def test_links_lookups_rollups_formulas_attachments_and_codes(server, page):
    token = _sign_up_first_user(server)
    project, customers, _orders = _tables(server, token)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Customers")
    page.wait_for_function("() => window.__wbPlugins && window.__wbPlugins.loaded.includes('field_links')")
    expect(page.get_by_test_id("column-header").first).to_have_text(re.compile("Name"))

    # A has-many link to Orders, from the field dialog.
    _add_field(page, "Orders", "Links", field_link_table="Orders", field_link_kind_hm=True)
    page.get_by_test_id("field-submit").click()
    expect(page.get_by_test_id("column-header").filter(has_text="Orders")).to_be_visible()

    # Link o1 and o2 to Ada with the picker; the cell shows them as chips.
    field_cell(page, "Orders").dblclick()
    picker = _linked_pick(page, ["o1", "o2"])
    expect(picker.get_by_test_id("link-linked-chip")).to_have_count(2)
    screenshot(page, "rich-fields-link-picker")
    picker.get_by_test_id("link-done").click()
    expect(picker).to_be_hidden()
    expect(field_cell(page, "Orders").get_by_test_id("link-chip")).to_have_text(["o1", "o2"])

    # A lookup of the orders' names, a rollup of their amounts and a formula over the rollup.
    _add_field(page, "Order names", "Lookup", field_relation="Orders", field_target="Name")
    page.get_by_test_id("field-submit").click()
    expect(field_cell(page, "Order names").get_by_test_id("lookup-item")).to_have_text(["o1", "o2"])

    _add_field(page, "Total", "Rollup", field_relation="Orders", field_target="Amount", field_rollup_function="sum")
    page.get_by_test_id("field-submit").click()
    expect(field_cell(page, "Total")).to_have_text("15")

    # A formula the server refuses keeps the text and shows where the mistake is.
    _add_field(page, "Double", "Formula", field_formula="{Total} * ")
    page.get_by_test_id("field-submit").click()
    expect(page.get_by_test_id("formula-error")).to_contain_text("at character")
    expect(page.get_by_test_id("field-formula")).to_have_value("{Total} * ")
    screenshot(page, "rich-fields-formula-error")
    page.get_by_test_id("field-formula").fill("{Total} * 2")
    page.get_by_test_id("field-submit").click()
    expect(field_cell(page, "Double")).to_have_text("30")

    # Linking o3 too: the count, lookup, rollup and formula follow.
    field_cell(page, "Orders").dblclick()
    picker = _linked_pick(page, ["o3"])
    picker.get_by_test_id("link-done").click()
    expect(field_cell(page, "Orders").get_by_test_id("link-chip")).to_have_text(["o1", "o2", "o3"])
    expect(field_cell(page, "Order names").get_by_test_id("lookup-item")).to_have_text(["o1", "o2", "o3"])
    expect(field_cell(page, "Total")).to_have_text("22")
    expect(field_cell(page, "Double")).to_have_text("44")
    # Bob has none.
    expect(field_cell(page, "Orders", row=2).get_by_test_id("link-chip")).to_have_count(0)
    linked = list_records(server, token, customers, limit=10)
    assert [(r["Name"], r["Orders"]) for r in linked] == [("Ada", 3), ("Bob", 0)]
    assert linked[0]["Total"] == 22

    # An attachment: uploaded in the editor, shown as a thumbnail through its signed link.
    _add_field(page, "Files", "Attachment")
    page.get_by_test_id("field-submit").click()
    expect(page.get_by_test_id("column-header").filter(has_text="Files")).to_be_visible()
    page.get_by_test_id("grid-scroll").evaluate("el => { el.scrollLeft = 10000; }")
    field_cell(page, "Files").dblclick()
    editor = page.locator(".wb-attachment-editor")
    editor.get_by_test_id("attachment-file").set_input_files(
        files=[{"name": "red.png", "mimeType": "image/png", "buffer": PNG}]
    )
    expect(editor.get_by_test_id("attachment-item")).to_have_count(1)
    # The image shows as a thumbnail in the editor at once, before the record is saved.
    in_editor = editor.get_by_test_id("attachment-thumb")
    expect(in_editor).to_have_attribute("src", re.compile(r"/api/v1/db/storage/dltemp/"))
    # Read at the smallest image breakpoint (the server scales larger images down to it).
    expect(in_editor).to_have_attribute("srcset", re.compile(r"\?w=320 320w, .*\?w=1536 1536w$"))
    assert in_editor.evaluate("i => i.decode().then(() => i.currentSrc, () => 'broken')").endswith("?w=320")
    expect(editor.get_by_test_id("attachment-chip")).to_have_count(0)
    screenshot(page, "attachment-uploaded")
    editor.get_by_test_id("attachment-done").click()
    thumb = field_cell(page, "Files").get_by_test_id("attachment-thumb")
    expect(thumb).to_have_attribute("src", re.compile(r"/api/v1/db/storage/dltemp/"))
    assert thumb.evaluate("i => i.decode().then(() => true, () => false)") is True
    stored = list_records(server, token, customers, limit=1)[0]["Files"]
    assert [(f["title"], f["mimetype"]) for f in stored] == [("red.png", "image/png")]

    # A QR code of the name: a thumbnail, larger on click.
    _add_field(page, "QR", "QR code", field_source="Name")
    page.get_by_test_id("field-submit").click()
    expect(page.get_by_test_id("column-header").filter(has_text="QR")).to_be_visible()
    page.get_by_test_id("grid-scroll").evaluate("el => { el.scrollLeft = 10000; }")
    qr = field_cell(page, "QR").get_by_test_id("qrcode-thumb")
    expect(qr.locator("img")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"))
    screenshot(page, "rich-fields-grid")
    # (a full-page screenshot resizes the page for a moment: scroll and find the cell again)
    page.get_by_test_id("grid-scroll").evaluate("el => { el.scrollLeft = 10000; }")
    field_cell(page, "QR").get_by_test_id("qrcode-thumb").click()
    expect(page.get_by_test_id("qrcode-large")).to_be_visible()
    screenshot(page, "rich-fields-qr-large")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("qrcode-large")).to_be_hidden()

    # The link cannot be deleted while the lookup and rollup read it: the server says why.
    page.get_by_test_id("grid-scroll").evaluate("el => { el.scrollLeft = 0; }")
    header = page.get_by_test_id("column-header").filter(has_text=re.compile("^Orders$"))
    header.get_by_test_id("field-menu").click()
    page.get_by_test_id("field-delete").click()
    page.locator(".bp6-alert").get_by_role("button", name="Delete field").click()
    expect(page.locator(".bp6-toast")).to_contain_text("is used by")
    expect(header).to_be_visible()

    # The expanded record shows the rich fields and unlinks through the same picker; the
    # rollup and the formula over it are read again.
    field_cell(page, "Name").click()
    page.get_by_test_id("expand-record").click()
    form = page.get_by_test_id("expanded-record")
    orders = form.locator("[data-testid=record-rich][data-uidt=Links]")
    expect(orders.get_by_test_id("link-chip")).to_have_text(["o1", "o2", "o3"])
    expect(form.locator("[data-testid=record-rich][data-uidt=Rollup]")).to_have_text("22")
    orders.get_by_test_id("record-rich-edit").click()
    picker = page.locator(".wb-link-picker")
    row = picker.get_by_test_id("link-candidate").filter(has_text="o3")
    expect(row).to_have_attribute("data-linked", "true")
    row.get_by_test_id("link-toggle").click()
    expect(row).to_have_attribute("data-linked", "false")
    picker.get_by_test_id("link-done").click()
    expect(form.locator("[data-testid=record-rich][data-uidt=Rollup]")).to_have_text("15")
    expect(form.locator("[data-testid=record-rich][data-uidt=Formula]")).to_have_text("30")
    expect(orders.get_by_test_id("link-chip")).to_have_text(["o1", "o2"])
    screenshot(page, "rich-fields-expanded-record")

    # Editing a rollup: its settings come back in the dialog; another function recomputes it.
    form.page.keyboard.press("Escape")
    expect(form).to_be_hidden()
    total = page.get_by_test_id("column-header").filter(has_text=re.compile("^Total$"))
    total.get_by_test_id("field-menu").click()
    page.get_by_test_id("field-edit").click()
    expect(page.get_by_test_id("field-rollup-function")).to_have_value("sum")
    expect(page.get_by_test_id("field-relation")).to_have_value(re.compile(".+"))
    page.get_by_test_id("field-rollup-function").select_option("max")
    page.get_by_test_id("field-submit").click()
    expect(field_cell(page, "Total")).to_have_text("10")
    expect(field_cell(page, "Double")).to_have_text("20")

    # A barcode of the name in the format chosen.
    _add_field(page, "Code", "Barcode", field_source="Name", field_barcode_format="CODE39")
    page.get_by_test_id("field-submit").click()
    expect(page.get_by_test_id("column-header").filter(has_text=re.compile("^Code$"))).to_have_count(1)
    page.get_by_test_id("grid-scroll").evaluate("el => { el.scrollLeft = 10000; }")
    barcode = field_cell(page, "Code").get_by_test_id("barcode-thumb")
    expect(barcode.locator("img")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"))
    meta = server.api("GET", f"/api/v1/db/meta/tables/{customers['id']}", token=token)
    assert next(c for c in meta["columns"] if c["title"] == "Code")["meta"]["barcodeFormat"] == "CODE39"

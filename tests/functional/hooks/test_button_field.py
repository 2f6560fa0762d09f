"""The Button field's two actions (NocoDB's): ``url``, whose value for each record is the
address its formula builds, and ``webhook``; both with a colour and an icon, checked."""

from __future__ import annotations

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def orders(client, admin):
    h = client.auth(admin)
    project = client.create_project(admin)
    table = create_table(client, admin, project["id"], "Orders", [{"title": "Name"}])
    client.post_json(f"/api/v2/tables/{table['id']}/records", [{"Name": "pen"}, {"Name": "cup"}], headers=h)
    return table, h


def _column(client, h, table, body, status=200):
    return client.post_json(f"/api/v1/db/meta/tables/{table['id']}/columns", body, headers=h, status=status)


def test_a_url_button_gives_each_record_the_address_its_formula_builds(client, orders):
    table, h = orders
    body = {
        "title": "Open",
        "uidt": "Button",
        "type": "url",
        "formula_raw": 'CONCAT("https://example.com/orders/", {Id}, "?name=", {Name})',
        "label": "Open order",
        "color": "blue",
        "icon": "share",
    }
    columns = _column(client, h, table, body).json["columns"]
    column = next(c for c in columns if c["title"] == "Open")
    assert column["colOptions"]["type"] == "url"
    assert column["colOptions"]["formula_raw"] == body["formula_raw"]
    assert (column["colOptions"]["color"], column["colOptions"]["icon"]) == ("blue", "share")
    records = client.get(f"/api/v2/tables/{table['id']}/records", {"sort": "Id"}, headers=h).json["list"]
    assert [r["Open"] for r in records] == [
        "https://example.com/orders/1?name=pen",
        "https://example.com/orders/2?name=cup",
    ]
    # renaming a field the formula uses keeps the formula working
    name_id = next(c["id"] for c in columns if c["title"] == "Name")
    client.patch_json(f"/api/v1/db/meta/columns/{name_id}", {"title": "Item", "uidt": "SingleLineText"}, headers=h)
    [first, _] = client.get(f"/api/v2/tables/{table['id']}/records", {"sort": "Id"}, headers=h).json["list"]
    assert first["Open"] == "https://example.com/orders/1?name=pen"


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"formula_raw": None}, "formula_raw is required"),
        ({"formula_raw": "{Nope}"}, "Invalid formula"),
        ({"formula_raw": "x" * 2001}, "at most 2000"),
        # the formula limits of a formula field hold for a button's address too
        ({"formula_raw": "(" * 120 + "1" + ")" * 120}, "nested too deeply (more than 100 levels)"),
        ({"formula_raw": "UPPER(" * 90 + "{Name}" + ")" * 90}, "nested too deeply to compute"),
        ({"formula_raw": "REPEAT(" * 25 + "{Name}" + ", 2)" * 25}, "too large to compute"),
        ({"color": "chartreuse"}, "colour"),
        ({"icon": "<script>"}, "icon"),
        ({"type": "script"}, "'webhook' or 'url'"),
    ],
)
def test_a_button_with_bad_settings_is_refused(client, orders, changes, says):
    table, h = orders
    body = {"title": "Open", "uidt": "Button", "type": "url", "formula_raw": '"https://example.com"', **changes}
    assert says in _column(client, h, table, body, status=400).json["msg"]


def test_a_webhook_button_keeps_its_colour_and_icon(client, orders, receiver):
    table, h = orders
    hook = client.post_json(
        f"/api/v1/db/meta/tables/{table['id']}/hooks",
        {
            "title": "Ship",
            "event": "manual",
            "operation": "trigger",
            "notification": {"type": "URL", "payload": {"method": "POST", "path": receiver.url}},
        },
        headers=h,
    ).json
    body = {"title": "Ship", "uidt": "Button", "type": "webhook", "fk_webhook_id": hook["id"], "color": "#12ab9f"}
    columns = _column(client, h, table, {**body, "icon": "send-message"}).json["columns"]
    options = next(c for c in columns if c["title"] == "Ship")["colOptions"]
    assert (options["color"], options["icon"], options["label"]) == ("#12ab9f", "send-message", "Button")

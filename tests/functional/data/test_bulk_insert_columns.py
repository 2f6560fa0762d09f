"""A bulk insert whose records name the same fields is coerced and bound field by field:
it stores what record-by-record inserts store, and refuses, defaults and adds options as
they do (a refused value is named; nothing of the batch is kept)."""

from __future__ import annotations

import pytest

from workbench.testing.tables import create_table

COLUMNS = [
    {"title": "Name"},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Price", "uidt": "Decimal"},
    {"title": "Done", "uidt": "Checkbox"},
    {"title": "Due", "uidt": "Date"},
    {"title": "Seen", "uidt": "DateTime"},
    {"title": "Mail", "uidt": "Email"},
    {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "todo"}, {"title": "done"}]}},
    {"title": "Kind", "cdf": "plain"},
]
ROWS = [
    {"Name": "a", "Qty": "7", "Price": "2.5", "Done": "yes", "Due": "2024-02-29", "Seen": "2024-02-29 10:11:12",
     "Mail": " a@example.com ", "Status": "todo"},
    {"Name": 12, "Qty": 3, "Price": 1, "Done": False, "Due": "29/02/2024", "Seen": "2024-02-29T12:11:12+02:00",
     "Mail": "", "Status": ""},
    {"Name": None, "Qty": None, "Price": None, "Done": None, "Due": None, "Seen": None, "Mail": None, "Status": None},
]  # fmt: skip
SHOWN = ("Name", "Qty", "Price", "Done", "Due", "Seen", "Mail", "Status", "Kind")


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    return client, client.auth(admin), f"/api/v2/tables/{table['id']}/records"


def stored(client, h, url) -> list[dict]:
    rows = client.get(url, {"limit": 1000, "sort": "Id"}, headers=h).json["list"]
    return [{k: r.get(k) for k in SHOWN} for r in rows]


@pytest.mark.dialects
def test_a_batch_stores_what_single_inserts_store(ctx):
    client, h, url = ctx
    for row in ROWS:
        client.post_json(url, row, headers=h)
    client.post_json(url, ROWS, headers=h)
    one_by_one, batch = stored(client, h, url)[:3], stored(client, h, url)[3:]
    assert batch == one_by_one
    assert batch[0] == {
        "Name": "a", "Qty": 7, "Price": 2.5, "Done": True, "Due": "2024-02-29", "Seen": "2024-02-29 10:11:12+00:00",
        "Mail": "a@example.com", "Status": "todo", "Kind": "plain",
    }  # fmt: skip
    assert batch[1]["Seen"] == "2024-02-29 10:11:12+00:00"
    assert batch[1]["Due"] == "2024-02-29"


@pytest.mark.dialects
def test_a_refused_value_is_named_and_nothing_is_kept(ctx):
    client, h, url = ctx
    rows = [{"Name": f"n{i}", "Qty": str(i)} for i in range(20)]
    rows[13]["Qty"] = "thirteen"
    res = client.post_json(url, rows, headers=h, status=422)
    assert "Qty" in res.json["msg"]
    rows[13]["Qty"] = "13"
    rows[5]["Status"] = "unknown"  # another set of fields: record by record
    res = client.post_json(url, rows, headers=h, status=422)
    assert "Status" in res.json["msg"]
    assert stored(client, h, url) == []


@pytest.mark.dialects
def test_typecast_adds_the_new_options_of_a_batch(ctx):
    client, h, url = ctx
    rows = [{"Name": f"n{i}", "Status": ["todo", "later", "never"][i % 3]} for i in range(9)]
    client.post_json(url + "?typecast=true", rows, headers=h)
    assert [r["Status"] for r in stored(client, h, url)] == [r["Status"] for r in rows]

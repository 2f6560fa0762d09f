"""Hooks on every dialect with a real HTTP receiver: each operation's event arrives with
NocoDB's v2 payload and an idempotency key; a condition fires on a false-to-true change;
a receiver failing three times gets the event on the fourth attempt, logged."""

from __future__ import annotations

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

OPERATIONS = ("insert", "update", "delete", "bulkInsert", "bulkUpdate", "bulkDelete")


@pytest.fixture
def table(client, admin):
    h = client.auth(admin)
    project = client.create_project(admin)
    return create_table(
        client, admin, project["id"], "Orders", [{"title": "Name"}, {"title": "Amount", "uidt": "Number"}]
    ), h


def hook_body(url, operation, **extra):
    return {
        "title": f"On {operation}",
        "event": "after",
        "operation": operation,
        "version": "v2",
        "active": True,
        "notification": {"type": "URL", "payload": {"method": "POST", "path": url, "headers": []}},
        **extra,
    }


def add_hook(client, h, table, url, operation, **extra):
    return client.post_json(
        f"/api/v1/db/meta/tables/{table['id']}/hooks", hook_body(url, operation, **extra), headers=h
    ).json


def test_each_operation_sends_its_event(client, table, receiver):
    table, h = table
    hooks = {op: add_hook(client, h, table, receiver.url, op) for op in OPERATIONS}
    records = f"/api/v2/tables/{table['id']}/records"
    client.post_json(records, {"Name": "one", "Amount": 1}, headers=h)
    client.post_json(records, [{"Name": "two", "Amount": 2}, {"Name": "three", "Amount": 3}], headers=h)
    client.patch_json(records, {"Id": 1, "Amount": 10}, headers=h)
    client.patch_json(records, [{"Id": 2, "Amount": 20}, {"Id": 3, "Amount": 30}], headers=h)
    client.delete_json(records, {"Id": 1}, headers=h)
    client.delete_json(records, [{"Id": 2}, {"Id": 3}], headers=h)
    client.worker.drain()

    by_type = {call["body"]["type"]: call for call in receiver.calls}
    assert set(by_type) == {f"records.after.{op}" for op in OPERATIONS}
    for call in receiver.calls:
        assert call["method"] == "POST"
        assert call["path"] == "/hook"
        assert call["headers"]["idempotency-key"] == call["body"]["id"]
        assert call["body"]["data"]["table_id"] == table["id"]
        assert call["body"]["data"]["table_name"] == "Orders"
        assert call["body"]["data"]["view_id"]

    def rows(op, key="rows"):
        return [(r["Name"], r["Amount"]) for r in by_type[f"records.after.{op}"]["body"]["data"][key]]

    assert rows("insert") == [("one", 1)]
    assert rows("bulkInsert") == [("two", 2), ("three", 3)]
    assert by_type["records.after.bulkInsert"]["body"]["data"]["rows_inserted"] == 2
    assert rows("update", "previous_rows") == [("one", 1)]
    assert rows("update") == [("one", 10)]
    assert rows("bulkUpdate", "previous_rows") == [("two", 2), ("three", 3)]
    assert rows("bulkUpdate") == [("two", 20), ("three", 30)]
    assert rows("delete") == [("one", 10)]
    assert sorted(rows("bulkDelete")) == [("three", 30), ("two", 20)]

    logs = client.get(f"/api/v1/db/meta/hooks/{hooks['insert']['id']}/logs", headers=h).json
    assert [(e["status"], e["response_status"], e["attempt"]) for e in logs["list"]] == [("success", 200, 1)]
    # Everything delivered: nothing is left to send.
    client.worker.drain()
    assert len(receiver.calls) == len(OPERATIONS)


def test_a_receiver_failing_three_times_gets_the_event_on_the_fourth_attempt(client, table, receiver):
    table, h = table
    hook = add_hook(client, h, table, receiver.url, "insert")
    receiver.failures = 3
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "one"}, headers=h)
    for _ in range(3):
        client.worker.drain()
    assert len(receiver.calls) == 3
    client.worker.drain()
    assert len(receiver.calls) == 4
    assert len({c["headers"]["idempotency-key"] for c in receiver.calls}) == 1
    assert [c["headers"]["x-workbench-attempt"] for c in receiver.calls] == ["1", "2", "3", "4"]
    client.worker.drain()
    assert len(receiver.calls) == 4
    logs = client.get(f"/api/v2/meta/hooks/{hook['id']}/logs", headers=h).json["list"]
    assert [(e["attempt"], e["status"]) for e in logs] == [
        (4, "success"),
        (3, "retrying"),
        (2, "retrying"),
        (1, "retrying"),
    ]
    assert logs[1]["response_status"] == 500


def test_a_condition_fires_on_a_false_to_true_change(client, table, receiver):
    table, h = table
    amount = next(c for c in table["columns"] if c["title"] == "Amount")
    hook = add_hook(client, h, table, receiver.url, "update", condition=True)
    client.post_json(
        f"/api/v1/db/meta/hooks/{hook['id']}/filters",
        {"fk_column_id": amount["id"], "comparison_op": "gt", "value": "100"},
        headers=h,
    )
    records = f"/api/v2/tables/{table['id']}/records"
    client.post_json(records, {"Name": "one", "Amount": 1}, headers=h)
    client.patch_json(records, {"Id": 1, "Amount": 50}, headers=h)  # false -> false
    client.patch_json(records, {"Id": 1, "Amount": 150}, headers=h)  # false -> true
    client.patch_json(records, {"Id": 1, "Amount": 200}, headers=h)  # true -> true
    client.worker.drain()
    assert [c["body"]["data"]["rows"][0]["Amount"] for c in receiver.calls] == [150]


def test_disabled_and_deleted_hooks_send_nothing(client, table, receiver):
    table, h = table
    hook = add_hook(client, h, table, receiver.url, "insert")
    client.patch_json(f"/api/v1/db/meta/hooks/{hook['id']}", {"active": False}, headers=h)
    records = f"/api/v2/tables/{table['id']}/records"
    client.post_json(records, {"Name": "one"}, headers=h)
    client.worker.drain()
    assert receiver.calls == []
    client.patch_json(f"/api/v1/db/meta/hooks/{hook['id']}", {"active": True}, headers=h)
    client.post_json(records, {"Name": "two"}, headers=h)
    client.delete(f"/api/v1/db/meta/hooks/{hook['id']}", headers=h)
    client.worker.drain()
    assert receiver.calls == []
    listed = client.get(f"/api/v2/meta/tables/{table['id']}/hooks", headers=h).json["list"]
    assert listed == []

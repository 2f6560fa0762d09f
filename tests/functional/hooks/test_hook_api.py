"""The hooks API's other parts: bodies refused with a message, the sample payload, test
calls (logged on a saved hook), the private address check, and the chat notifiers'
formats."""

from __future__ import annotations

import dataclasses

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def table(client, admin):
    project = client.create_project(admin)
    table = create_table(client, admin, project["id"], "Orders", [{"title": "Name"}])
    return table, client.auth(admin)


def url_hook(url, **extra):
    return {
        "title": "Hook",
        "operation": "insert",
        "notification": {"type": "URL", "payload": {"method": "POST", "path": url}},
        **extra,
    }


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"operation": "insert", "notification": {"type": "URL", "payload": {"path": "http://x.example"}}}, "title"),
        (url_hook("http://x.example", operation="sometimes"), "operation must be one of"),
        (url_hook("http://x.example", version="v1"), "version v2"),
        (url_hook("ftp://x.example"), "http://"),
        ({**url_hook("http://x.example"), "notification": {"type": "Pigeon", "payload": {}}}, "Unknown notification"),
        ({**url_hook(""), "notification": {"type": "Slack", "payload": {"channels": []}}}, "channels"),
        ({**url_hook(""), "notification": {"type": "Email", "payload": {"to": "nobody"}}}, "e-mail"),
    ],
)
def test_bad_bodies_are_refused_with_a_message(client, table, body, message):
    table, h = table
    res = client.post_json(f"/api/v1/db/meta/tables/{table['id']}/hooks", body, headers=h, status=400)
    assert message in res.json["msg"]


def test_sample_payload_has_the_operations_shape(client, table):
    table, h = table
    base = f"/api/v2/meta/tables/{table['id']}/hooks/samplePayload"
    update = client.get(f"{base}/update", headers=h).json
    assert update["type"] == "records.after.update"
    assert update["data"]["table_name"] == "Orders"
    assert update["data"]["previous_rows"][0]["Name"] == "hello"
    assert update["data"]["rows"][0]["Name"] == "hello"
    bulk = client.get(f"{base}/bulkInsert/v2", headers=h).json
    assert bulk["data"]["rows_inserted"] == 1
    client.get(f"{base}/sometimes", headers=h, status=400)


def test_test_calls_reach_the_receiver_and_a_saved_hooks_are_logged(client, table, receiver):
    table, h = table
    res = client.post_json(
        f"/api/v1/db/meta/tables/{table['id']}/hooks/test", {"hook": url_hook(receiver.url)}, headers=h
    ).json
    assert res["status"] == 200
    [call] = receiver.calls
    assert call["body"]["type"] == "records.after.insert"
    hook = client.post_json(f"/api/v1/db/meta/tables/{table['id']}/hooks", url_hook(receiver.url), headers=h).json
    client.post_json(f"/api/v1/db/meta/hooks/{hook['id']}/test", {}, headers=h)
    [entry] = client.get(f"/api/v1/db/meta/hooks/{hook['id']}/logs", headers=h).json["list"]
    assert entry["test_call"] is True
    assert entry["status"] == "success"
    receiver.failures = 1
    res = client.post_json(f"/api/v1/db/meta/hooks/{hook['id']}/test", {}, headers=h, status=400)
    assert "failed" in res.json["msg"]


@pytest.fixture
def strict(client, monkeypatch):
    """The app as production.ini sets it: no private addresses."""
    registry = client.app.registry
    monkeypatch.setitem(registry.settings, "workbench.webhooks.allow_private", "false")
    worker = registry["hook_worker"]
    monkeypatch.setattr(worker, "settings", dataclasses.replace(worker.settings, allow_private=False))


@pytest.mark.parametrize("address", ["http://127.0.0.1:9/x", "http://localhost/x", "http://10.1.2.3/", "http://[::1]/"])
def test_private_addresses_are_refused_unless_allowed(client, table, strict, address):
    table, h = table
    res = client.post_json(f"/api/v1/db/meta/tables/{table['id']}/hooks", url_hook(address), headers=h, status=400)
    assert res.json["msg"] == "ip not allowed"


def test_a_host_name_is_checked_once_resolved(client, table, strict, receiver):
    table, h = table
    named = receiver.url.replace("127.0.0.1", "localtest.invalid")
    # The name is checked once resolved: here it resolves to nothing, and the call fails.
    res = client.post_json(
        f"/api/v1/db/meta/tables/{table['id']}/hooks/test", {"hook": url_hook(named)}, headers=h, status=400
    )
    assert "failed" in res.json["msg"]
    from workbench.hooks import hosts

    with pytest.raises(hosts.HostNotAllowed):
        hosts.resolve("http://localhost:80/", allow_private=False)
    assert receiver.calls == []


@pytest.mark.parametrize(
    ("kind", "key"), [("Slack", "text"), ("Microsoft Teams", "text"), ("Discord", "content"), ("Mattermost", "text")]
)
def test_chat_notifiers_send_their_services_format(client, table, receiver, kind, key):
    table, h = table
    body = {
        "title": kind,
        "operation": "insert",
        "notification": {
            "type": kind,
            "payload": {
                "channels": [{"webhook_url": receiver.url}],
                "body": "New in {{ data.table_name }}: {{ data.rows.0.Name }}",
            },
        },
    }
    client.post_json(f"/api/v1/db/meta/tables/{table['id']}/hooks", body, headers=h)
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "Ada"}, headers=h)
    client.worker.drain()
    [call] = receiver.calls
    assert call["body"] == {key: "New in Orders: Ada"}


def test_a_duplicate_copies_the_condition_filters_groups_included(client, table):
    table, h = table
    name = next(c for c in table["columns"] if c["title"] == "Name")
    hooks = f"/api/v1/db/meta/tables/{table['id']}/hooks"
    original = client.post_json(hooks, url_hook("http://x.example", condition=True), headers=h).json
    filters = f"/api/v1/db/meta/hooks/{original['id']}/filters"
    client.post_json(filters, {"fk_column_id": name["id"], "comparison_op": "eq", "value": "pen"}, headers=h)
    group = client.post_json(filters, {"is_group": True, "logical_op": "or"}, headers=h).json
    inner = {"fk_column_id": name["id"], "comparison_op": "like", "value": "cup", "fk_parent_id": group["id"]}
    client.post_json(filters, inner, headers=h)

    body = {**url_hook("http://x.example", condition=True), "title": "Copy", "copy_from_id": original["id"]}
    copy = client.post_json(hooks, body, headers=h).json
    copied = client.get(f"/api/v1/db/meta/hooks/{copy['id']}/filters", headers=h).json["list"]
    assert sorted((f["comparison_op"], f["value"]) for f in copied if not f["is_group"]) == [
        ("eq", "pen"),
        ("like", "cup"),
    ]
    [copied_group] = [f for f in copied if f["is_group"]]
    assert copied_group["id"] != group["id"]
    assert copied_group["logical_op"] == "or"
    [child] = [f for f in copied if f.get("fk_parent_id")]
    assert child["fk_parent_id"] == copied_group["id"]
    # the original keeps its own
    assert len(client.get(filters, headers=h).json["list"]) == 3


def test_a_duplicate_of_another_tables_hook_is_refused(client, table, admin):
    table, h = table
    other = create_table(client, admin, table["base_id"], "Other", [{"title": "Name"}])
    theirs = client.post_json(
        f"/api/v1/db/meta/tables/{other['id']}/hooks", url_hook("http://x.example"), headers=h
    ).json
    body = {**url_hook("http://x.example"), "copy_from_id": theirs["id"]}
    res = client.post_json(f"/api/v1/db/meta/tables/{table['id']}/hooks", body, headers=h, status=400).json
    assert res["msg"] == f"Hook '{theirs['id']}' not found in table 'Orders'"

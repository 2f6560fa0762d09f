"""Notifiers are plugins: one contributed through ``register_notifiers`` is offered to
hooks and called with each event; the built-in e-mail notifier sends through the server's
mailer."""

from __future__ import annotations

import types

from workbench.plugin_api import Notifier, Result, hookimpl
from workbench.testing.client import Client
from workbench.testing.mail import mail_settings, memory_mail_plugin
from workbench.testing.plugins import app_with_plugins
from workbench.testing.tables import create_table

DELIVERED = []


class Pigeon(Notifier):
    name = "Pigeon"

    def check(self, settings):
        if not settings.get("loft"):
            raise ValueError("Which loft?")
        return settings

    def deliver(self, call):
        DELIVERED.append((call.settings["loft"], call.event_id, call.event))
        return Result(True, None, "flew")


pigeon = types.SimpleNamespace(register_notifiers=hookimpl(lambda: [Pigeon]))


def _table(client):
    token = client.signup("owner@example.com")
    project = client.create_project(token)
    table = create_table(client, token, project["id"], "Birds", [{"title": "Name"}])
    return table, client.auth(token)


def test_hook_register_notifiers(tmp_path):
    app = app_with_plugins(tmp_path, ("pigeon", pigeon))
    assert "Pigeon" in app.registry["notifiers"].names()
    client = Client(app)
    table, h = _table(client)
    hooks = f"/api/v1/db/meta/tables/{table['id']}/hooks"
    body = {"title": "By air", "operation": "insert", "notification": {"type": "Pigeon", "payload": {}}}
    assert client.post_json(hooks, body, headers=h, status=400).json["msg"] == "Which loft?"
    body["notification"]["payload"] = {"loft": "north"}
    client.post_json(hooks, body, headers=h)
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "Ada"}, headers=h)
    app.registry["hook_worker"].drain()
    [(loft, event_id, event)] = DELIVERED
    assert loft == "north"
    assert event["id"] == event_id
    assert event["data"]["rows"][0]["Name"] == "Ada"


def test_the_email_notifier_sends_through_the_mailer(tmp_path):
    plugin, outbox = memory_mail_plugin()
    settings = mail_settings(plugin)
    app = app_with_plugins(tmp_path, *settings.pop("workbench.plugins.extra"), **settings)
    client = Client(app)
    table, h = _table(client)
    outbox.clear()
    body = {
        "title": "Mail me",
        "operation": "insert",
        "notification": {
            "type": "Email",
            "payload": {"to": "a@example.com, b@example.com", "subject": "New {{ data.table_name }}", "body": ""},
        },
    }
    client.post_json(f"/api/v1/db/meta/tables/{table['id']}/hooks", body, headers=h)
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "Ada"}, headers=h)
    app.registry["hook_worker"].drain()
    assert sorted(m.to for m in outbox) == ["a@example.com", "b@example.com"]
    assert {m.subject for m in outbox} == {"New Birds"}
    assert "records.after.insert in Birds: 1 record(s)" in outbox[0].text

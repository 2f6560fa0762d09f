"""Who may do what with hooks: creators and up manage them (list, create, change, filter,
test, read the log); editors and up trigger a manual hook (a Button field's); viewers,
commenters and outsiders do neither."""

from __future__ import annotations

import pytest

from tests.common import accounts
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

MANAGERS = {"owner", "creator"}
TRIGGERERS = {"owner", "creator", "editor"}


@pytest.fixture
def team(client, admin, receiver):
    project, tokens = accounts.team(client, admin)
    table = create_table(client, tokens["owner"], project["id"], "Tasks", [{"title": "Name"}])
    h = client.auth(tokens["owner"])
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "one"}, headers=h)
    manual = client.post_json(
        f"/api/v1/db/meta/tables/{table['id']}/hooks",
        {
            "title": "Button",
            "event": "manual",
            "operation": "trigger",
            "notification": {"type": "URL", "payload": {"method": "POST", "path": receiver.url}},
        },
        headers=h,
    ).json
    return table, tokens, manual


@pytest.mark.parametrize("role", accounts.ROLES)
def test_creators_manage_hooks_and_editors_trigger_them(client, team, receiver, role):
    table, tokens, manual = team
    h = client.auth(tokens[role])
    manages = 200 if role in MANAGERS else 403
    hooks = f"/api/v1/db/meta/tables/{table['id']}/hooks"
    res = client.get(hooks, headers=h, status=manages)
    if manages == 403:
        assert res.json["msg"]
    body = {
        "title": f"by {role}",
        "operation": "insert",
        "notification": {"type": "URL", "payload": {"path": receiver.url}},
    }
    client.post_json(hooks, body, headers=h, status=manages)
    client.patch_json(f"/api/v1/db/meta/hooks/{manual['id']}", {"title": "Renamed"}, headers=h, status=manages)
    client.get(f"/api/v1/db/meta/hooks/{manual['id']}/logs", headers=h, status=manages)
    client.get(f"/api/v1/db/meta/hooks/{manual['id']}/filters", headers=h, status=manages)
    client.get(f"{hooks}/samplePayload/insert", headers=h, status=manages)

    triggers = 200 if role in TRIGGERERS else 403
    client.post_json(f"/api/v1/db/meta/hooks/{manual['id']}/trigger/1", {}, headers=h, status=triggers)
    client.worker.drain()
    if triggers == 200:
        [call] = receiver.calls
        assert call["body"]["type"] == "records.manual.trigger"
        assert call["body"]["data"]["rows"][0]["Name"] == "one"
    else:
        assert receiver.calls == []
    client.delete(f"/api/v1/db/meta/hooks/{manual['id']}", headers=h, status=manages)


def test_outsiders_and_anonymous_callers_are_refused(client, team):
    table, _tokens, manual = team
    outsider = client.auth(client.signup("outsider@example.com"))
    client.get(f"/api/v1/db/meta/tables/{table['id']}/hooks", headers=outsider, status=403)
    client.post_json(f"/api/v1/db/meta/hooks/{manual['id']}/trigger/1", {}, headers=outsider, status=403)
    client.get(f"/api/v1/db/meta/tables/{table['id']}/hooks", status=401)


def test_a_button_field_shows_its_label_and_fires_its_hook(client, team, receiver):
    table, tokens, manual = team
    owner = client.auth(tokens["owner"])
    body = {"title": "Ship", "uidt": "Button", "type": "webhook", "fk_webhook_id": manual["id"], "label": "Ship it"}
    client.post_json(f"/api/v1/db/meta/tables/{table['id']}/columns", body, headers=owner)
    [record] = client.get(f"/api/v2/tables/{table['id']}/records", headers=owner).json["list"]
    assert record["Ship"] == "Ship it"
    bad = {**body, "title": "Broken", "fk_webhook_id": None}
    res = client.post_json(f"/api/v1/db/meta/tables/{table['id']}/columns", bad, headers=owner, status=400)
    assert "fk_webhook_id" in res.json["msg"]
    client.post_json(f"/api/v1/db/meta/hooks/{manual['id']}/trigger/1", {}, headers=client.auth(tokens["editor"]))
    client.worker.drain()
    [call] = receiver.calls
    assert call["body"]["data"]["rows"][0]["Ship"] == "Ship it"

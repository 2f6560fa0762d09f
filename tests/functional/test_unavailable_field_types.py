"""A field whose type's plugin is disabled stays readable: the table's meta lists it, its
records read with the value as stored, other fields are still written, and the field can be
deleted; the field cannot be changed until its plugin is back, and then it is as it was."""

from __future__ import annotations

import types

import sqlalchemy as sa

from workbench.plugin_api import FieldType, FieldValueError, hookimpl
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins
from workbench.testing.tables import create_table


class Shade(FieldType):
    name = "Shade"

    def sql_type(self, dialect):
        return sa.String(7)

    def to_db(self, value):
        if value is not None and not (isinstance(value, str) and value.startswith("#")):
            raise FieldValueError("expected #rrggbb")
        return value


@hookimpl
def register_field_types():
    return [Shade]


PLUGIN = types.SimpleNamespace(register_field_types=register_field_types, __name__="shades")


def _client(tmp_path, **settings):
    return Client(app_with_plugins(tmp_path, ("shades", PLUGIN), **settings))


def test_a_field_of_a_disabled_type_stays_readable(tmp_path):
    client = _client(tmp_path)
    token = client.signup("owner@example.com")
    headers = client.auth(token)
    project = client.create_project(token)
    columns = [{"title": "Name", "uidt": "SingleLineText"}, {"title": "Tone", "uidt": "Shade"}]
    table = create_table(client, token, project["id"], "Paints", columns)
    records = f"/api/v2/tables/{table['id']}/records"
    client.post_json(records, [{"Name": "Sea", "Tone": "#1971c2"}], headers=headers)

    client = _client(tmp_path, **{"workbench.plugins.disabled": "shades"})
    token = client.signin("owner@example.com")
    headers = client.auth(token)
    meta = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=headers).json
    assert [c["uidt"] for c in meta["columns"] if c["title"] == "Tone"] == ["Shade"]
    assert [(r["Name"], r["Tone"]) for r in client.get(records, headers=headers).json["list"]] == [("Sea", "#1971c2")]
    # other fields are written; the unavailable one is left as it is
    client.post_json(records, [{"Name": "Sky"}], headers=headers)
    rows = {r["Name"]: r["Tone"] for r in client.get(records, headers=headers).json["list"]}
    assert rows == {"Sea": "#1971c2", "Sky": None}
    # a change of the field itself names the missing type
    tone = next(c for c in meta["columns"] if c["title"] == "Tone")
    refused = client.patch_json(
        f"/api/v1/db/meta/columns/{tone['id']}", {"title": "Hue", "uidt": "Shade"}, headers=headers, status=400
    )
    assert "Shade" in refused.json["msg"]

    client = _client(tmp_path)
    headers = client.auth(client.signin("owner@example.com"))
    rows = {r["Name"]: r["Tone"] for r in client.get(records, headers=headers).json["list"]}
    assert rows == {"Sea": "#1971c2", "Sky": None}
    client.patch_json(records, [{"Id": 2, "Tone": "#ffffff"}], headers=headers)
    assert {r["Name"]: r["Tone"] for r in client.get(records, headers=headers).json["list"]}["Sky"] == "#ffffff"


def test_a_field_of_a_disabled_type_can_be_deleted(tmp_path):
    client = _client(tmp_path)
    token = client.signup("owner@example.com")
    project = client.create_project(token)
    columns = [{"title": "Name", "uidt": "SingleLineText"}, {"title": "Tone", "uidt": "Shade"}]
    table = create_table(client, token, project["id"], "Paints", columns)
    tone = next(c for c in table["columns"] if c["title"] == "Tone")
    client = _client(tmp_path, **{"workbench.plugins.disabled": "shades"})
    headers = client.auth(client.signin("owner@example.com"))
    client.delete(f"/api/v1/db/meta/columns/{tone['id']}", headers=headers)
    meta = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=headers).json
    assert "Tone" not in [c["title"] for c in meta["columns"]]

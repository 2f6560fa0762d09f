"""A field whose type's plugin is switched off: the table still opens, the field stays in
its meta with its type name, its stored values read as they are, and it can be neither
written nor filtered beyond null checks; other fields work as before, and the field can
still be deleted. Switched back on, everything is as it was. On every dialect."""

from __future__ import annotations

import pytest

from workbench.testing.app import make_app
from workbench.testing.client import Client
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def without_json(db_url, data_db_url, data_app):
    """A second server on the same meta and data, with the JSON field type switched off."""
    settings = {"workbench.data.url": data_db_url} if data_db_url else {}
    data_dir = data_app.registry.settings["workbench.data_dir"]
    application = make_app(db_url, data_dir, **settings, **{"workbench.plugins.disabled": "field_json"})
    yield Client(application)
    application.registry["source_engines"].dispose_all()
    application.registry["db_engine"].dispose()


def test_a_field_of_a_disabled_type_reads_as_stored_and_is_not_written(client, admin, without_json):
    project = client.create_project(admin, "Config")
    table = create_table(
        client, admin, project["id"], "Settings", [{"title": "Name"}, {"title": "Body", "uidt": "JSON"}]
    )
    rows = client.post_json(
        f"/api/v2/tables/{table['id']}/records",
        [{"Name": "a", "Body": {"x": [1, 2]}}, {"Name": "b", "Body": None}],
        headers=client.auth(admin),
    ).json
    assert len(rows) == 2

    other = without_json
    headers = other.auth(admin)
    meta = other.get(f"/api/v1/db/meta/tables/{table['id']}", headers=headers).json
    assert [(c["title"], c["uidt"]) for c in meta["columns"] if not c.get("system") and not c.get("pk")] == [
        ("Name", "SingleLineText"),
        ("Body", "JSON"),
    ]
    listed = other.get(f"/api/v2/tables/{table['id']}/records", headers=headers).json["list"]
    stored = [(r["Name"], r["Body"]) for r in listed]
    # The stored text of the JSON value, read as the database returns it.
    assert stored[1] == ("b", None)
    assert stored[0][0] == "a"
    assert stored[0][1] is not None
    assert "1" in str(stored[0][1])

    # Writing it is ignored while the type is away; the other fields are written as before.
    record_id = listed[0]["Id"]
    other.patch_json(
        f"/api/v2/tables/{table['id']}/records",
        [{"Id": record_id, "Name": "a2", "Body": {"y": 1}}],
        headers=headers,
    )
    again = other.get(f"/api/v2/tables/{table['id']}/records/{record_id}", headers=headers).json
    assert again["Name"] == "a2"
    assert again["Body"] == listed[0]["Body"]

    # Null checks filter on it; other operators are refused with a message.
    blank = other.get(f"/api/v2/tables/{table['id']}/records", params={"where": "(Body,null)"}, headers=headers).json[
        "list"
    ]
    assert [r["Name"] for r in blank] == ["b"]
    refused = other.get(
        f"/api/v2/tables/{table['id']}/records", params={"where": "(Body,like,x)"}, headers=headers, status=400
    ).json
    assert "msg" in refused

    # The project's OpenAPI document is still served.
    other.get(f"/api/v1/db/meta/projects/{project['id']}/swagger.json", headers=headers, status=200)

    # Back on: the value reads as a JSON value again, untouched.
    back = client.get(f"/api/v2/tables/{table['id']}/records/{record_id}", headers=client.auth(admin)).json
    assert back["Body"] == {"x": [1, 2]}

    # Deleting the field while its type is away works.
    body = next(c for c in meta["columns"] if c["title"] == "Body")
    other.delete(f"/api/v1/db/meta/columns/{body['id']}", headers=headers)
    final = client.get(f"/api/v2/tables/{table['id']}/records/{record_id}", headers=client.auth(admin)).json
    assert "Body" not in final
    assert final["Name"] == "a2"

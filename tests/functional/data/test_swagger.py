"""The OpenAPI document of one project's records API: valid OpenAPI 3.1, a path set and a
schema per table with each field's JSON type, usable as documented, readable by members."""

import pytest
from openapi_spec_validator import validate

from tests.common import accounts
from workbench.testing.tables import MIXED_COLUMNS, create_table

pytestmark = pytest.mark.dialects

EXTRA = [
    {"title": "Code", "uidt": "SingleLineText", "rqd": True},
    {"title": "Twice", "uidt": "Formula", "formula_raw": "{Qty} * 2"},
]


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    tasks = create_table(client, admin, project["id"], "Tasks", MIXED_COLUMNS + EXTRA)
    other = create_table(client, admin, project["id"], "My {odd} table", [{"title": "Name"}])
    return {"client": client, "admin": admin, "project": project, "tasks": tasks, "other": other}


def swagger(ctx, token=None, status=200, v2=False):
    pid = ctx["project"]["id"]
    url = f"/api/v2/meta/bases/{pid}/swagger.json" if v2 else f"/api/v1/db/meta/projects/{pid}/swagger.json"
    headers = ctx["client"].auth(token) if token else {}
    return ctx["client"].get(url, headers=headers, status=status).json


def test_document_is_valid_openapi(ctx):
    document = swagger(ctx, ctx["admin"])
    validate(document)
    assert document["openapi"] == "3.1.0"
    assert document["info"]["title"] == "Shop (Workbench project)"
    assert swagger(ctx, ctx["admin"], v2=True) == document


def test_paths_of_every_table(ctx):
    document = swagger(ctx, ctx["admin"])
    pid, tasks, other = ctx["project"]["id"], ctx["tasks"], ctx["other"]
    v1 = f"/api/v1/db/data/noco/{pid}/Tasks"
    assert set(document["paths"][v1]) == {"get", "post"}
    assert set(document["paths"][f"{v1}/{{rowId}}"]) == {"get", "patch", "delete"}
    assert set(document["paths"][f"{v1}/count"]) == {"get"}
    assert [p["name"] for p in document["paths"][f"{v1}/groupby"]["get"]["parameters"]][:2] == ["column_name", "sort"]
    v2 = f"/api/v2/tables/{tasks['id']}/records"
    assert set(document["paths"][v2]) == {"get", "post", "patch", "delete"}
    assert f"{v2}/{{recordId}}" in document["paths"]
    # Titles are escaped in paths: braces are not read as parameters.
    assert f"/api/v1/db/data/noco/{pid}/My%20%7Bodd%7D%20table" in document["paths"]
    assert f"/api/v2/tables/{other['id']}/records" in document["paths"]
    assert [t["name"] for t in document["tags"]] == ["Tasks", "My {odd} table"]


def test_schemas_carry_each_field_json_type(ctx):
    schemas = swagger(ctx, ctx["admin"])["components"]["schemas"]
    row = schemas["Tasks"]["properties"]
    assert row["Id"]["type"] == "integer"
    assert row["Qty"]["type"] == ["integer", "null"]
    assert row["Price"]["type"] == ["number", "null"]
    assert row["Ok"]["type"] == ["boolean", "null"]
    assert row["Mail"]["format"] == "email"
    assert row["Due"]["format"] == "date"
    assert row["Status"]["enum"] == ["todo", "done", None]
    assert row["Data"] == {"title": "Data"}
    assert row["Twice"]["type"] == ["number", "null"]
    request = schemas["TasksRequest"]
    assert "Id" not in request["properties"]
    assert "Twice" not in request["properties"]
    assert "Name" in request["properties"]
    assert request["required"] == ["Code"]
    assert schemas["My_odd_table"]["properties"]["Name"]["type"] == ["string", "null"]


def test_documented_paths_answer(ctx):
    client, h = ctx["client"], ctx["client"].auth(ctx["admin"])
    document = swagger(ctx, ctx["admin"])
    pid, tasks = ctx["project"]["id"], ctx["tasks"]
    client.post_json(f"/api/v2/tables/{tasks['id']}/records", {"Name": "x", "Code": "c1"}, headers=h)
    for path in (f"/api/v1/db/data/noco/{pid}/My%20%7Bodd%7D%20table", f"/api/v1/db/data/noco/{pid}/Tasks"):
        assert path in document["paths"]
        assert "list" in client.get(path, headers=h).json
    assert client.get(f"/api/v1/db/data/noco/{pid}/Tasks/1", headers=h).json["Code"] == "c1"
    groups = client.get(f"/api/v1/db/data/noco/{pid}/Tasks/groupby", params={"column_name": "Code"}, headers=h).json
    assert groups["list"] == [{"Code": "c1", "count": 1}]


def test_members_only(ctx):
    client = ctx["client"]
    swagger(ctx, status=401)
    outsider = client.signup("outsider@example.com")
    swagger(ctx, outsider, status=403)
    viewer = client.signup("viewer@example.com")
    accounts.add_member(client, ctx["admin"], ctx["project"]["id"], "viewer@example.com", "viewer")
    assert swagger(ctx, viewer)["paths"]
    client.get("/api/v1/db/meta/projects/p_nope/swagger.json", headers=client.auth(ctx["admin"]), status=404)

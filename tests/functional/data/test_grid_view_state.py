"""A grid view's column widths (saved per view, checked) and the per-field filter operators
the grid offers."""

import pytest

from tests.common import accounts
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def env(client, admin):
    project = client.create_project(admin, "Grid")
    table = create_table(
        client,
        admin,
        project["id"],
        "Things",
        [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}, {"title": "Ok", "uidt": "Checkbox"}],
    )
    return client, client.auth(admin), project, table


def _columns(client, h, view_id):
    items = client.get(f"/api/v1/db/meta/views/{view_id}/columns", headers=h).json["list"]
    return {vc["fk_column_id"]: vc for vc in items}


def test_width_is_saved_per_view_and_read_back(env):
    client, h, _project, table = env
    view_id = table["views"][0]["id"]
    name = next(c for c in table["columns"] if c["title"] == "Name")
    url = f"/api/v1/db/meta/views/{view_id}/columns/{name['id']}"
    assert client.patch_json(url, {"width": 320}, headers=h).json["width"] == "320px"
    assert _columns(client, h, view_id)[name["id"]]["width"] == "320px"
    assert client.patch_json(url, {"width": "250px"}, headers=h).json["width"] == "250px"
    assert _columns(client, h, view_id)[name["id"]]["width"] == "250px"


@pytest.mark.parametrize("width", [10, 5000, "wide", None, True, "px", [200]])
def test_invalid_width_is_400_and_changes_nothing(env, width):
    client, h, _project, table = env
    view_id = table["views"][0]["id"]
    name = next(c for c in table["columns"] if c["title"] == "Name")
    url = f"/api/v1/db/meta/views/{view_id}/columns/{name['id']}"
    client.patch_json(url, {"width": 300}, headers=h)
    res = client.patch_json(url, {"width": width, "order": 99}, headers=h, status=400).json
    assert "width" in res["msg"]
    after = _columns(client, h, view_id)[name["id"]]
    assert after["width"] == "300px"
    assert after["order"] != 99


def test_a_viewer_cannot_resize(env):
    client, h, project, table = env
    viewer = accounts.user(client, "viewer@example.com")
    client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/users", {"email": "viewer@example.com", "roles": "viewer"}, headers=h
    )
    view_id = table["views"][0]["id"]
    name = next(c for c in table["columns"] if c["title"] == "Name")
    url = f"/api/v1/db/meta/views/{view_id}/columns/{name['id']}"
    client.patch_json(url, {"width": 300}, headers=client.auth(viewer), status=403)


def test_filter_operators_per_field(env):
    client, h, _project, table = env
    items = client.get(f"/api/v2/meta/tables/{table['id']}/filter-operators", headers=h).json["list"]
    by_title = {c["id"]: c["title"] for c in table["columns"]}
    ops = {by_title[i["fk_column_id"]]: i for i in items}
    assert "like" in ops["Name"]["operators"]
    assert "gt" not in ops["Name"]["operators"]
    assert "gt" in ops["Qty"]["operators"]
    assert "like" not in ops["Qty"]["operators"]
    assert ops["Ok"]["operators"] == ["checked", "notchecked"]
    assert ops["Ok"]["unary"] == ["checked", "notchecked"]
    assert "btw" in ops["Qty"]["list"]

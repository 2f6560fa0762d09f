"""Tables meta API: create with system columns and a default view, list, read, rename,
reorder, delete; title rules and physical names; DDL and meta in one unit of work."""

import pytest

from workbench.hookspecs import hookimpl
from workbench.testing.app import make_app, wipe_data, wipe_meta
from workbench.testing.client import Client
from workbench.testing.tables import create_table, physical_columns

pytestmark = pytest.mark.dialects


@pytest.fixture
def project(client, admin):
    return client.create_project(admin, "Data")


def test_create_table_with_system_columns_and_default_view(client, admin, project, data_app):
    table = create_table(client, admin, project["id"], "Tasks", [{"title": "Name", "uidt": "SingleLineText"}])
    assert table["id"].startswith("md_")
    assert table["table_name"] == "tasks"
    columns = {c["title"]: c for c in table["columns"]}
    assert [c["title"] for c in table["columns"]] == ["Id", "Name", "CreatedAt", "UpdatedAt"]
    assert (columns["Id"]["pk"], columns["Id"]["ai"], columns["Id"]["uidt"]) == (True, True, "ID")
    assert (columns["CreatedAt"]["column_name"], columns["CreatedAt"]["system"]) == ("created_at", True)
    assert columns["UpdatedAt"]["uidt"] == "LastModifiedTime"
    assert columns["Name"]["pv"] is True
    assert all(c["id"].startswith("cl_") for c in table["columns"])
    [view] = table["views"]
    assert view["id"].startswith("vw_")
    assert (view["type"], view["is_default"]) == (3, True)
    physical = physical_columns(data_app, project["id"])
    assert physical["tasks"] == {"id", "name", "created_at", "updated_at"}


@pytest.mark.parametrize("title", ["", "   ", "a.b", "a/b", "a\\b"])
def test_table_title_rules(client, admin, project, title):
    res = create_table(client, admin, project["id"], title, [], status=400)
    assert "name" in res["msg"].lower()


def test_a_taken_title_is_refused_and_physical_names_are_made_unique(client, admin, project, data_app):
    first = create_table(client, admin, project["id"], "Ünïcode Tasks!", [{"title": "Näme?", "uidt": "SingleLineText"}])
    tables = f"/api/v1/db/meta/projects/{project['id']}/tables"
    before = client.get(tables, headers=client.auth(admin)).json
    for title in ("Ünïcode Tasks!", "ünïcode tasks!"):
        refused = create_table(client, admin, project["id"], title, [], status=400)
        assert refused == {"msg": "Duplicate table alias"}
    assert client.get(tables, headers=client.auth(admin)).json == before
    # Different titles of one physical name: the physical name takes a suffix.
    second = create_table(client, admin, project["id"], "Ünïcode Tasks?", [])
    third = create_table(client, admin, project["id"], "Unicode tasks", [])
    assert (first["table_name"], second["table_name"], third["table_name"]) == (
        "unicode_tasks",
        "unicode_tasks_1",
        "unicode_tasks_2",
    )
    assert first["columns"][1]["column_name"] == "name"
    assert {"unicode_tasks", "unicode_tasks_1", "unicode_tasks_2"} <= set(physical_columns(data_app, project["id"]))


def test_an_id_field_given_without_flags_is_the_primary_key(client, admin, project):
    columns = [
        {"column_name": "id", "title": "Id", "uidt": "ID"},
        {"column_name": "name", "title": "Name", "uidt": "SingleLineText"},
    ]
    table = create_table(client, admin, project["id"], "People", columns)
    by_title = {c["title"]: c for c in table["columns"]}
    assert (by_title["Id"]["pk"], by_title["Id"]["ai"]) == (True, True)
    url = f"/api/v2/tables/{table['id']}/records"
    assert client.post_json(url, {"Name": "Ann"}, headers=client.auth(admin)).json == {"Id": 1}


def test_the_same_title_in_another_project_is_free(client, admin, project):
    create_table(client, admin, project["id"], "Tasks", [])
    other = client.create_project(admin, "Other")
    assert create_table(client, admin, other["id"], "Tasks", [])["title"] == "Tasks"


def test_titles_with_sql_characters_are_only_data(client, admin, project, data_app):
    title = 'x"; DROP TABLE wb_users; --'
    table = create_table(client, admin, project["id"], title, [{"title": "a`b'c\"d", "uidt": "Number"}])
    assert table["title"] == title
    url = f"/api/v2/tables/{table['id']}/records"
    client.post_json(url, {"a`b'c\"d": 7}, headers=client.auth(admin))
    rows = client.get(url, {"where": "(a`b'c\"d,eq,7)"}, headers=client.auth(admin)).json["list"]
    assert rows[0]["a`b'c\"d"] == 7
    assert client.get("/api/v1/auth/user/me", headers=client.auth(admin)).json["email"] == "admin@example.com"


@pytest.mark.parametrize("prefix", ["/api/v1/db/meta/projects", "/api/v2/meta/bases"])
def test_list_and_read(client, admin, project, prefix):
    a = create_table(client, admin, project["id"], "A", [])
    b = create_table(client, admin, project["id"], "B", [])
    listed = client.get(f"{prefix}/{project['id']}/tables", headers=client.auth(admin)).json
    assert [t["title"] for t in listed["list"]] == ["A", "B"]
    assert listed["pageInfo"]["totalRows"] == 2
    read_prefix = prefix.replace("projects", "tables").replace("bases", "tables")
    read = client.get(f"{read_prefix}/{b['id']}", headers=client.auth(admin)).json
    assert read["id"] == b["id"]
    assert read["columns"]
    assert read["views"]
    assert a["id"] != b["id"]


def test_rename_keeps_physical_name_and_reorder(client, admin, project):
    a = create_table(client, admin, project["id"], "A", [])
    b = create_table(client, admin, project["id"], "B", [])
    renamed = client.patch_json(f"/api/v2/meta/tables/{a['id']}", {"title": "Renamed"}, headers=client.auth(admin)).json
    assert (renamed["title"], renamed["table_name"]) == ("Renamed", "a")
    refused = client.patch_json(
        f"/api/v1/db/meta/tables/{b['id']}", {"title": "renamed"}, headers=client.auth(admin), status=400
    ).json
    assert refused == {"msg": "Duplicate table alias"}
    client.patch_json(f"/api/v1/db/meta/tables/{b['id']}", {"title": "a/b"}, headers=client.auth(admin), status=400)
    client.post_json(f"/api/v1/db/meta/tables/{b['id']}/reorder", {"order": 0}, headers=client.auth(admin))
    listed = client.get(f"/api/v1/db/meta/projects/{project['id']}/tables", headers=client.auth(admin)).json
    assert [t["title"] for t in listed["list"]] == ["B", "Renamed"]


def test_delete_table_drops_physical_table(client, admin, project, data_app):
    table = create_table(client, admin, project["id"], "Gone", [])
    client.delete(f"/api/v1/db/meta/tables/{table['id']}", headers=client.auth(admin))
    client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=client.auth(admin), status=404)
    client.get(f"/api/v2/tables/{table['id']}/records", headers=client.auth(admin), status=404)
    assert "gone" not in physical_columns(data_app, project["id"])


def test_permissions(client, admin, project):
    table = create_table(client, admin, project["id"], "T", [])
    viewer = client.signup("viewer@example.com")
    client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=client.auth(viewer), status=403)
    client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/users",
        {"email": "viewer@example.com", "roles": "viewer"},
        headers=client.auth(admin),
    )
    client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=client.auth(viewer))
    client.get(f"/api/v2/tables/{table['id']}/records", headers=client.auth(viewer))
    client.patch_json(f"/api/v1/db/meta/tables/{table['id']}", {"title": "X"}, headers=client.auth(viewer), status=403)
    client.post_json(f"/api/v2/tables/{table['id']}/records", {}, headers=client.auth(viewer), status=403)
    client.get("/api/v1/db/meta/tables/md_missing", headers=client.auth(admin), status=404)


class _FailOnMetaChange:
    """Raises after the DDL of a table named 'Boom' ran, so the request must abort."""

    @hookimpl
    def on_meta_changed(self, request, kind, action, obj):
        if obj.get("title") == "Boom" or obj.get("title") == "Boom column":
            raise RuntimeError("refused by a plugin")


@pytest.fixture
def failing_app(db_url, data_db_url, tmp_path):
    settings = {"workbench.data.url": data_db_url} if data_db_url else {}
    app = make_app(db_url, tmp_path, **settings, **{"workbench.plugins.extra": [("fail", _FailOnMetaChange())]})
    yield app
    wipe_meta(app)
    wipe_data(app)
    app.registry["source_engines"].dispose_all()
    app.registry["db_engine"].dispose()


def test_failure_after_ddl_leaves_meta_and_data_as_they_were(failing_app):
    client = Client(failing_app)
    token = client.signup("owner@example.com")
    project = client.create_project(token, "P")
    create_table(client, token, project["id"], "Boom", [{"title": "Name"}], status=500)
    ok = create_table(client, token, project["id"], "Fine", [{"title": "Name"}])
    listed = client.get(f"/api/v1/db/meta/projects/{project['id']}/tables", headers=client.auth(token)).json
    assert [t["title"] for t in listed["list"]] == ["Fine"]
    assert set(physical_columns(failing_app, project["id"])) == {"fine"}
    client.post_json(
        f"/api/v1/db/meta/tables/{ok['id']}/columns",
        {"title": "Boom column", "uidt": "Number"},
        headers=client.auth(token),
        status=500,
    )
    assert physical_columns(failing_app, project["id"])["fine"] == {"id", "name", "created_at", "updated_at"}
    read = client.get(f"/api/v1/db/meta/tables/{ok['id']}", headers=client.auth(token)).json
    assert [c["title"] for c in read["columns"]] == ["Id", "Name", "CreatedAt", "UpdatedAt"]


def test_reserved_words_as_names(client, admin, project):
    table = create_table(
        client,
        admin,
        project["id"],
        "Order",
        [{"title": "Select", "uidt": "Number"}, {"title": "Group"}, {"title": "from"}],
    )
    assert table["table_name"] == "order"
    url = f"/api/v2/tables/{table['id']}/records"
    h = client.auth(admin)
    client.post_json(url, [{"Select": 2, "Group": "g", "from": "x"}, {"Select": 1, "Group": "h"}], headers=h)
    rows = client.get(url, {"where": "(Group,eq,g)~or(from,blank)", "sort": "Select"}, headers=h).json["list"]
    assert [r["Select"] for r in rows] == [1, 2]


def test_deleting_a_project_drops_its_tables(client, admin, data_app):
    project = client.create_project(admin, "Doomed")
    keep = client.create_project(admin, "Kept")
    create_table(client, admin, project["id"], "Doomed table", [])
    create_table(client, admin, keep["id"], "Kept table", [])
    client.delete(f"/api/v1/db/meta/projects/{project['id']}", headers=client.auth(admin))
    assert "kept_table" in physical_columns(data_app, keep["id"])
    if data_app.registry.settings.get("workbench.data.url"):  # one shared database: its tables are dropped
        assert "doomed_table" not in physical_columns(data_app, keep["id"])

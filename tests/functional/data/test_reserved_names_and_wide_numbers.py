"""Names a database keeps for itself and numbers wider than 64 bits: a table titled like
SQLite's or PostgreSQL's own tables (``sqlite_*``, ``pg_*``) gets a physical name of its
own, a reserved physical name asked for is refused, and an integer past 64 bits in a
SpecificDBType field is refused with a message; never a 500, on every dialect."""

from __future__ import annotations

import pytest

from workbench.testing.tables import create_table, physical_columns

pytestmark = pytest.mark.dialects


@pytest.fixture
def project(client, admin):
    return client.create_project(admin, "Reserved")


@pytest.mark.parametrize(
    "title", ["sqlite_master", "sqlite_sequence", "SQLite_Stat1", "sqlite_", "pg_class", "information_schema"]
)
def test_a_title_like_sqlites_own_tables_gets_a_safe_physical_name(client, admin, project, data_app, title):
    table = create_table(client, admin, project["id"], title, [{"title": "Name"}])
    assert table["title"] == title
    assert not table["table_name"].lower().startswith(("sqlite_", "pg_"))
    assert table["table_name"] in physical_columns(data_app, project["id"])
    url = f"/api/v2/tables/{table['id']}/records"
    client.post_json(url, {"Name": "a"}, headers=client.auth(admin))
    assert [r["Name"] for r in client.get(url, headers=client.auth(admin)).json["list"]] == ["a"]


@pytest.mark.parametrize("table_name", ["sqlite_master", "PG_class"])
def test_a_reserved_physical_name_is_refused(client, admin, project, data_app, table_name):
    res = client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/tables",
        {"title": "Mine", "table_name": table_name, "columns": [{"title": "Name"}]},
        headers=client.auth(admin),
        status=400,
    )
    assert res.json == {"msg": "Table names starting with 'sqlite_' or 'pg_' are reserved by the database"}
    assert client.get(f"/api/v1/db/meta/projects/{project['id']}/tables", headers=client.auth(admin)).json["list"] == []


@pytest.mark.parametrize("value", [2**63, 2**64, -(2**63) - 1, 10**40])
def test_a_specific_db_type_integer_past_64_bits_is_refused(client, admin, project, value):
    table = create_table(client, admin, project["id"], "Native", [{"title": "Raw", "uidt": "SpecificDBType"}])
    url = f"/api/v2/tables/{table['id']}/records"
    h = client.auth(admin)
    res = client.post_json(url, {"Raw": value}, headers=h, status=422)
    assert res.json == {
        "msg": "Invalid value for field 'Raw': integers are limited to 64 bits; send a larger number as text"
    }
    created = client.post_json(url, {"Raw": 2**63 - 1}, headers=h).json
    client.patch_json(url, {"Id": created["Id"], "Raw": value}, headers=h, status=422)
    assert client.get(f"{url}/{created['Id']}", headers=h).json["Raw"] in (2**63 - 1, str(2**63 - 1))
    assert client.get(url, headers=h).json["pageInfo"]["totalRows"] == 1
    # As text, a number of any size is kept.
    client.patch_json(url, {"Id": created["Id"], "Raw": str(value)}, headers=h)
    assert client.get(f"{url}/{created['Id']}", headers=h).json["Raw"] == str(value)

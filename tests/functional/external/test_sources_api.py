"""The sources API in NocoDB's shapes (list, create, read, update, delete under
/api/v2/meta/bases/{baseId}/sources), the connection test with clear errors, the host
check, a client contributed by a plugin, and meta diff and sync after the database
changed behind Workbench's back."""

from __future__ import annotations

import time
import types

import pytest

from tests.functional.external.schemas import ExternalDatabase
from workbench.plugin_api import DatabaseClient, hookimpl
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins


def sources_url(project_id, source_id=None):
    return f"/api/v2/meta/bases/{project_id}/sources" + (f"/{source_id}" if source_id else "")


def add_source(client, token, project_id, config, status=200):
    return client.post_json(
        sources_url(project_id), {"alias": "Shop DB", "config": config}, headers=client.auth(token), status=status
    ).json


def table_titles(client, token, project_id):
    res = client.get(f"/api/v1/db/meta/projects/{project_id}/tables", headers=client.auth(token))
    return {t["title"]: t for t in res.json["list"]}


def test_sources_are_listed_created_read_updated_and_deleted(ext_client, ext_admin, database):
    h = ext_client.auth(ext_admin)
    project = ext_client.create_project(ext_admin, "Mixed")
    source = add_source(ext_client, ext_admin, project["id"], database.config())
    assert source["type"] == database.config()["client"]
    assert source["alias"] == "Shop DB"
    listed = ext_client.get(sources_url(project["id"]), headers=h).json["list"]
    assert [s["is_default"] for s in listed] == [True, False]  # the embedded one stays first
    assert "customers" in table_titles(ext_client, ext_admin, project["id"])
    read = ext_client.get(sources_url(project["id"], source["id"]), headers=h).json
    assert read["config"]["client"] == database.config()["client"]
    updated = ext_client.patch_json(sources_url(project["id"], source["id"]), {"alias": "Renamed"}, headers=h).json
    assert updated["alias"] == "Renamed"
    # a new connection that does not work is refused and the old one kept
    if database.kind != "sqlite":
        bad = database.config(port=1)
        res = ext_client.patch_json(sources_url(project["id"], source["id"]), {"config": bad}, headers=h, status=400)
        assert "refused" in res.json["msg"].lower()
        kept = ext_client.get(sources_url(project["id"], source["id"]), headers=h).json
        assert kept["config"]["connection"]["port"] == database.config()["connection"]["port"]
    ext_client.delete(sources_url(project["id"], source["id"]), headers=h)
    assert "customers" not in table_titles(ext_client, ext_admin, project["id"])
    assert database.scalar("SELECT count(*) FROM customers") == 2  # the database is untouched
    default = listed[0]["id"]
    res = ext_client.delete(sources_url(project["id"], default), headers=h, status=400)
    assert "embedded" in res.json["msg"]


def test_only_those_who_manage_sources_may_connect(ext_client, ext_admin, database):
    project = ext_client.create_project(ext_admin, "Guarded")
    editor = ext_client.signup("editor@example.com")
    ext_client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/users",
        {"email": "editor@example.com", "roles": "editor"},
        headers=ext_client.auth(ext_admin),
    )
    add_source(ext_client, editor, project["id"], database.config(), status=403)


def test_a_changed_password_reconnects(ext_client, ext_admin, database):
    if database.kind != "pg":
        pytest.skip("roles with passwords are made on PostgreSQL here")
    h = ext_client.auth(ext_admin)
    project = ext_client.create_project(ext_admin, "Creds")
    source = add_source(ext_client, ext_admin, project["id"], database.config(password="one"))
    customers = table_titles(ext_client, ext_admin, project["id"])["customers"]["id"]
    ext_client.get(f"/api/v2/tables/{customers}/records", headers=h)
    engines = ext_client.app.registry["source_engines"]
    first = engines._engines[source["id"]][1]
    ext_client.patch_json(
        sources_url(project["id"], source["id"]), {"config": database.config(password="two")}, headers=h
    )
    ext_client.get(f"/api/v2/tables/{customers}/records", headers=h)
    second = engines._engines[source["id"]][1]
    assert second is not first
    assert second.url.password == "two"


def test_the_connection_test_says_what_is_wrong(ext_client, ext_admin, silent_port, external_folder):
    h = ext_client.auth(ext_admin)
    url = "/api/v1/db/meta/connection/test"
    db = ExternalDatabase("pg", external_folder)
    try:
        assert ext_client.post_json(url, db.config(), headers=h).json["code"] == 0
        cases = [
            (db.config(user="nobody_here"), "Wrong user name or password"),
            (db.config(database="no_such_db"), "database does not exist"),
            (db.config(host="no-such-host.invalid"), "Unknown host"),
            (db.config(port=1), "Connection refused"),
            (db.config(port=silent_port), "Timed out"),
            (
                {"client": "mysql2", "connection": {"host": "127.0.0.1", "port": silent_port, "user": "root"}},
                "Timed out",
            ),
            ({"client": "mysql2", "connection": {"host": "127.0.0.1", "user": "nobody_here"}}, "Wrong user name"),
            (
                {"client": "mssql", "connection": {"host": "127.0.0.1", "user": "sa"}},
                "driver (pymssql) is not installed",
            ),
        ]
        for config, message in cases:
            started = time.monotonic()
            res = ext_client.post_json(url, config, headers=h, status=400)
            assert message in res.json["msg"], (config, res.json)
            assert time.monotonic() - started < 5
    finally:
        db.drop()


def test_private_hosts_are_refused_unless_allowed(tmp_path):
    client = Client(app_with_plugins(tmp_path))  # production's default: private addresses refused
    token = client.signup("admin@example.com")
    h = client.auth(token)
    for host in ("127.0.0.1", "localhost", "10.1.2.3", "[::1]", "::ffff:127.0.0.1"):
        config = {"client": "pg", "connection": {"host": host, "user": "postgres"}}
        res = client.post_json("/api/v1/db/meta/connection/test", config, headers=h, status=400)
        assert res.json["msg"] == "ip not allowed"
        body = {"title": "Nope", "bases": [{"config": config}]}
        assert client.post_json("/api/v1/db/meta/projects", body, headers=h, status=400).json["msg"] == "ip not allowed"
    assert client.get("/api/v1/db/meta/projects", headers=h).json["list"] == []


class Echo(DatabaseClient):
    name = "echo"
    driver = "sqlite+pysqlite"
    default_port = 9999
    fields = ("host", "port")


echo_plugin = types.SimpleNamespace(register_database_clients=hookimpl(lambda: [Echo]))


def test_hook_register_database_clients(tmp_path):
    app = app_with_plugins(tmp_path, ("echo_client", echo_plugin))
    assert "echo" in app.registry["database_clients"]
    client = Client(app)
    token = client.signup("admin@example.com")
    catalogue = client.get("/api/v1/catalogue", headers=client.auth(token)).json
    clients = {c["name"]: c for c in catalogue["databaseClients"]}
    assert {"pg", "mysql2", "sqlite3", "mssql", "vitess", "echo"} <= set(clients)
    assert clients["echo"]["defaultPort"] == 9999
    assert clients["echo"]["plugin"] == "echo_client"
    assert clients["pg"]["defaultSearchPath"] == ["public"]
    assert clients["pg"]["label"]
    assert clients["sqlite3"]["fields"] == ["filename"]


def test_meta_diff_and_sync_follow_changes_behind_workbenchs_back(ext_client, ext_admin, database):
    h = ext_client.auth(ext_admin)
    project = ext_client.create_project(ext_admin, "Drift")
    add_source(ext_client, ext_admin, project["id"], database.config())
    tables = table_titles(ext_client, ext_admin, project["id"])
    # a title people gave survives the sync
    ext_client.patch_json(f"/api/v1/db/meta/tables/{tables['tags']['id']}", {"title": "Labels"}, headers=h)
    diff_url = f"/api/v1/db/meta/projects/{project['id']}/meta-diff"
    assert ext_client.get(diff_url, headers=h).json == []
    quote = '"' if database.kind != "mariadb" else "`"
    note = '"note ""quoted"""' if database.kind != "mariadb" else '`note "quoted"`'
    database.execute_script(
        f"ALTER TABLE customers ADD COLUMN nickname varchar(40);\n"
        f"CREATE TABLE {quote}new things{quote} (id integer PRIMARY KEY, label varchar(20));\n"
        f"DROP VIEW big_orders;\n"
        f"ALTER TABLE orders DROP COLUMN {note}"
    )
    changes = {c["table_name"]: c for c in ext_client.get(diff_url, headers=h).json}
    assert [d["type"] for d in changes["customers"]["detectedChanges"]] == ["COLUMN_NEW"]
    assert [d["type"] for d in changes["new things"]["detectedChanges"]] == ["TABLE_NEW"]
    assert [d["type"] for d in changes["big_orders"]["detectedChanges"]] == ["TABLE_REMOVE"]
    assert [d["type"] for d in changes["orders"]["detectedChanges"]] == ["COLUMN_REMOVE"]
    counts = ext_client.post_json(diff_url, {}, headers=h).json
    assert counts["tablesAdded"] == 1
    assert counts["tablesRemoved"] == 1
    assert counts["columnsAdded"] == 1
    assert counts["columnsRemoved"] == 1
    assert ext_client.get(diff_url, headers=h).json == []
    after = table_titles(ext_client, ext_admin, project["id"])
    assert "Labels" in after
    assert "tags" not in after
    assert "new things" in after
    assert "big_orders" not in after
    customers = after["customers"]["id"]
    ext_client.patch_json(f"/api/v2/tables/{customers}/records", {"id": 1, "nickname": "Annie"}, headers=h)
    assert database.scalar("SELECT nickname FROM customers WHERE id = 1") == "Annie"
    orders = ext_client.get(f"/api/v2/tables/{after['orders']['id']}/records", headers=h).json["list"]
    assert all('note "quoted"' not in row for row in orders)
    assert len(orders) == 3


def test_connection_attempts_are_limited_per_user(tmp_path):
    app = app_with_plugins(tmp_path, **{"workbench.rate_limit.source_connect_user": "2/1h"})
    client = Client(app)
    h = client.auth(client.signup("admin@example.com"))
    config = {"client": "pg", "connection": {"host": "127.0.0.1", "user": "postgres"}}
    for _ in range(2):
        assert client.post_json("/api/v1/db/meta/connection/test", config, headers=h, status=400).json["msg"] == (
            "ip not allowed"
        )
    res = client.post_json("/api/v1/db/meta/connection/test", config, headers=h, status=429)
    assert "Too many attempts to connect a database" in res.json["msg"]
    body = {"title": "Again", "bases": [{"config": config}]}
    client.post_json("/api/v1/db/meta/projects", body, headers=h, status=429)
    client.post_json("/api/v1/db/meta/projects", {"title": "Plain"}, headers=h)  # no database: not counted


def test_a_statement_may_run_past_the_connect_timeout_within_its_budget(ext_app, external_folder):
    from workbench.sources import config as source_config
    from workbench.sources.connect import build_engine

    db = ExternalDatabase("mariadb", external_folder)
    try:
        config = source_config.normalise(ext_app.registry, db.config())
        engine = build_engine(ext_app.registry, config, statement_timeout=15)
        with engine.connect() as conn:  # the connect timeout is 3 s; the statement takes 3.5 s
            assert conn.exec_driver_sql("SELECT SLEEP(3.5)").scalar() == 0
        engine.dispose()
    finally:
        db.drop()

"""Connecting an existing database: a project made with its database in one call, tables
and views introspected into meta (titles as the database names them, types from the
catalogue, keys, links), records browsed, filtered and edited, secrets never shown."""

from __future__ import annotations

import sqlalchemy as sa

from tests.common import db as meta_db
from workbench.projects.models import Source


def connect_project(client, token, database, title="Shop"):
    body = {
        "title": title,
        "external": True,
        "bases": [{"type": database.config()["client"], "config": database.config()}],
    }
    return client.post_json("/api/v1/db/meta/projects", body, headers=client.auth(token)).json


def tables_of(client, token, project_id, **params):
    res = client.get(f"/api/v1/db/meta/projects/{project_id}/tables", params=params, headers=client.auth(token))
    return {t["title"]: t for t in res.json["list"]}


def table_meta(client, token, table_id):
    return client.get(f"/api/v1/db/meta/tables/{table_id}", headers=client.auth(token)).json


def test_a_project_is_created_with_its_database_and_tables(ext_client, ext_admin, database):
    project = connect_project(ext_client, ext_admin, database)
    kinds = [b["type"] for b in project["bases"]]
    assert kinds[0] == database.config()["client"]
    tables = tables_of(ext_client, ext_admin, project["id"])
    assert {"customers", "tags", "orders", "order lines", "products", "logs", "big_orders"} <= set(tables)
    assert "customer_tags" not in tables  # a junction table is hidden like Workbench's own
    assert "customer_tags" in tables_of(ext_client, ext_admin, project["id"], includeM2M="true")
    customers = table_meta(ext_client, ext_admin, tables["customers"]["id"])
    columns = {c["title"]: c for c in customers["columns"]}
    assert columns["id"]["pk"]
    assert columns["id"]["ai"]
    assert columns["full name"]["column_name"] == "full name"
    assert columns["full name"]["uidt"] == "SingleLineText"
    assert columns["full name"]["rqd"]  # NOT NULL without a default
    assert not columns["score"]["rqd"]  # NOT NULL with a default
    assert columns["score"]["uidt"] == "Number"
    assert columns["data"]["uidt"] == "JSON" or database.kind == "mariadb"
    if database.kind != "sqlite":
        assert columns["mood"]["uidt"] == "SingleSelect"
        titles = [o["title"] for o in columns["mood"]["colOptions"]["options"]]
        assert titles == ["happy", "sad", "ok"]
    if database.kind == "pg":
        assert columns["uid"]["uidt"] == "SpecificDBType"
        assert columns["address"]["uidt"] == "SpecificDBType"
        assert columns["tags"]["uidt"] == "SpecificDBType"
    links = {c["title"]: c for c in customers["columns"] if c["uidt"] in ("Links", "LinkToAnotherRecord")}
    assert links["orders"]["colOptions"]["type"] == "hm"
    # named after the related table; "tags_1" where a column is named "tags" already
    many = links["tags_1" if database.kind == "pg" else "tags"]["colOptions"]
    assert many["type"] == "mm"
    assert many["fk_related_model_id"] == tables["tags"]["id"]
    orders = table_meta(ext_client, ext_admin, tables["orders"]["id"])
    order_columns = {c["title"]: c for c in orders["columns"]}
    assert 'note "quoted"' in order_columns
    assert order_columns["customers"]["colOptions"]["type"] == "bt"
    products = {c["title"]: c for c in table_meta(ext_client, ext_admin, tables["products"]["id"])["columns"]}
    assert products["sku"]["pk"]
    assert products["region"]["pk"]


def test_records_are_browsed_filtered_and_edited(ext_client, ext_admin, database):
    project = connect_project(ext_client, ext_admin, database)
    h = ext_client.auth(ext_admin)
    tables = tables_of(ext_client, ext_admin, project["id"])
    customers, orders = tables["customers"]["id"], tables["orders"]["id"]
    page = ext_client.get(f"/api/v2/tables/{customers}/records", params={"sort": "-score"}, headers=h).json
    assert [r["full name"] for r in page["list"]] == ["Ann Lee", "Bob Stone"]
    found = ext_client.get(
        f"/api/v2/tables/{customers}/records", params={"where": "(full name,eq,Bob Stone)"}, headers=h
    ).json["list"]
    assert [r["id"] for r in found] == [2]
    created = ext_client.post_json(f"/api/v2/tables/{orders}/records", {'note "quoted"': "new", "qty": 4}, headers=h)
    new_id = created.json["id"]
    assert database.scalar(f"SELECT qty FROM orders WHERE id = {int(new_id)}") == 4
    ext_client.patch_json(f"/api/v2/tables/{orders}/records", {"id": new_id, "qty": 7}, headers=h)
    assert database.scalar(f"SELECT qty FROM orders WHERE id = {int(new_id)}") == 7
    ext_client.delete_json(f"/api/v2/tables/{orders}/records", {"id": new_id}, headers=h)
    assert database.scalar(f"SELECT count(*) FROM orders WHERE id = {int(new_id)}") == 0
    # A record of a composite key is addressed by its parts joined with ___
    product = ext_client.get(f"/api/v2/tables/{tables['products']['id']}/records/A1___US", headers=h).json
    assert product["name"] == "Lamp"
    assert float(product["price"]) == 25.0
    # A missing NOT NULL value without default is refused with the field's name
    res = ext_client.post_json(f"/api/v2/tables/{customers}/records", {"email": "x@example.com"}, headers=h, status=422)
    assert "full name" in res.json["msg"]


def test_views_and_tables_without_a_key_are_read_only(ext_client, ext_admin, database):
    project = connect_project(ext_client, ext_admin, database)
    h = ext_client.auth(ext_admin)
    tables = tables_of(ext_client, ext_admin, project["id"])
    big = ext_client.get(f"/api/v2/tables/{tables['big_orders']['id']}/records", headers=h).json["list"]
    assert [r["qty"] for r in big] == [9]
    res = ext_client.post_json(
        f"/api/v2/tables/{tables['big_orders']['id']}/records", {"qty": 10}, headers=h, status=403
    )
    assert "view" in res.json["msg"]
    logs = ext_client.get(f"/api/v2/tables/{tables['logs']['id']}/records", headers=h).json["list"]
    assert [r["message"] for r in logs] == ["started"]
    res = ext_client.post_json(
        f"/api/v2/tables/{tables['logs']['id']}/records", {"message": "x"}, headers=h, status=403
    )
    assert "primary key" in res.json["msg"]
    assert database.scalar("SELECT count(*) FROM logs") == 1


def test_links_follow_the_foreign_keys(ext_client, ext_admin, database):
    project = connect_project(ext_client, ext_admin, database)
    h = ext_client.auth(ext_admin)
    tables = tables_of(ext_client, ext_admin, project["id"])
    customers = table_meta(ext_client, ext_admin, tables["customers"]["id"])
    links = {c["title"]: c for c in customers["columns"] if c["colOptions"] and "type" in (c["colOptions"] or {})}
    base = f"/api/v2/tables/{customers['id']}/links"
    orders = ext_client.get(f"{base}/{links['orders']['id']}/records/1", headers=h).json["list"]
    assert sorted(o["id"] for o in orders) == [1, 2]
    tags_link = links["tags_1" if database.kind == "pg" else "tags"]["id"]
    tags = ext_client.get(f"{base}/{tags_link}/records/1", headers=h).json["list"]
    assert sorted(t["name"] for t in tags) == ["new", "vip"]
    ext_client.post_json(f"{base}/{tags_link}/records/2", [{"id": 1}], headers=h)
    assert database.scalar("SELECT count(*) FROM customer_tags WHERE customer_id = 2 AND tag_id = 1") == 1
    ext_client.post_json(f"{base}/{links['orders']['id']}/records/2", [{"id": 1}], headers=h)
    assert database.scalar("SELECT customer_id FROM orders WHERE id = 1") == 2


def test_workbench_never_changes_the_schema(ext_client, ext_admin, database):
    project = connect_project(ext_client, ext_admin, database)
    h = ext_client.auth(ext_admin)
    tables = tables_of(ext_client, ext_admin, project["id"])
    orders = tables["orders"]["id"]
    engine = sa.create_engine(database.url)
    before = sorted(sa.inspect(engine).get_table_names())
    columns_before = [c["name"] for c in sa.inspect(engine).get_columns("orders")]
    engine.dispose()
    res = ext_client.post_json(
        f"/api/v1/db/meta/tables/{orders}/columns", {"title": "Extra", "uidt": "SingleLineText"}, headers=h, status=403
    )
    assert "connected database" in res.json["msg"]
    ext_client.delete(f"/api/v1/db/meta/tables/{orders}", headers=h)
    engine = sa.create_engine(database.url)
    assert sorted(sa.inspect(engine).get_table_names()) == before
    assert [c["name"] for c in sa.inspect(engine).get_columns("orders")] == columns_before
    engine.dispose()
    # Deleting the project forgets the database; every table and row stays.
    ext_client.delete(f"/api/v1/db/meta/projects/{project['id']}", headers=h)
    engine = sa.create_engine(database.url)
    assert sorted(sa.inspect(engine).get_table_names()) == before
    engine.dispose()
    assert database.scalar("SELECT count(*) FROM orders") == 3
    if database.kind == "sqlite":
        assert database.path.is_file()


def test_the_password_is_sealed_and_never_shown(ext_client, ext_admin, database):
    if database.kind == "sqlite":
        return
    body = {"title": "Shop", "bases": [{"config": database.config(password="s3cret-Pw!")}]}
    if database.kind == "mariadb":
        database.execute_script(
            f"CREATE USER 'wbext_{database.name[-6:]}'@'%%' IDENTIFIED BY 's3cret-Pw!';\n"
            f"GRANT ALL ON `{database.name}`.* TO 'wbext_{database.name[-6:]}'@'%%'"
        )
        body["bases"][0]["config"]["connection"]["user"] = f"wbext_{database.name[-6:]}"
    project = ext_client.post_json("/api/v1/db/meta/projects", body, headers=ext_client.auth(ext_admin)).json
    source = next(b for b in project["bases"] if b.get("config"))
    assert source["config"]["connection"]["password"] is None
    assert source["config"]["connection"]["hasPassword"] is True
    listed = ext_client.get(
        f"/api/v2/meta/bases/{project['id']}/sources/{source['id']}", headers=ext_client.auth(ext_admin)
    ).text
    assert "s3cret-Pw!" not in listed
    stored = meta_db.execute(ext_client.app, sa.select(Source.__table__.c.config))
    assert all("s3cret-Pw!" not in str(row[0]) for row in stored)
    if database.kind == "mariadb":
        database.execute_script(f"DROP USER 'wbext_{database.name[-6:]}'@'%%'")


def test_a_views_filters_and_sorts_apply_to_an_external_table(ext_client, ext_admin, database):
    project = connect_project(ext_client, ext_admin, database)
    h = ext_client.auth(ext_admin)
    orders = table_meta(ext_client, ext_admin, tables_of(ext_client, ext_admin, project["id"])["orders"]["id"])
    view = orders["views"][0]
    qty = next(c for c in orders["columns"] if c["title"] == "qty")
    ext_client.post_json(
        f"/api/v1/db/meta/views/{view['id']}/filters",
        {"fk_column_id": qty["id"], "comparison_op": "gt", "value": "1"},
        headers=h,
    )
    ext_client.post_json(
        f"/api/v1/db/meta/views/{view['id']}/sorts", {"fk_column_id": qty["id"], "direction": "desc"}, headers=h
    )
    rows = ext_client.get(f"/api/v2/tables/{orders['id']}/records", params={"viewId": view["id"]}, headers=h).json[
        "list"
    ]
    assert [r["qty"] for r in rows] == [9, 3]
    count = ext_client.get(f"/api/v2/tables/{orders['id']}/records/count", params={"viewId": view["id"]}, headers=h)
    assert count.json["count"] == 2


def test_a_connection_lost_mid_request_answers_503(ext_client, ext_admin, database):
    if database.kind != "pg":
        return  # a backend that ends its own connection is a PostgreSQL trick
    database.execute_script(
        "CREATE FUNCTION end_me() RETURNS integer AS $$ SELECT pg_terminate_backend(pg_backend_pid())::integer $$ "
        "LANGUAGE sql;\nCREATE VIEW doomed AS SELECT end_me() AS x"
    )
    project = connect_project(ext_client, ext_admin, database)
    h = ext_client.auth(ext_admin)
    tables = tables_of(ext_client, ext_admin, project["id"])
    res = ext_client.get(f"/api/v2/tables/{tables['doomed']['id']}/records", headers=h, status=503)
    assert res.json["msg"].startswith("The database of this source cannot be reached")
    # the next request gets a fresh connection
    assert ext_client.get(f"/api/v2/tables/{tables['customers']['id']}/records", headers=h).json["list"]

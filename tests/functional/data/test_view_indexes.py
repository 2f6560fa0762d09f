"""Indexes the engine keeps for views' sorts and filters: made when a sort or filter is
added, dropped when nothing needs them, gone before their field is dropped, in the order
the records' queries read, and never made in a source whose index policy is off."""

import types

import pytest
import sqlalchemy as sa

from tests.common.db import execute
from workbench.data import indexes
from workbench.projects.models import Source
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

COLUMNS = [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}, {"title": "Notes", "uidt": "LongText"}]


@pytest.fixture
def ctx(client, admin, data_app):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    h = client.auth(admin)
    table = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=h).json
    row = execute(data_app, sa.select(Source).where(Source.project_id == project["id"]))[0]
    source = types.SimpleNamespace(id=row.id, type=row.type, config=row.config, is_default=row.is_default)
    engine = data_app.registry["source_engines"].get(source)
    columns = {c["title"]: c for c in table["columns"]}
    return {"client": client, "h": h, "table": table, "engine": engine, "columns": columns, "source_id": row.id}


def engine_indexes(ctx) -> dict[str, list[str]]:
    with ctx["engine"].connect() as conn:
        return indexes.existing(conn, ctx["table"]["table_name"])


def add_sort(ctx, view_id, title, direction="asc"):
    body = {"fk_column_id": ctx["columns"][title]["id"], "direction": direction}
    return ctx["client"].post_json(f"/api/v1/db/meta/views/{view_id}/sorts", body, headers=ctx["h"]).json


def test_sorts_and_filters_are_indexed_then_dropped(ctx):
    client, h, view_id = ctx["client"], ctx["h"], ctx["table"]["views"][0]["id"]
    qty, name = ctx["columns"]["Qty"]["column_name"], ctx["columns"]["Name"]["column_name"]
    assert engine_indexes(ctx) == {}
    sort = add_sort(ctx, view_id, "Qty", "desc")
    assert list(engine_indexes(ctx).values()) == [[qty, "id"]]
    body = {"fk_column_id": ctx["columns"]["Name"]["id"], "comparison_op": "eq", "value": "x"}
    flt = client.post_json(f"/api/v1/db/meta/views/{view_id}/filters", body, headers=h).json
    # MariaDB indexes no unbounded text (a text field's column) without a prefix.
    text_indexed = ctx["engine"].dialect.name not in ("mysql", "mariadb")
    wanted = [[qty, "id"], [name]] if text_indexed else [[qty, "id"]]
    assert sorted(engine_indexes(ctx).values()) == sorted(wanted)
    # A second view with the same sort shares the index.
    other = client.post_json(f"/api/v1/db/meta/tables/{ctx['table']['id']}/grids", {"title": "Two"}, headers=h).json
    add_sort(ctx, other["id"], "Qty", "desc")
    assert len(engine_indexes(ctx)) == len(wanted)
    client.delete(f"/api/v1/db/meta/sorts/{sort['id']}", headers=h)
    assert len(engine_indexes(ctx)) == len(wanted)
    client.delete(f"/api/v1/db/meta/views/{other['id']}", headers=h)
    client.delete(f"/api/v1/db/meta/filters/{flt['id']}", headers=h)
    assert engine_indexes(ctx) == {}


def test_a_dropped_field_takes_its_index_along(ctx):
    client, h, view_id = ctx["client"], ctx["h"], ctx["table"]["views"][0]["id"]
    add_sort(ctx, view_id, "Qty")
    assert engine_indexes(ctx)
    client.delete(f"/api/v1/db/meta/columns/{ctx['columns']['Qty']['id']}", headers=h)
    assert engine_indexes(ctx) == {}
    with ctx["engine"].connect() as conn:
        names = [c["name"] for c in sa.inspect(conn).get_columns(ctx["table"]["table_name"])]
    assert ctx["columns"]["Qty"]["column_name"] not in names
    # The table still reads and writes.
    url = f"/api/v2/tables/{ctx['table']['id']}/records"
    client.post_json(url, {"Name": "a"}, headers=h)
    assert client.get(url, headers=h).json["list"][0]["Name"] == "a"


def test_unbounded_text_is_not_indexed_on_mariadb(ctx):
    add_sort(ctx, ctx["table"]["views"][0]["id"], "Notes")
    found = list(engine_indexes(ctx).values())
    if ctx["engine"].dialect.name in ("mysql", "mariadb"):
        assert found == []
    else:
        assert found == [[ctx["columns"]["Notes"]["column_name"], "id"]]


@pytest.mark.parametrize("direction", ["asc", "desc"])
def test_the_index_serves_the_records_order(ctx, direction):
    """The sorted read walks the index: no sort step in the plan (SQLite, PostgreSQL)."""
    add_sort(ctx, ctx["table"]["views"][0]["id"], "Qty", direction)
    engine, table_name = ctx["engine"], ctx["table"]["table_name"]
    qty = ctx["columns"]["Qty"]["column_name"]
    if engine.dialect.name == "sqlite":
        order = f'"{qty}" {direction}, id'
        with engine.connect() as conn:
            plan = " ".join(
                str(r[-1])
                for r in conn.exec_driver_sql(
                    f'EXPLAIN QUERY PLAN SELECT * FROM "{table_name}" ORDER BY {order} LIMIT 5'
                )
            )
        assert "wbx_" in plan, plan
        assert "TEMP B-TREE" not in plan, plan
    elif engine.dialect.name == "postgresql":
        nulls = "NULLS LAST" if direction == "desc" else "NULLS FIRST"
        with engine.connect() as conn:
            conn.exec_driver_sql("SET enable_seqscan = off")
            rows = conn.exec_driver_sql(
                f'EXPLAIN SELECT * FROM "{table_name}" ORDER BY "{qty}" {direction} {nulls}, id LIMIT 5'
            )
            plan = " ".join(r[0] for r in rows)
            conn.rollback()
        assert "wbx_" in plan, plan
        assert "Sort" not in plan.replace("Sort Key", ""), plan
    else:
        pytest.skip("MariaDB's plans of tiny tables do not show whether an index could serve")


def test_no_index_where_the_policy_is_off(ctx, data_app):
    execute(
        data_app,
        sa.update(Source)
        .where(Source.id == ctx["source_id"])
        .values(
            config={
                **execute(data_app, sa.select(Source.config).where(Source.id == ctx["source_id"]))[0][0],
                "index_policy": "off",
            }
        ),
    )
    add_sort(ctx, ctx["table"]["views"][0]["id"], "Qty")
    assert engine_indexes(ctx) == {}
    # The changed config gave the source a new engine: this one was left out of the app's care.
    ctx["engine"].dispose()


def test_index_policy_by_source():
    assert indexes.index_policy(types.SimpleNamespace(is_default=True, config={})) == "managed"
    assert indexes.index_policy(types.SimpleNamespace(is_default=False, config={})) == "off"
    managed = types.SimpleNamespace(is_default=False, config={"index_policy": "managed"})
    assert indexes.index_policy(managed) == "managed"
    off = types.SimpleNamespace(is_default=True, config={"index_policy": "off"})
    assert indexes.index_policy(off) == "off"
    odd = types.SimpleNamespace(is_default=True, config={"index_policy": "sometimes"})
    assert indexes.index_policy(odd) == "managed"

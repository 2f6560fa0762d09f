"""Reads through a view follow every change to the view at once: its filters, sorts,
shown fields and title, whether made through the API or by another session of the meta
database (another server process, a script), though each process keeps the views it has
read in memory."""

import pytest
from sqlalchemy.orm import Session

from workbench.records.view_cache import FINE_TIMESTAMPS
from workbench.tables.models import Filter, Sort, View, ViewColumn
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

COLUMNS = [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}]


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    h = client.auth(admin)
    url = f"/api/v2/tables/{table['id']}/records"
    client.post_json(url, [{"Name": f"n{i}", "Qty": i} for i in range(1, 7)], headers=h)
    view = client.post_json(f"/api/v1/db/meta/tables/{table['id']}/grids", {"title": "Grid"}, headers=h).json
    columns = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=h).json["columns"]
    fields = {c["title"]: c["id"] for c in columns}
    return {"client": client, "h": h, "url": url, "table": table, "project": project, "view": view, "fields": fields}


def read(ctx, cursor=True, **query):
    query = {"viewId": ctx["view"]["id"], "limit": 100, **({"cursor": ""} if cursor else {}), **query}
    return ctx["client"].get(ctx["url"], query, headers=ctx["h"]).json["list"]


def qtys(rows):
    return [r["Qty"] for r in rows]


@pytest.mark.parametrize("cursor", [True, False])
def test_filters_sorts_and_fields_changed_through_the_api(ctx, cursor):
    client, h, view, fields = ctx["client"], ctx["h"], ctx["view"], ctx["fields"]
    assert qtys(read(ctx, cursor)) == [1, 2, 3, 4, 5, 6]
    filters = f"/api/v1/db/meta/views/{view['id']}/filters"
    item = client.post_json(
        filters, {"fk_column_id": fields["Qty"], "comparison_op": "gt", "value": "2"}, headers=h
    ).json
    assert qtys(read(ctx, cursor)) == [3, 4, 5, 6]
    client.patch_json(f"/api/v1/db/meta/filters/{item['id']}", {"value": "4"}, headers=h)
    assert qtys(read(ctx, cursor)) == [5, 6]
    sort = client.post_json(
        f"/api/v1/db/meta/views/{view['id']}/sorts", {"fk_column_id": fields["Qty"], "direction": "desc"}, headers=h
    ).json
    assert qtys(read(ctx, cursor)) == [6, 5]
    client.patch_json(f"/api/v1/db/meta/sorts/{sort['id']}", {"direction": "asc"}, headers=h)
    assert qtys(read(ctx, cursor)) == [5, 6]
    client.delete(f"/api/v1/db/meta/filters/{item['id']}", headers=h)
    assert qtys(read(ctx, cursor)) == [1, 2, 3, 4, 5, 6]
    assert "Name" in read(ctx, cursor)[0]
    client.patch_json(f"/api/v1/db/meta/views/{view['id']}/columns/{fields['Name']}", {"show": False}, headers=h)
    assert "Name" not in read(ctx, cursor)[0]
    client.delete(f"/api/v1/db/meta/sorts/{sort['id']}", headers=h)
    client.patch_json(f"/api/v1/db/meta/views/{view['id']}/columns/{fields['Name']}", {"show": True}, headers=h)
    rows = read(ctx, cursor)
    assert "Name" in rows[0]
    assert qtys(rows) == [1, 2, 3, 4, 5, 6]


def test_changes_by_another_session(app, ctx):
    """A change another process makes is seen on the next read (here a session of its own,
    as a script or another server process would make it)."""
    view_id, fields = ctx["view"]["id"], ctx["fields"]
    assert qtys(read(ctx)) == [1, 2, 3, 4, 5, 6]
    with Session(app.registry["db_engine"]) as session:
        session.add(Filter(view_id=view_id, column_id=fields["Qty"], comparison_op="lt", value="3", order=1))
        session.commit()
    assert qtys(read(ctx)) == [1, 2]
    with Session(app.registry["db_engine"]) as session:
        session.add(Sort(view_id=view_id, column_id=fields["Qty"], direction="desc", order=1))
        item = session.query(Filter).filter_by(view_id=view_id).one()
        item.value = "5"
        session.commit()
    assert qtys(read(ctx)) == [4, 3, 2, 1]
    with Session(app.registry["db_engine"]) as session:
        session.query(ViewColumn).filter_by(view_id=view_id, column_id=fields["Qty"]).one().show = False
        session.commit()
    assert "Qty" not in read(ctx)[0]
    with Session(app.registry["db_engine"]) as session:
        for item in session.query(Filter).filter_by(view_id=view_id):
            session.delete(item)
        session.commit()
    assert [r["Name"] for r in read(ctx)] == ["n6", "n5", "n4", "n3", "n2", "n1"]


def test_renamed_deleted_and_fields_removed(ctx):
    client, h, view, fields, project, table = (
        ctx["client"],
        ctx["h"],
        ctx["view"],
        ctx["fields"],
        ctx["project"],
        ctx["table"],
    )
    v1 = f"/api/v1/db/data/noco/{project['id']}/{table['id']}/views"
    client.post_json(
        f"/api/v1/db/meta/views/{view['id']}/sorts", {"fk_column_id": fields["Qty"], "direction": "desc"}, headers=h
    )
    assert qtys(client.get(f"{v1}/Grid", headers=h).json["list"])[0] == 6
    client.patch_json(f"/api/v1/db/meta/views/{view['id']}", {"title": "Renamed"}, headers=h)
    client.get(f"{v1}/Grid", headers=h, status=404)
    assert qtys(client.get(f"{v1}/Renamed", headers=h).json["list"])[0] == 6
    # the sorted field goes, and its sort with it
    client.delete(f"/api/v1/db/meta/columns/{fields['Qty']}", headers=h)
    rows = read(ctx)
    assert "Qty" not in rows[0]
    assert [r["Name"] for r in rows] == ["n1", "n2", "n3", "n4", "n5", "n6"]
    client.delete(f"/api/v1/db/meta/views/{view['id']}", headers=h)
    client.get(ctx["url"], {"viewId": view["id"]}, headers=h, status=404)


def test_a_view_change_stamps_the_view(app, ctx):
    if app.registry["db_engine"].dialect.name not in FINE_TIMESTAMPS:
        pytest.skip("timestamps of seconds: views are not kept in memory")
    with Session(app.registry["db_engine"]) as session:
        before = session.get(View, ctx["view"]["id"]).updated_at
        session.query(ViewColumn).filter_by(view_id=ctx["view"]["id"]).first().width = "120px"
        session.commit()
        session.expire_all()
        assert session.get(View, ctx["view"]["id"]).updated_at > before

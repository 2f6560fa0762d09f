"""Links that fail half-way leave nothing behind: a failure after a link's DDL keeps the meta
and the data as they were, a failure while deleting one keeps it; and links tell plugins which
rows changed."""

from __future__ import annotations

import pytest

from tests.functional.data.test_links import col
from workbench.hookspecs import hookimpl
from workbench.testing.app import make_app, wipe_data, wipe_meta
from workbench.testing.client import Client
from workbench.testing.tables import create_table, physical_columns

pytestmark = pytest.mark.dialects


class _Spy:
    """Records row events; fails the request after the DDL of a link titled 'Boom'."""

    def __init__(self):
        self.rows = []
        self.meta = []

    @hookimpl
    def on_meta_changed(self, request, kind, action, obj):
        self.meta.append((kind, action, obj.get("title"), obj.get("fk_model_id")))
        if obj.get("title") == "Boom" or (obj.get("title") == "Doomed" and action == "delete"):
            raise RuntimeError("refused by a plugin")

    @hookimpl
    def on_rows_changed(self, request, table, action, changes):
        self.rows.append((table.title, action, changes))


@pytest.fixture
def spy_client(db_url, data_db_url, tmp_path):
    spy = _Spy()
    settings = {"workbench.data.url": data_db_url} if data_db_url else {}
    app = make_app(db_url, tmp_path, **settings, **{"workbench.plugins.extra": [("spy", spy)]})
    yield Client(app), spy, app
    wipe_meta(app)
    wipe_data(app)
    app.registry["source_engines"].dispose_all()
    app.registry["db_engine"].dispose()


def two_tables(client):
    """A new owner's project "P" with tables A and B of one field, Name: (headers, project, a, b)."""
    token = client.signup("owner@example.com")
    project = client.create_project(token, "P")
    a = create_table(client, token, project["id"], "A", [{"title": "Name"}])
    b = create_table(client, token, project["id"], "B", [{"title": "Name"}])
    return client.auth(token), project, a, b


@pytest.mark.parametrize("kind", ["hm", "mm"])
def test_failure_after_link_ddl_leaves_meta_and_data_unchanged(spy_client, kind):
    client, _spy, app = spy_client
    h, project, a, b = two_tables(client)
    before = physical_columns(app, project["id"])
    body = {"title": "Boom", "uidt": "Links", "childId": b["id"], "type": kind}
    client.post_json(f"/api/v1/db/meta/tables/{a['id']}/columns", body, headers=h, status=500)
    assert physical_columns(app, project["id"]) == before
    for table in (a, b):
        read = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=h).json
        assert [c["title"] for c in read["columns"]] == ["Id", "Name", "CreatedAt", "UpdatedAt"]
    listed = client.get(f"/api/v1/db/meta/projects/{project['id']}/tables?includeM2M=true", headers=h).json
    assert [t["title"] for t in listed["list"]] == ["A", "B"]


def test_links_tell_plugins_which_rows_changed(spy_client):
    client, spy, _app = spy_client
    h, _project, a, b = two_tables(client)
    client.post_json(f"/api/v2/tables/{a['id']}/records", [{"Name": "a1"}], headers=h)
    client.post_json(f"/api/v2/tables/{b['id']}/records", [{"Name": "b1"}, {"Name": "b2"}], headers=h)
    body = {"title": "Bs", "uidt": "Links", "childId": b["id"], "type": "hm"}
    table = client.post_json(f"/api/v1/db/meta/tables/{a['id']}/columns", body, headers=h).json
    hm = col(table, "Bs")
    assert ("column", "insert", "A", b["id"]) in spy.meta  # the other side, for realtime clients
    assert ("column", "insert", "Bs", a["id"]) in spy.meta
    spy.rows.clear()
    client.post_json(f"/api/v2/tables/{a['id']}/links/{hm['id']}/records/1", [1, 2], headers=h)
    events = {title: (action, changes) for title, action, changes in spy.rows}
    assert sorted(events) == ["A", "B"]
    action, changes = events["B"]  # the children whose foreign key changed
    assert action == "update"
    assert [(before["A_id"], after["A_id"]) for before, after in changes] == [(None, 1), (None, 1)]
    action, changes = events["A"]  # the parent, whose count changed
    assert [(before["Bs"], after["Bs"]) for before, after in changes] == [(0, 2)]
    # many-to-many: both sides' records change, and the junction rows are reported
    body = {"title": "Pals", "uidt": "Links", "childId": b["id"], "type": "mm"}
    table = client.post_json(f"/api/v1/db/meta/tables/{a['id']}/columns", body, headers=h).json
    spy.rows.clear()
    client.delete_json(f"/api/v2/tables/{a['id']}/links/{hm['id']}/records/1", [2], headers=h)
    client.post_json(f"/api/v2/tables/{a['id']}/links/{col(table, 'Pals')['id']}/records/1", [2], headers=h)
    pals = [(x.get("Pals"), y.get("Pals")) for title, action, changes in spy.rows if title == "A" for x, y in changes]
    assert pals[-1] == (0, 1)
    reverse = [(x["Id"], x.get("A_1"), y.get("A_1")) for t, a, changes in spy.rows if t == "B" for x, y in changes]
    assert reverse[-1] == (2, 0, 1)
    junction = [changes for title, action, changes in spy.rows if action == "insert"]
    assert len(junction) == 1
    assert len(junction[0]) == 1


@pytest.mark.parametrize("kind", ["hm", "mm"])
def test_failure_while_deleting_a_link_keeps_it(spy_client, kind):
    client, _spy, app = spy_client
    h, project, a, b = two_tables(client)
    client.post_json(f"/api/v2/tables/{a['id']}/records", [{"Name": "a1"}], headers=h)
    client.post_json(f"/api/v2/tables/{b['id']}/records", [{"Name": "b1"}], headers=h)
    body = {"title": "Doomed", "uidt": "Links", "childId": b["id"], "type": kind}
    table = client.post_json(f"/api/v1/db/meta/tables/{a['id']}/columns", body, headers=h).json
    doomed = col(table, "Doomed")
    client.post_json(f"/api/v2/tables/{a['id']}/links/{doomed['id']}/records/1", [1], headers=h)
    before = physical_columns(app, project["id"])
    client.delete(f"/api/v1/db/meta/columns/{doomed['id']}", headers=h, status=500)
    assert physical_columns(app, project["id"]) == before
    assert col(client.get(f"/api/v1/db/meta/tables/{b['id']}", headers=h).json, "A")
    page = client.get(f"/api/v2/tables/{a['id']}/links/{doomed['id']}/records/1", headers=h).json
    assert [r["Name"] for r in page["list"]] == ["b1"]

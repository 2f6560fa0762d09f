"""Color on Workbench's field-type contract suite, on SQLite, PostgreSQL and MariaDB (servers
on 127.0.0.1; WORKBENCH_TEST_DIALECTS=sqlite narrows), and used over HTTP in a real app."""

import pytest
import sqlalchemy as sa
import workbench_color

from workbench.plugin_api import FieldValueError
from workbench.testing.client import Client
from workbench.testing.databases import create_database, drop_database, selected_dialects
from workbench.testing.field_types import check_declarations, check_field_type
from workbench.testing.plugins import app_with_plugins
from workbench.testing.tables import create_table


@pytest.fixture(params=selected_dialects())
def engine(request, tmp_path):
    url = create_database(request.param, tmp_path)
    engine = sa.create_engine(url)
    yield engine
    engine.dispose()
    drop_database(url)


def test_contract(engine):
    check_declarations(workbench_color.Color)
    check_field_type(workbench_color.Color, engine)


def test_the_palette_is_checked_and_normalised():
    color = workbench_color.Color()
    assert color.check_meta({"palette": ["#F80", "#ff8800", "#000"]}) == {"palette": ["#ff8800", "#000000"]}
    for bad in (["red"], "#fff", ["#fff"] * 40, [""]):
        with pytest.raises(FieldValueError):
            color.check_meta({"palette": bad})


@pytest.fixture
def api(tmp_path):
    client = Client(app_with_plugins(tmp_path, ("color", workbench_color)))
    token = client.signup("author@example.com")
    project = client.create_project(token)
    columns = [{"title": "Name", "uidt": "SingleLineText"}]
    table = create_table(client, token, project["id"], "Paints", columns)
    return client, client.auth(token), table


def test_a_color_field_over_http(api):
    client, headers, table = api
    field = {"title": "Shade", "uidt": "Color", "meta": {"palette": ["#1971C2", "#fff"]}}
    client.post_json(f"/api/v1/db/meta/tables/{table['id']}/columns", field, headers=headers)
    meta = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=headers).json
    shade = next(c for c in meta["columns"] if c["title"] == "Shade")
    assert shade["uidt"] == "Color"
    assert shade["meta"]["palette"] == ["#1971c2", "#ffffff"]
    records = f"/api/v2/tables/{table['id']}/records"
    client.post_json(records, [{"Name": "Sea", "Shade": "#1971C2"}, {"Name": "Sun", "Shade": "f80"}], headers=headers)
    rows = client.get(records, headers=headers).json["list"]
    assert {r["Name"]: r["Shade"] for r in rows} == {"Sea": "#1971c2", "Sun": "#ff8800"}
    found = client.get(records, {"where": "(Shade,eq,#ff8800)"}, headers=headers).json["list"]
    assert [r["Name"] for r in found] == ["Sun"]
    refused = client.post_json(records, [{"Name": "Odd", "Shade": "blue"}], headers=headers, status=422)
    assert "colour" in refused.json["msg"]


def test_a_bad_palette_is_refused(api):
    client, headers, table = api
    field = {"title": "Shade", "uidt": "Color", "meta": {"palette": ["nope"]}}
    refused = client.post_json(f"/api/v1/db/meta/tables/{table['id']}/columns", field, headers=headers, status="*")
    assert refused.status_code == 400
    assert refused.json["msg"]


def test_listed_in_the_catalogue(tmp_path):
    client = Client(app_with_plugins(tmp_path, ("color", workbench_color)))
    catalogue = client.get("/api/v1/catalogue?lang=de").json
    entry = next(t for t in catalogue["fieldTypes"] if t["uidt"] == "Color")
    assert entry["plugin"] == "color"
    assert entry["group"] == "choice"
    assert catalogue["messages"][entry["label"]] == "Farbe"

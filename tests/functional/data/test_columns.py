"""Columns meta API: add, rename (physical name stays), change type with conversion or a
clear error, default, required, options, display value, delete."""

import pytest

from workbench.testing.tables import create_table, physical_columns

pytestmark = pytest.mark.dialects


@pytest.fixture
def setup(client, admin):
    project = client.create_project(admin, "Data")
    table = create_table(client, admin, project["id"], "Items", [{"title": "Name"}, {"title": "Code"}])
    return client, client.auth(admin), project, table


def records_url(table):
    return f"/api/v2/tables/{table['id']}/records"


def col(table, title):
    return next(c for c in table["columns"] if c["title"] == title)


def add(client, h, table, body, status=200):
    return client.post_json(f"/api/v1/db/meta/tables/{table['id']}/columns", body, headers=h, status=status).json


def patch(client, h, column_id, body, status=200, v=2):
    prefix = "/api/v2/meta/columns" if v == 2 else "/api/v1/db/meta/columns"
    return client.patch_json(f"{prefix}/{column_id}", body, headers=h, status=status).json


def test_add_column_creates_physical_column(setup, data_app):
    client, h, project, table = setup
    result = add(client, h, table, {"title": "Qty", "uidt": "Number"})
    qty = col(result, "Qty")
    assert (qty["column_name"], qty["uidt"], qty["dt"]) == ("qty", "Number", "bigint")
    assert "qty" in physical_columns(data_app, project["id"])["items"]
    client.post_json(records_url(table), {"Qty": 4}, headers=h)
    assert client.get(records_url(table), headers=h).json["list"][0]["Qty"] == 4
    read = client.get(f"/api/v1/db/meta/columns/{qty['id']}", headers=h).json
    assert read["title"] == "Qty"


def test_add_column_title_rules(setup):
    client, h, _project, table = setup
    assert "already exists" in add(client, h, table, {"title": "Name", "uidt": "Number"}, status=400)["msg"]
    assert "required" in add(client, h, table, {"title": " ", "uidt": "Number"}, status=400)["msg"]
    assert "Unknown field type" in add(client, h, table, {"title": "X", "uidt": "Nope"}, status=400)["msg"]
    same_name = add(client, h, table, {"title": "name!", "uidt": "Number"})
    assert col(same_name, "name!")["column_name"] == "name_1"


def test_rename_keeps_physical_name(setup):
    client, h, _project, table = setup
    name = col(table, "Name")
    client.post_json(records_url(table), {"Name": "apple"}, headers=h)
    renamed = col(patch(client, h, name["id"], {"title": "Label"}), "Label")
    assert renamed["column_name"] == "name"
    assert client.get(records_url(table), headers=h).json["list"][0]["Label"] == "apple"
    assert patch(client, h, name["id"], {"title": "Code"}, status=400)["msg"] == "A field named 'Code' already exists"


def test_change_type_converts_data(setup, data_app):
    client, h, project, table = setup
    client.post_json(records_url(table), [{"Name": "12", "Code": "a"}, {"Name": "7", "Code": "b"}, {}], headers=h)
    name = col(table, "Name")
    result = patch(client, h, name["id"], {"uidt": "Number"}, v=1)
    number = col(result, "Name")
    assert number["uidt"] == "Number"
    rows = client.get(records_url(table), {"sort": "-Name"}, headers=h).json["list"]
    assert [r["Name"] for r in rows][:2] == [12, 7]
    # the converted data is filterable as numbers
    assert client.get(records_url(table), {"where": "(Name,gt,8)"}, headers=h).json["pageInfo"]["totalRows"] == 1
    # the old physical column is gone once the change is committed
    physical = physical_columns(data_app, project["id"])["items"]
    assert number["column_name"] in physical
    assert len(physical) == 5


def test_change_type_refuses_unconvertible_values_and_changes_nothing(setup, data_app):
    client, h, project, table = setup
    client.post_json(records_url(table), [{"Code": "12"}, {"Code": "twelve"}], headers=h)
    code = col(table, "Code")
    res = patch(client, h, code["id"], {"uidt": "Number"}, status=422)
    assert "Code" in res["msg"]
    assert "twelve" in res["msg"]
    read = client.get(f"/api/v1/db/meta/columns/{code['id']}", headers=h).json
    assert read["uidt"] == "SingleLineText"
    assert sorted(r["Code"] for r in client.get(records_url(table), headers=h).json["list"]) == ["12", "twelve"]
    assert physical_columns(data_app, project["id"])["items"] == {"id", "name", "code", "created_at", "updated_at"}


def test_text_to_select_collects_options(setup):
    client, h, _project, table = setup
    client.post_json(records_url(table), [{"Code": "red"}, {"Code": "blue"}, {"Code": "red"}], headers=h)
    result = patch(client, h, col(table, "Code")["id"], {"uidt": "SingleSelect"})
    options = col(result, "Code")["colOptions"]["options"]
    assert sorted(o["title"] for o in options) == ["blue", "red"]
    assert all(o["color"].startswith("#") for o in options)
    client.post_json(records_url(table), {"Code": "green"}, headers=h, status=422)


def test_default_and_required(setup):
    client, h, _project, table = setup
    with_default = add(client, h, table, {"title": "Qty", "uidt": "Number", "cdf": "5"})
    assert col(with_default, "Qty")["cdf"] == "5"
    assert "Invalid default" in add(client, h, table, {"title": "Bad", "uidt": "Number", "cdf": "x"}, status=400)["msg"]
    [created] = client.post_json(records_url(table), [{"Name": "a"}], headers=h).json
    assert client.get(f"{records_url(table)}/{created['Id']}", headers=h).json["Qty"] == 5
    patch(client, h, col(table, "Code")["id"], {"rqd": True})
    res = client.post_json(records_url(table), {"Name": "b"}, headers=h, status=422).json
    assert res["msg"] == "Missing required columns: Code"
    res = client.patch_json(records_url(table), {"Id": created["Id"], "Code": None}, headers=h, status=422).json
    assert "Code" in res["msg"]
    client.post_json(records_url(table), {"Name": "b", "Code": "c"}, headers=h)


def test_primary_value_and_delete(setup, data_app):
    client, h, project, table = setup
    assert col(table, "Name")["pv"] is True
    code = col(table, "Code")
    client.post(f"/api/v1/db/meta/columns/{code['id']}/primary", headers=h)
    read = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=h).json
    assert (col(read, "Code")["pv"], col(read, "Name")["pv"]) == (True, False)
    after = client.delete(f"/api/v1/db/meta/columns/{code['id']}", headers=h).json
    assert [c["title"] for c in after["columns"]] == ["Id", "Name", "CreatedAt", "UpdatedAt"]
    assert col(after, "Name")["pv"] is True
    assert "code" not in physical_columns(data_app, project["id"])["items"]
    client.delete(f"/api/v1/db/meta/columns/{col(table, 'Id')['id']}", headers=h, status=400)
    client.get(f"/api/v1/db/meta/columns/{code['id']}", headers=h, status=404)


def test_select_options_and_typecast(setup):
    client, h, _project, table = setup
    result = add(client, h, table, {"title": "Tags", "uidt": "MultiSelect", "dtxp": "'a','b'"})
    tags = col(result, "Tags")
    assert [o["title"] for o in tags["colOptions"]["options"]] == ["a", "b"]
    res = client.post_json(records_url(table), {"Tags": "a,z"}, headers=h, status=422).json
    assert "Tags" in res["msg"]
    assert "z" in res["msg"]
    client.post_json(records_url(table) + "?typecast=true", {"Tags": ["a", "z"]}, headers=h)
    read = client.get(f"/api/v1/db/meta/columns/{tags['id']}", headers=h).json
    assert [o["title"] for o in read["colOptions"]["options"]] == ["a", "b", "z"]
    dup = add(
        client,
        h,
        table,
        {"title": "S", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "x"}, {"title": "x"}]}},
        status=400,
    )
    assert "duplicate" in dup["msg"]


def test_composite_primary_key(client, admin):
    h = client.auth(admin)
    project = client.create_project(admin, "Data")
    table = create_table(
        client,
        admin,
        project["id"],
        "Pairs",
        [
            {"title": "A", "uidt": "Number", "pk": True, "rqd": True},
            {"title": "B", "uidt": "SingleLineText", "pk": True, "rqd": True},
            {"title": "Note"},
        ],
    )
    assert [c["title"] for c in table["columns"] if c["pk"]] == ["A", "B"]
    base = f"/api/v1/db/data/noco/{project['id']}/Pairs"
    client.post_json(base, {"A": 1, "B": "x", "Note": "first"}, headers=h)
    client.post_json(base, {"A": 1, "B": "y", "Note": "second"}, headers=h)
    assert client.get(f"{base}/1___y", headers=h).json["Note"] == "second"
    client.patch_json(f"{base}/1___x", {"Note": "changed"}, headers=h)
    assert client.get(f"{base}/1___x", headers=h).json["Note"] == "changed"
    client.delete(f"{base}/1___x", headers=h)
    client.get(f"{base}/1___x", headers=h, status=404)
    client.get(f"{base}/1", headers=h, status=400)


def test_a_second_process_sees_column_changes(setup, db_url, data_db_url, tmp_path):
    """Models are cached per process; a change made by another process is seen at once."""
    from workbench.testing.app import make_app
    from workbench.testing.client import Client

    client, h, _project, table = setup
    settings = {"workbench.data.url": data_db_url} if data_db_url else {}
    other = make_app(db_url, tmp_path, **settings)
    other.registry.settings["workbench.data_dir"] = client.app.registry.settings["workbench.data_dir"]
    try:
        second = Client(other)
        client.post_json(records_url(table), {"Name": "a"}, headers=h)
        assert "Qty" not in second.get(records_url(table), headers=h).json["list"][0]
        add(client, h, table, {"title": "Qty", "uidt": "Number"})
        client.patch_json(f"/api/v2/meta/tables/{table['id']}", {"title": "Things"}, headers=h)
        assert second.get(records_url(table), headers=h).json["list"][0]["Qty"] is None
        second.post_json(records_url(table), {"Qty": 3}, headers=h)
        patch(client, h, col(table, "Name")["id"], {"title": "Label"})
        rows = second.get(records_url(table), {"where": "(Qty,eq,3)"}, headers=h).json["list"]
        assert "Label" in rows[0]
    finally:
        other.registry["source_engines"].dispose_all()
        other.registry["db_engine"].dispose()


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"uidt": "Currency", "meta": {"currency_code": "euro"}}, "currency_code"),
        ({"uidt": "Currency", "meta": {"currency_locale": "?"}}, "currency_locale"),
        ({"uidt": "Decimal", "meta": {"precision": 9}}, "precision"),
        ({"uidt": "Rating", "meta": {"max": 11}}, "max"),
        ({"uidt": "Duration", "meta": {"duration": "hh"}}, "duration"),
    ],
)
def test_display_options_are_checked(setup, body, fragment):
    client, h, _project, table = setup
    res = add(client, h, table, {"title": "Opt", **body}, status=400)
    assert fragment in res["msg"]
    assert "Opt" in res["msg"]


def test_display_options_and_order(setup):
    client, h, _project, table = setup
    result = add(
        client,
        h,
        table,
        {
            "title": "Cost",
            "uidt": "Currency",
            "meta": {"currency_code": "EUR", "currency_locale": "de-DE", "precision": 2},
        },
    )
    cost = col(result, "Cost")
    assert cost["meta"] == {"currency_code": "EUR", "currency_locale": "de-DE", "precision": 2}
    patch(client, h, cost["id"], {"order": 0.5})
    read = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=h).json
    assert [c["title"] for c in read["columns"]][:2] == ["Cost", "Id"]
    old_path = f"/api/v1/db/meta/tables/{table['id']}/columns/{cost['id']}"
    assert client.get(old_path, headers=h).json["title"] == "Cost"
    other = create_table(client, h["xc-auth"], table["project_id"], "Other", [])
    client.get(f"/api/v1/db/meta/tables/{other['id']}/columns/{cost['id']}", headers=h, status=404)


def test_every_type_converts_to_text_and_back(client, admin):
    from workbench.testing.tables import MIXED_COLUMNS

    h = client.auth(admin)
    project = client.create_project(admin, "Conv")
    table = create_table(client, admin, project["id"], "All", MIXED_COLUMNS)
    row = {
        "Name": "n",
        "Notes": "x\\ny",
        "Mail": "a@example.com",
        "Site": "example.com",
        "Phone": "+1 555 0100",
        "Qty": 3,
        "Price": 2.5,
        "Cost": 4,
        "Done %": 50,
        "Spent": 90,
        "Stars": 4,
        "Ok": True,
        "Status": "todo",
        "Tags": "a,c",
        "Due": "2024-02-29",
        "At": "2024-02-29 10:00:00",
        "Alarm": "08:30",
        "Year": 2024,
        "Data": {"k": [1]},
    }
    client.post_json(records_url(table), [row, {}], headers=h)
    before = client.get(f"{records_url(table)}/1", headers=h).json
    for column in MIXED_COLUMNS:
        column_id = col(table, column["title"])["id"]
        patch(client, h, column_id, {"uidt": "SingleLineText"})
        as_text = client.get(f"{records_url(table)}/1", headers=h).json[column["title"]]
        assert isinstance(as_text, str)
        back = {"uidt": column["uidt"], **{k: v for k, v in column.items() if k in ("meta", "colOptions")}}
        patch(client, h, column_id, back)
        assert client.get(f"{records_url(table)}/1", headers=h).json[column["title"]] == before[column["title"]]
    empty = client.get(f"{records_url(table)}/2", headers=h).json
    assert empty["Name"] is None
    assert empty["Ok"] is False


@pytest.mark.parametrize("prefix", ["/api/v1/db/meta", "/api/v2/meta"])
def test_list_a_tables_columns(client, admin, prefix):
    project = client.create_project(admin, "Cols")
    table = create_table(client, admin, project["id"], "Items", [{"title": "Name", "uidt": "SingleLineText"}])
    listed = client.get(f"{prefix}/tables/{table['id']}/columns", headers=client.auth(admin)).json
    assert listed["list"] == table["columns"]
    assert listed["pageInfo"]["totalRows"] == len(table["columns"])
    stranger = client.signup("stranger@example.com")
    client.get(f"{prefix}/tables/{table['id']}/columns", headers=client.auth(stranger), status=403)

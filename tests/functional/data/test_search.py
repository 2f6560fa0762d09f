"""Quick search on the records API: like for text types, equal for the others,
on one field or on every searchable field; v1 and v2 list and count."""

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

COLUMNS = [
    {"title": "Name", "uidt": "SingleLineText"},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Mail", "uidt": "Email"},
    {"title": "Ok", "uidt": "Checkbox"},
    {"title": "Twice", "uidt": "Formula", "formula_raw": "{Qty} * 2"},
]
ROWS = [
    {"Name": "Red pen", "Qty": 3, "Mail": "ann@example.com"},
    {"Name": "blue PEN", "Qty": 12, "Mail": "bob@example.org"},
    {"Name": "Paper 100%", "Qty": 100, "Mail": None},
    {"Name": "snake_case", "Qty": 6, "Mail": "pen@example.net"},
]


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    h = client.auth(admin)
    v2 = f"/api/v2/tables/{table['id']}/records"
    client.post_json(v2, ROWS, headers=h)
    return {
        "client": client,
        "h": h,
        "v2": v2,
        "v1": f"/api/v1/db/data/noco/{project['id']}/{table['id']}",
    }


def names(ctx, url, **params):
    res = ctx["client"].get(url, params={**params, "sort": "Id"}, headers=ctx["h"])
    return [r["Name"] for r in res.json["list"]]


def test_one_text_field_is_a_case_insensitive_substring_match(ctx):
    for url in (ctx["v2"], ctx["v1"]):
        assert names(ctx, url, searchField="Name", searchValue="pen") == ["Red pen", "blue PEN"]
    # % and _ are literal characters, not wildcards.
    assert names(ctx, ctx["v2"], searchField="Name", searchValue="100%") == ["Paper 100%"]
    assert names(ctx, ctx["v2"], searchField="Name", searchValue="e_c") == ["snake_case"]
    assert names(ctx, ctx["v2"], searchField="Name", searchValue="e c") == []


def test_numbers_match_by_equality(ctx):
    assert names(ctx, ctx["v2"], searchField="Qty", searchValue="12") == ["blue PEN"]
    # "1" is contained in 12 and 100 but equals neither.
    assert names(ctx, ctx["v2"], searchField="Qty", searchValue="1") == []


def test_formula_fields_search_by_their_result_type(ctx):
    assert names(ctx, ctx["v2"], searchField="Twice", searchValue="24") == ["blue PEN"]


def test_all_fields_when_no_field_is_named(ctx):
    # "pen" is in two names and in one e-mail address.
    assert names(ctx, ctx["v2"], searchValue="pen") == ["Red pen", "blue PEN", "snake_case"]
    # A number matches the number fields; text fields containing it match too.
    assert names(ctx, ctx["v2"], searchValue="100") == ["Paper 100%"]
    # 6 is the quantity of the last and the formula (Qty * 2) of the first.
    assert names(ctx, ctx["v2"], searchValue="6") == ["Red pen", "snake_case"]
    assert names(ctx, ctx["v2"], searchValue="nothing like this") == []


def test_count_and_page_info_follow_the_search(ctx):
    client, h = ctx["client"], ctx["h"]
    params = {"searchField": "Name", "searchValue": "pen"}
    assert client.get(f"{ctx['v2']}/count", params=params, headers=h).json == {"count": 2}
    assert client.get(f"{ctx['v1']}/count", params=params, headers=h).json == {"count": 2}
    res = client.get(ctx["v2"], params={**params, "limit": 1}, headers=h).json
    assert res["pageInfo"]["totalRows"] == 2


def test_search_combines_with_where(ctx):
    assert names(ctx, ctx["v2"], searchValue="pen", where="(Qty,gt,5)") == ["blue PEN", "snake_case"]


def test_blank_search_is_ignored(ctx):
    assert len(names(ctx, ctx["v2"], searchField="Qty", searchValue="  ")) == 4


def test_bad_search_field_or_value_is_a_400_naming_the_field(ctx):
    client, h = ctx["client"], ctx["h"]
    res = client.get(ctx["v2"], params={"searchField": "Nope", "searchValue": "x"}, headers=h, status=400)
    assert "Nope" in res.json["msg"]
    res = client.get(ctx["v2"], params={"searchField": "Ok", "searchValue": "x"}, headers=h, status=400)
    assert res.json["msg"] == "Field 'Ok' cannot be searched (Checkbox)"
    res = client.get(f"{ctx['v2']}/count", params={"searchField": "Qty", "searchValue": "abc"}, headers=h, status=400)
    assert "'Qty'" in res.json["msg"]


def test_search_needs_read_permission(ctx):
    ctx["client"].get(ctx["v2"], params={"searchValue": "pen"}, status=401)


def test_through_a_view_every_field_means_every_shown_field(ctx):
    client, h = ctx["client"], ctx["h"]
    table_id = ctx["v2"].split("/")[4]
    view = client.get(f"/api/v1/db/meta/tables/{table_id}/views", headers=h).json["list"][0]
    columns = {c["title"]: c["id"] for c in client.get(f"/api/v1/db/meta/tables/{table_id}", headers=h).json["columns"]}
    client.patch_json(f"/api/v1/db/meta/views/{view['id']}/columns/{columns['Mail']}", {"show": False}, headers=h)
    # "pen" is also in the hidden e-mail address of snake_case.
    assert names(ctx, ctx["v2"], searchValue="pen", viewId=view["id"]) == ["Red pen", "blue PEN"]
    assert names(ctx, ctx["v2"], searchValue="pen") == ["Red pen", "blue PEN", "snake_case"]
    # A named field is searched even when the view hides it.
    assert names(ctx, ctx["v2"], searchValue="pen", searchField="Mail", viewId=view["id"]) == ["snake_case"]

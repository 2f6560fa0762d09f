"""Select options edited through the columns meta API, as a kanban edits its stacks: an
option renamed (same id, new title) renames the records' values, a new option and a new
order are kept, a recoloured option keeps its records."""

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def setup(client, admin):
    project = client.create_project(admin, "Board")
    h = client.auth(admin)
    table = create_table(
        client,
        admin,
        project["id"],
        "Tasks",
        [
            {"title": "Name"},
            {
                "title": "Status",
                "uidt": "SingleSelect",
                "colOptions": {"options": [{"title": "Todo"}, {"title": "Done"}]},
            },
            {"title": "Tags", "uidt": "MultiSelect", "colOptions": {"options": [{"title": "a"}, {"title": "b"}]}},
        ],
    )
    url = f"/api/v2/tables/{table['id']}/records"
    client.post_json(
        url,
        [
            {"Name": "one", "Status": "Todo", "Tags": "a,b"},
            {"Name": "two", "Status": "Done", "Tags": "b"},
            {"Name": "three", "Status": None, "Tags": None},
        ],
        headers=h,
    )
    return client, h, table, url


def column(client, h, table, title):
    read = client.get(f"/api/v1/db/meta/tables/{table['id']}", headers=h).json
    return next(c for c in read["columns"] if c["title"] == title)


def values(client, h, url, title):
    rows = client.get(url + "?sort=Id", headers=h).json["list"]
    return {r["Name"]: r[title] for r in rows}


def patch_options(client, h, col, options, status=200):
    body = {"title": col["title"], "colOptions": {"options": options}}
    return client.patch_json(f"/api/v1/db/meta/columns/{col['id']}", body, headers=h, status=status).json


def test_renaming_an_option_renames_its_values(setup):
    client, h, table, url = setup
    status = column(client, h, table, "Status")
    todo, done = status["colOptions"]["options"]
    patch_options(client, h, status, [{**todo, "title": "Backlog"}, done])
    after = column(client, h, table, "Status")
    assert [o["title"] for o in after["colOptions"]["options"]] == ["Backlog", "Done"]
    assert after["colOptions"]["options"][0]["id"] == todo["id"]
    assert values(client, h, url, "Status") == {"one": "Backlog", "two": "Done", "three": None}
    # Filtering by the new title finds the renamed records.
    found = client.get(url, params={"where": "(Status,eq,Backlog)"}, headers=h).json["list"]
    assert [r["Name"] for r in found] == ["one"]


def test_renaming_a_multi_select_option_renames_it_in_every_list(setup):
    client, h, table, url = setup
    tags = column(client, h, table, "Tags")
    a, b = tags["colOptions"]["options"]
    patch_options(client, h, tags, [a, {**b, "title": "bee"}])
    assert values(client, h, url, "Tags") == {"one": "a,bee", "two": "bee", "three": None}


def test_adding_reordering_and_recolouring_options(setup):
    client, h, table, url = setup
    status = column(client, h, table, "Status")
    todo, done = status["colOptions"]["options"]
    options = [
        {**done, "order": 1, "color": "#ffdaf6"},
        {"title": "Doing", "order": 2},
        {**todo, "order": 3},
    ]
    patch_options(client, h, status, options)
    after = column(client, h, table, "Status")["colOptions"]["options"]
    assert [(o["title"], o["order"]) for o in after] == [("Done", 1), ("Doing", 2), ("Todo", 3)]
    assert after[0]["color"] == "#ffdaf6"
    assert after[0]["id"] == done["id"]
    assert values(client, h, url, "Status") == {"one": "Todo", "two": "Done", "three": None}
    client.patch_json(url, {"Id": 3, "Status": "Doing"}, headers=h)
    assert values(client, h, url, "Status")["three"] == "Doing"


def test_a_rename_to_a_taken_title_is_refused_and_changes_nothing(setup):
    client, h, table, url = setup
    status = column(client, h, table, "Status")
    todo, done = status["colOptions"]["options"]
    res = patch_options(client, h, status, [{**todo, "title": "Done"}, done], status=400)
    assert "duplicate" in res["msg"]
    assert values(client, h, url, "Status") == {"one": "Todo", "two": "Done", "three": None}
    assert [o["title"] for o in column(client, h, table, "Status")["colOptions"]["options"]] == ["Todo", "Done"]


def test_removing_an_option_named_by_id_clears_its_values(setup):
    client, h, table, url = setup
    status = column(client, h, table, "Status")
    _todo, done = status["colOptions"]["options"]
    patch_options(client, h, status, [done])
    assert [o["title"] for o in column(client, h, table, "Status")["colOptions"]["options"]] == ["Done"]
    assert values(client, h, url, "Status") == {"one": None, "two": "Done", "three": None}
    tags = column(client, h, table, "Tags")
    _a, b = tags["colOptions"]["options"]
    patch_options(client, h, tags, [b])
    assert values(client, h, url, "Tags") == {"one": "b", "two": "b", "three": None}
    patch_options(client, h, column(client, h, table, "Tags"), [])
    assert values(client, h, url, "Tags") == {"one": "b", "two": "b", "three": None}


def test_options_listed_by_title_only_keep_the_values_of_missing_ones(setup):
    client, h, table, url = setup
    status = column(client, h, table, "Status")
    patch_options(client, h, status, [{"title": "Done"}, {"title": "Later"}])
    after = column(client, h, table, "Status")["colOptions"]["options"]
    assert sorted(o["title"] for o in after) == ["Done", "Later", "Todo"]
    assert values(client, h, url, "Status") == {"one": "Todo", "two": "Done", "three": None}

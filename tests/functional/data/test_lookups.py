"""Lookup and Rollup fields through the API: creating them (v1 and v2 column endpoints,
NocoDB's bodies), values through has-many, belongs-to and many-to-many links, a lookup of
a lookup, every rollup function, rollups over formulas and lookups, formulas over
rollups and lookups, filters (any value matching), sorts and search, errors (bad bodies,
circular lookups), deleting what they read (refused), fresh values after writes, and a
page with links, lookups, rollups, counts and formulas taking the same number of queries
whatever its size."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

FUNCTIONS = ("count", "min", "max", "avg", "sum", "countDistinct", "sumDistinct", "avgDistinct")


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Library")
    h = client.auth(admin)
    c = {"client": client, "h": h, "project": project}
    c["authors"] = create_table(client, admin, project["id"], "Authors", [{"title": "Name"}])
    c["books"] = create_table(
        client,
        admin,
        project["id"],
        "Books",
        [{"title": "Title"}, {"title": "Pages", "uidt": "Number"}, {"title": "Day", "uidt": "Date"}],
    )
    c["tags"] = create_table(client, admin, project["id"], "Tags", [{"title": "Label"}])
    post(c, "authors", [{"Name": n} for n in ("Ann", "Bob", "Cy")])
    post(
        c,
        "books",
        [
            {"Title": "X", "Pages": 100, "Day": "2024-01-02"},
            {"Title": "Y", "Pages": 100, "Day": "2024-03-04"},
            {"Title": "Z", "Pages": 50},
            {"Title": "W", "Pages": 7},
        ],
    )
    post(c, "tags", [{"Label": "red"}, {"Label": "blue"}])
    add_column(c, "authors", {"title": "Books", "uidt": "Links", "childId": c["books"]["id"], "type": "hm"})
    add_column(c, "books", {"title": "Tags", "uidt": "Links", "childId": c["tags"]["id"], "type": "mm"})
    client.patch_json(
        url(c, "books"),
        [{"Id": 1, "Authors_id": 1}, {"Id": 2, "Authors_id": 1}, {"Id": 3, "Authors_id": 2}],
        headers=h,
    )
    link(c, "books", "Tags", 1, [1, 2])
    link(c, "books", "Tags", 2, [2])
    return c


def url(c, table):
    return f"/api/v2/tables/{c[table]['id']}/records"


def post(c, table, rows):
    return c["client"].post_json(url(c, table), rows, headers=c["h"]).json


def table_json(c, table):
    return c["client"].get(f"/api/v1/db/meta/tables/{c[table]['id']}", headers=c["h"]).json


def col(c, table, title):
    return next(x for x in table_json(c, table)["columns"] if x["title"] == title)


def add_column(c, table, body, status=200, version=1):
    base = "/api/v1/db/meta/tables" if version == 1 else "/api/v2/meta/tables"
    return c["client"].post_json(f"{base}/{c[table]['id']}/columns", body, headers=c["h"], status=status).json


def link(c, table, field, row_id, ids):
    field_id = col(c, table, field)["id"]
    path = f"/api/v2/tables/{c[table]['id']}/links/{field_id}/records/{row_id}"
    c["client"].post_json(path, ids, headers=c["h"])


def add_lookup(c, table, title, link_title, target_table, target_title, status=200, version=1):
    body = {
        "title": title,
        "uidt": "Lookup",
        "fk_relation_column_id": col(c, table, link_title)["id"],
        "fk_lookup_column_id": col(c, target_table, target_title)["id"],
    }
    return add_column(c, table, body, status=status, version=version)


def add_rollup(c, table, title, link_title, target_table, target_title, function, status=200):
    body = {
        "title": title,
        "uidt": "Rollup",
        "colOptions": {
            "fk_relation_column_id": col(c, table, link_title)["id"],
            "fk_rollup_column_id": col(c, target_table, target_title)["id"],
            "rollup_function": function,
        },
    }
    return add_column(c, table, body, status=status)


def add_formula(c, table, title, formula, status=200):
    return add_column(c, table, {"title": title, "uidt": "Formula", "formula_raw": formula}, status=status)


def rows(c, table, **params):
    return c["client"].get(url(c, table), params=params, headers=c["h"]).json["list"]


def values(c, table, title, **params):
    return [r[title] for r in rows(c, table, **params)]


def ids(c, table, **params):
    return [r["Id"] for r in rows(c, table, **params)]


def test_lookups_through_each_kind_of_link(ctx):
    result = add_lookup(ctx, "authors", "Titles", "Books", "books", "Title")
    titles = next(x for x in result["columns"] if x["title"] == "Titles")
    assert titles["uidt"] == "Lookup"
    assert titles["column_name"] is None
    assert titles["colOptions"]["fk_relation_column_id"] == col(ctx, "authors", "Books")["id"]
    assert titles["colOptions"]["fk_lookup_column_id"] == col(ctx, "books", "Title")["id"]
    assert values(ctx, "authors", "Titles") == [["X", "Y"], ["Z"], []]
    add_lookup(ctx, "authors", "Days", "Books", "books", "Day", version=2)
    assert values(ctx, "authors", "Days") == [["2024-01-02", "2024-03-04"], [None], []]
    # belongs-to: one value, typed like the looked-up field
    add_lookup(ctx, "books", "Author name", "Authors", "authors", "Name")
    assert values(ctx, "books", "Author name") == ["Ann", "Ann", "Bob", None]
    # many-to-many
    add_lookup(ctx, "books", "Labels", "Tags", "tags", "Label")
    assert values(ctx, "books", "Labels") == [["red", "blue"], ["blue"], [], []]
    one = ctx["client"].get(f"{url(ctx, 'books')}/1", headers=ctx["h"]).json
    assert (one["Author name"], one["Labels"]) == ("Ann", ["red", "blue"])
    v1 = f"/api/v1/db/data/noco/{ctx['project']['id']}/{ctx['books']['id']}"
    assert ctx["client"].get(v1, headers=ctx["h"]).json["list"][0]["Labels"] == ["red", "blue"]


def test_nested_lookup_reads_the_far_table(ctx):
    add_lookup(ctx, "books", "Labels", "Tags", "tags", "Label")
    add_lookup(ctx, "authors", "All labels", "Books", "books", "Labels")
    assert values(ctx, "authors", "All labels") == [["red", "blue", "blue"], [], []]
    add_lookup(ctx, "books", "Author name", "Authors", "authors", "Name")
    # a lookup of a belongs-to lookup through has-many: a list of single values
    add_lookup(ctx, "authors", "Own names", "Books", "books", "Author name")
    assert values(ctx, "authors", "Own names") == [["Ann", "Ann"], ["Bob"], []]


def test_every_rollup_function(ctx):
    for function in FUNCTIONS:
        add_rollup(ctx, "authors", function, "Books", "books", "Pages", function)
    listed = rows(ctx, "authors")
    assert [[r[f] for f in FUNCTIONS] for r in listed] == [
        [2, 100, 100, 100, 200, 1, 100, 100],
        [1, 50, 50, 50, 50, 1, 50, 50],
        [0, None, None, None, None, 0, None, None],
    ]
    rollup = col(ctx, "authors", "sum")
    assert rollup["colOptions"]["rollup_function"] == "sum"
    assert rollup["colOptions"]["fk_rollup_column_id"] == col(ctx, "books", "Pages")["id"]
    add_rollup(ctx, "authors", "Latest", "Books", "books", "Day", "max")
    assert values(ctx, "authors", "Latest") == ["2024-03-04", None, None]


def test_rollups_over_formulas_and_lookups_and_formulas_over_them(ctx):
    add_formula(ctx, "books", "Twice", "{Pages} * 2")
    add_rollup(ctx, "authors", "Twice total", "Books", "books", "Twice", "sum")
    assert values(ctx, "authors", "Twice total") == [400, 100, None]
    add_lookup(ctx, "books", "Labels", "Tags", "tags", "Label")
    add_rollup(ctx, "authors", "Tag kinds", "Books", "books", "Labels", "countDistinct")
    assert values(ctx, "authors", "Tag kinds") == [2, 0, 0]
    add_rollup(ctx, "authors", "Pages", "Books", "books", "Pages", "sum")
    add_formula(ctx, "authors", "Half", "{Pages} / 2")
    assert values(ctx, "authors", "Half") == [100, 25, None]
    add_lookup(ctx, "authors", "Titles", "Books", "books", "Title")
    add_formula(ctx, "authors", "Joined", 'CONCAT({Name}, ": ", {Titles})')
    assert values(ctx, "authors", "Joined") == ["Ann: X, Y", "Bob: Z", "Cy: "]
    half = col(ctx, "authors", "Half")
    assert half["colOptions"]["dataType"] == "numeric"
    assert ids(ctx, "authors", where="(Half,gt,30)") == [1]


def test_list_formulas_over_lookups(ctx):
    add_lookup(ctx, "books", "Labels", "Tags", "tags", "Label")
    add_lookup(ctx, "authors", "All labels", "Books", "books", "Labels")
    add_formula(ctx, "authors", "Unique", "ARRAYUNIQUE({All labels})")
    add_formula(ctx, "authors", "Sorted", "ARRAYSORT({All labels})")
    assert values(ctx, "authors", "Unique") == [["red", "blue"], None, None]
    assert values(ctx, "authors", "Sorted") == [["blue", "blue", "red"], None, None]
    assert col(ctx, "authors", "Unique")["colOptions"]["dataType"] == "array"


def test_counting_formulas_count_the_items_of_lists(ctx):
    add_lookup(ctx, "authors", "Days", "Books", "books", "Day")
    add_formula(ctx, "authors", "Filled", "COUNTA({Days})")
    add_formula(ctx, "authors", "All", "COUNTALL({Days}, {Name})")
    add_formula(ctx, "authors", "Mixed", "COUNTA({Days}, {Name}, '')")
    assert values(ctx, "authors", "Days") == [["2024-01-02", "2024-03-04"], [None], []]
    assert values(ctx, "authors", "Filled") == [2, 0, 0]
    assert values(ctx, "authors", "All") == [3, 2, 1]
    assert values(ctx, "authors", "Mixed") == [3, 1, 1]


def test_filters_sorts_and_search(ctx):
    add_lookup(ctx, "authors", "Titles", "Books", "books", "Title")
    add_rollup(ctx, "authors", "Pages", "Books", "books", "Pages", "sum")
    add_lookup(ctx, "books", "Author name", "Authors", "authors", "Name")
    add_lookup(ctx, "books", "Labels", "Tags", "tags", "Label")
    # lists: any value matches; negations: no value matches
    assert ids(ctx, "authors", where="(Titles,eq,Y)") == [1]
    assert ids(ctx, "authors", where="(Titles,neq,Y)") == [2, 3]
    assert ids(ctx, "authors", where="(Titles,like,z)") == [2]
    assert ids(ctx, "authors", where="(Titles,blank)") == [3]
    assert ids(ctx, "authors", where="(Titles,notblank)") == [1, 2]
    assert ids(ctx, "books", where="(Labels,eq,blue)") == [1, 2]
    assert ids(ctx, "books", where="(Labels,nlike,red)") == [2, 3, 4]
    # single values: like the looked-up field
    assert ids(ctx, "books", where="(Author name,eq,Bob)") == [3]
    assert ids(ctx, "books", where="(Author name,blank)") == [4]
    # rollups: like numbers
    assert ids(ctx, "authors", where="(Pages,gt,60)") == [1]
    assert ids(ctx, "authors", where="(Pages,blank)") == [3]
    assert ids(ctx, "authors", sort="-Pages") == [1, 2, 3]
    assert ids(ctx, "authors", sort="Pages") == [3, 2, 1]
    assert ids(ctx, "books", sort="-Author name") == [3, 1, 2, 4]
    # search
    assert ids(ctx, "authors", searchField="Titles", searchValue="y") == [1]
    assert ids(ctx, "books", searchField="Author name", searchValue="bo") == [3]
    assert ids(ctx, "authors", searchField="Pages", searchValue="50") == [2]
    res = ctx["client"].get(url(ctx, "authors"), params={"where": "(Pages,like,5)"}, headers=ctx["h"], status=400)
    assert "Operator 'like' is not supported for field 'Pages'" in res.json["msg"]
    count = ctx["client"].get(f"{url(ctx, 'authors')}/count", params={"where": "(Titles,notblank)"}, headers=ctx["h"])
    assert count.json == {"count": 2}


def test_view_filter_and_sort_on_a_rollup(ctx):
    table = add_rollup(ctx, "authors", "Pages", "Books", "books", "Pages", "sum")
    view_id = table["views"][0]["id"]
    pages = col(ctx, "authors", "Pages")["id"]
    client, h = ctx["client"], ctx["h"]
    base = f"/api/v1/db/meta/views/{view_id}"
    client.post_json(f"{base}/filters", {"fk_column_id": pages, "comparison_op": "notblank"}, headers=h)
    client.post_json(f"{base}/sorts", {"fk_column_id": pages, "direction": "asc"}, headers=h)
    assert ids(ctx, "authors", viewId=view_id) == [2, 1]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"fk_lookup_column_id": "x"}, "fk_relation_column_id (the link field) is required"),
        ({"fk_relation_column_id": "LINK"}, "fk_lookup_column_id (the field of the linked table) is required"),
        ({"fk_relation_column_id": "NAME", "fk_lookup_column_id": "x"}, "field 'Name' is not a link"),
        ({"fk_relation_column_id": "cl_nope", "fk_lookup_column_id": "x"}, "link field 'cl_nope' not found"),
        (
            {"fk_relation_column_id": "LINK", "fk_lookup_column_id": "cl_nope"},
            "field 'cl_nope' not found in the linked",
        ),
    ],
)
def test_bad_lookup_bodies(ctx, body, message):
    replace = {"LINK": col(ctx, "authors", "Books")["id"], "NAME": col(ctx, "authors", "Name")["id"]}
    body = {k: replace.get(v, v) for k, v in body.items()}
    before = table_json(ctx, "authors")["columns"]
    res = add_column(ctx, "authors", {"title": "L", "uidt": "Lookup", **body}, status=400)
    assert message in res["msg"]
    assert res["msg"].startswith("Field 'L': ")
    assert table_json(ctx, "authors")["columns"] == before


def test_bad_rollups(ctx):
    res = add_rollup(ctx, "authors", "R", "Books", "books", "Pages", "median", status=400)
    assert "rollup_function must be one of count, min, max, avg, sum" in res["msg"]
    res = add_rollup(ctx, "authors", "R", "Books", "books", "Title", "sum", status=400)
    assert res["msg"] == "Field 'R': sum needs a number field, and 'Title' holds texts"
    add_rollup(ctx, "authors", "R", "Books", "books", "Title", "countDistinct")
    assert values(ctx, "authors", "R") == [2, 1, 0]


def test_circular_lookups_are_refused(ctx):
    add_formula(ctx, "authors", "F", "{Name}")
    add_lookup(ctx, "books", "AF", "Authors", "authors", "F")
    add_lookup(ctx, "authors", "BA", "Books", "books", "AF")
    assert values(ctx, "authors", "BA") == [["Ann", "Ann"], ["Bob"], []]
    client, h = ctx["client"], ctx["h"]
    # a formula reading a lookup that (through another table) reads the formula
    res = client.patch_json(
        f"/api/v2/meta/columns/{col(ctx, 'authors', 'F')['id']}", {"formula_raw": "{BA}"}, headers=h, status=400
    ).json
    assert "Circular reference: F → BA → Books.AF → F" in res["msg"]
    # a lookup changed to read a lookup that reads it
    ba = col(ctx, "authors", "BA")["id"]
    res = client.patch_json(
        f"/api/v2/meta/columns/{col(ctx, 'books', 'AF')['id']}", {"fk_lookup_column_id": ba}, headers=h, status=400
    ).json
    assert res["msg"] == "Field 'AF': Circular lookup: AF → Authors.BA → AF"
    assert values(ctx, "authors", "BA") == [["Ann", "Ann"], ["Bob"], []]
    # changing the formula at the far end shows at once in both tables reading it
    client.patch_json(
        f"/api/v2/meta/columns/{col(ctx, 'authors', 'F')['id']}", {"formula_raw": "UPPER({Name})"}, headers=h
    )
    assert values(ctx, "books", "AF") == ["ANN", "ANN", "BOB", None]
    assert values(ctx, "authors", "BA") == [["ANN", "ANN"], ["BOB"], []]


def test_deleting_what_they_read_is_refused(ctx):
    add_lookup(ctx, "authors", "Titles", "Books", "books", "Title")
    add_rollup(ctx, "authors", "Pages", "Books", "books", "Pages", "sum")
    client, h = ctx["client"], ctx["h"]
    title = col(ctx, "books", "Title")
    res = client.delete(f"/api/v1/db/meta/columns/{title['id']}", headers=h, status=400).json
    assert res["msg"] == "Field 'Title' is used by Lookup field 'Titles': change or delete those first"
    link_field = col(ctx, "authors", "Books")
    res = client.delete(f"/api/v1/db/meta/columns/{link_field['id']}", headers=h, status=400).json
    assert "is used by computed field 'Titles', 'Pages'" in res["msg"]
    # from the other side of the link too
    reverse = col(ctx, "books", "Authors")
    res = client.delete(f"/api/v1/db/meta/columns/{reverse['id']}", headers=h, status=400).json
    assert "'Titles', 'Pages'" in res["msg"]
    assert col(ctx, "authors", "Books")["id"] == link_field["id"]
    # once they are gone, the field and the link can go
    for name in ("Titles", "Pages"):
        client.delete(f"/api/v1/db/meta/columns/{col(ctx, 'authors', name)['id']}", headers=h)
    client.delete(f"/api/v1/db/meta/columns/{title['id']}", headers=h)
    client.delete(f"/api/v1/db/meta/columns/{link_field['id']}", headers=h)
    assert "Books" not in {x["title"] for x in table_json(ctx, "authors")["columns"]}


def test_read_only_and_fresh_after_writes(ctx):
    add_lookup(ctx, "books", "Author name", "Authors", "authors", "Name")
    add_rollup(ctx, "authors", "Pages", "Books", "books", "Pages", "sum")
    add_lookup(ctx, "authors", "Titles", "Books", "books", "Title")
    client, h = ctx["client"], ctx["h"]
    res = client.post_json(url(ctx, "authors"), {"Name": "x", "Pages": 3}, headers=h, status=400).json
    assert res["msg"] == "Field 'Pages' is computed (Rollup) and cannot be written"
    # the response to a write shows the lookup through the new link
    v1 = f"/api/v1/db/data/noco/{ctx['project']['id']}/{ctx['books']['id']}"
    created = client.post_json(v1, {"Title": "New", "Pages": 1, "Authors_id": 3}, headers=h).json
    assert created["Author name"] == "Cy"
    updated = client.patch_json(f"{v1}/{created['Id']}", {"Authors_id": 2}, headers=h).json
    assert updated["Author name"] == "Bob"
    # and the next list of the other table
    assert values(ctx, "authors", "Pages") == [200, 51, None]
    assert values(ctx, "authors", "Titles") == [["X", "Y"], ["Z", "New"], []]
    client.patch_json(url(ctx, "books"), {"Id": 1, "Pages": 1}, headers=h)
    assert values(ctx, "authors", "Pages") == [101, 51, None]
    # renaming the looked-up field's table or field changes nothing but titles
    client.patch_json(f"/api/v2/meta/columns/{col(ctx, 'books', 'Title')['id']}", {"title": "Name of book"}, headers=h)
    assert values(ctx, "authors", "Titles") == [["X", "Y"], ["Z", "New"], []]


def test_retyping_the_looked_up_field_updates_readers(ctx):
    add_lookup(ctx, "books", "Author name", "Authors", "authors", "Name")
    add_formula(ctx, "books", "Shout", "UPPER({Author name})")
    client, h = ctx["client"], ctx["h"]
    name = col(ctx, "authors", "Name")
    client.patch_json(f"/api/v2/meta/columns/{name['id']}", {"uidt": "LongText"}, headers=h)
    assert values(ctx, "books", "Shout") == ["ANN", "ANN", "BOB", None]
    post(ctx, "authors", [{"Name": "Dee"}])
    client.patch_json(url(ctx, "books"), {"Id": 4, "Authors_id": 4}, headers=h)
    assert values(ctx, "books", "Author name")[3] == "Dee"


def test_page_query_count_does_not_grow_with_page_size(ctx):
    add_lookup(ctx, "authors", "Titles", "Books", "books", "Title")
    add_lookup(ctx, "books", "Labels", "Tags", "tags", "Label")
    add_lookup(ctx, "authors", "All labels", "Books", "books", "Labels")
    add_rollup(ctx, "authors", "Pages", "Books", "books", "Pages", "sum")
    add_rollup(ctx, "authors", "Latest", "Books", "books", "Day", "max")
    add_column(
        ctx, "authors", {"title": "N", "uidt": "Count", "fk_relation_column_id": col(ctx, "authors", "Books")["id"]}
    )
    add_formula(ctx, "authors", "Half", "{Pages} / 2")
    add_formula(ctx, "authors", "Label", 'CONCAT({Name}, "!")')
    client, h = ctx["client"], ctx["h"]
    post(ctx, "authors", [{"Name": f"more {i}"} for i in range(120)])
    post(ctx, "books", [{"Title": f"b{i}", "Pages": i, "Authors_id": 4 + i % 100} for i in range(300)])
    counts: list[int] = [0]

    def count(*_args):
        counts[-1] += 1

    sizes = []
    event.listen(sa.engine.Engine, "before_cursor_execute", count)
    try:
        for limit in (10, 100):
            for version in ("v1", "v2"):
                path = (
                    url(ctx, "authors")
                    if version == "v2"
                    else f"/api/v1/db/data/noco/{ctx['project']['id']}/{ctx['authors']['id']}"
                )
                client.get(path, params={"limit": limit}, headers=h)  # warm the model cache
                counts.append(0)
                page = client.get(path, params={"limit": limit}, headers=h).json["list"]
                assert len(page) == limit
                assert all("All labels" in r and "Half" in r and "N" in r for r in page)
                sizes.append((version, counts[-1]))
    finally:
        event.remove(sa.engine.Engine, "before_cursor_execute", count)
    # every SQL statement of the request, meta and data: the same for 10 and 100 rows
    assert sizes[0] == sizes[2], sizes
    assert sizes[1] == sizes[3], sizes
    assert max(n for _v, n in sizes) <= 10, sizes


def test_deleting_a_linked_table_they_read_is_refused(ctx):
    add_lookup(ctx, "authors", "Titles", "Books", "books", "Title")
    client, h = ctx["client"], ctx["h"]
    res = client.delete(f"/api/v1/db/meta/tables/{ctx['books']['id']}", headers=h, status=400).json
    assert "'Titles'" in res["msg"]
    assert values(ctx, "authors", "Titles") == [["X", "Y"], ["Z"], []]
    assert values(ctx, "books", "Title") == ["X", "Y", "Z", "W"]


def test_openapi_describes_lookups_and_rollups(ctx):
    add_lookup(ctx, "authors", "Titles", "Books", "books", "Title")
    add_rollup(ctx, "authors", "Total pages", "Books", "books", "Pages", "sum")
    doc = ctx["client"].get(f"/api/v1/db/meta/projects/{ctx['project']['id']}/swagger.json", headers=ctx["h"]).json
    schemas = [s for s in _walk(doc) if isinstance(s, dict) and s.get("title") in ("Titles", "Total pages")]
    assert {"type": ["array", "null"], "items": {"type": "string"}, "title": "Titles"} in schemas
    assert {"type": ["number", "null"], "title": "Total pages"} in schemas


def _walk(node):
    yield node
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    for child in children:
        yield from _walk(child)

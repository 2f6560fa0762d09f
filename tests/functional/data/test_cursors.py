"""Keyset paging of the records API: every record exactly once under any sort (duplicates
and nulls included), backwards and forwards, stable while records are inserted between
pages, jumps to a position, and forged or foreign cursors refused with 400."""

import pytest

from workbench.data import seek
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

COLUMNS = [
    {"title": "Name"},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Price", "uidt": "Decimal"},
    {"title": "Due", "uidt": "Date"},
]
SORTS = ["Qty", "-Qty", "Name", "-Name,Qty", "Price,-Qty", "-Due,Name", ""]


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    h = client.auth(admin)
    url = f"/api/v2/tables/{table['id']}/records"
    # Many equal values and nulls in each sorted field: ties are broken by the key.
    rows = [
        {
            "Name": None if i % 9 == 0 else f"n{i % 5}",
            "Qty": None if i % 4 == 0 else i % 6,
            "Price": None if i % 7 == 0 else f"{i % 3}.5",
            "Due": None if i % 5 == 0 else f"2026-0{1 + i % 3}-1{i % 4}",
        }
        for i in range(53)
    ]
    client.post_json(url, rows, headers=h)
    return {"client": client, "h": h, "url": url, "table": table, "project": project}


def ids(page):
    return [r["Id"] for r in page["list"]]


def walk(ctx, sort, limit=7, between=None):
    """Every page by nextCursor; ``between(pages)`` runs after each page but the last."""
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    query = {"limit": limit, "cursor": "", **({"sort": sort} if sort else {})}
    pages = [client.get(url, query, headers=h).json]
    while pages[-1]["pageInfo"]["nextCursor"]:
        if between:
            between(pages)
        query["cursor"] = pages[-1]["pageInfo"]["nextCursor"]
        pages.append(client.get(url, query, headers=h).json)
        assert len(pages) < 100
    return pages


@pytest.mark.parametrize("sort", SORTS)
def test_every_record_once_in_the_list_order(ctx, sort):
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    expected = ids(client.get(url, {"limit": 1000, **({"sort": sort} if sort else {})}, headers=h).json)
    pages = walk(ctx, sort)
    assert [i for p in pages for i in ids(p)] == expected
    assert pages[0]["pageInfo"]["isFirstPage"] is True
    assert pages[0]["pageInfo"]["prevCursor"] is None
    assert pages[-1]["pageInfo"]["isLastPage"] is True
    assert all(len(p["list"]) == 7 for p in pages[:-1])
    assert "totalRows" not in pages[0]["pageInfo"]
    # Backwards from the last page gives the same pages again.
    back = pages[-1]
    for page in reversed(pages[:-1]):
        back = client.get(
            url, {"limit": 7, "cursor": back["pageInfo"]["prevCursor"], **({"sort": sort} if sort else {})}, headers=h
        ).json
        assert ids(back) == ids(page)
    assert back["pageInfo"]["isFirstPage"] is True
    assert back["pageInfo"]["prevCursor"] is None


def test_stable_while_records_are_inserted(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    before = set(ids(client.get(url, {"limit": 1000}, headers=h).json))
    first, last = [], []

    def insert(pages):
        # One record sorting after all, one amid them, and (once the pages read are past the
        # empty Qty, which sorts first) one before every record read so far.
        n = len(pages)
        made = client.post_json(url, [{"Qty": 100 + n}, {"Qty": 3}, {"Qty": -n}], headers=h).json
        last.append(made[0]["Id"])
        if pages[-1]["list"][-1]["Qty"] is not None:
            first.append(made[2]["Id"])

    pages = walk(ctx, "Qty", between=insert)
    seen = [i for p in pages for i in ids(p)]
    assert len(seen) == len(set(seen)), "a record appeared twice"
    assert before <= set(seen), "a record present from the start was skipped"
    # Records inserted after the position read so far appear; those before it do not.
    assert set(last) <= set(seen)
    assert first
    assert not set(first) & set(seen)


def test_jump_to_a_position(ctx, monkeypatch):
    monkeypatch.setattr(seek, "STRIDE", 10)
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    for sort in ("Qty", "-Name,Qty"):
        everything = ids(client.get(url, {"limit": 1000, "sort": sort}, headers=h).json)
        for offset in (0, 5, 10, 11, 20, 37, 50, 52):
            page = client.get(url, {"limit": 6, "cursor": "", "offset": offset, "sort": sort}, headers=h).json
            assert ids(page) == everything[offset : offset + 6], (sort, offset)
            info = page["pageInfo"]
            assert info.get("offsetIsEstimate") is None
            assert info["isLastPage"] is (offset + 6 >= len(everything))
            if info["nextCursor"]:
                following = client.get(url, {"limit": 6, "cursor": info["nextCursor"], "sort": sort}, headers=h).json
                assert ids(following) == everything[offset + 6 : offset + 12]
    # After a write, positions cheap to read (a small table) are read again: the jump stays exact.
    monkeypatch.setattr(seek, "CHEAP_READ", 3600)
    client.post_json(url, {"Qty": -1}, headers=h)
    everything = ids(client.get(url, {"limit": 1000, "sort": "Qty"}, headers=h).json)
    page = client.get(url, {"limit": 6, "cursor": "", "offset": 30, "sort": "Qty"}, headers=h).json
    assert ids(page) == everything[30:36]
    assert "offsetIsEstimate" not in page["pageInfo"]
    # Where reading them is dear, the old positions serve for a while and the page says so.
    monkeypatch.setattr(seek, "CHEAP_READ", 0)
    client.post_json(url, {"Qty": -2}, headers=h)
    page = client.get(url, {"limit": 6, "cursor": "", "offset": 30, "sort": "Qty"}, headers=h).json
    assert page["pageInfo"]["offsetIsEstimate"] is True
    assert len(page["list"]) == 6


def test_cursor_through_a_view_and_v1(ctx):
    client, h, table, project = ctx["client"], ctx["h"], ctx["table"], ctx["project"]
    v1 = f"/api/v1/db/data/noco/{project['id']}/{table['id']}"
    expected = ids(client.get(v1, {"limit": 1000, "sort": "-Qty", "where": "(Qty,gt,1)"}, headers=h).json)
    query = {"limit": 4, "cursor": "", "sort": "-Qty", "where": "(Qty,gt,1)"}
    seen = []
    while True:
        page = client.get(v1, query, headers=h).json
        seen += ids(page)
        if not page["pageInfo"]["nextCursor"]:
            break
        query["cursor"] = page["pageInfo"]["nextCursor"]
    assert seen == expected


def test_bad_cursors_are_refused(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    good = client.get(url, {"limit": 5, "cursor": "", "sort": "Qty"}, headers=h).json["pageInfo"]["nextCursor"]
    body, mac = good.split(".")
    forged = body[:-2] + ("AA" if body[-2:] != "AA" else "BB") + "." + mac
    for bad in ("nonsense", "a.b", forged, good + "x", good.replace(".", ".."), "x" * 10000):
        res = client.get(url, {"limit": 5, "cursor": bad, "sort": "Qty"}, headers=h, status=400).json
        assert res["msg"]
    res = client.get(url, {"limit": 5, "cursor": good, "sort": "Name"}, headers=h, status=400).json
    assert "sort" in res["msg"]
    res = client.get(url, {"limit": 5, "cursor": good, "sort": "Qty", "offset": 5}, headers=h, status=400).json
    assert "offset" in res["msg"]
    res = client.get(url, {"limit": 5, "cursor": "", "shuffle": "1"}, headers=h, status=400).json
    assert "shuffle" in res["msg"]


def test_offset_paging_keeps_its_shape(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    info = client.get(url, {"limit": 10, "offset": 20, "sort": "Qty"}, headers=h).json["pageInfo"]
    assert info == {"totalRows": 53, "page": 3, "pageSize": 10, "isFirstPage": False, "isLastPage": False}

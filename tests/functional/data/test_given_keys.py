"""A record's own key given on insert: a deleted record comes back under its key (undo of
a delete), new records are still numbered past every key, a key in use is a 409, and an
update never changes a key."""

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def url(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", [{"title": "Name"}])
    return f"/api/v2/tables/{table['id']}/records"


def names(client, url, h) -> dict[int, str]:
    return {r["Id"]: r["Name"] for r in client.get(url, params={"limit": 100}, headers=h).json["list"]}


def test_a_deleted_record_comes_back_under_its_key(client, admin, url, dialect):
    h = client.auth(admin)
    client.post_json(url, [{"Name": n} for n in ("a", "b", "c", "d")], headers=h)
    client.delete_json(url, [{"Id": 2}, {"Id": 4}], headers=h)
    assert client.post_json(url, [{"Id": 4, "Name": "d"}, {"Id": 2, "Name": "b"}], headers=h).json == [
        {"Id": 4},
        {"Id": 2},
    ]
    assert names(client, url, h) == {1: "a", 2: "b", 3: "c", 4: "d"}
    # new records are numbered past every key, even past keys given above the sequence
    assert client.post_json(url, {"Name": "e"}, headers=h).json == {"Id": 5}
    assert client.post_json(url, {"Id": 40, "Name": "far"}, headers=h).json == {"Id": 40}
    assert client.post_json(url, {"Name": "f"}, headers=h).json == {"Id": 41}
    client.post_json(url, {"Id": 3, "Name": "c again"}, headers=h, status=409)
    # PostgreSQL's and MariaDB's numbering never moves back: a deleted top key is not given
    # to a new record (SQLite numbers a table's records from its largest key)
    client.delete_json(url, [{"Id": 41}, {"Id": 40}], headers=h)
    after = client.post_json(url, {"Name": "g"}, headers=h).json["Id"]
    assert after == 6 if dialect == "sqlite" else after >= 42


def test_a_key_in_use_is_refused_and_nothing_is_written(client, admin, url):
    h = client.auth(admin)
    client.post_json(url, [{"Name": "a"}, {"Name": "b"}], headers=h)
    res = client.post_json(url, [{"Id": 9, "Name": "x"}, {"Id": 1, "Name": "clash"}], headers=h, status=409)
    assert res.json == {"msg": "A record with the same key exists already"}
    assert names(client, url, h) == {1: "a", 2: "b"}


def test_an_update_never_changes_a_key(client, admin, url):
    h = client.auth(admin)
    client.post_json(url, [{"Name": "a"}], headers=h)
    client.patch_json(url, {"Id": 1, "Name": "b"}, headers=h)
    assert names(client, url, h) == {1: "b"}
    client.patch_json(url, [{"Id": 1, "Name": "c"}], headers=h)
    assert names(client, url, h) == {1: "c"}

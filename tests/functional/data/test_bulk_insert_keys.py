"""Bulk inserts answer the right key for every record: in order, after deletes at the end
of the table, with rows-changed listeners, and (on SQLite, whose batches take their keys
from ``last_insert_rowid()``) while other requests and another server process insert into
the same table at the same time."""

from __future__ import annotations

import json
import threading
import urllib.request
from contextlib import contextmanager

import pytest

from workbench.hookspecs import hookimpl, row_actions
from workbench.testing.server import live_server
from workbench.testing.tables import create_table

COLUMNS = [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}, {"title": "At", "uidt": "DateTime"}]


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", COLUMNS)
    return client, client.auth(admin), f"/api/v2/tables/{table['id']}/records"


@contextmanager
def listening(app, listener):
    """`listener` registered as a plugin of `app` for the duration of the block."""
    manager = app.registry["plugins"].manager
    manager.register(listener)
    try:
        yield
    finally:
        manager.unregister(listener)


def names_by_id(client, h, url) -> dict:
    rows = client.get(url, {"limit": 1000}, headers=h).json["list"]
    return {r["Id"]: r["Name"] for r in rows}


@pytest.mark.dialects
def test_batch_keys_match_their_records(ctx):
    client, h, url = ctx
    first = client.post_json(url, [{"Name": f"a{i}", "Qty": i} for i in range(50)], headers=h).json
    assert [k["Id"] for k in first] == list(range(1, 51))
    # The last rows deleted: the next batch's keys are still the ones its rows got.
    client.delete_json(url, [{"Id": i} for i in range(41, 51)], headers=h)
    second = client.post_json(url, [{"Name": f"b{i}"} for i in range(20)], headers=h).json
    stored = names_by_id(client, h, url)
    assert [stored[k["Id"]] for k in second] == [f"b{i}" for i in range(20)]
    assert [stored[k["Id"]] for k in first[:40]] == [f"a{i}" for i in range(40)]
    assert len(stored) == 60


@pytest.mark.dialects
def test_batch_rows_given_to_listeners_carry_their_keys(ctx, data_app):
    client, h, url = ctx
    seen = []

    class Listener:
        @hookimpl
        def on_rows_changed(self, request, table, action, changes):
            seen.extend(after for _before, after in changes)

    with listening(data_app, Listener()):
        keys = client.post_json(
            url, [{"Name": f"n{i}", "At": "2024-05-06 07:08:09"} for i in range(30)], headers=h
        ).json
    assert [row["Id"] for row in seen] == [k["Id"] for k in keys]
    assert [row["Name"] for row in seen] == [f"n{i}" for i in range(30)]
    assert {row["At"] for row in seen} == {"2024-05-06 07:08:09+00:00"}
    assert all(row["CreatedAt"] and row["Qty"] is None for row in seen)
    assert len({(row["CreatedAt"], row["UpdatedAt"]) for row in seen}) == 1  # one batch, one time
    assert list(seen[0]) == list(client.get(f"{url}/{keys[0]['Id']}", headers=h).json)  # fields in order
    assert names_by_id(client, h, url) == {row["Id"]: row["Name"] for row in seen}


@pytest.mark.dialects
def test_listeners_get_only_the_actions_they_ask_for(ctx, data_app):
    client, h, url = ctx
    calls = []

    class UpdatesOnly:
        @hookimpl
        @row_actions("update", "delete")
        def on_rows_changed(self, request, table, action, changes):
            calls.append((action, len(changes)))

    with listening(data_app, UpdatesOnly()):
        keys = client.post_json(url, [{"Name": f"n{i}"} for i in range(5)], headers=h).json
        client.patch_json(url, [{"Id": keys[0]["Id"], "Name": "renamed"}], headers=h)
        client.delete_json(url, [{"Id": keys[1]["Id"]}], headers=h)
    # The attachment plugin wants updates and deletes too: nobody asked for the insert.
    assert calls == [("update", 1), ("delete", 1)]


def test_row_actions_are_checked():
    with pytest.raises(ValueError, match="upsert"):
        row_actions("insert", "upsert")
    with pytest.raises(ValueError, match="none"):
        row_actions()


def _call(base, method, path, token=None, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["xc-auth"] = token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.loads(res.read())


def test_concurrent_batches_on_sqlite_get_their_own_keys(tmp_path):
    """Four clients, two on each of two server processes sharing the data folder, insert
    batches into one SQLite table at once; every answered key holds that client's row."""
    with live_server(tmp_path / "data") as base_a, live_server(tmp_path / "data") as base_b:
        signup = {"email": "a@example.com", "password": "pass word 123"}
        token = _call(base_a, "POST", "/api/v1/auth/user/signup", body=signup)["token"]
        project = _call(base_a, "POST", "/api/v1/db/meta/projects", token, {"title": "P"})
        body = {"title": "T", "columns": [{"title": "Name"}]}
        table = _call(base_a, "POST", f"/api/v1/db/meta/projects/{project['id']}/tables", token, body)
        url = f"/api/v2/tables/{table['id']}/records"
        answered: dict[str, list] = {}
        errors: list[BaseException] = []

        def insert(client: str, base: str):
            try:
                for batch in range(6):
                    rows = [{"Name": f"{client}-{batch}-{i}"} for i in range(150)]
                    keys = _call(base, "POST", url, token, rows)
                    names = [r["Name"] for r in rows]
                    answered.setdefault(client, []).extend(zip([k["Id"] for k in keys], names, strict=True))
            except BaseException as exc:  # reported below
                errors.append(exc)

        threads = [threading.Thread(target=insert, args=(f"c{n}", base_a if n % 2 else base_b)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert not errors, errors
        stored = {}
        offset = 0
        while True:
            page = _call(base_b, "GET", f"{url}?limit=1000&offset={offset}", token)["list"]
            stored.update({r["Id"]: r["Name"] for r in page})
            if len(page) < 1000:
                break
            offset += 1000
        pairs = [pair for client in answered.values() for pair in client]
        assert len(pairs) == 4 * 6 * 150 == len(stored)
        assert all(stored[key] == name for key, name in pairs)

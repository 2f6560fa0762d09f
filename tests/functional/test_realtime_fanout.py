"""Row and meta changes pushed on /ws after commit: who gets them, their shapes, and the
Redis bus across two server processes. A real server, real websockets, real Redis."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
import uuid

import pytest
import websocket

from tests.functional.live_api import Api
from workbench.testing.server import live_server, stop_process

REDIS = ("127.0.0.1", 6379)
QUIET = 0.6  # seconds a socket is watched to show that nothing came


def _ws(base_url: str, api: Api):
    ws = websocket.create_connection(
        base_url.replace("http://", "ws://") + "/ws", header=[f"xc-auth: {api.token}"], timeout=5
    )
    ready = json.loads(ws.recv())
    assert ready["event"] == "ready"
    ws.user_id = ready["user_id"]
    return ws


def _watch(ws, pid: str, table_id: str | None = None) -> dict:
    data = {"path": f"/nc/{pid}", "type": "table", "pid": pid}
    if table_id:
        data["table_id"] = table_id
    ws.send(json.dumps({"event": "page", "data": data}))
    ack = _next(ws)
    assert ack["event"] == "ack"
    return ack["page"]


def _next(ws, timeout: float = 5, skip: tuple[str, ...] = ()) -> dict:
    """The next message, passing over events of the kinds in ``skip``."""
    deadline = time.monotonic() + timeout
    while True:
        ws.settimeout(max(0.01, deadline - time.monotonic()))
        message = json.loads(ws.recv())
        if message.get("event") not in skip:
            return message


def _nothing(ws, wait: float = QUIET, skip: tuple[str, ...] = ()) -> None:
    try:
        got = _next(ws, wait, skip)
    except websocket.WebSocketTimeoutException:
        return
    pytest.fail(f"unexpected message {got}")


# Between processes, an event published just before a socket watched its project may still
# be on its way through Redis when the watch begins, and then be delivered: the table's own
# creation (a meta event) can arrive after the watch in the tests below, which are about
# data events crossing processes.
DATA_ONLY = ("meta",)


def _close(*sockets) -> None:
    for ws in sockets:
        try:
            ws.close(timeout=1)
        except Exception:
            ws.shutdown()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with live_server(tmp_path_factory.mktemp("fanout")) as base_url:
        yield base_url


@pytest.fixture
def shop(server):
    """An owner, a viewer member, and a stranger; a project with a table ``Items``."""
    anon = Api(server)
    tag = uuid.uuid4().hex[:8]
    owner = anon.signup(f"owner-{tag}@example.com")
    member = anon.signup(f"member-{tag}@example.com")
    stranger = anon.signup(f"stranger-{tag}@example.com")
    project = owner.call("POST", "/api/v1/db/meta/projects", {"title": "Shop"})
    invite = {"email": f"member-{tag}@example.com", "roles": "viewer"}
    owner.call("POST", f"/api/v1/db/meta/projects/{project['id']}/users", invite)
    table = owner.call(
        "POST", f"/api/v1/db/meta/projects/{project['id']}/tables", {"title": "Items", "columns": [{"title": "Name"}]}
    )
    return {"owner": owner, "member": member, "stranger": stranger, "pid": project["id"], "table": table}


def _records(shop) -> str:
    return f"/api/v2/tables/{shop['table']['id']}/records"


def test_member_gets_insert_update_delete_with_ids(server, shop):
    owner, pid, table_id = shop["owner"], shop["pid"], shop["table"]["id"]
    ws = _ws(server, shop["member"])
    me = _ws(server, owner)
    try:
        page = _watch(ws, pid, table_id)
        assert page == {"path": f"/nc/{pid}", "type": "table", "pid": pid, "table_id": table_id}
        _watch(me, pid)
        owner_id = me.user_id
        keys = owner.call("POST", _records(shop), [{"Name": "a"}, {"Name": "b"}, {"Name": "c"}])
        ids = [k["Id"] for k in keys]
        expected = {"project_id": pid, "table_id": table_id, "action": "insert", "ids": ids, "by": owner_id}
        assert _next(ws) == {"event": "data", "data": expected}
        assert _next(me) == {"event": "data", "data": expected}  # the writer's own sockets too
        owner.call("PATCH", _records(shop), [{"Id": ids[0], "Name": "A"}, {"Id": ids[1], "Name": "B"}])
        assert _next(ws)["data"] == {**expected, "action": "update", "ids": ids[:2]}
        owner.call("DELETE", _records(shop), [{"Id": ids[2]}])
        assert _next(ws)["data"] == {**expected, "action": "delete", "ids": ids[2:]}
        # No values travel: the message names records only.
        _nothing(ws)
    finally:
        _close(ws, me)


def test_big_writes_send_null_ids(server, shop):
    ws = _ws(server, shop["member"])
    try:
        _watch(ws, shop["pid"])
        shop["owner"].call("POST", _records(shop), [{"Name": f"n{i}"} for i in range(1001)])
        message = _next(ws)
        assert message["data"]["action"] == "insert"
        assert message["data"]["ids"] is None
    finally:
        _close(ws)


def test_a_non_member_claiming_the_project_gets_nothing(server, shop):
    ws = _ws(server, shop["stranger"])
    try:
        assert _watch(ws, shop["pid"])["pid"] is None
        shop["owner"].call("POST", _records(shop), [{"Name": "secret"}])
        _nothing(ws)
    finally:
        _close(ws)


def test_a_failed_write_sends_nothing(server, shop):
    ws = _ws(server, shop["member"])
    try:
        _watch(ws, shop["pid"])
        owner = shop["owner"]
        owner.call("POST", _records(shop), [{"Nope": 1}], status=400)
        first = owner.call("POST", _records(shop), [{"Name": "x"}])[0]["Id"]
        assert _next(ws)["data"]["ids"] == [first]
        # The first row is written, then the second key is missing: the request is rolled back.
        owner.call("PATCH", _records(shop), [{"Id": first, "Name": "y"}, {"Id": 999999, "Name": "z"}], status=404)
        shop["member"].call("POST", _records(shop), [{"Name": "viewer may not"}], status=403)
        _nothing(ws)
        owner.call("DELETE", _records(shop), [{"Id": first}])
        assert _next(ws)["data"]["action"] == "delete"  # the next message is this write's
    finally:
        _close(ws)


def test_meta_events_on_columns_and_views(server, shop):
    owner, pid, table_id = shop["owner"], shop["pid"], shop["table"]["id"]
    ws = _ws(server, shop["member"])
    me = _ws(server, owner)
    try:
        _watch(ws, pid)
        column = owner.call("POST", f"/api/v1/db/meta/tables/{table_id}/columns", {"title": "Qty", "uidt": "Number"})
        column_id = next(c["id"] for c in column["columns"] if c["title"] == "Qty")
        base = {"project_id": pid, "table_id": table_id, "by": me.user_id}
        assert _next(ws) == {"event": "meta", "data": {**base, "kind": "column", "action": "insert", "id": column_id}}
        view = owner.call("POST", f"/api/v1/db/meta/tables/{table_id}/grids", {"title": "Mine"})
        assert _next(ws) == {"event": "meta", "data": {**base, "kind": "view", "action": "insert", "id": view["id"]}}
        owner.call("DELETE", f"/api/v1/db/meta/columns/{column_id}")
        assert _next(ws)["data"] == {**base, "kind": "column", "action": "delete", "id": column_id}
        owner.call("PATCH", f"/api/v1/db/meta/tables/{table_id}", {"title": "Goods"})
        table_event = _next(ws)["data"]
        assert table_event == {"project_id": pid, "kind": "table", "action": "update", "id": table_id, "by": me.user_id}
    finally:
        _close(ws, me)


def test_a_removed_member_stops_receiving(server, shop):
    owner, pid = shop["owner"], shop["pid"]
    ws = _ws(server, shop["member"])
    try:
        _watch(ws, pid)
        owner.call("POST", _records(shop), [{"Name": "before"}])
        assert _next(ws)["event"] == "data"
        owner.call("DELETE", f"/api/v1/db/meta/projects/{pid}/users/{ws.user_id}")
        removed = _next(ws)["data"]
        assert (removed["kind"], removed["action"], removed["id"]) == ("member", "delete", ws.user_id)
        owner.call("POST", _records(shop), [{"Name": "after"}])
        _nothing(ws)
        # Claiming the project again does not help.
        assert _watch(ws, pid)["pid"] is None
        owner.call("POST", _records(shop), [{"Name": "again"}])
        _nothing(ws)
    finally:
        _close(ws)


def test_a_dead_socket_does_not_stop_the_others(server, shop):
    owner, pid = shop["owner"], shop["pid"]
    dead = _ws(server, shop["member"])
    alive = _ws(server, shop["member"])
    _watch(dead, pid)
    _watch(alive, pid)
    # The client vanishes without a close frame: its TCP connection is reset.
    dead.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    dead.sock.close()
    try:
        written = []
        for i in range(20):
            written.append(owner.call("POST", _records(shop), [{"Name": f"r{i}"}])[0]["Id"])
        got = [_next(alive)["data"]["ids"][0] for _ in written]
        assert got == written
    finally:
        _close(alive)


def _until_heard(ws, write, within: float = 20) -> dict:
    """``write()`` again until ``ws`` hears a data event (a server's Redis subscription may
    still be starting on a loaded machine: pub/sub keeps nothing for a late subscriber)."""
    deadline = time.monotonic() + within
    while True:
        write()
        try:
            return _next(ws, timeout=1, skip=DATA_ONLY)
        except websocket.WebSocketTimeoutException:
            assert time.monotonic() < deadline, "the other process never heard through Redis"


def _drain(*sockets) -> None:
    """Read what the sockets still have until each is quiet."""
    for ws in sockets:
        while True:
            try:
                _next(ws, timeout=QUIET)
            except websocket.WebSocketTimeoutException:
                break


def _redis_up() -> bool:
    try:
        with socket.create_connection(REDIS, timeout=1) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def test_two_processes_share_events_over_redis(tmp_path):
    if not _redis_up():
        pytest.fail("Redis must run on 127.0.0.1:6379 for the bus tests (.ci/run starts it)")
    env = {"WORKBENCH_BUS_URL": "redis://127.0.0.1:6379/11"}
    with live_server(tmp_path / "data", env=env) as base_a, live_server(tmp_path / "data", env=env) as base_b:
        owner_a = Api(base_a).signup("owner@example.com")
        owner_b = Api(base_b, owner_a.token)  # same data folder, same secret: the token works on both
        project = owner_a.call("POST", "/api/v1/db/meta/projects", {"title": "P"})
        table = owner_a.call(
            "POST", f"/api/v1/db/meta/projects/{project['id']}/tables", {"title": "T", "columns": [{"title": "Name"}]}
        )
        on_b = _ws(base_b, owner_b)
        on_a = _ws(base_a, owner_a)
        try:
            _watch(on_b, project["id"])
            _watch(on_a, project["id"])
            # Both subscriptions up: each process hears the other once.
            records = f"/api/v2/tables/{table['id']}/records"
            _until_heard(on_b, lambda: owner_a.call("POST", records, [{"Name": "warm-up"}]))
            _until_heard(on_a, lambda: owner_b.call("POST", records, [{"Name": "warm-up"}]))
            _drain(on_a, on_b)
            keys = owner_a.call("POST", records, [{"Name": "x"}])
            expected = {
                "event": "data",
                "data": {
                    "project_id": project["id"],
                    "table_id": table["id"],
                    "action": "insert",
                    "ids": [keys[0]["Id"]],
                    "by": on_a.user_id,
                },
            }
            assert _next(on_b, skip=DATA_ONLY) == expected
            assert _next(on_a, skip=DATA_ONLY) == expected
            _nothing(on_a, skip=DATA_ONLY)  # delivered here once, not again through Redis
            # And the other way round.
            owner_b.call("PATCH", f"/api/v2/tables/{table['id']}/records", [{"Id": keys[0]["Id"], "Name": "y"}])
            assert _next(on_a, skip=DATA_ONLY)["data"]["action"] == "update"
            assert _next(on_b, skip=DATA_ONLY)["data"]["action"] == "update"
        finally:
            _close(on_a, on_b)


def test_a_bus_with_redis_down_loses_no_request(tmp_path):
    """Nothing listens on the bus's port: writes still succeed and local sockets still get
    their events."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {"WORKBENCH_BUS_URL": f"redis://127.0.0.1:{port}/0"}
    with live_server(tmp_path / "data", env=env) as base:
        owner = Api(base).signup("owner@example.com")
        project = owner.call("POST", "/api/v1/db/meta/projects", {"title": "P"})
        table = owner.call(
            "POST", f"/api/v1/db/meta/projects/{project['id']}/tables", {"title": "T", "columns": [{"title": "Name"}]}
        )
        ws = _ws(base, owner)
        try:
            _watch(ws, project["id"])
            started = time.monotonic()
            keys = owner.call("POST", f"/api/v2/tables/{table['id']}/records", [{"Name": "x"}])
            assert time.monotonic() - started < 2
            assert _next(ws)["data"]["ids"] == [keys[0]["Id"]]
        finally:
            _close(ws)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start_redis(port: int, folder) -> subprocess.Popen:
    proc = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("redis-server did not start")


def test_the_bus_comes_back_with_redis(tmp_path):
    """Redis restarts: writes keep working meanwhile, and the subscriber reconnects."""
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server must be installed for the bus tests")
    port = _free_port()
    redis_proc = _start_redis(port, tmp_path)
    env = {"WORKBENCH_BUS_URL": f"redis://127.0.0.1:{port}/0"}
    try:
        with live_server(tmp_path / "data", env=env) as base_a, live_server(tmp_path / "data", env=env) as base_b:
            owner = Api(base_a).signup("owner@example.com")
            project = owner.call("POST", "/api/v1/db/meta/projects", {"title": "P"})
            body = {"title": "T", "columns": [{"title": "Name"}]}
            table = owner.call("POST", f"/api/v1/db/meta/projects/{project['id']}/tables", body)
            url = f"/api/v2/tables/{table['id']}/records"
            on_b = _ws(base_b, Api(base_b, owner.token))
            try:
                _watch(on_b, project["id"])
                heard = _until_heard(on_b, lambda: owner.call("POST", url, [{"Name": "up"}]))
                assert heard["data"]["action"] == "insert"
                _drain(on_b)
                stop_process(redis_proc)
                owner.call("POST", url, [{"Name": "while down"}])  # answered, not announced elsewhere
                _nothing(on_b, skip=DATA_ONLY)
                redis_proc = _start_redis(port, tmp_path)
                # The subscriber retries with a growing delay: write until process B hears again.
                deadline = time.monotonic() + 20
                while True:
                    key = owner.call("POST", url, [{"Name": "back"}])[0]["Id"]
                    try:
                        message = _next(on_b, timeout=1, skip=DATA_ONLY)
                        break
                    except websocket.WebSocketTimeoutException:
                        assert time.monotonic() < deadline, "process B never heard from Redis again"
                assert message["data"]["ids"] == [key]
            finally:
                _close(on_b)
    finally:
        stop_process(redis_proc)

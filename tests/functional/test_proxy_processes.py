"""Two real server processes on one PostgreSQL with the Redis bus, behind Debian's nginx
running deploy/nginx.conf: a websocket held through the proxy on one process sees the
changes made through the proxy on the other, and a sign-in made on one is valid on the
other (and through the proxy, whichever process answers)."""

from __future__ import annotations

import json
import socket
import time
import urllib.request

import pytest
import websocket

from tests.functional.live_api import PASSWORD, Api
from workbench.testing.databases import create_database, drop_database
from workbench.testing.proxy import nginx_proxy
from workbench.testing.server import live_server

META = "/api/v1/db/meta"
BUS = {"WORKBENCH_BUS_URL": "redis://127.0.0.1:6379/12"}


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _call(base_url: str, method: str, path: str, token: str | None = None, body=None) -> tuple[int, dict, str]:
    """Status, JSON body and the process that answered (nginx's ``X-Upstream``)."""
    headers = {"Content-Type": "application/json", **({"xc-auth": token} if token else {})}
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base_url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return res.status, json.loads(res.read() or b"null"), res.headers.get("X-Upstream", "")
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, json.loads(exc.read() or b"null"), exc.headers.get("X-Upstream", "")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    if not _redis_up():
        pytest.fail("Redis must run on 127.0.0.1:6379 for the bus tests (.ci/run starts it)")
    folder = tmp_path_factory.mktemp("cluster")
    meta, data = create_database("postgresql", folder), create_database("postgresql", folder)
    try:
        with (
            live_server(folder / "data", meta, env=BUS, **{"workbench.data.url": data}) as one,
            live_server(folder / "data", meta, env=BUS, **{"workbench.data.url": data}) as two,
        ):
            ports = [int(one.rsplit(":", 1)[1]), int(two.rsplit(":", 1)[1])]
            with nginx_proxy(ports, folder / "nginx") as proxy:
                yield {"proxy": proxy, "processes": [one, two]}
    finally:
        drop_database(meta)
        drop_database(data)


def test_a_sign_in_on_one_process_is_valid_on_the_other(cluster):
    one, two = cluster["processes"]
    Api(one).signup("first@example.com")
    token = Api(two).signin("first@example.com").token  # signed in on the second
    assert Api(one, token).call("GET", "/api/v1/auth/user/me")["email"] == "first@example.com"
    # Through the proxy, whichever process answers, the token holds.
    upstreams = set()
    for _ in range(6):
        status, me, upstream = _call(cluster["proxy"], "GET", "/api/v1/auth/user/me", token)
        assert (status, me["email"]) == (200, "first@example.com")
        upstreams.add(upstream)
    assert len(upstreams) == 2, upstreams
    status, body, _ = _call(
        cluster["proxy"],
        "POST",
        "/api/v1/auth/user/signin",
        body={"email": "first@example.com", "password": "wrong-one"},
    )
    assert status in (400, 401), body
    status, body, _ = _call(
        cluster["proxy"], "POST", "/api/v1/auth/user/signin", body={"email": "first@example.com", "password": PASSWORD}
    )
    assert status == 200, body
    assert body["token"]


def test_a_websocket_on_one_process_sees_changes_made_through_the_other(cluster):
    proxy = cluster["proxy"]
    owner = Api(proxy).signup("owner@example.com")
    project = owner.call("POST", f"{META}/projects", {"title": "P"})
    table = owner.call(
        "POST", f"{META}/projects/{project['id']}/tables", {"title": "T", "columns": [{"title": "Name"}]}
    )
    ws = websocket.create_connection(
        proxy.replace("http://", "ws://") + "/ws", header=[f"xc-auth: {owner.token}"], timeout=5
    )
    try:
        held_by = ws.getheaders().get("x-upstream")
        assert held_by, ws.getheaders()
        assert json.loads(ws.recv())["event"] == "ready"
        ws.send(
            json.dumps(
                {"event": "page", "data": {"path": f"/nc/{project['id']}", "type": "table", "pid": project["id"]}}
            )
        )
        assert json.loads(ws.recv())["event"] == "ack"
        time.sleep(0.3)  # the process holding the socket has subscribed on Redis
        # Writes until one is served by the other process (the proxy sends new requests to
        # the process with fewer connections: the one without the socket).
        records = f"/api/v2/tables/{table['id']}/records"
        for attempt in range(10):
            status, keys, upstream = _call(proxy, "POST", records, owner.token, [{"Name": f"n{attempt}"}])
            assert status == 200, keys
            if upstream != held_by:
                break
        assert upstream != held_by
        deadline = time.monotonic() + 5
        while True:
            ws.settimeout(max(0.01, deadline - time.monotonic()))
            message = json.loads(ws.recv())
            if message.get("event") == "data" and message["data"]["ids"] == [keys[0]["Id"]]:
                break
        assert message["data"]["action"] == "insert"
        assert message["data"]["table_id"] == table["id"]
    finally:
        ws.close()

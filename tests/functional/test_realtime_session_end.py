"""Realtime connections end with their session: on sign-out, on a password change, and in
every process when the bus is Redis. A real server, real websockets."""

from __future__ import annotations

import contextlib
import json

import pytest
import websocket

from tests.functional.live_api import PASSWORD, Api
from tests.functional.test_realtime_fanout import (
    DATA_ONLY,
    _drain,
    _next,
    _nothing,
    _redis_up,
    _until_heard,
    _watch,
    _ws,
)
from workbench.testing.server import live_server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with live_server(tmp_path_factory.mktemp("session-end")) as base_url:
        yield base_url


def _close(*sockets) -> None:
    for ws in sockets:
        with contextlib.suppress(Exception):  # closed by the server already
            ws.close(timeout=1)
        ws.shutdown()


def ended(ws) -> None:
    """The server said the session ended and closed the socket with code 4401."""
    assert _next(ws) == {"event": "error", "msg": "Your session has ended"}
    opcode, data = ws.recv_data(control_frame=True)
    assert opcode == websocket.ABNF.OPCODE_CLOSE
    assert int.from_bytes(data[:2], "big") == 4401


def alive(ws) -> None:
    ws.send(json.dumps({"event": "event", "data": {"event": "ping"}}))
    assert _next(ws) == {"event": "ack", "of": "event"}


def test_sign_out_closes_the_users_sockets(server):
    ann = Api(server).signup("ann@example.com")
    bob = Api(server).signup("bob@example.com")
    ann_tab, ann_other_tab, bob_tab = _ws(server, ann), _ws(server, ann), _ws(server, bob)
    try:
        ann.call("POST", "/api/v1/auth/user/signout")
        ended(ann_tab)
        ended(ann_other_tab)  # every access token of the user ended, so every socket
        alive(bob_tab)
        _nothing(bob_tab)
    finally:
        _close(ann_tab, ann_other_tab, bob_tab)


def test_password_change_closes_the_old_sockets_only(server):
    cat = Api(server).signup("cat@example.com")
    before = _ws(server, cat)
    try:
        body = {"currentPassword": PASSWORD, "newPassword": "a new pass phrase"}
        renewed = Api(server, cat.call("POST", "/api/v1/auth/password/change", body)["token"])
        ended(before)
        after = _ws(server, renewed)
        try:
            alive(after)
            _nothing(after)
        finally:
            _close(after)
    finally:
        _close(before)


def test_a_socket_of_an_ended_session_cannot_open(server):
    dan = Api(server).signup("dan@example.com")
    dan.call("POST", "/api/v1/auth/user/signout")
    ws = websocket.create_connection(server.replace("http://", "ws://") + "/ws", header=[f"xc-auth: {dan.token}"])
    try:
        assert _next(ws) == {"event": "error", "msg": "Unauthorized"}
    finally:
        _close(ws)


def test_sign_out_on_one_process_closes_sockets_on_another(tmp_path):
    if not _redis_up():
        pytest.fail("Redis must run on 127.0.0.1:6379 for the bus tests (.ci/run starts it)")
    env = {"WORKBENCH_BUS_URL": "redis://127.0.0.1:6379/12"}
    with live_server(tmp_path / "data", env=env) as base_a, live_server(tmp_path / "data", env=env) as base_b:
        eve_a = Api(base_a).signup("eve@example.com")
        eve_b = Api(base_b, eve_a.token)
        project = eve_a.call("POST", "/api/v1/db/meta/projects", {"title": "P"})
        table = eve_a.call(
            "POST", f"/api/v1/db/meta/projects/{project['id']}/tables", {"title": "T", "columns": [{"title": "Name"}]}
        )
        on_b = _ws(base_b, eve_b)
        try:
            _watch(on_b, project["id"])
            # B's Redis subscription is up once B hears a change made on A.
            _until_heard(on_b, lambda: eve_a.call("POST", f"/api/v2/tables/{table['id']}/records", [{"Name": "x"}]))
            _drain(on_b)
            eve_a.call("POST", "/api/v1/auth/user/signout")
            assert _next(on_b, skip=DATA_ONLY) == {"event": "error", "msg": "Your session has ended"}
        finally:
            _close(on_b)

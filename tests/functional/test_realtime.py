"""The /ws endpoint over a real server and real websockets."""

from __future__ import annotations

import json
import urllib.request

import pyotp
import pytest
import websocket

from workbench.testing.server import live_server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with live_server(tmp_path_factory.mktemp("ws")) as base_url:
        yield base_url


def _post(base_url, path, body, token=None):
    req = urllib.request.Request(
        base_url + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **({"xc-auth": token} if token else {})},
    )
    with urllib.request.urlopen(req, timeout=5) as res:
        return json.loads(res.read())


@pytest.fixture(scope="module")
def token(server):
    return _post(server, "/api/v1/auth/user/signup", {"email": "ws@example.com", "password": "password-123"})["token"]


def _ws_url(base_url):
    return base_url.replace("http://", "ws://") + "/ws"


def _close(ws):
    try:
        ws.close(timeout=1)
    finally:
        ws.shutdown()


def _recv(ws):
    return json.loads(ws.recv())


def test_header_token_then_page_and_event_messages(server, token):
    pid = _post(server, "/api/v1/db/meta/projects", {"title": "Watched"}, token=token)["id"]
    ws = websocket.create_connection(_ws_url(server), header=[f"xc-auth: {token}"], timeout=5)
    try:
        ready = _recv(ws)
        assert ready["event"] == "ready"
        assert ready["user_id"].startswith("us_")
        ws.send(json.dumps({"event": "page", "data": {"path": f"/nc/{pid}", "type": "table", "pid": pid}}))
        assert _recv(ws) == {"event": "ack", "of": "page", "page": {"path": f"/nc/{pid}", "type": "table", "pid": pid}}
        # A project that does not exist (or that the user may not read) is answered with null.
        ws.send(json.dumps({"event": "page", "data": {"path": "/nc/p_1", "type": "table", "pid": "p_1"}}))
        assert _recv(ws) == {"event": "ack", "of": "page", "page": {"path": "/nc/p_1", "type": "table", "pid": None}}
        ws.send(json.dumps({"event": "event", "data": {"event": "a:table:open", "path": "/nc/p_1"}}))
        assert _recv(ws) == {"event": "ack", "of": "event"}
        ws.send("not json")
        assert _recv(ws) == {"event": "error", "msg": "Invalid JSON message"}
        ws.send(json.dumps({"event": "launch-missiles"}))
        assert _recv(ws)["msg"] == "Unknown event 'launch-missiles'"
    finally:
        _close(ws)


def test_token_in_first_message(server, token):
    ws = websocket.create_connection(_ws_url(server), timeout=5)
    try:
        ws.send(json.dumps({"event": "auth", "token": token}))
        assert _recv(ws)["event"] == "ready"
    finally:
        _close(ws)


@pytest.mark.parametrize("header", [[], ["xc-auth: not-a-token"]])
def test_unauthenticated_sockets_are_closed(server, header):
    ws = websocket.create_connection(_ws_url(server), header=header, timeout=5)
    try:
        if not header:
            ws.send(json.dumps({"event": "auth", "token": "garbage"}))
        assert _recv(ws) == {"event": "error", "msg": "Unauthorized"}
        opcode, data = ws.recv_data(control_frame=True)
        assert opcode == websocket.ABNF.OPCODE_CLOSE
        assert int.from_bytes(data[:2], "big") == 4401
    finally:
        _close(ws)


def test_token_killed_by_password_change_is_refused(server):
    old = _post(server, "/api/v1/auth/user/signup", {"email": "ws2@example.com", "password": "password-123"})["token"]
    _post(
        server,
        "/api/v1/auth/password/change",
        {"currentPassword": "password-123", "newPassword": "password-456"},
        token=old,
    )
    ws = websocket.create_connection(_ws_url(server), header=[f"xc-auth: {old}"], timeout=5)
    try:
        assert _recv(ws) == {"event": "error", "msg": "Unauthorized"}
    finally:
        _close(ws)


def test_plain_http_on_ws_gets_json_400(server):
    req = urllib.request.Request(server + "/ws")
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(req, timeout=5)
    assert info.value.code == 400
    with info.value:
        assert json.loads(info.value.read()) == {"msg": "Expected a WebSocket upgrade"}


def test_a_user_held_back_until_two_factor_is_on_gets_no_socket(server, token):
    """While the super admin requires two-factor sign-in, a user without it is refused."""
    user = _post(server, "/api/v1/auth/user/signup", {"email": "ws3@example.com", "password": "password-123"})["token"]
    _post(server, "/api/v1/app-settings", {"require_two_factor": True}, token=token)
    try:
        ws = websocket.create_connection(_ws_url(server), header=[f"xc-auth: {user}"], timeout=5)
        try:
            assert _recv(ws) == {"event": "error", "msg": "Unauthorized"}
        finally:
            _close(ws)
    finally:
        # The super admin turns it on for themselves, then lifts the requirement.
        secret = _post(server, "/api/v1/auth/2fa/setup", {}, token=token)["secret"]
        _post(server, "/api/v1/auth/2fa/enable", {"code": pyotp.TOTP(secret).now()}, token=token)
        _post(server, "/api/v1/app-settings", {"require_two_factor": False}, token=token)
    ws = websocket.create_connection(_ws_url(server), header=[f"xc-auth: {user}"], timeout=5)
    try:
        assert _recv(ws)["event"] == "ready"
    finally:
        _close(ws)

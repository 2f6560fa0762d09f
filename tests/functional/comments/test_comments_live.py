"""A new comment reaches another connection watching the project, over a real server and
a real websocket, as a ``meta`` event naming the table and the record."""

from __future__ import annotations

import json
import urllib.request

import websocket

from workbench.testing.server import live_server


def _post(base_url, path, body, token=None):
    req = urllib.request.Request(
        base_url + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **({"xc-auth": token} if token else {})},
    )
    with urllib.request.urlopen(req, timeout=5) as res:
        return json.loads(res.read())


def test_a_comment_is_announced_to_watchers(tmp_path):
    with live_server(tmp_path) as server:
        token = _post(server, "/api/v1/auth/user/signup", {"email": "c@example.com", "password": "password-123"})[
            "token"
        ]
        pid = _post(server, "/api/v1/db/meta/projects", {"title": "Live"}, token=token)["id"]
        table = _post(server, f"/api/v1/db/meta/projects/{pid}/tables", {"title": "T", "columns": []}, token=token)
        _post(server, f"/api/v2/tables/{table['id']}/records", {}, token=token)
        ws = websocket.create_connection(
            server.replace("http://", "ws://") + "/ws", header=[f"xc-auth: {token}"], timeout=5
        )
        try:
            assert json.loads(ws.recv())["event"] == "ready"
            ws.send(json.dumps({"event": "page", "data": {"path": f"/nc/{pid}", "type": "table", "pid": pid}}))
            assert json.loads(ws.recv())["event"] == "ack"
            body = {"fk_model_id": table["id"], "row_id": 1, "description": "hello"}
            comment = _post(server, "/api/v1/db/meta/audits/comments", body, token=token)
            message = json.loads(ws.recv())
            while message["event"] != "meta" or message["data"]["kind"] != "comment":
                message = json.loads(ws.recv())
            assert message["data"] == {
                "project_id": pid,
                "kind": "comment",
                "action": "insert",
                "id": comment["id"],
                "table_id": table["id"],
                "row_id": "1",
                "by": comment["created_by"],
            }
        finally:
            ws.close(timeout=1)
            ws.shutdown()

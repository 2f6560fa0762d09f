"""Import jobs on a real server (gevent, the job in a greenlet of its own): progress on
the realtime socket, and a job left running by a stopped server resumed by the next one."""

from __future__ import annotations

import json
import time

import websocket

from tests.functional.data import bombs
from tests.functional.live_api import Api
from workbench.testing.server import live_server

V1 = "/api/v1/db/meta"


def rows_csv(count: int) -> bytes:
    lines = ["Name,Qty"] + [f"item {i},{i}" for i in range(count)]
    return ("\n".join(lines) + "\n").encode()


def test_progress_is_published_on_the_socket(tmp_path):
    with live_server(tmp_path / "server") as base_url:
        owner = Api(base_url).signup("owner@example.com")
        pid = owner.call("POST", f"{V1}/projects", {"title": "P"})["id"]
        ws = websocket.create_connection(
            base_url.replace("http://", "ws://") + "/ws", header=[f"xc-auth: {owner.token}"], timeout=5
        )
        try:
            assert json.loads(ws.recv())["event"] == "ready"
            ws.send(json.dumps({"event": "page", "data": {"path": f"/nc/{pid}", "type": "project", "pid": pid}}))
            assert json.loads(ws.recv())["event"] == "ack"
            job = owner.upload(f"{V1}/projects/{pid}/imports", "items.csv", rows_csv(5000))
            owner.call("POST", f"{V1}/imports/{job['id']}/start", {"template": job["template"]}, status=202)
            events = []
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                message = json.loads(ws.recv())
                if message["event"] == "import":
                    events.append(message["data"])
                    if message["data"]["status"] != "running":
                        break
        finally:
            ws.close()
        last = events[-1]
        assert last["id"] == job["id"]
        assert last["status"] == "done"
        assert last["rows_done"] == {"items": 5000}
        assert "preview" not in last
        assert "template" not in last
        assert owner.call("GET", f"{V1}/imports/{job['id']}")["status"] == "done"


def test_a_job_left_running_resumes_when_the_server_starts(tmp_path):
    data = tmp_path / "server"
    db_url = f"sqlite:///{tmp_path / 'meta.db'}"
    with live_server(data, db_url, **{"workbench.import.autostart": "false"}) as base_url:
        owner = Api(base_url).signup("owner@example.com")
        pid = owner.call("POST", f"{V1}/projects", {"title": "P"})["id"]
        job = owner.upload(f"{V1}/projects/{pid}/imports", "items.csv", rows_csv(2500))
        started = owner.call("POST", f"{V1}/imports/{job['id']}/start", {"template": job["template"]}, status=202)
        assert owner.call("GET", f"{V1}/imports/{job['id']}")["status"] == "running"
    settings = {"workbench.import.lease": "5", "workbench.import.resume_interval": "0.2"}
    with live_server(data, db_url, **settings) as base_url:
        owner = Api(base_url).signin("owner@example.com")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = owner.call("GET", f"{V1}/imports/{job['id']}")
            if found["status"] != "running":
                break
            time.sleep(0.2)
        assert found["status"] == "done", found
        table_id = started["tables"][0]["id"]
        assert owner.call("GET", f"/api/v2/tables/{table_id}/records/count")["count"] == 2500


def test_a_packed_bomb_is_refused_by_the_server(tmp_path):
    with live_server(tmp_path / "server") as base_url:
        owner = Api(base_url).signup("owner@example.com")
        pid = owner.call("POST", f"{V1}/projects", {"title": "P"})["id"]
        res = owner.upload(f"{V1}/projects/{pid}/imports", "bomb.xlsx", bombs.xlsx(4_200_000), status=400)
        assert "more than 100 times its packed size" in res["msg"]
        assert owner.call("GET", f"{V1}/projects/{pid}/imports")["list"] == []
        assert not any((tmp_path / "server" / "attachments" / "_imports").glob("*/*"))
        assert owner.call("GET", "/api/v1/health")


def test_a_job_past_its_cpu_time_is_stopped_and_undone_by_the_server(tmp_path):
    data = tmp_path / "server"
    db_url = f"sqlite:///{tmp_path / 'meta.db'}"
    with live_server(data, db_url, **{"workbench.import.autostart": "false"}) as base_url:
        owner = Api(base_url).signup("owner@example.com")
        pid = owner.call("POST", f"{V1}/projects", {"title": "P"})["id"]
        job = owner.upload(f"{V1}/projects/{pid}/imports", "items.csv", rows_csv(2500))
        started = owner.call("POST", f"{V1}/imports/{job['id']}/start", {"template": job["template"]}, status=202)
    settings = {
        "workbench.import.lease": "5",
        "workbench.import.resume_interval": "0.2",
        "workbench.import.cpu_seconds": "0.000001",
    }
    with live_server(data, db_url, **settings) as base_url:
        owner = Api(base_url).signin("owner@example.com")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = owner.call("GET", f"{V1}/imports/{job['id']}")
            if found["status"] != "running":
                break
            time.sleep(0.2)
        assert found["status"] == "failed", found
        assert "seconds of processor time" in found["msg"]
        owner.call("GET", f"{V1}/tables/{started['tables'][0]['id']}", status=404)
        assert not (data / "attachments" / "_imports" / job["id"]).exists()
        assert not (data / "imports").exists()

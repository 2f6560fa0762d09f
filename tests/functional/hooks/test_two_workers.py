"""Two server processes delivering from the same outboxes on PostgreSQL and MariaDB: both
claim events (each holds at most ``concurrency`` at once, and twice that are seen in flight
together), and every event is delivered exactly once."""

from __future__ import annotations

import time

import pytest

from tests.functional.hooks.receiver import receiving
from tests.functional.hooks.test_hook_restart import databases, start  # noqa: F401 (a fixture)
from tests.functional.live_api import Api
from workbench.testing.server import stop_process

pytestmark = pytest.mark.dialects

ROWS = 12
SLOTS = 2


def _delivered(api: Api, hook_id: str) -> int:
    logs = api.call("GET", f"/api/v1/db/meta/hooks/{hook_id}/logs?limit=100")["list"]
    return sum(1 for entry in logs if entry["status"] == "success")


def test_two_processes_share_the_events_and_deliver_each_once(tmp_path, dialect, databases):  # noqa: F811
    if dialect == "sqlite":
        pytest.skip("SQLite has one writer: several server processes share no database file")
    settings = {
        "workbench.data.url": databases["data"],
        "workbench.webhooks.allow_private": "true",
        "workbench.webhooks.concurrency": str(SLOTS),
        "workbench.webhooks.poll_interval": "0.1",
        "workbench.webhooks.lease": "120",
    }
    processes = []
    with receiving() as receiver:
        try:
            first, base = start(_dir(tmp_path, "first"), databases["meta"], settings)
            processes.append(first)
            api = Api(base).signup("owner@example.com")
            project = api.call("POST", "/api/v1/db/meta/projects", {"title": "P"})
            table = api.call(
                "POST",
                f"/api/v1/db/meta/projects/{project['id']}/tables",
                {"title": "T", "columns": [{"title": "Name"}]},
            )
            hook = api.call(
                "POST",
                f"/api/v2/meta/tables/{table['id']}/hooks",
                {
                    "title": "Each record",
                    "event": "after",
                    "operation": "insert",
                    "notification": {"type": "URL", "payload": {"method": "POST", "path": receiver.url}},
                },
            )
            second, _base = start(_dir(tmp_path, "second"), databases["meta"], settings)
            processes.append(second)

            receiver.hold.set()  # deliveries hang: each process fills its slots and no more
            for n in range(ROWS):
                api.call("POST", f"/api/v2/tables/{table['id']}/records", {"Name": f"r{n}"})
            receiver.wait_for(2 * SLOTS)
            assert len(receiver.calls) == 2 * SLOTS  # one process alone holds at most SLOTS
            receiver.hold.clear()

            deadline = time.monotonic() + 60
            while _delivered(api, hook["id"]) < ROWS and time.monotonic() < deadline:
                time.sleep(0.1)
            assert _delivered(api, hook["id"]) == ROWS
            keys = [c["headers"]["idempotency-key"] for c in receiver.calls]
            assert len(keys) == ROWS
            assert len(set(keys)) == ROWS
            assert {c["body"]["data"]["rows"][0]["Name"] for c in receiver.calls} == {f"r{n}" for n in range(ROWS)}
        finally:
            receiver.hold.clear()
            for proc in processes:
                stop_process(proc)
                proc.stdout.close()


def _dir(tmp_path, name):
    folder = tmp_path / name
    folder.mkdir()
    return folder

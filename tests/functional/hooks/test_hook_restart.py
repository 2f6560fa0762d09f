"""A server killed with SIGKILL while events wait (one of them mid-delivery) delivers every
one of them once it is started again: none is lost. On every dialect, with a real server
process and a real receiver."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from tests.functional.hooks.receiver import receiving
from tests.functional.live_api import Api
from workbench.testing.databases import create_database, drop_database
from workbench.testing.server import _wait_healthy, stop_process

pytestmark = pytest.mark.dialects

ROWS = 5


def start(data_dir, db_url, settings):
    config = {"data_dir": str(data_dir), "db_url": db_url, "settings": settings}
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench.testing.server", json.dumps(config)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=dict(os.environ),
    )
    line = proc.stdout.readline()
    assert line.startswith("listening "), line
    base = f"http://127.0.0.1:{int(line.split()[1])}"
    _wait_healthy(base)
    return proc, base


@pytest.fixture
def databases(dialect, tmp_path):
    urls = {}
    if dialect != "sqlite":
        urls["meta"] = create_database(dialect, tmp_path / "meta")
        urls["data"] = create_database(dialect, tmp_path / "data")
    yield urls
    for url in urls.values():
        drop_database(url)


def test_events_pending_at_a_kill_are_delivered_after_restart(tmp_path, databases):
    data_dir = tmp_path / "server"
    data_dir.mkdir()
    db_url = databases.get("meta") or f"sqlite:///{data_dir / 'meta.db'}"
    settings = {
        "workbench.webhooks.allow_private": "true",
        "workbench.webhooks.backoff": "0.2",
        "workbench.webhooks.lease": "1",
        "workbench.webhooks.poll_interval": "0.2",
        "workbench.webhooks.concurrency": "1",
    }
    if databases.get("data"):
        settings["workbench.data.url"] = databases["data"]
    with receiving() as receiver:
        receiver.hold.set()  # the first delivery hangs: the server dies in the middle of it
        proc, base = start(data_dir, db_url, settings)
        try:
            api = Api(base).signup("owner@example.com")
            project = api.call("POST", "/api/v1/db/meta/projects", {"title": "P"})
            body = {"title": "T", "columns": [{"title": "Name"}]}
            table = api.call("POST", f"/api/v1/db/meta/projects/{project['id']}/tables", body)
            hook = {
                "title": "Each record",
                "event": "after",
                "operation": "insert",
                "notification": {"type": "URL", "payload": {"method": "POST", "path": receiver.url}},
            }
            api.call("POST", f"/api/v2/meta/tables/{table['id']}/hooks", hook)
            for n in range(ROWS):
                api.call("POST", f"/api/v2/tables/{table['id']}/records", {"Name": f"r{n}"})
            receiver.wait_for(1)
            assert len(receiver.calls) == 1  # one delivery under way, the others waiting
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            proc.stdout.close()
        receiver.hold.clear()
        proc, base = start(data_dir, db_url, settings)
        try:
            names = lambda: {c["body"]["data"]["rows"][0]["Name"] for c in receiver.calls}  # noqa: E731
            receiver.wait_for(ROWS + 1)
            assert names() == {f"r{n}" for n in range(ROWS)}
            # The interrupted delivery came again with the same idempotency key.
            keys = [c["headers"]["idempotency-key"] for c in receiver.calls]
            assert keys[0] in keys[1:]
        finally:
            stop_process(proc)
            proc.stdout.close()

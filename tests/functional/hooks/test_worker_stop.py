"""Stopping the delivery worker (the server is stopping): deliveries under way are given
time to end; those still running after it are cut short and their events' claims given
back, so the next process delivers them at once, not once their leases have passed."""

from __future__ import annotations

import types

import gevent
import gevent.event
import sqlalchemy as sa

from workbench.plugin_api import Notifier, Result, hookimpl
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins
from workbench.testing.tables import create_table

gate = gevent.event.Event()
calls: list[str] = []


class Gated(Notifier):
    """Delivers once the gate opens: a receiver that takes its time."""

    name = "Gated"

    def check(self, settings):
        return settings

    def deliver(self, call):
        calls.append(call.event_id)
        gate.wait()
        return Result(True, None, "through")


gated = types.SimpleNamespace(register_notifiers=hookimpl(lambda: [Gated]))


def _app_with_an_event(tmp_path):
    gate.clear()
    calls.clear()
    app = app_with_plugins(tmp_path, ("gated", gated))
    client = Client(app)
    token = client.signup("owner@example.com")
    project = client.create_project(token)
    h = client.auth(token)
    table = create_table(client, token, project["id"], "Birds", [{"title": "Name"}])
    hook = {"title": "Slow", "operation": "insert", "notification": {"type": "Gated", "payload": {}}}
    client.post_json(f"/api/v1/db/meta/tables/{table['id']}/hooks", hook, headers=h)
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "Ada"}, headers=h)
    return app


def _outbox(worker) -> list:
    rows = []
    for store in worker.stores():
        if store.exists():
            with store.engine.connect() as connection:
                rows += connection.execute(sa.select(store.table)).all()
    return rows


def test_a_delivery_cut_short_by_the_stop_gives_its_claim_back(tmp_path):
    app = _app_with_an_event(tmp_path)
    worker = app.registry["hook_worker"]
    assert worker.run_once() == 1
    gevent.sleep(0.05)  # the delivery starts and waits at the gate
    [event] = _outbox(worker)
    assert event.claimed_by is not None
    assert calls == [event.id]

    worker.stop(timeout=0.2)
    [left] = _outbox(worker)
    assert (left.id, left.claimed_by, left.claimed_until, left.attempts) == (event.id, None, None, event.attempts)

    gate.set()  # the next process delivers it at once
    fresh = type(worker)(app.registry)
    fresh.drain()
    assert _outbox(fresh) == []
    assert calls == [event.id, event.id]


def test_the_stop_lets_a_delivery_under_way_end(tmp_path):
    app = _app_with_an_event(tmp_path)
    worker = app.registry["hook_worker"]
    worker.run_once()
    gevent.sleep(0.05)
    gevent.spawn_later(0.1, gate.set)
    worker.stop(timeout=5)
    assert _outbox(worker) == []
    assert len(calls) == 1

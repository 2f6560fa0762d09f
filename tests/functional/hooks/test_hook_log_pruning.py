"""The worker prunes the delivery log to the ini's limits: entries older than
``log_days`` go, and each hook keeps only its newest ``log_per_hook`` entries."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
import sqlalchemy as sa

from tests.functional.hooks.test_hook_events import add_hook
from workbench.hooks.models import HookLog
from workbench.hooks.settings import HookSettings
from workbench.meta.base import new_id, utcnow
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


def _log(engine, hook_id: str, ages_in_days: list[float]) -> None:
    now = utcnow()
    with engine.begin() as connection:
        connection.execute(
            sa.insert(HookLog.__table__),
            [
                {
                    "id": new_id("hl_"),
                    "hook_id": hook_id,
                    "event_id": f"ev-{i}",
                    "type": "URL",
                    "operation": "insert",
                    "attempt": 1,
                    "status": "success",
                    "duration_ms": 1,
                    "test_call": False,
                    "response": f"age {age}",
                    "created_at": now - dt.timedelta(days=age),
                }
                for i, age in enumerate(ages_in_days)
            ],
        )


def _ages(client, h, hook) -> list[str]:
    logs = client.get(f"/api/v1/db/meta/hooks/{hook['id']}/logs", {"limit": 100}, headers=h).json["list"]
    return [entry["response"] for entry in logs]


def test_the_worker_prunes_old_entries_and_keeps_the_newest_of_each_hook(client, admin, receiver):
    h = client.auth(admin)
    project = client.create_project(admin)
    table = create_table(client, admin, project["id"], "Orders", [{"title": "Name"}])
    busy = add_hook(client, h, table, receiver.url, "insert")
    quiet = add_hook(client, h, table, receiver.url, "update")
    engine = client.app.registry["db_engine"]
    _log(engine, busy["id"], [0.1, 0.2, 0.3, 0.4, 0.5, 8, 9])
    _log(engine, quiet["id"], [0.1, 10])

    worker = client.worker
    kept = worker.settings
    worker.settings = dataclasses.replace(kept, log_days=7, log_per_hook=3)
    try:
        assert worker.prune() == 5
    finally:
        worker.settings = kept
    assert _ages(client, h, busy) == ["age 0.1", "age 0.2", "age 0.3"]
    assert _ages(client, h, quiet) == ["age 0.1"]
    # within the limits, nothing goes
    worker.settings = dataclasses.replace(kept, log_days=7, log_per_hook=3)
    try:
        assert worker.prune() == 0
    finally:
        worker.settings = kept


def test_the_limits_come_from_the_ini():
    settings = HookSettings.from_settings(
        {
            "workbench.webhooks.log_days": "14",
            "workbench.webhooks.log_per_hook": "50",
            "workbench.webhooks.prune_interval": "60",
        }
    )
    assert (settings.log_days, settings.log_per_hook, settings.prune_interval) == (14, 50, 60)
    defaults = HookSettings.from_settings({})
    assert (defaults.log_days, defaults.log_per_hook) == (30, 1000)
    with pytest.raises(ValueError, match="log_per_hook"):
        HookSettings.from_settings({"workbench.webhooks.log_per_hook": "-1"})

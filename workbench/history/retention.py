"""Old entries are pruned: ``workbench.history.retention_days`` (0, the default, keeps
them all). A write prunes its project's entries older than that, at most once every
``PRUNE_EVERY`` per project and process, in the write's own transaction; ``prune`` does it
at once (the audit API's retention call, commands)."""

from __future__ import annotations

import datetime as dt
import threading
import time

import sqlalchemy as sa

from workbench.history.store import history
from workbench.meta.base import utcnow

PRUNE_EVERY = 3600  # seconds
_last: dict[str, float] = {}
_lock = threading.Lock()


def retention_days(settings) -> int:
    try:
        return max(0, int(settings.get("workbench.history.retention_days", 0) or 0))
    except (TypeError, ValueError):
        return 0


def cutoff(days: int) -> dt.datetime:
    return utcnow() - dt.timedelta(days=days)


def prune(connection: sa.Connection, project_id: str, days: int) -> int:
    """Delete the project's entries older than ``days``; how many went."""
    if days <= 0:
        return 0
    result = connection.execute(
        history.delete().where(history.c.project_id == project_id, history.c.created_at < cutoff(days))
    )
    return result.rowcount or 0


def maybe_prune(request, work, project_id: str) -> None:
    days = retention_days(request.registry.settings)
    if days <= 0:
        return
    clock = time.monotonic()
    with _lock:
        last = _last.get(project_id)
        if last is not None and clock - last < PRUNE_EVERY:
            return
        _last[project_id] = clock
    prune(work.connection, project_id, days)

"""Pruning the delivery log: entries older than ``workbench.webhooks.log_days`` days go,
and of each hook only the newest ``workbench.webhooks.log_per_hook`` entries stay (0: no
limit of that kind). The worker prunes every ``workbench.webhooks.prune_interval``
seconds."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from workbench.hooks.models import HookLog
from workbench.meta.base import utcnow

LOG = HookLog.__table__


def prune(engine, days: float, per_hook: int, now: dt.datetime | None = None) -> int:
    """Remove the entries the limits leave out; answers how many went."""
    removed = 0
    with engine.begin() as connection:
        if days > 0:
            oldest = (now or utcnow()) - dt.timedelta(days=days)
            removed += connection.execute(sa.delete(LOG).where(LOG.c.created_at < oldest)).rowcount or 0
        if per_hook > 0:
            crowded = connection.execute(
                sa.select(LOG.c.hook_id).group_by(LOG.c.hook_id).having(sa.func.count() > per_hook)
            ).scalars()
            for hook_id in list(crowded):
                removed += _keep_newest(connection, hook_id, per_hook)
    return removed


def _keep_newest(connection, hook_id: str, keep: int) -> int:
    """Remove a hook's entries after its ``keep`` newest (by time, then id)."""
    first_gone = connection.execute(
        sa.select(LOG.c.created_at, LOG.c.id)
        .where(LOG.c.hook_id == hook_id)
        .order_by(LOG.c.created_at.desc(), LOG.c.id.desc())
        .offset(keep)
        .limit(1)
    ).first()
    if first_gone is None:
        return 0
    older = sa.or_(
        LOG.c.created_at < first_gone.created_at,
        sa.and_(LOG.c.created_at == first_gone.created_at, LOG.c.id <= first_gone.id),
    )
    return connection.execute(sa.delete(LOG).where(LOG.c.hook_id == hook_id, older)).rowcount or 0

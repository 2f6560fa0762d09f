"""The delivery worker: claims due events from the outboxes and delivers them, at most
``workbench.webhooks.concurrency`` at once per process, each within its hook's timeout.

It runs under the gevent server (started when the app is created) and looks at the
outboxes every ``poll_interval`` seconds, and at once when a change with events commits in
this process. Events left by a stopped or killed server are delivered when a server starts
again (their claims expire). It also prunes the delivery log (``workbench.hooks.prune``).
Tests call ``drain()`` and ``prune()``.
"""

from __future__ import annotations

import logging
import time

import gevent
import gevent.event
import gevent.pool
import sqlalchemy as sa

from workbench.hooks.delivery import deliver
from workbench.hooks.models import Hook, MetaOutboxEvent
from workbench.hooks.outbox import Store
from workbench.hooks.outbox_table import SOURCE_OUTBOX
from workbench.hooks.prune import prune
from workbench.hooks.settings import HookSettings
from workbench.projects.models import Source
from workbench.tables.models import Table

log = logging.getLogger(__name__)


class HookWorker:
    def __init__(self, registry):
        self.registry = registry
        self.settings = HookSettings.from_settings(registry.settings)
        self.pool = gevent.pool.Pool(self.settings.concurrency)
        self._wake = gevent.event.Event()
        self._loop = None
        self._pruned_at: float | None = None
        #: the deliveries under way here: greenlet -> (its store, its claimed event)
        self._delivering: dict[gevent.Greenlet, tuple[Store, sa.Row]] = {}

    # -- where events wait ---------------------------------------------------------
    def meta_store(self) -> Store:
        return Store("meta", self.registry["db_engine"], MetaOutboxEvent.__table__)

    def source_store(self, source) -> Store:
        engines = self.registry["source_engines"]
        return Store(source.id, engines.get(source), SOURCE_OUTBOX, engines.write_lock(source.id))

    def stores(self) -> list[Store]:
        """The meta outbox and that of every owned source with a table that has hooks."""
        stores = [self.meta_store()]
        engine = self.registry["db_engine"]
        from sqlalchemy.orm import Session

        with Session(engine) as session:
            sources = session.scalars(
                sa.select(Source)
                .where(
                    Source.is_default.is_(True),
                    Source.id.in_(sa.select(Table.source_id).join(Hook, Hook.table_id == Table.id)),
                )
                .order_by(Source.id)
            ).all()
            session.expunge_all()
        for source in sources:
            try:
                stores.append(self.source_store(source))
            except Exception:
                log.warning("webhooks: the outbox of source %s cannot be read", source.id, exc_info=True)
        return stores

    # -- delivering ---------------------------------------------------------------
    def run_once(self) -> int:
        """Claim what the free delivery slots can take and start delivering it; answers
        the number of events started."""
        started = 0
        for store in self.stores():
            free = self.pool.free_count()
            if free <= 0:
                break
            try:
                rows = store.claim(free, self.settings.lease)
            except sa.exc.OperationalError as exc:
                if "no such table" in str(exc) or "doesn't exist" in str(exc) or "does not exist" in str(exc):
                    continue
                raise
            for row in rows:
                greenlet = self.pool.spawn(self._deliver, store, row)
                self._delivering[greenlet] = (store, row)
                started += 1
        return started

    def _deliver(self, store, row) -> None:
        try:
            deliver(self.registry, self.settings, store, row)
        except Exception:
            log.exception("webhooks: delivering event %s failed", row.id)
        finally:
            self._delivering.pop(gevent.getcurrent(), None)

    def drain(self, rounds: int = 1) -> None:
        """Deliver every due event now, ``rounds`` times over (tests, scripts)."""
        for _ in range(rounds):
            self.run_once()
            self.pool.join()

    def prune(self) -> int:
        """Prune the delivery log to the ini's limits (``workbench.hooks.prune``)."""
        self._pruned_at = time.monotonic()
        return prune(self.registry["db_engine"], self.settings.log_days, self.settings.log_per_hook)

    def _prune_when_due(self) -> None:
        if self._pruned_at is None or time.monotonic() - self._pruned_at >= self.settings.prune_interval:
            try:
                self.prune()
            except Exception:
                log.exception("webhooks: pruning the delivery log failed")

    def wake(self) -> None:
        self._wake.set()

    # -- the loop -----------------------------------------------------------------
    def start_loop(self) -> None:
        if self._loop is None and self.settings.deliver:
            self._loop = gevent.spawn(self._forever)

    def _forever(self) -> None:
        while True:
            self._wake.clear()
            try:
                self.run_once()
            except Exception:
                log.exception("webhooks: claiming events failed")
            self._prune_when_due()
            self._wake.wait(self.settings.poll_interval)

    def stop(self, timeout: float = 10) -> None:
        """Stop claiming events, give the deliveries under way ``timeout`` seconds to end,
        then stop those still running and give their events' claims back, so that the next
        process delivers them at once rather than once their leases have passed (an event
        cut short may reach its receiver twice, as after a crash: delivery is at least once)."""
        if self._loop is not None:
            self._loop.kill(block=False)
            self._loop = None
        self.pool.join(timeout=timeout)
        left = list(self._delivering.items())
        for greenlet, _claimed in left:
            greenlet.kill(block=True, timeout=1)
        for _greenlet, (store, row) in left:
            try:
                store.release(row.id, row.claimed_by)
            except Exception:  # left to its lease
                log.warning("webhooks: the claim of event %s could not be given back", row.id, exc_info=True)
        self._delivering.clear()

"""Import jobs in the background: one greenlet per running job in this process, resumed
when the server starts (and every ``workbench.import.resume_interval`` seconds) for the jobs
left running whose progress has not moved for ``workbench.import.stale_after`` seconds (a
stopped server's, or a dead process's), and a sweep of old uploads.

Tests run jobs at once with ``run(job_id)`` or wait for a started one with ``wait``; with
``workbench.import.autostart = false`` a started job waits for ``resume`` (or ``run``).
"""

from __future__ import annotations

import datetime as dt
import logging

import gevent
import sqlalchemy as sa

from workbench.imports import uploads
from workbench.imports.context import JobRequest
from workbench.imports.models import PREVIEW, RUNNING, ImportJob
from workbench.imports.run import run_job
from workbench.meta.base import utcnow
from workbench.settings import as_bool

log = logging.getLogger(__name__)


class ImportRunner:
    def __init__(self, registry):
        self.registry = registry
        settings = registry.settings
        self.autostart = as_bool(settings.get("workbench.import.autostart", "true"))
        self.stale_after = float(settings.get("workbench.import.stale_after", 30))
        self.max_age = float(settings.get("workbench.import.max_age", 7 * 24 * 3600))
        self.interval = float(settings.get("workbench.import.resume_interval", 30))
        self._greenlets: dict[str, gevent.Greenlet] = {}
        self._loop = None

    # -- one job -----------------------------------------------------------------
    def start(self, job_id: str) -> None:
        """Run ``job_id`` in a greenlet of its own (nothing if one already runs it)."""
        if not self.autostart:
            return
        self._spawn(job_id)

    def _spawn(self, job_id: str) -> gevent.Greenlet:
        current = self._greenlets.get(job_id)
        if current is not None and not current.dead:
            return current
        greenlet = gevent.spawn(self._guarded, job_id)
        self._greenlets[job_id] = greenlet
        return greenlet

    def _guarded(self, job_id: str) -> str | None:
        try:
            return run_job(self.registry, job_id)
        except Exception:
            log.exception("import %s stopped", job_id)
            return None
        finally:
            self._greenlets.pop(job_id, None)

    def run(self, job_id: str, max_batches: int | None = None) -> str:
        """Run ``job_id`` here and now (tests, scripts)."""
        return run_job(self.registry, job_id, max_batches=max_batches)

    def running_here(self, job_id: str) -> bool:
        greenlet = self._greenlets.get(job_id)
        return greenlet is not None and not greenlet.dead

    def wait(self, job_id: str | None = None, timeout: float = 60) -> None:
        """Wait for ``job_id``'s greenlet (or every job's) to end."""
        greenlets = [self._greenlets[job_id]] if job_id in self._greenlets else []
        if job_id is None:
            greenlets = list(self._greenlets.values())
        gevent.joinall(greenlets, timeout=timeout)

    # -- every job ------------------------------------------------------------------------
    def resume(self, stale_after: float | None = None) -> list[str]:
        """Start the running jobs that no greenlet here runs and whose progress is older
        than ``stale_after`` seconds; claims each (a newer ``updated_at``) so that another
        process resuming at the same time skips it. Answers the ids started."""
        stale_after = self.stale_after if stale_after is None else stale_after
        limit = utcnow() - dt.timedelta(seconds=stale_after)
        started = []
        with JobRequest(self.registry, None) as req:
            rows = req.dbsession.execute(
                sa.select(ImportJob.id, ImportJob.updated_at).where(
                    ImportJob.status == RUNNING, ImportJob.updated_at <= limit
                )
            ).all()
        for job_id, seen in rows:
            if self.running_here(job_id):
                continue
            with JobRequest(self.registry, None) as req:
                claimed = req.dbsession.execute(
                    sa.update(ImportJob)
                    .where(ImportJob.id == job_id, ImportJob.updated_at == seen, ImportJob.status == RUNNING)
                    .values(updated_at=utcnow())
                    .execution_options(synchronize_session=False)
                ).rowcount
            if claimed:
                self._spawn(job_id)
                started.append(job_id)
        return started

    def sweep(self) -> list[str]:
        """Remove uploads older than ``max_age`` unless their job runs; previews left that
        long are discarded (cancelled)."""
        limit = utcnow() - dt.timedelta(seconds=self.max_age)
        with JobRequest(self.registry, None) as req:
            running = set(req.dbsession.scalars(sa.select(ImportJob.id).where(ImportJob.status == RUNNING)))
            req.dbsession.execute(
                sa.update(ImportJob)
                .where(ImportJob.status == PREVIEW, ImportJob.updated_at < limit)
                .values(status="cancelled", file_path=None, updated_at=utcnow())
                .execution_options(synchronize_session=False)
            )
        return uploads.sweep(self.registry, self.max_age, running)

    def start_loop(self) -> None:
        """Resume and sweep now and then every ``interval`` seconds (after start-up)."""
        if self._loop is None and self.autostart:
            self._loop = gevent.spawn(self._forever)

    def _forever(self) -> None:
        first = True
        while True:
            try:
                # At start-up, jobs of this process's previous life are resumed at once
                # only once stale; a restart within ``stale_after`` waits that long.
                self.resume()
                if first:
                    self.sweep()
                    first = False
            except Exception:
                log.exception("imports: resume or sweep failed")
            gevent.sleep(self.interval)

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.kill(block=False)
            self._loop = None

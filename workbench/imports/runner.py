"""Import jobs in the background: one greenlet per job this process runs, each under a
claim on the job's row (``workbench.leases``: its runner's token and a lease of
``workbench.import.lease`` seconds, extended every third of it while the job runs). Every
``workbench.import.resume_interval`` seconds each process claims the running jobs whose
lease has passed (a stopped server's, or a killed process's) and runs them; a job is thus
run by one process at a time, and resumed by another within a lease and an interval of
its process's death. Old uploads are swept at start-up.

Tests run jobs at once with ``run(job_id)`` or wait for a started one with ``wait``; with
``workbench.import.autostart = false`` a started job waits for ``resume`` (or ``run``).
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid

import gevent
import sqlalchemy as sa

from workbench import leases
from workbench.imports import uploads
from workbench.imports.context import JobRequest
from workbench.imports.models import PREVIEW, RUNNING, ImportJob
from workbench.imports.run import forget_progress, run_job
from workbench.meta.base import utcnow
from workbench.settings import as_bool

log = logging.getLogger(__name__)

JOBS = ImportJob.__table__


class ImportRunner:
    def __init__(self, registry):
        self.registry = registry
        settings = registry.settings
        self.autostart = as_bool(settings.get("workbench.import.autostart", "true"))
        self.lease = float(settings.get("workbench.import.lease", 15))
        self.max_age = float(settings.get("workbench.import.max_age", 7 * 24 * 3600))
        self.interval = float(settings.get("workbench.import.resume_interval", 5))
        #: what this process's claims are marked with
        self.token = uuid.uuid4().hex
        self._greenlets: dict[str, gevent.Greenlet] = {}
        self._loop = None
        #: the server is stopping: jobs stop after their batch, none starts
        self._stopping = False

    # -- one job -----------------------------------------------------------------
    def start(self, job_id: str) -> None:
        """Claim ``job_id`` and run it in a greenlet of its own (nothing if one already runs
        it, or another process holds it)."""
        if not self.autostart or self._stopping or self.running_here(job_id):
            return
        if self._claim(JOBS.c.id == job_id):
            self._spawn(job_id)

    def _claim(self, where, limit: int = 1) -> list[str]:
        """Claim up to ``limit`` running jobs matching ``where`` whose lease has passed (or
        that this process holds already); answers the ids this process holds."""
        t = JOBS
        mine = sa.and_(where, t.c.status == RUNNING, t.c.claimed_by == self.token)
        with leases.writing(self.registry["db_engine"]) as connection:
            wanted = sa.and_(where, t.c.status == RUNNING)
            leases.claim(connection, t, wanted, (t.c.updated_at, t.c.id), limit, self.token, self._until())
            return list(connection.scalars(sa.select(t.c.id).where(mine)))

    def _until(self) -> dt.datetime:
        return leases.lease_until(self.lease)

    def _spawn(self, job_id: str) -> gevent.Greenlet:
        current = self._greenlets.get(job_id)
        if current is not None and not current.dead:
            return current
        greenlet = gevent.spawn(self._guarded, job_id)
        self._greenlets[job_id] = greenlet
        return greenlet

    def _guarded(self, job_id: str) -> str | None:
        heart = gevent.spawn(self._heartbeat, job_id)
        try:
            return self._run_claimed(job_id, None)
        except Exception:
            log.exception("import %s stopped", job_id)
            return None
        finally:
            heart.kill(block=False)
            self._greenlets.pop(job_id, None)

    def _run_claimed(self, job_id: str, max_batches: int | None) -> str:
        try:
            status = run_job(
                self.registry, job_id, max_batches=max_batches, token=self.token, stopping=lambda: self._stopping
            )
        finally:
            self._release(job_id)
        if status != RUNNING:
            forget_progress(self.registry, job_id)
        return status

    def _heartbeat(self, job_id: str) -> None:
        """Extend the job's lease every third of it while it runs here."""
        while True:
            gevent.sleep(self.lease / 3)
            try:
                with leases.writing(self.registry["db_engine"]) as connection:
                    if not leases.extend(connection, JOBS, job_id, self.token, self._until()):
                        log.warning("import %s: its lease passed to another process", job_id)
                        return
            except Exception:
                log.warning("import %s: its lease could not be extended", job_id, exc_info=True)

    def _release(self, job_id: str) -> None:
        try:
            with leases.writing(self.registry["db_engine"]) as connection:
                leases.release(connection, JOBS, job_id, self.token)
        except Exception:
            log.warning("import %s: its claim could not be released", job_id, exc_info=True)

    def run(self, job_id: str, max_batches: int | None = None) -> str:
        """Claim ``job_id`` and run it here and now (tests, scripts); ``running`` when
        another process holds it. The claim is released when it returns."""
        if not self._claim(JOBS.c.id == job_id):
            with JobRequest(self.registry, None) as req:
                job = req.dbsession.get(ImportJob, job_id)
                return job.status if job is not None else "cancelled"
        return self._run_claimed(job_id, max_batches)

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
    def resume(self, limit: int = 8) -> list[str]:
        """Claim up to ``limit`` running jobs whose lease has passed and start them here;
        answers the ids started."""
        started = []
        for job_id in self._claim(sa.true(), limit):
            if not self.running_here(job_id):
                self._spawn(job_id)
                started.append(job_id)
        return started

    def sweep(self) -> list[str]:
        """Remove uploads older than ``max_age`` unless their job runs; previews left that
        long are discarded (cancelled)."""
        limit = utcnow() - dt.timedelta(seconds=self.max_age)
        with JobRequest(self.registry, None, writing=True) as req:
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
                # At start-up, jobs of this process's previous life are resumed once their
                # lease has passed.
                self.resume()
                if first:
                    self.sweep()
                    first = False
            except Exception:
                log.exception("imports: resume or sweep failed")
            gevent.sleep(self.interval)

    def stop(self, timeout: float = 10) -> None:
        """Stop resuming jobs, and stop the jobs running here after their current batch:
        each gives its claim back, still running, for a process to resume it from there.
        One still busy after ``timeout`` seconds is left to its lease."""
        self._stopping = True
        if self._loop is not None:
            self._loop.kill(block=False)
            self._loop = None
        running = [g for g in self._greenlets.values() if not g.dead]
        if running:
            gevent.joinall(running, timeout=timeout)

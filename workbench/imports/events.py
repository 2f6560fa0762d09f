"""Realtime progress: ``{"event": "import", "data": {Import without preview/template}}``
on the realtime bus to the project's connections, at most once a second while a job
runs and once when it ends. Published after the batch's commit (each batch commits before
it is announced), never failing the job."""

from __future__ import annotations

import logging
import time

from workbench.imports.context import JobRequest
from workbench.imports.models import ImportJob
from workbench.imports.serialize import import_json

log = logging.getLogger(__name__)

INTERVAL = 1.0


def publish(registry, job: ImportJob) -> None:
    bus = registry.get("realtime_bus")
    if bus is None:
        return
    try:
        if bus.may_deliver():
            bus.publish({"event": "import", "data": import_json(job, with_preview=False)})
    except Exception:  # an import never fails for its notification
        log.warning("realtime: import %s not announced", job.id, exc_info=True)


class Throttle:
    """Announces a job's progress at most every ``INTERVAL`` seconds, and its end."""

    def __init__(self, registry):
        self.registry = registry
        self.last = 0.0

    def _announce(self, job_id: str) -> str | None:
        with JobRequest(self.registry, None) as req:
            job = req.dbsession.get(ImportJob, job_id)
            if job is None:
                return None
            publish(self.registry, job)
            return job.status

    def progress(self, job_id: str) -> None:
        now = time.monotonic()
        if now - self.last >= INTERVAL:
            self.last = now
            self._announce(job_id)

    def final(self, job_id: str) -> str | None:
        return self._announce(job_id)

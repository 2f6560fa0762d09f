"""What the services a job calls expect of a request, for work done outside one: the
registry, a transaction manager of its own, a meta session joined to it, and the user the
job acts for (realtime names them as ``by``)."""

from __future__ import annotations

import types

import transaction

from workbench.db import SQLITE_IMMEDIATE, get_tm_session


class JobRequest:
    """One unit of work of a background job (``with JobRequest(...) as req:`` commits at the
    end of the block, or aborts when it raises).

    ``writing=True``: a unit that reads and then writes the meta database. On SQLite it
    begins with the write lock taken (waited for), so that no writer can commit between
    its reads and its writes: SQLite refuses at once, without waiting, a write from a
    transaction whose reads another writer has overtaken, and a background job has no
    retry to fall back on (a request does)."""

    context = None
    #: a job's data statements have no time budget (see ``workbench.data.budget``)
    unbounded_statements = True
    #: record history: what made the changes, and the job they belong to
    history_via = "import"
    import_job_id: str | None = None
    matchdict: dict = {}  # noqa: RUF012 - never written
    params: dict = {}  # noqa: RUF012 - never written

    def __init__(self, registry, user_id: str | None, job_id: str | None = None, writing: bool = False):
        self.registry = registry
        self.writing = writing
        self.import_job_id = job_id
        self.tm = transaction.TransactionManager(explicit=True)
        self.dbsession = get_tm_session(registry["dbsession_factory"], self.tm, request=self)
        self.identity = types.SimpleNamespace(user_id=user_id)
        self.user_id = user_id

    def __enter__(self) -> JobRequest:
        self.tm.begin()
        if self.writing:
            try:
                self.dbsession.connection(execution_options={SQLITE_IMMEDIATE: True})
            except BaseException:
                self.tm.abort()
                self.dbsession.close()
                raise
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                self.tm.commit()
            else:
                self.tm.abort()
        finally:
            self.dbsession.close()

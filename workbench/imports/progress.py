"""Where a job stands, kept in the database its rows go to, and moved on in the same
transaction as the rows of each batch: a batch is either in the table with the progress
that counts it, or in neither. So a job resumed after its process died (even between the
data commit and the meta commit) starts exactly after the last batch stored.

The progress row is also a fence: a batch moves it on only from the position it started
at (a conditional UPDATE, which waits for a concurrent holder's commit on PostgreSQL and
MariaDB and is serialised by SQLite's single writer). A process that lost its job to
another (its lease passed while it was paused) finds the row moved, and its batch is
rolled back instead of inserting the same rows twice.

Only the databases Workbench owns (a project's default source) get the table; a job into
an external database keeps its progress in the meta database alone.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa

from workbench import leases

log = logging.getLogger(__name__)

PROGRESS = sa.Table(
    "wb_import_progress",
    sa.MetaData(),
    sa.Column("job_id", sa.String(32), primary_key=True),
    sa.Column("sheet", sa.String(255), primary_key=True),
    sa.Column("rows_read", sa.Integer, nullable=False),
    sa.Column("rows_done", sa.Integer, nullable=False),
)


class Lost(Exception):
    """Another process runs the job now; this one stops without undoing anything."""


def fenced(source) -> bool:
    return bool(getattr(source, "is_default", False))


def stored(engines, source, job_id: str, sheet: str, rows_read: int, rows_done: int) -> tuple[int, int]:
    """The job's position in ``sheet`` as ``source``'s database holds it (created there
    from the meta database's ``rows_read``/``rows_done`` when absent)."""
    engine, lock = engines.get(source), engines.write_lock(source.id)
    with leases.writing(engine, lock) as connection:
        PROGRESS.create(connection, checkfirst=True)
    t = PROGRESS
    with leases.writing(engine, lock) as connection:
        row = connection.execute(
            sa.select(t.c.rows_read, t.c.rows_done).where(t.c.job_id == job_id, t.c.sheet == sheet)
        ).first()
        if row is not None:
            return row.rows_read, row.rows_done
        connection.execute(t.insert().values(job_id=job_id, sheet=sheet, rows_read=rows_read, rows_done=rows_done))
    return rows_read, rows_done


def advance(connection: sa.Connection, job_id: str, sheet: str, start: int, read: int, added: int) -> None:
    """Move the position from ``start`` to ``read`` (``added`` more rows stored) on the
    batch's own data connection; ``Lost`` when it no longer stands at ``start``."""
    t = PROGRESS
    moved = connection.execute(
        sa.update(t)
        .where(t.c.job_id == job_id, t.c.sheet == sheet, t.c.rows_read == start)
        .values(rows_read=read, rows_done=t.c.rows_done + added)
    ).rowcount
    if not moved:
        raise Lost(job_id)


def forget(engines, sources, job_id: str) -> None:
    """Remove the job's progress rows from ``sources``' databases (once it has ended)."""
    for source in sources:
        if not fenced(source):
            continue
        try:
            with leases.writing(engines.get(source), engines.write_lock(source.id)) as connection:
                if sa.inspect(connection).has_table(PROGRESS.name):
                    connection.execute(sa.delete(PROGRESS).where(PROGRESS.c.job_id == job_id))
        except Exception:
            log.warning("import %s: its progress rows could not be removed", job_id, exc_info=True)

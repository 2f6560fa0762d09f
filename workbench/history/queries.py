"""Reading entries: a record's history, and the project's log filtered and paged.

The entries of a project are in its default source (see ``workbench.history.store``); the
reads run on the request's data connection to it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa

from workbench.data.unit import data_transaction
from workbench.history.store import history


@dataclass
class Filters:
    table_id: str | None = None
    row_id: str | None = None
    user: str | None = None  # an address, or part of one
    ops: tuple[str, ...] = ()
    via: str | None = None
    since: dt.datetime | None = None
    until: dt.datetime | None = None

    def clauses(self, project_id: str) -> list:
        found = [history.c.project_id == project_id]
        if self.table_id:
            found.append(history.c.table_id == self.table_id)
        if self.row_id is not None:
            found.append(history.c.row_id == self.row_id)
        if self.user:
            pattern = "%" + self.user.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            found.append(sa.func.lower(history.c.user_email).like(pattern, escape="\\"))
        if self.ops:
            found.append(history.c.op.in_(self.ops))
        if self.via:
            found.append(history.c.via == self.via)
        if self.since is not None:
            found.append(history.c.created_at >= self.since)
        if self.until is not None:
            found.append(history.c.created_at < self.until)
        return found


def page(request, source, project_id: str, filters: Filters, limit: int, offset: int) -> tuple[list, int]:
    """``(rows, total)``: the newest first (entries are numbered in the order written)."""
    connection = data_transaction(request, source).connection
    where = filters.clauses(project_id)
    rows = connection.execute(
        sa.select(history).where(*where).order_by(history.c.id.desc()).limit(limit).offset(offset)
    ).all()
    if offset == 0 and len(rows) < limit:
        total = len(rows)
    else:
        total = connection.execute(sa.select(sa.func.count()).select_from(history).where(*where)).scalar()
    return rows, total


def one(request, source, project_id: str, entry_id: int):
    connection = data_transaction(request, source).connection
    return connection.execute(
        sa.select(history).where(history.c.project_id == project_id, history.c.id == entry_id)
    ).first()


def back_since(request, source, project_id: str, deletes) -> set[int]:
    """The ids of the delete entries whose record was restored or made again after them."""
    connection = data_transaction(request, source).connection
    first = min(r.id for r in deletes)
    later = connection.execute(
        sa.select(history.c.table_id, history.c.row_id, sa.func.max(history.c.id))
        .where(
            history.c.project_id == project_id,
            history.c.id > first,
            history.c.op.in_(("restore", "insert")),
            history.c.row_id.in_(list({r.row_id for r in deletes})),
        )
        .group_by(history.c.table_id, history.c.row_id)
    ).all()
    newest = {(table_id, row_id): last for table_id, row_id, last in later}
    return {r.id for r in deletes if newest.get((r.table_id, r.row_id), 0) > r.id}

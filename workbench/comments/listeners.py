"""The comments of a deleted record go with it, in the same transaction: a later record
that takes the same id starts without them. Registered as the built-in plugin
``comments`` (setup.cfg); only the deleted rows' keys are read."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.comments.models import Comment
from workbench.hookspecs import hookimpl, row_actions
from workbench.realtime.listeners import _pk_titles
from workbench.realtime.messages import PK_SEPARATOR

#: ids deleted per statement
CHUNK = 500


@hookimpl
@row_actions("delete", keys_only=True)
def on_rows_changed(request, table, action, changes):
    if request is None or not getattr(table, "id", None):
        return
    titles = _pk_titles(request, table)
    if not titles:
        return
    ids = []
    for before, _after in changes:
        values = [(before or {}).get(title) for title in titles]
        if any(v is None for v in values):
            continue
        ids.append(str(values[0]) if len(values) == 1 else PK_SEPARATOR.join(str(v) for v in values))
    for start in range(0, len(ids), CHUNK):
        request.dbsession.execute(
            sa.delete(Comment).where(Comment.table_id == table.id, Comment.row_id.in_(ids[start : start + CHUNK]))
        )

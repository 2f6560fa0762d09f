"""The manual trigger of a hook (NocoDB's Button field with a webhook action): the record
is read and the hook's event written to the meta outbox in the request's transaction."""

from __future__ import annotations

from workbench.data.query import parse_row_id, read_row
from workbench.data.unit import data_transaction
from workbench.hooks import values
from workbench.hooks.active import table_info
from workbench.hooks.models import MetaOutboxEvent
from workbench.hooks.payload import build, encode, new_event_id
from workbench.meta.base import utcnow
from workbench.records.loading import load_table_ref_by_id, model_for


def trigger(request, hook, row_id: str) -> dict | None:
    ref = load_table_ref_by_id(request, hook.table_id)
    work = data_transaction(request, ref.source)
    model = model_for(request, ref, work.dialect)
    row = read_row(work.connection, model, parse_row_id(model, row_id))
    if row is None:
        return None
    event_id = new_event_id()
    event = build(hook, table_info(request, ref.id, ref.title), [], [row], event_id, values.linked(request, ref.id))
    now = utcnow()
    request.dbsession.add(
        MetaOutboxEvent(
            id=event_id,
            hook_id=hook.id,
            payload=encode(values.with_base(event, request)),
            attempts=0,
            next_at=now,
            created_at=now,
        )
    )
    request.dbsession.flush()
    worker = request.registry.get("hook_worker")
    if worker is not None:
        request.tm.get().addAfterCommitHook(lambda committed: committed and worker.wake())
    return row

"""The webhook listener: turns row changes into events in an outbox, for the worker
(``workbench.hooks.worker``) to deliver.

Registered as the built-in plugin ``webhooks`` (setup.cfg). It wants a write's rows only
while the table has active hooks, so tables without hooks pay one meta query per request.

Where Workbench owns the data (a project's default source), the events are written on
the write's own data connection, so they commit or roll back with the change. For tables
of another source, they are written to the meta database's outbox right after the change
commits (an event is lost only if the server dies between the two commits).

A write through a bulk path (a list body, the v1 bulk routes) fires the ``bulk…`` hooks;
a write of one record the others.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa

from workbench.hooks import conditions, values
from workbench.hooks.active import active_hooks, source_is_owned, table_info
from workbench.hooks.models import MetaOutboxEvent
from workbench.hooks.outbox_table import SOURCE_OUTBOX
from workbench.hooks.payload import build, encode, new_event_id
from workbench.hookspecs import hookimpl, row_actions
from workbench.meta.base import utcnow

log = logging.getLogger(__name__)

_BULK = {"insert": "bulkInsert", "update": "bulkUpdate", "delete": "bulkDelete"}


def _has_hooks(request, table, action) -> bool:
    if request is None or not getattr(table, "source", None):
        return False
    return bool(active_hooks(request, table))


def is_bulk(request, count: int) -> bool:
    route = getattr(getattr(request, "matched_route", None), "name", "") or ""
    if route.startswith("v1.bulk"):
        return True
    try:
        body = request.json_payload
    except Exception:
        body = None
    return isinstance(body, list) or count > 1


def events_for(request, table, action: str, changes) -> list[dict]:
    hooks = active_hooks(request, table)
    operation = _BULK[action] if is_bulk(request, len(changes)) else action
    wanted = [h for h in hooks if h.operation == operation]
    if not wanted:
        return []
    info = table_info(request, table.id, table.title)
    write = values.linked(request, table.id)
    now = utcnow()
    events = []
    for hook in wanted:
        fired = [(b, a) for b, a in changes if conditions.fires(hook.condition, operation, b, a)]
        if not fired:
            continue
        event_id = new_event_id()
        payload = build(
            hook,
            info,
            [b for b, _a in fired if b is not None],
            [a for _b, a in fired if a is not None],
            event_id,
            write,
        )
        events.append(
            {
                "id": event_id,
                "hook_id": hook.id,
                "payload": encode(values.with_base(payload, request)),
                "attempts": 0,
                "next_at": now,
                "created_at": now,
            }
        )
    return events


def _wake(request):
    worker = request.registry.get("hook_worker")
    if worker is not None:
        request.tm.get().addAfterCommitHook(lambda committed: committed and worker.wake())


@hookimpl
@row_actions("insert", "update", "delete", when=_has_hooks)
def on_rows_changed(request, table, action, changes):
    if request is None:
        return
    events = events_for(request, table, action, changes)
    if not events:
        return
    source_id = table.source.id
    work = request.__dict__.get("_data_transactions", {}).get(source_id)
    if source_is_owned(request, source_id) and work is not None:
        work.connection.execute(SOURCE_OUTBOX.insert(), events)
    else:
        engine = request.registry["db_engine"]

        def write(committed: bool) -> None:
            if not committed:
                return
            try:
                with engine.begin() as connection:
                    connection.execute(sa.insert(MetaOutboxEvent.__table__), events)
            except Exception:
                log.exception("webhooks: %d events of table %s not written", len(events), table.id)

        request.tm.get().addAfterCommitHook(write)
    _wake(request)

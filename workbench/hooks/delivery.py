"""One delivery attempt of an event: the hook's notifier called with the event, the
attempt written to the delivery log, and the event finished or planned again.

Retries back off exponentially: after the n-th failed attempt the next waits
``backoff * 2**(n-1)`` seconds (5 s by default: attempts at 0, 5, 15 and 35 s, so the
fourth is within a minute of the first), at most ``max_backoff``; after ``max_attempts``
the event is given up (its last log entry says ``failed``).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import time

import sqlalchemy as sa

from workbench.hooks import http, values
from workbench.hooks.hosts import HostNotAllowed
from workbench.hooks.models import Hook, HookLog
from workbench.hooks.notifiers import IDEMPOTENCY_HEADER, Call, Result
from workbench.mail.services import mailer
from workbench.meta.base import new_id, utcnow

log = logging.getLogger(__name__)

#: characters of an error kept in the log
ERROR_EXCERPT = 1000


def backoff(settings, attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failed attempt."""
    return min(settings.max_backoff, settings.backoff * 2 ** max(attempts - 1, 0))


def hook_dict(hook: Hook) -> dict:
    return {
        "id": hook.id,
        "title": hook.title,
        "event": hook.event,
        "operation": hook.operation,
        "notification": hook.notification,
    }


def attempt(registry, settings, hook: Hook, event: dict, event_id: str, number: int) -> tuple[Result, int]:
    """Call ``hook``'s notifier once; answers the result and the milliseconds it took.
    Never raises: a failure is a result that is not ``ok``."""
    notification = hook.notification or {}
    notifiers = registry["notifiers"]
    kind = notification.get("type") or ""
    timeout = float(min(hook.timeout or settings.timeout, settings.max_timeout))
    started = time.monotonic()

    def send(method, url, *, headers=None, body=None):
        headers = {**(headers or {}), IDEMPOTENCY_HEADER: event_id, "X-Workbench-Attempt": str(number)}
        return http.call(method, url, headers=headers, body=body, timeout=timeout, allow_private=settings.allow_private)

    def mail(message):
        mailer(registry).send(message)

    try:
        if kind not in notifiers:
            result = Result(False, None, f"No notifier {kind!r} is enabled")
        else:
            notifier = notifiers.get(kind)()
            call = Call(
                event=event,
                settings=notification.get("payload") or {},
                hook=hook_dict(hook),
                event_id=event_id,
                timeout=timeout,
                http=send,
                mail=mail,
            )
            result = notifier.deliver(call)
    except HostNotAllowed as exc:
        result = Result(False, None, str(exc))
    except Exception as exc:  # the receiver, the network or the notifier failed
        result = Result(False, None, f"{type(exc).__name__}: {exc}"[:ERROR_EXCERPT])
    return result, int((time.monotonic() - started) * 1000)


def write_log(engine, hook: Hook, event_id: str, number: int, result: Result, ms: int, status: str, test=False):
    row = {
        "id": new_id("hl_"),
        "hook_id": hook.id,
        "event_id": event_id,
        "type": (hook.notification or {}).get("type") or "",
        "operation": hook.operation,
        "attempt": number,
        "status": status,
        "response_status": result.status,
        "response": (result.response or "")[: http.EXCERPT] if result.ok else None,
        "error": None if result.ok else (result.response or "failed")[:ERROR_EXCERPT],
        "duration_ms": ms,
        "test_call": test,
        "created_at": utcnow(),
    }
    with engine.begin() as connection:
        connection.execute(sa.insert(HookLog.__table__), row)
    return row


def deliver(registry, settings, store, row) -> str:
    """Deliver one claimed outbox ``row``; answers ``success``, ``retrying``, ``failed`` or
    ``dropped`` (its hook was deleted or switched off)."""
    engine = registry["db_engine"]
    with engine.connect() as connection:
        found = connection.execute(sa.select(Hook.__table__).where(Hook.__table__.c.id == row.hook_id)).first()
    if found is None or not found.active:
        store.finish(row.id)
        return "dropped"
    hook = Hook(**{c: getattr(found, c) for c in found._fields})
    event = json.loads(row.payload)
    try:
        event = values.written(registry, event)
    except Exception:  # the values go as they were written rather than not at all
        log.exception("webhooks: the values of event %s could not be written", row.id)
    number = (row.attempts or 0) + 1
    result, ms = attempt(registry, settings, hook, event, row.id, number)
    if result.ok:
        status = "success"
    elif number >= settings.max_attempts:
        status = "failed"
    else:
        status = "retrying"
    try:
        write_log(engine, hook, row.id, number, result, ms, status)
    except Exception:
        log.exception("webhooks: the log of event %s not written", row.id)
    if status == "retrying":
        store.retry(row.id, number, utcnow() + dt.timedelta(seconds=backoff(settings, number)))
    else:
        store.finish(row.id)
    return status

"""A sheet's rows read in batches, the next batch read ahead by a greenlet of its own while
the current one is inserted: it reads while the insert waits on its database (a COPY into
PostgreSQL waits for the server to take its data), in parts of ``PART`` rows, between which
the insert goes on as soon as its database has answered; and, once read, what of its
insert can be done ahead (its values converted), in steps, the same way."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import gevent

from workbench.imports.limits import CpuBudget

#: rows read at a time before the inserting greenlet may go on
PART = 1000
# Between two parts the reading greenlet waits for the event loop to be idle
# (``gevent.idle``), not merely for its turn (``gevent.sleep(0)``): the loop runs the
# callbacks queued meanwhile, the reading's next part among them, for a while before it
# looks at the sockets again, so the insert would not go on as soon as its database has
# answered.


class Batch(list):
    """A batch's rows, and ``ahead``: what ``prepare`` made of them while they were read
    ahead (None when it was not run, or failed)."""

    __slots__ = ("ahead",)

    def __init__(self, rows: list, ahead=None):
        super().__init__(rows)
        self.ahead = ahead


def batches(rows: Iterator[list], size: int, budget: CpuBudget, ahead: bool = True, prepare=None) -> Iterator[Batch]:
    """``Batch``es of up to ``size`` of ``rows``, in order, none empty. An error reading them
    is raised where the batch it ends would have been given; the read ahead stops when this
    is closed. Not ``ahead``: each batch read when asked for (an insert that never waits
    on its database without holding the thread, as SQLite's, leaves no time to read in).

    ``prepare(rows, pause)``, when given, is run on each batch read ahead, once read: the
    work of inserting it that can be done before its turn, in steps between which it calls
    ``pause()`` (the insert waiting on its database goes on as soon as it is answered); an
    error there leaves the batch's ``ahead`` None, for the insert to do that work itself."""
    if not ahead:
        while chunk := list(itertools.islice(rows, size)):
            yield Batch(chunk)
        return
    pending = gevent.spawn(_take, rows, size, budget, prepare)
    try:
        while True:
            chunk, error = pending.get()
            if error is not None:
                raise error
            if not chunk:
                return
            pending = gevent.spawn(_take, rows, size, budget, prepare)
            yield chunk
    finally:
        pending.kill()


def _prepared(prepare, chunk: list, budget: CpuBudget):
    """``prepare(chunk, pause)``, its time counted in the job's CPU time step by step (not
    the other greenlets' turns in between); None when it fails."""
    since = time.thread_time()

    def pause() -> None:
        nonlocal since
        budget.charge(time.thread_time() - since)
        gevent.idle()
        since = time.thread_time()

    try:
        found = prepare(chunk, pause)
    except Exception:  # done again by the insert, where its error belongs
        found = None
    budget.charge(time.thread_time() - since)
    return found


def _take(rows: Iterator[list], size: int, budget: CpuBudget, prepare=None) -> tuple[Batch, Exception | None]:
    chunk = Batch([])
    try:
        while len(chunk) < size:
            wanted = min(PART, size - len(chunk))
            since = time.thread_time()
            part = list(itertools.islice(rows, wanted))
            budget.charge(time.thread_time() - since)
            chunk += part
            if len(part) < wanted:
                break
            gevent.idle()
    except Exception as exc:  # given to the reader of the batches, not left to the hub
        return chunk, exc
    if prepare is not None and chunk:
        gevent.idle()
        chunk.ahead = _prepared(prepare, chunk, budget)
    return chunk, None

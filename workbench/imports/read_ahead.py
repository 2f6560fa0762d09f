"""A sheet's rows read in batches, the next batch read ahead by a greenlet of its own while
the current one is inserted: it reads while the insert waits on its database (a COPY into
PostgreSQL waits for the server to take its data), in parts of ``PART`` rows, between which
the insert goes on as soon as its database has answered."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import gevent

from workbench.imports.limits import CpuBudget

#: rows read at a time before the inserting greenlet may go on
PART = 1000


def batches(rows: Iterator[list], size: int, budget: CpuBudget, ahead: bool = True) -> Iterator[list[list]]:
    """Lists of up to ``size`` of ``rows``, in order, none empty. An error reading them is
    raised where the batch it ends would have been given; the read ahead stops when this
    is closed. Not ``ahead``: each batch read when asked for (an insert that never waits
    on its database without holding the thread, as SQLite's, leaves no time to read in)."""
    if not ahead:
        while chunk := list(itertools.islice(rows, size)):
            yield chunk
        return
    pending = gevent.spawn(_take, rows, size, budget)
    try:
        while True:
            chunk, error = pending.get()
            if error is not None:
                raise error
            if not chunk:
                return
            pending = gevent.spawn(_take, rows, size, budget)
            yield chunk
    finally:
        pending.kill()


def _take(rows: Iterator[list], size: int, budget: CpuBudget) -> tuple[list, Exception | None]:
    chunk: list = []
    try:
        while len(chunk) < size:
            wanted = min(PART, size - len(chunk))
            since = time.thread_time()
            part = list(itertools.islice(rows, wanted))
            budget.charge(time.thread_time() - since)
            chunk += part
            if len(part) < wanted:
                break
            gevent.sleep(0)
    except Exception as exc:  # given to the reader of the batches, not left to the hub
        return chunk, exc
    return chunk, None

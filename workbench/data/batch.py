"""Prepared rows of an insert held as columns: one list of stored values per field, and
the values that are the same for every row (system timestamps, defaults) once.

A batch whose rows name the same fields is coerced field by field and bound to the
database column by column, with no dictionary per row; iterating a batch still gives each
row as a dictionary ``{field id: stored value}`` for whatever reads rows one by one."""

from __future__ import annotations

import contextlib
import gc
import itertools
from collections.abc import Iterable, Iterator

#: rows from which a batch's work pauses the cyclic garbage collector
PAUSE_GC_FROM = 100
#: new objects the collector follows (net of those gone) from which the work between two
#: batches collects the young generations (``batches_collected``)
YOUNG_FROM = 100_000
#: collections of the young generations after which such work collects every generation
FULL_EVERY = 20


@contextlib.contextmanager
def paused_gc(rows: int):
    """The collector paused while a batch of ``rows`` builds its values (thousands of
    tuples and lists, none in a cycle): without it, it runs every few hundred of them and
    walks every object the batch holds each time; once the batch is built, the next
    collection looks at them once."""
    if rows < PAUSE_GC_FROM or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@contextlib.contextmanager
def batches_collected():
    """The collector paused for a piece of work done in batches, answering ``collect()``
    for the work to call between two batches: it collects the young generations once
    ``YOUNG_FROM`` new objects are alive since the last time (the cycles left behind by
    the work around each batch, and by whatever ran meanwhile). A batch's rows (none in a
    cycle) are thus walked by no collection while they are built or inserted, nor, while
    the next batch is read ahead, by a collection after each batch; every generation is
    collected after ``FULL_EVERY`` such collections (the cycles that grew old before they
    were let go)."""
    if not gc.isenabled():
        yield lambda: None
        return
    young = 0

    def collect() -> None:
        nonlocal young
        if gc.get_count()[0] >= YOUNG_FROM:
            young += 1
            gc.collect(2 if young % FULL_EVERY == 0 else 1)

    with paused_gc(PAUSE_GC_FROM):
        yield collect


@contextlib.contextmanager
def frozen_heap():
    """The objects alive when a long piece of work starts (the application's modules,
    caches, ...) left out of the collector while it runs: what its batches leave behind
    sets off full collections, each of which would otherwise walk every one of them. They
    are handed back to the collector when it ends (nested or overlapping uses too: the
    first to end hands back all)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


class ColumnBatch:
    """``count`` prepared rows: ``columns`` (field id -> list of ``count`` values) and
    ``constants`` (field id -> the value of every row; a field is in one or the other)."""

    __slots__ = ("columns", "constants", "count")

    def __init__(self, count: int, columns: dict[str, list], constants: dict[str, object]):
        self.count = count
        self.columns = columns
        self.constants = constants

    def keys(self) -> set[str]:
        return {*self.columns, *self.constants}

    def column(self, key: str) -> Iterable:
        """The ``count`` values of ``key`` (None for a field no row names)."""
        found = self.columns.get(key)
        if found is not None:
            return found
        return itertools.repeat(self.constants.get(key), self.count)

    def constant(self, key: str) -> tuple[bool, object]:
        """``(True, value)`` when every row has the same ``value`` for ``key``."""
        if key in self.columns:
            return False, None
        return True, self.constants.get(key)

    def __len__(self) -> int:
        return self.count

    def __bool__(self) -> bool:
        return self.count > 0

    def __iter__(self) -> Iterator[dict]:
        if not self.columns:
            return (dict(self.constants) for _ in range(self.count))
        keys = [*self.columns, *self.constants]
        repeated = [itertools.repeat(v, self.count) for v in self.constants.values()]
        return (dict(zip(keys, row, strict=True)) for row in zip(*self.columns.values(), *repeated, strict=True))

    def __getitem__(self, index: int) -> dict:
        if not -self.count <= index < self.count:
            raise IndexError(index)
        index %= self.count
        return {**self.constants, **{k: values[index] for k, values in self.columns.items()}}
